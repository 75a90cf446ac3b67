// The option tables and the input limits as one JSON text each (options_schema.hpp): every
// front end returns these bytes as they are, so the docs and the page read the same data.
#include "tenbou/options_schema.hpp"

#include <string_view>

#include "core/json_fields.hpp"
#include "tenbou/json.hpp"
#include "core/limits.hpp"

namespace tenbou {
namespace {

const char* type_name(OptionType type) {
  switch (type) {
    case OptionType::Bool: return "bool";
    case OptionType::Int: return "int";
    case OptionType::Choice: return "choice";
    case OptionType::YakuValues: return "yaku_values";
    case OptionType::Object: return "object";
  }
  return "?";
}

// A row's value text (options_schema.hpp OptionSpec::default_value) as JSON.
Json value_json(const OptionSpec& o, std::string_view text) {
  if (o.type == OptionType::YakuValues || o.type == OptionType::Object) return Json::parse(text);
  return option_value_json(o, option_value_code(o, text));
}

[[noreturn]] TENBOU_COLD void not_allowed(const OptionSpec& o, std::string_view field) {
  std::string allowed;  // "2 or 4", "1, 2 or 3"
  for (std::size_t i = 0; i < o.values.size; ++i)
    allowed += (i == 0 ? "" : i + 1 == o.values.size ? " or " : ", ") + std::to_string(o.values.items[i]);
  throw InputError("bad_value", std::string(field),
                   "must be " + allowed + (o.why ? std::string(" (") + o.why + ")" : std::string()));
}

[[noreturn]] TENBOU_COLD void not_a_multiple(const OptionSpec& o, std::string_view field) {
  throw InputError("bad_value", std::string(field),
                   "must be a multiple of " + std::to_string(o.multiple_of) +
                       (o.why ? std::string(" (") + o.why + ")" : std::string()));
}

// parse_choice's message (json_fields.hpp), from the row's names.
[[noreturn]] TENBOU_COLD void not_a_choice(const OptionSpec& o, std::string_view s, std::string_view field) {
  std::string allowed;
  for (const char* c : o.choices) allowed += std::string(allowed.empty() ? "" : ", ") + "\"" + c + "\"";
  throw InputError("bad_value", std::string(field), "must be one of " + allowed + ", got \"" + echo(s) + "\"");
}

Json strings(ListView<const char*> names) {
  Json a = Json::array();
  for (const char* n : names) a.push(Json::string(n));
  return a;
}

Json option_json(const OptionSpec& o) {
  Json j = Json::object();
  j.set("key", Json::string(o.key));
  j.set("type", Json::string(type_name(o.type)));
  j.set("default", value_json(o, o.default_value));
  j.set("description", Json::string(o.description));
  j.set("source", *o.source ? Json::string(o.source) : Json::null());
  j.set("section", Json::string(o.section));
  switch (o.type) {
    case OptionType::Bool: break;
    case OptionType::Int:
      j.set("min", Json::integer(o.min));
      j.set("max", Json::integer(o.max));
      if (o.values.size) {
        Json& values = j.set("values", Json::array());
        for (std::int64_t v : o.values) values.push(Json::integer(v));
      }
      if (o.multiple_of) j.set("multiple_of", Json::integer(o.multiple_of));
      if (o.why) j.set("why", Json::string(o.why));  // the reason the reader's message gives for those two
      break;
    case OptionType::Choice: j.set("choices", strings(o.choices)); break;
    case OptionType::YakuValues:  // an object of yaku -> han (each may be null)
      j.set("keys", strings(o.choices));
      j.set("min", Json::integer(o.min));
      j.set("max", Json::integer(o.max));
      break;
    case OptionType::Object: {  // named int fields; `true` stands for their defaults
      const Json defaults = Json::parse(o.true_means ? o.true_means : "{}");
      Json& fields = j.set("fields", Json::array());
      for (const char* name : o.choices) {
        Json& f = fields.push(Json::object());
        f.set("key", Json::string(name));
        f.set("type", Json::string("int"));
        const Json* d = defaults.find(name);
        f.set("default", d ? *d : Json::null());
        f.set("min", Json::integer(o.min));
        f.set("max", Json::integer(o.max));
      }
      break;
    }
  }
  j.set("nullable", Json::boolean(o.nullable));
  if (o.null_means) j.set("null_means", Json::string(o.null_means));
  if (o.true_means) j.set("true_means", Json::parse(o.true_means));
  return j;
}

Json family_json(const OptionFamily& family) {
  Json f = Json::object();
  Json& options = f.set("options", Json::array());
  for (const OptionSpec& o : family.options) options.push(option_json(o));
  // Each preset with the value of every option in it (the default where the row gives none).
  Json& presets = f.set("presets", Json::object());
  for (std::size_t i = 0; i < family.presets.size; ++i) {
    const PresetSpec& p = family.presets.items[i];
    Json& preset = presets.set(p.name, Json::object());
    preset.set("description", Json::string(p.description));
    preset.set("source", Json::string(p.source));
    Json& values = preset.set("values", Json::object());
    for (const OptionSpec& o : family.options)
      values.set(o.key, value_json(o, o.presets[i] ? o.presets[i] : o.default_value));
  }
  Json& variants = f.set("variants", Json::array());
  for (const VariantSpec& v : family.variants) {
    Json& variant = variants.push(Json::object());
    variant.set("name", Json::string(v.name));
    variant.set("name_local", Json::string(v.name_local));
    variant.set("description", Json::string(v.description));
  }
  return f;
}

std::string make_options_json() {
  Json root = Json::object();
  root.set("schema_version", Json::integer(kOptionsSchemaVersion));
  Json& families = root.set("families", Json::object());
  for (const OptionFamily* family : {&riichi_option_family(), &korean_option_family(), &hktw_option_family()})
    families.set(family->name, family_json(*family));
  return root.dump();
}

std::string make_limits_json() {
  Json root = Json::object();
  root.set("schema_version", Json::integer(kOptionsSchemaVersion));
  Json& limits = root.set("limits", Json::array());
  for (const LimitSpec& l : input_limits()) {
    Json& row = limits.push(Json::object());
    row.set("name", Json::string(l.name));
    row.set("value", Json::integer(l.value));
    row.set("unit", Json::string(l.unit));
    row.set("bounds", Json::string(l.bounds));
    row.set("error", *l.error ? Json::string(l.error) : Json::null());
    row.set("description", Json::string(l.description));
  }
  return root.dump();
}

}  // namespace

std::int64_t read_option_value(const OptionSpec& o, const ValueView& v, std::string_view field) {
  if (o.nullable && v.kind() == ValueView::Kind::Null) return kOptionNull;
  switch (o.type) {
    case OptionType::Bool: return get_bool(v, field);
    case OptionType::Int: {
      const std::int64_t i = get_int(v, field, o.min, o.max);
      if (o.values.size) {
        bool allowed = false;
        for (std::int64_t a : o.values) allowed |= a == i;
        if (!allowed) not_allowed(o, field);
      }
      if (o.multiple_of && i % o.multiple_of != 0) not_a_multiple(o, field);
      return i;
    }
    case OptionType::Choice: {
      const std::string_view s = get_string(v, field);
      for (std::size_t i = 0; i < o.choices.size; ++i)
        if (s == o.choices.items[i]) return static_cast<std::int64_t>(i);
      not_a_choice(o, s, field);
    }
    case OptionType::YakuValues:
    case OptionType::Object: break;  // rows of their own (OptionBinding::read)
  }
  throw InputError("bad_value", std::string(field), "cannot be read");
}

void read_option(const OptionSpec& o, const ValueView& v, void* rules) {
  if (o.bind.read) return o.bind.read(v, std::string("options.") + o.key, rules);
  std::int64_t value;
  try {
    value = read_option_value(o, v, o.key);
  } catch (const InputError& e) {  // the full field name only for the message
    throw InputError(e.reason(), std::string("options.") + o.key, e.detail());
  }
  o.bind.set(rules, value);
}

std::int64_t option_value_code(const OptionSpec& o, std::string_view text) {
  if (text == "null") return kOptionNull;
  switch (o.type) {
    case OptionType::Bool: return text == "true";
    case OptionType::Int: return std::stoll(std::string(text));
    case OptionType::Choice:
      for (std::size_t i = 0; i < o.choices.size; ++i)
        if (text == o.choices.items[i]) return static_cast<std::int64_t>(i);
      break;
    case OptionType::YakuValues:
    case OptionType::Object: break;
  }
  return kOptionNull;
}

Json option_value_json(const OptionSpec& o, std::int64_t code) {
  if (code == kOptionNull) return Json::null();
  switch (o.type) {
    case OptionType::Bool: return Json::boolean(code != 0);
    case OptionType::Int: return Json::integer(code);
    case OptionType::Choice:
      return code >= 0 && static_cast<std::size_t>(code) < o.choices.size ? Json::string(o.choices.items[code]) : Json::null();
    case OptionType::YakuValues:
    case OptionType::Object: break;
  }
  return Json::null();
}

Json options_json(ListView<OptionSpec> options, const void* rules) {
  Json out = Json::object();
  for (const OptionSpec& o : options)
    out.set(o.key, o.bind.show ? o.bind.show(rules) : option_value_json(o, o.bind.get(rules)));
  return out;
}

const std::string& options_schema_json() {
  static const std::string text = make_options_json();
  return text;
}

const std::string& input_limits_json() {
  static const std::string text = make_limits_json();
  return text;
}

}  // namespace tenbou
