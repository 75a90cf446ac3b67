#include "tenbou/api.hpp"
#include "core/limits.hpp"

#include <cstring>
#include <type_traits>

#include "core/result_writer.hpp"
#include "riichi/request_reader.hpp"
#include "core/binary_value.hpp"
#include "core/built_records.hpp"
#include "core/record_header.hpp"

#include "core/json_fields.hpp"
#include "tenbou/value_view.hpp"
#include "tenbou/request.hpp"
#include "tenbou/riichi.hpp"
#include "tenbou/korean.hpp"

#ifndef TENBOU_VERSION
#define TENBOU_VERSION "0.0.0"
#endif

namespace tenbou {
namespace {

RiichiResult invalid(const InputError& e) {
  return RiichiResult::failure(ErrorCode::InvalidInput, e.detail(), e.reason(), e.field());
}

Json error_json(const char* code, const std::string& message, const std::string& reason = {},
                const std::string& field = {}) {
  Json o = Json::object();
  o.set("ok", Json::boolean(false));
  Json& e = o.set("error", Json::object());
  e.set("code", Json::string(code));
  e.set("message", Json::string(field_message(field, message)));
  if (!reason.empty()) e.set("reason", Json::string(reason));
  if (!field.empty()) e.set("field", Json::string(field));
  return o;
}

[[noreturn]] void bad_fu(std::int64_t fu) {
  throw InputError("bad_value", "fu", "fu must be 20, 25 or a multiple of 10 from 30 to 170, got " + std::to_string(fu));
}

}  // namespace

const char* version() { return TENBOU_VERSION; }

ScoreResult score_view(const ValueView& request) {
  try {
    switch (rules_family(request)) {
      case RulesFamily::Korean: return score_korean(korean_request_from(request));
      case RulesFamily::Hktw: return score_hktw(hktw_request_from(request));
      case RulesFamily::Riichi: break;
    }
    return score_riichi(riichi_request_from(request));
  } catch (const InputError& e) {
    return invalid(e);
  } catch (const std::exception& e) {  // e.g. allocation failure: still a result, never a crash
    return RiichiResult::failure(ErrorCode::InvalidInput, std::string("internal error: ") + e.what(), "internal");
  }
}

ScoreResult score_request(const Json& request) { return score_view(JsonView(request)); }

Json score_result_to_json(const ScoreResult& result) {
  JsonTreeWriter w;
  std::visit([&](const auto& r) { write_result(w, r); }, result);
  return w.take();
}

void score_result_to_text(const ScoreResult& result, std::string& out) {
  JsonTextWriter w(out);
  std::visit([&](const auto& r) { write_result(w, r); }, result);
}

bool score_result_ok(const ScoreResult& result) {
  return std::visit([](const auto& r) { return r.ok; }, result);
}

const ResultError* score_result_error(const ScoreResult& result) {
  return std::visit([](const auto& r) { return r.error.get(); }, result);
}

std::string score_json_text(std::string_view text) {
  std::string out;
  out.reserve(512);
  score_json_text_to(text, out);
  return out;
}

namespace {

// Scores one request read in place from its binary form (validated, or made from JSON
// text by binary::from_json_text) and writes the result through `w` (binary values for the
// WebAssembly batch, JSON text for the native path). `rules`: where its "rules" value is.
// `record`: where the batch record of this result starts (binary::Writer only), for its header.
template <typename Writer>
void score_binary_request(const binary::View& view, const std::uint8_t* rules, riichi_reader::RiichiFields& riichi,
                          RiichiResult& result, Writer& w, std::size_t record = std::string::npos) {
  // No "rules", or "riichi": the Riichi reader checks the rest (no second scan). Any other
  // value ("", a number ...) is for rules_family to name first, as with a Json tree or a dict.
  const bool riichi_rules = !rules || (*rules == binary::String && binary::View(rules).as_string() == "riichi");
  const RulesFamily family = riichi_rules ? RulesFamily::Riichi : rules_family(view);
  if (family == RulesFamily::Korean) {
    write_result(w, score_korean(korean_request_from(view)));
  } else if (family == RulesFamily::Hktw) {
    write_result(w, score_hktw(hktw_request_from(view)));
  } else {
    riichi_reader::read_riichi_fields(view, nullptr, riichi);
    score_riichi_into(riichi_reader::finish_riichi(riichi, nullptr), result);
    if constexpr (std::is_same_v<Writer, binary::Writer>) {
      if (record != std::string::npos) write_riichi_record_header(w, record, result);
    }
    write_result(w, result);
  }
}

}  // namespace

void score_json_text_to(std::string_view text, std::string& out) {
  // The text is parsed straight into the binary form and read in place: no JSON tree, no
  // allocation per value (with a tree, parsing and freeing it cost ~2/3 of this path).
  thread_local std::string value;
  thread_local riichi_reader::RiichiFields riichi;
  thread_local RiichiResult result;
  const std::size_t mark = out.size();
  try {
    const std::size_t rules = binary::from_json_text(text, value);
    const auto* at = reinterpret_cast<const std::uint8_t*>(value.data());
    JsonTextWriter w(out);
    score_binary_request(binary::View(at), rules == std::string::npos ? nullptr : at + rules, riichi, result, w);
  } catch (const InputError& e) {
    out.resize(mark);
    score_result_to_text(invalid(e), out);
  } catch (const std::exception& e) {  // e.g. allocation failure: still a result, never a crash
    out.resize(mark);
    score_result_to_text(RiichiResult::failure(ErrorCode::InvalidInput, std::string("internal error: ") + e.what(), "internal"),
                         out);
  }
}

// One request record of a batch, scored into `w` (`record`: the binary writer's record mark,
// for score_records): kind 1 is JSON text, kind 2 a value the JS side could not write (a Map,
// a cycle) as "reason\0field\0message", any other the binary form. Shared by score_records and
// score_records_each; throws InputError for the request's own faults.
template <typename Writer, typename... Mark>
void score_record(std::uint8_t kind, const std::uint8_t* p, std::uint32_t len, riichi_reader::RiichiFields& riichi,
                  RiichiResult& result, Writer& w, Mark... record) {
  if (kind == 1) {
    std::string value;
    const std::size_t rules = binary::from_json_text(std::string_view(reinterpret_cast<const char*>(p), len), value);
    const auto* at = reinterpret_cast<const std::uint8_t*>(value.data());
    score_binary_request(binary::View(at), rules == std::string::npos ? nullptr : at + rules, riichi, result, w, record...);
  } else if (kind == 2) {
    const std::string_view text(reinterpret_cast<const char*>(p), len);
    const std::size_t a = text.find('\0'), b = a == std::string_view::npos ? a : text.find('\0', a + 1);
    if (b == std::string_view::npos) throw InputError("bad_json", "", "malformed request record");
    throw InputError(std::string(text.substr(0, a)), std::string(text.substr(a + 1, b - a - 1)), echo(text.substr(b + 1)));
  } else {
    const std::uint8_t* rules = nullptr;
    binary::validate(p, len, &rules);
    score_binary_request(binary::View(p), rules, riichi, result, w, record...);
  }
}

namespace {

// The framing every record batch shares: [kind][u32 length][bytes] records, each scored by
// `score_one(kind, bytes, length, record)` into one result record; a failure, thrown or
// truncated, is that record's result, never a crash or a stop of the batch (but a truncated
// record ends it: nothing after it can be framed).
template <class ScoreOne>
void for_each_record(const std::uint8_t* data, std::size_t size, binary::Writer& w, ScoreOne&& score_one) {
  const auto fail = [&](const InputError& e) {
    write_failure(w, ResultError{ErrorCode::InvalidInput, e.reason(), e.field(), e.detail()});
  };
  std::size_t pos = 0;
  while (pos < size) {
    const std::size_t record = w.begin_record();
    std::uint32_t len = 0;
    if (size - pos >= 5) std::memcpy(&len, data + pos + 1, 4);  // little-endian, as every target of this build
    if (size - pos < 5 || len > size - pos - 5) {
      fail(InputError("bad_json", "", "truncated request record"));
      w.end_record(record);
      break;
    }
    const std::uint8_t kind = data[pos];
    const std::uint8_t* p = data + pos + 5;
    pos += 5 + static_cast<std::size_t>(len);
    try {
      score_one(kind, p, len, record);
    } catch (const InputError& e) {
      w.restart_record(record);  // (kind 0 again: a failure has no header)
      fail(e);
    } catch (const std::exception& e) {  // e.g. allocation failure: still a result, never a crash
      w.restart_record(record);
      write_failure(w, ResultError{ErrorCode::InvalidInput, "internal", "", std::string("internal error: ") + e.what()});
    }
    w.end_record(record);
  }
  w.finish();
}

}  // namespace

void score_records(const std::uint8_t* data, std::size_t size, std::string& out) {
  riichi_reader::RiichiFields riichi;  // reused request by request, finished in place: no copy, no allocation
  RiichiResult result;
  binary::Writer w(out);
  for_each_record(data, size, w, [&](std::uint8_t kind, const std::uint8_t* p, std::uint32_t len, std::size_t record) {
    score_record(kind, p, len, riichi, result, w, record);
  });
}

namespace {

constexpr int request_key_id(std::string_view name) {
  for (int i = 0; i < binary::detail::kRequestKeyCount; ++i)
    if (binary::detail::kRequestKeyNames[i] == name) return binary::detail::kKeyIdBase + i;
  return -1;
}

}  // namespace

void score_built_records(const std::uint8_t* data, std::size_t size, std::string& out) {
  constexpr int kRulesId = request_key_id("rules"), kOptionsId = request_key_id("options");
  static_assert(kRulesId > 0 && kOptionsId > 0, "keys of the dictionary");
  riichi_reader::RiichiFields riichi;
  RiichiResult result;
  binary::Writer w(out);
  RiichiOptionsCache cache;
  std::string without_options;  // a request with its "options" member left out
  for_each_record(data, size, w, [&](std::uint8_t kind, const std::uint8_t* p, std::uint32_t len, std::size_t record) {
    // A binary object: its "rules" and "options" found in one walk over its members.
    const std::uint8_t *rules = nullptr, *options_key = nullptr, *options = nullptr, *options_end = nullptr;
    bool built = kind == 0 && len > 0 && *p == binary::Object;
    if (built) {
      const std::uint8_t* q = p + 1;
      while (*q != binary::End) {
        const std::uint8_t* key = q;
        int id = *q;
        if (*q == binary::String) {
          const std::string_view k(reinterpret_cast<const char*>(q + 5), binary::detail::read_u32(q + 1));
          id = k == "rules" ? kRulesId : k == "options" ? kOptionsId : -1;
          q += 5 + k.size();
        } else {
          ++q;
        }
        const std::uint8_t* value = q;
        switch (*q) {  // the members most requests hold inline, the rest through skip()
          case binary::Null: case binary::False: case binary::True: q += 1; break;
          case binary::Int32: q += 5; break;
          case binary::String: q += 5 + binary::detail::read_u32(q + 1); break;
          default: q = binary::detail::skip(q);
        }
        if (id == kRulesId) rules = value;  // (the last one, as validate finds it)
        if (id == kOptionsId) options_key = key, options = value, options_end = q;
      }
      built = !rules || (*rules == binary::String && binary::View(rules).as_string() == "riichi");
    }
    if (!built) {  // another family, or not a binary object: as score_records
      score_record(kind, p, len, riichi, result, w, record);
    } else {
      const RiichiRules* known =
          options ? cache.of({reinterpret_cast<const char*>(options), static_cast<std::size_t>(options_end - options)}) : nullptr;
      const std::uint8_t* value = p;
      if (known) {
        without_options.assign(reinterpret_cast<const char*>(p), options_key - p);
        without_options.append(reinterpret_cast<const char*>(options_end), p + len - options_end);
        value = reinterpret_cast<const std::uint8_t*>(without_options.data());
      }
      riichi_reader::read_riichi_fields(binary::View(value), nullptr, riichi);
      if (known) riichi.request.rules = *known;  // where the member walk would have put it
      score_riichi_into(riichi_reader::finish_riichi(riichi, nullptr), result);
      write_riichi_record_header(w, record, result);
      write_result(w, result);
    }
  });
}

namespace {

// score_binary_request's sink for score_records_each: each result handed over, none written
// (found by argument-dependent lookup, before the templates of result_writer.hpp).
struct SinkWriter {
  ResultSink& sink;
};
void write_result(SinkWriter& w, const RiichiResult& r) { w.sink.riichi(r); }
void write_result(SinkWriter& w, const KoreanResult& r) { w.sink.korean(r); }
void write_result(SinkWriter& w, const HktwResult& r) { w.sink.hktw(r); }

}  // namespace

void score_records_each(const std::uint8_t* data, std::size_t size, ResultSink& sink) {
  riichi_reader::RiichiFields riichi;
  RiichiResult result;
  SinkWriter w{sink};
  std::size_t pos = 0;
  while (pos < size) {
    std::uint32_t len = 0;
    if (size - pos >= 5) std::memcpy(&len, data + pos + 1, 4);
    if (size - pos < 5 || len > size - pos - 5) {
      sink.riichi(invalid(InputError("bad_json", "", "truncated request record")));
      break;
    }
    const std::uint8_t kind = data[pos];
    const std::uint8_t* p = data + pos + 5;
    pos += 5 + static_cast<std::size_t>(len);
    // As score_records: a result is handed over last, so a throw means none was.
    try {
      score_record(kind, p, len, riichi, result, w);
    } catch (const InputError& e) {
      sink.riichi(invalid(e));
    } catch (const std::exception& e) {
      sink.riichi(RiichiResult::failure(ErrorCode::InvalidInput, std::string("internal error: ") + e.what(), "internal"));
    }
  }
}

void score_built_riichi_request(const std::uint8_t* value, const RiichiRules* rules, ResultSink& sink) {
  thread_local riichi_reader::RiichiFields riichi;  // reused row after row, as score_records_each's
  thread_local RiichiResult result;
  try {
    riichi_reader::read_riichi_fields(binary::View(value), nullptr, riichi);
    // Where the member walk would have put it: only finish_riichi and scoring read the rules.
    if (rules) riichi.request.rules = *rules;
    score_riichi_into(riichi_reader::finish_riichi(riichi, nullptr), result);
  } catch (const InputError& e) {
    sink.riichi(invalid(e));
    return;
  } catch (const std::exception& e) {
    sink.riichi(RiichiResult::failure(ErrorCode::InvalidInput, std::string("internal error: ") + e.what(), "internal"));
    return;
  }
  sink.riichi(result);
}

Json points_json(const Json& q) {
  try {
    if (q.type() != Json::Type::Object) throw InputError("bad_type", "", "points query must be an object");
    PointsQuery p;
    RiichiRules rules = riichi_rules_from(nullptr);
    if (const Json* options = q.find("options")) {
      const JsonView view(*options);
      rules = riichi_rules_from(&view);
    }
    bool have_han = false, have_fu = false;
    std::int64_t fu = 30;
    for (const auto& [key, json_value] : q.members()) {
      const JsonView v(json_value);
      if (key == "han") { p.han = static_cast<int>(get_int(v, key, 1, kMaxHan)); have_han = true; }
      else if (key == "fu") {  // any integer: the message below says which fu exist
        fu = get_int(v, key, INT64_MIN, INT64_MAX);
        if (fu < 0 || fu > 1000) bad_fu(fu);
        p.fu = static_cast<int>(fu);
        have_fu = true;
      }
      else if (key == "yakuman") p.yakuman = static_cast<int>(get_int(v, key, 0, 100));
      else if (key == "dealer") p.dealer = get_bool(v, key);
      else if (key == "tsumo") p.tsumo = get_bool(v, key);
      else if (key == "honba") p.honba = get_int(v, key, 0, 10000);
      else if (key == "riichi_sticks") p.riichi_sticks = get_int(v, key, 0, 10000);
      else if (key == "method") p.method = parse_method(v, key);
      else if (key == "players") {
        const std::int64_t n = get_int(v, key, INT64_MIN, INT64_MAX);
        if (n != 3 && n != 4) throw InputError("bad_value", "players", "must be 3 (sanma) or 4, got " + std::to_string(n));
        p.players = static_cast<int>(n);
      }
      else if (key == "options") continue;
      else throw InputError("unknown_key", key, "unknown points key '" + key + "'");
    }
    // A yakuman count is a limit, except under aotenjo counted as 13 han each.
    const bool yakuman_is_limit =
        p.yakuman > 0 && (p.method != Method::Aotenjo || rules.aotenjo_yakuman == AotenjoYakuman::Fixed);
    if (!yakuman_is_limit) {
      if (!have_han) {
        if (p.yakuman == 0) throw InputError("bad_value", "han", "han is required (or yakuman)");
        p.han = 13 * p.yakuman;
      }
      if (!have_fu) p.fu = 30;
      if (!is_valid_fu(p.fu)) bad_fu(fu);
      // seed 000 3.6.1's empty cells are all below 5 han; han-only has no fu to be impossible.
      const std::string why =
          p.method != Method::HanOnly && p.han < 5 ? impossible_cell(p.han, p.fu, p.tsumo) : std::string();
      if (!why.empty()) return error_json("impossible", why);
    }
    Payments pay = compute_payments(p, rules);
    Json o = Json::object();
    o.set("ok", Json::boolean(true));
    o.set("method", Json::string(method_name(p.method)));
    o.set("han", Json::integer(yakuman_is_limit ? 13 * p.yakuman : p.han));
    o.set("fu", Json::integer(yakuman_is_limit ? 0 : p.method == Method::HanOnly ? 30 : p.fu));
    o.set("yakuman", Json::integer(p.yakuman));
    const char* limit = limit_name(pay.limit);
    o.set("limit", limit ? Json::string(limit) : Json::null());
    o.set("base_points", base_points_json(pay));
    write_payments(o, pay);
    if (p.players == 3) o.set("players", Json::integer(3));
    return o;
  } catch (const InputError& e) {
    return error_json("invalid_input", e.detail(), e.reason(), e.field());
  }
}

namespace {
// The rule family a table or rules query names (every front end gets the same error).
void check_family(std::string_view rules) {
  if (rules != "riichi" && rules != "korean" && rules != "hktw")
    throw InputError("bad_value", "rules", "must be \"riichi\", \"korean\" or \"hktw\", got \"" + echo(rules) + "\"");
}
}  // namespace

Json yaku_table_json(std::string_view rules) {
  check_family(rules);
  if (rules == "korean") return korean_yaku_table_json();
  if (rules == "hktw") return hktw_pattern_table_json();
  Json arr = Json::array();
  for (const auto& y : kYakuTable) {
    Json& e = arr.push(Json::object());
    e.set("key", Json::string(std::string(y.key)));
    e.set("name_en", Json::string(y.name_en));
    e.set("name_ja", Json::string(y.name_ja));
    e.set("name_ko", Json::string(y.name_ko));
    e.set("han_closed", Json::integer(y.han_closed));
    e.set("han_open", Json::integer(y.han_open));
    e.set("yakuman", Json::boolean(y.yakuman));
  }
  return arr;
}

Json shorthand_json(std::int64_t amount, std::int64_t dealer_share) {
  const Shorthand* s = table_shorthand(amount, dealer_share);
  if (!s) return Json::null();
  Json o = Json::object();
  o.set("romaji", Json::string(s->romaji));
  o.set("kana", Json::string(s->kana));
  return o;
}

Json rules_json(const Json& options, std::string_view rules) {
  try {
    check_family(rules);
    const JsonView view(options);
    if (rules == "korean") return korean_rules_to_json(korean_rules_from(&view));
    if (rules == "hktw") return hktw_rules_to_json(hktw_rules_from(&view));
    return riichi_rules_to_json(riichi_rules_from(&view));
  } catch (const InputError& e) {
    return error_json("invalid_input", e.detail(), e.reason(), e.field());
  }
}

Json korean_declaration_json(const Json& request) {
  try {
    BeforeWin extras;
    const KoreanRequest before = korean_request_from(JsonView(request), &extras);
    const DeclarationCheck check = korean_declaration_check(before);
    Json o = Json::object();
    o.set("ok", Json::boolean(true));
    o.set("legal", Json::boolean(check.legal));
    Json& waits = o.set("waits", Json::array());
    for (Tile t : check.waits) waits.push(Json::string(tile_name(t)));
    o.set("reason", check.legal ? Json::null() : Json::string(check.why));
    return o;
  } catch (const InputError& e) {
    return error_json("invalid_input", e.detail(), e.reason(), e.field());
  }
}

}  // namespace tenbou
