// Hand decomposition: every way to read concealed tiles as sets plus one pair,
// on 34-kind integer counts (no strings, no heap). Shared by every rule family:
// `sets` is 4 for 14-tile games minus declared melds (Riichi, Korean).
#pragma once
#include <array>
#include <cstdint>

#include "tenbou/tiles.hpp"

namespace tenbou {

enum class SetKind : std::uint8_t { Sequence, Triplet, Kan };

struct TileSet {
  SetKind kind;
  Tile tile;  // lowest tile of a sequence, or the repeated tile
  bool contains(Tile t) const { return kind == SetKind::Sequence ? (t >= tile && t <= tile + 2) : t == tile; }
};

// One reading of the concealed tiles: `set_count` sets and one pair.
// No member initializers: Decompositions holds 32 of them per scored hand, and the
// decomposer sets set_count and pair before anything reads them.
struct Decomposition {
  std::array<TileSet, 5> sets;
  std::uint8_t set_count;
  Tile pair;
};

// Upper bound on distinct readings of one hand; a 14-tile hand has far fewer
// (the worst single-suit hands give under 10), so this never truncates.
constexpr int kMaxDecompositions = 32;

struct Decompositions {
  std::array<Decomposition, kMaxDecompositions> items;
  int count = 0;
};

// Every reading of `concealed` as `sets` sets + 1 pair (sets in ascending order,
// duplicates removed). Returns the number found. Up to four sets it reads per-suit tables
// (built on first use); five sets, or a count over 4, go to decompose_by_search.
int decompose_sets_and_pair(const TileCounts& concealed, int sets, Decompositions& out);

// The same readings in the same order by depth-first search (the tables' reference).
int decompose_by_search(const TileCounts& concealed, int sets, Decompositions& out);

// Seven distinct pairs (14 concealed tiles).
bool is_seven_pairs(const TileCounts& concealed);

// Thirteen orphans: one of each terminal and honour plus one duplicate.
bool is_thirteen_orphans(const TileCounts& concealed);

}  // namespace tenbou
