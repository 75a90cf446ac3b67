#include "tenbou/notation.hpp"

#include <array>
#include <cstring>
#include <utility>

#include "core/json_fields.hpp"
#include "tenbou/error.hpp"
#include "core/limits.hpp"

namespace tenbou {
namespace {

// The character starting at text[i], as a message shows it: printable ASCII quoted; a
// whole UTF-8 character quoted with its code point ('Ｍ' U+FF2D); anything else in hex.
std::string describe_char(std::string_view text, std::size_t i) {
  static const char* hex = "0123456789ABCDEF";
  const unsigned char u = static_cast<unsigned char>(text[i]);
  if (u >= 0x20 && u < 0x7f) return std::string("'") + text[i] + "'";
  const int len = u >= 0xF0 && u < 0xF5 ? 4 : u >= 0xE0 ? 3 : u >= 0xC2 && u < 0xE0 ? 2 : 0;
  bool whole = len > 0 && u < 0xF5 && i + len <= text.size();
  std::uint32_t cp = len == 2 ? u & 0x1F : len == 3 ? u & 0x0F : u & 0x07;
  for (int k = 1; whole && k < len; ++k) {
    const unsigned char c = static_cast<unsigned char>(text[i + k]);
    whole = (c & 0xC0) == 0x80;
    cp = (cp << 6) | (c & 0x3F);
  }
  std::string code = "U+";
  for (int shift = cp > 0xFFFF ? 20 : 12; shift >= 0; shift -= 4) code += hex[(cp >> shift) & 15];
  if (whole && cp >= 0x80) return "'" + std::string(text.substr(i, len)) + "' (" + code + ")";
  return std::string("byte 0x") + hex[u >> 4] + hex[u & 15];
}

}  // namespace

namespace notation_detail {

void unknown_character(std::string_view text, std::size_t i, std::string_view field) {
  throw InputError("bad_tile", std::string(field),
                   "unknown character " + describe_char(text, i) + " at position " + std::to_string(i + 1) +
                       " (tiles are digits followed by m, p, s or z)");
}

void suit_without_digits(char suit, std::size_t i, std::string_view field) {
  throw InputError("bad_tile", std::string(field),
                   std::string("suit letter '") + suit + "' at position " + std::to_string(i + 1) +
                       " has no digits before it");
}

void honour_out_of_range(int digit, std::size_t pos, std::string_view field) {
  throw InputError("bad_tile", std::string(field),
                   "no honour tile " + std::to_string(digit) + "z at position " + std::to_string(pos + 1) +
                       " (honours are 1z-7z)");
}

void digits_without_suit(std::string_view text, std::size_t start, std::size_t end, std::string_view field) {
  throw InputError("bad_tile", std::string(field),
                   "digits \"" + echo(text.substr(start, end - start)) + "\" at position " +
                       std::to_string(start + 1) + " have no suit letter");
}

void too_long(std::size_t size, std::string_view field) {
  static_assert(kMaxTileText == 256, "notation.hpp checks the same bound");
  throw InputError("bad_tile", std::string(field),
                   "a tile string of " + std::to_string(size) + " characters; the limit is " + std::to_string(kMaxTileText) +
                       " (README \"Input contract\")");
}

}  // namespace notation_detail

std::vector<ParsedTile> parse_tiles(std::string_view text, std::string_view field) {
  std::vector<ParsedTile> out;
  parse_tiles_each(text, field, [&](ParsedTile t) { out.push_back(t); });
  return out;
}

ParsedTile parse_single_tile_slow(std::string_view text, std::string_view field) {
  ParsedTile first{0, false};
  if ((text.size() == 1 || text.size() == 3) && parse_tile_name(text, first)) return first;  // mjai names
  std::size_t seen = 0;
  const std::size_t n = parse_tiles_each(text, field, [&](ParsedTile t) {
    if (seen++ == 0) first = t;
  });
  if (n != 1)
    throw InputError("bad_tile", std::string(field),
                     "expected exactly one tile, got " + std::to_string(n) + " in '" + echo(text) + "'");
  return first;
}

bool parse_tile_name(std::string_view text, ParsedTile& out) {
  if (text.size() == 1) {
    static constexpr std::string_view kHonours = "ESWNPFC";  // mjai: winds, then white, green, red
    const std::size_t k = kHonours.find(text[0]);
    if (k == std::string_view::npos) return false;
    out = {make_tile(Suit::Honor, static_cast<int>(k) + 1), false};
    return true;
  }
  if (text.size() < 2 || text.size() > 3 || text[0] < '0' || text[0] > '9') return false;
  const int s = text[1] == 'm' ? 0 : text[1] == 'p' ? 1 : text[1] == 's' ? 2 : text[1] == 'z' ? 3 : -1;
  const int digit = text[0] - '0';
  if (s < 0) return false;
  if (text.size() == 3) {  // mjai's red five: "5mr"
    if (text[2] != 'r' || digit != 5 || s == 3) return false;
    out = {make_tile(static_cast<Suit>(s), 5), true};
    return true;
  }
  if (s == 3 && (digit == 0 || digit > 7)) return false;
  out = {make_tile(static_cast<Suit>(s), digit == 0 ? 5 : digit), digit == 0};
  return true;
}

std::string_view TileTextRoom::keep(const char* text, std::size_t size, std::string_view field) {
  // Six tile fields of at most kMaxTileText characters each (hand, win_tile, two indicator
  // lists, own_discards, visible): a request that repeats a key past that is refused.
  constexpr std::size_t kRoom = 6 * kMaxTileText + 16;
  if (!data_) data_.reset(new char[kRoom]);
  if (size > kRoom - used_)
    throw InputError("bad_value", std::string(field), "too many tiles given as arrays in one request");
  char* at = data_.get() + used_;
  if (size) std::memcpy(at, text, size);
  used_ += size;
  return {at, size};
}

namespace {

constexpr std::size_t kMaxArrayTiles = kMaxTileText / 2;  // as many as the longest text holds ("1m2m...")

// Compact text of tiles appended one by one, consecutive tiles of a suit in one group.
struct TileWriter {
  char text[kMaxTileText + 8];
  std::size_t size = 0;
  char last_suit = 0;
  void add(ParsedTile t) {
    const char suit = suit_letter(suit_of(t.tile));
    const char digit = static_cast<char>('0' + (t.red ? 0 : number_of(t.tile)));
    if (size > 0 && last_suit == suit) {
      text[size - 1] = digit;
    } else {
      text[size++] = digit;
    }
    text[size++] = suit;
    last_suit = suit;
  }
};

std::string item_field(std::string_view field, std::size_t i) {
  return std::string(field) + "[" + std::to_string(i) + "]";
}

[[noreturn]] void not_a_tile_id(const ValueView& v, const std::string& field) {
  const std::string got = v.kind() == ValueView::Kind::Int ? std::to_string(v.as_int()) : echo(v.as_string());
  throw InputError("bad_value", field, got + " is not a tile id (ids are 0-135, four per kind: 0-3 1m, 4-7 2m ... 132-135 7z)");
}

// A 136 id (0-135): the kind is id / 4; 16, 52 and 88 are the red fives when `reds`.
ParsedTile tile_of_id(const ValueView& v, const std::string& field, bool reds) {
  if (v.kind() != ValueView::Kind::Int) not_a_tile_id(v, field);
  const std::int64_t id = v.as_int();
  if (id < 0 || id > 135) not_a_tile_id(v, field);
  return {static_cast<Tile>(id / 4), reds && (id == 16 || id == 52 || id == 88)};
}

ParsedTile tile_of_name(std::string_view s, const std::string& field) {
  ParsedTile t{0, false};
  if (parse_tile_name(s, t)) return t;
  std::size_t digits = 0;
  while (digits < s.size() && s[digits] >= '0' && s[digits] <= '9') ++digits;
  if (digits > 1 && digits + 1 == s.size())
    throw InputError("bad_tile", field, "'" + echo(s) + "' is " + std::to_string(digits) +
                                            " tiles: an array holds one tile per item (or give the whole hand as one string)");
  throw InputError("bad_tile", field,
                   "'" + echo(s) + "' is not a tile name (1m-9m, 1p-9p, 1s-9s, 1z-7z; red 0m or 5mr; E S W N P F C)");
}

}  // namespace

std::string_view tiles_text_of(const ValueView& v, std::string_view field, TileTextRoom& room, TileForm form) {
  TileWriter out;
  const ValueView::Kind kind = v.kind();
  if (form.one && (kind == ValueView::Kind::Int || kind == ValueView::Kind::BigInt)) {
    out.add(tile_of_id(v, std::string(field), form.reds));
    return room.keep(out.text, out.size, field);
  }
  if (kind != ValueView::Kind::Array)
    throw InputError("bad_type", std::string(field),
                     (form.one ? "must be a tile (\"5m\", \"5mr\", \"E\") or a tile id (0-135), not "
                               : "must be a string of tiles or an array of tiles (names, 136 ids or 34 counts), not ") +
                         type_phrase(v));
  if (form.one) throw InputError("bad_type", std::string(field), "must be one tile (a name or an id), not an array");
  const std::size_t n = v.size();
  if (n > kMaxArrayTiles)
    throw InputError("bad_value", std::string(field),
                     "an array of " + std::to_string(n) + " tiles; the limit is " + std::to_string(kMaxArrayTiles) +
                         " (README \"Input contract\")");
  bool counts = false;  // exactly 34 integers: a count per kind
  if (n == 34)
    v.each_item([&](std::size_t i, const ValueView& item) {
      if (i == 0) counts = item.kind() == ValueView::Kind::Int;
    });
  std::uint64_t ids_seen[3] = {0, 0, 0};
  v.each_item([&](std::size_t i, const ValueView& item) {
    if (i >= n) return;
    const ValueView::Kind k = item.kind();
    if (counts) {
      const std::int64_t c = k == ValueView::Kind::Int ? item.as_int() : -1;
      if (c < 0 || c > 4)
        throw InputError(k == ValueView::Kind::Int ? "bad_value" : "bad_type", item_field(field, i),
                         (k == ValueView::Kind::Int ? std::to_string(c) : type_phrase(item)) +
                             " is not a count of " + tile_name(static_cast<Tile>(i)) +
                             ": an array of 34 integers is the count of each kind, 1m..7z, 0 to 4 each");
      for (std::int64_t j = 0; j < c; ++j) out.add({static_cast<Tile>(i), false});
      return;
    }
    if (k == ValueView::Kind::String) {
      out.add(tile_of_name(item.as_string(), item_field(field, i)));
    } else if (k == ValueView::Kind::Int || k == ValueView::Kind::BigInt) {
      const std::string at = item_field(field, i);
      const ParsedTile t = tile_of_id(item, at, form.reds);
      const auto id = static_cast<unsigned>(item.as_int());
      if (ids_seen[id / 64] >> (id % 64) & 1)
        throw InputError("bad_value", at, "tile id " + std::to_string(id) + " given twice (an id is one physical tile)");
      ids_seen[id / 64] |= std::uint64_t{1} << (id % 64);
      out.add(t);
    } else {
      throw InputError("bad_type", item_field(field, i),
                       "must be a tile name (\"1m\", \"5mr\", \"E\") or a tile id (0-135), not " + type_phrase(item));
    }
  });
  return room.keep(out.text, out.size, field);
}

std::vector<ParsedTile> read_tiles(const ValueView& v, std::string_view field, TileForm form) {
  TileTextRoom room;
  return parse_tiles(tile_field(v, field, room, form), field);
}

std::uint8_t parse_flowers(std::string_view text, std::string_view field, int max_flower) {
  std::uint8_t bits = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == ' ') continue;
    if (text[i] != 'f' || i + 1 >= text.size() || text[i + 1] < '0' || text[i + 1] > '9')
      throw InputError("bad_flower", std::string(field),
                       "unexpected " + describe_char(text, i) + " at position " + std::to_string(i + 1) +
                           " (flowers are written f1 to f" + std::to_string(max_flower) + ", e.g. \"f1f3\")");
    const int n = text[i + 1] - '0';
    if (i + 2 < text.size() && text[i + 2] >= '0' && text[i + 2] <= '9')
      throw InputError("bad_flower", std::string(field), "flower number at position " + std::to_string(i + 2) +
                                                " has more than one digit (write each flower as fN)");
    if (n < 1 || n > max_flower)
      throw InputError("bad_flower", std::string(field),
                       "no flower f" + std::to_string(n) + " at position " + std::to_string(i + 1) + ": these rules have " +
                           std::to_string(max_flower) + " flowers, f1 to f" + std::to_string(max_flower));
    if (bits & (1u << (n - 1)))
      throw InputError("duplicate_flower", std::string(field),
                       "flower f" + std::to_string(n) + " given twice (position " + std::to_string(i + 1) +
                           "): there is one of each flower");
    bits = static_cast<std::uint8_t>(bits | (1u << (n - 1)));
    ++i;
  }
  return bits;
}

std::string flowers_text(std::uint8_t flowers) {
  std::string s;
  for (int k = 0; k < 8; ++k)
    if (flowers & (1u << k)) s += "f" + std::to_string(k + 1);
  return s;
}

std::string_view meld_kind_name(MeldKind kind) {
  switch (kind) {
    case MeldKind::Chi: return "chi";
    case MeldKind::Pon: return "pon";
    case MeldKind::Kan: return "kan";
    case MeldKind::Kakan: return "kakan";
    case MeldKind::Ankan: return "ankan";
  }
  return "?";
}

Meld parse_meld(std::string_view text, std::string_view field) {
  auto colon = text.find(':');
  if (colon == std::string_view::npos)
    throw InputError("bad_meld", std::string(field),
                     "meld '" + echo(text) + "' must be KIND:TILES with KIND chi, pon, kan, kakan or ankan");
  std::string_view kind_text = text.substr(0, colon);
  MeldKind kind;
  if (is(kind_text, "chi")) kind = MeldKind::Chi;
  else if (is(kind_text, "pon")) kind = MeldKind::Pon;
  else if (is(kind_text, "kan")) kind = MeldKind::Kan;
  else if (is(kind_text, "kakan")) kind = MeldKind::Kakan;
  else if (is(kind_text, "ankan")) kind = MeldKind::Ankan;
  else
    throw InputError("bad_meld", std::string(field),
                     "unknown meld kind '" + std::string(kind_text) + "' (chi, pon, kan, kakan or ankan)");
  Meld meld{kind, 0, 0};
  const std::size_t want = (kind == MeldKind::Chi || kind == MeldKind::Pon) ? 3 : 4;
  std::array<Tile, 4> kinds{};
  std::size_t n = 0;
  const std::size_t got = parse_tiles_each(text.substr(colon + 1), field, [&](ParsedTile t) {
    if (n < kinds.size()) kinds[n++] = t.tile;
    meld.reds = static_cast<std::uint8_t>(meld.reds + t.red);
  });
  if (got != want)
    throw InputError("bad_meld", std::string(field),
                     std::string(meld_kind_name(kind)) + " needs " + std::to_string(want) + " tiles, got " +
                         std::to_string(got) + " in '" + echo(text) + "'");
  for (std::size_t i = 1; i < want; ++i)  // insertion sort of 3-4 tiles
    for (std::size_t j = i; j > 0 && kinds[j] < kinds[j - 1]; --j) std::swap(kinds[j], kinds[j - 1]);
  if (kind == MeldKind::Chi) {
    bool ok = !is_honor(kinds[0]) && kinds[1] == kinds[0] + 1 && kinds[2] == kinds[0] + 2 &&
              suit_of(kinds[0]) == suit_of(kinds[2]);
    if (!ok)
      throw InputError("bad_meld", std::string(field),
                       "chi '" + echo(text) + "' is not three consecutive tiles of one numbered suit");
  } else {
    if (kinds[0] != kinds[want - 1])
      throw InputError("bad_meld", std::string(field),
                       std::string(meld_kind_name(kind)) + " '" + echo(text) + "' needs " +
                           std::to_string(want) + " identical tiles");
  }
  if (meld.reds > 1)
    throw InputError("bad_meld", std::string(field), "meld '" + echo(text) + "' has more than one red five");
  meld.tile = kinds[0];  // kinds[want - 1] is the highest
  return meld;
}

std::string meld_text(const Meld& meld) {
  std::string s(meld_kind_name(meld.kind));
  s += ':';
  int reds = meld.reds;
  for (int i = 0; i < meld.size(); ++i) {
    Tile t = meld.kind == MeldKind::Chi ? static_cast<Tile>(meld.tile + i) : meld.tile;
    bool red = reds > 0 && number_of(t) == 5 && !is_honor(t);
    if (red) --reds;
    s += red ? '0' : static_cast<char>('0' + number_of(t));
  }
  s += suit_letter(suit_of(meld.tile));
  return s;
}

}  // namespace tenbou
