// Korean mahjong (seed 004) as data: the 36 rows of the seed's summary table
// (004 L10-46) with their value in each house variant, and the local yaku the
// seed names without a value (L131-134). Check a row against the seed by its
// `seed_line`. Where each yaku is *decided* is cpp/src/korean/yaku.cpp.
#pragma once
#include <array>
#include <cstdint>

namespace tenbou {

// The three house variants: the seed table's column heads (L10).
enum class KoreanVariant : std::uint8_t { Nagari = 0, Samsiki = 1, Coffee = 2 };
constexpr int kKoreanVariants = 3;

// Order = the seed table's row order = output order; local yaku after the table.
enum class KoreanYaku : std::uint8_t {
  Menzen, Tsumo, Pinfu, Tanyao, ValueSet, Ittsu, Honitsu, Toitoi, Sanankou, Chiitoitsu,
  Shousangen, Suuankou, Shousuushi, Honroutou, Chinitsu, Daisangen, Daisuushi, Tsuuiisou,
  Renhou, Chiihou, Tenhou, Chuuren, Genso, Flower, Eopeo, Bulleo, WejaBulleo, DoubleRiichi,
  Hwamangwan, Haitei, Houtei, Rinshan, Chankan, Rinshan5p, Haitei1p, Houtei9p,
  // Local yaku (L131-134): off unless `options.local_yaku` gives a value.
  Chanta, Iipeikou, Ryanpeikou, Sankantsu, Suukantsu,
  Count
};
constexpr int kKoreanYakuCount = static_cast<int>(KoreanYaku::Count);
constexpr int kKoreanTableRows = 36;  // K1..K36; the rest are local yaku

// "불명": the seed gives no value; never guessed (korean.md A7).
constexpr std::int8_t kUnknownHan = -1;
// A local yaku with no value in the seed: off unless the options give one.
constexpr std::int8_t kNoValue = -2;

enum class KoreanYakuKind : std::uint8_t { Base, Additional };  // 기본 족보 / 부가 족보
constexpr KoreanYakuKind B = KoreanYakuKind::Base;
constexpr KoreanYakuKind A = KoreanYakuKind::Additional;

struct KoreanYakuRow {
  KoreanYaku id;
  const char* key;      // English snake_case, stable
  const char* name_ko;  // as the seed writes it
  const char* name_en;
  std::array<std::int8_t, kKoreanVariants> han;          // nagari, samsiki, coffee
  std::array<KoreanYakuKind, kKoreanVariants> kind;      // "+" in the seed = additional
  bool per_unit;        // counted once per set / tile / flower
  std::uint8_t seed_line;  // line of seed 004 (cat -n) holding the row
};

// Transcribed from 004 L11-46 ("-" = 0 han, 불명 = kUnknownHan).
inline constexpr std::array<KoreanYakuRow, kKoreanYakuCount> kKoreanYakuTable = {{
    {KoreanYaku::Menzen, "menzen", "멘젠", "Concealed hand", {1, 1, 1}, {B, B, B}, false, 11},
    {KoreanYaku::Tsumo, "tsumo", "쓰무", "Concealed self-draw", {1, 1, 1}, {B, B, B}, false, 12},
    {KoreanYaku::Pinfu, "pinfu", "핑후", "Pinfu", {1, 1, 1}, {B, B, B}, false, 13},
    {KoreanYaku::Tanyao, "tanyao", "당요", "All simples", {1, 1, 1}, {B, B, B}, false, 14},
    {KoreanYaku::ValueSet, "value_set", "권리패", "Value set (dragon or own wind)", {1, 1, 1}, {B, B, B}, true, 15},
    {KoreanYaku::Ittsu, "ittsu", "일기통관", "Pure straight", {2, 2, 2}, {B, B, B}, false, 16},
    {KoreanYaku::Honitsu, "honitsu", "혼일색", "Half flush", {2, 2, 2}, {B, B, B}, false, 17},
    {KoreanYaku::Toitoi, "toitoi", "돌돌이", "All pungs", {2, 2, 2}, {B, B, B}, false, 18},
    {KoreanYaku::Sanankou, "sanankou", "삼안커", "Three concealed pungs", {4, 2, 2}, {B, B, B}, false, 19},
    {KoreanYaku::Chiitoitsu, "chiitoitsu", "칠대자", "Seven pairs", {4, 2, 2}, {B, B, B}, false, 20},
    {KoreanYaku::Shousangen, "shousangen", "소삼원", "Little three dragons", {6, 4, 6}, {B, B, B}, false, 21},
    {KoreanYaku::Suuankou, "suuankou", "사안커", "Four concealed pungs", {6, 4, 6}, {B, B, B}, false, 22},
    {KoreanYaku::Shousuushi, "shousuushi", "소사희", "Little four winds", {8, 4, 4}, {B, B, B}, false, 23},
    {KoreanYaku::Honroutou, "honroutou", "혼노두", "All terminals and honours", {8, 6, 4}, {B, B, B}, false, 24},
    {KoreanYaku::Chinitsu, "chinitsu", "청일색", "Full flush", {8, 6, 6}, {B, B, B}, false, 25},
    {KoreanYaku::Daisangen, "daisangen", "대삼원", "Big three dragons", {8, 6, 6}, {B, B, B}, false, 26},
    {KoreanYaku::Daisuushi, "daisuushi", "대사희", "Big four winds", {12, 6, 6}, {B, B, B}, false, 27},
    {KoreanYaku::Tsuuiisou, "tsuuiisou", "자일색", "All honours", {12, 6, 12}, {B, B, B}, false, 28},
    {KoreanYaku::Renhou, "renhou", "인화", "Hand of man", {16, 12, 12}, {B, B, B}, false, 29},
    {KoreanYaku::Chiihou, "chiihou", "지화", "Hand of earth", {16, 12, 12}, {B, B, B}, false, 30},
    {KoreanYaku::Tenhou, "tenhou", "천화", "Hand of heaven", {16, 12, 24}, {B, B, B}, false, 31},
    {KoreanYaku::Chuuren, "chuuren", "구련보등", "Nine gates (pure form only)", {24, 12, 48}, {B, B, B}, false, 32},
    {KoreanYaku::Genso, "genso", "겐쇼", "Genso (copies of the winning tile)", {1, 1, 1}, {A, A, A}, true, 33},
    {KoreanYaku::Flower, "flower", "꽃패", "Flower", {1, 1, 1}, {A, A, A}, true, 34},
    {KoreanYaku::Eopeo, "eopeo", "엎어", "Eopeo (riichi, hand face down)", {1, kUnknownHan, 2}, {A, A, A}, false, 35},
    {KoreanYaku::Bulleo, "bulleo", "불러", "Bulleo (open riichi)", {1, 2, 3}, {A, A, A}, false, 36},
    {KoreanYaku::WejaBulleo, "weja_bulleo", "외자불러", "Weja bulleo", {0, 0, 3}, {A, A, A}, false, 37},
    {KoreanYaku::DoubleRiichi, "double_riichi", "부지부 엎어", "Double riichi (first go-around)", {5, 2, 2}, {B, A, B}, false, 38},
    {KoreanYaku::Hwamangwan, "hwamangwan", "화만관", "All four flowers", {4, 6, 6}, {A, A, A}, false, 39},
    {KoreanYaku::Haitei, "haitei", "하이테이 올라", "Last tile self-draw", {5, 1, 1}, {A, A, A}, false, 40},
    {KoreanYaku::Houtei, "houtei", "하이테이 쏘아", "Last discard", {5, 1, 1}, {A, A, A}, false, 41},
    {KoreanYaku::Rinshan, "rinshan", "깡올라", "Win on a kan replacement", {5, 1, 1}, {A, A, A}, false, 42},
    {KoreanYaku::Chankan, "chankan", "깡쏘아", "Robbing a kan", {5, kUnknownHan, kUnknownHan}, {A, A, A}, false, 43},
    {KoreanYaku::Rinshan5p, "rinshan_5p", "깡상 5통올라", "Kan replacement win on 5p", {8, 5, 6}, {A, A, A}, false, 44},
    {KoreanYaku::Haitei1p, "haitei_1p", "하이테이 1통올라", "Last tile self-draw on 1p", {8, 5, 6}, {A, A, A}, false, 45},
    {KoreanYaku::Houtei9p, "houtei_9p", "하이테이 9통쏘아", "Last discard on 9p", {8, kUnknownHan, kUnknownHan}, {A, A, A}, false, 46},
    // Local yaku: named at L131-134 with no value; a house supplies it.
    {KoreanYaku::Chanta, "chanta", "찬타", "Outside hand (local)", {kNoValue, kNoValue, kNoValue}, {B, B, B}, false, 132},
    {KoreanYaku::Iipeikou, "iipeikou", "이페코", "Pure double sequence (local)", {kNoValue, kNoValue, kNoValue}, {B, B, B}, false, 131},
    {KoreanYaku::Ryanpeikou, "ryanpeikou", "량페코", "Twice pure double sequence (local)", {kNoValue, kNoValue, kNoValue}, {B, B, B}, false, 134},
    {KoreanYaku::Sankantsu, "sankantsu", "삼깡", "Three kans (local)", {kNoValue, kNoValue, kNoValue}, {B, B, B}, false, 132},
    {KoreanYaku::Suukantsu, "suukantsu", "사깡", "Four kans (local)", {kNoValue, kNoValue, kNoValue}, {B, B, B}, false, 134},
}};

constexpr const KoreanYakuRow& korean_row(KoreanYaku y) { return kKoreanYakuTable[static_cast<int>(y)]; }

// Yaku that are never counted together with another (korean.md section 4):
// the second is dropped when the first applies.
struct KoreanExclusion {
  KoreanYaku upper, lower;
  std::uint8_t seed_line;
};
inline constexpr KoreanExclusion kKoreanAlwaysExcluded[] = {
    {KoreanYaku::Chinitsu, KoreanYaku::Honitsu, 76},    // "혼일색의 판수는 인정되지 않는다"
    {KoreanYaku::Honroutou, KoreanYaku::Chanta, 80},    // "찬타의 판수는 적용하지 않는다"
    {KoreanYaku::Suuankou, KoreanYaku::Sanankou, 73},   // the upgrade of the same pattern
    {KoreanYaku::Ryanpeikou, KoreanYaku::Iipeikou, 134},
    {KoreanYaku::Ryanpeikou, KoreanYaku::Chiitoitsu, 134},
    {KoreanYaku::Suukantsu, KoreanYaku::Sankantsu, 134},
};

// Component yaku that the seed counts on top of a bigger one only conditionally
// ("…를 별도로 취급하면 사실상 N판": "if counted separately, effectively N han").
// Counted by default (korean.md A2); `stack_components: false` drops them. Under
// the dragon yaku ValueSet means the dragon sets, under the wind yaku the wind sets.
// Unconditional stacking is not listed: 대칠성 = 자일색 + 칠대자 (L65), 혼노두 with
// 돌돌이/칠대자 ("무조건 중첩", L80), 자일색 with 돌돌이/칠대자 (L87), winds on 소사희 (L82).
inline constexpr KoreanExclusion kKoreanComponents[] = {
    {KoreanYaku::Shousangen, KoreanYaku::ValueSet, 68},   // + 삼원패 2판 = "사실상 6판"
    {KoreanYaku::Daisangen, KoreanYaku::ValueSet, 78},    // + 삼원패 3판 = "사실상 11판"
    {KoreanYaku::Suuankou, KoreanYaku::Toitoi, 73},       // + 돌돌이 = "사실상 10판"
    {KoreanYaku::Shousuushi, KoreanYaku::Honitsu, 82},    // + 혼일색 = "사실상 10판"
    {KoreanYaku::Daisuushi, KoreanYaku::ValueSet, 85},    // + 바람패, 혼일색, 돌돌이 = "사실상 18판"
    {KoreanYaku::Daisuushi, KoreanYaku::Honitsu, 85},
    {KoreanYaku::Daisuushi, KoreanYaku::Toitoi, 85},
    {KoreanYaku::Chuuren, KoreanYaku::Chinitsu, 101},     // + 청일색 = "사실상 32판"
};

}  // namespace tenbou
