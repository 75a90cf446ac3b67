// The house options of every rule family as data: one row per option a family's reader
// accepts (key, type, range or choices, default, preset values, description, the seed line
// behind it). The rows live beside their readers (cpp/src/*/rules.cpp); the docs' option
// tables and the page's house-options form are generated from options_schema_json().
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <string_view>

namespace tenbou {

class Json;
class ValueView;

// bool; int (a range, maybe only some values in it, or a multiple); choice (a string from a
// list); yaku_values (an object yaku -> han, Korean); object (named int fields, Korean win_base).
enum class OptionType : std::uint8_t { Bool, Int, Choice, YakuValues, Object };

// A constexpr view of a list (choices, allowed integers, preset names).
template <typename T>
struct ListView {
  const T* items = nullptr;
  std::size_t size = 0;
  constexpr const T* begin() const { return items; }
  constexpr const T* end() const { return items + size; }
};
template <typename T, std::size_t N>
constexpr ListView<T> list_of(const T (&items)[N]) {
  return {items, N};
}

// A row's value as its family's reader hands it to the rules: a bool as 0/1, an integer as
// itself, a choice as its index in the row's choices (their enum's value), null as kOptionNull.
constexpr std::int64_t kOptionNull = std::numeric_limits<std::int64_t>::min();

// Where a row's value lives in its family's rules (RiichiRules, KoreanRules, HktwRules): each
// table is read only by its own family's reader, which passes its own struct as `rules`.
struct OptionBinding {
  void (*set)(void* rules, std::int64_t value) = nullptr;
  std::int64_t (*get)(const void* rules) = nullptr;
  // Rows whose values are objects (Korean value_overrides, local_yaku, win_base) read and show
  // themselves.
  void (*read)(const ValueView& value, const std::string& field, void* rules) = nullptr;
  Json (*show)(const void* rules) = nullptr;
};

// The most presets a family has (Riichi: tenhou, mahjongsoul, wrc, mleague).
constexpr std::size_t kMaxPresets = 4;

struct OptionSpec {
  const char* key;
  OptionType type;
  std::uint8_t key_size;  // strlen(key): the readers compare it first
  // Values are written as plain text by type: "true"/"false", "300", a choice's name, "null";
  // yaku_values and object values as JSON text.
  const char* default_value;
  const char* description;  // one line of English
  const char* source;       // the seed line or spec section behind it; "" where there is none
  const char* section;      // which part of the rules it belongs to ("scoring", "settlement", ...)
  std::int64_t min = 0, max = 0;          // int: the range the reader checks first
  ListView<std::int64_t> values{};        // int: the only values allowed in that range (empty: any)
  std::int64_t multiple_of = 0;           // int: 0 = any
  const char* why = nullptr;              // int: the reason the reader's message adds to those two checks
  ListView<const char*> choices{};        // choice: the names; yaku_values: the yaku keys
  bool nullable = false;                  // null is accepted ...
  const char* null_means = nullptr;       // ... and means this
  const char* true_means = nullptr;       // object: `true` is accepted and stands for this value (JSON text)
  const char* presets[kMaxPresets] = {};  // the value in each of the family's presets (nullptr: the default)
  OptionBinding bind{};

  bool is(std::string_view name) const {
    return name.size() == key_size && std::memcmp(name.data(), key, key_size) == 0;
  }
  constexpr OptionSpec to(OptionBinding binding) const {
    OptionSpec s = *this;
    s.bind = binding;
    return s;
  }

  // Refinements, so that a row reads as one line (cpp/src/core/option_rows.hpp makes the rows).
  constexpr OptionSpec only(ListView<std::int64_t> allowed, const char* reason = nullptr) const {
    OptionSpec s = *this;
    s.values = allowed;
    s.why = reason;
    return s;
  }
  constexpr OptionSpec multiple(std::int64_t n, const char* reason = nullptr) const {
    OptionSpec s = *this;
    s.multiple_of = n;
    s.why = reason;
    return s;
  }
  constexpr OptionSpec or_true(const char* value) const {
    OptionSpec s = *this;
    s.true_means = value;
    return s;
  }
  constexpr OptionSpec or_null(const char* means) const {
    OptionSpec s = *this;
    s.nullable = true;
    s.null_means = means;
    return s;
  }
};

struct PresetSpec {
  const char* name;
  const char* description;
  const char* source;
};

struct VariantSpec {  // Korean: the request's "variant" (the seed table's columns), not an option
  const char* name;
  const char* name_local;
  const char* description;
};

struct OptionFamily {
  const char* name;  // "riichi", "korean", "hktw"
  ListView<OptionSpec> options;
  ListView<PresetSpec> presets;
  ListView<VariantSpec> variants;
};

const OptionFamily& riichi_option_family();
const OptionFamily& korean_option_family();
const OptionFamily& hktw_option_family();

// The reading every row shares: the value checked against the row's type, range, allowed
// values or choices (InputError naming `field`, the messages of json_fields.hpp), as a code.
std::int64_t read_option_value(const OptionSpec& option, const ValueView& value, std::string_view field);
// A row's value text (default_value, presets[i]) as a code, and a code as JSON.
std::int64_t option_value_code(const OptionSpec& option, std::string_view text);
Json option_value_json(const OptionSpec& option, std::int64_t code);
// Sets one option from a request's value (the row's own reader or the shared one); an error
// names the field "options.<key>" (built only then).
void read_option(const OptionSpec& option, const ValueView& value, void* rules);
// Every option of `rules` as a JSON object, in table order (tenbou.rules(), `tenbou rules`).
Json options_json(ListView<OptionSpec> options, const void* rules);

// {"schema_version": 1, "families": {"riichi": {"options": [...], "presets": {...}}, ...}}
const std::string& options_schema_json();
// {"schema_version": 1, "limits": [{"name", "value", "unit", "bounds", "error", "description"}, ...]}
const std::string& input_limits_json();

// Bumped when a field is renamed or removed (adding fields keeps it).
constexpr int kOptionsSchemaVersion = 1;

}  // namespace tenbou
