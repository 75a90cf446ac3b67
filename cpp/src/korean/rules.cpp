// Korean house options (korean.md section 12): parsing and their JSON form.
#include "core/suggest.hpp"
#include "core/json_fields.hpp"
#include "core/option_rows.hpp"
#include "core/limits.hpp"
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

static_assert(in_enum_order(kDoubleRiichiChoices), "option rows store a choice's index as its enum value");

KoreanRules& rules_of(void* p) { return *static_cast<KoreanRules*>(p); }
const KoreanRules& rules_of(const void* p) { return *static_cast<const KoreanRules*>(p); }
constexpr int kHwamangwan = static_cast<int>(KoreanYaku::Hwamangwan);

// The rows that are not plain members. hwamangwan_value is the 화만관 row's value override;
// double_riichi_kind's "table" and null both leave the seed table's kind (shown as null).
constexpr OptionBinding kHwamangwanValue{
    [](void* p, std::int64_t v) {
      rules_of(p).value_override[kHwamangwan] = v == kOptionNull ? kTableValue : static_cast<std::int16_t>(v);
    },
    [](const void* p) -> std::int64_t {
      const auto v = rules_of(p).value_override[kHwamangwan];
      return v == kTableValue ? kOptionNull : v;
    }};
constexpr OptionBinding kDoubleRiichiKind{
    [](void* p, std::int64_t v) {
      rules_of(p).double_riichi_kind = v == kOptionNull ? DoubleRiichiKind::Table : static_cast<DoubleRiichiKind>(v);
    },
    [](const void* p) -> std::int64_t {
      const auto kind = rules_of(p).double_riichi_kind;
      return kind == DoubleRiichiKind::Table ? kOptionNull : static_cast<std::int64_t>(kind);
    }};
constexpr OptionBinding kUnit{[](void* p, std::int64_t v) { rules_of(p).unit = v == kOptionNull ? 0 : v; },
                              [](const void* p) -> std::int64_t { return rules_of(p).unit ? rules_of(p).unit : kOptionNull; }};

// value_overrides shows the table rows a house changed (화만관 has its own option); local_yaku
// every local row, null while off.
Json show_overrides(const void* p, bool local) {
  const KoreanRules& r = rules_of(p);
  Json out = Json::object();
  for (const auto& row : kKoreanYakuTable) {
    const auto v = r.value_override[static_cast<int>(row.id)];
    const bool is_local = static_cast<int>(row.id) >= kKoreanTableRows;
    if (local && is_local) out.set(row.key, v == kTableValue ? Json::null() : Json::integer(v));
    else if (!local && !is_local && v != kTableValue && row.id != KoreanYaku::Hwamangwan) out.set(row.key, Json::integer(v));
  }
  return out;
}
constexpr OptionBinding kValueOverrides{
    nullptr, nullptr, [](const ValueView& v, const std::string& field, void* p) { read_value_table(v, field, false, rules_of(p)); },
    [](const void* p) { return show_overrides(p, false); }};
constexpr OptionBinding kLocalYaku{
    nullptr, nullptr, [](const ValueView& v, const std::string& field, void* p) { read_value_table(v, field, true, rules_of(p)); },
    [](const void* p) { return show_overrides(p, true); }};
constexpr OptionBinding kWinBase{
    nullptr, nullptr, [](const ValueView& v, const std::string&, void* p) { read_win_base(v, rules_of(p)); },
    [](const void* p) {
      const KoreanRules& r = rules_of(p);
      if (!r.win_base_on) return Json::null();
      Json wb = Json::object();
      wb.set("menzen_tsumo", Json::integer(r.win_base_menzen_tsumo));
      wb.set("menzen_ron", Json::integer(r.win_base_menzen_ron));
      wb.set("open", Json::integer(r.win_base_open));
      return wb;
    }};

constexpr auto kDoubleRiichiNames = names_of(kDoubleRiichiChoices);
constexpr std::int64_t kGensoChankanValues[] = {1, 4};

// The yaku keys options.value_overrides takes (every row), and options.local_yaku (the local rows).
constexpr auto kYakuKeys = [] {
  std::array<const char*, kKoreanYakuCount> keys{};
  for (int i = 0; i < kKoreanYakuCount; ++i) keys[i] = kKoreanYakuTable[i].key;
  return keys;
}();
constexpr auto kLocalYakuKeys = [] {
  std::array<const char*, kKoreanYakuCount - kKoreanTableRows> keys{};
  for (int i = kKoreanTableRows; i < kKoreanYakuCount; ++i) keys[i - kKoreanTableRows] = kKoreanYakuTable[i].key;
  return keys;
}();
constexpr const char* kWinBaseFields[] = {"menzen_tsumo", "menzen_ron", "open"};

// Every Korean house option (README "Korean mahjong", korean.md section 12), each the spec's
// DEFAULT, with the seed 004 line behind it. Korean rules have no presets (the variant is
// the request's "variant", below).
constexpr OptionSpec kKoreanOptions[] = {
    integer("min_base_han", "2", 0, 10, "scoring", "base han needed to win (0 = 무판, 3 = 3판 묶음); additional han never count",
            "seed 004 L56 \"2판묶음\", L105 \"무판마작 … 양판 묶음\", L91 \"3판 묶음\"")
        .to(member<&KoreanRules::min_base_han>()),
    boolean("stack_components", "true", "scoring",
            "count the lesser yaku the seed adds \"if counted separately\" (권리패 under 소삼원/대삼원, 돌돌이 under 사안커, ...)",
            "seed 004 L68, L73, L78, L82, L85, L101 \"…를 별도로 취급하면 사실상 N판\"")
        .to(member<&KoreanRules::stack_components>()),
    boolean("round_wind_yakuhai", "false", "scoring", "a round-wind pung is 권리패 too (and breaks 핑후 as a pair)",
            "seed 004 L58 names only 자풍패")
        .to(member<&KoreanRules::round_wind_yakuhai>()),
    boolean("pinfu_tsumo", "false", "scoring", "핑후 also on a tsumo",
            "seed 004 L13 \"쓰무와 중복 불가\", L54 \"극히 일부는 핑후와 쓰무를 같이 인정\"")
        .to(member<&KoreanRules::pinfu_tsumo>()),
    boolean("genso_exclude_winning_tile", "false", "scoring", "겐쇼 leaves the winning tile out",
            "seed 004 L110 \"오름패 자체도 포함하는 것이 기본이나, 간혹 제외\"")
        .to(member<&KoreanRules::genso_exclude_winning_tile>()),
    boolean("genso_count_melds", "true", "scoring", "겐쇼 counts copies in the player's melds",
            "seed 004 L110 \"가지고 있는 개수\"")
        .to(member<&KoreanRules::genso_count_melds>()),
    integer("genso_chankan_value", "1", 1, 4, "scoring", "겐쇼 on a 깡쏘아 (robbing a kan): 1 or 4 han",
            "seed 004 L123 \"겐쇼는 1판이 원칙이나 … 4판으로 규정하기도\"")
        .only(list_of(kGensoChankanValues), "seed 004 L123")
        .to(member<&KoreanRules::genso_chankan_value>()),
    integer("hwamangwan_value", "null", 0, 1000, "scoring", "화만관's own value in han (the 4 flowers still add)",
            "seed 004 L127 \"화패를 별도로 계산하면 서화는 사실상 12판\"")
        .or_null("the seed table's value")
        .to(kHwamangwanValue),
    boolean("heavenly_as_additional", "false", "scoring", "천화/지화/인화 count as additional yaku",
            "seed 004 L91 \"넷마블 마작에서는 천지인 모두 부가 역\"")
        .to(member<&KoreanRules::heavenly_as_additional>()),
    choice("double_riichi_kind", "null", list_of(kDoubleRiichiNames), "scoring",
           "부지부 엎어 (double riichi) as a base or an additional yaku",
           "seed 004 L71 \"기본 역으로 인정되는 경우가 많다. 극히 일부는 부가 역\"")
        .or_null("the seed table's kind (\"table\")")
        .to(kDoubleRiichiKind),
    boolean("chuuren_require_nine_wait", "true", "scoring", "구련보등 only on the pure nine-sided wait",
            "seed 004 L96, footnote [7]")
        .to(member<&KoreanRules::chuuren_require_nine_wait>()),
    boolean("chuuren_forbid_furiten", "true", "scoring",
            "no 구련보등 with a tile of its suit among own_discards (then 청일색)", "seed 004 L97, L100, footnote [8]")
        .to(member<&KoreanRules::chuuren_forbid_furiten>()),
    boolean("chuuren_unlimited", "false", "scoring", "구련보등 is reported unlimited (\"판수 무한\")", "seed 004 L101")
        .to(member<&KoreanRules::chuuren_unlimited>()),
    boolean("forbid_furiten", "false", "scoring",
            "furiten (진팅) forbidden: a ron on a wait among own_discards, or a 불러 declared on such a hand, is chombo",
            "seed 004 L100, L119 \"진팅이 허용되지 않는데 진팅 불러를 선언해도 즉시 점프\", footnote [8]")
        .to(member<&KoreanRules::forbid_furiten>()),
    boolean("shanpon_tsumo_after_riichi_is_open", "false", "scoring",
            "a shanpon tsumo after 엎어 leaves the pung open (삼안커 only)",
            "seed 004 L74 \"…삼앙꼬만으로 인정되는 곳도 있으니 사전에 합의\"")
        .to(member<&KoreanRules::shanpon_tsumo_after_riichi_is_open>()),
    boolean("draw_pool_requires_menzen_tsumo", "false", "payment", "the draw pool is collected only on a concealed tsumo",
            "seed 004 L52 \"지엠지넷, 넥서스 등 일부 룰\"")
        .to(member<&KoreanRules::draw_pool_requires_menzen_tsumo>()),
    object(OptionType::YakuValues, "value_overrides", "{}", list_of(kYakuKeys), 0, 1000, "scoring",
           "any yaku's value in han, by key or Korean name (e.g. {\"엎어\": 1} fills a 불명); null restores the table's",
           "seed 004 L10 (불명), L68/L73 vs L21/L22 (korean.md A1)")
        .to(kValueOverrides),
    object(OptionType::YakuValues, "local_yaku",
           "{\"chanta\":null,\"iipeikou\":null,\"ryanpeikou\":null,\"sankantsu\":null,\"suukantsu\":null}",
           list_of(kLocalYakuKeys), 0, 1000, "scoring",
           "values in han for the local yaku the seed names without one (off while null)", "seed 004 L131-134")
        .to(kLocalYaku),
    object(OptionType::Object, "win_base", "null", list_of(kWinBaseFields), 0, 1000, "payment",
           "the house's base points for a win (오른 것에 대한 기본 판수), added to the han for the payment",
           "seed 004 L47, footnote [1] (넥서스 10/5)")
        .or_true("{\"menzen_tsumo\":10,\"menzen_ron\":5,\"open\":5}")
        .or_null("no win base")
        .to(kWinBase),
    integer("unit", "null", 1, 1000000000, "payment",
            "money per point: tsumo, each of the three others pays points x unit; ron, the discarder points x unit x ron_multiplier",
            "korean.md section 9: the seed gives no payment rule")
        .or_null("no payments")
        .to(kUnit),
    integer("ron_multiplier", "1", 1, 10, "payment", "what the discarder pays on ron, in multiples of points x unit",
            "korean.md section 9")
        .to(member<&KoreanRules::ron_multiplier>()),
};

constexpr VariantSpec kKoreanVariantSpecs[] = {
    {"nagari", "나가리", "the default: the column the seed's prose follows (004 L10)"},
    {"samsiki", "삼식이", "the seed table's second column (004 L10)"},
    {"coffee", "커피향", "the seed table's third column (004 L10)"},
};

constexpr OptionFamily kKoreanFamily{"korean", list_of(kKoreanOptions), {}, list_of(kKoreanVariantSpecs)};
constexpr OptionIndex kIndex(kKoreanOptions);

}  // namespace

const OptionFamily& korean_option_family() { return kKoreanFamily; }

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
    if (const OptionSpec* o = kIndex.find(key)) return read_option(*o, v, &r);
    const std::string field = "options." + std::string(key);
    if (key == "preset") throw InputError("unknown_key", field, "Korean rules have no presets: pick a \"variant\" and set options");
    throw InputError("unknown_key", field, "unknown Korean option '" + echo(key) + "'" + did_you_mean(key, korean_rules_to_json(KoreanRules())));
  });
  return r;
}

Json korean_rules_to_json(const KoreanRules& r) { return options_json(list_of(kKoreanOptions), &r); }

}  // namespace tenbou
