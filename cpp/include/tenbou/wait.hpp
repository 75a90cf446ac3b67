// Waits: which shape the winning tile completed, shared by every rule family.
#pragma once
#include <cstdint>

#include "tenbou/decompose.hpp"
#include "tenbou/tiles.hpp"

namespace tenbou {

enum class Wait : std::uint8_t { Ryanmen, Kanchan, Penchan, Shanpon, Tanki, Kokushi13, None };
const char* wait_name(Wait wait);

// The wait of a sequence starting at `start` completed by `win`:
// 3 in 123 and 7 in 789 are penchan, the middle tile kanchan, else ryanmen.
constexpr Wait wait_for_sequence(Tile start, Tile win) {
  if (win == start + 1) return Wait::Kanchan;
  const int n = start % 9;  // 0 = 123, 6 = 789
  if ((win == start + 2 && n == 0) || (win == start && n == 6)) return Wait::Penchan;
  return Wait::Ryanmen;
}

// Calls `each(set_index, wait)` once per distinct place the winning tile can take
// in a reading: -1 for the pair (tanki), else the index of the set it completed.
// Two identical sets are one placement. seed 000: a nobetan is read as two
// readings, each a tanki or a sequence wait, and the best one is kept.
template <typename Each>
void for_each_win_placement(const Decomposition& d, Tile win, Each&& each) {
  if (d.pair == win) each(-1, Wait::Tanki);
  for (int i = 0; i < d.set_count; ++i) {
    const TileSet& s = d.sets[i];
    if (!s.contains(win)) continue;
    if (i > 0 && d.sets[i - 1].kind == s.kind && d.sets[i - 1].tile == s.tile) continue;
    each(i, s.kind == SetKind::Sequence ? wait_for_sequence(s.tile, win) : Wait::Shanpon);
  }
}

}  // namespace tenbou
