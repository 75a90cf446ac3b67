// Rows of the option tables (options_schema.hpp), written one line per option in each
// family's rules.cpp (internal).
#pragma once
#include <array>
#include <cstddef>
#include <type_traits>

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
  std::size_t size = 0;
  while (key[size]) ++size;
  OptionSpec s{key, type, static_cast<std::uint8_t>(size), default_value, description, source, section};
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

// A plain member of a family's rules: a bool, an integer, or an enum whose values are the
// row's choice indexes (in_enum_order checks the choice tables).
template <typename>
struct member_of;
template <typename C, typename T>
struct member_of<T C::*> {
  using owner = C;
  using type = T;
};
template <auto M>
void store_member(void* rules, std::int64_t value) {
  using C = typename member_of<decltype(M)>::owner;
  using T = typename member_of<decltype(M)>::type;
  static_cast<C*>(rules)->*M = static_cast<T>(value);
}
template <auto M>
std::int64_t load_member(const void* rules) {
  using C = typename member_of<decltype(M)>::owner;
  return static_cast<std::int64_t>(static_cast<const C*>(rules)->*M);
}
template <auto M>
constexpr OptionBinding member() {
  return {&store_member<M>, &load_member<M>};
}

// A choice table whose i-th name is its enum's value i: a choice's index is its value.
template <typename E, std::size_t N>
constexpr bool in_enum_order(const Choice<E> (&choices)[N]) {
  for (std::size_t i = 0; i < N; ++i)
    if (static_cast<std::size_t>(choices[i].value) != i) return false;
  return true;
}

// A family's rows by key: an open-addressing table made at compile time, so that a request's
// option is found in a probe or two (a walk over the rows cost more than the if-lists did).
template <std::size_t N>
class OptionIndex {
 public:
  constexpr explicit OptionIndex(const OptionSpec (&rows)[N]) : rows_(rows) {
    static_assert(N < kSlots / 2, "keep the table at most half full");
    for (std::size_t i = 0; i < N; ++i) {
      std::size_t h = hash(rows[i].key, rows[i].key_size);
      while (slots_[h]) h = (h + 1) & (kSlots - 1);
      slots_[h] = static_cast<std::uint8_t>(i + 1);
    }
  }
  const OptionSpec* find(std::string_view key) const {
    if (key.empty()) return nullptr;
    for (std::size_t h = hash(key.data(), key.size()); slots_[h]; h = (h + 1) & (kSlots - 1)) {
      const OptionSpec& o = rows_[slots_[h] - 1];
      if (o.is(key)) return &o;
    }
    return nullptr;
  }

 private:
  static constexpr std::size_t kSlots = 128;
  static constexpr std::size_t hash(const char* key, std::size_t size) {
    const auto at = [&](std::size_t i) { return static_cast<std::size_t>(static_cast<unsigned char>(key[i])); };
    return (size * 31 + at(0) * 7 + at(size / 2) * 3 + at(size - 1)) & (kSlots - 1);
  }
  const OptionSpec* rows_;
  std::array<std::uint8_t, kSlots> slots_{};
};

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
