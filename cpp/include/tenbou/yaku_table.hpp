// The Riichi yaku catalogue as data: one row per yaku, checkable against the
// seeds line by line. Where a yaku is *decided* is cpp/src/riichi/yaku.cpp.
#pragma once
#include <array>
#include <cstdint>
#include <string_view>

namespace tenbou {

// Order = the contract's key order (contract.md) = output order.
enum class Yaku : std::uint8_t {
  MenzenTsumo, Riichi, Ippatsu, Chankan, Rinshan, Haitei, Houtei, Pinfu, Tanyao, Iipeikou,
  SeatWind, RoundWind, Haku, Hatsu, Chun, NorthWind, DoubleRiichi, Chiitoitsu, Chanta, Ittsu, Sanshoku,
  SanshokuDoukou, Sankantsu, Toitoi, Sanankou, Shousangen, Honroutou, Ryanpeikou, Junchan,
  Honitsu, Chinitsu, Renhou, Tenhou, Chiihou, Daisangen, Suuankou, SuuankouTanki, Tsuuiisou,
  Ryuuiisou, Chinroutou, Chuuren, JunseiChuuren, Kokushi, Kokushi13, Daisuushi, Shousuushi,
  Suukantsu, Dora, AkaDora, UraDora, Kita,
  Count
};
constexpr int kYakuCount = static_cast<int>(Yaku::Count);

struct YakuInfo {
  Yaku id;
  std::string_view key;  // contract key (a view: its length is known without strlen)
  const char* name_en;
  const char* name_ja;
  const char* name_ko;   // as the seeds write it
  std::uint8_t han_closed;
  std::uint8_t han_open;  // 0: not allowed with an open hand
  bool yakuman;           // han_closed is then 13 per multiple
  bool double_when_option;  // counted twice under the `double_yakuman` option
};

// Han values: riichi.md "Yaku (standard set)"; seed 000 section 2 lists the
// same values (e.g. shousangen 2, ryanpeikou 3). Renhou's value is a rule
// option (see rules.hpp); the row keeps its yakuman form.
inline constexpr std::array<YakuInfo, kYakuCount> kYakuTable = {{
    {Yaku::MenzenTsumo, "menzen_tsumo", "Fully concealed hand", "門前清自摸和", "멘젠쯔모", 1, 0, false, false},
    {Yaku::Riichi, "riichi", "Riichi", "立直", "리치", 1, 0, false, false},
    {Yaku::Ippatsu, "ippatsu", "Ippatsu", "一発", "일발", 1, 0, false, false},
    {Yaku::Chankan, "chankan", "Robbing a kan", "槍槓", "창깡", 1, 1, false, false},
    {Yaku::Rinshan, "rinshan", "After a kan", "嶺上開花", "영상개화", 1, 1, false, false},
    {Yaku::Haitei, "haitei", "Under the sea", "海底摸月", "해저로월", 1, 1, false, false},
    {Yaku::Houtei, "houtei", "Under the river", "河底撈魚", "하저로어", 1, 1, false, false},
    {Yaku::Pinfu, "pinfu", "Pinfu", "平和", "핑후", 1, 0, false, false},
    {Yaku::Tanyao, "tanyao", "All simples", "断幺九", "탕야오", 1, 1, false, false},
    {Yaku::Iipeikou, "iipeikou", "Pure double sequence", "一盃口", "이페코", 1, 0, false, false},
    {Yaku::SeatWind, "seat_wind", "Seat wind", "自風牌", "자풍패", 1, 1, false, false},
    {Yaku::RoundWind, "round_wind", "Round wind", "場風牌", "장풍패", 1, 1, false, false},
    {Yaku::Haku, "haku", "White dragon", "白", "백", 1, 1, false, false},
    {Yaku::Hatsu, "hatsu", "Green dragon", "發", "발", 1, 1, false, false},
    {Yaku::Chun, "chun", "Red dragon", "中", "중", 1, 1, false, false},
    // Three-player house option north_value: North as a value tile for every seat.
    {Yaku::NorthWind, "north_wind", "North wind (three-player value tile)", "北", "북", 1, 1, false, false},
    {Yaku::DoubleRiichi, "double_riichi", "Double riichi", "両立直", "더블리치", 2, 0, false, false},
    {Yaku::Chiitoitsu, "chiitoitsu", "Seven pairs", "七対子", "치또이츠", 2, 0, false, false},
    {Yaku::Chanta, "chanta", "Half outside hand", "混全帯幺九", "찬타", 2, 1, false, false},
    {Yaku::Ittsu, "ittsu", "Pure straight", "一気通貫", "일기통관", 2, 1, false, false},
    {Yaku::Sanshoku, "sanshoku", "Mixed triple sequence", "三色同順", "삼색동순", 2, 1, false, false},
    {Yaku::SanshokuDoukou, "sanshoku_doukou", "Triple triplets", "三色同刻", "삼색동각", 2, 2, false, false},
    {Yaku::Sankantsu, "sankantsu", "Three kans", "三槓子", "산깡쯔", 2, 2, false, false},
    {Yaku::Toitoi, "toitoi", "All triplets", "対々和", "또이또이", 2, 2, false, false},
    {Yaku::Sanankou, "sanankou", "Three concealed triplets", "三暗刻", "산안커", 2, 2, false, false},
    {Yaku::Shousangen, "shousangen", "Little three dragons", "小三元", "소삼원", 2, 2, false, false},
    {Yaku::Honroutou, "honroutou", "All terminals and honours", "混老頭", "혼노두", 2, 2, false, false},
    {Yaku::Ryanpeikou, "ryanpeikou", "Twice pure double sequence", "二盃口", "량페코", 3, 0, false, false},
    {Yaku::Junchan, "junchan", "Fully outside hand", "純全帯幺九", "준찬타", 3, 2, false, false},
    {Yaku::Honitsu, "honitsu", "Half flush", "混一色", "혼일색", 3, 2, false, false},
    {Yaku::Chinitsu, "chinitsu", "Full flush", "清一色", "청일색", 6, 5, false, false},
    {Yaku::Renhou, "renhou", "Blessing of man", "人和", "인화", 13, 0, true, false},
    {Yaku::Tenhou, "tenhou", "Blessing of heaven", "天和", "천화", 13, 0, true, false},
    {Yaku::Chiihou, "chiihou", "Blessing of earth", "地和", "지화", 13, 0, true, false},
    {Yaku::Daisangen, "daisangen", "Big three dragons", "大三元", "대삼원", 13, 13, true, false},
    {Yaku::Suuankou, "suuankou", "Four concealed triplets", "四暗刻", "스안커", 13, 0, true, false},
    {Yaku::SuuankouTanki, "suuankou_tanki", "Four concealed triplets, single wait", "四暗刻単騎", "스안커 단기", 13, 0, true, true},
    {Yaku::Tsuuiisou, "tsuuiisou", "All honours", "字一色", "자일색", 13, 13, true, false},
    {Yaku::Ryuuiisou, "ryuuiisou", "All green", "緑一色", "녹일색", 13, 13, true, false},
    {Yaku::Chinroutou, "chinroutou", "All terminals", "清老頭", "청노두", 13, 13, true, false},
    {Yaku::Chuuren, "chuuren", "Nine gates", "九蓮宝燈", "구련보등", 13, 0, true, false},
    {Yaku::JunseiChuuren, "junsei_chuuren", "True nine gates", "純正九蓮宝燈", "순정구련보등", 13, 0, true, true},
    {Yaku::Kokushi, "kokushi", "Thirteen orphans", "国士無双", "국사무쌍", 13, 0, true, false},
    {Yaku::Kokushi13, "kokushi_13", "Thirteen orphans, 13-sided wait", "国士無双十三面待ち", "국사무쌍 13면대기", 13, 0, true, true},
    {Yaku::Daisuushi, "daisuushi", "Big four winds", "大四喜", "대사희", 13, 13, true, true},
    {Yaku::Shousuushi, "shousuushi", "Little four winds", "小四喜", "소사희", 13, 13, true, false},
    {Yaku::Suukantsu, "suukantsu", "Four kans", "四槓子", "스깡쯔", 13, 13, true, false},
    {Yaku::Dora, "dora", "Dora", "ドラ", "도라", 1, 1, false, false},
    {Yaku::AkaDora, "aka_dora", "Red five", "赤ドラ", "적도라", 1, 1, false, false},
    {Yaku::UraDora, "ura_dora", "Ura dora", "裏ドラ", "뒷도라", 1, 1, false, false},
    // Three-player: North tiles set aside, one dora each (request key "kita").
    {Yaku::Kita, "kita", "North dora (kita)", "抜きドラ", "북 뽑기 도라", 1, 1, false, false},
}};

constexpr const YakuInfo& yaku_info(Yaku y) { return kYakuTable[static_cast<int>(y)]; }

// Fully implied lesser yaku (seed 000 section 4, "완전 하위 역"): every hand with
// `higher` also has `lower`. Aotenjo drops `lower` by default (option
// aotenjo_drop_implied); the seed's own pairs are ryanpeikou-iipeikou,
// suuankou-sanankou and chinitsu-honitsu, the rest follow the same definition.
struct Implication {
  Yaku higher;
  Yaku lower;
};
inline constexpr Implication kImpliedYaku[] = {
    {Yaku::Ryanpeikou, Yaku::Iipeikou},   {Yaku::Chinitsu, Yaku::Honitsu},
    {Yaku::Junchan, Yaku::Chanta},        {Yaku::Suuankou, Yaku::Sanankou},
    {Yaku::SuuankouTanki, Yaku::Sanankou}, {Yaku::Suuankou, Yaku::Toitoi},
    {Yaku::SuuankouTanki, Yaku::Toitoi},  {Yaku::Suukantsu, Yaku::Sankantsu},
    {Yaku::Suukantsu, Yaku::Toitoi},      {Yaku::Chinroutou, Yaku::Honroutou},
    {Yaku::Chinroutou, Yaku::Toitoi},     {Yaku::Tsuuiisou, Yaku::Honroutou},
    {Yaku::Daisangen, Yaku::Haku},        {Yaku::Daisangen, Yaku::Hatsu},
    {Yaku::Daisangen, Yaku::Chun},        {Yaku::Daisuushi, Yaku::Toitoi},
    {Yaku::Daisuushi, Yaku::SeatWind},    {Yaku::Daisuushi, Yaku::RoundWind},
    {Yaku::Chuuren, Yaku::Chinitsu},      {Yaku::JunseiChuuren, Yaku::Chinitsu},
    {Yaku::Tenhou, Yaku::MenzenTsumo},    {Yaku::Chiihou, Yaku::MenzenTsumo},
};

}  // namespace tenbou
