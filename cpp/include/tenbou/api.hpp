// The contract-level entry points every front end calls (Python, CLI, WebAssembly):
// JSON request in, JSON result out, so all of them give byte-identical results.
#pragma once
#include <string>
#include <string_view>

#include "tenbou/json.hpp"
#include "tenbou/result.hpp"

namespace tenbou {

// Scores one request object. Never throws: invalid input is an `ok: false` result.
RiichiResult score_request(const Json& request);

// Parses one JSON text, scores it, and returns the result JSON text (one line).
std::string score_json_text(std::string_view request_text);

// Payments of a bare han/fu cell (contract.md "Points without a hand").
// `query` keys: han, fu, yakuman, dealer, tsumo, method, honba, riichi_sticks, options.
// Invalid arguments are an `ok: false` result with code invalid_input; a cell the
// seed's tables leave empty is `ok: false` with code "impossible".
Json points_json(const Json& query);

// The yaku catalogue (keys, names in English/Japanese/Korean, han) for display.
Json yaku_table_json();

// seed 000's spoken shorthand for an amount ({"romaji", "kana"}) or null.
Json shorthand_json(std::int64_t amount, std::int64_t dealer_share = 0);

// The effective rule switches of an `options` object (preset + overrides).
Json rules_json(const Json& options);

// The library version.
const char* version();

}  // namespace tenbou
