// Brute-force shanten for the tests (never part of the library).
//
// By definition: the fewest tiles to draw so that the hand holds a complete
// shape, minus one. For the standard form every complete target is tried: per
// suit, every multiset of m sets (m <= 4, from the 16 set shapes) plus an
// optional pair, with at most 4 copies of a tile; the cost of a target is the
// number of its tiles the hand lacks. Suits are independent (no set crosses a
// suit), so the hand's cost is the best split of the 4 - melds sets and the pair
// over man, pin, sou and honours. Seven pairs and thirteen orphans are counted
// from their definitions directly.
//
// Three-player Riichi plays with 108 tiles: 2m-8m do not exist, so a target may
// use only 1m and 9m of the manzu (triplets and the pair; no sequence can form).
//
// Input lines: 34 counts separated by spaces, then the number of melds, then
// optionally the number of players (3 or 4; 4 when absent).
// Output lines: "standard seven_pairs thirteen_orphans" (99 = not applicable).
#include <algorithm>
#include <array>
#include <cstdio>
#include <functional>
#include <iostream>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

namespace {

using Suit = std::array<int, 9>;
struct Target {
  Suit need;
  int sets;
  bool pair;
};

// The kinds of a group that exist: honours 7, a suit 9, three-player manzu 1 and 9.
enum class Group { Suit, Honours, SanmaMan };

bool exists(Group g, int i) {
  if (g == Group::Honours) return i < 7;
  if (g == Group::SanmaMan) return i == 0 || i == 8;
  return true;
}

std::vector<Target> all_targets(Group group) {
  // Set shapes of one group: a triplet of every kind that exists, and a sequence of
  // three consecutive kinds that all exist (so none for honours or three-player manzu).
  std::vector<Suit> shapes;
  for (int i = 0; i < 9; ++i) {
    if (!exists(group, i)) continue;
    Suit s{};
    s[i] = 3;
    shapes.push_back(s);
  }
  for (int i = 0; i < 7; ++i)
    if (exists(group, i) && exists(group, i + 1) && exists(group, i + 2) && group != Group::Honours) {
      Suit s{};
      s[i] = s[i + 1] = s[i + 2] = 1;
      shapes.push_back(s);
    }
  std::vector<Target> out;
  // multisets of up to 4 shapes, by non-decreasing index
  std::vector<int> pick;
  auto emit = [&](const Suit& base, int sets) {
    out.push_back({base, sets, false});
    for (int p = 0; p < 9; ++p) {
      if (!exists(group, p)) continue;
      Suit t = base;
      t[p] += 2;
      if (t[p] <= 4) out.push_back({t, sets, true});
    }
  };
  std::function<void(int, int, Suit)> rec = [&](int from, int sets, Suit cur) {
    emit(cur, sets);
    if (sets == 4) return;
    for (std::size_t k = from; k < shapes.size(); ++k) {
      Suit next = cur;
      bool ok = true;
      for (int i = 0; i < 9; ++i) {
        next[i] += shapes[k][i];
        ok = ok && next[i] <= 4;
      }
      if (ok) rec(static_cast<int>(k), sets + 1, next);
    }
  };
  rec(0, 0, Suit{});
  return out;
}

using Cost = std::array<std::array<int, 2>, 5>;  // [sets][pair]

Cost group_cost(const Suit& hand, const std::vector<Target>& targets) {
  Cost c;
  for (auto& row : c) row = {99, 99};
  for (const Target& t : targets) {
    int missing = 0;
    for (int i = 0; i < 9; ++i) missing += std::max(0, t.need[i] - hand[i]);
    int& slot = c[t.sets][t.pair];
    slot = std::min(slot, missing);
  }
  return c;
}

}  // namespace


int main() {
  const std::vector<Target> targets[3] = {all_targets(Group::Suit), all_targets(Group::Honours),
                                          all_targets(Group::SanmaMan)};
  std::unordered_map<long long, Cost> memo[3];
  auto cost_of = [&](const Suit& s, Group group) {
    long long key = 0;
    for (int v : s) key = key * 5 + v;
    auto& m = memo[static_cast<int>(group)];
    auto it = m.find(key);
    if (it != m.end()) return it->second;
    Cost c = group_cost(s, targets[static_cast<int>(group)]);
    m.emplace(key, c);
    return c;
  };
  std::string line;
  while (std::getline(std::cin, line)) {
    std::istringstream in(line);
    std::array<int, 34> h{};
    for (int& v : h) in >> v;
    int melds = 0, players = 4;
    in >> melds;
    if (!(in >> players)) players = 4;
    const bool sanma = players == 3;
    const int sets = 4 - melds;
    Cost g[4];
    for (int s = 0; s < 4; ++s) {
      Suit suit{};
      for (int i = 0; i < (s == 3 ? 7 : 9); ++i) suit[i] = h[s * 9 + i];
      g[s] = cost_of(suit, s == 3 ? Group::Honours : s == 0 && sanma ? Group::SanmaMan : Group::Suit);
    }
    int best = 99;
    for (int a = 0; a <= sets; ++a)
      for (int b = 0; a + b <= sets; ++b)
        for (int c = 0; a + b + c <= sets; ++c) {
          const int d = sets - a - b - c;
          const int split[4] = {a, b, c, d};
          for (int pair_in = 0; pair_in < 4; ++pair_in) {
            int total = 0;
            for (int s = 0; s < 4; ++s) total += g[s][split[s]][s == pair_in];
            best = std::min(best, total);
          }
        }
    int seven = 99, orphans = 99;
    if (melds == 0) {
      // seven different pairs: the seven kinds that lack fewest tiles
      std::vector<int> lack;
      for (int t = 0; t < 34; ++t)
        if (!sanma || t == 0 || t >= 8) lack.push_back(std::max(0, 2 - h[t]));
      std::sort(lack.begin(), lack.end());
      int need = 0;
      for (int i = 0; i < 7; ++i) need += lack[i];
      seven = need - 1;
      // thirteen orphans: each orphan once, one of them twice
      const int kOrphans[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
      int best_o = 99;
      for (int twice : kOrphans) {
        int n = 0;
        for (int o : kOrphans) n += std::max(0, (o == twice ? 2 : 1) - h[o]);
        best_o = std::min(best_o, n);
      }
      orphans = best_o - 1;
    }
    std::printf("%d %d %d\n", best - 1, seven, orphans);
  }
  return 0;
}
