// Monte Carlo check of the expected-value search (issue 27, tests/test_ev_model.py): the
// hand after a discard plays really shuffled walls, drawing without replacement, and the
// win rate, ready rate and mean points are compared with what the search computed.
//   ev_sim REQUEST TURNS OBJECTIVE WALLS SEED MODE
// REQUEST: the JSON of the hand before the win (13 tiles, the discard among own_discards).
// MODE: "engine" plays the search's own policy (EvSearch::play); "greedy" plays lowest
// shanten then most useful tiles unseen at every draw (any discard, the drawn tile too),
// then declares riichi and keeps the ready hand; "greedy_lowering" the same within the
// search's choices (a drawn tile kept only when it lowers the shanten). Also reported: the clairvoyant player
// who sees the T draws in advance wins exactly when the hand and the draws hold a complete
// hand. The score of a win comes from the scorer itself, with riichi, ippatsu and the real
// ura indicator of the wall (a tile never drawn). Prints one JSON object.
#include <algorithm>
#include <ctime>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "analysis/ev.hpp"
#include "tenbou/json.hpp"
#include "tenbou/notation.hpp"
#include "tenbou/riichi.hpp"
#include "tenbou/shanten.hpp"
#include "tenbou/value_view.hpp"
#include "tenbou/waits.hpp"

using namespace tenbou;

namespace {

struct Phys {
  Tile tile;
  bool red;
};

bool three = false;
int sets = 4;

int shanten13(const TileCounts& h) {
  int s = standard_draws_needed(h, sets, three) - 1;
  if (sets == 4) s = std::min({s, shanten_seven_pairs(h, true), shanten_thirteen_orphans(h)});
  return s;
}
int shanten14_with(const TileCounts& h, Tile y) {
  TileCounts g = h;
  ++g[y];
  return shanten13(g);  // (a 14-tile hand: the same function, -1 when complete)
}

// Whether `m` (any number of tiles) holds sets + a pair (standard), by backtracking.
bool holds_sets(TileCounts& m, int need) {
  if (need == 0) return true;
  int t = 0;
  while (t < kTileKinds && m[t] == 0) ++t;
  if (t == kTileKinds) return false;
  // Either t takes part in a set here, or it is skipped for good.
  if (m[t] >= 3) {
    m[t] -= 3;
    const bool ok = holds_sets(m, need - 1);
    m[t] += 3;
    if (ok) return true;
  }
  const bool run = t < 27 && t % 9 <= 6 && !(three && t < 9);
  if (run && m[t + 1] && m[t + 2]) {
    --m[t], --m[t + 1], --m[t + 2];
    const bool ok = holds_sets(m, need - 1);
    ++m[t], ++m[t + 1], ++m[t + 2];
    if (ok) return true;
  }
  const std::uint8_t keep = m[t];
  m[t] = 0;
  const bool ok = holds_sets(m, need);
  m[t] = keep;
  return ok;
}
bool holds_complete(TileCounts m) {
  for (int p = 0; p < kTileKinds; ++p) {
    if (m[p] < 2) continue;
    m[p] -= 2;
    const bool ok = holds_sets(m, sets);
    m[p] += 2;
    if (ok) return true;
  }
  if (sets == 4) {
    int pairs = 0;
    for (int t = 0; t < kTileKinds; ++t) pairs += m[t] >= 2;
    if (pairs >= 7) return true;
    int kinds = 0;
    bool pair = false;
    for (int t = 0; t < kTileKinds; ++t)
      if (is_terminal_or_honor(static_cast<Tile>(t))) kinds += m[t] > 0, pair = pair || m[t] >= 2;
    if (kinds == 13 && pair) return true;
  }
  return false;
}

void count_reds(const Json& request, const char* key, std::array<int, 3>& reds) {
  const Json* v = request.find(key);
  if (!v) return;
  TileTextRoom room;
  for (const ParsedTile& t : parse_tiles(tile_field(JsonView(*v), key, room, TileForm{true, false}), key))
    if (t.red) ++reds[static_cast<int>(suit_of(t.tile))];
}

struct Stat {
  double n = 0, sum = 0, sum2 = 0;
  void add(double x) { n += 1, sum += x, sum2 += x * x; }
  double mean() const { return sum / n; }
  double se() const {
    const double m = mean();
    return std::sqrt(std::max(0.0, sum2 / n - m * m) / (n - 1));
  }
};

}  // namespace

// --bench REQUEST REPS: the mean time of the whole discards answer (every discard with its
// "ev"), native, for benchmarks/bench_ev.py. Prints {"us": mean microseconds, "states": n}.
int bench(const char* text, long reps) {
  const Json req = Json::parse(text);
  Json answer = discards_json(req);
  const Json* ok = answer.find("ok");
  if (!ok || !ok->as_bool()) {
    std::printf("%s\n", answer.dump().c_str());
    return 1;
  }
  const std::clock_t start = std::clock();  // CPU time: the machine may be shared
  for (long i = 0; i < reps; ++i) answer = discards_json(req);
  const double us = 1e6 * static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC / reps;
  const Json* ev = answer.find("ev");
  std::printf("{\"us\": %.3f, \"states\": %lld}\n", us,
              static_cast<long long>(ev && ev->find("states") ? ev->find("states")->as_int() : 0));
  return 0;
}

// --answer REQUEST: the whole discards answer as JSON (benchmarks/bench_ev.py --answers keeps
// them to show a faster search reports the same values, byte for byte).
int answer_of(const char* text) {
  std::printf("%s\n", discards_json(Json::parse(text)).dump().c_str());
  return 0;
}

// --check-shortcuts HANDS SEED: the shanten shortcuts the search takes, against the plain
// functions on random hands weighted to few kinds (pairs, triplets, quads), four- and
// three-player, closed and with one meld: a 14-tile hand less each tile it holds through
// StandardShanten::draws_needed_without and ClosedFormsShanten's *_without; and a 13-tile
// hand without four of a kind drawing a tile with no copy or neighbour within two keeps its
// standard count; the winning tiles of each 13-tile hand by standard_winning_tiles
// equal those found drawing every tile; the closed forms read off the packed counts
// (ev_detail::closed_forms_by_key) equal shanten_seven_pairs / shanten_thirteen_orphans. Prints {"hands", "checks", "ready" (13-tile hands
// with a winning tile), "mismatches"}.
int check_shortcuts(long hands, unsigned long long seed) {
  std::mt19937_64 rng(seed);
  long checks = 0, mismatches = 0, ready = 0;
  for (long i = 0; i < hands; ++i) {
    const bool three_p = i % 2 == 1;
    const int sets_left = i % 3 == 2 ? 3 : 4;
    std::vector<int> kinds;
    for (int t = 0; t < kTileKinds; ++t)
      if (!three_p || in_three_player_set(static_cast<Tile>(t))) kinds.push_back(t);
    std::shuffle(kinds.begin(), kinds.end(), rng);
    kinds.resize(4 + rng() % 12);
    TileCounts h{};
    for (int n = 0; n < 3 * sets_left + 2;) {
      const int t = kinds[rng() % kinds.size()];
      if (h[t] < 4) ++h[t], ++n;
    }
    const StandardShanten standard(h, sets_left, three_p);
    const ClosedFormsShanten closed(h, true);
    bool quad = false;
    for (int t = 0; t < kTileKinds; ++t) quad |= h[t] >= 4;
    for (int d = 0; d < kTileKinds; ++d) {
      if (!h[d]) continue;
      TileCounts g = h;
      --g[d];
      ++checks;
      mismatches += standard.draws_needed_without(static_cast<Tile>(d)) != standard_draws_needed(g, sets_left, three_p);
      mismatches += closed.seven_pairs_without(static_cast<Tile>(d)) != shanten_seven_pairs(g, true);
      mismatches += closed.thirteen_orphans_without(static_cast<Tile>(d)) != shanten_thirteen_orphans(g);
      // The closed forms read off the packed counts (ev.cpp), 13 and 14 tiles.
      checks += 2;
      const std::array<int, 2> by_key = ev_detail::closed_forms_by_key(g), by_key14 = ev_detail::closed_forms_by_key(h);
      mismatches += by_key[0] != shanten_seven_pairs(g, true) || by_key[1] != shanten_thirteen_orphans(g);
      mismatches += by_key14[0] != shanten_seven_pairs(h, true) || by_key14[1] != shanten_thirteen_orphans(h);
      // The winning tiles of the hand before the win by standard_winning_tiles (a group
      // skipped whole unless the others are complete) against each tile drawn in turn.
      const StandardShanten thirteen(g, sets_left, three_p);
      std::uint64_t wins = 0;
      for (int x = 0; x < kTileKinds; ++x)
        if (thirteen.draws_needed_with(static_cast<Tile>(x)) == 0) wins |= std::uint64_t{1} << x;
      ++checks;
      ready += wins != 0;
      mismatches += standard_winning_tiles(g, sets_left, three_p) != wins;
      bool g_quad = false;
      for (int t = 0; t < kTileKinds; ++t) g_quad |= g[t] >= 4;
      if (g_quad) continue;
      for (int x = 0; x < kTileKinds; ++x) {
        if (g[x] || (three_p && !in_three_player_set(static_cast<Tile>(x)))) continue;
        bool near = false;
        if (x < 27 && !(three_p && x < 9))
          for (int t = std::max(x - x % 9, x - 2); t <= std::min(x - x % 9 + 8, x + 2); ++t) near |= g[t] > 0;
        if (near) continue;
        ++checks;
        mismatches += thirteen.draws_needed_with(static_cast<Tile>(x)) != thirteen.draws_needed();
      }
    }
  }
  std::printf("{\"hands\": %ld, \"checks\": %ld, \"ready\": %ld, \"mismatches\": %ld}\n", hands, checks, ready,
              mismatches);
  return 0;
}

int main(int argc, char** argv) {
  if (argc == 3 && std::string(argv[1]) == "--answer") return answer_of(argv[2]);
  // --answers REQUEST...: each answer on a line, all in this one process (what a search
  // keeps for the next one on the thread must not change the next one's answer).
  if (argc >= 3 && std::string(argv[1]) == "--answers") {
    for (int i = 2; i < argc; ++i) answer_of(argv[i]);
    return 0;
  }
  if (argc == 4 && std::string(argv[1]) == "--check-shortcuts")
    return check_shortcuts(std::atol(argv[2]), std::strtoull(argv[3], nullptr, 10));
  if (argc == 4 && std::string(argv[1]) == "--bench") return bench(argv[2], std::atol(argv[3]));
  if (argc != 7) {
    std::fprintf(stderr, "usage: ev_sim REQUEST TURNS OBJECTIVE WALLS SEED MODE\n");
    return 2;
  }
  const Json req = Json::parse(argv[1]);
  const int T = std::atoi(argv[2]);
  const std::string objective = argv[3];
  const long walls = std::atol(argv[4]);
  const unsigned long long seed = std::strtoull(argv[5], nullptr, 10);
  const std::string mode = argv[6];
  const bool greedy = mode != "engine";
  const bool lowering_only = mode == "greedy_lowering";  // the search's own choice set

  const HandBeforeWin b = hand_before_win_from(JsonView(req));
  EvOptions opt;
  opt.turns = T;
  opt.objective_win = objective == "win";
  opt.max_states = kMaxEvStates;
  EvSearch search(opt);
  const EvValue v = search.value(b, req);

  const RiichiRequest& r0 = b.riichi;
  three = r0.players == 3;
  sets = 4 - b.melds;
  const bool closed = r0.closed(), declared = r0.riichi || r0.double_riichi;
  RiichiRequest tmpl = r0;
  tmpl.ura_indicators = IndicatorList();

  // The unseen tiles, red fives among them.
  std::array<int, 3> seen_reds{};
  for (const char* key : {"visible", "own_discards", "dora_indicators"}) count_reds(req, key, seen_reds);
  for (const Meld& m : r0.melds)
    if (m.reds) seen_reds[static_cast<int>(suit_of(m.tile))] += m.reds;
  std::vector<Phys> pool;
  for (int t = 0; t < kTileKinds; ++t) {
    const int exist = three && !in_three_player_set(static_cast<Tile>(t)) ? 0 : 4;
    int n = std::max(0, exist - b.seen[t]);
    const int s = t < 27 ? t / 9 : 0;
    const bool five = t < 27 && t % 9 == 4;
    int red = five && r0.rules.red_fives && !(three && s == 0) ? std::max(0, 1 - seen_reds[s] - r0.hand_reds[s]) : 0;
    for (; n > 0; --n, red = std::max(0, red - 1)) pool.push_back({static_cast<Tile>(t), red > 0});
  }
  const int W = static_cast<int>(pool.size());

  std::mt19937_64 rng(seed);
  Stat win, score, tenpai, clair;
  std::vector<double> win_by(T, 0), tenpai_by(T, 0);
  for (long game = 0; game < walls; ++game) {
    for (int i = W - 1; i > 0; --i) std::swap(pool[i], pool[std::uniform_int_distribution<int>(0, i)(rng)]);
    const Phys ura = pool[W - 1];  // the dead wall's ura indicator: never drawn
    TileCounts h = b.hand;
    std::array<std::uint8_t, 3> reds = {r0.hand_reds[0], r0.hand_reds[1], r0.hand_reds[2]};
    TileCounts seen = b.seen;
    bool ready = shanten13(h) == 0, won = false;
    int entered = 0, won_at = T, ready_at = ready ? 0 : T;
    double points = 0;
    for (int k = 0; k < T && !won; ++k) {
      const Phys x = pool[k];
      ++seen[x.tile];
      if (ready) {
        RiichiRequest r = tmpl;
        r.hand = h;
        r.hand_reds = reds;
        r = riichi_request_on(r, x.tile, true);
        r.win_red = x.red;
        if (x.red) ++r.hand_reds[static_cast<int>(suit_of(x.tile))];
        if (closed && !declared) {
          r.riichi = true;
          r.ippatsu = k == entered;
        }
        if (closed) r.ura_indicators.push(ura.tile);
        const RiichiResult res = score_riichi(r);
        if (res.ok) {
          won = true;
          won_at = k;
          points = static_cast<double>(res.payments.total);
        }
        continue;
      }
      if (!greedy) {
        if (search.play(h, reds, k, x.tile, x.red) && shanten13(h) == 0) {
          ready = true;
          entered = k + 1;
          ready_at = k;
        }
        continue;
      }
      // Greedy: every discard of the 14 tiles, lowest shanten then most useful tiles unseen.
      TileCounts drawn = h;
      ++drawn[x.tile];
      if (lowering_only && shanten13(drawn) >= shanten13(h)) continue;  // not useful: discarded
      int best_s = 99, best_u = -1, best_d = -1;
      for (int pass = 0; pass < 2; ++pass)
        for (int d = 0; d < kTileKinds; ++d) {
          if (!drawn[d] || (pass == 0) != (d == x.tile)) continue;  // the drawn tile first (keeps ties)
          if (lowering_only && d == x.tile) continue;
          TileCounts next = drawn;
          --next[d];
          const int s = shanten13(next);
          if (s > best_s) continue;
          int useful = 0;
          for (int y = 0; y < kTileKinds; ++y) {
            const int exist = three && !in_three_player_set(static_cast<Tile>(y)) ? 0 : 4;
            if (next[y] >= 4 || exist - seen[y] <= 0) continue;
            if (shanten14_with(next, static_cast<Tile>(y)) < s) useful += exist - seen[y];
          }
          if (s < best_s || useful > best_u) best_s = s, best_u = useful, best_d = d;
        }
      if (best_d != x.tile) {
        if (x.red) ++reds[static_cast<int>(suit_of(x.tile))];
        h = drawn;
        --h[best_d];
        const bool five = best_d < 27 && best_d % 9 == 4;
        if (five && reds[best_d / 9] > h[best_d]) --reds[best_d / 9];
      }
      if (best_s == 0) {
        ready = true;
        entered = k + 1;
        ready_at = k;
      }
    }
    TileCounts all = b.hand;
    for (int k = 0; k < T; ++k) ++all[pool[k].tile];
    clair.add(holds_complete(all) ? 1 : 0);
    win.add(won ? 1 : 0);
    score.add(points);
    tenpai.add(ready || won ? 1 : 0);
    for (int k = won_at; k < T; ++k) win_by[k] += 1;
    for (int k = ready_at; k < T; ++k) tenpai_by[k] += 1;
  }
  std::printf("{\"engine\": {\"win\": %.12f, \"tenpai\": %.12f, \"score\": %.6f, \"win_by\": [", v.win, v.tenpai, v.score);
  for (int k = 0; k < T; ++k) std::printf("%s%.12f", k ? ", " : "", v.win_by[k]);
  std::printf("], \"tenpai_by\": [");
  for (int k = 0; k < T; ++k) std::printf("%s%.12f", k ? ", " : "", v.tenpai_by[k]);
  std::printf("]}, \"mc\": {\"win\": %.12f, \"win_se\": %.12f, \"tenpai\": %.12f, \"tenpai_se\": %.12f, "
              "\"score\": %.6f, \"score_se\": %.6f, \"win_by\": [",
              win.mean(), win.se(), tenpai.mean(), tenpai.se(), score.mean(), score.se());
  for (int k = 0; k < T; ++k) std::printf("%s%.12f", k ? ", " : "", win_by[k] / walls);
  std::printf("], \"tenpai_by\": [");
  for (int k = 0; k < T; ++k) std::printf("%s%.12f", k ? ", " : "", tenpai_by[k] / walls);
  std::printf("]}, \"clairvoyant_win\": %.12f, \"clairvoyant_win_se\": %.12f, \"walls\": %ld, \"wall\": %d}\n",
              clair.mean(), clair.se(), walls, W);
  return 0;
}
