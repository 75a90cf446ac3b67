// Hong Kong-Taiwan house options (hktw.md section 9): parsing and their JSON form.
// Each switch is one DEFAULT of the spec's ambiguity table (B1 ... B29).
#include "core/json_fields.hpp"
#include "core/option_rows.hpp"
#include "tenbou/limits.hpp"
#include "tenbou/hktw.hpp"
#include "tenbou/json.hpp"

namespace tenbou {
namespace {

constexpr Choice<MixedDoubleWithPureDouble> kMixedChoices[] = {{"add", MixedDoubleWithPureDouble::Add},
                                                                {"exclude", MixedDoubleWithPureDouble::Exclude},
                                                                {"max", MixedDoubleWithPureDouble::Max}};
constexpr Choice<HonbaPayers> kHonbaChoices[] = {{"payers", HonbaPayers::Payers}, {"all_others", HonbaPayers::AllOthers}};

// The boolean switches, by name, for reading and for the JSON form.
struct BoolSwitch {
  const char* name;
  bool HktwRules::*field;
};
constexpr BoolSwitch kBoolSwitches[] = {
    {"seat_flower_per_flower", &HktwRules::seat_flower_per_flower},
    {"duck_adds_tsumo", &HktwRules::duck_adds_tsumo},
    {"false_single_includes_kanchan_penchan", &HktwRules::false_single_includes_kanchan_penchan},
    {"wait_patterns_on_special_hands", &HktwRules::wait_patterns_on_special_hands},
    {"ron_completed_pung_is_concealed", &HktwRules::ron_completed_pung_is_concealed},
    {"five_gates_on_special", &HktwRules::five_gates_on_special},
    {"stack_no_suit_with_no_honours", &HktwRules::stack_no_suit_with_no_honours},
    {"all_melded_plus_single_wait", &HktwRules::all_melded_plus_single_wait},
    {"wind_combo_adds_pungs", &HktwRules::wind_combo_adds_pungs},
    {"riichi_adds_concealed", &HktwRules::riichi_adds_concealed},
    {"replacement_win_adds_tsumo", &HktwRules::replacement_win_adds_tsumo},
    {"prefer_peko_reading", &HktwRules::prefer_peko_reading},
    {"five_concealed_pungs_tsumo_adds", &HktwRules::five_concealed_pungs_tsumo_adds},
    {"four_copies_in_quadruple_chow", &HktwRules::four_copies_in_quadruple_chow},
    {"one_suit_missing_on_full_flush", &HktwRules::one_suit_missing_on_full_flush},
    {"orphans_add_concealed", &HktwRules::orphans_add_concealed},
    {"honba_zero_adds_one", &HktwRules::honba_zero_adds_one},
    {"first_turn_wins_stack", &HktwRules::first_turn_wins_stack},
};

constexpr auto kMixedNames = names_of(kMixedChoices);
constexpr auto kHonbaNames = names_of(kHonbaChoices);

// Every Hong Kong-Taiwan house option (README "Hong Kong-Taiwan style", hktw.md sections 8-9),
// each the spec's DEFAULT, with the seed 002 line and the ambiguity-table entry (Bn) behind it.
constexpr OptionSpec kHktwOptions[] = {
    integer("base_points", "5", 0, 1000, "payment", "the base every hand is worth", "seed 002 L7 \"매 국마다 기본적으로 5점\""),
    boolean("seat_flower_per_flower", "true", "scoring", "정화 2 per matching flower (false: 2 once)", "seed 002 L20; hktw.md B1"),
    boolean("duck_adds_tsumo", "true", "scoring", "오리 10 plus the tsumo point (false: 10 flat)",
            "seed 002 L32 \"쯔모는 따로 계산한다\"; hktw.md B5"),
    boolean("false_single_includes_kanchan_penchan", "true", "scoring",
            "가독 also for a kanchan/penchan reading among several waits", "seed 002 L35; hktw.md B7"),
    boolean("wait_patterns_on_special_hands", "false", "scoring", "대퐁/독독/가독 also on 국사무쌍+1 and 16불탑",
            "seed 002 L33-35; hktw.md B8"),
    boolean("ron_completed_pung_is_concealed", "false", "scoring",
            "a pung completed by ron counts as concealed (안커, and 50's pung)", "seed 002 L51-55; hktw.md B9"),
    boolean("five_gates_on_special", "false", "scoring", "오문제/칠문제 on 국사무쌍+1 and 16불탑", "seed 002 L81; hktw.md B15"),
    boolean("stack_no_suit_with_no_honours", "true", "scoring", "결일문 and 탕야오 stack with 무자 (false: 무자 dropped)",
            "seed 002 L37, L83, L102; hktw.md B16"),
    boolean("all_melded_plus_single_wait", "true", "scoring", "전구인 with 독독", "seed 002 L87; hktw.md B18"),
    boolean("wind_combo_adds_pungs", "true", "scoring", "소삼풍 … 대사희 keep the wind pungs' 1/2/4 (as 소삼원 24, 대삼원 46 do)",
            "seed 002 L90-93; hktw.md B20"),
    boolean("riichi_adds_concealed", "true", "scoring", "문전리치 with 문전", "seed 002 L29, L40; hktw.md B21"),
    boolean("replacement_win_adds_tsumo", "true", "scoring", "화쯔모/깡쯔모 with 쯔모/문전쯔모", "seed 002 L44-47; hktw.md B22"),
    boolean("prefer_peko_reading", "false", "scoring", "prefer a 삼페커/사페커 reading over a higher-paying pung reading",
            "seed 002 L61 \"3안커랑 같은데 5점 더 높다\"; hktw.md B29"),
    boolean("five_concealed_pungs_tsumo_adds", "false", "scoring", "5안커 by tsumo: 100 replaces 80 (true: both)",
            "seed 002 L54-55; hktw.md B10"),
    boolean("four_copies_in_quadruple_chow", "false", "scoring", "사귀 also for a tile whose four copies all sit in a 사페커",
            "seed 002 L62, L77; hktw.md B12"),
    boolean("one_suit_missing_on_full_flush", "false", "scoring", "결일문 also on a one-suit hand",
            "seed 002 L83 \"한 종류의 숫자패 없이\"; hktw.md B17"),
    boolean("orphans_add_concealed", "true", "scoring", "국사무쌍+1 with 문전 (문전쯔모 on tsumo)",
            "seed 002 L94 \"문전 국사무쌍\"; hktw.md B23"),
    boolean("honba_zero_adds_one", "false", "payment", "apply 2n+1 at n = 0 too (1 from each payer)",
            "seed 002 L14 \"1본장부터 3점\"; hktw.md B28"),
    boolean("first_turn_wins_stack", "true", "scoring",
            "천화/지화/인화 add to every pattern of the hand (false: alone, flowers still score)",
            "seed 002 L107-109 \"화패가 있어도 된다\"; hktw.md B30"),
    choice("mixed_double_with_pure_double", "add", list_of(kMixedNames), "scoring",
           "2색동순 beside an 이페커 in the same group: both, no 이페커, or the larger",
           "seed 002 L60 \"n색동순 혹은 5동순을 제외하고\"; hktw.md B11"),
    choice("honba_payers", "payers", list_of(kHonbaNames), "payment", "who adds 2n+1: the actual payers, or all others even on ron",
           "seed 002 L14 \"각자가 추가로 낸다\"; hktw.md B27"),
    integer("limit", "null", 1, 1000000, "payment", "a cap on the value; a capped result says limit: \"house_limit\"",
            "hktw.md section 9 (the seed sets none)")
        .or_null("no cap"),
};

constexpr OptionFamily kHktwFamily{"hktw", list_of(kHktwOptions), {}, {}};

}  // namespace

const OptionFamily& hktw_option_family() { return kHktwFamily; }

HktwRules hktw_rules_from(const ValueView* options) {
  HktwRules r;
  if (!options || options->kind() == ValueView::Kind::Null) return r;
  if (options->kind() != ValueView::Kind::Object)
    throw InputError("bad_type", "options", "must be an object, not " + type_phrase(*options));
  options->each_member([&](std::string_view key, const ValueView& v) {
    const std::string field = "options." + std::string(key);
    for (const BoolSwitch& s : kBoolSwitches)
      if (key == s.name) {
        r.*s.field = get_bool(v, field);
        return;
      }
    if (key == "base_points") r.base_points = static_cast<int>(get_int(v, field, 0, 1000));
    else if (key == "mixed_double_with_pure_double") r.mixed_double_with_pure_double = parse_choice(v, field, kMixedChoices);
    else if (key == "honba_payers") r.honba_payers = parse_choice(v, field, kHonbaChoices);
    else if (key == "limit") r.limit = v.kind() == ValueView::Kind::Null ? 0 : static_cast<int>(get_int(v, field, 1, 1000000));
    else throw InputError("unknown_key", field, "unknown Hong Kong-Taiwan option '" + echo(key) + "'");
  });
  return r;
}

Json hktw_rules_to_json(const HktwRules& r) {
  Json o = Json::object();
  o.set("base_points", Json::integer(r.base_points));
  for (const BoolSwitch& s : kBoolSwitches) o.set(s.name, Json::boolean(r.*s.field));
  o.set("mixed_double_with_pure_double", Json::string(choice_name(r.mixed_double_with_pure_double, kMixedChoices)));
  o.set("honba_payers", Json::string(choice_name(r.honba_payers, kHonbaChoices)));
  o.set("limit", r.limit > 0 ? Json::integer(r.limit) : Json::null());
  return o;
}

}  // namespace tenbou
