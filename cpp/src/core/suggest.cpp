#include "core/suggest.hpp"

#include <algorithm>
#include <array>
#include <vector>

#include "tenbou/json.hpp"

namespace tenbou {
namespace {

// Request keys of other scoring libraries and what they are here. The `mahjong` package's
// HandConfig (is_tsumo, is_riichi, ... player_wind, round_wind, kyoutaku_number,
// tsumi_number) and its estimate_hand_value arguments (tiles, win_tile, dora_indicators);
// an "is_" prefix is tried by itself below, so is_tsumo and the like need no row.
struct Alias {
  std::string_view from, to;
};
constexpr Alias kAliases[] = {
    {"is_daburu_riichi", "double_riichi"}, {"daburu_riichi", "double_riichi"}, {"player_wind", "seat_wind"},
    {"kyoutaku_number", "riichi_sticks"},  {"kyotaku", "riichi_sticks"},      {"tsumi_number", "honba"},
    {"tiles", "hand"},                     {"winning_tile", "win_tile"},       {"dora", "dora_indicators"},
    {"ura_dora", "ura_indicators"},        {"uradora_indicators", "ura_indicators"},
    {"is_rinshan", "rinshan"},             {"is_haitei", "haitei"},            {"is_houtei", "houtei"},
    {"has_aka_dora", "red_fives"},         {"has_open_tanyao", "open_tanyao"}, {"aka_dora", "red_fives"},
};

// Optimal string alignment distance (a swap of two neighbours is one edit), stopping past 2.
int distance(std::string_view a, std::string_view b) {
  if (a.size() > b.size() + 2 || b.size() > a.size() + 2) return 3;
  if (a.size() > 64 || b.size() > 64) return 3;
  std::array<std::array<int, 66>, 66> d{};
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = static_cast<int>(i);
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = static_cast<int>(j);
  for (std::size_t i = 1; i <= a.size(); ++i)
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const int cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

template <typename Known>
std::string nearest(std::string_view key, const Known& known) {
  auto listed = [&](std::string_view name) {
    for (std::string_view k : known)
      if (k == name) return true;
    return false;
  };
  auto phrase = [](std::string_view name) { return " (did you mean '" + std::string(name) + "'?)"; };
  for (const Alias& a : kAliases)
    if (a.from == key && listed(a.to)) return phrase(a.to);
  if (key.size() > 3 && key.substr(0, 3) == "is_" && listed(key.substr(3))) return phrase(key.substr(3));
  std::string_view best;
  int best_distance = 3;
  for (std::string_view k : known) {
    const int d = distance(key, k);
    // Within 2 edits, and fewer edits than the key has characters (no 'kan' for "x").
    if (d < best_distance && d < static_cast<int>(key.size())) {
      best = k;
      best_distance = d;
    }
  }
  return best.empty() ? std::string() : phrase(best);
}

}  // namespace

std::string did_you_mean(std::string_view key, std::initializer_list<std::string_view> known) {
  return nearest(key, known);
}

std::string did_you_mean(std::string_view key, const Json& known) {
  std::vector<std::string_view> names;
  if (known.type() == Json::Type::Object)
    for (const auto& m : known.members()) names.push_back(m.first);
  return nearest(key, names);
}

}  // namespace tenbou
