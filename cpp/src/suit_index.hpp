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

// The same rank in two lookups: the first five counts as one base-5 number pick
// their offset, the last four (base 5) theirs given how many tiles the first five
// left. No chain of nine dependent steps on the hot path of shanten.
struct SplitTables {
  std::array<std::uint32_t, 3125> head_offset{};  // by base-5 code of c[0..4]
  std::array<std::uint8_t, 3125> head_tiles{};    // tiles in c[0..4]
  std::array<std::array<std::uint32_t, 625>, kMaxSuitTiles + 1> tail_rank{};  // [tiles left][code of c[5..8]]
};

constexpr SplitTables make_split_tables() {
  SplitTables t{};
  for (int code = 0; code < 3125; ++code) {
    std::array<int, 9> c{};
    int n = 0;
    for (int i = 0, x = code; i < 5; ++i, x /= 5) n += c[i] = x % 5;
    t.head_tiles[code] = static_cast<std::uint8_t>(n);
    if (n <= kMaxSuitTiles) t.head_offset[code] = rank(c);  // c[5..8] = 0: the first suit with this head
  }
  for (int left = 0; left <= kMaxSuitTiles; ++left)
    for (int code = 0; code < 625; ++code) {
      std::uint32_t r = 0;
      int rem = left;
      bool fits = true;
      for (int i = 0, x = code; i < 4; ++i, x /= 5) {
        const int v = x % 5;
        if (v > rem) { fits = false; break; }
        r += kTables.offset[5 + i][rem][v];
        rem -= v;
      }
      t.tail_rank[left][code] = fits ? r : 0;
    }
  return t;
}

// One table entry: the fewest tiles a suit must draw to hold m sets (m = 0..5)
// without / with a pair, stored as 2-bit steps: bits [2(m-1), 2m) = cost(m, no pair)
// - cost(m-1, no pair) for m = 1..5 (0..3), then bits 10 + 2m: cost(m, pair) -
// cost(m, no pair) for m = 0..5 (0..2). cost(0, no pair) is 0.
using Entry = std::uint32_t;

}  // namespace tenbou::suit_index
