// The input contract's limits (README "Input contract"): the same in every front end,
// since every front end reaches the core through these checks. Each bound keeps the
// work for one request linear in its size and small in absolute terms.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace tenbou {

// One request's JSON text (a line of a JSON Lines stream): 1 MiB. Real requests are
// a few hundred bytes.
constexpr std::size_t kMaxRequestBytes = 1 << 20;
// Members of one JSON object and items of one array.
constexpr std::size_t kMaxJsonMembers = 1024;
// Nesting of JSON values.
constexpr int kMaxJsonDepth = 64;
// Characters of one tile string (hand, indicators, discards ...): "1m2m3m..." of 17 tiles is 34.
constexpr std::size_t kMaxTileText = 256;
// Bytes of the request's own text an error message repeats (keys, values, tile strings).
constexpr std::size_t kMaxEcho = 200;
// A request's honba and riichi sticks (the Riichi, Hong Kong-Taiwan, points and settlement readers).
constexpr int kMaxHonba = 10000;
// An mjlog file once inflated (python/tenbou/mjlog.py MAX_LOG_BYTES reads it).
constexpr std::size_t kMaxMjlogBytes = std::size_t{64} << 20;

// The limits as data, one row each, for the docs and every front end (input_limits_json()
// in options_schema.hpp writes them): the constants above plus kMaxHan (rules.hpp).
struct LimitSpec {
  const char* name;         // snake_case, stable
  std::int64_t value;
  const char* unit;         // "bytes", "members", "levels", "characters", "han", "honba"
  const char* bounds;       // what it bounds
  const char* error;        // the error reason past it
  const char* description;  // one line
};
struct LimitTable {
  const LimitSpec* rows;
  std::size_t size;
  const LimitSpec* begin() const { return rows; }
  const LimitSpec* end() const { return rows + size; }
};
LimitTable input_limits();

// `text` as an error message quotes it: at most kMaxEcho bytes, cut at a UTF-8 character
// boundary, with the length of what was left out.
std::string echo(std::string_view text);

}  // namespace tenbou
