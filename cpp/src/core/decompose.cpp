#include "tenbou/decompose.hpp"

#include <cstdint>
#include <cstring>

namespace tenbou {
namespace {

// Bit t of `held` is set while c[t] > 0.
inline std::uint64_t without_emptied(std::uint64_t held, const TileCounts& c, int t) {
  return c[t] ? held : held & ~(std::uint64_t{1} << t);
}

// Depth-first split of the remaining counts into sets. The lowest remaining tile
// (the lowest bit of `held`) must start a triplet or a sequence (nothing lower is left
// to pair it with). At one tile a triplet is taken before any sequence, never after one
// (`no_triplet_at`), so each reading is produced exactly once (6666 78 gives 666 + 678
// once, not twice) and in ascending set order.
void split_sets(TileCounts& c, std::uint64_t held, Decomposition& cur, int sets_left, Decompositions& out,
                int no_triplet_at) {
  if (held == 0) {
    if (sets_left == 0 && out.count < kMaxDecompositions) out.items[out.count++] = cur;
    return;
  }
  if (sets_left == 0) return;
  const int i = lowest_bit(held);
  const Tile t = static_cast<Tile>(i);
  if (c[i] >= 3 && i != no_triplet_at) {
    c[i] -= 3;
    cur.sets[cur.set_count++] = {SetKind::Triplet, t};
    split_sets(c, without_emptied(held, c, i), cur, sets_left - 1, out, -1);
    --cur.set_count;
    c[i] += 3;
  }
  // A sequence starts at 1-7 of a suit: one bit test (i % 9 was a multiply and compare).
  if (in_bits(kSequenceStartBits, static_cast<Tile>(i)) && c[i + 1] && c[i + 2]) {
    --c[i]; --c[i + 1]; --c[i + 2];
    cur.sets[cur.set_count++] = {SetKind::Sequence, t};
    const std::uint64_t next = without_emptied(without_emptied(without_emptied(held, c, i), c, i + 1), c, i + 2);
    split_sets(c, next, cur, sets_left - 1, out, i);
    --cur.set_count;
    ++c[i]; ++c[i + 1]; ++c[i + 2];
  }
}

// Cheap necessary condition per suit: a suit's tile total must be 0 or 2 mod 3
// (2 only in the suit holding the pair), and honours must come in 2s and 3s.
// Returns the tile range that can hold the pair, or an empty range.
struct PairRange {
  int first = 0, last = -1;
};

// The sum of counts c[from, from + 8) in one load and one multiply (the top byte of the
// product adds the eight bytes; counts here are at most 5, so no byte sum carries).
inline int sum8(const TileCounts& c, int from) {
  std::uint64_t w;
  std::memcpy(&w, c.data() + from, 8);
  return static_cast<int>((w * 0x0101010101010101ULL) >> 56);
}

PairRange pair_candidates(const TileCounts& c, int sets) {
  int total = 0, groups_with_pair = 0;
  PairRange range;
  for (int s = 0; s < 3; ++s) {
    const int n = sum8(c, s * 9) + c[s * 9 + 8];
    total += n;
    if (n % 3 == 1) return {};
    if (n % 3 == 2) {
      ++groups_with_pair;
      range = {s * 9, s * 9 + 8};
    }
  }
  // The seven honours at once: bytes c[27..33] of one word, each count's bits 0-2 as
  // three masks (counts are at most 4 here; 5-7 read as "not 1, 2 or 4" as before).
  std::uint64_t h;
  std::memcpy(&h, c.data() + 26, 8);
  h >>= 8;
  constexpr std::uint64_t kLow = 0x0001010101010101ULL;  // bit 0 of bytes 0-6
  const std::uint64_t b0 = h & kLow, b1 = h >> 1 & kLow, b2 = h >> 2 & kLow;
  if ((b0 & ~b1 & ~b2) | (b2 & ~b1 & ~b0)) return {};  // a single or a fourth honour: no sets
  total += static_cast<int>((h * 0x0101010101010101ULL) >> 56);
  if (const std::uint64_t pairs = b1 & ~b0 & ~b2) {
    if (pairs & (pairs - 1)) return {};  // two honour pairs: one pair in all
    ++groups_with_pair;
    const int k = 27 + lowest_bit(pairs) / 8;
    range = {k, k};
  }
  if (groups_with_pair != 1 || total != sets * 3 + 2) return {};
  return range;
}

}  // namespace

int decompose_sets_and_pair(const TileCounts& concealed, int sets, Decompositions& out) {
  out.count = 0;
  const PairRange range = pair_candidates(concealed, sets);
  TileCounts c = concealed;
  Decomposition cur;
  cur.set_count = 0;
  cur.pair = kNoTile;
  // In a suit, sets (k, k+1, k+2 and k, k, k) add a multiple of 3 to the sum of the tiles'
  // positions k·count, and a pair at p adds 2p: p ≡ 2·sum (mod 3). Only a third of the
  // suit can hold the pair; the others would split into nothing.
  int step = 1, first = range.first;
  if (range.first < range.last) {
    int weighted = 0;
    for (int k = 1; k < 9; ++k) weighted += k * c[range.first + k];
    first = range.first + (2 * weighted) % 3;
    step = 3;
  }
  const std::uint64_t held = held_mask(c);
  for (int p = first; p <= range.last; p += step) {
    if (c[p] < 2) continue;
    c[p] -= 2;
    cur.pair = static_cast<Tile>(p);
    cur.set_count = 0;
    split_sets(c, without_emptied(held, c, p), cur, sets, out, -1);
    c[p] += 2;
  }
  return out.count;
}

bool is_seven_pairs(const TileCounts& c) {
  const std::uint64_t twos = kinds_with(c, 2);
  if (twos != held_mask(c)) return false;  // some kind held once, three or four times
  int pairs = 0;
  for (std::uint64_t m = twos; m; m &= m - 1) ++pairs;
  return pairs == 7;
}

bool is_thirteen_orphans(const TileCounts& c) {
  static constexpr Tile kOrphans[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
  int total = 0, doubles = 0;
  for (Tile t : kOrphans) {
    if (c[t] == 0 || c[t] > 2) return false;
    doubles += c[t] == 2;
    total += c[t];
  }
  return total == 14 && doubles == 1;
}

}  // namespace tenbou
