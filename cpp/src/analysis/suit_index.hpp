// The index of one suit's tile counts in the compiled-in shanten table (internal).
// A suit is 9 counts of 0..4; only suits with at most kMaxSuitTiles tiles are
// tabled, ranked in lexicographic order, so the table has no holes. Shared by the
// table generator (cpp/tools/gen_shanten_table.cpp) and the lookup (shanten.cpp).
#pragma once
#include <array>
#include <cstdint>

namespace tenbou::suit_index {

// 16 tiles in hand + the 17th drawn (Hong Kong-Taiwan) is the largest suit a hand holds.
constexpr int kMaxSuitTiles = 17;

// kCount[pos][rem]: suits of positions pos..8 with at most `rem` tiles.
struct Tables {
  std::array<std::array<std::uint32_t, kMaxSuitTiles + 1>, 10> count{};
  // kOffset[pos][rem][c]: how many suits with the same prefix and a smaller count at `pos`.
  std::array<std::array<std::array<std::uint32_t, 5>, kMaxSuitTiles + 1>, 9> offset{};
};

constexpr Tables make_tables() {
  Tables t{};
  for (int rem = 0; rem <= kMaxSuitTiles; ++rem) t.count[9][rem] = 1;
  for (int pos = 8; pos >= 0; --pos)
    for (int rem = 0; rem <= kMaxSuitTiles; ++rem) {
      std::uint32_t total = 0;
      for (int c = 0; c <= 4; ++c) {
        t.offset[pos][rem][c] = total;
        if (c <= rem) total += t.count[pos + 1][rem - c];
      }
      t.count[pos][rem] = total;
    }
  return t;
}

inline constexpr Tables kTables = make_tables();
inline constexpr std::uint32_t kSuitCount = kTables.count[0][kMaxSuitTiles];

// Rank of counts c[0..8] (each 0..4, total <= kMaxSuitTiles), the plain way.
template <typename Counts>
constexpr std::uint32_t rank(const Counts& c, int first = 0) {
  std::uint32_t r = 0;
  int rem = kMaxSuitTiles;
  for (int pos = 0; pos < 9; ++pos) {
    const int v = c[first + pos];
    r += kTables.offset[pos][rem][v];
    rem -= v;
  }
  return r;
}

// The same rank in two lookups (the generator emits the tables: kHeadOffset,
// kHeadTiles, kTailRank): the first five counts as one base-5 number pick their
// offset, the last four (base 5) theirs given how many tiles the first five left.
// No chain of nine dependent steps on the hot path of shanten.
constexpr int kHeadCodes = 3125;  // 5^5
constexpr int kTailCodes = 625;   // 5^4

// One suit-table entry: the fewest tiles a suit must draw to hold m sets (m = 0..5)
// without / with a pair, stored as 2-bit steps: bits [2(m-1), 2m) = cost(m, no pair)
// - cost(m-1, no pair) for m = 1..5 (0..3), then bits 10 + 2m: cost(m, pair) -
// cost(m, no pair) for m = 0..5 (0..2). cost(0, no pair) is 0.
using Entry = std::uint32_t;

// Honours (no sequences) are tabled by how many kinds hold 1, 2, 3 and 4 copies:
// index = (with 1) + 8 (with 2) + 64 (with 3) + 512 (with 4); each entry is the draws
// needed for m = 0..5 triplets without and with a pair: 12 bytes, [m][pair].
constexpr int kHonourCodes = 4096;

}  // namespace tenbou::suit_index
