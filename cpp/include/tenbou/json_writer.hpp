// Two sinks for one serializer. Results are written once, as templates over a
// writer (cpp/src/core/result_writer.hpp): JsonTextWriter appends compact JSON text
// straight from the structs (the hot path of every JSON front end), JsonTreeWriter
// builds a Json tree (the Python binding reads it). Same calls, same output.
#pragma once
#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>

#include "tenbou/json.hpp"
#include "tenbou/result_keys.hpp"

namespace tenbou {

class JsonTextWriter {
 public:
  explicit JsonTextWriter(std::string& out) : out_(out) {}
  void begin_object() { open('{'); }
  void end_object() { close('}'); }
  void begin_array() { open('['); }
  void end_array() { close(']'); }
  void key(std::string_view k) {
    comma();
    json_escape_to(out_, k);
    out_ += ':';
    after_key_ = true;
  }
  void key(ResultKey k) {  // result keys need no escaping
    comma();
    const std::string_view name = result_key_name(k);
    out_ += '"';
    out_.append(name.data(), name.size());
    out_.append("\":", 2);
    after_key_ = true;
  }
  void null() { scalar("null"); }
  void boolean(bool b) { scalar(b ? "true" : "false"); }
  void integer(std::int64_t v) {
    comma();
    char buf[24];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    out_.append(buf, r.ptr);
  }
  void big_integer(std::string_view digits) { scalar(digits); }
  void string(std::string_view s) {
    comma();
    json_escape_to(out_, s);
  }

 private:
  // Writes the comma before a value or key when one is due at this depth.
  void comma() {
    if (after_key_) {
      after_key_ = false;
      return;
    }
    if (depth_ > 0 && (need_comma_ >> depth_) & 1) out_ += ',';
    need_comma_ |= std::uint64_t{1} << depth_;
  }
  void scalar(std::string_view text) {
    comma();
    out_.append(text.data(), text.size());
  }
  void open(char c) {
    comma();
    out_ += c;
    ++depth_;
    need_comma_ &= ~(std::uint64_t{1} << depth_);
  }
  void close(char c) {
    out_ += c;
    --depth_;
  }
  std::string& out_;
  std::uint64_t need_comma_ = 0;  // bit d: a value was written at depth d
  int depth_ = 0;                 // results nest a few levels (checked by the writers' users)
  bool after_key_ = false;
};

class JsonTreeWriter {
 public:
  void begin_object() { push(Json::object()); }
  void end_object() { --top_; }
  void begin_array() { push(Json::array()); }
  void end_array() { --top_; }
  void key(std::string_view k) { key_ = std::string(k); }
  void key(ResultKey k) { key_ = std::string(result_key_name(k)); }
  void null() { put(Json::null()); }
  void boolean(bool b) { put(Json::boolean(b)); }
  void integer(std::int64_t v) { put(Json::integer(v)); }
  void big_integer(std::string_view digits) { put(Json::big_integer(std::string(digits))); }
  void string(std::string_view s) { put(Json::string(std::string(s))); }
  Json take() { return std::move(root_); }

 private:
  Json& put(Json v) {
    if (top_ == 0) {
      root_ = std::move(v);
      return root_;
    }
    Json& parent = *stack_[top_ - 1];
    return parent.type() == Json::Type::Object ? parent.set(std::move(key_), std::move(v)) : parent.push(std::move(v));
  }
  void push(Json v) {
    Json& placed = put(std::move(v));
    stack_[top_++] = &placed;  // containers are filled before their parent grows again
  }
  Json root_;
  std::string key_;
  Json* stack_[16] = {};
  int top_ = 0;
};

}  // namespace tenbou
