#include "tenbou/rules.hpp"

#include "tenbou/error.hpp"
#include "tenbou/limits.hpp"
#include "tenbou/json.hpp"
#include "core/json_fields.hpp"
#include "core/option_rows.hpp"

namespace tenbou {
namespace {

constexpr Choice<KazoeLimit> kKazoeChoices[] = {{"yakuman", KazoeLimit::Yakuman}, {"sanbaiman", KazoeLimit::Sanbaiman}};
constexpr Choice<RenhouValue> kRenhouChoices[] = {
    {"none", RenhouValue::None}, {"mangan", RenhouValue::Mangan}, {"yakuman", RenhouValue::Yakuman}};
constexpr Choice<OpenPinfuFu> kOpenPinfuChoices[] = {{"always_30", OpenPinfuFu::Always30},
                                                     {"one_han_only", OpenPinfuFu::OneHanOnly},
                                                     {"never", OpenPinfuFu::Never}};
constexpr Choice<AotenjoYakuman> kAotenjoYakumanChoices[] = {{"13han", AotenjoYakuman::ThirteenHan},
                                                             {"fixed", AotenjoYakuman::Fixed}};

constexpr Choice<SanmaTsumo> kSanmaTsumoChoices[] = {
    {"loss", SanmaTsumo::Loss}, {"north_split", SanmaTsumo::NorthSplit}, {"ron_equivalent", SanmaTsumo::RonEquivalent}};

constexpr Choice<MultipleRon> kMultipleRonChoices[] = {
    {"all", MultipleRon::All}, {"double_only", MultipleRon::DoubleOnly}, {"head_bump", MultipleRon::HeadBump}};
constexpr Choice<MultipleRonHonba> kMultipleRonHonbaChoices[] = {{"first", MultipleRonHonba::First},
                                                                 {"each", MultipleRonHonba::Each}};
constexpr Choice<PaoLiability> kPaoChoices[] = {{"whole", PaoLiability::Whole}, {"yakuman_only", PaoLiability::YakumanOnly}};

constexpr Choice<Method> kMethodChoices[] = {
    {"fuhan", Method::FuHan}, {"han_only", Method::HanOnly}, {"aotenjo", Method::Aotenjo}};

constexpr auto kKazoeNames = names_of(kKazoeChoices);
constexpr auto kRenhouNames = names_of(kRenhouChoices);
constexpr auto kOpenPinfuNames = names_of(kOpenPinfuChoices);
constexpr auto kAotenjoYakumanNames = names_of(kAotenjoYakumanChoices);
constexpr auto kSanmaTsumoNames = names_of(kSanmaTsumoChoices);
constexpr auto kMultipleRonNames = names_of(kMultipleRonChoices);
constexpr auto kMultipleRonHonbaNames = names_of(kMultipleRonHonbaChoices);
constexpr auto kPaoNames = names_of(kPaoChoices);
constexpr std::int64_t kDoubleWindFu[] = {2, 4};
constexpr std::int64_t kAotenjoKokushiFu[] = {25, 30};

// Every option of options (README "Options and presets", "Settlement", "Three-player"): its
// default (= the tenhou preset, = RiichiRules{}) and its value in each preset, in
// kPresetNames order: tenhou, mahjongsoul, wrc, mleague.
constexpr OptionSpec kRiichiOptions[] = {
    choice("preset", "tenhou", list_of(kPresetNames), "scoring",
           "the starting value of every switch below; a switch given beside it overrides it",
           "contract.md options.preset", {"tenhou", "mahjongsoul", "wrc", "mleague"}),
    boolean("open_tanyao", "true", "scoring", "tanyao (all simples) allowed with an open hand (kuitan)",
            "riichi.md: open tanyao allowed by default; option", {"true", "true", "true", "true"}),
    boolean("red_fives", "true", "scoring", "0m/0p/0s count as aka dora (otherwise plain fives)", "contract.md",
            {"true", "true", "false", "true"}),
    boolean("kiriage", "false", "scoring", "4 han 30 fu and 3 han 60 fu become mangan (kiriage mangan)",
            "seed 000 3.3 \"절상 만관을 적용하는 경우 기울어진 숫자 부분도 만관으로\"", {"false", "false", "true", "true"}),
    choice("kazoe", "yakuman", list_of(kKazoeNames), "scoring",
           "13 han or more without a yakuman: kazoe yakuman, or capped at sanbaiman", "seed 000 2 \"13판 이상 헤아림 역만\"",
           {"yakuman", "yakuman", "sanbaiman", "sanbaiman"}),
    boolean("double_yakuman", "false", "scoring",
            "suuankou tanki, kokushi 13-sided wait, junsei chuuren and daisuushi count as double yakuman",
            "seed 001 \"더블 역만 ... x2\"", {"false", "true", "false", "false"}),
    boolean("multiple_yakuman", "true", "scoring", "several yakuman in one hand add up; false keeps the largest",
            "riichi.md", {"true", "true", "true", "true"}),
    integer("double_wind_fu", "4", 0, 4, "scoring", "fu of a pair of the seat wind that is also the round wind",
            "seed 000 3.1 \"연풍패: +4부 (... 2부로 보는곳도 있는편)\"", {"4", "4", "2", "2"})
        .only(list_of(kDoubleWindFu)),
    choice("open_pinfu_fu", "always_30", list_of(kOpenPinfuNames), "scoring",
           "an open hand with nothing beyond 20 fu (kuipinfu): 30 fu always, only at 1 han, or never",
           "seed 003 \"쿠이핑후 형태는 30부로 취급\"; seed 001 \"2판 이상은 제대로 20부로 계산\"; seed 000's 20 fu 1 han cells",
           {"always_30", "always_30", "always_30", "always_30"}),
    choice("renhou", "none", list_of(kRenhouNames), "scoring",
           "the value of the renhou flag: no yaku, a mangan (5 han) yaku, or a yakuman",
           "riichi.md local yaku, off by default", {"none", "none", "mangan", "none"}),
    integer("honba_value", "300", 0, 1000000, "settlement", "points per honba on ron; a third from each payer on tsumo",
            "seed 000 3.2 \"장봉 1개당 1500점으로 하는 규칙도\"", {"300", "300", "300", "300"})
        .multiple(3, "shared by three payers on tsumo"),
    choice("aotenjo_yakuman", "13han", list_of(kAotenjoYakumanNames), "aotenjo",
           "aotenjo: each yakuman is 13 han added to the rest, or a fixed 10,000,000 (dealer 15,000,000)",
           "seed 000 4 \"역만의 경우 13판으로 계산하는 케이스와 일괄 친 1500만 점 / 자 1000만 점\"",
           {"13han", "13han", "13han", "13han"}),
    integer("aotenjo_kokushi_fu", "25", 0, 30, "aotenjo", "aotenjo: the fu of thirteen orphans",
            "seed 000 4 \"국사무쌍을 치토이츠에 준하여 13판 25부 ... 13판 30부\"", {"25", "25", "25", "25"})
        .only(list_of(kAotenjoKokushiFu)),
    boolean("aotenjo_drop_implied", "true", "aotenjo",
            "aotenjo: drop the lesser yaku a yakuman fully implies (kImpliedYaku), or keep them",
            "seed 000 4 \"완전 하위 역을 배제하는 경우와 ... 포함하는 경우\"; the 103-han example drops them",
            {"true", "true", "true", "true"}),
    boolean("aotenjo_yakuman_dora", "true", "aotenjo", "aotenjo: dora count on top of a yakuman",
            "seed 000 4 \"역만에도 도라를 복합하기 때문에\"", {"true", "true", "true", "true"}),
    choice("sanma_tsumo", "loss", list_of(kSanmaTsumoNames), "three_player",
           "three players, tsumo: who pays the absent North seat's share: nobody, the two payers, or the ron value halved",
           "", {"loss", "loss", "loss", "loss"}),
    integer("sanma_honba_value", "200", 0, 1000000, "three_player",
            "three players: points per honba on ron; half from each payer on tsumo", "", {"200", "200", "200", "200"})
        .multiple(2, "shared by two payers on tsumo"),
    boolean("north_value", "false", "three_player", "three players: a North triplet is a value tile (1 han), a North pair 2 fu",
            "", {"false", "false", "false", "false"}),
    boolean("kita_dora", "true", "three_player", "three players: each kita (North set aside) is one dora", "",
            {"true", "true", "true", "true"}),
    boolean("kita_kazoe", "true", "three_player", "three players: kita han count toward kazoe yakuman", "",
            {"true", "true", "true", "true"}),
    integer("noten_payment", "3000", 0, 1000000, "settlement", "an exhaustive draw's tenpai payments, in all", "",
            {"3000", "3000", "3000", "3000"})
        .multiple(6, "split 2 or 3 ways"),
    integer("sanma_noten_payment", "2000", 0, 1000000, "settlement",
            "three players: an exhaustive draw's tenpai payments, in all", "", {"2000", "2000", "2000", "2000"})
        .multiple(2),
    choice("multiple_ron", "double_only", list_of(kMultipleRonNames), "settlement",
           "several rons on one discard: two paid and three abort the hand, all paid, or only the first after the discarder",
           "", {"double_only", "all", "head_bump", "head_bump"}),
    choice("multiple_ron_honba", "first", list_of(kMultipleRonHonbaNames), "settlement",
           "with several winners, who takes the honba: the first after the discarder, or each", "",
           {"first", "first", "first", "first"}),
    choice("pao", "whole", list_of(kPaoNames), "settlement",
           "liability for daisangen and daisuushi: the whole hand, or only the liable yakuman's share", "",
           {"whole", "yakuman_only", "whole", "whole"}),
    boolean("pao_suukantsu", "false", "settlement", "liability for four kans too", "", {"false", "false", "false", "false"}),
    boolean("nagashi_mangan", "true", "settlement", "nagashi mangan is paid as a mangan tsumo (else an ordinary draw)", "",
            {"true", "true", "false", "true"}),
    boolean("nagashi_honba", "false", "settlement", "nagashi mangan is paid with the honba", "",
            {"false", "false", "false", "false"}),
};

constexpr PresetSpec kRiichiPresets[] = {
    {"tenhou", "Tenhou's ranked rooms", "8,009 wins and 9,567 hand ends of 999 Tenhou games (shared/data/tenhou/)"},
    {"mahjongsoul", "Mahjong Soul ranked", "RiichiEnv's default_mjsoul() and docs/RULES.md"},
    {"wrc", "World Riichi Championship rules, 2022 edition", "WRC Rules 2022; renhou: WRC 2014 errata"},
    {"mleague", "M.League", "M.League rule pages; kobalab/Majiang's rule.json"},
};
static_assert(std::size(kRiichiPresets) == std::size(kPresetNames), "a row per preset name");

constexpr OptionFamily kRiichiFamily{"riichi", list_of(kRiichiOptions), list_of(kRiichiPresets), {}};

}  // namespace

const OptionFamily& riichi_option_family() { return kRiichiFamily; }

const char* method_name(Method method) { return choice_name(method, kMethodChoices); }

Method parse_method(const ValueView& value, std::string_view field) {
  return parse_choice(value, field, kMethodChoices);
}

bool riichi_preset(std::string_view name, RiichiRules& r) {
  r = RiichiRules{};
  for (const char* known : kPresetNames)
    if (name == known) r.preset = known;
  if (name == "tenhou") {
    // Tenhou's ranked rooms (shared/data/tenhou/README.md): kuitan and red fives
    // on, no kiriage, kazoe yakuman, every yakuman single, double-wind pair 4 fu.
    // Three-player (proven by the 1,908 sanma wins of the records): tsumo loss,
    // 200 per honba (100 from each payer on tsumo), North a guest wind, kita one
    // dora each and counted toward kazoe: the RiichiRules defaults.
    return true;
  }
  if (name == "mahjongsoul") {
    // Mahjong Soul ranked: as Tenhou, but the four "specific wait" yakuman count double;
    // double and triple ron are both paid; pao covers only the liable yakuman.
    // Three-player as Tenhou's (README "Three-player" says how sure each value is).
    r.double_yakuman = true;
    r.multiple_ron = MultipleRon::All;
    r.pao = PaoLiability::YakumanOnly;
    return true;
  }
  if (name == "wrc") {
    // World Riichi Championship rules, 2022 edition (README "Presets and their sources"):
    // no red fives, kiriage mangan, no kazoe yakuman (13+ han is sanbaiman), yakuman
    // add up, double-wind pair 2 fu, renhou a mangan yaku (WRC errata); one winner per
    // discard (head bump), no nagashi mangan.
    r.red_fives = false;
    r.kiriage = true;
    r.kazoe = KazoeLimit::Sanbaiman;
    r.double_wind_fu = 2;
    r.renhou = RenhouValue::Mangan;
    r.multiple_ron = MultipleRon::HeadBump;
    r.nagashi_mangan = false;
    return true;
  }
  if (name == "mleague") {
    // M.League: red fives, kiriage mangan, no kazoe yakuman (13+ han is sanbaiman),
    // double-wind pair 2 fu, no double yakuman, one winner per discard (head bump).
    r.kiriage = true;
    r.kazoe = KazoeLimit::Sanbaiman;
    r.double_wind_fu = 2;
    r.multiple_ron = MultipleRon::HeadBump;
    return true;
  }
  return false;
}


RiichiRules riichi_rules_from(const ValueView* options) {
  RiichiRules r;  // the tenhou preset's values
  if (!options || options->kind() == ValueView::Kind::Null) return r;
  if (options->kind() != ValueView::Kind::Object)
    throw InputError("bad_type", "options", "must be an object, not " + type_phrase(*options));
  // The preset first, wherever it stands, then each switch overrides it.
  bool switches = false;  // most callers name a preset alone: then one walk is enough
  options->each_member([&](std::string_view key, const ValueView& v) {
    if (!is(key, "preset")) {
      switches = true;
      return;
    }
    const std::string_view name = get_string(v, "options.preset");
    if (!riichi_preset(name, r))
      throw InputError("bad_value", "options.preset",
                       "unknown preset '" + echo(name) + "' (tenhou, mahjongsoul, wrc, mleague)");
  });
  if (!switches) return r;
  options->each_member([&](std::string_view key, const ValueView& v) {
    if (is(key, "preset")) return;
    const std::string field = "options." + std::string(key);
    if (is(key, "open_tanyao")) r.open_tanyao = get_bool(v, field);
    else if (is(key, "red_fives")) r.red_fives = get_bool(v, field);
    else if (is(key, "kiriage")) r.kiriage = get_bool(v, field);
    else if (is(key, "double_yakuman")) r.double_yakuman = get_bool(v, field);
    else if (is(key, "multiple_yakuman")) r.multiple_yakuman = get_bool(v, field);
    else if (is(key, "aotenjo_drop_implied")) r.aotenjo_drop_implied = get_bool(v, field);
    else if (is(key, "aotenjo_yakuman_dora")) r.aotenjo_yakuman_dora = get_bool(v, field);
    else if (is(key, "honba_value")) {
      r.honba_value = get_int(v, field, 0, 1000000);
      // On tsumo each of the three payers pays a third of it (seed 001: 100 each for 300).
      if (r.honba_value % 3 != 0)
        throw InputError("bad_value", field, "must be a multiple of 3 (shared by three payers on tsumo)");
    } else if (is(key, "sanma_honba_value")) {
      r.sanma_honba_value = get_int(v, field, 0, 1000000);
      if (r.sanma_honba_value % 2 != 0)
        throw InputError("bad_value", field, "must be a multiple of 2 (shared by two payers on tsumo)");
    } else if (is(key, "noten_payment") || is(key, "sanma_noten_payment")) {
      const bool sanma = is(key, "sanma_noten_payment");
      const auto value = get_int(v, field, 0, 1000000);
      // Split among the players who pay or are paid: a multiple of 6 (4p: 1/2/3 ways; 3p: 1/2 ways).
      if (value % (sanma ? 2 : 6) != 0)
        throw InputError("bad_value", field, sanma ? "must be a multiple of 2" : "must be a multiple of 6 (split 2 or 3 ways)");
      (sanma ? r.sanma_noten_payment : r.noten_payment) = value;
    } else if (is(key, "multiple_ron")) r.multiple_ron = parse_choice(v, field, kMultipleRonChoices);
    else if (is(key, "multiple_ron_honba")) r.multiple_ron_honba = parse_choice(v, field, kMultipleRonHonbaChoices);
    else if (is(key, "pao")) r.pao = parse_choice(v, field, kPaoChoices);
    else if (is(key, "pao_suukantsu")) r.pao_suukantsu = get_bool(v, field);
    else if (is(key, "nagashi_mangan")) r.nagashi_mangan = get_bool(v, field);
    else if (is(key, "nagashi_honba")) r.nagashi_honba = get_bool(v, field);
    else if (is(key, "north_value")) r.north_value = get_bool(v, field);
    else if (is(key, "kita_dora")) r.kita_dora = get_bool(v, field);
    else if (is(key, "kita_kazoe")) r.kita_kazoe = get_bool(v, field);
    else if (is(key, "sanma_tsumo")) r.sanma_tsumo = parse_choice(v, field, kSanmaTsumoChoices);
    else if (is(key, "double_wind_fu")) {
      auto fu = get_int(v, field, 0, 4);
      if (fu != 2 && fu != 4) throw InputError("bad_value", field, "must be 2 or 4");
      r.double_wind_fu = static_cast<int>(fu);
    } else if (is(key, "aotenjo_kokushi_fu")) {
      auto fu = get_int(v, field, 0, 30);
      if (fu != 25 && fu != 30) throw InputError("bad_value", field, "must be 25 or 30");
      r.aotenjo_kokushi_fu = static_cast<int>(fu);
    } else if (is(key, "kazoe")) r.kazoe = parse_choice(v, field, kKazoeChoices);
    else if (is(key, "renhou")) r.renhou = parse_choice(v, field, kRenhouChoices);
    else if (is(key, "open_pinfu_fu")) r.open_pinfu_fu = parse_choice(v, field, kOpenPinfuChoices);
    else if (is(key, "aotenjo_yakuman")) r.aotenjo_yakuman = parse_choice(v, field, kAotenjoYakumanChoices);
    else throw InputError("unknown_key", field, "unknown option '" + echo(key) + "'");
  });
  return r;
}

Json riichi_rules_to_json(const RiichiRules& r) {
  Json o = Json::object();
  o.set("preset", Json::string(r.preset));
  o.set("open_tanyao", Json::boolean(r.open_tanyao));
  o.set("red_fives", Json::boolean(r.red_fives));
  o.set("kiriage", Json::boolean(r.kiriage));
  o.set("kazoe", Json::string(choice_name(r.kazoe, kKazoeChoices)));
  o.set("double_yakuman", Json::boolean(r.double_yakuman));
  o.set("multiple_yakuman", Json::boolean(r.multiple_yakuman));
  o.set("double_wind_fu", Json::integer(r.double_wind_fu));
  o.set("open_pinfu_fu", Json::string(choice_name(r.open_pinfu_fu, kOpenPinfuChoices)));
  o.set("renhou", Json::string(choice_name(r.renhou, kRenhouChoices)));
  o.set("honba_value", Json::integer(r.honba_value));
  o.set("aotenjo_yakuman", Json::string(choice_name(r.aotenjo_yakuman, kAotenjoYakumanChoices)));
  o.set("aotenjo_kokushi_fu", Json::integer(r.aotenjo_kokushi_fu));
  o.set("aotenjo_drop_implied", Json::boolean(r.aotenjo_drop_implied));
  o.set("aotenjo_yakuman_dora", Json::boolean(r.aotenjo_yakuman_dora));
  o.set("sanma_tsumo", Json::string(choice_name(r.sanma_tsumo, kSanmaTsumoChoices)));
  o.set("sanma_honba_value", Json::integer(r.sanma_honba_value));
  o.set("north_value", Json::boolean(r.north_value));
  o.set("kita_dora", Json::boolean(r.kita_dora));
  o.set("kita_kazoe", Json::boolean(r.kita_kazoe));
  o.set("noten_payment", Json::integer(r.noten_payment));
  o.set("sanma_noten_payment", Json::integer(r.sanma_noten_payment));
  o.set("multiple_ron", Json::string(choice_name(r.multiple_ron, kMultipleRonChoices)));
  o.set("multiple_ron_honba", Json::string(choice_name(r.multiple_ron_honba, kMultipleRonHonbaChoices)));
  o.set("pao", Json::string(choice_name(r.pao, kPaoChoices)));
  o.set("pao_suukantsu", Json::boolean(r.pao_suukantsu));
  o.set("nagashi_mangan", Json::boolean(r.nagashi_mangan));
  o.set("nagashi_honba", Json::boolean(r.nagashi_honba));
  return o;
}

}  // namespace tenbou
