#include "core/binary_value.hpp"

#include <cstdint>
#include <cstring>
#include <string>

#include "tenbou/error.hpp"

namespace tenbou::binary {
namespace {

using detail::read_u32;

}  // namespace

// Where the value starting at `p` ends (validated input only; nesting at most 64).
const std::uint8_t* detail::skip(const std::uint8_t* p) {
  switch (*p++) {
    case Int: case Double: return p + 8;
    case Int32: return p + 4;
    case String: case BigInt: return p + 4 + read_u32(p);
    case Array:
      while (*p != End) p = skip(p);
      return p + 1;
    case Object:
      while (*p != End) p = skip(*p == String ? p + 5 + read_u32(p + 1) : p + 1);  // the key, then its value
      return p + 1;
    default: return p;  // null, false, true
  }
}

namespace {

static_assert(detail::kRequestKeyNames[0] == "rules", "kRulesKeyId below");
constexpr std::uint8_t kRulesKeyId = detail::kKeyIdBase;  // the "rules" key as a dictionary id

// Validation walks the buffer with bounds checks; `in_object` says keys precede values.
class Validator {
 public:
  Validator(const std::uint8_t* data, std::size_t size, const std::uint8_t** rules)
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
    std::size_t ascii = 0;  // request strings are almost always ASCII: 8 bytes at a time
    for (; ascii + 8 <= n; ascii += 8) {
      std::uint64_t w;
      std::memcpy(&w, s + ascii, 8);
      if (w & 0x8080808080808080ULL) break;
    }
    std::uint8_t high = 0;  // the tail (short strings: a tile, a wind) without a branch per byte
    for (std::size_t i = ascii; i < n; ++i) high |= s[i];
    if (!(high & 0x80)) return;
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
      case Int32: need(4); p_ += 4; return;
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
          bool is_rules;
          if (*p_ >= detail::kKeyIdBase && *p_ < detail::kKeyIdBase + detail::kRequestKeyCount) {
            is_rules = *p_++ == kRulesKeyId;
          } else {
            if (*p_ != String) fail("expected a key");
            ++p_;
            const std::uint8_t* key = p_ + 4;
            text();  // the key
            is_rules = std::string_view(reinterpret_cast<const char*>(key), static_cast<std::size_t>(p_ - key)) == "rules";
          }
          if (depth == 0 && rules_ && is_rules) *rules_ = p_;  // (checked by value() below)
          value(depth + 1);
        }
      default: --p_; fail("unknown tag");
    }
  }
  const std::uint8_t* p_;
  const std::uint8_t* begin_;
  const std::uint8_t* end_;
  const std::uint8_t** rules_;
};

static_assert(Writer::kKeyIdBase + static_cast<int>(ResultKey::Count) < 255, "key ids must fit below 255");

}  // namespace

void validate(const std::uint8_t* data, std::size_t size, const std::uint8_t** rules) {
  if (rules) *rules = nullptr;
  Validator(data, size, rules).run();
}

std::size_t View::size() const {
  std::size_t n = 0;
  if (*at_ == Array) items([&](std::size_t, const View&) { ++n; });
  if (*at_ == Object) members([&](const Key&, const View&) { ++n; });
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

std::string_view request_keys_text() {
  static const std::string text = [] {
    std::string t;
    for (std::string_view k : detail::kRequestKeyNames) {
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
