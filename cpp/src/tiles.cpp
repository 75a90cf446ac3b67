#include "tenbou/tiles.hpp"

namespace tenbou {

std::string tile_name(Tile t, bool red) {
  std::string s;
  s += red ? '0' : static_cast<char>('0' + number_of(t));
  s += suit_letter(suit_of(t));
  return s;
}

Tile dora_from_indicator(Tile indicator) {
  if (indicator < 27) {  // numbered suits wrap 9 -> 1
    return static_cast<Tile>(indicator % 9 == 8 ? indicator - 8 : indicator + 1);
  }
  if (indicator <= kNorth) return static_cast<Tile>(indicator == kNorth ? kEast : indicator + 1);
  return static_cast<Tile>(indicator == kChun ? kHaku : indicator + 1);
}

}  // namespace tenbou
