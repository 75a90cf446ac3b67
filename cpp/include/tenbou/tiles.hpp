// Tiles: the 34 kinds, counts, and the compact notation's letters.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace tenbou {

// Tile kinds 0..33: 0-8 man (1m-9m), 9-17 pin, 18-26 sou, 27-33 honours
// (1z-7z = East South West North White Green Red).
using Tile = std::uint8_t;
constexpr int kTileKinds = 34;
constexpr Tile kNoTile = 255;

using TileCounts = std::array<std::uint8_t, kTileKinds>;

enum class Suit : std::uint8_t { Man = 0, Pin = 1, Sou = 2, Honor = 3 };

constexpr Suit suit_of(Tile t) { return static_cast<Suit>(t / 9); }
constexpr int number_of(Tile t) { return t % 9 + 1; }  // 1..9 (honours: 1..7)
constexpr bool is_honor(Tile t) { return t >= 27; }
constexpr bool is_wind(Tile t) { return t >= 27 && t <= 30; }
constexpr bool is_dragon(Tile t) { return t >= 31; }
constexpr bool is_terminal(Tile t) { return t < 27 && (t % 9 == 0 || t % 9 == 8); }
constexpr bool is_terminal_or_honor(Tile t) { return is_honor(t) || is_terminal(t); }
constexpr bool is_simple(Tile t) { return !is_terminal_or_honor(t); }
constexpr Tile make_tile(Suit s, int number) { return static_cast<Tile>(static_cast<int>(s) * 9 + number - 1); }

constexpr Tile kEast = 27, kSouth = 28, kWest = 29, kNorth = 30, kHaku = 31, kHatsu = 32, kChun = 33;

// Winds as used for seats and rounds: 0 East .. 3 North.
enum class Wind : std::uint8_t { East = 0, South = 1, West = 2, North = 3 };
constexpr Tile wind_tile(Wind w) { return static_cast<Tile>(kEast + static_cast<int>(w)); }

constexpr char suit_letter(Suit s) { return "mpsz"[static_cast<int>(s)]; }

// "5m", "7z"; red fives are written "0m".
std::string tile_name(Tile t, bool red = false);

// The same name as a view of a constant table (no string built; t < kTileKinds).
std::string_view tile_text(Tile t);

// The tile a dora indicator points at (9 -> 1, N -> E, Red -> White). With three
// players 2m-8m are not in the set, so 1m points at 9m and 9m at 1m.
Tile dora_from_indicator(Tile indicator, int players = 4);

// Three-player mahjong (sanma) plays without 2m-8m: 108 tiles.
constexpr bool in_three_player_set(Tile t) { return t == 0 || t >= 8; }

}  // namespace tenbou
