// Rows of the option tables (options_schema.hpp), written one line per option in each
// family's rules.cpp (internal).
#pragma once
#include <array>
#include <cstddef>

#include "core/json_fields.hpp"
#include "tenbou/options_schema.hpp"

namespace tenbou {

// A choice table's names, in its order (the schema lists them as the reader accepts them).
template <typename E, std::size_t N>
constexpr std::array<const char*, N> names_of(const Choice<E> (&choices)[N]) {
  std::array<const char*, N> out{};
  for (std::size_t i = 0; i < N; ++i) out[i] = choices[i].name;
  return out;
}
template <typename T, std::size_t N>
constexpr ListView<T> list_of(const std::array<T, N>& items) {
  return {items.data(), N};
}

// One value per preset, in the family's preset order (nullptr: the default).
struct PresetValues {
  const char* v[kMaxPresets] = {};
};

constexpr OptionSpec make_option(OptionType type, const char* key, const char* default_value, const char* section,
                                 const char* description, const char* source, const PresetValues& presets) {
  OptionSpec s{key, type, default_value, description, source, section};
  for (std::size_t i = 0; i < kMaxPresets; ++i) s.presets[i] = presets.v[i];
  return s;
}

constexpr OptionSpec boolean(const char* key, const char* default_value, const char* section, const char* description,
                             const char* source, const PresetValues& presets = {}) {
  return make_option(OptionType::Bool, key, default_value, section, description, source, presets);
}

constexpr OptionSpec integer(const char* key, const char* default_value, std::int64_t min, std::int64_t max,
                             const char* section, const char* description, const char* source,
                             const PresetValues& presets = {}) {
  OptionSpec s = make_option(OptionType::Int, key, default_value, section, description, source, presets);
  s.min = min;
  s.max = max;
  return s;
}

constexpr OptionSpec choice(const char* key, const char* default_value, ListView<const char*> names, const char* section,
                            const char* description, const char* source, const PresetValues& presets = {}) {
  OptionSpec s = make_option(OptionType::Choice, key, default_value, section, description, source, presets);
  s.choices = names;
  return s;
}

// An object of yaku -> han (`names`: the yaku keys it takes) or of named int fields.
constexpr OptionSpec object(OptionType type, const char* key, const char* default_value, ListView<const char*> names,
                            std::int64_t min, std::int64_t max, const char* section, const char* description,
                            const char* source) {
  OptionSpec s = make_option(type, key, default_value, section, description, source, {});
  s.choices = names;
  s.min = min;
  s.max = max;
  return s;
}

}  // namespace tenbou
