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

namespace notation_detail {
// The error paths of parse_tiles_each (out of line: only the happy path is inlined).
[[noreturn]] void unknown_character(std::string_view text, std::size_t i, std::string_view field);
[[noreturn]] void suit_without_digits(char suit, std::size_t i, std::string_view field);
[[noreturn]] void honour_out_of_range(int digit, std::size_t pos, std::string_view field);
[[noreturn]] void digits_without_suit(std::string_view text, std::size_t start, std::size_t end, std::string_view field);
[[noreturn]] void too_long(std::size_t size, std::string_view field);
}  // namespace notation_detail

// Parses a tile string, calling `each(ParsedTile)` per tile in written order;
// throws InputError(reason "bad_tile") naming `field` and the 1-based character
// position of the fault. Spaces are allowed between groups. Returns the tile count.
template <typename Each>
std::size_t parse_tiles_each(std::string_view text, std::string_view field, Each&& each) {
  if (text.size() > 256) notation_detail::too_long(text.size(), field);  // kMaxTileText (limits.hpp)
  std::size_t count = 0;
  std::size_t pending_first = 0, pending_count = 0;  // digits waiting for their suit letter
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c >= '0' && c <= '9') {
      if (pending_count == 0) pending_first = i;
      ++pending_count;
      continue;
    }
    if (c == ' ') {
      if (pending_count) notation_detail::digits_without_suit(text, pending_first, i, field);
      continue;
    }
    const int s = c == 'm' ? 0 : c == 'p' ? 1 : c == 's' ? 2 : c == 'z' ? 3 : -1;
    if (s < 0) notation_detail::unknown_character(text, i, field);
    if (pending_count == 0) notation_detail::suit_without_digits(c, i, field);
    for (std::size_t pos = pending_first; pos < pending_first + pending_count; ++pos) {
      const int digit = text[pos] - '0';
      if (s == 3 && (digit == 0 || digit > 7)) notation_detail::honour_out_of_range(digit, pos, field);
      const bool red = digit == 0;
      each(ParsedTile{make_tile(static_cast<Suit>(s), red ? 5 : digit), red});
      ++count;
    }
    pending_count = 0;
  }
  if (pending_count) notation_detail::digits_without_suit(text, pending_first, text.size(), field);
  return count;
}

// The same, collected into a vector.
std::vector<ParsedTile> parse_tiles(std::string_view text, std::string_view field);

// Parses exactly one tile ("5m", "0p", "7z").
ParsedTile parse_single_tile(std::string_view text, std::string_view field);

// Flower tiles written "f1f3" (or "f1 f3"), each f1..f<max_flower>: Korean
// mahjong has 4 (춘하추동), Hong Kong-Taiwan 8. Returns bit k-1 for flower fk.
// Throws InputError "bad_flower" (unknown text, a flower number past the set)
// or "duplicate_flower" (the same flower twice: there is one of each).
std::uint8_t parse_flowers(std::string_view text, std::string_view field, int max_flower);

// "f1f3" for a flower bit set.
std::string flowers_text(std::uint8_t flowers);

enum class MeldKind : std::uint8_t { Chi, Pon, Kan, Kakan, Ankan };
std::string_view meld_kind_name(MeldKind kind);

struct Meld {
  MeldKind kind;
  Tile tile;             // lowest tile (chi) or the repeated tile
  std::uint8_t reds;     // red fives among the meld's tiles
  bool is_open() const { return kind != MeldKind::Ankan; }
  bool is_kan() const { return kind == MeldKind::Kan || kind == MeldKind::Kakan || kind == MeldKind::Ankan; }
  int size() const { return is_kan() ? 4 : 3; }
};

// Whether none of `melds` was called (a closed kan is not a call), and how many are kans:
// what every family's request asks of its melds.
template <typename Melds>
bool no_called_meld(const Melds& melds) {
  for (const Meld& m : melds)
    if (m.is_open()) return false;
  return true;
}
template <typename Melds>
int kan_count_of(const Melds& melds) {
  int n = 0;
  for (const Meld& m : melds) n += m.is_kan();
  return n;
}

// Parses "KIND:TILES" and checks the tiles form that meld (throws "bad_meld").
Meld parse_meld(std::string_view text, std::string_view field);

// Canonical text of a meld, e.g. "pon:777z", "chi:406m" (red five written 0).
std::string meld_text(const Meld& meld);

}  // namespace tenbou
