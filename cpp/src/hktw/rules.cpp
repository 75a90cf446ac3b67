// Hong Kong-Taiwan house options (hktw.md section 9): parsing and their JSON form.
// Each switch is one DEFAULT of the spec's ambiguity table (B1 ... B29).
#include "core/suggest.hpp"
#include "core/json_fields.hpp"
#include "core/option_rows.hpp"
#include "core/limits.hpp"
#include "tenbou/hktw.hpp"
#include "tenbou/json.hpp"

namespace tenbou {
namespace {

constexpr Choice<MixedDoubleWithPureDouble> kMixedChoices[] = {{"add", MixedDoubleWithPureDouble::Add},
                                                                {"exclude", MixedDoubleWithPureDouble::Exclude},
                                                                {"max", MixedDoubleWithPureDouble::Max}};
constexpr Choice<HonbaPayers> kHonbaChoices[] = {{"payers", HonbaPayers::Payers}, {"all_others", HonbaPayers::AllOthers}};

static_assert(in_enum_order(kMixedChoices) && in_enum_order(kHonbaChoices),
              "option rows store a choice's index as its enum value");

// limit: null (or nothing) is no cap, kept as 0.
constexpr OptionBinding kLimit{
    [](void* p, std::int64_t v) { static_cast<HktwRules*>(p)->limit = v == kOptionNull ? 0 : static_cast<int>(v); },
    [](const void* p) -> std::int64_t {
      const int limit = static_cast<const HktwRules*>(p)->limit;
      return limit > 0 ? limit : kOptionNull;
    }};

constexpr auto kMixedNames = names_of(kMixedChoices);
constexpr auto kHonbaNames = names_of(kHonbaChoices);

// Every Hong Kong-Taiwan house option (README "Hong Kong-Taiwan style", hktw.md sections 8-9),
// each the spec's DEFAULT, with the seed 002 line and the ambiguity-table entry (Bn) behind it.
constexpr OptionSpec kHktwOptions[] = {
    integer("base_points", "5", 0, 1000, "payment", "the base every hand is worth", "seed 002 L7 \"매 국마다 기본적으로 5점\"")
        .to(member<&HktwRules::base_points>()),
    boolean("seat_flower_per_flower", "true", "scoring", "정화 2 per matching flower (false: 2 once)", "seed 002 L20; hktw.md B1")
        .to(member<&HktwRules::seat_flower_per_flower>()),
    boolean("duck_adds_tsumo", "true", "scoring", "오리 10 plus the tsumo point (false: 10 flat)",
            "seed 002 L32 \"쯔모는 따로 계산한다\"; hktw.md B5")
        .to(member<&HktwRules::duck_adds_tsumo>()),
    boolean("false_single_includes_kanchan_penchan", "true", "scoring",
            "가독 also for a kanchan/penchan reading among several waits", "seed 002 L35; hktw.md B7")
        .to(member<&HktwRules::false_single_includes_kanchan_penchan>()),
    boolean("wait_patterns_on_special_hands", "false", "scoring", "대퐁/독독/가독 also on 국사무쌍+1 and 16불탑",
            "seed 002 L33-35; hktw.md B8")
        .to(member<&HktwRules::wait_patterns_on_special_hands>()),
    boolean("ron_completed_pung_is_concealed", "false", "scoring",
            "a pung completed by ron counts as concealed (안커, and 50's pung)", "seed 002 L51-55; hktw.md B9")
        .to(member<&HktwRules::ron_completed_pung_is_concealed>()),
    boolean("five_gates_on_special", "false", "scoring", "오문제/칠문제 on 국사무쌍+1 and 16불탑", "seed 002 L81; hktw.md B15")
        .to(member<&HktwRules::five_gates_on_special>()),
    boolean("stack_no_suit_with_no_honours", "true", "scoring", "결일문 and 탕야오 stack with 무자 (false: 무자 dropped)",
            "seed 002 L37, L83, L102; hktw.md B16")
        .to(member<&HktwRules::stack_no_suit_with_no_honours>()),
    boolean("all_melded_plus_single_wait", "true", "scoring", "전구인 with 독독", "seed 002 L87; hktw.md B18")
        .to(member<&HktwRules::all_melded_plus_single_wait>()),
    boolean("wind_combo_adds_pungs", "true", "scoring", "소삼풍 … 대사희 keep the wind pungs' 1/2/4 (as 소삼원 24, 대삼원 46 do)",
            "seed 002 L90-93; hktw.md B20")
        .to(member<&HktwRules::wind_combo_adds_pungs>()),
    boolean("riichi_adds_concealed", "true", "scoring", "문전리치 with 문전", "seed 002 L29, L40; hktw.md B21")
        .to(member<&HktwRules::riichi_adds_concealed>()),
    boolean("replacement_win_adds_tsumo", "true", "scoring", "화쯔모/깡쯔모 with 쯔모/문전쯔모", "seed 002 L44-47; hktw.md B22")
        .to(member<&HktwRules::replacement_win_adds_tsumo>()),
    boolean("prefer_peko_reading", "false", "scoring", "prefer a 삼페커/사페커 reading over a higher-paying pung reading",
            "seed 002 L61 \"3안커랑 같은데 5점 더 높다\"; hktw.md B29")
        .to(member<&HktwRules::prefer_peko_reading>()),
    boolean("five_concealed_pungs_tsumo_adds", "false", "scoring", "5안커 by tsumo: 100 replaces 80 (true: both)",
            "seed 002 L54-55; hktw.md B10")
        .to(member<&HktwRules::five_concealed_pungs_tsumo_adds>()),
    boolean("four_copies_in_quadruple_chow", "false", "scoring", "사귀 also for a tile whose four copies all sit in a 사페커",
            "seed 002 L62, L77; hktw.md B12")
        .to(member<&HktwRules::four_copies_in_quadruple_chow>()),
    boolean("one_suit_missing_on_full_flush", "false", "scoring", "결일문 also on a one-suit hand",
            "seed 002 L83 \"한 종류의 숫자패 없이\"; hktw.md B17")
        .to(member<&HktwRules::one_suit_missing_on_full_flush>()),
    boolean("orphans_add_concealed", "true", "scoring", "국사무쌍+1 with 문전 (문전쯔모 on tsumo)",
            "seed 002 L94 \"문전 국사무쌍\"; hktw.md B23")
        .to(member<&HktwRules::orphans_add_concealed>()),
    boolean("honba_zero_adds_one", "false", "payment", "apply 2n+1 at n = 0 too (1 from each payer)",
            "seed 002 L14 \"1본장부터 3점\"; hktw.md B28")
        .to(member<&HktwRules::honba_zero_adds_one>()),
    boolean("first_turn_wins_stack", "true", "scoring",
            "천화/지화/인화 add to every pattern of the hand (false: alone, flowers still score)",
            "seed 002 L107-109 \"화패가 있어도 된다\"; hktw.md B30")
        .to(member<&HktwRules::first_turn_wins_stack>()),
    choice("mixed_double_with_pure_double", "add", list_of(kMixedNames), "scoring",
           "2색동순 beside an 이페커 in the same group: both, no 이페커, or the larger",
           "seed 002 L60 \"n색동순 혹은 5동순을 제외하고\"; hktw.md B11")
        .to(member<&HktwRules::mixed_double_with_pure_double>()),
    choice("honba_payers", "payers", list_of(kHonbaNames), "payment", "who adds 2n+1: the actual payers, or all others even on ron",
           "seed 002 L14 \"각자가 추가로 낸다\"; hktw.md B27")
        .to(member<&HktwRules::honba_payers>()),
    integer("limit", "null", 1, 1000000, "payment", "a cap on the value; a capped result says limit: \"house_limit\"",
            "hktw.md section 9 (the seed sets none)")
        .or_null("no cap")
        .to(kLimit),
};

constexpr OptionFamily kHktwFamily{"hktw", list_of(kHktwOptions), {}, {}};
constexpr OptionIndex kIndex(kHktwOptions);

}  // namespace

const OptionFamily& hktw_option_family() { return kHktwFamily; }

HktwRules hktw_rules_from(const ValueView* options) {
  HktwRules r;
  if (!options || options->kind() == ValueView::Kind::Null) return r;
  if (options->kind() != ValueView::Kind::Object)
    throw InputError("bad_type", "options", "must be an object, not " + type_phrase(*options));
  options->each_member([&](std::string_view key, const ValueView& v) {
    const OptionSpec* o = kIndex.find(key);
    if (!o) throw InputError("unknown_key", "options." + std::string(key), "unknown Hong Kong-Taiwan option '" + echo(key) + "'" + did_you_mean(key, hktw_rules_to_json(HktwRules())));
    read_option(*o, v, &r);
  });
  return r;
}

Json hktw_rules_to_json(const HktwRules& r) { return options_json(list_of(kHktwOptions), &r); }

}  // namespace tenbou
