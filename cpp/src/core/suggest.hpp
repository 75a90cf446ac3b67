// "Did you mean": the nearest known key to an unknown one, for the messages of unknown
// request and option keys (internal). Every front end gets the same message from the core.
#pragma once
#include <initializer_list>
#include <string>
#include <string_view>

namespace tenbou {

class Json;

// " (did you mean 'tsumo'?)" when `key` is a known alias of another library (the `mahjong`
// package's HandConfig names such as is_tsumo or player_wind) for one of `known`, or within
// edit distance 2 of one of `known` (the nearest; the first listed on a tie); "" otherwise.
// At most 8 + the longest known key bytes: an echo-capped message stays within its cap.
std::string did_you_mean(std::string_view key, std::initializer_list<std::string_view> known);
// The same, the known keys being the member names of a JSON object (a rules table's).
std::string did_you_mean(std::string_view key, const Json& known);

}  // namespace tenbou
