#include "tenbou/shanten.hpp"

#include <algorithm>
#include <cstring>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "analysis/suit_index.hpp"

namespace tenbou {
namespace {

// kSuitCostKinds, kSuitCostIndex, kHeadOffset, kHeadTiles, kTailRank, kHonourCost: generated at build
// time by cpp/tools/gen_shanten_table.cpp (layout: suit_index.hpp).
#include "shanten_table.inc"

constexpr int kMaxSets = StandardShanten::kMaxSets;
constexpr int kInf = 64;
using GroupCost = StandardShanten::GroupCost;

inline GroupCost no_shape() {
  GroupCost g;
  for (auto& row : g.c) row[0] = row[1] = kInf;
  return g;
}

// Where a suit's counts sit in the table: the first five counts in base 5 (head), the
// last four (tail), and how many tiles the tail holds. `over`: a count past 4 (no such hand).
struct SuitKey {
  int head = 0, tail = 0, tail_tiles = 0;
  bool over = false;
};

inline SuitKey suit_key(const TileCounts& hand, int first) {
  SuitKey k;
  for (int i = 0; i < 9; ++i) k.over |= hand[first + i] > 4;
  k.head = hand[first] + 5 * hand[first + 1] + 25 * hand[first + 2] + 125 * hand[first + 3] + 625 * hand[first + 4];
  k.tail = hand[first + 5] + 5 * hand[first + 6] + 25 * hand[first + 7] + 125 * hand[first + 8];
  k.tail_tiles = hand[first + 5] + hand[first + 6] + hand[first + 7] + hand[first + 8];
  return k;
}

// The same key with one more tile at position `at` (0-8) of the suit.
inline SuitKey with_one_more(SuitKey k, int at, std::uint8_t count_before) {
  static constexpr int kPower[5] = {1, 5, 25, 125, 625};
  k.over |= count_before >= 4;
  if (at < 5) {
    k.head += kPower[at];
  } else {
    k.tail += kPower[at - 5];
    ++k.tail_tiles;
  }
  return k;
}

// The costs of one table entry (suit_index.hpp, Entry).
constexpr GroupCost decode(suit_index::Entry e) {
  GroupCost g{};
  int no_pair = 0;
  for (int m = 0; m <= kMaxSets; ++m) {
    if (m > 0) no_pair += (e >> (2 * (m - 1))) & 3;
    g.c[m][0] = static_cast<std::uint8_t>(no_pair);
    g.c[m][1] = static_cast<std::uint8_t>(no_pair + ((e >> (10 + 2 * m)) & 3));
  }
  return g;
}
// The table holds few distinct entries (kSuitCostKinds): each decoded once, by the compiler
// (a constant, so no other file's start-up code can see it before it is filled).
constexpr std::size_t kKinds = sizeof(kSuitCostKinds) / sizeof(kSuitCostKinds[0]);
struct DecodedKinds {
  GroupCost cost[kKinds];
  constexpr DecodedKinds() : cost{} {
    for (std::size_t i = 0; i < kKinds; ++i) cost[i] = decode(kSuitCostKinds[i]);
  }
};
constexpr DecodedKinds kDecodedKinds;

inline GroupCost suit_cost_of(const SuitKey& k) {
  // A count past 4 would index past the table: it has no shape.
  if (k.over) return no_shape();
  const int left = suit_index::kMaxSuitTiles - kHeadTiles[k.head];
  // Hands hold at most 17 tiles (a suit never more); anything larger has no entry.
  if (left < 0 || k.tail_tiles > left) return no_shape();
  return kDecodedKinds.cost[kSuitCostIndex[kHeadOffset[k.head] + kTailRank[left][k.tail]]];
}

inline GroupCost suit_cost(const TileCounts& hand, int first) { return suit_cost_of(suit_key(hand, first)); }

// Honours make no sequences: only how many kinds hold each count matters, and every
// case is tabled by the generator (suit_index.hpp, kHonourCost).
inline GroupCost honour_cost(const TileCounts& hand) {
  static constexpr int kWeight[5] = {0, 1, 8, 64, 512};
  int index = 0;
  for (int t = 27; t < 34; ++t) {
    if (hand[t] > 4) return no_shape();
    index += kWeight[hand[t]];
  }
  GroupCost g;
  for (int m = 0; m <= kMaxSets; ++m) {
    g.c[m][0] = kHonourCost[index][2 * m];
    g.c[m][1] = kHonourCost[index][2 * m + 1];
  }
  return g;
}

// Three-player Riichi has no 2m-8m (the 108-tile set): 1m and 9m make no sequence and
// count like honours, two kinds that each give a triplet, the pair, or nothing. The
// four-player suit table would let 1m wait on 2m-3m, tiles that do not exist (issue 27).
// Tabled by the counts of 1m and 9m: index = (1m) + 5 (9m).
constexpr int kTerminalCodes = 25;
struct TerminalTable {
  GroupCost cost[kTerminalCodes];
};
constexpr TerminalTable make_terminal_table() {
  TerminalTable t{};
  constexpr int kTripletCost[5] = {3, 2, 1, 0, 0}, kPairCost[5] = {2, 1, 0, 0, 0};
  for (int index = 0; index < kTerminalCodes; ++index) {
    const int held[2] = {index % 5, index / 5};
    for (auto& row : t.cost[index].c) row[0] = row[1] = kInf;
    // role of each kind: 0 nothing, 1 a triplet, 2 the pair (a fifth copy does not exist)
    for (int r0 = 0; r0 < 3; ++r0)
      for (int r1 = 0; r1 < 3; ++r1) {
        if (r0 == 2 && r1 == 2) continue;  // one pair at most
        const int roles[2] = {r0, r1};
        int sets = 0, pair = 0, draws = 0;
        for (int k = 0; k < 2; ++k) {
          sets += roles[k] == 1;
          pair += roles[k] == 2;
          draws += roles[k] == 1 ? kTripletCost[held[k]] : roles[k] == 2 ? kPairCost[held[k]] : 0;
        }
        std::uint8_t& slot = t.cost[index].c[sets][pair];
        if (draws < slot) slot = static_cast<std::uint8_t>(draws);
      }
  }
  return t;
}
constexpr TerminalTable kTerminalCost = make_terminal_table();

inline GroupCost terminal_cost(int ones, int nines) {
  if (ones > 4 || nines > 4) return no_shape();
  return kTerminalCost.cost[ones + 5 * nines];
}

#if defined(__SSE2__)
// One step k of the combination on 16 bytes (byte 2m + p: sets m, pair p): b shifted up k
// sets (the lanes below k get kInf) plus a's (k, no pair) gives both of out's candidates
// b[m-k][p] + a[k][0]; b's no-pair byte moved to the pair byte plus a's (k, pair) the third.
template <int K>
inline void combine_step(__m128i& out, __m128i b, const GroupCost& a) {
  const __m128i inf = _mm_set1_epi8(static_cast<char>(kInf));
  const __m128i no_pair_bytes = _mm_set1_epi16(kInf);  // kInf in each even (no-pair) byte
  const __m128i bk = K == 0 ? b : _mm_max_epu8(_mm_slli_si128(b, 2 * K), _mm_srli_si128(inf, 16 - 2 * K));
  const __m128i t0 = _mm_adds_epu8(bk, _mm_set1_epi8(static_cast<char>(a.c[K][0])));
  const __m128i t1 = _mm_adds_epu8(_mm_max_epu8(_mm_slli_epi16(bk, 8), no_pair_bytes),
                                   _mm_set1_epi8(static_cast<char>(a.c[K][1])));
  out = _mm_min_epu8(out, _mm_min_epu8(t0, t1));
}
#endif

// Adds group b into a (min-plus convolution over sets, one pair in total).
inline GroupCost combine(const GroupCost& a, const GroupCost& b, int sets) {
  GroupCost out;
#if defined(__SSE2__)
  // The same minima, every m at once (the scalar loop below is the definition).
  alignas(16) std::uint8_t buf[16];
  std::memcpy(buf, b.c, sizeof b.c);
  std::memset(buf + sizeof b.c, kInf, sizeof buf - sizeof b.c);
  const __m128i vb = _mm_load_si128(reinterpret_cast<const __m128i*>(buf));
  __m128i acc = _mm_set1_epi8(static_cast<char>(kInf));
  combine_step<0>(acc, vb, a);
  if (sets >= 1) combine_step<1>(acc, vb, a);
  if (sets >= 2) combine_step<2>(acc, vb, a);
  if (sets >= 3) combine_step<3>(acc, vb, a);
  if (sets >= 4) combine_step<4>(acc, vb, a);
  if (sets >= 5) combine_step<5>(acc, vb, a);
  _mm_store_si128(reinterpret_cast<__m128i*>(buf), acc);
  std::memcpy(out.c, buf, sizeof out.c);
#else
  for (int m = 0; m <= sets; ++m) {
    int no_pair = kInf, pair = kInf;
    for (int k = 0; k <= m; ++k) {
      no_pair = std::min(no_pair, a.c[k][0] + b.c[m - k][0]);
      pair = std::min(pair, std::min(a.c[k][1] + b.c[m - k][0], a.c[k][0] + b.c[m - k][1]));
    }
    out.c[m][0] = static_cast<std::uint8_t>(std::min(no_pair, kInf));
    out.c[m][1] = static_cast<std::uint8_t>(std::min(pair, kInf));
  }
#endif
  return out;
}

}  // namespace

// Only the final count is needed of the last combination.
inline int combine_final(const GroupCost& a, const GroupCost& b, int sets) {
  int best = kInf;
  for (int k = 0; k <= sets; ++k) {
    best = std::min(best, a.c[k][1] + b.c[sets - k][0]);
    best = std::min(best, a.c[k][0] + b.c[sets - k][1]);
  }
  return best;
}

StandardShanten::StandardShanten(const TileCounts& hand, int sets, bool three_player)
    : hand_(hand), sets_(sets), three_player_(three_player) {
  for (int s = 0; s < 3; ++s) {
    const SuitKey k = suit_key(hand, 9 * s);
    suit_at_[s] = {k.head, k.tail, k.tail_tiles, k.over};
    groups_[s] = suit_cost_of(k);
  }
  if (three_player_) groups_[0] = terminal_cost(hand[0], hand[8]);
  groups_[3] = honour_cost(hand);
  if (sets_ < 0 || sets_ > kMaxSets) return;  // every answer is kInf
  // Min-plus combination is commutative and associative: any order gives the same costs.
  const GroupCost man_pin = combine(groups_[0], groups_[1], sets_);
  const GroupCost honours_sou = combine(groups_[3], groups_[2], sets_);
  others_[0] = combine(honours_sou, groups_[1], sets_);
  others_[1] = combine(honours_sou, groups_[0], sets_);
  others_[2] = combine(man_pin, groups_[3], sets_);
  others_[3] = combine(man_pin, groups_[2], sets_);
}

int StandardShanten::draws_needed() const {
  if (sets_ < 0 || sets_ > kMaxSets) return kInf;
  return combine_final(others_[3], groups_[3], sets_);
}

int StandardShanten::draws_needed_with(Tile extra) const {
  if (extra >= kTileKinds || hand_[extra] >= 4) return kInf;  // there is no fifth copy to draw
  if (sets_ < 0 || sets_ > kMaxSets) return kInf;
  const int group = extra / 9;
  if (group == 0 && three_player_) {
    if (!in_three_player_set(extra)) return kInf;  // 2m-8m: not in the 108-tile set
    return combine_final(others_[0], terminal_cost(hand_[0] + (extra == 0), hand_[8] + (extra == 8)), sets_);
  }
  if (group == 3) {
    TileCounts h = hand_;
    ++h[extra];
    return combine_final(others_[3], honour_cost(h), sets_);
  }
  const SuitAt& at = suit_at_[group];
  const SuitKey k = with_one_more({at.head, at.tail, at.tail_tiles, at.over}, extra - 9 * group, hand_[extra]);
  return combine_final(others_[group], suit_cost_of(k), sets_);
}

// The analysis of discards (ev.cpp) asks it of a 14-tile hand for each of its tiles.
int StandardShanten::draws_needed_without(Tile gone) const {
  if (gone >= kTileKinds || hand_[gone] == 0) return kInf;  // not held
  if (sets_ < 0 || sets_ > kMaxSets) return kInf;
  const int group = gone / 9;
  if (group == 0 && three_player_)
    return combine_final(others_[0], terminal_cost(hand_[0] - (gone == 0), hand_[8] - (gone == 8)), sets_);
  if (group == 3 || suit_at_[group].over) {  // (only these read the hand: not copied otherwise)
    TileCounts h = hand_;
    --h[gone];
    return combine_final(others_[group], group == 3 ? honour_cost(h) : suit_cost(h, 9 * group), sets_);
  }
  const SuitAt& at = suit_at_[group];
  static constexpr int kPower[5] = {1, 5, 25, 125, 625};
  SuitKey k{at.head, at.tail, at.tail_tiles, false};
  const int i = gone - 9 * group;
  if (i < 5) {
    k.head -= kPower[i];
  } else {
    k.tail -= kPower[i - 5];
    --k.tail_tiles;
  }
  return combine_final(others_[group], suit_cost_of(k), sets_);
}

namespace {

// Whether a suit (its table key) holds m sets and p pairs at no cost: the entry's steps up
// to m and its pair step at m are all zero (suit_index.hpp, Entry).
inline bool suit_holds(const SuitKey& k, int m, int p) {
  if (k.over) return false;
  const int left = suit_index::kMaxSuitTiles - kHeadTiles[k.head];
  if (left < 0 || k.tail_tiles > left) return false;
  const suit_index::Entry e = kSuitCostKinds[kSuitCostIndex[kHeadOffset[k.head] + kTailRank[left][k.tail]]];
  return (e & ((1u << (2 * m)) - 1)) == 0 && (p == 0 || ((e >> (10 + 2 * m)) & 3) == 0);
}

}  // namespace

std::uint64_t standard_winning_tiles(const TileCounts& hand, int sets, bool three_player) {
  if (sets < 0 || sets > kMaxSets) return 0;
  int tiles[4] = {0, 0, 0, 0};
  std::uint32_t held[4] = {0, 0, 0, 0};  // by group, bit i: tile 9g + i held
  for (int t = 0; t < kTileKinds; ++t) {
    tiles[t / 9] += hand[t];
    held[t / 9] |= (hand[t] > 0 ? 1u : 0u) << (t % 9);
  }
  std::uint64_t out = 0;
  if (tiles[0] + tiles[1] + tiles[2] + tiles[3] != 3 * sets + 1) {  // (not a hand before the win)
    const StandardShanten standard(hand, sets, three_player);
    for (int x = 0; x < kTileKinds; ++x)
      if (standard.draws_needed_with(static_cast<Tile>(x)) == 0) out |= std::uint64_t{1} << x;
    return out;
  }
  // Each group as it stands: its tiles all used (3 m + 2 p of them, p = 0 or 1), at no cost.
  SuitKey keys[3];
  bool complete[4];
  int pair[4];
  for (int g = 0; g < 4; ++g) {
    const int n = tiles[g];
    pair[g] = n % 3 == 2;
    const int m = (n - 2 * pair[g]) / 3;
    if (g < 3) keys[g] = suit_key(hand, 9 * g);
    if (n % 3 == 1 || m > sets) complete[g] = false;
    else if (g == 3) complete[g] = honour_cost(hand).c[m][pair[g]] == 0;
    else if (g == 0 && three_player) complete[g] = terminal_cost(hand[0], hand[8]).c[m][pair[g]] == 0;
    else complete[g] = suit_holds(keys[g], m, pair[g]);
  }
  for (int g = 0; g < 4; ++g) {
    // Group g with the winning tile holds k sets and p pairs, 3k + 2p = its tiles + 1.
    const int n = tiles[g] + 1;
    if (n % 3 == 1) continue;
    const int p = n % 3 == 2, k = (n - 2 * p) / 3;
    if (k > sets) continue;
    int pairs = 0;
    bool others = true;
    for (int j = 0; j < 4; ++j)
      if (j != g) others = others && complete[j], pairs += pair[j];
    if (!others || pairs + p != 1) continue;
    const bool runs = g < 3 && !(g == 0 && three_player);
    // A tile with no copy (nor, in a suit making runs, a neighbour within two) would be left over.
    std::uint32_t near = held[g];
    if (runs) near = (near | near << 1 | near << 2 | near >> 1 | near >> 2) & 0x1FFu;
    for (; near; near &= near - 1) {
      const int i = lowest_bit(near);
      const int x = 9 * g + i;
      if (hand[x] >= 4) continue;
      bool wins;
      if (runs) {
        wins = suit_holds(with_one_more(keys[g], i, hand[x]), k, p);
      } else if (g == 0) {  // three-player manzu: 1m and 9m
        if (!in_three_player_set(static_cast<Tile>(x))) continue;
        wins = terminal_cost(hand[0] + (x == 0), hand[8] + (x == 8)).c[k][p] == 0;
      } else {
        TileCounts h = hand;
        ++h[x];
        wins = honour_cost(h).c[k][p] == 0;
      }
      if (wins) out |= std::uint64_t{1} << x;
    }
  }
  return out;
}

int standard_draws_needed(const TileCounts& hand, int sets, bool three_player) {
  if (sets < 0 || sets > kMaxSets) return kInf;
  const GroupCost man = three_player ? terminal_cost(hand[0], hand[8]) : suit_cost(hand, 0);
  const GroupCost g = combine(combine(man, suit_cost(hand, 9), sets), suit_cost(hand, 18), sets);
  return combine_final(g, honour_cost(hand), sets);
}

namespace {

// Seven pairs: kinds held, and pairs (distinct: kinds held twice or more, as Riichi wants
// seven different pairs; else every two copies, as Korean counts four of a kind).
void count_pairs(const TileCounts& hand, bool distinct, int& pairs, int& kinds) {
  pairs = kinds = 0;
  for (int t = 0; t < kTileKinds; ++t) {
    if (!hand[t]) continue;
    ++kinds;
    pairs += distinct ? hand[t] >= 2 : hand[t] / 2;
  }
}
int seven_pairs_from(int pairs, int kinds, bool distinct) {
  // Riichi: seven different tiles, so too few kinds cost extra draws.
  return 6 - pairs + (distinct ? std::max(0, 7 - kinds) : 0);
}

// Thirteen orphans: terminal and honour kinds held, and whether one is held twice.
void count_orphans(const TileCounts& hand, int& kinds, bool& pair) {
  kinds = 0;
  pair = false;
  for (std::uint64_t m = kTerminalBits | kHonorBits; m; m &= m - 1) {
    const int t = lowest_bit(m);
    kinds += hand[t] > 0;
    pair = pair || hand[t] >= 2;
  }
}
int thirteen_orphans_from(int kinds, bool pair) { return 13 - kinds - (pair ? 1 : 0); }

}  // namespace

int shanten_seven_pairs(const TileCounts& hand, bool distinct) {
  int pairs, kinds;
  count_pairs(hand, distinct, pairs, kinds);
  return seven_pairs_from(pairs, kinds, distinct);
}

int shanten_thirteen_orphans(const TileCounts& hand) {
  int kinds;
  bool pair;
  count_orphans(hand, kinds, pair);
  return thirteen_orphans_from(kinds, pair);
}

ClosedFormsShanten::ClosedFormsShanten(const TileCounts& hand, bool distinct_pairs)
    : hand_(hand), distinct_(distinct_pairs) {
  // count_pairs and count_orphans in one pass (the search of discards builds many of these).
  for (int t = 0; t < kTileKinds; ++t) {
    const int c = hand[t];
    if (!c) continue;
    ++kinds_;
    pairs_ += distinct_ ? c >= 2 : c / 2;
    if (!is_terminal_or_honor(static_cast<Tile>(t))) continue;
    ++orphan_kinds_;
    orphan_pairs_ += c >= 2;
  }
  orphan_pair_ = orphan_pairs_ > 0;
}

int ClosedFormsShanten::seven_pairs() const { return seven_pairs_from(pairs_, kinds_, distinct_); }
int ClosedFormsShanten::thirteen_orphans() const { return thirteen_orphans_from(orphan_kinds_, orphan_pair_); }

int ClosedFormsShanten::seven_pairs_with(Tile extra) const {
  const int c = hand_[extra];
  // A count c becoming c + 1: a new kind at 0; a new pair at 1 (distinct) or at any odd count.
  return seven_pairs_from(pairs_ + (distinct_ ? c == 1 : c % 2 == 1), kinds_ + (c == 0), distinct_);
}

int ClosedFormsShanten::thirteen_orphans_with(Tile extra) const {
  if (!is_terminal_or_honor(extra)) return thirteen_orphans();
  const int c = hand_[extra];
  return thirteen_orphans_from(orphan_kinds_ + (c == 0), orphan_pair_ || c >= 1);
}

int ClosedFormsShanten::seven_pairs_without(Tile gone) const {
  const int c = hand_[gone];
  // A count c becoming c - 1: a kind lost at 1; a pair lost at 2 (distinct) or at any even count.
  return seven_pairs_from(pairs_ - (distinct_ ? c == 2 : c % 2 == 0), kinds_ - (c == 1), distinct_);
}

int ClosedFormsShanten::thirteen_orphans_without(Tile gone) const {
  if (!is_terminal_or_honor(gone)) return thirteen_orphans();
  const int c = hand_[gone];
  return thirteen_orphans_from(orphan_kinds_ - (c == 1), orphan_pairs_ - (c == 2) > 0);
}

}  // namespace tenbou
