// The C ABI (tenbou.h): JSON text in, JSON text out, nothing thrown across the boundary.
#define TENBOU_C_BUILDING
#include "tenbou/tenbou.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <new>
#include <exception>
#include <string>
#include <string_view>

#include "tenbou/api.hpp"
#include "tenbou/error.hpp"
#include "core/framing.hpp"
#include "tenbou/json.hpp"
#include "tenbou/options_schema.hpp"
#include "tenbou/records.hpp"
#include "tenbou/result.hpp"
#include "tenbou/settlement.hpp"
#include "tenbou/waits.hpp"

namespace {

// A malloc'd copy (released by tenbou_free), or NULL when memory runs out.
char* give(const std::string& text, size_t* length) {
  char* out = static_cast<char*>(std::malloc(text.size() + 1));
  if (!out) return nullptr;
  std::memcpy(out, text.data(), text.size());
  out[text.size()] = '\0';
  if (length) *length = text.size();
  return out;
}

// A malloc'd text grown by realloc, handed to the caller as it is (tenbou_free): a batch's output
// is never copied whole, and realloc moves a large block by remapping its pages (glibc), not by
// copying them, so growing it costs nothing per byte already written.
class MallocText {
 public:
  MallocText() = default;
  MallocText(const MallocText&) = delete;
  MallocText& operator=(const MallocText&) = delete;
  ~MallocText() { std::free(data_); }
  void append(std::string_view text) {
    if (size_ + text.size() + 1 > capacity_) grow(size_ + text.size() + 1);
    std::memcpy(data_ + size_, text.data(), text.size());
    size_ += text.size();
  }
  char* release(size_t* length) {  // NUL-terminated at its length
    if (!data_) grow(1);
    data_[size_] = '\0';
    if (length) *length = size_;
    char* out = data_;
    data_ = nullptr;
    return out;
  }

 private:
  void grow(std::size_t need) {
    const std::size_t capacity = std::max({need, 2 * capacity_, std::size_t{4096}});
    char* p = static_cast<char*>(std::realloc(data_, capacity));
    if (!p) throw std::bad_alloc();
    data_ = p;
    capacity_ = capacity;
  }
  char* data_ = nullptr;
  std::size_t size_ = 0, capacity_ = 0;
};

std::string failure(const tenbou::InputError& e) {
  return tenbou::failure_json({tenbou::ErrorCode::InvalidInput, e.reason(), e.field(), e.detail()}).dump();
}

// An exception other than bad input (memory): still an answer when one can be made, else NULL.
char* internal_failure(const std::exception& e, size_t* result_length) noexcept {
  try {
    return give(tenbou::failure_json({tenbou::ErrorCode::InvalidInput, "internal", "", e.what()}).dump(), result_length);
  } catch (...) {
    return nullptr;
  }
}

// Runs a JSON-level core function; anything thrown becomes a failure text.
template <typename Fn>
char* call(const char* text, size_t length, size_t* result_length, Fn&& fn) {
  if (!text) return nullptr;
  try {
    std::string out;
    try {
      out = fn(std::string_view(text, length));
    } catch (const tenbou::InputError& e) {
      out = failure(e);
    }
    return give(out, result_length);
  } catch (const std::exception& e) {
    return internal_failure(e, result_length);
  } catch (...) {
    return nullptr;
  }
}

}  // namespace

extern "C" {

char* tenbou_score_json(const char* request, size_t length, size_t* result_length) {
  return call(request, length, result_length, [](std::string_view t) { return tenbou::score_json_text(t); });
}

char* tenbou_score_jsonl(const char* lines, size_t length, size_t* result_length) {
  if (!lines) return nullptr;
  try {
    // Each result is written into one small buffer, then appended to the answer: the answer
    // grows without being copied, and nothing is written twice but each result once.
    MallocText out;
    std::string one;
    tenbou::LineFramer framer;
    const auto each = [&](std::string_view line) {
      one.clear();
      tenbou::score_json_text_to(line, one);
      one += '\n';
      out.append(one);
    };
    framer.feed(std::string_view(lines, length), each);
    framer.finish(each);
    return out.release(result_length);
  } catch (const std::exception& e) {
    return internal_failure(e, result_length);
  } catch (...) {
    return nullptr;
  }
}

char* tenbou_waits_json(const char* request, size_t length, size_t* result_length) {
  return call(request, length, result_length,
              [](std::string_view t) { return tenbou::waits_json(tenbou::Json::parse(t)).dump(); });
}

char* tenbou_points_json(const char* query, size_t length, size_t* result_length) {
  return call(query, length, result_length,
              [](std::string_view t) { return tenbou::points_json(tenbou::Json::parse(t)).dump(); });
}

char* tenbou_settle_json(const char* request, size_t length, size_t* result_length) {
  return call(request, length, result_length,
              [](std::string_view t) { return tenbou::settle_json(tenbou::Json::parse(t)).dump(); });
}

char* tenbou_options_json(size_t* result_length) {
  try {
    return give(tenbou::options_schema_json(), result_length);
  } catch (...) {  // memory
    return nullptr;
  }
}

char* tenbou_limits_json(size_t* result_length) {
  try {
    return give(tenbou::input_limits_json(), result_length);
  } catch (...) {
    return nullptr;
  }
}

char* tenbou_replay_json(const char* record, size_t length, const char* options, size_t options_length,
                         size_t* result_length) {
  if (!record && length) return nullptr;
  try {
    tenbou::ReplayOptions o;
    std::string bad;
    if (options) {
      try {
        const tenbou::Json opts = tenbou::Json::parse(std::string_view(options, options_length));
        if (opts.type() != tenbou::Json::Type::Object) throw tenbou::InputError("bad_type", "", "the options are not a JSON object");
        for (const auto& [key, value] : opts.members()) {
          if (key == "format" || key == "output" || key == "source") {
            if (value.type() != tenbou::Json::Type::String) throw tenbou::InputError("bad_type", key, "not a string");
            const std::string& v = value.as_string();
            if (key == "source") o.source = v;
            else if (key == "format") {
              if (!tenbou::record_format_from(v, o.format))
                throw tenbou::InputError("bad_value", key, "'" + v + "' is not auto, mjlog, tenhou6 or mjai");
            } else if (v == "hand_ends") o.output = tenbou::ReplayOutput::HandEnds;
            else if (v == "check") o.output = tenbou::ReplayOutput::Check;
            else if (v == "tenhou6") o.output = tenbou::ReplayOutput::Tenhou6;
            else if (v == "mjai") o.output = tenbou::ReplayOutput::Mjai;
            else if (v == "annotate") o.output = tenbou::ReplayOutput::Annotate;
            else throw tenbou::InputError("bad_value", key, "'" + v + "' is not hand_ends, check, tenhou6, mjai or annotate");
          } else if (key == "with_requests") {
            if (value.type() != tenbou::Json::Type::Bool) throw tenbou::InputError("bad_type", key, "not true or false");
            o.with_requests = value.as_bool();
          } else {
            throw tenbou::InputError("unknown_key", key, "unknown option (format, output, source, with_requests)");
          }
        }
      } catch (const tenbou::InputError& e) {
        bad = e.what();
      }
    }
    if (!bad.empty()) {
      tenbou::Json error = tenbou::Json::object();
      error.set("code", tenbou::Json::string("bad_options"));
      error.set("message", tenbou::Json::string(bad));
      tenbou::Json line = tenbou::Json::object();
      line.set("error", std::move(error));
      return give(line.dump() + "\n", result_length);
    }
    return give(tenbou::replay_text(std::string_view(record ? record : "", length), o), result_length);
  } catch (const std::exception& e) {
    return internal_failure(e, result_length);
  } catch (...) {
    return nullptr;
  }
}

void tenbou_free(char* text) { std::free(text); }

const char* tenbou_version(void) { return tenbou::version(); }

}  // extern "C"
