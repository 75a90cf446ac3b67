// Typed reads of request fields, with errors that name the field (internal).
#pragma once
#include <string>
#include <string_view>

#include "tenbou/error.hpp"
#include "tenbou/value_view.hpp"

namespace tenbou {

inline std::string type_phrase(const ValueView& v) { return std::string(v.type_name()); }

// `field` is only turned into a string when there is an error to report.
inline bool get_bool(const ValueView& v, std::string_view field) {
  if (v.kind() != ValueView::Kind::Bool)
    throw InputError("bad_type", std::string(field), "must be true or false, not " + type_phrase(v));
  return v.as_bool();
}

inline std::int64_t get_int(const ValueView& v, std::string_view field, std::int64_t lo, std::int64_t hi) {
  const ValueView::Kind kind = v.kind();
  if (kind == ValueView::Kind::BigInt) throw InputError("bad_value", std::string(field), "integer out of range");
  if (kind != ValueView::Kind::Int)
    throw InputError("bad_type", std::string(field), "must be an integer, not " + type_phrase(v));
  const std::int64_t i = v.as_int();
  if (i < lo || i > hi)
    throw InputError("bad_value", std::string(field),
                     "must be between " + std::to_string(lo) + " and " + std::to_string(hi) + ", got " +
                         std::to_string(i));
  return i;
}

inline std::string_view get_string(const ValueView& v, std::string_view field) {
  if (v.kind() != ValueView::Kind::String)
    throw InputError("bad_type", std::string(field), "must be a string, not " + type_phrase(v));
  return v.as_string();
}

}  // namespace tenbou
