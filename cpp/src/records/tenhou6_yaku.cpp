// tenhou.net/6 names as data (tenhou6_yaku.hpp). One row per name: a new name is a new row.
#include "records/tenhou6_yaku.hpp"

#include <array>
#include <iterator>

#include "tenbou/yaku_table.hpp"

namespace tenbou::records {
namespace {

using N = YakuNaming;

// Tenhou's names in the order of its yaku ids 0-54 (shared/data/tenhou/README.md), then the
// names in which Mahjong Soul differs (tensoul's data.json name_jp), then English: Mahjong
// Soul's name_en and the usual romaji. tenbou's own keys and English names (yaku_table.hpp)
// are matched as well, without a row here.
constexpr Tenhou6YakuName kNames[] = {
    {"門前清自摸和", "menzen_tsumo", N::Tenhou},
    {"立直", "riichi", N::Tenhou},
    {"一発", "ippatsu", N::Tenhou},
    {"槍槓", "chankan", N::Tenhou},
    {"嶺上開花", "rinshan", N::Tenhou},
    {"海底摸月", "haitei", N::Tenhou},
    {"河底撈魚", "houtei", N::Tenhou},
    {"平和", "pinfu", N::Tenhou},
    {"断幺九", "tanyao", N::Tenhou},
    {"一盃口", "iipeikou", N::Tenhou},
    {"自風 東", "seat_wind", N::Tenhou},
    {"自風 南", "seat_wind", N::Tenhou},
    {"自風 西", "seat_wind", N::Tenhou},
    {"自風 北", "seat_wind", N::Tenhou},
    {"場風 東", "round_wind", N::Tenhou},
    {"場風 南", "round_wind", N::Tenhou},
    {"場風 西", "round_wind", N::Tenhou},
    {"場風 北", "round_wind", N::Tenhou},
    {"役牌 白", "haku", N::Tenhou},
    {"役牌 發", "hatsu", N::Tenhou},
    {"役牌 中", "chun", N::Tenhou},
    {"両立直", "double_riichi", N::Tenhou},
    {"七対子", "chiitoitsu", N::Tenhou},
    {"混全帯幺九", "chanta", N::Tenhou},
    {"一気通貫", "ittsu", N::Tenhou},
    {"三色同順", "sanshoku", N::Tenhou},
    {"三色同刻", "sanshoku_doukou", N::Tenhou},
    {"三槓子", "sankantsu", N::Tenhou},
    {"対々和", "toitoi", N::Tenhou},
    {"三暗刻", "sanankou", N::Tenhou},
    {"小三元", "shousangen", N::Tenhou},
    {"混老頭", "honroutou", N::Tenhou},
    {"二盃口", "ryanpeikou", N::Tenhou},
    {"純全帯幺九", "junchan", N::Tenhou},
    {"混一色", "honitsu", N::Tenhou},
    {"清一色", "chinitsu", N::Tenhou},
    {"人和", "renhou", N::Tenhou},
    {"天和", "tenhou", N::Tenhou},
    {"地和", "chiihou", N::Tenhou},
    {"大三元", "daisangen", N::Tenhou},
    {"四暗刻", "suuankou", N::Tenhou},
    {"四暗刻単騎", "suuankou_tanki", N::Tenhou},
    {"字一色", "tsuuiisou", N::Tenhou},
    {"緑一色", "ryuuiisou", N::Tenhou},
    {"清老頭", "chinroutou", N::Tenhou},
    {"九蓮宝燈", "chuuren", N::Tenhou},
    {"純正九蓮宝燈", "junsei_chuuren", N::Tenhou},
    {"国士無双", "kokushi", N::Tenhou},
    {"国士無双１３面", "kokushi_13", N::Tenhou},
    {"大四喜", "daisuushi", N::Tenhou},
    {"小四喜", "shousuushi", N::Tenhou},
    {"四槓子", "suukantsu", N::Tenhou},
    {"ドラ", "dora", N::Tenhou},
    {"裏ドラ", "ura_dora", N::Tenhou},
    {"赤ドラ", "aka_dora", N::Tenhou},
    // Mahjong Soul (records.md 3.7): winds unnamed, its own double riichi and 13-sided kokushi,
    // kita as its own entry (Tenhou folds it into ドラ).
    {"役牌:自風牌", "seat_wind", N::MahjongSoul},
    {"役牌:場風牌", "round_wind", N::MahjongSoul},
    {"ダブル立直", "double_riichi", N::MahjongSoul},
    {"国士無双十三面待ち", "kokushi_13", N::MahjongSoul},
    {"抜きドラ", "kita", N::MahjongSoul},
    // Mahjong Soul's English names (tensoul's English mode).
    {"Fully Concealed Hand", "menzen_tsumo", N::English},
    {"Riichi", "riichi", N::English},
    {"Robbing a Kan", "chankan", N::English},
    {"After a Kan", "rinshan", N::English},
    {"Under the Sea", "haitei", N::English},
    {"Under the River", "houtei", N::English},
    {"White Dragon", "haku", N::English},
    {"Green Dragon", "hatsu", N::English},
    {"Red Dragon", "chun", N::English},
    {"Seat Wind", "seat_wind", N::English},
    {"Prevalent Wind", "round_wind", N::English},
    {"All Simples", "tanyao", N::English},
    {"Pure Double Sequence", "iipeikou", N::English},
    {"Pinfu", "pinfu", N::English},
    {"Half Outside Hand", "chanta", N::English},
    {"Pure Straight", "ittsu", N::English},
    {"Mixed Triple Sequence", "sanshoku", N::English},
    {"Double Riichi", "double_riichi", N::English},
    {"Triple Triplets", "sanshoku_doukou", N::English},
    {"Three Quads", "sankantsu", N::English},
    {"All Triplets", "toitoi", N::English},
    {"Three Concealed Triplets", "sanankou", N::English},
    {"Little Three Dragons", "shousangen", N::English},
    {"All Terminals and Honors", "honroutou", N::English},
    {"Seven Pairs", "chiitoitsu", N::English},
    {"Fully Outside Hand", "junchan", N::English},
    {"Half Flush", "honitsu", N::English},
    {"Twice Pure Double Sequence", "ryanpeikou", N::English},
    {"Full Flush", "chinitsu", N::English},
    {"Ippatsu", "ippatsu", N::English},
    {"Dora", "dora", N::English},
    {"Red Five", "aka_dora", N::English},
    {"Ura Dora", "ura_dora", N::English},
    {"Kita", "kita", N::English},
    {"Blessing of Heaven", "tenhou", N::English},
    {"Blessing of Earth", "chiihou", N::English},
    {"Big Three Dragons", "daisangen", N::English},
    {"Four Concealed Triplets", "suuankou", N::English},
    {"All Honors", "tsuuiisou", N::English},
    {"All Green", "ryuuiisou", N::English},
    {"All Terminals", "chinroutou", N::English},
    {"Thirteen Orphans", "kokushi", N::English},
    {"Four Little Winds", "shousuushi", N::English},
    {"Four Quads", "suukantsu", N::English},
    {"Nine Gates", "chuuren", N::English},
    {"True Nine Gates", "junsei_chuuren", N::English},
    {"Single-wait Four Concealed Triplets", "suuankou_tanki", N::English},
    {"Thirteen-wait Thirteen Orphans", "kokushi_13", N::English},
    {"Four Big Winds", "daisuushi", N::English},
    {"Hand of Man", "renhou", N::English},
    // Romaji as hand-made files write them.
    {"Tsumo", "menzen_tsumo", N::English},
    {"Rinshan Kaihou", "rinshan", N::English},
    {"Haitei Raoyue", "haitei", N::English},
    {"Houtei Raoyui", "houtei", N::English},
    {"Tanyao", "tanyao", N::English},
    {"Iipeikou", "iipeikou", N::English},
    {"Chiitoitsu", "chiitoitsu", N::English},
    {"Chanta", "chanta", N::English},
    {"Ittsu", "ittsu", N::English},
    {"Ikkitsuukan", "ittsu", N::English},
    {"Sanshoku Doujun", "sanshoku", N::English},
    {"Toitoi", "toitoi", N::English},
    {"Honroutou", "honroutou", N::English},
    {"Junchan", "junchan", N::English},
    {"Honitsu", "honitsu", N::English},
    {"Chinitsu", "chinitsu", N::English},
    {"Kokushi Musou", "kokushi", N::English},
    {"Kokushi Musou 13-men", "kokushi_13", N::English},
    {"Chuuren Poutou", "chuuren", N::English},
    {"Junsei Chuuren Poutou", "junsei_chuuren", N::English},
    {"Daisuushii", "daisuushi", N::English},
    {"Shousuushii", "shousuushi", N::English},
    {"Aka Dora", "aka_dora", N::English},
    {"Akadora", "aka_dora", N::English},
    {"Uradora", "ura_dora", N::English},
    {"Nukidora", "kita", N::English},
};

// English names compare ignoring case, spaces, '-' and '_' ("Menzen Tsumo" = "menzen_tsumo").
bool english_equal(std::string_view a, std::string_view b) {
  auto skip = [](std::string_view s, std::size_t i) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '-' || s[i] == '_')) ++i;
    return i;
  };
  auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
  std::size_t i = skip(a, 0), j = skip(b, 0);
  while (i < a.size() && j < b.size()) {
    if (lower(a[i]) != lower(b[j])) return false;
    i = skip(a, i + 1);
    j = skip(b, j + 1);
  }
  return i == a.size() && j == b.size();
}

bool ascii(std::string_view s) {
  for (char c : s)
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  return true;
}

constexpr Tenhou6LimitName kLimits[] = {
    {"満貫", "mangan"},       {"跳満", "haneman"},        {"倍満", "baiman"},
    {"三倍満", "sanbaiman"},  {"役満", "yakuman"},        {"数え役満", "kazoe_yakuman"},
    {"切り上げ満貫", "mangan"},  // tensoul's kiriage mangan (records.md 3.7)
    {"Mangan", "mangan"},     {"Haneman", "haneman"},     {"Baiman", "baiman"},
    {"Sanbaiman", "sanbaiman"}, {"Yakuman", "yakuman"},   {"Kazoe Yakuman", "kazoe_yakuman"},
    {"Counted Yakuman", "kazoe_yakuman"}, {"Kiriage Mangan", "mangan"}, {"Rounded Mangan", "mangan"},
};

// Tenhou's names first: the writer takes the first row of a kind.
constexpr Tenhou6DrawName kDraws[] = {
    {"流局", DrawKind::Exhaustive, -1},
    {"流し満貫", DrawKind::NagashiMangan, -1},
    {"九種九牌", DrawKind::NineTerminals, -1},
    {"四風連打", DrawKind::FourWinds, -1},
    {"四家立直", DrawKind::FourRiichi, -1},
    {"三家和了", DrawKind::TripleRon, -1},
    {"四槓散了", DrawKind::FourKans, -1},
    {"全員聴牌", DrawKind::Exhaustive, 1},
    {"全員不聴", DrawKind::Exhaustive, 0},
    {"四開槓", DrawKind::FourKans, -1},  // tensoul
    {"三家和", DrawKind::TripleRon, -1},  // tensoul
    {"Ryuukyoku", DrawKind::Exhaustive, -1},
    {"Exhaustive Draw", DrawKind::Exhaustive, -1},
    {"Nagashi Mangan", DrawKind::NagashiMangan, -1},
    {"Mangan at Draw", DrawKind::NagashiMangan, -1},
    {"Kyuushu Kyuuhai", DrawKind::NineTerminals, -1},
    {"Nine Terminal Abortion", DrawKind::NineTerminals, -1},
    {"Suufon Renda", DrawKind::FourWinds, -1},
    {"Four Wind Abortion", DrawKind::FourWinds, -1},
    {"Suucha Riichi", DrawKind::FourRiichi, -1},
    {"Four Riichi Abortion", DrawKind::FourRiichi, -1},
    {"Sanchahou", DrawKind::TripleRon, -1},
    {"Three Ron Abortion", DrawKind::TripleRon, -1},
    {"Suukaikan", DrawKind::FourKans, -1},
    {"Four Kan Abortion", DrawKind::FourKans, -1},
};

constexpr const char* kWindNames[] = {"東", "南", "西", "北"};

}  // namespace

Tenhou6YakuNames tenhou6_yaku_names() { return {kNames, std::size(kNames)}; }

const Tenhou6YakuName* tenhou6_yaku(std::string_view name) {
  for (const auto& row : kNames)
    if (row.name == name) return &row;
  if (name.empty() || !ascii(name)) return nullptr;
  for (const auto& row : kNames)
    if (row.naming == N::English && english_equal(row.name, name)) return &row;
  // tenbou's own keys and English names (yaku_table.hpp), for files written with them.
  static const auto own = [] {
    std::array<Tenhou6YakuName, 2 * kYakuCount> rows{};
    for (int i = 0; i < kYakuCount; ++i) {
      rows[2 * i] = {kYakuTable[i].key, kYakuTable[i].key, N::English};
      rows[2 * i + 1] = {kYakuTable[i].name_en, kYakuTable[i].key, N::English};
    }
    return rows;
  }();
  for (const auto& row : own)
    if (english_equal(row.name, name)) return &row;
  return nullptr;
}

std::string tenhou6_yaku_name(std::string_view key, int wind) {
  if (key == "seat_wind" || key == "round_wind") {
    if (wind < 0 || wind > 3) return {};
    return std::string(key == "seat_wind" ? "自風 " : "場風 ") + kWindNames[wind];
  }
  if (key == "kita") return "ドラ";  // Tenhou counts kita inside ドラ (records.md 5.13)
  for (const auto& row : kNames)
    if (row.naming == N::Tenhou && row.key == key) return std::string(row.name);
  return {};
}

const Tenhou6LimitName* tenhou6_limit_prefix(std::string_view text) {
  const Tenhou6LimitName* best = nullptr;
  for (const auto& row : kLimits)
    if (text.substr(0, row.name.size()) == row.name && (!best || row.name.size() > best->name.size())) best = &row;
  return best;
}

std::string_view tenhou6_limit_name(std::string_view limit) {
  if (limit == "kazoe_yakuman") return "役満";  // Tenhou prints kazoe as 役満 (records.md 5.16)
  for (const auto& row : kLimits)
    if (row.limit == limit) return row.name;
  return {};
}

const Tenhou6DrawName* tenhou6_draw(std::string_view name) {
  for (const auto& row : kDraws)
    if (row.name == name) return &row;
  return nullptr;
}

std::string_view tenhou6_draw_name(DrawKind kind) {
  for (const auto& row : kDraws)
    if (row.kind == kind) return row.name;
  return "流局";
}

}  // namespace tenbou::records
