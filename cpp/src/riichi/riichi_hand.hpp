// One reading of a winning Riichi hand, as the yaku and fu rules see it.
// Built by cpp/src/riichi/score.cpp for each decomposition x winning-tile placement.
#pragma once
#include <array>

#include "tenbou/decompose.hpp"
#include "tenbou/request.hpp"
#include "tenbou/result.hpp"

namespace tenbou {

enum class Shape : std::uint8_t { Standard, SevenPairs, ThirteenOrphans };

struct HandSet {
  SetKind kind;
  Tile tile;
  bool open;      // declared open meld, or a triplet completed by ron (seed 001: 샤보 론 = 뽕쯔)
  bool declared;  // a meld from the request
  MeldKind meld_kind;
};

struct Reading {
  Shape shape = Shape::Standard;
  std::array<HandSet, 4> sets;  // only [0, set_count) are read (not zeroed: two per scored hand)
  int set_count = 0;
  Tile pair = kNoTile;
  Wait wait = Wait::None;
};

// Facts about the whole hand that do not depend on the reading.
struct HandFacts {
  TileCounts all{};  // concealed + melds (a kan counts 4)
  bool closed = true;
  int kans = 0;
  bool all_simples = false, all_terminals_or_honors = false, all_honors = false, all_terminals = false;
  bool all_green = false;
  int number_suits = 0;  // how many of m/p/s appear
  bool has_honors = false;
  int reds = 0;  // red fives in hand and melds
  int dora = 0, ura = 0;  // dora and ura dora among all tiles (and kita), by the indicators
};

HandFacts hand_facts(const RiichiRequest& request);

struct YakuOutcome {
  int han = 0;      // yaku han, dora included (13 per multiple for yakuman hands)
  int yakuman = 0;  // multiples
  bool has_yaku = false;  // a yaku other than dora
  bool pinfu_shape = false;  // is_pinfu_shape, found on the way (count_fu reads it)
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
