// TileAllocator (events.hpp): physical ids for tiles a record names by kind.
#include "records/events.hpp"

namespace tenbou::records {

TileId TileAllocator::take(int kind, bool red, bool red_fives) {
  if (kind < 0 || kind >= 34) return kNoTile;
  std::uint8_t& used = used_[static_cast<std::size_t>(kind)];
  const bool five = kind < 27 && kind % 9 == 4;
  if (red) {  // the red five is copy 0 of its suit's five
    if (!five || !red_fives || (used & 1)) return kNoTile;
    used |= 1;
    return static_cast<TileId>(kind * 4);
  }
  // A plain five takes copies 1-3 first when the game has red fives (copy 0 is the red one).
  const int first = five && red_fives ? 1 : 0;
  for (int c = first; c < 4; ++c) {
    if (!(used & (1u << c))) {
      used |= static_cast<std::uint8_t>(1u << c);
      return static_cast<TileId>(kind * 4 + c);
    }
  }
  return kNoTile;
}

void TileAllocator::give_back(TileId id) {
  if (id >= kTileIds) return;
  used_[id / 4] &= static_cast<std::uint8_t>(~(1u << (id % 4)));
}

const char* outcome_name(const RecordedHandEnd& r) {
  if (!r.wins.empty()) return "win";
  switch (r.draw.kind) {
    case DrawKind::Exhaustive: return "draw";
    case DrawKind::NagashiMangan: return "nagashi_mangan";
    default: return "abortive";
  }
}

}  // namespace tenbou::records
