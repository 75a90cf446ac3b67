// Typed reads of request fields, with errors that name the field (internal).
#pragma once
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>

#include "tenbou/error.hpp"
#include "core/limits.hpp"
#include "tenbou/tiles.hpp"
#include "tenbou/value_view.hpp"

// For what runs once per key of every request (a reader's per-key visitor and the views'
// small reads): inlined into the member walk (as calls they cost ~4% of score_many).
#if defined(__GNUC__) || defined(__clang__)
#define TENBOU_ALWAYS_INLINE __attribute__((always_inline))
#define TENBOU_COLD __attribute__((noinline, cold))  // an error path, kept out of the caller
#else
#define TENBOU_ALWAYS_INLINE
#define TENBOU_COLD
#endif

namespace tenbou {

inline std::string type_phrase(const ValueView& v) { return std::string(v.type_name()); }

// `text == literal` in word-sized loads, with no call to memcmp: request keys are
// short and many, and WebAssembly pays for every call.
template <std::size_t N>
inline bool is(std::string_view text, const char (&literal)[N]) {
  constexpr std::size_t n = N - 1;
  if (text.size() != n) return false;
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    std::uint64_t a, b;
    std::memcpy(&a, text.data() + i, 8);
    std::memcpy(&b, literal + i, 8);
    if (a != b) return false;
  }
  for (; i < n; ++i)
    if (text[i] != literal[i]) return false;
  return true;
}

// The checks inline (they run for every member of every request), the messages out of line.
[[noreturn]] TENBOU_COLD inline void not_a_bool(const ValueView& v, std::string_view field) {
  throw InputError("bad_type", std::string(field), "must be true or false, not " + type_phrase(v));
}
[[noreturn]] TENBOU_COLD inline void not_an_int(const ValueView& v, std::string_view field) {
  if (v.kind() == ValueView::Kind::BigInt) throw InputError("bad_value", std::string(field), "integer out of range");
  throw InputError("bad_type", std::string(field), "must be an integer, not " + type_phrase(v));
}
[[noreturn]] TENBOU_COLD inline void int_out_of_range(std::int64_t i, std::string_view field, std::int64_t lo,
                                                     std::int64_t hi) {
  throw InputError("bad_value", std::string(field),
                   "must be between " + std::to_string(lo) + " and " + std::to_string(hi) + ", got " + std::to_string(i));
}
[[noreturn]] TENBOU_COLD inline void not_a_string(const ValueView& v, std::string_view field) {
  throw InputError("bad_type", std::string(field), "must be a string, not " + type_phrase(v));
}

// `field` is only turned into a string when there is an error to report.
// The readers are templates so that a concrete view (binary::View, final) is read
// with direct calls on the hot path; any ValueView works.
// `field` is anything that reads as a std::string_view (a key view's own type too: it
// is only read on the error path).
template <typename V, typename Field>
TENBOU_ALWAYS_INLINE inline bool get_bool(const V& v, const Field& field) {
  if (v.kind() != ValueView::Kind::Bool) not_a_bool(v, field);
  return v.as_bool();
}

template <typename V, typename Field>
TENBOU_ALWAYS_INLINE inline std::int64_t get_int(const V& v, const Field& field, std::int64_t lo, std::int64_t hi) {
  if (v.kind() != ValueView::Kind::Int) not_an_int(v, field);
  const std::int64_t i = v.as_int();
  if (i < lo || i > hi) int_out_of_range(i, field, lo, hi);
  return i;
}

template <typename V, typename Field>
TENBOU_ALWAYS_INLINE inline std::string_view get_string(const V& v, const Field& field) {
  if (v.kind() != ValueView::Kind::String) not_a_string(v, field);
  return v.as_string();
}

// String choices of enum-valued fields: parsed and printed from the same table.
template <typename E>
struct Choice {
  const char* name;
  E value;
};

// The choice named `s`, if any. The first letters are compared before the names (whose
// lengths would otherwise be measured in every call).
template <typename E, std::size_t N>
bool find_choice(std::string_view s, const Choice<E> (&choices)[N], E& out) {
  const char first = s.empty() ? '\0' : s[0];
  for (const auto& c : choices)
    if (c.name[0] == first && s == c.name) {
      out = c.value;
      return true;
    }
  return false;
}

template <typename E, std::size_t N>
E parse_choice(const ValueView& v, std::string_view field, const Choice<E> (&choices)[N]) {
  const std::string_view s = get_string(v, field);
  if (E value; find_choice(s, choices, value)) return value;
  std::string allowed;  // the message only: nothing is built for a value that matches
  for (const auto& c : choices) allowed += std::string(allowed.empty() ? "" : ", ") + "\"" + c.name + "\"";
  throw InputError("bad_value", std::string(field), "must be one of " + allowed + ", got \"" + echo(s) + "\"");
}

template <typename E, std::size_t N>
const char* choice_name(E value, const Choice<E> (&choices)[N]) {
  for (const auto& c : choices)
    if (c.value == value) return c.name;
  return "?";
}

template <typename V, typename Field>
TENBOU_ALWAYS_INLINE inline Wind parse_wind(const V& v, const Field& field) {
  const std::string_view s = get_string(v, field);
  if (Wind w; wind_named(s, w)) return w;
  throw InputError("bad_value", std::string(std::string_view(field)),
                   "must be \"E\", \"S\", \"W\" or \"N\", got \"" + echo(s) + "\"");
}

// Member and item iteration: a view with non-virtual `members`/`items` (binary::View)
// is walked with its concrete type, any other through the ValueView interface.
template <typename V, typename F>
inline void visit_members(const V& v, F&& visit) {
  if constexpr (std::is_same_v<V, ValueView>) v.each_member(visit);
  else v.members(visit);
}

template <typename V, typename F>
inline void visit_items(const V& v, F&& visit) {
  if constexpr (std::is_same_v<V, ValueView>) v.each_item(visit);
  else v.items(visit);
}

}  // namespace tenbou
