#include "tenbou/json.hpp"

#include <charconv>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <list>
#include <limits>
#include <memory>
#include <unordered_set>

#include "core/binary_value.hpp"
#include "tenbou/error.hpp"
#include "core/limits.hpp"

namespace tenbou {

const Json* Json::find(std::string_view key) const {
  for (const auto& m : members_)
    if (m.first == key) return &m.second;
  return nullptr;
}

const char* Json::type_name(Type t) {
  switch (t) {
    case Type::Null: return "null";
    case Type::Bool: return "boolean";
    case Type::Int:
    case Type::BigInt: return "integer";
    case Type::Double: return "number";
    case Type::String: return "string";
    case Type::Array: return "array";
    case Type::Object: return "object";
  }
  return "?";
}

void json_escape_to(std::string& out, std::string_view s) {
  out += '"';
  // Most strings need no escape at all: append them whole.
  const std::size_t plain = json_plain_length(s);
  out.append(s.data(), plain);
  if (plain == s.size()) {
    out += '"';
    return;
  }
  s.remove_prefix(plain);
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned char>(c));
          out += buf;
        } else {
          out += c;
        }
    }
  }
  out += '"';
}

void Json::dump_to(std::string& out) const {
  switch (type_) {
    case Type::Null: out += "null"; break;
    case Type::Bool: out += int_ ? "true" : "false"; break;
    case Type::Int: {
      char buf[24];
      const auto r = std::to_chars(buf, buf + sizeof buf, int_);
      out.append(buf, r.ptr);
      break;
    }
    case Type::BigInt: out += str_; break;
    case Type::Double: {
      char buf[32];
      std::snprintf(buf, sizeof buf, "%.17g", dbl_);
      out += buf;
      break;
    }
    case Type::String: json_escape_to(out, str_); break;
    case Type::Array:
      out += '[';
      for (std::size_t i = 0; i < items_.size(); ++i) {
        if (i) out += ',';
        items_[i].dump_to(out);
      }
      out += ']';
      break;
    case Type::Object:
      out += '{';
      for (std::size_t i = 0; i < members_.size(); ++i) {
        if (i) out += ',';
        json_escape_to(out, members_[i].first);
        out += ':';
        members_[i].second.dump_to(out);
      }
      out += '}';
      break;
  }
}

std::string Json::dump() const {
  std::string out;
  out.reserve(512);
  dump_to(out);
  return out;
}

namespace {

// The keys of one object, for the duplicate check: a list behind a 64-bit filter while the
// object is small (a request has ~20 keys: no allocation), a hash set past that, so an
// object costs time linear in its size. The views point into the text, or into the
// parser's copies of keys written with escapes.
class KeySet {
 public:
  bool insert(std::string_view key) {  // false when the key is already there
    if (big_) return big_->insert(key).second;
    if (count_ == kSmall) {
      big_ = std::make_unique<std::unordered_set<std::string_view>>();
      for (int i = 0; i < count_; ++i) big_->insert(std::string_view(keys_[i].data, keys_[i].size));
      return big_->insert(key).second;
    }
    // A 64-bit filter on the key's length and three of its bytes: a key whose bit is not
    // set yet is new without comparing it to any other (most keys of a request).
    const std::size_t n = key.size();
    const std::uint64_t h =
        n == 0 ? 0
               : (n << 24 ^ static_cast<std::uint64_t>(static_cast<unsigned char>(key[0])) << 16 ^
                  static_cast<std::uint64_t>(static_cast<unsigned char>(key[n / 2])) << 8 ^
                  static_cast<unsigned char>(key[n - 1])) * 0x9E3779B97F4A7C15u;
    const std::uint64_t bit = std::uint64_t{1} << (h >> 58);
    if (filter_ & bit)
      for (int i = 0; i < count_; ++i)
        if (keys_[i].size == n && std::memcmp(keys_[i].data, key.data(), n) == 0) return false;
    filter_ |= bit;
    keys_[count_++] = {key.data(), n};
    return true;
  }

 private:
  static constexpr int kSmall = 32;
  struct Stored {
    const char* data;
    std::size_t size;
  };
  Stored keys_[kSmall];  // [0, count_) set; the rest never read (not zeroed)
  std::uint64_t filter_ = 0;
  int count_ = 0;
  std::unique_ptr<std::unordered_set<std::string_view>> big_;
};

// The sinks the parser hands values to: a Json tree (Json::parse), or the binary value
// form read in place by binary::View (binary::from_json_text: no allocation per value).
struct TreeSink {
  using Value = Json;
  Json null() { return Json::null(); }
  Json boolean(bool b) { return Json::boolean(b); }
  Json integer(std::int64_t i) { return Json::integer(i); }
  Json big_integer(std::string_view digits) { return Json::big_integer(std::string(digits)); }
  // (as BinarySink: an overflow to infinity is still "number", see JsonView::type_name)
  Json number(double d) { return Json::number(std::isfinite(d) ? d : std::copysign(std::numeric_limits<double>::max(), d)); }
  Json string(std::string_view s) { return Json::string(std::string(s)); }
  Json begin_object() { return Json::object(); }
  void key(Json&, std::string_view) {}
  void member(Json& object, std::string_view key, Json&& value) { object.set(std::string(key), std::move(value)); }
  void end_object(Json&) {}
  Json begin_array() { return Json::array(); }
  void item(Json& array, Json&& value) { array.push(std::move(value)); }
  void end_array(Json&) {}
};

struct BinarySink {
  struct Value {};
  binary::Writer& w;
  int depth = 0;                            // objects and arrays open
  std::size_t rules = std::string::npos;    // where a top-level "rules" value starts
  Value null() { w.null(); return {}; }
  Value boolean(bool b) { w.boolean(b); return {}; }
  Value integer(std::int64_t i) { w.integer(i); return {}; }
  Value big_integer(std::string_view digits) { w.big_integer(digits); return {}; }
  Value number(double d) {
    // Text can only overflow to infinity (1e999): binary::View would name that value
    // "Infinity", a Json tree "number"; no reader takes a fraction, so only the name of
    // the type could differ, and it stays "number".
    w.number(std::isfinite(d) ? d : std::copysign(std::numeric_limits<double>::max(), d));
    return {};
  }
  Value string(std::string_view s) { w.string(s); return {}; }
  Value begin_object() { w.begin_object(); ++depth; return {}; }
  void key(Value&, std::string_view k) {
    w.string(k);  // an input key: a STRING
    if (depth == 1 && k == "rules") rules = w.position();
  }
  void member(Value&, std::string_view, Value&&) {}
  void end_object(Value&) { w.end_object(); --depth; }
  Value begin_array() { w.begin_array(); ++depth; return {}; }
  void item(Value&, Value&&) {}
  void end_array(Value&) { w.end_array(); --depth; }
};

template <typename Sink>
class Parser {
 public:
  using Value = typename Sink::Value;
  Parser(std::string_view text, Sink& sink) : s_(text), sink_(sink) {}

  Value parse_document() {
    if (s_.size() > kMaxRequestBytes)
      throw InputError("bad_json", "", "the request text is longer than the limit of " +
                                           std::to_string(kMaxRequestBytes) + " bytes (README \"Input contract\")");
    skip_ws();
    Value v = parse_value(0);
    skip_ws();
    if (pos_ != s_.size()) fail("unexpected text after the JSON value");
    return v;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    // A character position, not a byte offset: UTF-8 continuation bytes are not counted.
    std::size_t chars = 0;
    for (std::size_t i = 0; i < pos_ && i < s_.size(); ++i) chars += (static_cast<unsigned char>(s_[i]) & 0xC0) != 0x80;
    throw InputError("bad_json", "", "invalid JSON at character " + std::to_string(chars + 1) + ": " + what);
  }
  void skip_ws() {
    while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\t' || s_[pos_] == '\n' || s_[pos_] == '\r'))
      ++pos_;
  }
  bool consume(std::string_view word) {
    if (s_.substr(pos_, word.size()) == word) {
      pos_ += word.size();
      return true;
    }
    return false;
  }

  Value parse_value(int depth) {
    if (depth > kMaxJsonDepth) fail("nesting deeper than " + std::to_string(kMaxJsonDepth) + " levels");
    if (pos_ >= s_.size()) fail("unexpected end of input");
    char c = s_[pos_];
    if (c == '{') return parse_object(depth);
    if (c == '[') return parse_array(depth);
    if (c == '"') return sink_.string(parse_string());
    if (c == '-' || (c >= '0' && c <= '9')) return parse_number();
    if (consume("true")) return sink_.boolean(true);
    if (consume("false")) return sink_.boolean(false);
    if (consume("null")) return sink_.null();
    fail("unexpected character");
  }

  Value parse_object(int depth) {
    ++pos_;
    Value obj = sink_.begin_object();
    skip_ws();
    if (pos_ < s_.size() && s_[pos_] == '}') {
      ++pos_;
      sink_.end_object(obj);
      return obj;
    }
    KeySet seen;
    std::size_t count = 0;
    while (true) {
      skip_ws();
      if (pos_ >= s_.size() || s_[pos_] != '"') fail("expected a string key");
      std::string_view key = parse_string();
      // A key with escapes was decoded into scratch_, which the value will reuse: keep a copy.
      if (!key.empty() && key.data() == scratch_.data()) key = escaped_keys_.emplace_back(key);
      if (++count > kMaxJsonMembers) fail("more than " + std::to_string(kMaxJsonMembers) + " keys in one object");
      if (!seen.insert(key)) fail("duplicate key \"" + echo(key) + "\"");
      skip_ws();
      if (pos_ >= s_.size() || s_[pos_] != ':') fail("expected ':'");
      ++pos_;
      skip_ws();
      sink_.key(obj, key);
      sink_.member(obj, key, parse_value(depth + 1));
      skip_ws();
      if (pos_ < s_.size() && s_[pos_] == ',') {
        ++pos_;
        continue;
      }
      if (pos_ < s_.size() && s_[pos_] == '}') {
        ++pos_;
        sink_.end_object(obj);
        return obj;
      }
      fail("expected ',' or '}'");
    }
  }

  Value parse_array(int depth) {
    ++pos_;
    Value arr = sink_.begin_array();
    skip_ws();
    if (pos_ < s_.size() && s_[pos_] == ']') {
      ++pos_;
      sink_.end_array(arr);
      return arr;
    }
    std::size_t count = 0;
    while (true) {
      skip_ws();
      if (count >= kMaxJsonMembers) fail("more than " + std::to_string(kMaxJsonMembers) + " items in one array");
      sink_.item(arr, parse_value(depth + 1));
      ++count;
      skip_ws();
      if (pos_ < s_.size() && s_[pos_] == ',') {
        ++pos_;
        continue;
      }
      if (pos_ < s_.size() && s_[pos_] == ']') {
        ++pos_;
        sink_.end_array(arr);
        return arr;
      }
      fail("expected ',' or ']'");
    }
  }

  static void append_utf8(std::string& out, unsigned cp) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (cp >> 18));
      out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }

  unsigned parse_hex4() {
    if (pos_ + 4 > s_.size()) fail("truncated \\u escape");
    unsigned v = 0;
    for (int i = 0; i < 4; ++i) {
      char c = s_[pos_++];
      v <<= 4;
      if (c >= '0' && c <= '9') v |= c - '0';
      else if (c >= 'a' && c <= 'f') v |= c - 'a' + 10;
      else if (c >= 'A' && c <= 'F') v |= c - 'A' + 10;
      else fail("bad \\u escape");
    }
    return v;
  }

  // The decoded string: a view of the text itself when it holds only plain ASCII (almost
  // every request string), else of scratch_ (valid until the next string is parsed).
  std::string_view parse_string() {
    ++pos_;  // opening quote
    const std::size_t begin = pos_;
    while (pos_ < s_.size()) {
      const unsigned char c = static_cast<unsigned char>(s_[pos_]);
      if (c == '"') return s_.substr(begin, pos_++ - begin);
      if (c < 0x20 || c == '\\' || c >= 0x80) break;
      ++pos_;
    }
    // Escapes, non-ASCII text or an error: decode from here on into scratch_.
    std::string& out = scratch_;
    out.assign(s_.data() + begin, pos_ - begin);
    while (true) {
      if (pos_ >= s_.size()) fail("unterminated string");
      unsigned char c = static_cast<unsigned char>(s_[pos_]);
      if (c == '"') {
        ++pos_;
        return out;
      }
      if (c < 0x20) fail("control character in string");
      if (c == '\\') {
        ++pos_;
        if (pos_ >= s_.size()) fail("unterminated string");
        char e = s_[pos_++];
        switch (e) {
          case '"': out += '"'; break;
          case '\\': out += '\\'; break;
          case '/': out += '/'; break;
          case 'b': out += '\b'; break;
          case 'f': out += '\f'; break;
          case 'n': out += '\n'; break;
          case 'r': out += '\r'; break;
          case 't': out += '\t'; break;
          case 'u': {
            unsigned cp = parse_hex4();
            if (cp >= 0xD800 && cp <= 0xDBFF) {
              if (!consume("\\u")) fail("unpaired surrogate");
              unsigned lo = parse_hex4();
              if (lo < 0xDC00 || lo > 0xDFFF) fail("unpaired surrogate");
              cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
            } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
              fail("unpaired surrogate");
            }
            append_utf8(out, cp);
            break;
          }
          default: --pos_; fail("bad escape");
        }
        continue;
      }
      if (c < 0x80) {
        out += static_cast<char>(c);
        ++pos_;
        continue;
      }
      // Validate one UTF-8 sequence so every string we hand on is valid text.
      int len = (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
      if (len == 0 || pos_ + len > s_.size()) fail("invalid UTF-8");
      unsigned cp = c & (len == 2 ? 0x1F : len == 3 ? 0x0F : 0x07);
      for (int i = 1; i < len; ++i) {
        unsigned char cc = static_cast<unsigned char>(s_[pos_ + i]);
        if ((cc & 0xC0) != 0x80) fail("invalid UTF-8");
        cp = (cp << 6) | (cc & 0x3F);
      }
      if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
          (cp >= 0xD800 && cp <= 0xDFFF))
        fail("invalid UTF-8");
      out.append(s_.substr(pos_, len));
      pos_ += len;
    }
  }

  Value parse_number() {
    std::size_t start = pos_;
    if (s_[pos_] == '-') ++pos_;
    if (pos_ >= s_.size() || !(s_[pos_] >= '0' && s_[pos_] <= '9')) fail("bad number");
    if (s_[pos_] == '0' && pos_ + 1 < s_.size() && s_[pos_ + 1] >= '0' && s_[pos_ + 1] <= '9')
      fail("leading zero in number");
    while (pos_ < s_.size() && s_[pos_] >= '0' && s_[pos_] <= '9') ++pos_;
    bool is_integer = true;
    if (pos_ < s_.size() && s_[pos_] == '.') {
      is_integer = false;
      ++pos_;
      if (pos_ >= s_.size() || !(s_[pos_] >= '0' && s_[pos_] <= '9')) fail("bad number");
      while (pos_ < s_.size() && s_[pos_] >= '0' && s_[pos_] <= '9') ++pos_;
    }
    if (pos_ < s_.size() && (s_[pos_] == 'e' || s_[pos_] == 'E')) {
      is_integer = false;
      ++pos_;
      if (pos_ < s_.size() && (s_[pos_] == '+' || s_[pos_] == '-')) ++pos_;
      if (pos_ >= s_.size() || !(s_[pos_] >= '0' && s_[pos_] <= '9')) fail("bad number");
      while (pos_ < s_.size() && s_[pos_] >= '0' && s_[pos_] <= '9') ++pos_;
    }
    const std::string_view text = s_.substr(start, pos_ - start);
    if (!is_integer) return sink_.number(std::strtod(std::string(text).c_str(), nullptr));
    const std::size_t digits = text.size() - (text[0] == '-');
    if (digits > 18) return sink_.big_integer(text);  // may not fit in 64 bits: keep it exact
    std::int64_t v = 0;  // at most 18 digits: no overflow
    std::from_chars(text.data(), text.data() + text.size(), v);
    return sink_.integer(v);
  }

  std::string_view s_;
  std::size_t pos_ = 0;
  Sink& sink_;
  std::string scratch_;                  // the last string decoded with escapes
  std::list<std::string> escaped_keys_;  // keys decoded with escapes (stable addresses; empty: no allocation)
};

}  // namespace

Json Json::parse(std::string_view text) {
  TreeSink sink;
  return Parser<TreeSink>(text, sink).parse_document();
}

namespace binary {
std::size_t from_json_text(std::string_view text, std::string& out) {
  Writer w(out, 0);  // from the start; the bytes past the value stay as room for the next one
  BinarySink sink{w};
  Parser<BinarySink>(text, sink).parse_document();
  return sink.rules;
}
}  // namespace binary

}  // namespace tenbou
