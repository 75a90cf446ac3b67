#include "tenbou/decompose.hpp"

#include <cstdint>
#include <cstring>
#include <vector>

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

int decompose_by_search(const TileCounts& concealed, int sets, Decompositions& out) {
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

// Per-suit tables. A hand of at most four sets and a pair splits suit by suit: each suit's
// readings do not depend on the others, and the search above lists the hand's readings as
// the nested product of its suits' readings (man outermost, then pin, sou, the honours'
// triplets), the pair's suit iterated by pair tile at the outermost level. So each complete
// suit (counts 0-4, at most 4 sets + a pair: 21,743 of them) is searched once, when the
// table is first used, and a hand is then three lookups and a copy (the search cost ~500
// instructions a hand, the lookups ~100). Same readings, same order (tests/cpp/decompose_check.cpp).
namespace {

// A suit's nine counts (each 0-7) as 3-bit fields: 27 bits.
inline std::uint32_t suit_key(const TileCounts& c, int first) {
  std::uint64_t x;
  std::memcpy(&x, c.data() + first, 8);
  x &= 0x0707070707070707ULL;
  x = (x | x >> 5) & 0x003F003F003F003FULL;
  x = (x | x >> 10) & 0x00000FFF00000FFFULL;
  x = (x | x >> 20) & 0xFFFFFFULL;
  return static_cast<std::uint32_t>(x) | static_cast<std::uint32_t>(c[first + 8]) << 24;
}

// One reading of one suit in 27 bits: bits 0-3 the pair's position (15: none), 4-6 the set
// count, then 5 bits a set (bits 0-3 its position, bit 4 set for a triplet) in search order.
constexpr std::uint32_t kNoPair = 15;

std::uint32_t encode(const Decomposition& d) {
  std::uint32_t r = (d.pair == kNoTile ? kNoPair : d.pair) | static_cast<std::uint32_t>(d.set_count) << 4;
  for (int i = 0; i < d.set_count; ++i)
    r |= (static_cast<std::uint32_t>(d.sets[i].tile) | (d.sets[i].kind == SetKind::Triplet ? 16u : 0u)) << (7 + 5 * i);
  return r;
}

// Slot: bits 0-26 the suit's key, 27-29 how many readings (0: empty slot), 30-32 the sets of
// each reading, 33 whether they hold the pair, 34-60 the reading itself when it is the only
// one, else the index of the first in `multi` (the rest follow it).
struct SuitTable {
  static constexpr int kBits = 15;
  static constexpr std::uint32_t kMask = (1u << kBits) - 1;
  std::vector<std::uint64_t> slots = std::vector<std::uint64_t>(std::size_t{1} << kBits);
  std::vector<std::uint32_t> multi;

  static std::uint32_t home(std::uint32_t key) { return (key * 0x9E3779B1u) >> (32 - kBits); }

  std::uint64_t find(std::uint32_t key) const {
    for (std::uint32_t i = home(key);; i = (i + 1) & kMask) {
      const std::uint64_t s = slots[i];
      if ((s & 0x7FFFFFFULL) == key || !(s >> 27 & 7)) return s >> 27 & 7 ? s : 0;
    }
  }

  // Searches one suit (its counts at 0-8 of `c`) and stores its readings if it has any.
  void add(TileCounts& c) {
    const std::uint32_t key = suit_key(c, 0);
    std::uint32_t i = home(key);
    for (; slots[i] >> 27 & 7; i = (i + 1) & kMask)
      if ((slots[i] & 0x7FFFFFFULL) == key) return;
    int n = 0;
    for (int t = 0; t < 9; ++t) n += c[t];
    Decompositions ds;
    ds.count = 0;
    Decomposition cur;
    cur.set_count = 0;
    cur.pair = kNoTile;
    if (n % 3 == 0) {
      split_sets(c, held_mask(c), cur, n / 3, ds, -1);
    } else {  // every pair tile in turn, ascending (the search's order)
      for (int p = 0; p < 9; ++p) {
        if (c[p] < 2) continue;
        c[p] -= 2;
        cur.pair = static_cast<Tile>(p);
        cur.set_count = 0;
        split_sets(c, held_mask(c), cur, n / 3, ds, -1);
        c[p] += 2;
      }
    }
    if (ds.count == 0) return;
    std::uint64_t data;
    if (ds.count == 1) {
      data = encode(ds.items[0]);
    } else {
      data = multi.size();
      for (int k = 0; k < ds.count; ++k) multi.push_back(encode(ds.items[k]));
    }
    slots[i] = key | static_cast<std::uint64_t>(ds.count) << 27 | static_cast<std::uint64_t>(n / 3) << 30 |
               static_cast<std::uint64_t>(n % 3 == 2) << 33 | data << 34;
  }

  // Every suit of up to four sets (7 sequences and 9 triplets) with or without a pair.
  void fill(TileCounts& c, int first_kind, int sets_left) {
    for (int p = -1; p < 9; ++p) {
      if (p >= 0) c[p] += 2;
      if (p < 0 || c[p] <= 4) add(c);
      if (p >= 0) c[p] -= 2;
    }
    if (sets_left == 0) return;
    for (int k = first_kind; k < 16; ++k) {
      const bool seq = k < 7;
      const int t = seq ? k : k - 7;
      if (seq) { ++c[t]; ++c[t + 1]; ++c[t + 2]; } else { c[t] += 3; }
      if (seq ? c[t] <= 4 && c[t + 1] <= 4 && c[t + 2] <= 4 : c[t] <= 4) fill(c, k, sets_left - 1);
      if (seq) { --c[t]; --c[t + 1]; --c[t + 2]; } else { c[t] -= 3; }
    }
  }

  SuitTable() {
    TileCounts c{};
    fill(c, 0, 4);
  }
};

const SuitTable& suit_table() {
  static const SuitTable table;
  return table;
}

// Appends one suit reading's sets (tiles from `first`) to `d`.
inline void append_sets(std::uint32_t r, int first, Decomposition& d) {
  int k = r >> 4 & 7;
  for (r >>= 7; k > 0; --k, r >>= 5)
    d.sets[d.set_count++] = {(r & 16) ? SetKind::Triplet : SetKind::Sequence, static_cast<Tile>(first + (r & 15))};
}

}  // namespace

int decompose_sets_and_pair(const TileCounts& concealed, int sets, Decompositions& out) {
  // Five sets (Hong Kong-Taiwan) or a count the keys cannot hold: the search.
  if (sets > 4 || sets < 0 || any_count_over(concealed, 4)) return decompose_by_search(concealed, sets, out);
  out.count = 0;
  // Honours: counts 0, 2 (the pair) or 3 (a triplet) only, one pair at most.
  std::uint64_t h;
  std::memcpy(&h, concealed.data() + 26, 8);
  h >>= 8;
  constexpr std::uint64_t kLow = 0x0001010101010101ULL;  // bit 0 of bytes 0-6
  const std::uint64_t b0 = h & kLow, b1 = h >> 1 & kLow, b2 = h >> 2 & kLow;
  if (b2 | (b0 & ~b1)) return 0;  // a single or a fourth honour: no sets
  const std::uint64_t honor_pairs = b1 & ~b0, honor_triplets = b0;
  if (honor_pairs & (honor_pairs - 1)) return 0;
  int pairs = honor_pairs != 0;
  int set_total = static_cast<int>((honor_triplets * 0x0101010101010101ULL) >> 56);  // one bit a byte

  const SuitTable& table = suit_table();
  std::uint64_t slot[3];
  int pair_suit = 3;
  for (int s = 0; s < 3; ++s) {
    const std::uint32_t key = suit_key(concealed, 9 * s);
    if (key == 0) {  // an empty suit: one reading with nothing in it
      slot[s] = std::uint64_t{1} << 27 | std::uint64_t{kNoPair} << 34;
      continue;
    }
    slot[s] = table.find(key);
    if (!slot[s]) return 0;
    set_total += static_cast<int>(slot[s] >> 30 & 7);
    if (slot[s] >> 33 & 1) {
      ++pairs;
      pair_suit = s;
    }
  }
  if (pairs != 1 || set_total != sets) return 0;

  if (((slot[0] & slot[1] & slot[2]) >> 27 & 7) == 1 && ((slot[0] | slot[1] | slot[2]) >> 27 & 7) == 1) {
    // One reading in each suit (nearly every hand): the hand's one reading, written in place.
    Decomposition& d = out.items[0];
    d.set_count = 0;
    for (int s = 0; s < 3; ++s) append_sets(static_cast<std::uint32_t>(slot[s] >> 34), 9 * s, d);
    for (std::uint64_t m = honor_triplets; m; m &= m - 1)
      d.sets[d.set_count++] = {SetKind::Triplet, static_cast<Tile>(27 + lowest_bit(m) / 8)};
    d.pair = pair_suit == 3 ? static_cast<Tile>(27 + lowest_bit(honor_pairs) / 8)
                            : static_cast<Tile>(9 * pair_suit + (slot[pair_suit] >> 34 & 15));
    return out.count = 1;
  }
  // Each suit's readings as a list (the lone one in place).
  std::uint32_t lone[3];
  const std::uint32_t* list[3];
  int count[3];
  for (int s = 0; s < 3; ++s) {
    count[s] = static_cast<int>(slot[s] >> 27 & 7);
    lone[s] = static_cast<std::uint32_t>(slot[s] >> 34);
    list[s] = count[s] == 1 ? &lone[s] : table.multi.data() + lone[s];
  }
  Decomposition base;
  base.set_count = 0;
  base.pair = pair_suit == 3 ? static_cast<Tile>(27 + lowest_bit(honor_pairs) / 8) : kNoTile;
  Tile honor_sets[4];
  int honor_count = 0;
  for (std::uint64_t m = honor_triplets; m; m &= m - 1) honor_sets[honor_count++] = static_cast<Tile>(27 + lowest_bit(m) / 8);

  // The pair's suit by pair tile (its readings are stored in that order), then the nested
  // product in suit order within each pair tile.
  const int pair_count = pair_suit == 3 ? 1 : count[pair_suit];
  for (int g = 0; g < pair_count;) {
    int g_end = g + 1;
    if (pair_suit < 3)
      while (g_end < pair_count && (list[pair_suit][g_end] & 15) == (list[pair_suit][g] & 15)) ++g_end;
    int lo[3], hi[3];
    for (int s = 0; s < 3; ++s) {
      lo[s] = s == pair_suit ? g : 0;
      hi[s] = s == pair_suit ? g_end : count[s];
    }
    for (int i0 = lo[0]; i0 < hi[0]; ++i0)
      for (int i1 = lo[1]; i1 < hi[1]; ++i1)
        for (int i2 = lo[2]; i2 < hi[2]; ++i2) {
          if (out.count == kMaxDecompositions) return out.count;
          Decomposition& d = out.items[out.count++];
          d = base;
          const int idx[3] = {i0, i1, i2};
          for (int s = 0; s < 3; ++s) {
            const std::uint32_t r = list[s][idx[s]];
            append_sets(r, 9 * s, d);
            if ((r & 15) != kNoPair) d.pair = static_cast<Tile>(9 * s + (r & 15));
          }
          for (int k = 0; k < honor_count; ++k) d.sets[d.set_count++] = {SetKind::Triplet, honor_sets[k]};
        }
    g = g_end;
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
