#include "tenbou/rules.hpp"

#include "tenbou/error.hpp"
#include "tenbou/limits.hpp"
#include "tenbou/json.hpp"
#include "core/suggest.hpp"
#include "core/json_fields.hpp"

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

}  // namespace

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
    else throw InputError("unknown_key", field, "unknown option '" + echo(key) + "'" + did_you_mean(key, riichi_rules_to_json(RiichiRules())));
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
