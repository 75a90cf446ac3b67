// The WebAssembly face of the core: JSON text in, JSON text out, nothing else.
// Only std::string crosses the boundary, so no embind handle can leak; every rule
// lives in cpp/ and the JS API (wasm/js/tenbou.mjs) only translates.
#include <emscripten/bind.h>
#include <emscripten/emscripten.h>

#include <cstdint>
#include <cstring>
#include <limits>
#include <algorithm>
#include <string>
#include <vector>

#include "tenbou/api.hpp"
#include "tenbou/settlement.hpp"
#include "tenbou/bignum.hpp"
#include "core/binary_value.hpp"
#include "tenbou/error.hpp"
#include "tenbou/json.hpp"
#include "core/limits.hpp"
#include "tenbou/value_view.hpp"
#include "tenbou/waits.hpp"
#include "tenbou/options_schema.hpp"
#include "tenbou/records.hpp"
#include "tenbou/result.hpp"
#include "tenbou/yaku_table.hpp"

namespace {

using tenbou::Json;

std::string failure_text(const tenbou::InputError& e) {
  return tenbou::failure_json({tenbou::ErrorCode::InvalidInput, e.reason(), e.field(), e.detail()}).dump();
}

// Calls a JSON-level core function on a JSON text.
template <typename Fn>
std::string call_json(const std::string& text, Fn&& fn) {
  try {
    return fn(Json::parse(text)).dump();
  } catch (const tenbou::InputError& e) {
    return failure_text(e);
  }
}

std::string score(const std::string& request) { return tenbou::score_json_text(request); }

// Request texts as raw bytes, each behind its u32 little-endian length (so a text may hold
// any byte, newlines and invalid UTF-8 included): one result line each, newline-separated.
// The JS API's scoreLines and the Node CLI's --jsonl stream use it.
std::string score_texts(const std::string& records) {
  std::string out;
  out.reserve(records.size() * 2 + 64);
  std::size_t pos = 0;
  while (pos + 4 <= records.size()) {
    std::uint32_t len;
    std::memcpy(&len, records.data() + pos, 4);
    pos += 4;
    const std::size_t n = std::min<std::size_t>(len, records.size() - pos);
    tenbou::score_json_text_to(std::string_view(records).substr(pos, n), out);
    out += '\n';
    pos += n;
  }
  return out;
}

std::string points(const std::string& query) { return call_json(query, tenbou::points_json); }
std::string shanten(const std::string& request) { return call_json(request, tenbou::shanten_json); }
std::string waits(const std::string& request) { return call_json(request, tenbou::waits_json); }
std::string discards(const std::string& request) { return call_json(request, tenbou::discards_json); }
std::string settle(const std::string& request) { return call_json(request, tenbou::settle_json); }
std::string korean_declaration(const std::string& request) { return call_json(request, tenbou::korean_declaration_json); }
std::string hktw_event(const std::string& request) { return call_json(request, tenbou::hktw_event_json); }
std::string rules(const std::string& options, const std::string& family) {
  return call_json(options, [&](const Json& o) { return tenbou::rules_json(o, family); });
}
std::string yaku_table(const std::string& family) {
  try {
    return tenbou::yaku_table_json(family).dump();
  } catch (const tenbou::InputError& e) {
    return failure_text(e);
  }
}

// Decimal digits of a non-negative amount in "en" digit groups or Korean/Japanese myriad units.
std::string format_amount(const std::string& digits, const std::string& units) {
  if (digits.empty() || digits.find_first_not_of("0123456789") != std::string::npos) return "";
  tenbou::NumberUnits u = tenbou::NumberUnits::Plain;
  if (units == "ko") u = tenbou::NumberUnits::Korean;
  else if (units == "ja") u = tenbou::NumberUnits::Japanese;
  else if (units != "en") return "";
  const std::size_t first = std::min(digits.find_first_not_of('0'), digits.size() - 1);
  return tenbou::format_amount(digits.substr(first), u);
}

std::string version() { return tenbou::version(); }

// The option tables and the input limits: the core's JSON text, byte for byte.
std::string options_schema() { return tenbou::options_schema_json(); }
std::string input_limits() { return tenbou::input_limits_json(); }

std::string result_keys() { return std::string(tenbou::binary::result_keys_text()); }
std::string request_keys() { return std::string(tenbou::binary::request_keys_text()); }
// Riichi yaku keys by id (kYakuTable order), one per line: the ids of a batch record's header.
std::string riichi_yaku_keys() {
  std::string out;
  for (const auto& y : tenbou::kYakuTable) (out += y.key) += '\n';
  out.pop_back();
  return out;
}

// scoreMany's batch buffers: one input and one output, reused call after call (nothing to free).
std::vector<std::uint8_t> batch_in;
std::string batch_out;

// A validated binary value as a Json tree, for the JSON-level functions. A double keeps
// only what its message names (no reader takes a fraction): NaN, an infinity, a number.
Json tree_of(const tenbou::ValueView& v) {
  using K = tenbou::ValueView::Kind;
  switch (v.kind()) {
    case K::Null: return Json::null();
    case K::Bool: return Json::boolean(v.as_bool());
    case K::Int: return Json::integer(v.as_int());
    case K::BigInt: return Json::big_integer(std::string(v.as_string()));
    case K::Double: {
      const std::string_view name = v.type_name();
      return Json::number(name == "NaN" ? std::numeric_limits<double>::quiet_NaN()
                          : name == "Infinity" ? std::numeric_limits<double>::infinity() : 0.5);
    }
    case K::String: return Json::string(std::string(v.as_string()));
    case K::Array: {
      Json a = Json::array();
      v.each_item([&](std::size_t, const tenbou::ValueView& item) { a.push(tree_of(item)); });
      return a;
    }
    case K::Object: {
      Json o = Json::object();
      v.each_member([&](std::string_view k, const tenbou::ValueView& m) { o.set(std::string(k), tree_of(m)); });
      return o;
    }
    case K::Other: break;
  }
  return Json::null();
}

// One request record of the batch form ([kind][u32 length][payload], as scoreMany writes
// them: a binary value, JSON text, or "reason\0field\0message" for a value JS could not
// write) as the Json tree a JSON-level function takes. Throws InputError as score does.
Json request_of_record(const std::uint8_t* data, std::size_t size) {
  std::uint32_t len = 0;
  if (size >= 5) std::memcpy(&len, data + 1, 4);
  if (size < 5 || len > size - 5) throw tenbou::InputError("bad_json", "", "truncated request record");
  const std::uint8_t* p = data + 5;
  const std::string_view text(reinterpret_cast<const char*>(p), len);
  if (data[0] == 1) return Json::parse(text);
  if (data[0] == 2) {
    const std::size_t a = text.find('\0'), b = a == std::string_view::npos ? a : text.find('\0', a + 1);
    if (b == std::string_view::npos) throw tenbou::InputError("bad_json", "", "malformed request record");
    throw tenbou::InputError(std::string(text.substr(0, a)), std::string(text.substr(a + 1, b - a - 1)),
                             tenbou::echo(text.substr(b + 1)));
  }
  tenbou::binary::validate(p, len);
  return tree_of(tenbou::binary::View(p));
}

// The JSON-level functions a request record can be sent to (tenbou.mjs CALLS, same order).
Json (*const kRecordFunctions[])(const Json&) = {tenbou::points_json, tenbou::settle_json, tenbou::waits_json,
                                                  tenbou::discards_json, tenbou::shanten_json,
                                                  tenbou::korean_declaration_json};

}  // namespace

// The batch path (tenbou.mjs scoreMany): JS writes request records into the buffer it is
// given (asking again with a larger size when it runs out: what is written is kept), the
// core scores them, JS reads the result records from the output buffer.
extern "C" {
EMSCRIPTEN_KEEPALIVE std::uint8_t* tenbou_batch_input(std::uint32_t size) {
  batch_in.resize(size);
  return batch_in.data();
}
EMSCRIPTEN_KEEPALIVE std::uint32_t tenbou_batch_score(std::uint32_t size) {
  batch_out.clear();
  tenbou::score_records(batch_in.data(), std::min<std::size_t>(size, batch_in.size()), batch_out);
  return static_cast<std::uint32_t>(batch_out.size());
}
EMSCRIPTEN_KEEPALIVE const char* tenbou_batch_output() { return batch_out.data(); }
// One request record in the input buffer through kRecordFunctions[fn]: the result's JSON
// text in the output buffer, its length returned. points, settle, waits, discards, shanten
// and koreanDeclaration read their request as score does (NaN named, a throwing getter or
// a cycle an invalid-input error), not through JSON.stringify.
EMSCRIPTEN_KEEPALIVE std::uint32_t tenbou_call_record(std::uint32_t fn, std::uint32_t size) {
  try {
    try {
      if (fn >= sizeof kRecordFunctions / sizeof kRecordFunctions[0]) throw tenbou::InputError("bad_value", "", "no such function");
      batch_out = kRecordFunctions[fn](request_of_record(batch_in.data(), std::min<std::size_t>(size, batch_in.size()))).dump();
    } catch (const tenbou::InputError& e) {
      batch_out = failure_text(e);
    }
  } catch (const std::exception& e) {  // memory: still an answer
    batch_out = tenbou::failure_json({tenbou::ErrorCode::InvalidInput, "internal", "", std::string("internal error: ") + e.what()}).dump();
  }
  return static_cast<std::uint32_t>(batch_out.size());
}
}

// Game records (records.hpp): a whole record (bytes: a JS Uint8Array crosses as they are)
// through replay_text, which never throws: the output, or its output so far and then an
// {"error": ...} line. Options the core has no name for get the Python binding's message.
namespace {
std::string replay(const std::string& record, const std::string& format, const std::string& output,
                   const std::string& source, bool with_requests) {
  tenbou::ReplayOptions o;
  if (!tenbou::record_format_from(format, o.format))
    return failure_text(tenbou::InputError("bad_value", "", "replay: format must be 'auto', 'mjlog', 'tenhou6' or 'mjai', got '" + format + "'"));
  if (output == "hand_ends") o.output = tenbou::ReplayOutput::HandEnds;
  else if (output == "check") o.output = tenbou::ReplayOutput::Check;
  else if (output == "tenhou6") o.output = tenbou::ReplayOutput::Tenhou6;
  else if (output == "mjai") o.output = tenbou::ReplayOutput::Mjai;
  else if (output == "annotate") o.output = tenbou::ReplayOutput::Annotate;
  else return failure_text(tenbou::InputError("bad_value", "", "replay: output must be 'hand_ends', 'check', 'tenhou6', 'mjai' or 'annotate', got '" + output + "'"));
  o.source = source;
  o.with_requests = with_requests;
  return tenbou::replay_text(record, o);
}
}  // namespace

EMSCRIPTEN_BINDINGS(tenbou) {
  emscripten::function("score", &score);
  emscripten::function("scoreTexts", &score_texts);
  emscripten::function("points", &points);
  emscripten::function("shanten", &shanten);
  emscripten::function("waits", &waits);
  emscripten::function("settle", &settle);
  emscripten::function("discards", &discards);
  emscripten::function("koreanDeclaration", &korean_declaration);
  emscripten::function("hktwEvent", &hktw_event);
  emscripten::function("rules", &rules);
  emscripten::function("yakuTable", &yaku_table);
  emscripten::function("formatAmount", &format_amount);
  emscripten::function("version", &version);
  emscripten::function("optionsSchema", &options_schema);
  emscripten::function("inputLimits", &input_limits);
  emscripten::function("resultKeys", &result_keys);
  emscripten::function("requestKeys", &request_keys);
  emscripten::function("riichiYakuKeys", &riichi_yaku_keys);
  emscripten::function("replay", &replay);
}
