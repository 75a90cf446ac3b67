#include "tenbou/binary_value.hpp"

#include <cstdint>
#include <cstring>
#include <string>

#include "tenbou/error.hpp"

namespace tenbou::binary {
namespace {

std::uint32_t read_u32(const std::uint8_t* p) {
  return static_cast<std::uint32_t>(p[0]) | static_cast<std::uint32_t>(p[1]) << 8 | static_cast<std::uint32_t>(p[2]) << 16 |
         static_cast<std::uint32_t>(p[3]) << 24;
}

std::uint64_t read_u64(const std::uint8_t* p) {
  std::uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = v << 8 | p[i];
  return v;
}

// Where the value starting at `p` ends (validated input only; nesting at most 64).
const std::uint8_t* skip(const std::uint8_t* p) {
  switch (*p++) {
    case Int: case Double: return p + 8;
    case String: case BigInt: return p + 4 + read_u32(p);
    case Array:
      while (*p != End) p = skip(p);
      return p + 1;
    case Object:
      while (*p != End) p = skip(p + 5 + read_u32(p + 1));  // the key (a STRING), then its value
      return p + 1;
    default: return p;  // null, false, true
  }
}

// Validation walks the buffer with bounds checks; `in_object` says keys precede values.
class Validator {
 public:
  Validator(const std::uint8_t* data, std::size_t size, std::string_view* rules)
      : p_(data), begin_(data), end_(data + size), rules_(rules) {}
  void run() {
    value(0);
    if (p_ != end_) fail("bytes after the value");
  }

 private:
  [[noreturn]] void fail(const char* what) const {
    throw InputError("bad_json", "", "invalid binary request at byte " + std::to_string(p_ - begin_) + ": " + what);
  }
  void need(std::size_t n) const {
    if (static_cast<std::size_t>(end_ - p_) < n) fail("truncated");
  }
  void utf8(const std::uint8_t* s, std::size_t n) const {
    std::size_t ascii = 0;  // request strings are almost always ASCII
    while (ascii < n && s[ascii] < 0x80) ++ascii;
    if (ascii == n) return;
    for (std::size_t i = ascii; i < n;) {
      const std::uint8_t c = s[i];
      if (c < 0x80) { ++i; continue; }
      const int len = (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
      if (len == 0 || i + len > n) fail("invalid UTF-8");
      std::uint32_t cp = c & (len == 2 ? 0x1F : len == 3 ? 0x0F : 0x07);
      for (int k = 1; k < len; ++k) {
        if ((s[i + k] & 0xC0) != 0x80) fail("invalid UTF-8");
        cp = cp << 6 | (s[i + k] & 0x3F);
      }
      if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
          (cp >= 0xD800 && cp <= 0xDFFF))
        fail("invalid UTF-8");
      i += len;
    }
  }
  void text() {
    need(4);
    const std::uint32_t n = read_u32(p_);
    p_ += 4;
    need(n);
    utf8(p_, n);
    p_ += n;
  }
  void value(int depth) {
    if (depth > 64) fail("nesting deeper than 64 levels");
    need(1);
    const std::uint8_t tag = *p_++;
    switch (tag) {
      case Null: case False: case True: return;
      case Int: case Double: need(8); p_ += 8; return;
      case String: text(); return;
      case BigInt: {
        const std::uint8_t* start = p_ + 4;
        text();
        const std::size_t n = static_cast<std::size_t>(p_ - start);
        std::size_t i = n > 0 && start[0] == '-' ? 1 : 0;
        if (i == n) fail("empty integer");
        for (; i < n; ++i)
          if (start[i] < '0' || start[i] > '9') fail("bad integer digits");
        return;
      }
      case Array:
        while (true) {
          need(1);
          if (*p_ == End) { ++p_; return; }
          value(depth + 1);
        }
      case Object:
        while (true) {
          need(1);
          if (*p_ == End) { ++p_; return; }
          if (*p_ != String) fail("expected a key");
          ++p_;
          const std::uint8_t* key = p_ + 4;
          text();  // the key
          const std::string_view name(reinterpret_cast<const char*>(key), static_cast<std::size_t>(p_ - key));
          if (depth == 0 && rules_ && name == "rules" && p_ < end_ && *p_ == String) {
            const std::uint8_t* v = p_ + 1;
            value(depth + 1);
            *rules_ = std::string_view(reinterpret_cast<const char*>(v + 4), static_cast<std::size_t>(p_ - v - 4));
            continue;
          }
          value(depth + 1);
        }
      default: --p_; fail("unknown tag");
    }
  }
  const std::uint8_t* p_;
  const std::uint8_t* begin_;
  const std::uint8_t* end_;
  std::string_view* rules_;
};

static_assert(Writer::kKeyIdBase + static_cast<int>(ResultKey::Count) < 255, "key ids must fit below 255");

}  // namespace

void validate(const std::uint8_t* data, std::size_t size, std::string_view* rules) {
  if (rules) *rules = {};
  Validator(data, size, rules).run();
}

ValueView::Kind View::kind() const {
  switch (*at_) {
    case Null: return Kind::Null;
    case False: case True: return Kind::Bool;
    case Int: return Kind::Int;
    case Double: return Kind::Double;
    case String: return Kind::String;
    case BigInt: return Kind::BigInt;
    case Array: return Kind::Array;
    case Object: return Kind::Object;
    default: return Kind::Other;
  }
}

bool View::as_bool() const { return *at_ == True; }

std::int64_t View::as_int() const { return static_cast<std::int64_t>(read_u64(at_ + 1)); }

std::string_view View::as_string() const {
  return {reinterpret_cast<const char*>(at_ + 5), read_u32(at_ + 1)};
}

void View::each_item(FunctionRef<void(std::size_t, const ValueView&)> visit) const {
  if (*at_ != Array) return;
  const std::uint8_t* p = at_ + 1;
  for (std::size_t i = 0; *p != End; ++i) {
    visit(i, View(p));
    p = skip(p);
  }
}

void View::each_member(FunctionRef<void(std::string_view, const ValueView&)> visit) const {
  if (*at_ != Object) return;
  const std::uint8_t* p = at_ + 1;
  while (*p != End) {
    const std::uint32_t n = read_u32(p + 1);  // p is at the key's STRING tag
    const std::string_view key(reinterpret_cast<const char*>(p + 5), n);
    p += 5 + n;
    visit(key, View(p));
    p = skip(p);
  }
}

std::size_t View::size() const {
  std::size_t n = 0;
  if (*at_ == Array) each_item([&](std::size_t, const ValueView&) { ++n; });
  if (*at_ == Object) each_member([&](std::string_view, const ValueView&) { ++n; });
  return n;
}

std::string_view result_keys_text() {
  static const std::string text = [] {
    std::string t;
    for (std::string_view k : kResultKeyNames) {
      if (!t.empty()) t += '\n';
      t += k;
    }
    return t;
  }();
  return text;
}

void Writer::key(std::string_view k) {
  for (int id = 0; id < static_cast<int>(ResultKey::Count); ++id)
    if (kResultKeyNames[id] == k) return key(static_cast<ResultKey>(id));
  bytes(static_cast<Tag>(255), k);  // a key outside the table: 255 u32 n, n bytes
}

}  // namespace tenbou::binary
