// One reading of a winning Riichi hand, as the yaku and fu rules see it.
// Built by cpp/src/riichi/score.cpp for each decomposition x winning-tile placement.
#pragma once
#include <array>

#include "tenbou/decompose.hpp"
#include "tenbou/request.hpp"
#include "tenbou/result.hpp"

namespace tenbou {

enum class Shape : std::uint8_t { Standard, SevenPairs, ThirteenOrphans };

// A reading is one decomposition of the concealed tiles and one place for the winning tile;
// the declared melds are the same in every reading and are read from HandFacts.
// (No member initializers: the scorer assigns every field before reading one.)
struct Reading {
  Shape shape;
  const Decomposition* concealed;  // Standard: the concealed sets and the pair
  int win_set;  // the concealed set the winning tile completed (-1: the pair)
  Tile pair;
  Wait wait;
  // Whether concealed set i counts as open: a triplet completed by ron (seed 001: 샤보 론 = 뽕쯔).
  bool open(int i, bool tsumo) const {
    return i == win_set && concealed->sets[i].kind == SetKind::Triplet && !tsumo;
  }
};

// is_terminal_or_honor for a tile of a set or pair (always one of the 34 kinds): no range test.
inline bool set_tile_is_terminal_or_honor(Tile t) { return (kTerminalBits | kHonorBits) >> (t & 63) & 1; }

// A triplet's or kan's fu item: open triplet 2/4, closed 4/8; kans x4 (seed 001 table).
inline FuItem set_fu(SetKind kind, bool open, Tile tile) {
  static constexpr FuKey kKeys[2][2][2] = {  // [kan][open][terminal or honour]
      {{FuKey::ClosedTripletSimple, FuKey::ClosedTripletTerminal},
       {FuKey::OpenTripletSimple, FuKey::OpenTripletTerminal}},
      {{FuKey::ClosedKanSimple, FuKey::ClosedKanTerminal}, {FuKey::OpenKanSimple, FuKey::OpenKanTerminal}}};
  const bool term = set_tile_is_terminal_or_honor(tile), kan = kind == SetKind::Kan;
  const int value = (term ? 4 : 2) * (open ? 1 : 2) * (kan ? 4 : 1);
  return {kKeys[kan][open][term], static_cast<std::uint8_t>(value), tile};
}

// Facts about the whole hand that do not depend on the reading.
struct HandFacts {
  TileCounts all;  // concealed + melds (a kan counts 4); set by hand_facts (no zeroing first)
  bool closed = true;
  int kans = 0;
  // (Set by hand_facts without a default first.)
  bool all_simples, all_terminals_or_honors, all_honors, all_terminals;
  bool all_green;
  int number_suits;  // how many of m/p/s appear
  bool has_honors;
  int reds;  // red fives in hand and melds
  int dora, ura;  // dora and ura dora among all tiles (and kita), by the indicators
  // The declared melds, as the yaku and fu read every reading's sets.
  std::uint64_t meld_triplets = 0;  // bit t: a pon or kan of tile t
  std::uint32_t meld_seq_at = 0, meld_seq_twice = 0;  // chi by lowest tile; held twice or more
  int meld_sequences = 0, meld_closed_kans = 0;
  int meld_fu = 0;
  SmallList<FuItem, 4> meld_fu_items;  // in meld order
};

HandFacts hand_facts(const RiichiRequest& request);

// Every field is set by find_yaku (no member initializers: one per reading).
struct YakuOutcome {
  int han;      // yaku han, dora included (13 per multiple for yakuman hands)
  int yakuman;  // multiples
  bool has_yaku;  // a yaku other than dora
  bool pinfu_shape;  // the pinfu shape, found on the way (count_fu reads it for pinfu tsumo)
};

// Decides every yaku of the reading (cpp/src/riichi/yaku.cpp).
// The yaku go into `list` in table order (the result's own list: no copy for the first reading).
void find_yaku(const RiichiRequest& request, const HandFacts& facts, const Reading& reading,
               SmallList<YakuEntry, 24>& list, YakuOutcome& out);

// Counts fu with an itemised breakdown (cpp/src/riichi/fu.cpp), from the reading's yaku:
// the open-pinfu rule may depend on their han (seed 001), pinfu tsumo stays 20 fu.
int count_fu(const RiichiRequest& request, const HandFacts& facts, const Reading& reading, const YakuOutcome& yaku,
             SmallList<FuItem, 12>& items);

}  // namespace tenbou
