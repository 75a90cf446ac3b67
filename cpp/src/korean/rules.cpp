// Korean house options (korean.md section 12): parsing and their JSON form.
#include "core/suggest.hpp"
#include "core/json_fields.hpp"
#include "tenbou/limits.hpp"
#include "tenbou/json.hpp"
#include "tenbou/korean.hpp"

namespace tenbou {
namespace {

constexpr Choice<KoreanVariant> kVariantChoices[] = {
    {"nagari", KoreanVariant::Nagari}, {"samsiki", KoreanVariant::Samsiki}, {"coffee", KoreanVariant::Coffee}};
constexpr Choice<DoubleRiichiKind> kDoubleRiichiChoices[] = {
    {"table", DoubleRiichiKind::Table}, {"base", DoubleRiichiKind::Base}, {"additional", DoubleRiichiKind::Additional}};

// A yaku named by its English key or the seed's Korean name.
int find_yaku(std::string_view name) {
  for (const auto& row : kKoreanYakuTable)
    if (name == row.key || name == row.name_ko) return static_cast<int>(row.id);
  return -1;
}

std::int16_t get_han_value(const ValueView& v, const std::string& field) {
  return static_cast<std::int16_t>(get_int(v, field, 0, 1000));
}

// {"소삼원": 4, "eopeo": 1, ...}: any row, by key or Korean name.
void read_value_table(const ValueView& v, const std::string& field, bool local_only, KoreanRules& r) {
  if (v.kind() != ValueView::Kind::Object)
    throw InputError("bad_type", field, "must be an object of yaku -> han, not " + type_phrase(v));
  v.each_member([&](std::string_view name, const ValueView& value) {
    const std::string item = field + "." + std::string(name);
    const int y = find_yaku(name);
    if (y < 0) throw InputError("unknown_key", item, "unknown Korean yaku '" + echo(name) + "'");
    if (local_only && y < kKoreanTableRows)
      throw InputError("bad_value", item, "'" + echo(name) + "' is a table yaku: set it in options.value_overrides");
    // null switches a local yaku off again / restores the table's value.
    r.value_override[y] = value.kind() == ValueView::Kind::Null ? kTableValue : get_han_value(value, item);
  });
}

void read_win_base(const ValueView& v, KoreanRules& r) {
  const std::string field = "options.win_base";
  if (v.kind() == ValueView::Kind::Null) { r.win_base_on = false; return; }
  if (v.kind() == ValueView::Kind::Bool) { r.win_base_on = v.as_bool(); return; }
  if (v.kind() != ValueView::Kind::Object)
    throw InputError("bad_type", field, "must be true, null or {\"menzen_tsumo\", \"menzen_ron\", \"open\"}, not " + type_phrase(v));
  r.win_base_on = true;
  v.each_member([&](std::string_view key, const ValueView& value) {
    const std::string item = field + "." + std::string(key);
    const int n = static_cast<int>(get_int(value, item, 0, 1000));
    if (key == "menzen_tsumo") r.win_base_menzen_tsumo = n;
    else if (key == "menzen_ron") r.win_base_menzen_ron = n;
    else if (key == "open") r.win_base_open = n;
    else throw InputError("unknown_key", item, "unknown win_base key (menzen_tsumo, menzen_ron, open)");
  });
}

}  // namespace

const char* korean_variant_name(KoreanVariant variant) { return choice_name(variant, kVariantChoices); }

KoreanVariant parse_korean_variant(const ValueView& v, std::string_view field) {
  // The seed's own column heads (L10) are accepted as well.
  if (v.kind() == ValueView::Kind::String) {
    const std::string_view s = v.as_string();
    if (s == "나가리") return KoreanVariant::Nagari;
    if (s == "삼식이") return KoreanVariant::Samsiki;
    if (s == "커피향") return KoreanVariant::Coffee;
  }
  return parse_choice(v, std::string(field), kVariantChoices);
}

KoreanRules korean_rules_from(const ValueView* options) {
  KoreanRules r;
  if (!options || options->kind() == ValueView::Kind::Null) return r;
  if (options->kind() != ValueView::Kind::Object)
    throw InputError("bad_type", "options", "must be an object, not " + type_phrase(*options));
  options->each_member([&](std::string_view key, const ValueView& v) {
    const std::string field = "options." + std::string(key);
    if (key == "min_base_han") r.min_base_han = static_cast<int>(get_int(v, field, 0, 10));
    else if (key == "stack_components") r.stack_components = get_bool(v, field);
    else if (key == "round_wind_yakuhai") r.round_wind_yakuhai = get_bool(v, field);
    else if (key == "pinfu_tsumo") r.pinfu_tsumo = get_bool(v, field);
    else if (key == "genso_exclude_winning_tile") r.genso_exclude_winning_tile = get_bool(v, field);
    else if (key == "genso_count_melds") r.genso_count_melds = get_bool(v, field);
    else if (key == "genso_chankan_value") {
      const auto n = get_int(v, field, 1, 4);
      if (n != 1 && n != 4) throw InputError("bad_value", field, "must be 1 or 4 (seed 004 L123)");
      r.genso_chankan_value = static_cast<int>(n);
    } else if (key == "hwamangwan_value") {
      r.value_override[static_cast<int>(KoreanYaku::Hwamangwan)] =
          v.kind() == ValueView::Kind::Null ? kTableValue : get_han_value(v, field);
    } else if (key == "heavenly_as_additional") r.heavenly_as_additional = get_bool(v, field);
    else if (key == "double_riichi_kind") {
      r.double_riichi_kind =
          v.kind() == ValueView::Kind::Null ? DoubleRiichiKind::Table : parse_choice(v, field, kDoubleRiichiChoices);
    } else if (key == "chuuren_require_nine_wait") r.chuuren_require_nine_wait = get_bool(v, field);
    else if (key == "chuuren_forbid_furiten") r.chuuren_forbid_furiten = get_bool(v, field);
    else if (key == "chuuren_unlimited") r.chuuren_unlimited = get_bool(v, field);
    else if (key == "forbid_furiten") r.forbid_furiten = get_bool(v, field);
    else if (key == "shanpon_tsumo_after_riichi_is_open") r.shanpon_tsumo_after_riichi_is_open = get_bool(v, field);
    else if (key == "draw_pool_requires_menzen_tsumo") r.draw_pool_requires_menzen_tsumo = get_bool(v, field);
    else if (key == "value_overrides") read_value_table(v, field, false, r);
    else if (key == "local_yaku") read_value_table(v, field, true, r);
    else if (key == "win_base") read_win_base(v, r);
    else if (key == "unit") r.unit = v.kind() == ValueView::Kind::Null ? 0 : get_int(v, field, 1, 1000000000);
    else if (key == "ron_multiplier") r.ron_multiplier = static_cast<int>(get_int(v, field, 1, 10));
    else if (key == "preset") throw InputError("unknown_key", field, "Korean rules have no presets: pick a \"variant\" and set options");
    else throw InputError("unknown_key", field, "unknown Korean option '" + echo(key) + "'" + did_you_mean(key, korean_rules_to_json(KoreanRules())));
  });
  return r;
}

Json korean_rules_to_json(const KoreanRules& r) {
  Json o = Json::object();
  o.set("min_base_han", Json::integer(r.min_base_han));
  o.set("stack_components", Json::boolean(r.stack_components));
  o.set("round_wind_yakuhai", Json::boolean(r.round_wind_yakuhai));
  o.set("pinfu_tsumo", Json::boolean(r.pinfu_tsumo));
  o.set("genso_exclude_winning_tile", Json::boolean(r.genso_exclude_winning_tile));
  o.set("genso_count_melds", Json::boolean(r.genso_count_melds));
  o.set("genso_chankan_value", Json::integer(r.genso_chankan_value));
  const auto hwa = r.value_override[static_cast<int>(KoreanYaku::Hwamangwan)];
  o.set("hwamangwan_value", hwa == kTableValue ? Json::null() : Json::integer(hwa));
  o.set("heavenly_as_additional", Json::boolean(r.heavenly_as_additional));
  o.set("double_riichi_kind", r.double_riichi_kind == DoubleRiichiKind::Table
                                  ? Json::null()
                                  : Json::string(choice_name(r.double_riichi_kind, kDoubleRiichiChoices)));
  o.set("chuuren_require_nine_wait", Json::boolean(r.chuuren_require_nine_wait));
  o.set("chuuren_forbid_furiten", Json::boolean(r.chuuren_forbid_furiten));
  o.set("chuuren_unlimited", Json::boolean(r.chuuren_unlimited));
  o.set("forbid_furiten", Json::boolean(r.forbid_furiten));
  o.set("shanpon_tsumo_after_riichi_is_open", Json::boolean(r.shanpon_tsumo_after_riichi_is_open));
  o.set("draw_pool_requires_menzen_tsumo", Json::boolean(r.draw_pool_requires_menzen_tsumo));
  Json overrides = Json::object(), local = Json::object();  // moved in below: references into `o` would dangle
  for (const auto& row : kKoreanYakuTable) {
    const auto v = r.value_override[static_cast<int>(row.id)];
    const bool is_local = static_cast<int>(row.id) >= kKoreanTableRows;
    if (is_local) local.set(row.key, v == kTableValue ? Json::null() : Json::integer(v));
    else if (v != kTableValue && row.id != KoreanYaku::Hwamangwan) overrides.set(row.key, Json::integer(v));
  }
  o.set("value_overrides", std::move(overrides));
  o.set("local_yaku", std::move(local));
  if (r.win_base_on) {
    Json& wb = o.set("win_base", Json::object());
    wb.set("menzen_tsumo", Json::integer(r.win_base_menzen_tsumo));
    wb.set("menzen_ron", Json::integer(r.win_base_menzen_ron));
    wb.set("open", Json::integer(r.win_base_open));
  } else {
    o.set("win_base", Json::null());
  }
  o.set("unit", r.unit ? Json::integer(r.unit) : Json::null());
  o.set("ron_multiplier", Json::integer(r.ron_multiplier));
  return o;
}

}  // namespace tenbou
