#include "tenbou/value_view.hpp"

#include "tenbou/json.hpp"

namespace tenbou {

std::string_view ValueView::type_name() const {
  switch (kind()) {
    case Kind::Null: return "null";
    case Kind::Bool: return "boolean";
    case Kind::Int:
    case Kind::BigInt: return "integer";
    case Kind::Double: return "number";
    case Kind::String: return "string";
    case Kind::Array: return "array";
    case Kind::Object: return "object";
    case Kind::Other: return "unsupported value";
  }
  return "?";
}

ValueView::Kind JsonView::kind() const {
  switch (j_.type()) {
    case Json::Type::Null: return Kind::Null;
    case Json::Type::Bool: return Kind::Bool;
    case Json::Type::Int: return Kind::Int;
    case Json::Type::BigInt: return Kind::BigInt;
    case Json::Type::Double: return Kind::Double;
    case Json::Type::String: return Kind::String;
    case Json::Type::Array: return Kind::Array;
    case Json::Type::Object: return Kind::Object;
  }
  return Kind::Other;
}

bool JsonView::as_bool() const { return j_.as_bool(); }
std::int64_t JsonView::as_int() const { return j_.as_int(); }
std::string_view JsonView::as_string() const { return j_.as_string(); }
std::string_view JsonView::type_name() const {
  if (j_.type() == Json::Type::Double) {
    const double d = j_.as_double();
    if (d != d) return "NaN";
    if (d - d != 0) return "Infinity";
  }
  return ValueView::type_name();
}
std::size_t JsonView::size() const { return j_.type() == Json::Type::Array ? j_.items().size() : j_.members().size(); }

void JsonView::each_item(FunctionRef<void(std::size_t, const ValueView&)> visit) const {
  for (std::size_t i = 0; i < j_.items().size(); ++i) visit(i, JsonView(j_.items()[i]));
}

void JsonView::each_member(FunctionRef<void(std::string_view, const ValueView&)> visit) const {
  for (const auto& [key, value] : j_.members()) visit(key, JsonView(value));
}

}  // namespace tenbou
