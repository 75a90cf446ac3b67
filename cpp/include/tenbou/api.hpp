// The contract-level entry points every front end calls (Python, CLI, WebAssembly):
// JSON request in, JSON result out, so all of them give byte-identical results.
#pragma once
#include <string>
#include <string_view>
#include <variant>

#include "tenbou/hktw.hpp"
#include "tenbou/json.hpp"
#include "tenbou/korean.hpp"
#include "tenbou/result.hpp"
#include "tenbou/waits.hpp"

namespace tenbou {

class ValueView;

// The result of any rule family's request.
using ScoreResult = std::variant<RiichiResult, KoreanResult, HktwResult>;

// The full result of the hand before the win (waits.hpp) completed by `win`, by ron
// or tsumo; flags that cannot go with that win are dropped. Never throws.
ScoreResult score_wait(const HandBeforeWin& hand, Tile win, bool tsumo);

// Scores one request object of any rule family ("rules": riichi | korean | hktw).
// Never throws: invalid input is an `ok: false` result.
ScoreResult score_request(const Json& request);
ScoreResult score_view(const ValueView& request);

// The contract's JSON object for any result, as a tree or appended as compact text.
Json score_result_to_json(const ScoreResult& result);
void score_result_to_text(const ScoreResult& result, std::string& out);
bool score_result_ok(const ScoreResult& result);
const ResultError* score_result_error(const ScoreResult& result);

// Parses one JSON text, scores it, and returns the result JSON text (one line);
// the _to form appends it to `out` (batches reuse one buffer).
std::string score_json_text(std::string_view request_text);
void score_json_text_to(std::string_view request_text, std::string& out);

// A batch in one call, for front ends that pay per crossing (the WebAssembly JS API).
// `data` holds records [u8 kind][u32 length, little-endian][payload]: kind 0 a request as
// a binary value (binary_value.hpp), kind 1 as JSON text. One record per request is
// appended to `out`, in order: [u8 kind][u32 length][header][the result as a binary value],
// the length counting header and value. Kind 0 has no header. Kind 1, a scored Riichi hand
// (fu/han or han-only: aotenjo amounts are exact only in the value), has the fields a bulk
// reader wants without walking the value:
// i32 han, i32 fu, i32 yakuman, i64 total, u8 n, then n x (u8 yaku id (kYakuTable), u16 han).
// A malformed record gives an invalid_input result, never a read past `size`.
void score_records(const std::uint8_t* data, std::size_t size, std::string& out);

// score_records' requests, each result handed to a sink as it is made instead of written
// (for a front end that reads a few fields of each: the WebAssembly columnar form). A failure,
// of any family, is a RiichiResult with ok false, as score_request gives it.
struct ResultSink {
  virtual void riichi(const RiichiResult& result) = 0;
  virtual void korean(const KoreanResult& result) = 0;
  virtual void hktw(const HktwResult& result) = 0;
 protected:
  ~ResultSink() = default;
};
void score_records_each(const std::uint8_t* data, std::size_t size, ResultSink& sink);

// Payments of a bare han/fu cell (contract.md "Points without a hand").
// `query` keys: han, fu, yakuman, dealer, tsumo, method, honba, riichi_sticks, options.
// Invalid arguments are an `ok: false` result with code invalid_input; a cell the
// seed's tables leave empty is `ok: false` with code "impossible".
Json points_json(const Json& query);

// The yaku catalogue (keys, names in English/Japanese/Korean, han) for display;
// `rules` "riichi", "korean" (the Korean table with every variant's value) or "hktw"
// (seed 002's 56 entries with their points). Throws InputError for another family name.
Json yaku_table_json(std::string_view rules = "riichi");

// seed 000's spoken shorthand for an amount ({"romaji", "kana"}) or null.
Json shorthand_json(std::int64_t amount, std::int64_t dealer_share = 0);

// The effective rule switches of an `options` object (preset + overrides);
// `rules` "riichi", "korean" or "hktw".
Json rules_json(const Json& options, std::string_view rules = "riichi");

// Whether a 엎어/불러 declaration is legal on a 13-tile Korean hand (a request
// without win_tile): {"ok", "legal", "waits", "reason"} (seed 004 L105-107).
Json korean_declaration_json(const Json& request);

// The library version.
const char* version();

}  // namespace tenbou
