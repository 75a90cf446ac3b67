// Parsing the compact tile notation of contract.md ("123m456p0s11z", "1m2m3m")
// and meld strings ("chi:456m", "pon:777z", "kan:1111p", "kakan:5505m", "ankan:9999s").
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "tenbou/tiles.hpp"
#include "tenbou/value_view.hpp"

namespace tenbou {

struct ParsedTile {
  Tile tile;
  bool red;  // written as 0m/0p/0s
};

// Parses a tile string, calling `each` per tile in written order; throws
// InputError(reason "bad_tile") naming `field` and the 1-based character position
// of the fault. Spaces are allowed between groups. Returns the tile count.
std::size_t parse_tiles_each(std::string_view text, const std::string& field, FunctionRef<void(ParsedTile)> each);

// The same, collected into a vector.
std::vector<ParsedTile> parse_tiles(std::string_view text, const std::string& field);

// Parses exactly one tile ("5m", "0p", "7z").
ParsedTile parse_single_tile(std::string_view text, const std::string& field);

enum class MeldKind : std::uint8_t { Chi, Pon, Kan, Kakan, Ankan };
const char* meld_kind_name(MeldKind kind);

struct Meld {
  MeldKind kind;
  Tile tile;             // lowest tile (chi) or the repeated tile
  std::uint8_t reds;     // red fives among the meld's tiles
  bool is_open() const { return kind != MeldKind::Ankan; }
  bool is_kan() const { return kind == MeldKind::Kan || kind == MeldKind::Kakan || kind == MeldKind::Ankan; }
  int size() const { return is_kan() ? 4 : 3; }
};

// Parses "KIND:TILES" and checks the tiles form that meld (throws "bad_meld").
Meld parse_meld(std::string_view text, const std::string& field);

// Canonical text of a meld, e.g. "pon:777z", "chi:406m" (red five written 0).
std::string meld_text(const Meld& meld);

}  // namespace tenbou
