// Fu: seed 000 section 3.1, seed 001, seed 003 (table "부의 요소").
#include "riichi/riichi_hand.hpp"

namespace tenbou {

int count_fu(const RiichiRequest& r, const HandFacts& f, const Reading& rd, const YakuOutcome& y,
             SmallList<FuItem, 12>& items) {
  if (r.method == Method::HanOnly || rd.shape != Shape::Standard) {  // (one test on the common path)
    items.count = 0;
    if (r.method == Method::HanOnly) {
      items.push({FuKey::HanOnly, 30, kNoTile});  // seed 000 section 2: fu ignored, "30부 고정인 셈"
      return 30;
    }
    if (rd.shape == Shape::ThirteenOrphans && r.method == Method::Aotenjo) {
      // seed 000 section 4: "국사무쌍을 치토이츠에 준하여 13판 25부로 ... 13판 30부로"
      items.push({FuKey::KokushiAotenjo, static_cast<std::uint8_t>(r.rules.aotenjo_kokushi_fu), kNoTile});
      return r.rules.aotenjo_kokushi_fu;
    }
    if (rd.shape == Shape::SevenPairs) {
      items.push({FuKey::Chiitoitsu, 25, kNoTile});  // seed 000: 25부 고정, no other fu, no rounding
      return 25;
    }
    return 0;  // thirteen orphans: a yakuman with no fu (Tenhou reports 0)
  }

  // The items are written through a local count (pushes through the list reload its count:
  // the items' bytes may alias it).
  FuItem* const item = items.items.data();
  item[0] = {FuKey::Base, 20, kNoTile};
  int n = 1;
  if (r.tsumo && y.pinfu_shape) {  // seed 000: 쯔모 +2 except with pinfu
    items.count = n;
    return 20;
  }
  const bool closed = f.closed;
  int fu = 20;
  auto add = [&](FuKey key, int value, Tile tile) {
    item[n++] = {key, static_cast<std::uint8_t>(value), tile};
    fu += value;
  };
  if (closed && !r.tsumo) add(FuKey::ClosedRon, 10, kNoTile);
  if (r.tsumo) add(FuKey::Tsumo, 2, kNoTile);
  switch (rd.wait) {
    case Wait::Kanchan: add(FuKey::WaitKanchan, 2, kNoTile); break;
    case Wait::Penchan: add(FuKey::WaitPenchan, 2, kNoTile); break;
    case Wait::Tanki: add(FuKey::WaitTanki, 2, kNoTile); break;  // nobetan is read as tanki
    default: break;
  }
  const Tile seat = wind_tile(r.seat_wind), round = wind_tile(r.round_wind);
  if (is_dragon(rd.pair)) {
    add(FuKey::PairDragon, 2, rd.pair);
  } else if (rd.pair == seat && rd.pair == round) {
    // seed 000: "연풍패: +4부 (4부가 일반적이지만 2부로 보는곳도 있는편)"
    if (r.rules.double_wind_fu == 4) {
      add(FuKey::PairSeatWind, 2, rd.pair);
      add(FuKey::PairRoundWind, 2, rd.pair);
    } else {
      add(FuKey::PairDoubleWind, 2, rd.pair);
    }
  } else if (rd.pair == seat) {
    add(FuKey::PairSeatWind, 2, rd.pair);
  } else if (rd.pair == round) {
    add(FuKey::PairRoundWind, 2, rd.pair);
  } else if (rd.pair == kNorth && r.players == 3 && r.rules.north_value) {
    add(FuKey::PairNorthWind, 2, rd.pair);  // three-player house option north_value
  }
  // The concealed sets in reading order, then the melds' items (the same in every reading).
  const Decomposition& d = *rd.concealed;
  for (int i = 0; i < d.set_count; ++i) {
    if (d.sets[i].kind == SetKind::Sequence) continue;
    const FuItem it = set_fu(SetKind::Triplet, rd.open(i, r.tsumo), d.sets[i].tile);
    item[n++] = it;
    fu += it.fu;
  }
  for (const FuItem& it : f.meld_fu_items) item[n++] = it;
  fu += f.meld_fu;
  // Kuipinfu: an open hand with nothing beyond 20 fu (seed 003: 30부로 취급;
  // seed 001: only at 1 han; seed 000: some houses never raise it).
  const OpenPinfuFu rule = r.rules.open_pinfu_fu;
  if (fu == 20 && !closed && (rule == OpenPinfuFu::Always30 || (rule == OpenPinfuFu::OneHanOnly && y.han == 1)))
    add(FuKey::OpenPinfu, 10, kNoTile);
  items.count = n;
  return (fu + 9) / 10 * 10;
}

}  // namespace tenbou
