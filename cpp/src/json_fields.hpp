// Typed reads of request fields, with errors that name the field (internal).
#pragma once
#include <string>

#include "tenbou/error.hpp"
#include "tenbou/json.hpp"

namespace tenbou {

inline bool get_bool(const Json& v, const std::string& field) {
  if (v.type() != Json::Type::Bool)
    throw InputError("bad_type", field, std::string("must be true or false, not ") + Json::type_name(v.type()));
  return v.as_bool();
}

inline std::int64_t get_int(const Json& v, const std::string& field, std::int64_t lo, std::int64_t hi) {
  if (v.type() != Json::Type::Int)
    throw InputError(v.type() == Json::Type::BigInt ? "bad_value" : "bad_type", field,
                     v.type() == Json::Type::BigInt ? "integer out of range"
                                                    : std::string("must be an integer, not ") + Json::type_name(v.type()));
  if (v.as_int() < lo || v.as_int() > hi)
    throw InputError("bad_value", field,
                     "must be between " + std::to_string(lo) + " and " + std::to_string(hi) + ", got " +
                         std::to_string(v.as_int()));
  return v.as_int();
}

inline const std::string& get_string(const Json& v, const std::string& field) {
  if (v.type() != Json::Type::String)
    throw InputError("bad_type", field, std::string("must be a string, not ") + Json::type_name(v.type()));
  return v.as_string();
}


}  // namespace tenbou
