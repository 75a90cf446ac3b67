// Parsing the compact tile notation of contract.md ("123m456p0s11z", "1m2m3m")
// and meld strings ("chi:456m", "pon:777z", "kan:1111p", "kakan:5505m", "ankan:9999s").
#pragma once
#include <memory>
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

// What each byte of a tile text is: a digit (its value), a suit letter, a space, or neither.
enum CharClass : std::uint8_t { kSuitM = 10, kSuitP, kSuitS, kSuitZ, kSpace, kOther };
struct CharClasses {
  std::uint8_t of[256];
  Tile tile[4][10];  // the tile a digit names in each suit (0: the red five); kNoTile for 0z, 8z, 9z
  constexpr CharClasses() : of(), tile() {
    for (int c = 0; c < 256; ++c) of[c] = kOther;
    for (int d = 0; d <= 9; ++d) of['0' + d] = static_cast<std::uint8_t>(d);
    of[static_cast<unsigned char>('m')] = kSuitM;
    of[static_cast<unsigned char>('p')] = kSuitP;
    of[static_cast<unsigned char>('s')] = kSuitS;
    of[static_cast<unsigned char>('z')] = kSuitZ;
    of[static_cast<unsigned char>(' ')] = kSpace;
    for (int s = 0; s < 4; ++s)
      for (int d = 0; d <= 9; ++d)
        tile[s][d] = s == 3 && (d == 0 || d > 7) ? kNoTile : static_cast<Tile>(s * 9 + (d == 0 ? 4 : d - 1));
  }
};
inline constexpr CharClasses kChars{};
}  // namespace notation_detail

// Parses a tile string, calling `each(ParsedTile)` per tile in written order;
// throws InputError(reason "bad_tile") naming `field` and the 1-based character
// position of the fault. Spaces are allowed between groups. Returns the tile count.
template <typename Each>
std::size_t parse_tiles_each(std::string_view text, std::string_view field, Each&& each) {
  using namespace notation_detail;
  if (text.size() > 256) too_long(text.size(), field);  // kMaxTileText (limits.hpp)
  const auto* const p = reinterpret_cast<const unsigned char*>(text.data());
  const std::size_t n = text.size();
  std::size_t count = 0, i = 0;
  // A group at a time: its digits, then the suit letter that ends it. The faults are found in
  // written order, as a character-by-character reading finds them.
  while (i < n) {
    std::uint8_t k = kChars.of[p[i]];
    if (k == kSpace) {  // between groups only: a space after digits is caught below
      ++i;
      continue;
    }
    std::size_t j = i;
    while (k <= 9) {
      if (++j == n) digits_without_suit(text, i, n, field);
      k = kChars.of[p[j]];
    }
    if (k == kSpace) digits_without_suit(text, i, j, field);
    if (k == kOther) unknown_character(text, j, field);
    if (j == i) suit_without_digits(text[j], j, field);
    const Tile* tiles = kChars.tile[k - kSuitM];
    for (std::size_t pos = i; pos < j; ++pos) {
      const int digit = p[pos] - '0';
      const Tile t = tiles[digit];
      if (t == kNoTile) honour_out_of_range(digit, pos, field);
      each(ParsedTile{t, digit == 0});  // 0m/0p/0s: the red five
    }
    count += j - i;
    i = j + 1;
  }
  return count;
}

// The same, collected into a vector.
std::vector<ParsedTile> parse_tiles(std::string_view text, std::string_view field);

// parse_single_tile's whole reading: mjai names, anything unusual, every fault.
ParsedTile parse_single_tile_slow(std::string_view text, std::string_view field);
// Parses exactly one tile ("5m", "0p", "7z", or an mjai name: "5mr", "E", "P").
inline ParsedTile parse_single_tile(std::string_view text, std::string_view field) {
  using namespace notation_detail;
  if (text.size() == 2) {  // the common "5m" read here; anything else, and every fault, below
    const std::uint8_t digit = kChars.of[static_cast<unsigned char>(text[0])];
    const std::uint8_t suit = kChars.of[static_cast<unsigned char>(text[1])];
    if (digit <= 9 && suit >= kSuitM && suit <= kSuitZ) {
      const Tile t = kChars.tile[suit - kSuitM][digit];
      if (t != kNoTile) return {t, digit == 0};
    }
  }
  return parse_single_tile_slow(text, field);
}

// One tile written as a name: compact ("1m", "0m" red, "7z"), or mjai's ("5mr", "5pr",
// "5sr" red fives; "E" "S" "W" "N" winds, "P" "F" "C" white, green, red dragons).
bool parse_tile_name(std::string_view text, ParsedTile& out);

// Tile fields in another form than a string (docs/hands.md): an array of tile names, of
// 136 tile ids (id / 4 is the kind; 16, 52 and 88 are the red fives: the convention of the
// `mahjong` package, mahjong/constants.py FIVE_RED_MAN/PIN/SOU, and of Tenhou's logs), or of
// 34 counts (an array of exactly 34 integers, one per kind 1m..7z); a single tile field
// (win_tile) also takes one tile id. The readers write such a value as compact text into a
// TileTextRoom and read that text as if it had been sent, so every form gets the same checks
// and the same messages, and the string path is unchanged.
class TileTextRoom {
 public:
  TileTextRoom() = default;
  // A room is per request being read: a copy starts empty (views point into the original),
  // assigning one (a reader's reset) empties it and keeps the memory.
  TileTextRoom(const TileTextRoom&) noexcept {}
  TileTextRoom& operator=(const TileTextRoom&) noexcept {
    used_ = 0;
    return *this;
  }
  // Copies `text` into the room; the view stays valid until the room is reset.
  std::string_view keep(const char* text, std::size_t size, std::string_view field);

 private:
  std::unique_ptr<char[]> data_;  // allocated on first use: a request of strings never touches it
  std::size_t used_ = 0;
};

struct TileForm {
  bool reds = true;  // 136 ids 16, 52, 88 read as red fives (false: plain fives, for rules without reds)
  bool one = false;  // a single tile (win_tile): an integer is one tile id
};

// The text of a tile field that is not a string (out of line: only strings are common).
std::string_view tiles_text_of(const ValueView& v, std::string_view field, TileTextRoom& room, TileForm form);

// The tiles of any accepted form (a string, names, ids, counts) in written order: what a
// front end's converters (tenbou.tiles) read through; errors as the request readers give them.
std::vector<ParsedTile> read_tiles(const ValueView& v, std::string_view field, TileForm form = {});

// A tile field's text: a string as it is, any other form converted (above).
template <typename V, typename Field>
inline std::string_view tile_field(const V& v, const Field& field, TileTextRoom& room, TileForm form = {}) {
  if (v.kind() == ValueView::Kind::String) return v.as_string();
  return tiles_text_of(v, std::string_view(field), room, form);
}

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
