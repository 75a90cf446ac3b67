// Shanten: how many tiles a hand is from tenpai, on 34-kind counts, with the
// per-suit cost table compiled in (generated at build time by
// cpp/tools/gen_shanten_table.cpp). -1 is a complete hand, 0 tenpai.
#pragma once
#include <cstdint>

#include "tenbou/tiles.hpp"

namespace tenbou {

// The fewest tiles to draw (replacing others) until `hand` holds `sets` sets
// and a pair, counting only the tiles in `hand` (0 = complete). sets: 0..5.
// `three_player`: the 108-tile set of three-player Riichi, where 2m-8m do not exist,
// so 1m and 9m make no sequence and count like honours (the hand holds no 2m-8m).
int standard_draws_needed(const TileCounts& hand, int sets, bool three_player = false);

// The tiles that complete the standard form of `hand` (a ready hand's waits, as bits):
// {x : standard_draws_needed(hand + x) == 0}, a fifth copy or a tile not in the set never.
// A complete hand uses every tile, so on a hand of 3 x sets + 1 tiles each group's count
// decides how many sets and pairs it must hold: the winning tile can be in a group only if
// the other three hold theirs as they stand, and each tile near the hand's own costs one
// table lookup.
std::uint64_t standard_winning_tiles(const TileCounts& hand, int sets, bool three_player = false);

// The standard form's per-group costs of one hand, kept to ask "and with one
// tile more?" for every tile (ukeire, waits) at the price of one group each.
class StandardShanten {
 public:
  static constexpr int kMaxSets = 5;
  struct GroupCost {
    std::uint8_t c[kMaxSets + 1][2];  // [sets][with pair]: draws needed
  };
  StandardShanten(const TileCounts& hand, int sets, bool three_player = false);
  int draws_needed() const;
  int draws_needed_with(Tile extra) const;  // the hand plus `extra`
  int draws_needed_without(Tile gone) const;  // the hand less one `gone` (held)

 private:
  TileCounts hand_;
  int sets_;
  bool three_player_;
  GroupCost groups_[4];  // man, pin, sou, honours
  // others_[g]: the three groups other than g combined, so that "with one tile more"
  // costs one group's lookup and the final combination (waits ask it for all 34 kinds).
  GroupCost others_[4];
  // Each suit's place in the cost table, to find it again with one tile more.
  struct SuitAt {
    int head, tail, tail_tiles;
    bool over;
  };
  SuitAt suit_at_[3];
};

// Shanten of the standard form (sets + pair); `sets` = 4 - melds (Riichi,
// Korean) or 5 - melds (Hong Kong-Taiwan, 16-tile hands).
inline int shanten_standard(const TileCounts& hand, int sets, bool three_player = false) {
  return standard_draws_needed(hand, sets, three_player) - 1;
}

// Seven pairs of a closed 13/14-tile hand. With `distinct` (Riichi) the pairs
// must be seven different tiles; Korean rules allow two pairs of one tile.
int shanten_seven_pairs(const TileCounts& hand, bool distinct);

// Thirteen orphans of a closed 13/14-tile hand.
int shanten_thirteen_orphans(const TileCounts& hand);

// The two closed forms of one hand, kept to ask "and with one tile more?" for every
// tile (ukeire) in a few operations: each counts kinds, pairs and orphans, which one
// more tile changes by at most one.
class ClosedFormsShanten {
 public:
  ClosedFormsShanten(const TileCounts& hand, bool distinct_pairs);
  int seven_pairs() const;       // = shanten_seven_pairs(hand, distinct)
  int thirteen_orphans() const;  // = shanten_thirteen_orphans(hand)
  int seven_pairs_with(Tile extra) const;       // = shanten_seven_pairs(hand + extra, distinct)
  int thirteen_orphans_with(Tile extra) const;  // = shanten_thirteen_orphans(hand + extra)
  int seven_pairs_without(Tile gone) const;       // = shanten_seven_pairs(hand - gone), gone held
  int thirteen_orphans_without(Tile gone) const;  // = shanten_thirteen_orphans(hand - gone), gone held

 private:
  TileCounts hand_;
  bool distinct_;
  int pairs_ = 0, kinds_ = 0, orphan_kinds_ = 0, orphan_pairs_ = 0;
  bool orphan_pair_ = false;
};

}  // namespace tenbou
