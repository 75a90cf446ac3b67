// Brute-force readings of 17-tile Hong Kong-Taiwan hands (tests only; the engine's
// side is cpp/src/hktw/readings.cpp through `tenbou-native hktw-readings`).
// Reads "c0 .. c33 melds" per line and prints every reading in the engine's text
// form: the shape, then the concealed sets, pairs and "pair:" tile, sorted.
//
// Unlike the engine it knows no shortcuts: the standard shape tries every multiset
// of sets out of all 55 possible sets (34 pungs + 21 chows) with every pair; the
// special shapes are checked by subtracting every candidate from the counts.
#include <algorithm>
#include <array>
#include <iostream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using Counts = std::array<int, 34>;

namespace {

const char* kSuits = "mpsz";

std::string tile(int t) { return std::string(1, static_cast<char>('1' + t % 9)) + kSuits[t / 9]; }

struct Set {
  bool chow;
  int tile;
  std::string text() const {
    std::string s;
    for (int k = 0; k < 3; ++k) s += static_cast<char>('1' + tile % 9 + (chow ? k : 0));
    return s + kSuits[tile / 9];
  }
};

std::vector<Set> all_sets() {
  std::vector<Set> sets;
  for (int t = 0; t < 34; ++t) sets.push_back({false, t});
  for (int s = 0; s < 3; ++s)
    for (int n = 0; n < 7; ++n) sets.push_back({true, s * 9 + n});
  return sets;
}

const std::vector<Set> kSets = all_sets();

bool take(Counts& c, const Set& s) {
  if (s.chow) {
    if (!c[s.tile] || !c[s.tile + 1] || !c[s.tile + 2]) return false;
    --c[s.tile]; --c[s.tile + 1]; --c[s.tile + 2];
  } else {
    if (c[s.tile] < 3) return false;
    c[s.tile] -= 3;
  }
  return true;
}
void give(Counts& c, const Set& s) {
  if (s.chow) { ++c[s.tile]; ++c[s.tile + 1]; ++c[s.tile + 2]; }
  else c[s.tile] += 3;
}
bool empty(const Counts& c) {
  for (int v : c)
    if (v) return false;
  return true;
}

std::string line_of(const std::string& shape, std::vector<std::string> parts) {
  std::sort(parts.begin(), parts.end());
  std::string line = shape;
  for (const auto& p : parts) line += " " + p;
  return line;
}

// Every multiset of `need` sets (indices non-decreasing) that uses up c exactly.
void sets_of(Counts& c, int need, std::size_t from, std::vector<std::string>& cur,
             std::vector<std::vector<std::string>>& out) {
  if (need == 0) {
    if (empty(c)) out.push_back(cur);
    return;
  }
  for (std::size_t i = from; i < kSets.size(); ++i) {
    if (!take(c, kSets[i])) continue;
    cur.push_back(kSets[i].text());
    sets_of(c, need - 1, i, cur, out);
    cur.pop_back();
    give(c, kSets[i]);
  }
}

void standard(Counts c, int sets, const std::string& shape, std::vector<std::string> extra, std::set<std::string>& out) {
  for (int p = 0; p < 34; ++p) {
    if (c[p] < 2) continue;
    c[p] -= 2;
    std::vector<std::vector<std::string>> found;
    std::vector<std::string> cur;
    sets_of(c, sets, 0, cur, found);
    for (auto f : found) {
      f.push_back("pair:" + tile(p));
      for (const auto& e : extra) f.push_back(e);
      out.insert(line_of(shape, f));
    }
    c[p] += 2;
  }
}

const int kOrphans[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};

void special(const Counts& c, std::set<std::string>& out) {
  // seven pairs + one pung
  for (int t = 0; t < 34; ++t) {
    if (c[t] < 3) continue;
    Counts d = c;
    d[t] -= 3;
    int pairs = 0;
    bool ok = true;
    std::vector<std::string> parts{Set{false, t}.text()};
    for (int u = 0; u < 34; ++u) {
      if (d[u] % 2) ok = false;
      for (int k = 0; k < d[u] / 2; ++k) {
        ++pairs;
        parts.push_back(std::string(2, static_cast<char>('1' + u % 9)) + kSuits[u / 9]);
      }
    }
    if (ok && pairs == 7) out.insert(line_of("seven_pairs_plus_pung", parts));
  }
  // thirteen orphans + a duplicate + any set
  for (int dup : kOrphans)
    for (const Set& s : kSets) {
      Counts d{};
      for (int o : kOrphans) ++d[o];
      ++d[dup];
      give(d, s);
      if (d == c) out.insert(line_of("thirteen_orphans_plus_set", {s.text(), "pair:" + tile(dup)}));
    }
  // sixteen unrelated: 7 honours, 3 numbers per suit with gaps >= 3, one duplicate
  for (int dup = 0; dup < 34; ++dup) {
    if (c[dup] < 2) continue;
    Counts d = c;
    --d[dup];
    bool ok = true;
    for (int h = 27; h < 34; ++h) ok &= d[h] == 1;
    for (int s = 0; s < 3 && ok; ++s) {
      std::vector<int> nums;
      for (int n = 0; n < 9; ++n) {
        if (d[s * 9 + n] > 1) ok = false;
        if (d[s * 9 + n] == 1) nums.push_back(n);
      }
      ok &= nums.size() == 3;
      for (std::size_t i = 1; i < nums.size() && ok; ++i) ok &= nums[i] - nums[i - 1] >= 3;
    }
    if (ok) out.insert(line_of("sixteen_unrelated", {"pair:" + tile(dup)}));
  }
}

void knitted(const Counts& c, int melds, std::set<std::string>& out) {
  if (melds > 2) return;
  int perm[3] = {0, 1, 2};
  do {
    Counts d = c;
    bool ok = true;
    for (int s = 0; s < 3; ++s)
      for (int k = 0; k < 3; ++k) {
        int t = s * 9 + perm[s] + 3 * k;
        if (d[t] == 0) ok = false;
        else --d[t];
      }
    if (ok) standard(d, 2 - melds, "knitted_straight", {}, out);
  } while (std::next_permutation(perm, perm + 3));
}

}  // namespace

int main() {
  std::ios::sync_with_stdio(false);
  std::string line;
  while (std::getline(std::cin, line)) {
    std::istringstream in(line);
    Counts c{};
    for (int& v : c) in >> v;
    int melds = 0;
    in >> melds;
    std::set<std::string> readings;
    standard(c, 5 - melds, "standard", {}, readings);
    if (melds == 0) special(c, readings);
    knitted(c, melds, readings);
    bool first = true;
    for (const auto& r : readings) {
      std::cout << (first ? "" : " | ") << r;
      first = false;
    }
    std::cout << '\n';
  }
  return 0;
}
