// A small JSON document model: the contract's request and result travel as JSON
// through every front end, and this one reader/writer makes them byte-identical.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tenbou {

class Json {
 public:
  enum class Type : std::uint8_t { Null, Bool, Int, BigInt, Double, String, Array, Object };
  using Member = std::pair<std::string, Json>;

  Json() = default;
  static Json null() { return Json(); }
  static Json boolean(bool b) { Json j; j.type_ = Type::Bool; j.int_ = b; return j; }
  static Json integer(std::int64_t i) { Json j; j.type_ = Type::Int; j.int_ = i; return j; }
  // An integer too large for 64 bits, kept exactly as its decimal digits.
  static Json big_integer(std::string digits) { Json j; j.type_ = Type::BigInt; j.str_ = std::move(digits); return j; }
  static Json number(double d) { Json j; j.type_ = Type::Double; j.dbl_ = d; return j; }
  static Json string(std::string s) { Json j; j.type_ = Type::String; j.str_ = std::move(s); return j; }
  static Json array() { Json j; j.type_ = Type::Array; return j; }
  static Json object() { Json j; j.type_ = Type::Object; return j; }

  Type type() const { return type_; }
  bool is_null() const { return type_ == Type::Null; }
  bool as_bool() const { return int_ != 0; }
  std::int64_t as_int() const { return int_; }
  double as_double() const { return dbl_; }
  const std::string& as_string() const { return str_; }  // String, or BigInt digits
  const std::vector<Json>& items() const { return items_; }
  const std::vector<Member>& members() const { return members_; }

  Json& push(Json value) { items_.push_back(std::move(value)); return items_.back(); }
  Json& set(std::string key, Json value) {
    members_.emplace_back(std::move(key), std::move(value));
    return members_.back().second;
  }
  const Json* find(std::string_view key) const;
  // Room for n items (an array) or members (an object) added next: one allocation, not
  // one per doubling (answers of a known shape).
  void reserve(std::size_t n) {
    if (type_ == Type::Object) members_.reserve(n);
    else if (type_ == Type::Array) items_.reserve(n);
  }

  // Compact serialisation (no spaces), members in insertion order.
  std::string dump() const;
  void dump_to(std::string& out) const;

  // Parses one JSON text; throws InputError(reason "bad_json") naming the position.
  // Strings must be valid UTF-8; nesting is limited to 64 levels; duplicate keys are rejected.
  static Json parse(std::string_view text);

  static const char* type_name(Type t);

 private:
  Type type_ = Type::Null;
  std::int64_t int_ = 0;
  double dbl_ = 0;
  std::string str_;
  std::vector<Json> items_;
  std::vector<Member> members_;
};

void json_escape_to(std::string& out, std::string_view s);

// How many leading bytes of `s` go into a JSON string as they are (no escape needed).
inline std::size_t json_plain_length(std::string_view s) {
  std::size_t n = 0;
  while (n < s.size()) {
    const unsigned char c = static_cast<unsigned char>(s[n]);
    if (c < 0x20 || c == '"' || c == '\\') break;
    ++n;
  }
  return n;
}

}  // namespace tenbou
