// Two sinks for one serializer. Results are written once, as templates over a
// writer (cpp/src/core/result_writer.hpp): JsonTextWriter appends compact JSON text
// straight from the structs (the hot path of every JSON front end), JsonTreeWriter
// builds a Json tree (the Python binding reads it). Same calls, same output.
#pragma once
#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "tenbou/json.hpp"
#include "core/result_keys.hpp"
#include "core/small_copy.hpp"

namespace tenbou {

class JsonTextWriter {
 public:
  // Appends to `out` through a raw cursor (a checked std::string append per token cost
  // more than the scoring); `out` holds exactly the text written once the writer is gone.
  explicit JsonTextWriter(std::string& out) : out_(out), start_(out.size()), pos_(out.size()) {}
  ~JsonTextWriter() { out_.resize(pos_); }
  JsonTextWriter(const JsonTextWriter&) = delete;
  JsonTextWriter& operator=(const JsonTextWriter&) = delete;

  void begin_object() { open('{'); }
  void end_object() { close('}'); }
  void begin_array() { open('['); }
  void end_array() { close(']'); }
  void key(std::string_view k) {
    comma();
    quoted(k);
    put(':');
    after_key_ = true;
  }
  void key(ResultKey k) {  // result keys need no escaping
    comma();
    const std::string_view name = result_key_name(k);
    char* p = room(name.size() + 3);
    p[0] = '"';
    copy_bytes(p + 1, name.data(), name.size());
    p[name.size() + 1] = '"';
    p[name.size() + 2] = ':';
    pos_ += name.size() + 3;
    after_key_ = true;
  }
  void null() { scalar("null"); }
  void boolean(bool b) { scalar(b ? "true" : "false"); }
  void integer(std::int64_t v) {
    comma();
    char* p = room(24);
    pos_ += static_cast<std::size_t>(std::to_chars(p, p + 24, v).ptr - p);
  }
  void big_integer(std::string_view digits) { scalar(digits); }
  void string(std::string_view s) {
    comma();
    quoted(s);
  }

 private:
  // The spare bytes grow with this writer's own text, never with `out`'s: resize writes every
  // byte it adds, so growing to twice `out` (a batch's whole output so far) made each result
  // of a batch cost as much as all before it. Capacity grows geometrically (reserve).
  char* room(std::size_t n) {
    if (pos_ + n > out_.size()) {
      const std::size_t want = pos_ + n + std::max<std::size_t>(256, pos_ - start_);
      if (want > out_.capacity()) out_.reserve(std::max(want, 2 * out_.capacity()));
      out_.resize(want);
    }
    return &out_[pos_];
  }
  void put(char c) { *room(1) = c; ++pos_; }
  void put(std::string_view s) {
    copy_bytes(room(s.size()), s.data(), s.size());
    pos_ += s.size();
  }
  void quoted(std::string_view s) {
    if (json_plain_length(s) != s.size()) {  // rare: the general escaper
      std::string escaped;
      json_escape_to(escaped, s);
      put(escaped);
      return;
    }
    char* p = room(s.size() + 2);
    p[0] = '"';
    copy_bytes(p + 1, s.data(), s.size());
    p[s.size() + 1] = '"';
    pos_ += s.size() + 2;
  }
  // Writes the comma before a value or key when one is due at this depth.
  void comma() {
    if (after_key_) {
      after_key_ = false;
      return;
    }
    if (depth_ > 0 && (need_comma_ >> depth_) & 1) put(',');
    need_comma_ |= std::uint64_t{1} << depth_;
  }
  void scalar(std::string_view text) {
    comma();
    put(text);
  }
  void open(char c) {
    comma();
    put(c);
    ++depth_;
    need_comma_ &= ~(std::uint64_t{1} << depth_);
  }
  void close(char c) {
    put(c);
    --depth_;
  }
  std::string& out_;
  std::size_t start_;             // where this writer's text begins in out_
  std::size_t pos_;               // the end of the text written; out_ may hold spare bytes past it
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
