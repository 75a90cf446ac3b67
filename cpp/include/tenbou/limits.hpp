// The input contract's limits (README "Input contract"): the same in every front end,
// since every front end reaches the core through these checks. Each bound keeps the
// work for one request linear in its size and small in absolute terms.
#pragma once
#include <cstddef>
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

// `text` as an error message quotes it: at most kMaxEcho bytes, cut at a UTF-8 character
// boundary, with the length of what was left out.
std::string echo(std::string_view text);

}  // namespace tenbou
