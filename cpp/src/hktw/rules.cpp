// Hong Kong-Taiwan house options (hktw.md section 9): parsing and their JSON form.
// Each switch is one DEFAULT of the spec's ambiguity table (B1 ... B29).
#include "core/suggest.hpp"
#include "core/json_fields.hpp"
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

}  // namespace

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
    else throw InputError("unknown_key", field, "unknown Hong Kong-Taiwan option '" + echo(key) + "'" + did_you_mean(key, hktw_rules_to_json(HktwRules())));
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
