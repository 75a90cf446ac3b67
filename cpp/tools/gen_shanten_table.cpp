// Build-time generator of the shanten table (run by CMake; the output is compiled in).
//
// For every suit (9 counts of 0..4) and every m = 0..5 sets with or without a pair,
// the fewest tiles the suit must draw so that it holds m sets (+ the pair):
//   cost(H) = 0                         if H already holds that shape,
//   cost(H) = 1 + min_x cost(H + x)     otherwise (x a tile with H[x] < 4).
// The recursion is exact: a best target T minus H names a tile x to draw, and
// cost(H + x) is then one less. All 5^9 suits are solved from the fullest down.
//
//   gen_shanten_table OUTPUT.inc
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "../src/analysis/suit_index.hpp"

namespace {

constexpr int kSuits = 1953125;  // 5^9
constexpr int kMaxSets = 5;
constexpr int kPow5[10] = {1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1953125};

int digit(int code, int pos) { return code / kPow5[pos] % 5; }

// The 16 set shapes of one suit: 9 triplets, 7 sequences (as index deltas).
struct Shape {
  int need[9];
};

std::vector<Shape> set_shapes() {
  std::vector<Shape> out;
  for (int i = 0; i < 9; ++i) {
    Shape s{};
    s.need[i] = 3;
    out.push_back(s);
  }
  for (int i = 0; i < 7; ++i) {
    Shape s{};
    s.need[i] = s.need[i + 1] = s.need[i + 2] = 1;
    out.push_back(s);
  }
  return out;
}

bool holds(int code, const Shape& s) {
  for (int i = 0; i < 9; ++i)
    if (digit(code, i) < s.need[i]) return false;
  return true;
}

int minus(int code, const Shape& s) {
  for (int i = 0; i < 9; ++i) code -= s.need[i] * kPow5[i];
  return code;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: gen_shanten_table OUTPUT.inc\n");
    return 2;
  }
  const std::vector<Shape> shapes = set_shapes();
  // holds[m][p][code]: the suit contains m sets (+ a pair when p).
  std::vector<std::array<std::array<std::uint8_t, 2>, kMaxSets + 1>> has(kSuits);
  for (int code = 0; code < kSuits; ++code) {
    has[code][0][0] = 1;
    for (int i = 0; i < 9 && !has[code][0][1]; ++i) has[code][0][1] = digit(code, i) >= 2;
  }
  for (int m = 1; m <= kMaxSets; ++m)
    for (int p = 0; p < 2; ++p)
      for (int code = 0; code < kSuits; ++code) {
        std::uint8_t h = 0;
        for (const Shape& s : shapes)
          if (holds(code, s) && has[minus(code, s)][m - 1][p]) {
            h = 1;
            break;
          }
        has[code][m][p] = h;
      }
  // cost by decreasing tile total: H + x has one tile more.
  std::vector<int> order(kSuits);
  for (int code = 0; code < kSuits; ++code) order[code] = code;
  std::vector<int> total(kSuits);
  for (int code = 0; code < kSuits; ++code) {
    int n = 0;
    for (int i = 0; i < 9; ++i) n += digit(code, i);
    total[code] = n;
  }
  std::vector<std::array<std::array<std::uint8_t, 2>, kMaxSets + 1>> cost(kSuits);
  for (int n = 36; n >= 0; --n)
    for (int code = 0; code < kSuits; ++code) {
      if (total[code] != n) continue;
      for (int m = 0; m <= kMaxSets; ++m)
        for (int p = 0; p < 2; ++p) {
          if (has[code][m][p]) {
            cost[code][m][p] = 0;
            continue;
          }
          int best = 255;
          for (int x = 0; x < 9; ++x)
            if (digit(code, x) < 4) best = std::min(best, 1 + cost[code + kPow5[x]][m][p]);
          cost[code][m][p] = static_cast<std::uint8_t>(best);
        }
    }
  // Emit the suits with at most kMaxSuitTiles tiles in rank order, as 2-bit steps.
  using namespace tenbou::suit_index;
  std::vector<Entry> table(kSuitCount);
  for (int code = 0; code < kSuits; ++code) {
    if (total[code] > kMaxSuitTiles) continue;
    std::array<int, 9> c{};
    for (int i = 0; i < 9; ++i) c[i] = digit(code, i);
    Entry e = 0;
    for (int m = 1; m <= kMaxSets; ++m) {
      const int step = cost[code][m][0] - cost[code][m - 1][0];
      if (step < 0 || step > 3) return std::fprintf(stderr, "step out of range\n"), 1;
      e |= static_cast<Entry>(step) << (2 * (m - 1));
    }
    for (int m = 0; m <= kMaxSets; ++m) {
      const int step = cost[code][m][1] - cost[code][m][0];
      if (step < 0 || step > 3) return std::fprintf(stderr, "pair step out of range\n"), 1;
      e |= static_cast<Entry>(step) << (10 + 2 * m);
    }
    table[rank(c)] = e;
  }
  // The split rank (suit_index.hpp): offsets of the first five counts, ranks of the last four.
  std::vector<std::uint32_t> head_offset(kHeadCodes), tail_rank((kMaxSuitTiles + 1) * kTailCodes);
  std::vector<int> head_tiles(kHeadCodes);
  for (int code = 0; code < kHeadCodes; ++code) {
    std::array<int, 9> c{};
    int n = 0;
    for (int i = 0, x = code; i < 5; ++i, x /= 5) n += c[i] = x % 5;
    head_tiles[code] = n;
    head_offset[code] = n <= kMaxSuitTiles ? rank(c) : 0;  // c[5..8] = 0: the first suit with this head
  }
  for (int left = 0; left <= kMaxSuitTiles; ++left)
    for (int code = 0; code < kTailCodes; ++code) {
      std::uint32_t r = 0;
      int rem = left;
      bool fits = true;
      for (int i = 0, x = code; i < 4 && fits; ++i, x /= 5) {
        const int v = x % 5;
        if (v > rem) fits = false;
        else {
          r += kTables.offset[5 + i][rem][v];
          rem -= v;
        }
      }
      tail_rank[left * kTailCodes + code] = fits ? r : 0;
    }
  // Honours: each kind is a triplet, the pair, or unused; the cheapest kinds are taken.
  auto cheapest_triplets = [](const int (&kinds_with)[5], int m) {
    const int kTripletCost[5] = {3, 2, 1, 0, 0};
    int cost = 0;
    for (int c = 4; c >= 0 && m > 0; --c) {
      const int take = std::min(kinds_with[c], m);
      cost += take * kTripletCost[c];
      m -= take;
    }
    return m > 0 ? 64 : cost;
  };
  std::vector<std::array<int, 12>> honour(kHonourCodes);
  for (int index = 0; index < kHonourCodes; ++index) {
    int kinds_with[5] = {0, index % 8, index / 8 % 8, index / 64 % 8, index / 512};
    const int used = kinds_with[1] + kinds_with[2] + kinds_with[3] + kinds_with[4];
    if (used > 7) {
      honour[index].fill(64);
      continue;
    }
    kinds_with[0] = 7 - used;
    const int kPairCost[5] = {2, 1, 0, 0, 0};
    for (int m = 0; m <= kMaxSets; ++m) {
      honour[index][2 * m] = cheapest_triplets(kinds_with, m);
      int best = 64;
      for (int c = 0; c <= 4; ++c) {
        if (!kinds_with[c]) continue;
        --kinds_with[c];
        best = std::min(best, kPairCost[c] + cheapest_triplets(kinds_with, m));
        ++kinds_with[c];
      }
      honour[index][2 * m + 1] = best;
    }
  }

  std::FILE* out = std::fopen(argv[1], "w");
  if (!out) return std::fprintf(stderr, "cannot write %s\n", argv[1]), 1;
  // Only a few hundred distinct entries occur: each suit stores a one-byte index into them.
  std::vector<Entry> kinds(table.begin(), table.end());
  std::sort(kinds.begin(), kinds.end());
  kinds.erase(std::unique(kinds.begin(), kinds.end()), kinds.end());
  if (kinds.size() > 256) return std::fprintf(stderr, "%zu distinct entries: more than a byte indexes\n", kinds.size()), 1;
  std::fprintf(out, "// Generated by cpp/tools/gen_shanten_table.cpp at build time. Do not edit.\n");
  std::fprintf(out, "// %u suits (at most %d tiles each) index %zu distinct entries of 2-bit cost steps (suit_index.hpp).\n",
               kSuitCount, kMaxSuitTiles, kinds.size());
  std::fprintf(out, "static constexpr std::uint32_t kSuitCostKinds[%zu] = {\n", kinds.size());
  for (std::size_t i = 0; i < kinds.size(); ++i) std::fprintf(out, "0x%x,%s", kinds[i], (i % 16 == 15) ? "\n" : "");
  std::fprintf(out, "};\nstatic const std::uint8_t kSuitCostIndex[%u] = {\n", kSuitCount);
  for (std::uint32_t i = 0; i < kSuitCount; ++i) {
    const auto k = std::lower_bound(kinds.begin(), kinds.end(), table[i]) - kinds.begin();
    std::fprintf(out, "%d,%s", static_cast<int>(k), (i % 32 == 31) ? "\n" : "");
  }
  std::fprintf(out, "};\n");
  std::fprintf(out, "static const std::uint32_t kHeadOffset[%d] = {\n", kHeadCodes);
  for (int i = 0; i < kHeadCodes; ++i) std::fprintf(out, "%u,%s", head_offset[i], (i % 16 == 15) ? "\n" : "");
  std::fprintf(out, "};\nstatic const std::uint8_t kHeadTiles[%d] = {\n", kHeadCodes);
  for (int i = 0; i < kHeadCodes; ++i) std::fprintf(out, "%d,%s", head_tiles[i], (i % 32 == 31) ? "\n" : "");
  std::fprintf(out, "};\nstatic const std::uint32_t kTailRank[%d][%d] = {\n", kMaxSuitTiles + 1, kTailCodes);
  for (int left = 0; left <= kMaxSuitTiles; ++left) {
    std::fprintf(out, "{");
    for (int code = 0; code < kTailCodes; ++code) std::fprintf(out, "%u,", tail_rank[left * kTailCodes + code]);
    std::fprintf(out, "},\n");
  }
  std::fprintf(out, "};\nstatic const std::uint8_t kHonourCost[%d][12] = {\n", kHonourCodes);
  for (int i = 0; i < kHonourCodes; ++i) {
    std::fprintf(out, "{");
    for (int v : honour[i]) std::fprintf(out, "%d,", v);
    std::fprintf(out, "},%s", (i % 4 == 3) ? "\n" : "");
  }
  std::fprintf(out, "};\n");
  return std::fclose(out) == 0 ? 0 : 1;
}
