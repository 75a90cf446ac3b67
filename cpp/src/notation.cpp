#include "tenbou/notation.hpp"

#include <algorithm>

#include "tenbou/error.hpp"

namespace tenbou {
namespace {

std::string describe_char(char c) {
  unsigned char u = static_cast<unsigned char>(c);
  if (u >= 0x20 && u < 0x7f) return std::string("'") + c + "'";
  char buf[8];
  static const char* hex = "0123456789abcdef";
  buf[0] = '0'; buf[1] = 'x'; buf[2] = hex[u >> 4]; buf[3] = hex[u & 15]; buf[4] = 0;
  return buf;
}

int suit_index(char c) {
  switch (c) {
    case 'm': return 0;
    case 'p': return 1;
    case 's': return 2;
    case 'z': return 3;
    default: return -1;
  }
}

[[noreturn]] void throw_suitless(std::string_view text, std::size_t start, std::size_t end, const std::string& field) {
  throw InputError("bad_tile", field,
                   "digits \"" + std::string(text.substr(start, end - start)) + "\" at position " +
                       std::to_string(start + 1) + " have no suit letter");
}

}  // namespace

std::vector<ParsedTile> parse_tiles(std::string_view text, const std::string& field) {
  std::vector<ParsedTile> out;
  out.reserve(text.size());
  std::size_t pending_start = 0;  // where the digits waiting for a suit begin
  std::vector<std::pair<int, std::size_t>> pending;  // digit, position
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c >= '0' && c <= '9') {
      if (pending.empty()) pending_start = i;
      pending.emplace_back(c - '0', i);
      continue;
    }
    if (c == ' ') {
      if (!pending.empty()) throw_suitless(text, pending_start, i, field);
      continue;
    }
    int s = suit_index(c);
    if (s < 0)
      throw InputError("bad_tile", field,
                       "unknown character " + describe_char(c) + " at position " + std::to_string(i + 1) +
                           " (tiles are digits followed by m, p, s or z)");
    if (pending.empty())
      throw InputError("bad_tile", field,
                       std::string("suit letter '") + c + "' at position " + std::to_string(i + 1) +
                           " has no digits before it");
    for (auto [digit, pos] : pending) {
      if (s == 3 && (digit == 0 || digit > 7))
        throw InputError("bad_tile", field,
                         "no honour tile " + std::to_string(digit) + "z at position " + std::to_string(pos + 1) +
                             " (honours are 1z-7z)");
      bool red = digit == 0;
      out.push_back({make_tile(static_cast<Suit>(s), red ? 5 : digit), red});
    }
    pending.clear();
  }
  if (!pending.empty()) throw_suitless(text, pending_start, text.size(), field);
  return out;
}

ParsedTile parse_single_tile(std::string_view text, const std::string& field) {
  auto tiles = parse_tiles(text, field);
  if (tiles.size() != 1)
    throw InputError("bad_tile", field,
                     "expected exactly one tile, got " + std::to_string(tiles.size()) + " in '" + std::string(text) +
                         "'");
  return tiles[0];
}

const char* meld_kind_name(MeldKind kind) {
  switch (kind) {
    case MeldKind::Chi: return "chi";
    case MeldKind::Pon: return "pon";
    case MeldKind::Kan: return "kan";
    case MeldKind::Kakan: return "kakan";
    case MeldKind::Ankan: return "ankan";
  }
  return "?";
}

Meld parse_meld(std::string_view text, const std::string& field) {
  auto colon = text.find(':');
  if (colon == std::string_view::npos)
    throw InputError("bad_meld", field,
                     "meld '" + std::string(text) + "' must be KIND:TILES with KIND chi, pon, kan, kakan or ankan");
  std::string_view kind_text = text.substr(0, colon);
  MeldKind kind;
  if (kind_text == "chi") kind = MeldKind::Chi;
  else if (kind_text == "pon") kind = MeldKind::Pon;
  else if (kind_text == "kan") kind = MeldKind::Kan;
  else if (kind_text == "kakan") kind = MeldKind::Kakan;
  else if (kind_text == "ankan") kind = MeldKind::Ankan;
  else
    throw InputError("bad_meld", field,
                     "unknown meld kind '" + std::string(kind_text) + "' (chi, pon, kan, kakan or ankan)");
  auto tiles = parse_tiles(text.substr(colon + 1), field);
  Meld meld{kind, 0, 0};
  const std::size_t want = (kind == MeldKind::Chi || kind == MeldKind::Pon) ? 3 : 4;
  if (tiles.size() != want)
    throw InputError("bad_meld", field,
                     std::string(meld_kind_name(kind)) + " needs " + std::to_string(want) + " tiles, got " +
                         std::to_string(tiles.size()) + " in '" + std::string(text) + "'");
  std::vector<Tile> kinds;
  for (auto& t : tiles) {
    kinds.push_back(t.tile);
    meld.reds += t.red;
  }
  std::sort(kinds.begin(), kinds.end());
  if (kind == MeldKind::Chi) {
    bool ok = !is_honor(kinds[0]) && kinds[1] == kinds[0] + 1 && kinds[2] == kinds[0] + 2 &&
              suit_of(kinds[0]) == suit_of(kinds[2]);
    if (!ok)
      throw InputError("bad_meld", field,
                       "chi '" + std::string(text) + "' is not three consecutive tiles of one numbered suit");
  } else {
    if (kinds.front() != kinds.back())
      throw InputError("bad_meld", field,
                       std::string(meld_kind_name(kind)) + " '" + std::string(text) + "' needs " +
                           std::to_string(want) + " identical tiles");
  }
  if (meld.reds > 1)
    throw InputError("bad_meld", field, "meld '" + std::string(text) + "' has more than one red five");
  meld.tile = kinds[0];
  return meld;
}

std::string meld_text(const Meld& meld) {
  std::string s = meld_kind_name(meld.kind);
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
