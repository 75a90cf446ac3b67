// One reading of a winning Korean hand, as the yaku rules see it. Built by
// cpp/src/korean/score.cpp for each decomposition x winning-tile placement.
#pragma once
#include <array>

#include "tenbou/korean.hpp"

namespace tenbou {

struct KoreanSet {
  SetKind kind;
  Tile tile;
  bool concealed;  // not called; a pung completed by ron is not concealed (L64)
  bool declared;   // a meld from the request
  MeldKind meld_kind;
};

struct KoreanReading {
  bool seven_pairs = false;
  std::array<KoreanSet, 4> sets{};
  int set_count = 0;
  Tile pair = kNoTile;
  Wait wait = Wait::None;
};

// Facts about the whole hand that do not depend on the reading.
struct KoreanHandFacts {
  TileCounts all{};  // concealed + melds (a kan counts 4)
  bool closed = true;
  int kans = 0;
  int number_suits = 0;
  bool has_honors = false, has_terminals = false, has_simples = false;
  int genso = 0;  // copies of the winning tile (section 6.1), before the chankan rule
};

KoreanHandFacts korean_hand_facts(const KoreanRequest& request);

struct KoreanYakuOutcome {
  SmallList<KoreanYakuEntry, 40> yaku;
  int base = 0, additional = 0;  // known values only
  bool has_unknown = false;
  bool unlimited = false;
  bool chuuren_furiten = false;  // a nine-gates shape refused for furiten (L97)
  bool valid(int min_base) const { return base >= min_base; }
};

// Decides every yaku of the reading and its value in the request's variant
// (cpp/src/korean/yaku.cpp).
void find_korean_yaku(const KoreanRequest& request, const KoreanHandFacts& facts, const KoreanReading& reading,
                      KoreanYakuOutcome& out);

// The value of a yaku in the request's variant after the house options
// (kUnknownHan for 불명, kNoValue for a local yaku that is off).
int korean_value(const KoreanRules& rules, KoreanVariant variant, KoreanYaku yaku);
KoreanYakuKind korean_kind(const KoreanRules& rules, KoreanVariant variant, KoreanYaku yaku);

}  // namespace tenbou
