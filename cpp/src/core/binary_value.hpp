// A compact binary form of JSON values, for front ends that cross a costly
// boundary many times (the WebAssembly JS API's scoreMany): requests come in as
// binary values read in place through ValueView (the same validation and messages
// as JSON text), results go out through the same serializer as JSON text.
//
//   value  := NULL 0 | FALSE 1 | TRUE 2 | INT 3 i64 | INT32 10 i32 | DOUBLE 4 f64 | STRING 5 u32 n, n bytes
//           (UTF-8) | BIGINT 6 u32 n, n digits ('-' allowed first) | ARRAY 7 value* END 9
//           | OBJECT 8 (key value)* END 9
//   (INT32 is the short form of an integer: almost every integer of a request or result fits it)
//   key    := in input a STRING, or a byte 16 + its index in request_keys_text() (the request keys, so a
//             batch of requests carries each key as one byte); in output a byte 16 + its index in
//             result_keys() (below 255), or 255 u32 n, n bytes
//   numbers little-endian.
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "core/result_keys.hpp"
#include "core/small_copy.hpp"
#include "tenbou/value_view.hpp"

namespace tenbou::binary {

enum Tag : std::uint8_t {
  Null = 0, False = 1, True = 2, Int = 3, Double = 4, String = 5, BigInt = 6, Array = 7, Object = 8, End = 9, Int32 = 10
};

// Checks that [data, data + size) holds exactly one well-formed value (every length
// inside the buffer, nesting at most 64, strings valid UTF-8); throws InputError
// "bad_json" naming the byte offset. Views may then read without checks.
// `rules`, when given, receives where the value of a top-level "rules" member starts (its
// tag), or null when there is none, so a batch can tell the rule family without another scan.
void validate(const std::uint8_t* data, std::size_t size, const std::uint8_t** rules = nullptr);

namespace detail {
inline std::uint32_t read_u32(const std::uint8_t* p) {
  return static_cast<std::uint32_t>(p[0]) | static_cast<std::uint32_t>(p[1]) << 8 | static_cast<std::uint32_t>(p[2]) << 16 |
         static_cast<std::uint32_t>(p[3]) << 24;
}
const std::uint8_t* skip(const std::uint8_t* p);  // past the validated value at p

// The input key dictionary: request keys every request repeats, and the options that
// `tenbou mjlog` writes beside the preset in every request. Only an encoding (a key missing
// here travels as a STRING and is read the same way); new names go last, so the ids of the
// others stay as they were.
constexpr std::string_view kRequestKeyNames[] = {
    "rules",  "method",  "hand",    "win_tile", "melds",   "tsumo",           "seat_wind",      "round_wind",
    "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei", "tenhou", "chiihou", "renhou",
    "dora_indicators", "ura_indicators", "honba", "riichi_sticks", "options", "own_discards", "visible", "variant",
    "flowers", "preset", "players", "kita", "red_fives", "open_tanyao"};
constexpr int kKeyIdBase = 16;  // above every tag, so a key id is never read as END or a STRING
constexpr int kRequestKeyCount = static_cast<int>(sizeof kRequestKeyNames / sizeof kRequestKeyNames[0]);
}  // namespace detail

// A member's key as View::members hands it over: where it stands, read as its dictionary
// id (-1 for a STRING key), so a reader can dispatch on the id, or as its text (looked up
// only when asked: most keys are dispatched on and never read as text).
struct Key {
  const std::uint8_t* at;  // a dictionary id byte, or a STRING
  int id() const { return *at == String ? -1 : *at - detail::kKeyIdBase; }
  std::string_view text() const {
    if (*at != String) return detail::kRequestKeyNames[*at - detail::kKeyIdBase];
    return {reinterpret_cast<const char*>(at + 5), detail::read_u32(at + 1)};
  }
  operator std::string_view() const { return text(); }  // NOLINT: read as text everywhere else
};

namespace detail {
// skip, with the scalars (most members of a request) decided here and only lists and
// objects left to the out-of-line walk.
inline const std::uint8_t* skip_value(const std::uint8_t* p) {
  switch (*p) {
    case Null: case False: case True: return p + 1;
    case Int32: return p + 5;
    case Int: case Double: return p + 9;
    case String: case BigInt: return p + 5 + read_u32(p + 1);
    default: return skip(p);
  }
}

// Reads the key at p (a STRING or a dictionary id); returns the position after it.
inline const std::uint8_t* read_key(const std::uint8_t* p, Key& key) {
  key = {p};
  return *p != String ? p + 1 : p + 5 + read_u32(p + 1);
}
}  // namespace detail

// A view of one validated value. Besides the ValueView interface it has
// non-virtual `members` and `items`, which hand the visitor concrete Views (the
// request readers use them: json_fields.hpp visit_members).
class View final : public ValueView {
 public:
  explicit View(const std::uint8_t* at) : at_(at) {}
  Kind kind() const override {
    switch (*at_) {
      case Null: return Kind::Null;
      case False: case True: return Kind::Bool;
      case Int: case Int32: return Kind::Int;
      case Double: return Kind::Double;
      case String: return Kind::String;
      case BigInt: return Kind::BigInt;
      case Array: return Kind::Array;
      case Object: return Kind::Object;
      default: return Kind::Other;
    }
  }
  // A JS NaN or Infinity reaches the core as a double: named so, not as "number".
  std::string_view type_name() const override {
    if (*at_ == Double) {
      double d;
      std::memcpy(&d, at_ + 1, 8);
      if (d != d) return "NaN";
      if (d - d != 0) return "Infinity";
    }
    return ValueView::type_name();
  }
  bool as_bool() const override { return *at_ == True; }
  std::int64_t as_int() const override {
    if (*at_ == Int32) return static_cast<std::int32_t>(detail::read_u32(at_ + 1));
    std::uint64_t v = 0;
    for (int i = 7; i >= 0; --i) v = v << 8 | at_[1 + i];
    return static_cast<std::int64_t>(v);
  }
  std::string_view as_string() const override {
    return {reinterpret_cast<const char*>(at_ + 5), detail::read_u32(at_ + 1)};
  }
  void each_item(FunctionRef<void(std::size_t, const ValueView&)> visit) const override {
    items([&](std::size_t i, const View& v) { visit(i, v); });
  }
  void each_member(FunctionRef<void(std::string_view, const ValueView&)> visit) const override {
    members([&](std::string_view k, const View& v) { visit(k, v); });
  }
  std::size_t size() const override;

  template <typename F>
  void items(F&& visit) const {
    if (*at_ != Array) return;
    const std::uint8_t* p = at_ + 1;
    for (std::size_t i = 0; *p != End; ++i) {
      visit(i, View(p));
      p = detail::skip_value(p);
    }
  }
  template <typename F>
  void members(F&& visit) const {
    if (*at_ != Object) return;
    const std::uint8_t* p = at_ + 1;
    while (*p != End) {
      Key key;
      p = detail::read_key(p, key);
      visit(key, View(p));
      p = detail::skip_value(p);
    }
  }

 private:
  const std::uint8_t* at_;
};

// Parses JSON text (Json::parse's checks and messages: InputError "bad_json") straight
// into one binary value at the start of `out`, keys as STRINGs: the native JSON path reads
// requests through View with no allocation per value (json.cpp). `out` is only grown: the
// bytes past the value are room for the next call (a value is read by its own lengths).
// Returns where the value of a top-level "rules" member starts in `out` (as validate's
// `rules`), or npos when there is none.
std::size_t from_json_text(std::string_view text, std::string& out);

// The keys results use, by id (the JS decoder reads the same list from the module).
std::string_view result_keys_text();  // the keys joined by '\n', in id order
std::string_view request_keys_text();  // the input key dictionary joined by '\n', in id order (the JS encoder's)

// A sink for the result serializer (result_writer.hpp) writing binary values.
// It writes through a raw cursor into `out`, grown ahead in large steps: results
// are many small fields, and a checked append per field cost more than the scoring.
// Call finish() before reading `out`.
class Writer {
 public:
  explicit Writer(std::string& out) : out_(out), pos_(out.size()) {}
  // Writes from `at` over whatever `out` holds there (finish() is then optional).
  Writer(std::string& out, std::size_t at) : out_(out), pos_(at) {}
  void begin_object() { tag(Object); }
  void end_object() { tag(End); }
  void begin_array() { tag(Array); }
  void end_array() { tag(End); }
  void key(std::string_view k);
  void key(ResultKey k) { tag(static_cast<Tag>(kKeyIdBase + static_cast<int>(k))); }
  static constexpr int kKeyIdBase = detail::kKeyIdBase;
  void null() { tag(Null); }
  void boolean(bool b) { tag(b ? True : False); }
  void integer(std::int64_t v) {
    if (v >= INT32_MIN && v <= INT32_MAX) {
      char* p = room(5);
      p[0] = static_cast<char>(Int32);
      const auto u = static_cast<std::uint32_t>(v);
      for (int i = 0; i < 4; ++i) p[1 + i] = static_cast<char>(u >> (8 * i) & 0xFF);
      pos_ += 5;
      return;
    }
    char* p = room(9);
    p[0] = static_cast<char>(Int);
    const auto u = static_cast<std::uint64_t>(v);
    for (int i = 0; i < 8; ++i) p[1 + i] = static_cast<char>(u >> (8 * i) & 0xFF);
    pos_ += 9;
  }
  void big_integer(std::string_view digits) { bytes(BigInt, digits); }
  void number(double d) {
    char* p = room(9);
    p[0] = static_cast<char>(Double);
    std::memcpy(p + 1, &d, 8);  // little-endian, as every target of this build (View reads it so)
    pos_ += 9;
  }
  void string(std::string_view s) { bytes(String, s); }
  void finish() { out_.resize(pos_); }
  std::size_t position() const { return pos_; }  // where the next value goes

  // Record framing for batches: [u8 kind][u32 length] before each result (kind 0 until
  // set_record_kind: see score_records in api.hpp for the kinds and their headers).
  std::size_t begin_record() {
    const std::size_t at = pos_;
    char* p = room(5);
    std::memset(p, 0, 5);
    pos_ += 5;
    return at;
  }
  void restart_record(std::size_t at) {  // drop a partly written result (and its header)
    out_[at] = 0;
    pos_ = at + 5;
  }
  void end_record(std::size_t at) {
    const auto n = static_cast<std::uint32_t>(pos_ - at - 5);
    for (int i = 0; i < 4; ++i) out_[at + 1 + i] = static_cast<char>(n >> (8 * i) & 0xFF);
  }
  void set_record_kind(std::size_t at, std::uint8_t kind) { out_[at] = static_cast<char>(kind); }
  // Bytes of a record header, as they are (its fields little-endian, as every target of this build).
  void raw(const void* bytes, std::size_t n) {
    std::memcpy(room(n), bytes, n);
    pos_ += n;
  }

 private:
  char* room(std::size_t n) {
    if (pos_ + n > out_.size()) out_.resize(pos_ + n + 4096);  // within capacity: std::string grows it geometrically
    return &out_[pos_];
  }
  void tag(Tag t) {
    *room(1) = static_cast<char>(t);
    ++pos_;
  }
  void bytes(Tag t, std::string_view s) {
    char* p = room(5 + s.size());
    p[0] = static_cast<char>(t);
    const auto n = static_cast<std::uint32_t>(s.size());
    for (int i = 0; i < 4; ++i) p[1 + i] = static_cast<char>(n >> (8 * i) & 0xFF);
    copy_bytes(p + 5, s.data(), s.size());
    pos_ += 5 + s.size();
  }
  std::string& out_;
  std::size_t pos_;
};

}  // namespace tenbou::binary
