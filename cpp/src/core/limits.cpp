#include "core/limits.hpp"

#include <iterator>

#include "analysis/ev.hpp"
#include "tenbou/rules.hpp"

namespace tenbou {

namespace {

// README "Input contract", one row per limit, as the docs render it.
constexpr LimitSpec kLimits[] = {
    {"max_request_bytes", kMaxRequestBytes, "bytes", "one request's JSON text (a line of a JSON Lines stream)", "bad_json",
     "the request text is longer than the limit: only that much is ever read or kept"},
    {"max_json_members", kMaxJsonMembers, "members", "keys of one JSON object, items of one array", "bad_json",
     "duplicate keys are found in linear time"},
    {"max_json_depth", kMaxJsonDepth, "levels", "nesting of JSON values", "bad_json",
     "arrays and objects inside the top-level value (itself level 0): 64 levels below it are read"},
    {"max_tile_text", kMaxTileText, "characters", "one tile string (hand, indicators, discards, visible)", "bad_tile",
     "17 tiles as \"1m2m3m...\" are 34 characters"},
    {"max_han", kMaxHan, "han", "han of a points() query", "bad_value",
     "every amount up to it is exact in every front end (30,000 digits at the cap)"},
    {"max_honba", kMaxHonba, "honba", "honba and riichi sticks of a request", "bad_value", "from 0 to the limit"},
    {"max_mjlog_bytes", static_cast<std::int64_t>(kMaxMjlogBytes), "bytes", "an mjlog file, inflated", "exit 2",
     "a one-line error and exit status 2 (tenbou mjlog)"},
    {"max_ev_turns", kMaxEvTurns, "draws", "ev.turns of a discards request (the expected-value search)", "bad_value",
     "a four-player live wall: 136 - 14 (dead wall) - 4 x 13; and no more than the unseen tiles"},
    {"max_ev_states", kMaxEvStates, "states", "ev.max_states: (hand, draws made) states one search may hold", "bad_value",
     "default 2,000,000; past the request's own bound the answer is too_costly"},
    {"max_echo", kMaxEcho, "bytes", "input an error message repeats (a key, a value, a tile string)", "",
     "cut at a character boundary, then \"... (N more bytes)\""},
};

}  // namespace

LimitTable input_limits() { return {kLimits, std::size(kLimits)}; }

std::string echo(std::string_view text) {
  if (text.size() <= kMaxEcho) return std::string(text);
  std::size_t cut = kMaxEcho;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;  // not inside a character
  return std::string(text.substr(0, cut)) + "... (" + std::to_string(text.size() - cut) + " more bytes)";
}

}  // namespace tenbou
