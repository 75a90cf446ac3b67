#include "tenbou/tiles.hpp"

namespace tenbou {

std::string_view tile_text(Tile t) {
  static constexpr char kNames[] =
      "1m2m3m4m5m6m7m8m9m1p2p3p4p5p6p7p8p9p1s2s3s4s5s6s7s8s9s1z2z3z4z5z6z7z";
  return {kNames + 2 * (t < kTileKinds ? t : 0), 2};
}

std::string tile_name(Tile t, bool red) {
  std::string s;
  s += red ? '0' : static_cast<char>('0' + number_of(t));
  s += suit_letter(suit_of(t));
  return s;
}

Tile dora_from_indicator(Tile indicator, int players) {
  if (players == 3 && (indicator == 0 || indicator == 8)) return static_cast<Tile>(8 - indicator);
  if (indicator < 27) {  // numbered suits wrap 9 -> 1
    return static_cast<Tile>(indicator % 9 == 8 ? indicator - 8 : indicator + 1);
  }
  if (indicator <= kNorth) return static_cast<Tile>(indicator == kNorth ? kEast : indicator + 1);
  return static_cast<Tile>(indicator == kChun ? kHaku : indicator + 1);
}

}  // namespace tenbou
