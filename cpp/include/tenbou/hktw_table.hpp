// Hong Kong-Taiwan style (seed 002) as data: the 56 numbered entries of the seed's
// pattern list (002 L18-111), each sub-entry a row, with its points and the seed
// line that gives them (check a row with `cat -n` on the seed). Where each pattern
// is *decided* is cpp/src/hktw/patterns.cpp; readings and payments are in
// cpp/src/hktw/score.cpp.
#pragma once
#include <array>
#include <cstdint>

namespace tenbou {

// Order = the seed's numbering = output order.
enum class HktwPattern : std::uint8_t {
  NoFlowers, Flower, OwnFlower, WindPung, ValueWindPung,
  DragonPung, LittleThreeDragons, BigThreeDragons, OpenKan, ClosedKan,
  OpenRiichi, ClosedRiichi, Ippatsu, Chicken, Duck,
  ShanponRon, TrueSingleWait, FalseSingleWait, Pair258, NoHonours,
  NoHonoursNoFlowers, NoHonoursNoFlowersAllChows, ConcealedHand, SelfDraw, ConcealedSelfDraw,
  LastTile, FlowerReplacementWin, KanReplacementWin, TwoKanReplacementWin, ThreeKanReplacementWin,
  RobbingKan, RobbingSecondKan, RobbingThirdKan,
  TwoConcealedPungs, ThreeConcealedPungs, FourConcealedPungs, FiveConcealedPungs, FiveConcealedPungsTsumo,
  MixedDoubleChow, MixedTripleChow, MixedTripleChowPlusOne, FiveSameChows,
  PureDoubleChow, PureTripleChow, PureQuadrupleChow,
  DoublePung, LittleTriplePung, TriplePung,
  TwoShiftedPungs, LittleThreeShiftedPungs, ThreeShiftedPungs, LittleFourShiftedPungs, FourShiftedPungs,
  LittleFiveShiftedPungs, FiveShiftedPungs,
  MixedShiftedPungs, TerminalPungs, FourInTwo, FourInThree, FourInFour,
  PureStraight, MixedStraight, KnittedStraight, AllFiveTypes, AllSevenTypes, OneSuitMissing,
  HalfFlush, FullFlush, AllPungs, AllMeldedSingleWait, EarlyWin7, EarlyWin10,
  LittleThreeWinds, BigThreeWinds, LittleFourWinds, BigFourWinds,
  OrphansPlusSet, OrphansFourOfAKind, SixteenUnrelated, KnittedSixteen, SevenPairsPlusPung,
  FlowerSet, MixedFlowerSet, AllFlowers, AllSimples,
  OutsideHand, PureOutsideHand, AllTerminalsAndHonours, AllTerminals,
  HeavenlyHand, EarthlyHand, HumanHand, FourWindsDiscarded, Dice,
  Count
};
constexpr int kHktwPatternCount = static_cast<int>(HktwPattern::Count);

// What decides an entry (hktw.md section 2): the final hand, the game situation the
// request states, or an instant payment outside the hand's value.
enum class HktwClass : std::uint8_t { Hand, Situation, Instant };

struct HktwRow {
  HktwPattern id;
  const char* number;   // the seed's entry number ("6-2")
  const char* key;      // English snake_case, stable
  const char* name_ko;  // as the seed writes it ((…) = a name the seed does not give)
  const char* name_en;
  std::int16_t points;      // the value; per unit for per-unit rows
  std::int16_t points_alt;  // the other value of a two-valued row (see `alt_when`), else = points
  const char* alt_when;     // when points_alt applies ("called", "tsumo", "double wind"), or ""
  bool per_unit;            // counted per set / flower / number group
  HktwClass cls;
  std::uint8_t seed_line;   // line of seed 002 (cat -n)
};

constexpr HktwClass H = HktwClass::Hand;
constexpr HktwClass S = HktwClass::Situation;
constexpr HktwClass I = HktwClass::Instant;

// Transcribed from 002 L18-111. Rows whose value the seed states as a total
// (16 무자화 5, 17 무자화 평화 15, 18-3 문전쯔모 5) carry that total and replace
// their parts; 6-2 and 6-3 carry their own 20/40 and add the dragon pungs (L24-25).
inline constexpr std::array<HktwRow, kHktwPatternCount> kHktwTable = {{
    {HktwPattern::NoFlowers, "1", "no_flowers", "무화", "No flowers", 1, 1, "", false, H, 18},
    {HktwPattern::Flower, "2", "flower", "유화", "Flower (not own seat)", 1, 1, "", true, H, 19},
    {HktwPattern::OwnFlower, "3", "own_flower", "정화", "Own flower", 2, 2, "", true, H, 20},
    {HktwPattern::WindPung, "4", "wind_pung", "풍", "Wind pung", 1, 1, "", true, H, 21},
    {HktwPattern::ValueWindPung, "5", "value_wind_pung", "맞은풍", "Seat or round wind pung", 2, 4, "double wind", true, H, 22},
    {HktwPattern::DragonPung, "6-1", "dragon_pung", "삼원패", "Dragon pung", 2, 2, "", true, H, 23},
    {HktwPattern::LittleThreeDragons, "6-2", "little_three_dragons", "소삼원", "Little three dragons", 20, 20, "", false, H, 24},
    {HktwPattern::BigThreeDragons, "6-3", "big_three_dragons", "대삼원", "Big three dragons", 40, 40, "", false, H, 25},
    {HktwPattern::OpenKan, "7-1", "open_kan", "대명깡/소명깡", "Open or added kan", 1, 1, "", true, H, 26},
    {HktwPattern::ClosedKan, "7-2", "closed_kan", "암깡", "Closed kan", 2, 2, "", true, H, 27},
    {HktwPattern::OpenRiichi, "8-1", "open_riichi", "울어리치", "Riichi with an open hand", 2, 2, "", false, S, 28},
    {HktwPattern::ClosedRiichi, "8-2", "closed_riichi", "문전리치", "Concealed riichi", 8, 8, "", false, S, 29},
    {HktwPattern::Ippatsu, "8-3", "ippatsu", "일발", "Ippatsu", 2, 2, "", false, S, 30},
    {HktwPattern::Chicken, "9", "chicken", "닭", "Chicken hand (nothing else, ron)", 20, 20, "", false, H, 31},
    {HktwPattern::Duck, "10", "duck", "오리", "Duck hand (nothing else, tsumo)", 10, 10, "", false, H, 32},
    {HktwPattern::ShanponRon, "11", "shanpon_ron", "대퐁", "Pung completed by ron on a two-pair wait", 1, 1, "", false, H, 33},
    {HktwPattern::TrueSingleWait, "12", "true_single_wait", "독독", "True single wait", 2, 2, "", false, H, 34},
    {HktwPattern::FalseSingleWait, "13", "false_single_wait", "가독", "False single wait", 1, 1, "", false, H, 35},
    {HktwPattern::Pair258, "14", "pair_258", "장안", "2-5-8 pair", 1, 1, "", false, H, 36},
    {HktwPattern::NoHonours, "15", "no_honours", "무자", "No honours", 1, 1, "", false, H, 37},
    {HktwPattern::NoHonoursNoFlowers, "16", "no_honours_no_flowers", "무자화", "No honours, no flowers", 5, 5, "", false, H, 38},
    {HktwPattern::NoHonoursNoFlowersAllChows, "17", "no_honours_no_flowers_all_chows", "무자화 평화",
     "No honours, no flowers, all chows", 15, 15, "", false, H, 39},
    {HktwPattern::ConcealedHand, "18-1", "concealed_hand", "문전", "Concealed hand", 3, 3, "", false, H, 40},
    {HktwPattern::SelfDraw, "18-2", "self_draw", "쯔모", "Self-draw", 1, 1, "", false, H, 41},
    {HktwPattern::ConcealedSelfDraw, "18-3", "concealed_self_draw", "문전쯔모", "Concealed self-draw", 5, 5, "", false, H, 42},
    {HktwPattern::LastTile, "19", "last_tile", "하이테이", "Win on the last tile or last discard", 20, 20, "", false, S, 43},
    {HktwPattern::FlowerReplacementWin, "20", "flower_replacement_win", "화쯔모", "Win on a flower replacement (2n+1)",
     3, 3, "", false, S, 44},
    {HktwPattern::KanReplacementWin, "21-1", "kan_replacement_win", "깡쯔모", "Win on a kan replacement", 1, 1, "", false, S, 45},
    {HktwPattern::TwoKanReplacementWin, "21-2", "two_kan_replacement_win", "2연속 깡쯔모",
     "Win on the replacement of a second consecutive kan", 30, 30, "", false, S, 46},
    {HktwPattern::ThreeKanReplacementWin, "21-3", "three_kan_replacement_win", "3연속 깡쯔모",
     "Win on the replacement of a third consecutive kan", 60, 60, "", false, S, 47},
    {HktwPattern::RobbingKan, "22-1", "robbing_kan", "창깡", "Robbing a kan", 1, 1, "", false, S, 48},
    {HktwPattern::RobbingSecondKan, "22-2", "robbing_second_kan", "2연속깡 창깡", "Robbing a second consecutive kan", 30, 30,
     "", false, S, 49},
    {HktwPattern::RobbingThirdKan, "22-3", "robbing_third_kan", "3연속깡 창깡", "Robbing a third consecutive kan", 60, 60,
     "", false, S, 50},
    {HktwPattern::TwoConcealedPungs, "23-1", "two_concealed_pungs", "2안커", "Two concealed pungs", 3, 3, "", false, H, 51},
    {HktwPattern::ThreeConcealedPungs, "23-2", "three_concealed_pungs", "3안커", "Three concealed pungs", 10, 10, "", false, H, 52},
    {HktwPattern::FourConcealedPungs, "23-3", "four_concealed_pungs", "4안커", "Four concealed pungs", 30, 30, "", false, H, 53},
    {HktwPattern::FiveConcealedPungs, "23-4", "five_concealed_pungs", "5안커", "Five concealed pungs", 80, 80, "", false, H, 54},
    {HktwPattern::FiveConcealedPungsTsumo, "23-5", "five_concealed_pungs_tsumo", "5안커 쯔모화료",
     "Five concealed pungs by self-draw", 100, 100, "", false, H, 55},
    {HktwPattern::MixedDoubleChow, "24-1", "mixed_double_chow", "2색동순", "Mixed double chow", 2, 2, "", true, H, 56},
    {HktwPattern::MixedTripleChow, "24-2", "mixed_triple_chow", "3색동순", "Mixed triple chow", 10, 10, "", false, H, 57},
    {HktwPattern::MixedTripleChowPlusOne, "24-3", "mixed_triple_chow_plus_one", "3색동순+1",
     "Mixed triple chow plus a fourth", 20, 20, "", false, H, 58},
    {HktwPattern::FiveSameChows, "25", "five_same_chows", "5동순", "Five chows of the same numbers", 40, 40, "", false, H, 59},
    {HktwPattern::PureDoubleChow, "26-1", "pure_double_chow", "이페커", "Pure double chow", 3, 3, "", true, H, 60},
    {HktwPattern::PureTripleChow, "26-2", "pure_triple_chow", "삼페커", "Pure triple chow", 15, 15, "", false, H, 61},
    {HktwPattern::PureQuadrupleChow, "26-3", "pure_quadruple_chow", "사페커", "Pure quadruple chow", 30, 30, "", false, H, 62},
    {HktwPattern::DoublePung, "27-1", "double_pung", "이색동커", "Double pung (two suits)", 3, 3, "", false, H, 63},
    {HktwPattern::LittleTriplePung, "27-2", "little_triple_pung", "소삼동커", "Little triple pung", 10, 10, "", false, H, 64},
    {HktwPattern::TriplePung, "27-3", "triple_pung", "대삼동커", "Triple pung", 15, 15, "", false, H, 65},
    {HktwPattern::TwoShiftedPungs, "28-1", "two_shifted_pungs", "이연커", "Two shifted pungs", 3, 3, "", false, H, 66},
    {HktwPattern::LittleThreeShiftedPungs, "28-2", "little_three_shifted_pungs", "소삼연커",
     "Two shifted pungs and the next pair", 8, 8, "", false, H, 67},
    {HktwPattern::ThreeShiftedPungs, "28-3", "three_shifted_pungs", "대삼연커", "Three shifted pungs", 15, 15, "", false, H, 68},
    {HktwPattern::LittleFourShiftedPungs, "29-1", "little_four_shifted_pungs", "소사연커",
     "Three shifted pungs and the next pair", 20, 20, "", false, H, 69},
    {HktwPattern::FourShiftedPungs, "29-2", "four_shifted_pungs", "대사연커", "Four shifted pungs", 30, 30, "", false, H, 70},
    {HktwPattern::LittleFiveShiftedPungs, "30-1", "little_five_shifted_pungs", "소오연커",
     "Four shifted pungs and the next pair", 40, 40, "", false, H, 71},
    {HktwPattern::FiveShiftedPungs, "30-2", "five_shifted_pungs", "대오연커", "Five shifted pungs", 60, 60, "", false, H, 72},
    {HktwPattern::MixedShiftedPungs, "31", "mixed_shifted_pungs", "삼색 삼절고", "Mixed shifted pungs", 10, 10, "", false, H, 73},
    {HktwPattern::TerminalPungs, "32", "terminal_pungs", "노소커", "1 and 9 pungs of one suit", 3, 3, "", false, H, 74},
    {HktwPattern::FourInTwo, "33", "four_in_two", "사귀일", "Four of a tile in two bodies", 10, 5, "called", true, H, 75},
    {HktwPattern::FourInThree, "34", "four_in_three", "사귀이", "Four of a tile in three bodies", 20, 10, "called", true, H, 76},
    {HktwPattern::FourInFour, "35", "four_in_four", "사귀사", "Four of a tile in four bodies", 40, 20, "called", true, H, 77},
    {HktwPattern::PureStraight, "36", "pure_straight", "일기통관", "Pure straight", 20, 10, "called", false, H, 78},
    {HktwPattern::MixedStraight, "37", "mixed_straight", "삼색통관", "Mixed straight", 15, 8, "called", false, H, 79},
    {HktwPattern::KnittedStraight, "38", "knitted_straight", "조합룡", "Knitted straight", 15, 15, "", false, H, 80},
    {HktwPattern::AllFiveTypes, "39", "all_five_types", "오문제", "All five tile types", 10, 10, "", false, H, 81},
    {HktwPattern::AllSevenTypes, "40", "all_seven_types", "칠문제", "All five tile types and both flower kinds", 20, 20, "",
     false, H, 82},
    {HktwPattern::OneSuitMissing, "41", "one_suit_missing", "결일문", "One suit missing, no honours", 5, 5, "", false, H, 83},
    {HktwPattern::HalfFlush, "42-1", "half_flush", "혼일색", "Half flush", 30, 30, "", false, H, 84},
    {HktwPattern::FullFlush, "42-2", "full_flush", "청일색", "Full flush", 80, 80, "", false, H, 85},
    {HktwPattern::AllPungs, "43", "all_pungs", "대대화", "All pungs", 30, 30, "", false, H, 86},
    {HktwPattern::AllMeldedSingleWait, "44", "all_melded_single_wait", "전구인", "All melded, pair wait", 15, 8, "tsumo",
     false, H, 87},
    {HktwPattern::EarlyWin7, "45-1", "early_win_7", "조기화료7", "Win with at most 7 discards on the table", 20, 20, "",
     false, S, 88},
    {HktwPattern::EarlyWin10, "45-2", "early_win_10", "조기화료10", "Win with at most 10 discards on the table", 10, 10, "",
     false, S, 89},
    {HktwPattern::LittleThreeWinds, "46-1", "little_three_winds", "소삼풍", "Little three winds", 15, 15, "", false, H, 90},
    {HktwPattern::BigThreeWinds, "46-2", "big_three_winds", "대삼풍", "Big three winds", 30, 30, "", false, H, 91},
    {HktwPattern::LittleFourWinds, "47-1", "little_four_winds", "소사희", "Little four winds", 60, 60, "", false, H, 92},
    {HktwPattern::BigFourWinds, "47-2", "big_four_winds", "대사희", "Big four winds", 80, 80, "", false, H, 93},
    {HktwPattern::OrphansPlusSet, "48-1", "thirteen_orphans_plus_set", "국사무쌍+1", "Thirteen orphans and a set", 80, 80,
     "", false, H, 94},
    {HktwPattern::OrphansFourOfAKind, "48-2", "thirteen_orphans_four_of_a_kind", "사귀일 국사무쌍",
     "Thirteen orphans holding four of one tile", 90, 90, "", false, H, 95},
    {HktwPattern::SixteenUnrelated, "49-1", "sixteen_unrelated", "16불탑", "Sixteen unrelated tiles", 60, 60, "", false, H, 96},
    {HktwPattern::KnittedSixteen, "49-2", "knitted_sixteen", "조합룡 16불탑", "Knitted sixteen unrelated tiles", 80, 80, "",
     false, H, 97},
    {HktwPattern::SevenPairsPlusPung, "50", "seven_pairs_plus_pung", "치또이츠+1안커", "Seven pairs and a concealed pung", 40,
     40, "", false, H, 98},
    {HktwPattern::FlowerSet, "51-1", "flower_set", "화패 한 종류", "A complete flower set", 10, 10, "", false, H, 99},
    {HktwPattern::MixedFlowerSet, "51-2", "mixed_flower_set", "화패 1234 혼합", "Flowers 1-4 from both sets", 0, 0, "", false,
     I, 100},
    {HktwPattern::AllFlowers, "51-3", "all_flowers", "화패 8개", "All eight flowers", 0, 0, "", false, I, 101},
    {HktwPattern::AllSimples, "52", "all_simples", "탕야오", "All simples", 5, 5, "", false, H, 102},
    {HktwPattern::OutsideHand, "53-1", "outside_hand", "찬타", "Outside hand", 15, 15, "", false, H, 103},
    {HktwPattern::PureOutsideHand, "53-2", "pure_outside_hand", "준찬타", "Pure outside hand", 30, 30, "", false, H, 104},
    {HktwPattern::AllTerminalsAndHonours, "53-3", "all_terminals_and_honours", "혼요구", "All terminals and honours", 40, 40,
     "", false, H, 105},
    {HktwPattern::AllTerminals, "53-4", "all_terminals", "청요구", "All terminals", 80, 80, "", false, H, 106},
    {HktwPattern::HeavenlyHand, "54-1", "heavenly_hand", "천화", "Heavenly hand", 100, 100, "", false, S, 107},
    {HktwPattern::EarthlyHand, "54-2", "earthly_hand", "지화", "Earthly hand", 90, 90, "", false, S, 108},
    {HktwPattern::HumanHand, "54-3", "human_hand", "인화", "Human hand", 80, 80, "", false, S, 109},
    {HktwPattern::FourWindsDiscarded, "55", "four_winds_discarded", "4풍연타", "Four same winds discarded", 0, 0, "", false,
     I, 110},
    {HktwPattern::Dice, "56", "dice", "주사위", "Dice at the start", 0, 0, "", false, I, 111},
}};

constexpr const HktwRow& hktw_row(HktwPattern p) { return kHktwTable[static_cast<int>(p)]; }

// The fixed amounts of seed 002 outside the patterns.
struct HktwAmounts {
  static constexpr int kBase = 5;              // L7: "매 국마다 기본적으로 5점"
  static constexpr int kClosedKanEach = 5;     // L27: "암깡시 즉시 모두에게 5점씩"
  static constexpr int kFlowerSetEach = 5;     // L99
  static constexpr int kMixedFlowersEach = 3;  // L100
  static constexpr int kAllFlowersEach = 40;   // L101
  static constexpr int kChombo = 30;           // L13: "기본 5점의 6배인 30점"
  static constexpr int kCallMistake = 5;       // L13
  static constexpr int kDrawEach = 5;          // L13
  static constexpr int kFourWindsStep = 5;     // L110: 5, then 10, 15, ...
  static constexpr int kDiceEach = 5;          // L111
};

}  // namespace tenbou
