// Typed reads of request fields, with errors that name the field (internal).
#pragma once
#include <string>
#include <string_view>

#include "tenbou/error.hpp"
#include "tenbou/value_view.hpp"

namespace tenbou {

inline std::string type_phrase(const ValueView& v) { return std::string(v.type_name()); }

inline bool get_bool(const ValueView& v, const std::string& field) {
  if (v.kind() != ValueView::Kind::Bool)
    throw InputError("bad_type", field, "must be true or false, not " + type_phrase(v));
  return v.as_bool();
}

inline std::int64_t get_int(const ValueView& v, const std::string& field, std::int64_t lo, std::int64_t hi) {
  if (v.kind() == ValueView::Kind::BigInt) throw InputError("bad_value", field, "integer out of range");
  if (v.kind() != ValueView::Kind::Int)
    throw InputError("bad_type", field, "must be an integer, not " + type_phrase(v));
  if (v.as_int() < lo || v.as_int() > hi)
    throw InputError("bad_value", field,
                     "must be between " + std::to_string(lo) + " and " + std::to_string(hi) + ", got " +
                         std::to_string(v.as_int()));
  return v.as_int();
}

inline std::string_view get_string(const ValueView& v, const std::string& field) {
  if (v.kind() != ValueView::Kind::String)
    throw InputError("bad_type", field, "must be a string, not " + type_phrase(v));
  return v.as_string();
}

}  // namespace tenbou
