// Readings of a 17-tile Hong Kong-Taiwan hand (hktw.md section 5 step 3): the
// standard 5 sets + pair through the shared decomposer, and the special shapes
// of seed 002 (50 seven pairs + pung, 48 thirteen orphans + a set, 49 sixteen
// unrelated tiles, 38 knitted straight + 2 sets + pair).
#include <algorithm>
#include <string>
#include <vector>

#include "tenbou/decompose.hpp"
#include "core/meld_set.hpp"
#include "hktw/hktw_hand.hpp"

namespace tenbou {
namespace {

constexpr Tile kOrphans[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};

HktwReading with_melds(HktwReading r, const SmallList<Meld, 5>& melds) {
  for (const Meld& m : melds) {
    const SetKind kind = set_kind_of(m);
    r.sets[r.set_count++] = {kind, m.tile, !m.is_open(), true, m.kind};
  }
  return r;
}

// The adders write into any sink with push(const HktwReading&): the readings list, or a
// counter for the completeness test (which must not build 48 readings per tile it asks about).
struct Found {
  bool any = false;
  void push(const HktwReading&) { any = true; }
};

template <typename Out>
void add_decompositions(const TileCounts& c, int sets, const HktwReading& base, const SmallList<Meld, 5>& melds,
                        Out& out) {
  Decompositions ds;
  decompose_sets_and_pair(c, sets, ds);
  for (int d = 0; d < ds.count; ++d) {
    HktwReading r = base;
    r.pair = ds.items[d].pair;
    r.set_count = 0;
    for (int i = 0; i < ds.items[d].set_count; ++i)
      r.sets[r.set_count++] = {ds.items[d].sets[i].kind, ds.items[d].sets[i].tile, true, false, MeldKind::Pon};
    out.push(with_melds(r, melds));
  }
}

// 50: seven pairs (a tile held four times is two of them, L98) and one pung.
template <typename Out>
void add_seven_pairs_pung(const TileCounts& c, Out& out) {
  HktwReading r;
  r.shape = HktwShape::SevenPairsPung;
  int pungs = 0, tiles = 0;
  for (int t = 0; t < kTileKinds; ++t) {
    tiles += c[t];
    if (c[t] == 3) {
      ++pungs;
      r.sets[0] = {SetKind::Triplet, static_cast<Tile>(t), true, false, MeldKind::Pon};
    } else if (c[t] % 2) {
      return;
    } else {
      for (int k = 0; k < c[t] / 2; ++k) r.pairs.push(static_cast<Tile>(t));
    }
  }
  if (pungs != 1 || tiles != 17 || r.pairs.size() != 7) return;
  r.set_count = 1;
  out.push(r);
}

// 48: one of each orphan, a duplicate of one, and a chow or pung (all concealed).
template <typename Out>
void add_orphans_plus_set(const TileCounts& c, Out& out) {
  TileCounts rest = c;
  for (Tile t : kOrphans) {
    if (rest[t] == 0) return;
    --rest[t];
  }
  for (Tile dup : kOrphans) {
    if (rest[dup] == 0) continue;
    TileCounts set = rest;
    --set[dup];
    int first = 0;
    while (first < kTileKinds && set[first] == 0) ++first;
    if (first == kTileKinds) continue;
    HktwReading r;
    r.shape = HktwShape::OrphansPlusSet;
    r.pair = dup;
    r.set_count = 1;
    if (set[first] == 3) {
      r.sets[0] = {SetKind::Triplet, static_cast<Tile>(first), true, false, MeldKind::Pon};
    } else if (in_bits(kSequenceStartBits, static_cast<Tile>(first)) && set[first] == 1 && set[first + 1] == 1 && set[first + 2] == 1) {
      r.sets[0] = {SetKind::Sequence, static_cast<Tile>(first), true, false, MeldKind::Pon};
    } else {
      continue;
    }
    int left = 0;
    for (int t = 0; t < kTileKinds; ++t) left += set[t];
    if (left != 3) continue;
    out.push(r);
  }
}

// Numbers held in a suit as a bit set (bit n-1 for n), or -1 if a number is held twice
// apart from `dup`.
bool unrelated_triple(int bits) {
  // 147 148 149 158 159 169 258 259 269 369 (L96; hktw.md 49-1): three numbers, gaps >= 3.
  int nums[3], k = 0;
  for (int n = 0; n < 9; ++n)
    if (bits >> n & 1) {
      if (k == 3) return false;
      nums[k++] = n;
    }
  return k == 3 && nums[1] - nums[0] >= 3 && nums[2] - nums[1] >= 3;
}

// 49: three unrelated numbers per suit, all seven honours, one of the sixteen twice.
template <typename Out>
void add_sixteen_unrelated(const TileCounts& c, Out& out) {
  Tile dup = kNoTile;
  for (int t = 0; t < kTileKinds; ++t) {
    if (c[t] > 2) return;
    if (c[t] == 2) {
      if (dup != kNoTile) return;
      dup = static_cast<Tile>(t);
    }
  }
  if (dup == kNoTile) return;
  for (Tile h = 27; h < 34; ++h)
    if (c[h] == 0) return;
  HktwReading r;
  r.shape = HktwShape::SixteenUnrelated;
  r.pair = dup;
  std::array<bool, 3> residue_used{};
  bool knitted = true;
  for (int s = 0; s < 3; ++s) {
    int bits = 0;
    for (int n = 0; n < 9; ++n)
      if (c[s * 9 + n]) bits |= 1 << n;
    if (!unrelated_triple(bits)) return;
    const int residue = bits == 0x49 ? 0 : bits == 0x92 ? 1 : bits == 0x124 ? 2 : -1;  // 147, 258, 369
    if (residue < 0 || residue_used[residue]) {
      knitted = false;
    } else {
      residue_used[residue] = true;
      r.knit[s] = static_cast<std::uint8_t>(residue);
    }
  }
  r.knitted = knitted;
  out.push(r);
}

// 38: 147 / 258 / 369 over the three suits (nine concealed tiles, B14), then 2 sets + pair.
template <typename Out>
void add_knitted_straight(const TileCounts& c, const SmallList<Meld, 5>& melds, Out& out) {
  if (melds.size() > 2) return;
  static constexpr std::uint8_t kPermutations[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  for (const auto& perm : kPermutations) {
    TileCounts rest = c;
    bool held = true;
    for (int s = 0; s < 3 && held; ++s)
      for (int k = 0; k < 3; ++k) {
        const int t = s * 9 + perm[s] + 3 * k;
        if (rest[t] == 0) { held = false; break; }
        --rest[t];
      }
    if (!held) continue;
    HktwReading base;
    base.shape = HktwShape::KnittedStraight;
    for (int s = 0; s < 3; ++s) base.knit[s] = perm[s];
    add_decompositions(rest, 2 - static_cast<int>(melds.size()), base, melds, out);
  }
}

}  // namespace

const char* hktw_shape_name(HktwShape shape) {
  switch (shape) {
    case HktwShape::Standard: return "standard";
    case HktwShape::SevenPairsPung: return "seven_pairs_plus_pung";
    case HktwShape::OrphansPlusSet: return "thirteen_orphans_plus_set";
    case HktwShape::SixteenUnrelated: return "sixteen_unrelated";
    case HktwShape::KnittedStraight: return "knitted_straight";
  }
  return "standard";
}

void hktw_readings(const TileCounts& concealed, const SmallList<Meld, 5>& melds, HktwReadings& out) {
  out.count = 0;
  add_decompositions(concealed, 5 - static_cast<int>(melds.size()), HktwReading{}, melds, out);
  if (melds.empty()) {
    add_seven_pairs_pung(concealed, out);
    add_orphans_plus_set(concealed, out);
    add_sixteen_unrelated(concealed, out);
  }
  add_knitted_straight(concealed, melds, out);
}

bool hktw_special_complete(const TileCounts& concealed, const SmallList<Meld, 5>& melds) {
  Found found;
  if (melds.empty()) {
    add_seven_pairs_pung(concealed, found);
    if (!found.any) add_orphans_plus_set(concealed, found);
    if (!found.any) add_sixteen_unrelated(concealed, found);
  }
  if (!found.any) add_knitted_straight(concealed, melds, found);
  return found.any;
}

bool hktw_special_possible(const TileCounts& c, const SmallList<Meld, 5>& melds) {
  if (melds.size() > 2) return false;
  // 38: all but one of some suit permutation's nine knitted tiles held.
  static constexpr std::uint8_t kPermutations[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  for (const auto& perm : kPermutations) {
    int held = 0;
    for (int s = 0; s < 3; ++s)
      for (int k = 0; k < 3; ++k) held += c[s * 9 + perm[s] + 3 * k] > 0;
    if (held >= 8) return true;
  }
  if (!melds.empty()) return false;
  int odd = 0, orphans = 0, honours = 0;
  for (int t = 0; t < kTileKinds; ++t) odd += c[t] % 2;
  for (Tile t : kOrphans) orphans += c[t] > 0;
  for (int t = 27; t < 34; ++t) honours += c[t] > 0;
  return odd <= 2 || orphans >= 12 || honours >= 6;  // 50, 48, 49
}

std::vector<std::string> hktw_readings_text(const TileCounts& concealed, int meld_count) {
  // Melds are represented by pungs of a tile the concealed part does not use: only
  // the concealed part's readings are listed.
  SmallList<Meld, 5> melds;
  for (int i = 0; i < meld_count && i < 5; ++i) melds.push({MeldKind::Pon, static_cast<Tile>(27 + i), 0});
  HktwReadings readings;
  hktw_readings(concealed, melds, readings);
  std::vector<std::string> lines;
  for (const auto& r : readings) {
    std::vector<std::string> parts;
    for (int i = 0; i < r.set_count; ++i) {
      if (r.sets[i].declared) continue;
      const Tile t = r.sets[i].tile;
      std::string text;
      for (int k = 0; k < 3; ++k) text += static_cast<char>('0' + number_of(r.sets[i].kind == SetKind::Sequence ? t + k : t));
      parts.push_back(text + suit_letter(suit_of(t)));
    }
    for (Tile p : r.pairs) parts.push_back(std::string(2, static_cast<char>('0' + number_of(p))) + suit_letter(suit_of(p)));
    if (r.pair != kNoTile) parts.push_back("pair:" + tile_name(r.pair));
    std::sort(parts.begin(), parts.end());
    std::string line = hktw_shape_name(r.shape);
    for (const auto& p : parts) line += " " + p;
    lines.push_back(line);
  }
  std::sort(lines.begin(), lines.end());
  return lines;
}

}  // namespace tenbou
