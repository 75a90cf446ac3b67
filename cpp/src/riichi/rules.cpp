#include "tenbou/rules.hpp"

#include <array>
#include <iterator>

#include "tenbou/error.hpp"
#include "core/limits.hpp"
#include "tenbou/json.hpp"
#include "core/suggest.hpp"
#include "core/json_fields.hpp"
#include "core/option_rows.hpp"
#include "riichi/request_reader.hpp"

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

static_assert(in_enum_order(kKazoeChoices) && in_enum_order(kRenhouChoices) && in_enum_order(kOpenPinfuChoices) &&
                  in_enum_order(kAotenjoYakumanChoices) && in_enum_order(kSanmaTsumoChoices) &&
                  in_enum_order(kMultipleRonChoices) && in_enum_order(kMultipleRonHonbaChoices) && in_enum_order(kPaoChoices),
              "a choice's index in its table is its enum value (option rows store the index)");
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

Json show_preset(const void* rules) { return Json::string(static_cast<const RiichiRules*>(rules)->preset); }

// Every option of options (README "Options and presets", "Settlement", "Three-player"): its
// default (= the tenhou preset, = RiichiRules{}) and its value in each preset, in
// kPresetNames order: tenhou, mahjongsoul, wrc, mleague.
constexpr OptionSpec kRiichiOptions[] = {
    choice("preset", "tenhou", list_of(kPresetNames), "scoring",
           "the starting value of every switch below; a switch given beside it overrides it",
           "contract.md options.preset", {"tenhou", "mahjongsoul", "wrc", "mleague"})
        .to({nullptr, nullptr, nullptr, &show_preset}),
    boolean("open_tanyao", "true", "scoring", "tanyao (all simples) allowed with an open hand (kuitan)",
            "riichi.md: open tanyao allowed by default; option", {"true", "true", "true", "true"})
        .to(member<&RiichiRules::open_tanyao>()),
    boolean("red_fives", "true", "scoring", "0m/0p/0s count as aka dora (otherwise plain fives)", "contract.md",
            {"true", "true", "false", "true"})
        .to(member<&RiichiRules::red_fives>()),
    boolean("kiriage", "false", "scoring", "4 han 30 fu and 3 han 60 fu become mangan (kiriage mangan)",
            "seed 000 3.3 \"절상 만관을 적용하는 경우 기울어진 숫자 부분도 만관으로\"", {"false", "false", "true", "true"})
        .to(member<&RiichiRules::kiriage>()),
    choice("kazoe", "yakuman", list_of(kKazoeNames), "scoring",
           "13 han or more without a yakuman: kazoe yakuman, or capped at sanbaiman", "seed 000 2 \"13판 이상 헤아림 역만\"",
           {"yakuman", "yakuman", "sanbaiman", "sanbaiman"})
        .to(member<&RiichiRules::kazoe>()),
    boolean("double_yakuman", "false", "scoring",
            "suuankou tanki, kokushi 13-sided wait, junsei chuuren and daisuushi count as double yakuman",
            "seed 001 \"더블 역만 ... x2\"", {"false", "true", "false", "false"})
        .to(member<&RiichiRules::double_yakuman>()),
    boolean("multiple_yakuman", "true", "scoring", "several yakuman in one hand add up; false keeps the largest",
            "riichi.md", {"true", "true", "true", "true"})
        .to(member<&RiichiRules::multiple_yakuman>()),
    integer("double_wind_fu", "4", 0, 4, "scoring", "fu of a pair of the seat wind that is also the round wind",
            "seed 000 3.1 \"연풍패: +4부 (... 2부로 보는곳도 있는편)\"", {"4", "4", "2", "2"})
        .only(list_of(kDoubleWindFu))
        .to(member<&RiichiRules::double_wind_fu>()),
    choice("open_pinfu_fu", "always_30", list_of(kOpenPinfuNames), "scoring",
           "an open hand with nothing beyond 20 fu (kuipinfu): 30 fu always, only at 1 han, or never",
           "seed 003 \"쿠이핑후 형태는 30부로 취급\"; seed 001 \"2판 이상은 제대로 20부로 계산\"; seed 000's 20 fu 1 han cells",
           {"always_30", "always_30", "always_30", "always_30"})
        .to(member<&RiichiRules::open_pinfu_fu>()),
    choice("renhou", "none", list_of(kRenhouNames), "scoring",
           "the value of the renhou flag: no yaku, a mangan (5 han) yaku, or a yakuman",
           "riichi.md local yaku, off by default", {"none", "none", "mangan", "none"})
        .to(member<&RiichiRules::renhou>()),
    integer("honba_value", "300", 0, 1000000, "settlement", "points per honba on ron; a third from each payer on tsumo",
            "seed 000 3.2 \"장봉 1개당 1500점으로 하는 규칙도\"", {"300", "300", "300", "300"})
        .multiple(3, "shared by three payers on tsumo")
        .to(member<&RiichiRules::honba_value>()),
    choice("aotenjo_yakuman", "13han", list_of(kAotenjoYakumanNames), "aotenjo",
           "aotenjo: each yakuman is 13 han added to the rest, or a fixed 10,000,000 (dealer 15,000,000)",
           "seed 000 4 \"역만의 경우 13판으로 계산하는 케이스와 일괄 친 1500만 점 / 자 1000만 점\"",
           {"13han", "13han", "13han", "13han"})
        .to(member<&RiichiRules::aotenjo_yakuman>()),
    integer("aotenjo_kokushi_fu", "25", 0, 30, "aotenjo", "aotenjo: the fu of thirteen orphans",
            "seed 000 4 \"국사무쌍을 치토이츠에 준하여 13판 25부 ... 13판 30부\"", {"25", "25", "25", "25"})
        .only(list_of(kAotenjoKokushiFu))
        .to(member<&RiichiRules::aotenjo_kokushi_fu>()),
    boolean("aotenjo_drop_implied", "true", "aotenjo",
            "aotenjo: drop the lesser yaku a yakuman fully implies (kImpliedYaku), or keep them",
            "seed 000 4 \"완전 하위 역을 배제하는 경우와 ... 포함하는 경우\"; the 103-han example drops them",
            {"true", "true", "true", "true"})
        .to(member<&RiichiRules::aotenjo_drop_implied>()),
    boolean("aotenjo_yakuman_dora", "true", "aotenjo", "aotenjo: dora count on top of a yakuman",
            "seed 000 4 \"역만에도 도라를 복합하기 때문에\"", {"true", "true", "true", "true"})
        .to(member<&RiichiRules::aotenjo_yakuman_dora>()),
    choice("sanma_tsumo", "loss", list_of(kSanmaTsumoNames), "three_player",
           "three players, tsumo: who pays the absent North seat's share: nobody, the two payers, or the ron value halved",
           "", {"loss", "loss", "loss", "loss"})
        .to(member<&RiichiRules::sanma_tsumo>()),
    integer("sanma_honba_value", "200", 0, 1000000, "three_player",
            "three players: points per honba on ron; half from each payer on tsumo", "", {"200", "200", "200", "200"})
        .multiple(2, "shared by two payers on tsumo")
        .to(member<&RiichiRules::sanma_honba_value>()),
    boolean("north_value", "false", "three_player", "three players: a North triplet is a value tile (1 han), a North pair 2 fu",
            "", {"false", "false", "false", "false"})
        .to(member<&RiichiRules::north_value>()),
    boolean("kita_dora", "true", "three_player", "three players: each kita (North set aside) is one dora", "",
            {"true", "true", "true", "true"})
        .to(member<&RiichiRules::kita_dora>()),
    boolean("kita_kazoe", "true", "three_player", "three players: kita han count toward kazoe yakuman", "",
            {"true", "true", "true", "true"})
        .to(member<&RiichiRules::kita_kazoe>()),
    integer("noten_payment", "3000", 0, 1000000, "settlement", "an exhaustive draw's tenpai payments, in all", "",
            {"3000", "3000", "3000", "3000"})
        .multiple(6, "split 2 or 3 ways")
        .to(member<&RiichiRules::noten_payment>()),
    integer("sanma_noten_payment", "2000", 0, 1000000, "settlement",
            "three players: an exhaustive draw's tenpai payments, in all", "", {"2000", "2000", "2000", "2000"})
        .multiple(2)
        .to(member<&RiichiRules::sanma_noten_payment>()),
    choice("multiple_ron", "double_only", list_of(kMultipleRonNames), "settlement",
           "several rons on one discard: two paid and three abort the hand, all paid, or only the first after the discarder",
           "", {"double_only", "all", "head_bump", "head_bump"})
        .to(member<&RiichiRules::multiple_ron>()),
    choice("multiple_ron_honba", "first", list_of(kMultipleRonHonbaNames), "settlement",
           "with several winners, who takes the honba: the first after the discarder, or each", "",
           {"first", "first", "first", "first"})
        .to(member<&RiichiRules::multiple_ron_honba>()),
    choice("pao", "whole", list_of(kPaoNames), "settlement",
           "liability for daisangen and daisuushi: the whole hand, or only the liable yakuman's share", "",
           {"whole", "yakuman_only", "whole", "whole"})
        .to(member<&RiichiRules::pao>()),
    boolean("pao_suukantsu", "false", "settlement", "liability for four kans too", "", {"false", "false", "false", "false"})
        .to(member<&RiichiRules::pao_suukantsu>()),
    boolean("nagashi_mangan", "true", "settlement", "nagashi mangan is paid as a mangan tsumo (else an ordinary draw)", "",
            {"true", "true", "false", "true"})
        .to(member<&RiichiRules::nagashi_mangan>()),
    boolean("nagashi_honba", "false", "settlement", "nagashi mangan is paid with the honba", "",
            {"false", "false", "false", "false"})
        .to(member<&RiichiRules::nagashi_honba>()),
};

constexpr PresetSpec kRiichiPresets[] = {
    {"tenhou", "Tenhou's ranked rooms", "8,009 wins and 9,567 hand ends of 999 Tenhou games (shared/data/tenhou/)"},
    {"mahjongsoul", "Mahjong Soul ranked", "RiichiEnv's default_mjsoul() and docs/RULES.md"},
    {"wrc", "World Riichi Championship rules, 2022 edition", "WRC Rules 2022; renhou: WRC 2014 errata"},
    {"mleague", "M.League", "M.League rule pages; kobalab/Majiang's rule.json"},
};
static_assert(std::size(kRiichiPresets) == std::size(kPresetNames), "a row per preset name");

constexpr OptionFamily kRiichiFamily{"riichi", list_of(kRiichiOptions), list_of(kRiichiPresets), {}};
constexpr OptionIndex kIndex(kRiichiOptions);

}  // namespace

const OptionFamily& riichi_option_family() { return kRiichiFamily; }

const OptionSpec* riichi_reader::riichi_option_row(std::string_view key) { return kIndex.find(key); }

const char* method_name(Method method) { return choice_name(method, kMethodChoices); }

Method parse_method(const ValueView& value, std::string_view field) {
  return parse_choice(value, field, kMethodChoices);
}

bool method_named(std::string_view name, Method& out) { return find_choice(name, kMethodChoices, out); }

namespace {

// Each preset's rules, made once from the table's preset columns (the comments of
// kRiichiPresets and README "Presets and their sources" say where each value comes from).
const std::array<RiichiRules, std::size(kPresetNames)>& preset_rules() {
  static const auto presets = [] {
    std::array<RiichiRules, std::size(kPresetNames)> out{};
    for (std::size_t i = 0; i < out.size(); ++i) {
      out[i].preset = kPresetNames[i];
      for (const OptionSpec& o : kRiichiOptions)
        if (o.bind.set) o.bind.set(&out[i], option_value_code(o, o.presets[i] ? o.presets[i] : o.default_value));
    }
    return out;
  }();
  return presets;
}

}  // namespace

bool riichi_preset(std::string_view name, RiichiRules& r) {
  const char first = name.empty() ? '\0' : name[0];
  for (std::size_t i = 0; i < std::size(kPresetNames); ++i)
    if (kPresetNames[i][0] == first && name == kPresetNames[i]) {  // (no length measured for the others)
      r = preset_rules()[i];
      return true;
    }
  r = RiichiRules{};
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
    const OptionSpec* o = kIndex.find(key);
    if (!o) throw InputError("unknown_key", "options." + std::string(key), "unknown option '" + echo(key) + "'" + did_you_mean(key, riichi_rules_to_json(RiichiRules())));
    read_option(*o, v, &r);
  });
  return r;
}

Json riichi_rules_to_json(const RiichiRules& r) { return options_json(list_of(kRiichiOptions), &r); }

}  // namespace tenbou
