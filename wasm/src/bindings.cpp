// The WebAssembly face of the core: JSON text in, JSON text out, nothing else.
// Only std::string crosses the boundary, so no embind handle can leak; every rule
// lives in cpp/ and the JS API (wasm/js/tenbou.mjs) only translates.
#include <emscripten/bind.h>
#include <emscripten/emscripten.h>

#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "tenbou/api.hpp"
#include "tenbou/settlement.hpp"
#include "tenbou/bignum.hpp"
#include "core/binary_value.hpp"
#include "core/built_records.hpp"
#include "tenbou/error.hpp"
#include "tenbou/json.hpp"
#include "core/limits.hpp"
#include "core/small_copy.hpp"
#include "core/record_header.hpp"
#include "core/result_writer.hpp"
#include "riichi/request_reader.hpp"
#include "tenbou/riichi.hpp"
#include "tenbou/rules.hpp"
#include "tenbou/value_view.hpp"
#include "tenbou/waits.hpp"
#include "tenbou/options_schema.hpp"
#include "tenbou/records.hpp"
#include "tenbou/result.hpp"
#include "tenbou/yaku_table.hpp"
#include "tenbou/payments.hpp"

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

// --- scoreColumns: requests as columns in, results as columns out -----------------------------
//
// JS writes the columns (tenbou.mjs scoreColumns) into batch_in:
//   u32 rows, u32 columns, then per column: u8 key length, the key, u8 kind, its data:
//     kind 0 text:     per row u32 n + n bytes of UTF-8 (n = 0xFFFFFFFF: absent in this row)
//     kind 1 flags:    per row u8 (0 false, else true)
//     kind 2 integers: zero bytes up to a multiple of 4 (from batch_in's start), per row i32
//     kind 3 values:   per row u32 n + a binary value of n bytes (n = 0: absent in this row)
//     kind 4 constant: u32 n + one binary value, the same in every row
//     kind 5 texts:    zero bytes up to a multiple of 4, per row u32 n (0xFFFFFFFF: absent),
//                      u32 size, then the rows' UTF-8 one after another (size bytes)
//     kind 6 booleans: per row u8 (0 false, 1 true, 2 absent in this row)
//     kind 7 numbers:  zero bytes up to a multiple of 4, per row i32, then per row u8 (0:
//                      absent in this row)
//   then u32 count and that many [u32 row][request record] for rows JS wrote whole (a value
//   the columns cannot carry as score() would: a lone surrogate, a Map, a Date ...).
// Each row becomes the very request record scoreMany writes for the same object (the same key
// bytes, the same values), scored as score_records scores it, so a row's result is score()'s;
// each result is read into the columns below as it is made (a ResultSink).
// A Riichi row is scored by score_built_riichi_request: JS wrote every string of it as valid
// UTF-8 (a lone surrogate sends its row whole) and write_row the structure, so nothing is
// validated twice; its "options", when they are those of the row before (the same bytes:
// one options object for the batch, or rows that repeat theirs) and valid, are read once.
// Any other row (Korean, Hong Kong-Taiwan, a bad "rules", a row written whole) goes through
// score_records_each, as scoreMany's records do.
namespace columns {

constexpr std::uint32_t kAbsent = 0xFFFFFFFF;

enum Kind : std::uint8_t { Text = 0, Flags = 1, Integers = 2, Values = 3, Constant = 4, Texts = 5, Booleans = 6, Numbers = 7 };
constexpr std::uint8_t kAbsentBoolean = 2;

struct Column {
  std::string key;   // the key as the binary form writes it: a dictionary id byte, or a STRING
  char id;           // the dictionary id byte, or 0 for a STRING key (written from `key`)
  Kind kind;
  const std::uint8_t* at;  // the next row's data (Constant: the value; Texts: the next row's bytes)
  std::uint32_t size;      // Constant: the value's bytes
  const std::uint8_t* lengths = nullptr;  // Texts: the next row's u32 length; Numbers: its presence byte
  tenbou::riichi_reader::Key field = tenbou::riichi_reader::Key::Unknown;  // the Riichi reader's name for the key
  bool tenbou::RiichiRequest::* flag = nullptr;  // the request's flag the key sets (not tsumo), or none
};

// The result columns (docs/javascript.md "Columns"): ids into names().
struct Out {
  std::vector<std::uint8_t> ok, limit, error, yaku;
  std::vector<std::int32_t> han, fu, yakuman;
  std::vector<std::int64_t> total;
  std::vector<std::uint32_t> yaku_offsets, message_offsets;
  std::vector<std::int16_t> yaku_han;
  std::string messages;
  std::uint32_t table[16];
} out;

std::string row_in;  // the row's request record, built in place

std::uint32_t u32_at(const std::uint8_t* p) { return tenbou::binary::detail::read_u32(p); }

// The vocabularies of the id columns: 0 is "none" in limit and error.
const char* limit_of(std::uint8_t id) { return tenbou::limit_name(static_cast<tenbou::Limit>(id)); }
constexpr std::uint8_t kHouseLimit = static_cast<std::uint8_t>(tenbou::Limit::Yakuman) + 1;  // Hong Kong-Taiwan's
constexpr tenbou::ErrorCode kErrorCodes[] = {tenbou::ErrorCode::InvalidInput, tenbou::ErrorCode::NotWinning,
                                             tenbou::ErrorCode::NoYaku};

// Each result's columns, row after row, as the results are handed over.
struct Sink final : tenbou::ResultSink {
  std::size_t i = 0;  // the row of the next result
  bool failed(const tenbou::ResultError* e) {
    if (!e) return false;
    for (std::uint8_t k = 0; k < std::size(kErrorCodes); ++k)
      if (e->code == kErrorCodes[k]) out.error[i] = static_cast<std::uint8_t>(k + 1);
    out.messages += e->text();
    return true;
  }
  void riichi(const tenbou::RiichiResult& r) override {
    if (!r.ok) {
      failed(r.error.get());
    } else {
      out.ok[i] = 1;
      out.han[i] = r.han;
      out.fu[i] = r.fu;
      out.yakuman[i] = r.yakuman;
      // An aotenjo total past 64 bits: -1, for score() to give exactly.
      const auto& exact = r.payments.exact;
      out.total[i] = !exact ? r.payments.total : exact->total.fits_int64() ? exact->total.to_int64() : -1;
      out.limit[i] = static_cast<std::uint8_t>(r.payments.limit);
      for (const auto& y : r.yaku) {
        out.yaku.push_back(static_cast<std::uint8_t>(y.yaku));
        out.yaku_han.push_back(y.han);
      }
    }
    next();
  }
  void korean(const tenbou::KoreanResult& r) override {
    if (!failed(r.error.get())) {
      out.ok[i] = 1;
      out.han[i] = r.han;
      out.total[i] = r.has_points ? r.total : 0;
    }
    next();
  }
  void hktw(const tenbou::HktwResult& r) override {
    if (!failed(r.error.get())) {
      out.ok[i] = 1;
      out.total[i] = r.total;
      out.limit[i] = r.limited ? kHouseLimit : 0;
    }
    next();
  }
  void next() {
    ++i;
    out.yaku_offsets[i] = static_cast<std::uint32_t>(out.yaku.size());
    out.message_offsets[i] = static_cast<std::uint32_t>(out.messages.size());
  }
};

// Steps past the next row's data of a column.
void skip(Column& c) {
  switch (c.kind) {
    case Text: { const std::uint32_t n = u32_at(c.at); c.at += 4 + (n == kAbsent ? 0 : std::size_t{n}); break; }
    case Flags: c.at += 1; break;
    case Integers: c.at += 4; break;
    case Values: c.at += 4 + std::size_t{u32_at(c.at)}; break;
    case Constant: break;
    case Texts: {
      const std::uint32_t n = u32_at(c.lengths);
      c.lengths += 4;
      if (n != kAbsent) c.at += n;
      break;
    }
    case Booleans: c.at += 1; break;
    case Numbers: c.at += 4; c.lengths += 1; break;
  }
}

// Writes the next row's request record (what scoreMany's encoder writes for the row's object)
// at `to`, which has room for the longest row, leaving out the column `omit` (or none);
// returns the end.
char* write_row(std::vector<Column>& cols, const Column* omit, char* to) {
  namespace b = tenbou::binary;
  char* const start = to;
  to += 5;
  *to++ = static_cast<char>(b::Object);
  const auto put = [&](const void* bytes, std::size_t n) {  // short copies inlined (a memcpy call each cost more)
    tenbou::copy_bytes(to, static_cast<const char*>(bytes), n);
    to += n;
  };
  const auto put_key = [&](const Column& c) {
    if (c.id) *to++ = c.id;
    else put(c.key.data(), c.key.size());
  };
  for (Column& c : cols) {
    if (&c == omit) {
      skip(c);
      continue;
    }
    switch (c.kind) {
      case Text: {
        const std::uint32_t n = u32_at(c.at);
        if (n == kAbsent) { c.at += 4; break; }
        put_key(c);
        *to++ = static_cast<char>(b::String);
        put(c.at, 4 + std::size_t{n});
        c.at += 4 + std::size_t{n};
        break;
      }
      case Texts: {
        const std::uint32_t n = u32_at(c.lengths);
        c.lengths += 4;
        if (n == kAbsent) break;
        put_key(c);
        *to++ = static_cast<char>(b::String);
        std::memcpy(to, &n, 4);
        to += 4;
        put(c.at, n);
        c.at += n;
        break;
      }
      case Flags:
        put_key(c);
        *to++ = static_cast<char>(*c.at++ ? b::True : b::False);
        break;
      case Integers:
        put_key(c);
        *to++ = static_cast<char>(b::Int32);
        std::memcpy(to, c.at, 4);
        to += 4;
        c.at += 4;
        break;
      case Booleans: {
        const std::uint8_t v = *c.at++;
        if (v == kAbsentBoolean) break;
        put_key(c);
        *to++ = static_cast<char>(v ? b::True : b::False);
        break;
      }
      case Numbers:
        if (*c.lengths++) {
          put_key(c);
          *to++ = static_cast<char>(b::Int32);
          std::memcpy(to, c.at, 4);
          to += 4;
        }
        c.at += 4;
        break;
      case Values: {
        const std::uint32_t n = u32_at(c.at);
        if (n != 0) {
          put_key(c);
          put(c.at + 4, n);
        }
        c.at += 4 + std::size_t{n};
        break;
      }
      case Constant:
        put_key(c);
        put(c.at, c.size);
        break;
    }
  }
  *to++ = static_cast<char>(b::End);
  start[0] = 0;  // kind 0: a binary value
  const auto len = static_cast<std::uint32_t>(to - start - 5);
  std::memcpy(start + 1, &len, 4);
  return to;
}

// The next row's value of a values or constant column as its bytes (empty: absent in this
// row, or a column of another kind).
std::string_view next_value(const Column& c) {
  const auto view = [](const std::uint8_t* p, std::size_t n) { return std::string_view(reinterpret_cast<const char*>(p), n); };
  if (c.kind == Values) return view(c.at + 4, u32_at(c.at));
  if (c.kind == Constant) return view(c.at, c.size);
  return {};
}

// Is the next row a Riichi request by its "rules" (none, or "riichi": score_binary_request's
// test), so that score_built_riichi_request may score it?
bool riichi_row(const Column* rules) {
  if (!rules) return true;
  std::uint32_t n = 0;
  const std::uint8_t* text = nullptr;
  switch (rules->kind) {
    case Text: n = u32_at(rules->at); text = rules->at + 4; break;
    case Texts: n = u32_at(rules->lengths); text = rules->at; break;
    case Values: case Constant: {
      const std::string_view v = next_value(*rules);
      if (v.empty()) return true;
      return v.size() == 11 && v[0] == static_cast<char>(tenbou::binary::String) && u32_at(reinterpret_cast<const std::uint8_t*>(v.data()) + 1) == 6 &&
             v.substr(5) == "riichi";
    }
    case Booleans: return *rules->at == kAbsentBoolean;
    case Numbers: return *rules->lengths == 0;
    default: return false;  // a flag or an integer in every row
  }
  if (n == kAbsent) return true;
  return n == 6 && std::memcmp(text, "riichi", 6) == 0;
}


// --- A Riichi row read straight from the columns (no request record written and walked) ---
//
// read_riichi_fields' work for the values it takes without a word: a text for a tile field,
// a flag for a flag, an integer in range, a wind, a method by name, melds as an array of
// strings, options the cache has read. Any other value (absent rows aside) makes
// direct_row return false having moved nothing: the row then goes through write_row and the
// reader itself, which names its error exactly as score() does.

// One row's value of a column, read and stepped past (the cursors are restored on a miss).
struct Cell {
  enum Type : std::uint8_t { Absent, Str, Bool, Int, Value } type = Absent;
  bool flag = false;
  std::int32_t number = 0;
  std::string_view text;
  const std::uint8_t* value = nullptr;  // Value: a binary value of another type (an array, null ...)
};

Cell cell_of_value(const std::uint8_t* v) {
  namespace b = tenbou::binary;
  Cell x;
  switch (*v) {
    case b::String: x.type = Cell::Str; x.text = {reinterpret_cast<const char*>(v + 5), u32_at(v + 1)}; break;
    case b::True: case b::False: x.type = Cell::Bool; x.flag = *v == b::True; break;
    case b::Int32: x.type = Cell::Int; std::memcpy(&x.number, v + 1, 4); break;
    default: x.type = Cell::Value; x.value = v;
  }
  return x;
}

TENBOU_ALWAYS_INLINE inline Cell take(Column& c) {
  Cell x;
  switch (c.kind) {
    case Text: {
      const std::uint32_t n = u32_at(c.at);
      c.at += 4;
      if (n != kAbsent) x.type = Cell::Str, x.text = {reinterpret_cast<const char*>(c.at), n}, c.at += n;
      break;
    }
    case Texts: {
      const std::uint32_t n = u32_at(c.lengths);
      c.lengths += 4;
      if (n != kAbsent) x.type = Cell::Str, x.text = {reinterpret_cast<const char*>(c.at), n}, c.at += n;
      break;
    }
    case Flags: x.type = Cell::Bool; x.flag = *c.at++ != 0; break;
    case Booleans: if (*c.at != kAbsentBoolean) x.type = Cell::Bool, x.flag = *c.at != 0; ++c.at; break;
    case Integers: x.type = Cell::Int; std::memcpy(&x.number, c.at, 4); c.at += 4; break;
    case Numbers: if (*c.lengths++) x.type = Cell::Int, std::memcpy(&x.number, c.at, 4); c.at += 4; break;
    case Values: {
      const std::uint32_t n = u32_at(c.at);
      if (n != 0) x = cell_of_value(c.at + 4);
      c.at += 4 + std::size_t{n};
      break;
    }
    case Constant: x = cell_of_value(c.at); break;
  }
  return x;
}

// The flags of RiichiRequest a flag key sets (tsumo aside: the reader notes more for it).
bool tenbou::RiichiRequest::* flag_member(tenbou::riichi_reader::Key k) {
  using K = tenbou::riichi_reader::Key;
  using R = tenbou::RiichiRequest;
  switch (k) {
    case K::Riichi: return &R::riichi;
    case K::DoubleRiichi: return &R::double_riichi;
    case K::Ippatsu: return &R::ippatsu;
    case K::Rinshan: return &R::rinshan;
    case K::Chankan: return &R::chankan;
    case K::Haitei: return &R::haitei;
    case K::Houtei: return &R::houtei;
    case K::Tenhou: return &R::tenhou;
    case K::Chiihou: return &R::chiihou;
    case K::Renhou: return &R::renhou;
    default: return nullptr;
  }
}

// Where a column's next row was, to step back to.
struct Cursor {
  const std::uint8_t *at, *lengths;
};

// One member's value, when read_riichi_fields would take it as it is (see above): set in
// `f`, true; false for any other (f then partly set: the caller starts over with the reader).
// `options`: the rules of this member's value when it is "options" and the cache has read it.
TENBOU_ALWAYS_INLINE inline bool set_field(tenbou::riichi_reader::Key field, const Cell& v, const tenbou::RiichiRules* options,
                                           tenbou::riichi_reader::RiichiFields& f) {
  using K = tenbou::riichi_reader::Key;
  tenbou::RiichiRequest& r = f.request;
  const auto tiles = [&](std::string_view& to, bool& have) { to = v.text, have = true; return v.type == Cell::Str; };
  const auto in = [&](std::int32_t lo, std::int32_t hi) { return v.type == Cell::Int && v.number >= lo && v.number <= hi; };
  const auto flag = [&](bool& to) { to = v.flag; return v.type == Cell::Bool; };
  switch (field) {
    case K::Rules: return v.type == Cell::Str && v.text == "riichi";
    case K::Method: return v.type == Cell::Str && tenbou::method_named(v.text, r.method);  // (else parse_method names it)
    case K::Hand: return tiles(f.hand, f.have_hand);
    case K::WinTile: return tiles(f.win, f.have_win);
    case K::DoraIndicators: return tiles(f.dora, f.have_dora);
    case K::UraIndicators: return tiles(f.ura, f.have_ura);
    case K::Melds: {
      namespace b = tenbou::binary;
      if (v.type != Cell::Value) return false;
      if (*v.value == b::Null) return true;
      if (*v.value != b::Array) return false;
      for (const std::uint8_t* q = v.value + 1; *q != b::End; q += 5 + u32_at(q + 1)) {
        if (*q != b::String || f.meld_texts.count == 4) return false;
        f.meld_texts.push({reinterpret_cast<const char*>(q + 5), u32_at(q + 1)});
      }
      return true;
    }
    case K::Tsumo:
      r.tsumo = v.flag, f.tsumo_given_false = !v.flag, f.have_tsumo = true;
      return v.type == Cell::Bool;
    case K::SeatWind: return v.type == Cell::Str && tenbou::wind_named(v.text, r.seat_wind);
    case K::RoundWind: return v.type == Cell::Str && tenbou::wind_named(v.text, r.round_wind);
    case K::Riichi: return flag(r.riichi);
    case K::DoubleRiichi: return flag(r.double_riichi);
    case K::Ippatsu: return flag(r.ippatsu);
    case K::Rinshan: return flag(r.rinshan);
    case K::Chankan: return flag(r.chankan);
    case K::Haitei: return flag(r.haitei);
    case K::Houtei: return flag(r.houtei);
    case K::Tenhou: return flag(r.tenhou);
    case K::Chiihou: return flag(r.chiihou);
    case K::Renhou: return flag(r.renhou);
    case K::Honba: return in(0, 10000) && (r.honba = v.number, true);
    case K::RiichiSticks: return in(0, 10000) && (r.riichi_sticks = v.number, true);
    case K::Options: return options && (r.rules = *options, true);
    case K::Players: return in(3, 4) && (r.players = static_cast<std::uint8_t>(v.number), true);
    case K::Kita: return in(0, 4) && (r.kita = static_cast<std::uint8_t>(v.number), true);
    default: return false;  // own_discards, visible, an unknown key: the reader's errors
  }
}

// The next row's fields, when every value is one read_riichi_fields takes as it is (see
// above), every column then stepped past it; false, the cursors as they were, for any
// other. `known`: the rules of the options column's value in this row (nullptr: not read).
bool direct_row(std::vector<Column>& cols, const Column* options, const tenbou::RiichiRules* known,
                tenbou::riichi_reader::RiichiFields& f, std::vector<Cursor>& saved) {
  static const tenbou::riichi_reader::RiichiFields kEmpty{};
  f = kEmpty;
  tenbou::RiichiRequest& r = f.request;
  std::size_t done = 0;
  for (; done < cols.size(); ++done) {
    Column& c = cols[done];
    saved[done] = {c.at, c.lengths};
    if (c.kind == Flags && c.flag) {  // most columns of a batch: a flag in every row
      r.*c.flag = *c.at++ != 0;
      continue;
    }
    const Cell v = take(c);
    if (v.type == Cell::Absent) continue;
    if (!set_field(c.field, v, &c == options ? known : nullptr, f)) break;
  }
  if (done == cols.size()) return true;
  for (std::size_t k = 0; k <= done; ++k) cols[k].at = saved[k].at, cols[k].lengths = saved[k].lengths;
  return false;
}

// Scores the columns in batch_in (written by tenbou.mjs, this file's only caller, so well
// formed); returns the table of the result columns: rows, yaku entries, where each column
// starts, the messages' length.
std::uint32_t* score(std::size_t size) {
  const std::uint8_t* const base = batch_in.data();
  const std::uint8_t* p = base;
  const std::uint8_t* const end = p + size;
  const auto align4 = [&](const std::uint8_t* q) { return base + ((q - base + 3) & ~std::ptrdiff_t{3}); };
  const std::uint32_t rows = u32_at(p), ncols = u32_at(p + 4);
  p += 8;
  std::vector<Column> cols;
  cols.reserve(ncols);
  std::size_t row_room = 7;  // the longest row's record: [kind][u32] OBJECT ... END
  int rules_col = -1, options_col = -1;
  for (std::uint32_t c = 0; c < ncols; ++c) {
    const std::string_view key(reinterpret_cast<const char*>(p + 1), p[0]);
    p += 1 + p[0];
    Column col{{}, 0, static_cast<Kind>(*p++), p, 0};
    const auto& names = tenbou::binary::detail::kRequestKeyNames;
    const auto id = std::find(std::begin(names), std::end(names), key) - std::begin(names);
    if (id < tenbou::binary::detail::kRequestKeyCount) {
      col.key = col.id = static_cast<char>(tenbou::binary::detail::kKeyIdBase + id);
      col.field = tenbou::riichi_reader::request_key(key);
      col.flag = flag_member(col.field);
      if (key == "rules") rules_col = static_cast<int>(c);
      if (key == "options") options_col = static_cast<int>(c);
    } else {  // a key the dictionary does not hold travels as a STRING (the reader names it)
      col.key = static_cast<char>(tenbou::binary::String);
      const auto n = static_cast<std::uint32_t>(key.size());
      col.key.append(reinterpret_cast<const char*>(&n), 4).append(key);
    }
    std::size_t longest = 0;  // this column's most bytes in a row
    switch (col.kind) {
      case Text:
        for (std::uint32_t i = 0; i < rows; ++i) {
          const std::uint32_t n = u32_at(p);
          if (n != kAbsent) longest = std::max<std::size_t>(longest, n);
          p += 4 + (n == kAbsent ? 0 : std::size_t{n});
        }
        longest += 5;
        break;
      case Texts: {
        p = align4(p);
        col.lengths = p;
        for (std::uint32_t i = 0; i < rows; ++i, p += 4) {
          const std::uint32_t n = u32_at(p);
          if (n != kAbsent) longest = std::max<std::size_t>(longest, n);
        }
        const std::uint32_t bytes = u32_at(p);
        col.at = p + 4;
        p += 4 + std::size_t{bytes};
        longest += 5;
        break;
      }
      case Flags: p += rows; longest = 1; break;
      case Booleans: p += rows; longest = 1; break;
      case Numbers:
        p = col.at = align4(p);
        col.lengths = p + 4 * std::size_t{rows};
        p += 5 * std::size_t{rows};
        longest = 5;
        break;
      case Integers: p = col.at = align4(p); p += 4 * std::size_t{rows}; longest = 5; break;
      case Values:
        for (std::uint32_t i = 0; i < rows; ++i) {
          longest = std::max<std::size_t>(longest, u32_at(p));
          p += 4 + std::size_t{u32_at(p)};
        }
        break;
      case Constant: col.size = u32_at(p); col.at = p + 4; p += 4 + std::size_t{col.size}; longest = col.size; break;
    }
    row_room += col.key.size() + longest;
    cols.push_back(std::move(col));
  }
  // The rows written whole: [u32 row][record], in row order.
  std::uint32_t whole = p + 4 <= end ? u32_at(p) : 0;
  p += 4;

  out.ok.assign(rows, 0); out.limit.assign(rows, 0); out.error.assign(rows, 0);
  out.han.assign(rows, 0); out.fu.assign(rows, 0); out.yakuman.assign(rows, 0); out.total.assign(rows, 0);
  out.yaku_offsets.assign(std::size_t{rows} + 1, 0); out.message_offsets.assign(std::size_t{rows} + 1, 0);
  out.yaku.clear(); out.yaku_han.clear(); out.messages.clear();
  if (row_in.size() < row_room) row_in.resize(row_room);
  const Column* const rules = rules_col < 0 ? nullptr : &cols[rules_col];
  const Column* const options = options_col < 0 ? nullptr : &cols[options_col];
  tenbou::RiichiOptionsCache cache;
  Sink sink;
  static const auto fields = std::make_unique<tenbou::riichi_reader::RiichiFields>();  // reused row after row
  static const auto result = std::make_unique<tenbou::RiichiResult>();
  std::vector<Cursor> saved(cols.size());
  for (std::uint32_t i = 0; i < rows; ++i) {
    if (whole > 0 && u32_at(p) == i) {
      const std::size_t n = 5 + std::size_t{u32_at(p + 5)};
      tenbou::score_records_each(p + 4, n, sink);
      p += 4 + n;
      --whole;
      for (Column& c : cols) skip(c);
      continue;
    }
    if (!riichi_row(rules)) {
      const char* const last = write_row(cols, nullptr, row_in.data());
      tenbou::score_records_each(reinterpret_cast<const std::uint8_t*>(row_in.data()), last - row_in.data(), sink);
      continue;
    }
    const tenbou::RiichiRules* known = nullptr;  // the row's options, read already
    if (options) {
      const std::string_view v = next_value(*options);
      if (!v.empty()) known = cache.of(v);
    }
    if (direct_row(cols, options, known, *fields, saved)) {
      // As score_built_riichi_request scores a row it is given.
      try {
        tenbou::score_riichi_into(tenbou::riichi_reader::finish_riichi(*fields, nullptr), *result);
      } catch (const tenbou::InputError& e) {
        sink.riichi(tenbou::RiichiResult::failure(tenbou::ErrorCode::InvalidInput, e.detail(), e.reason(), e.field()));
        continue;
      } catch (const std::exception& e) {
        sink.riichi(tenbou::RiichiResult::failure(tenbou::ErrorCode::InvalidInput, std::string("internal error: ") + e.what(),
                                                  "internal"));
        continue;
      }
      sink.riichi(*result);
      continue;
    }
    write_row(cols, known ? options : nullptr, row_in.data());
    tenbou::score_built_riichi_request(reinterpret_cast<const std::uint8_t*>(row_in.data()) + 5, known, sink);
  }
  auto at = [](const void* q) { return static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(q)); };
  std::uint32_t* t = out.table;
  t[0] = rows;
  t[1] = static_cast<std::uint32_t>(out.yaku.size());
  t[2] = at(out.ok.data()); t[3] = at(out.han.data()); t[4] = at(out.fu.data()); t[5] = at(out.yakuman.data());
  t[6] = at(out.total.data()); t[7] = at(out.limit.data()); t[8] = at(out.error.data());
  t[9] = at(out.yaku_offsets.data()); t[10] = at(out.yaku.data()); t[11] = at(out.yaku_han.data());
  t[12] = at(out.message_offsets.data()); t[13] = at(out.messages.data());
  t[14] = static_cast<std::uint32_t>(out.messages.size());
  return t;
}

// {"yaku": [...], "limit": [null, ...], "error": [null, ...]}: the names of the id columns.
std::string names() {
  tenbou::Json o = tenbou::Json::object();
  tenbou::Json yaku = tenbou::Json::array(), limit = tenbou::Json::array(), error = tenbou::Json::array();
  for (const auto& y : tenbou::kYakuTable) yaku.push(tenbou::Json::string(std::string(y.key)));
  limit.push(tenbou::Json::null());
  for (std::uint8_t i = 1; i < kHouseLimit; ++i) limit.push(tenbou::Json::string(limit_of(i)));
  limit.push(tenbou::Json::string("house_limit"));
  error.push(tenbou::Json::null());
  for (const auto code : kErrorCodes) error.push(tenbou::Json::string(tenbou::error_code_name(code)));
  o.set("yaku", std::move(yaku));
  o.set("limit", std::move(limit));
  o.set("error", std::move(error));
  return o.dump();
}

}  // namespace columns

// --- scoreMany's batch: a Riichi request record read straight into the reader's fields ---
//
// score_built_records' results, record for record, byte for byte: a binary request whose
// members are all values set_field takes (a Riichi request with known keys, plainly valid
// values and options the cache has read) is read in one walk over its members (no
// read_riichi_fields over a copy without its options) and scored; any other record, or one
// whose scoring throws (an invalid hand, say), is given to score_built_records itself, which
// names its error as score() does.
namespace batch {

using columns::Cell;
using columns::set_field;
using columns::u32_at;

// binary::Writer's bytes (binary_value.hpp), value for value, through a raw cursor checked
// against an end pointer: the result serializer writes many small fields, and binary::Writer
// reads the string's size and data (a branch each in libc++) for every one of them.
class RecordWriter {
 public:
  explicit RecordWriter(std::string& out) : out_(out) {
    const std::size_t n = out.size();
    base_ = out.data(), cur_ = base_ + n, end_ = cur_;
  }
  void begin_object() { tag(tenbou::binary::Object); }
  void end_object() { tag(tenbou::binary::End); }
  void begin_array() { tag(tenbou::binary::Array); }
  void end_array() { tag(tenbou::binary::End); }
  void key(tenbou::ResultKey k) { tag(static_cast<std::uint8_t>(tenbou::binary::detail::kKeyIdBase + static_cast<int>(k))); }
  void key(std::string_view k) {
    for (int id = 0; id < static_cast<int>(tenbou::ResultKey::Count); ++id)
      if (tenbou::kResultKeyNames[id] == k) return key(static_cast<tenbou::ResultKey>(id));
    bytes(255, k);
  }
  void null() { tag(tenbou::binary::Null); }
  void boolean(bool b) { tag(b ? tenbou::binary::True : tenbou::binary::False); }
  void integer(std::int64_t v) {
    need(9);
    if (v >= INT32_MIN && v <= INT32_MAX) {
      const auto u = static_cast<std::uint32_t>(v);
      *cur_ = static_cast<char>(tenbou::binary::Int32);
      std::memcpy(cur_ + 1, &u, 4);  // little-endian, as every target of this build
      cur_ += 5;
      return;
    }
    const auto u = static_cast<std::uint64_t>(v);
    *cur_ = static_cast<char>(tenbou::binary::Int);
    std::memcpy(cur_ + 1, &u, 8);
    cur_ += 9;
  }
  void big_integer(std::string_view digits) { bytes(tenbou::binary::BigInt, digits); }
  void number(double d) {
    need(9);
    *cur_ = static_cast<char>(tenbou::binary::Double);
    std::memcpy(cur_ + 1, &d, 8);
    cur_ += 9;
  }
  void string(std::string_view s) { bytes(tenbou::binary::String, s); }
  std::size_t position() const { return static_cast<std::size_t>(cur_ - base_); }
  std::size_t begin_record() {
    need(5);
    const std::size_t at = position();
    std::memset(cur_, 0, 5);
    cur_ += 5;
    return at;
  }
  void end_record(std::size_t at) {
    const auto n = static_cast<std::uint32_t>(position() - at - 5);
    std::memcpy(base_ + at + 1, &n, 4);
  }
  void set_record_kind(std::size_t at, std::uint8_t kind) { base_[at] = static_cast<char>(kind); }
  void raw(const void* p, std::size_t n) {
    need(n);
    std::memcpy(cur_, p, n);
    cur_ += n;
  }
  void finish(std::size_t at) { out_.resize(at); }  // `out` as written up to `at`
  void finish() { finish(position()); }

 private:
  TENBOU_ALWAYS_INLINE void need(std::size_t n) {
    if (static_cast<std::size_t>(end_ - cur_) < n) grow(n);
  }
  __attribute__((noinline)) void grow(std::size_t n) {
    const std::size_t at = position();
    out_.resize(std::max(out_.size() * 2, at + n + 4096));
    base_ = out_.data(), cur_ = base_ + at, end_ = base_ + out_.size();
  }
  void tag(std::uint8_t t) {
    need(1);
    *cur_++ = static_cast<char>(t);
  }
  TENBOU_ALWAYS_INLINE void bytes(std::uint8_t t, std::string_view s) {
    need(5 + s.size());
    const auto n = static_cast<std::uint32_t>(s.size());
    *cur_ = static_cast<char>(t);
    std::memcpy(cur_ + 1, &n, 4);
    tenbou::copy_bytes(cur_ + 5, s.data(), s.size());
    cur_ += 5 + s.size();
  }
  std::string& out_;
  char *base_, *cur_, *end_;
};

// The reader's key of each dictionary id.
const auto kKeys = [] {
  namespace b = tenbou::binary::detail;
  std::array<tenbou::riichi_reader::Key, 256> keys;
  keys.fill(tenbou::riichi_reader::Key::Unknown);
  for (int i = 0; i < b::kRequestKeyCount; ++i) keys[b::kKeyIdBase + i] = tenbou::riichi_reader::request_key(b::kRequestKeyNames[i]);
  return keys;
}();

// The fields of the binary request object at p (trusted: tenbou.mjs wrote it), when
// set_field takes every member; false for any other.
bool direct_request(const std::uint8_t* p, tenbou::RiichiOptionsCache& cache, tenbou::riichi_reader::RiichiFields& f) {
  namespace b = tenbou::binary;
  using K = tenbou::riichi_reader::Key;
  static const tenbou::riichi_reader::RiichiFields kEmpty{};
  f = kEmpty;
  ++p;  // Object
  while (*p != b::End) {
    const K field = kKeys[*p++];  // (a key as a STRING: Unknown, the reader's)
    if (field == K::Unknown) return false;
    const std::uint8_t* const value = p;
    Cell v;
    switch (*p) {
      case b::String: v.type = Cell::Str; v.text = {reinterpret_cast<const char*>(p + 5), u32_at(p + 1)}; p += 5 + v.text.size(); break;
      case b::True: case b::False: v.type = Cell::Bool; v.flag = *p == b::True; ++p; break;
      case b::Int32: v.type = Cell::Int; std::memcpy(&v.number, p + 1, 4); p += 5; break;
      default: v.type = Cell::Value; v.value = p; p = b::detail::skip(p);
    }
    const tenbou::RiichiRules* options = nullptr;
    if (field == K::Options) {
      if (*value != b::Object) return false;
      options = cache.of({reinterpret_cast<const char*>(value), static_cast<std::size_t>(p - value)});
    }
    if (!set_field(field, v, options, f)) return false;
  }
  return true;
}

std::unique_ptr<tenbou::riichi_reader::RiichiFields> fields = std::make_unique<tenbou::riichi_reader::RiichiFields>();
std::unique_ptr<tenbou::RiichiResult> result = std::make_unique<tenbou::RiichiResult>();

// The records in data (tenbou.mjs scoreMany's), scored into `out` (emptied first).
void score(const std::uint8_t* data, std::size_t size, std::string& out) {
  namespace b = tenbou::binary;
  out.clear();
  tenbou::RiichiOptionsCache cache;
  std::size_t pos = 0;
  while (pos < size) {
    RecordWriter w(out);
    std::size_t record = std::string::npos;  // the record being written, until it is whole
    try {
      for (; pos + 5 <= size; ) {
        std::uint32_t len;
        std::memcpy(&len, data + pos + 1, 4);
        const std::uint8_t* p = data + pos + 5;
        if (len > size - pos - 5 || data[pos] != 0 || len == 0 || *p != b::Object || !direct_request(p, cache, *fields)) break;
        tenbou::score_riichi_into(tenbou::riichi_reader::finish_riichi(*fields, nullptr), *result);
        record = w.begin_record();
        tenbou::write_riichi_record_header(w, record, *result);
        tenbou::write_result(w, *result);
        w.end_record(record);
        record = std::string::npos;
        pos += 5 + std::size_t{len};
      }
      w.finish();
    } catch (const std::exception&) {  // an invalid request (or no memory): score_built_records says so
      w.finish(record == std::string::npos ? w.position() : record);
    }
    if (pos >= size) break;
    // This record as score_built_records scores it (a truncated one: the rest, as it frames them).
    std::size_t n = size - pos;
    if (n >= 5) {
      std::uint32_t len;
      std::memcpy(&len, data + pos + 1, 4);
      if (len <= n - 5) n = 5 + std::size_t{len};
    }
    tenbou::score_built_records(data + pos, n, out);
    pos += n;
  }
}

}  // namespace batch

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
  batch::score(batch_in.data(), std::min<std::size_t>(size, batch_in.size()), batch_out);
  return static_cast<std::uint32_t>(batch_out.size());
}
EMSCRIPTEN_KEEPALIVE const char* tenbou_batch_output() { return batch_out.data(); }
// scoreColumns: the columns JS wrote into the input buffer, scored; the result columns' table.
EMSCRIPTEN_KEEPALIVE std::uint32_t* tenbou_score_columns(std::uint32_t size) {
  return columns::score(std::min<std::size_t>(size, batch_in.size()));
}
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
  emscripten::function("columnNames", &columns::names);
  emscripten::function("replay", &replay);
}
