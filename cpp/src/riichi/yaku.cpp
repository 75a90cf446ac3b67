// Where every Riichi yaku is decided. Values come from kYakuTable
// (yaku_table.hpp); this file only says when each one applies.
#include <array>
#include <initializer_list>

#include "riichi/riichi_hand.hpp"

namespace tenbou {

namespace {

// Ryuuiisou tiles: 2 3 4 6 8 sou and the green dragon (the other tile classes: tiles.hpp).
constexpr std::uint64_t kGreen = tile_bits({19, 20, 21, 23, 25, kHatsu});

// dora_from_indicator as tables (a call per indicator per reading was ~2% of a hand):
// [0] four players, [1] three (1m points at 9m and 9m at 1m).
constexpr std::array<std::array<Tile, kTileKinds>, 2> make_dora_tables() {
  std::array<std::array<Tile, kTileKinds>, 2> t{};
  for (int i = 0; i < kTileKinds; ++i) {
    const Tile next = static_cast<Tile>(i < 27 ? (i % 9 == 8 ? i - 8 : i + 1) : i == kNorth ? kEast : i == kChun ? kHaku : i + 1);
    t[0][i] = t[1][i] = next;
  }
  t[1][0] = 8;
  t[1][8] = 0;
  return t;
}
constexpr auto kDoraOf = make_dora_tables();

// Dora among the hand's tiles; three-player kita are North tiles the player owns,
// so an indicator pointing at North counts each of them too.
int count_dora(const RiichiRequest& r, const TileCounts& all, const IndicatorList& indicators) {
  const auto& dora_of = kDoraOf[r.players == 3];
  int n = 0;
  for (Tile ind : indicators) {
    const Tile dora = dora_of[ind < kTileKinds ? ind : 0];
    n += all[dora] + (dora == kNorth ? r.kita : 0);
  }
  return n;
}

}  // namespace

HandFacts hand_facts(const RiichiRequest& r) {
  HandFacts f;
  f.all = r.hand;
  f.reds = r.hand_reds[0] + r.hand_reds[1] + r.hand_reds[2];
  for (const auto& m : r.melds) {
    f.reds += m.reds;
    for (int k = 0; k < m.size(); ++k) ++f.all[m.kind == MeldKind::Chi ? m.tile + k : m.tile];
    f.closed &= !m.is_open();
    f.kans += m.is_kan();
    if (m.kind == MeldKind::Chi) {
      const std::uint32_t b = std::uint32_t{1} << m.tile;
      f.meld_seq_twice |= f.meld_seq_at & b;
      f.meld_seq_at |= b;
      ++f.meld_sequences;
      continue;
    }
    f.meld_triplets |= std::uint64_t{1} << m.tile;
    f.meld_closed_kans += !m.is_open();
    const FuItem fu = set_fu(m.is_kan() ? SetKind::Kan : SetKind::Triplet, m.is_open(), m.tile);
    f.meld_fu_items.push(fu);
    f.meld_fu += fu.fu;
  }
  const std::uint64_t present = held_mask(f.all);
  f.all_simples = !(present & (kTerminalBits | kHonorBits));
  f.all_terminals_or_honors = !(present & kSimpleBits);
  f.all_honors = !(present & ~kHonorBits);
  f.all_terminals = !(present & ~kTerminalBits);
  f.all_green = !(present & ~kGreen);
  f.has_honors = (present & kHonorBits) != 0;
  f.number_suits = suits_held(present);
  f.dora = count_dora(r, f.all, r.dora_indicators);
  f.ura = count_dora(r, f.all, r.ura_indicators);
  return f;
}

namespace {

// Han by yaku, [0] open and [1] closed, from kYakuTable. Renhou reads 5 here: in a
// non-yakuman hand it only ever counts as mangan (RenhouValue::Mangan).
constexpr std::array<std::array<std::uint8_t, kYakuCount>, 2> make_han_tables() {
  std::array<std::array<std::uint8_t, kYakuCount>, 2> t{};
  for (int i = 0; i < kYakuCount; ++i) {
    t[0][i] = kYakuTable[i].han_open;
    t[1][i] = kYakuTable[i].han_closed;
  }
  t[0][static_cast<int>(Yaku::Renhou)] = t[1][static_cast<int>(Yaku::Renhou)] = 5;
  return t;
}
constexpr auto kHanOf = make_han_tables();

// How many of four bits are set, by table (without -mpopcnt the builtin is a libgcc call).
constexpr std::uint8_t kBitsIn4[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
// How many dragon triplets (their three bits, one shift).
inline int popcount_dragons(std::uint64_t triplet_tiles) { return kBitsIn4[triplet_tiles >> kHaku & 7]; }
// How many wind triplets (East to North).
inline int popcount_winds(std::uint64_t triplet_tiles) { return kBitsIn4[triplet_tiles >> kEast & 15]; }

constexpr std::uint64_t bit(Yaku y) { return std::uint64_t{1} << static_cast<int>(y); }

constexpr std::uint64_t kDragonBits = tile_bits({kHaku, kHatsu, kChun});
static_assert(kYakuCount <= 64, "the yaku found are collected as one 64-bit mask");
static_assert(static_cast<int>(Yaku::Hatsu) == static_cast<int>(Yaku::Haku) + 1 &&
                  static_cast<int>(Yaku::Chun) == static_cast<int>(Yaku::Haku) + 2 && kHatsu == kHaku + 1 &&
                  kChun == kHaku + 2,
              "dragon triplets map to the dragon yaku by one shift");

// What the yaku read of a standard reading's sets (the concealed ones and the melds).
struct SetSummary {
  std::uint64_t triplet_tiles = 0;  // bit t: a triplet or kan of tile t (at most one each: four copies)
  std::uint32_t seq_at = 0, seq_twice = 0;  // sequences by lowest tile; held twice or more
  int sequences = 0, concealed_triplets = 0, kans = 0;
};

SetSummary summarise(const HandFacts& f, const Reading& rd, bool tsumo) {
  SetSummary m;
  m.triplet_tiles = f.meld_triplets;
  m.seq_at = f.meld_seq_at;
  m.seq_twice = f.meld_seq_twice;
  m.sequences = f.meld_sequences;
  m.concealed_triplets = f.meld_closed_kans;
  m.kans = f.kans;
  const Decomposition& d = *rd.concealed;
  for (int i = 0; i < d.set_count; ++i) {
    const TileSet& s = d.sets[i];
    if (s.kind == SetKind::Sequence) {
      ++m.sequences;
      const std::uint32_t b = std::uint32_t{1} << s.tile;
      m.seq_twice |= m.seq_at & b;
      m.seq_at |= b;
      continue;
    }
    m.triplet_tiles |= std::uint64_t{1} << s.tile;
    ++m.concealed_triplets;
  }
  // A triplet completed by ron is not concealed (seed 001).
  m.concealed_triplets -= rd.win_set >= 0 && rd.open(rd.win_set, tsumo);
  return m;
}

// Nine gates: 1112345678999 + one more of the same suit, all concealed.
// Returns 0 (no), 1 (chuuren) or 2 (junsei: the hand before the win was the pure 9-sided shape).
int nine_gates(const RiichiRequest& r, const HandFacts& f) {
  if (!r.melds.empty() || f.number_suits != 1 || f.has_honors) return 0;
  int s = 0;
  while (s < 3 && !f.all[s * 9]) ++s;
  if (s == 3) return 0;
  static constexpr int kPure[9] = {3, 1, 1, 1, 1, 1, 1, 1, 3};
  for (int k = 0; k < 9; ++k)
    if (f.all[s * 9 + k] < kPure[k]) return 0;
  return f.all[r.win_tile] == kPure[r.win_tile - s * 9] + 1 ? 2 : 1;
}

void find_yakuman(const RiichiRequest& r, const HandFacts& f, const Reading& rd, const SetSummary& m,
                  SmallList<YakuEntry, 24>& list, YakuOutcome& out) {
  auto add_yakuman = [&](Yaku y) {
    const int multiple = (r.rules.double_yakuman && yaku_info(y).double_when_option) ? 2 : 1;
    list.push({y, static_cast<std::int16_t>(13 * multiple)});
    out.yakuman += multiple;
  };
  if (r.tenhou) add_yakuman(Yaku::Tenhou);
  if (r.chiihou) add_yakuman(Yaku::Chiihou);
  if (r.renhou && r.rules.renhou == RenhouValue::Yakuman) add_yakuman(Yaku::Renhou);
  if (rd.shape == Shape::ThirteenOrphans) {
    // 13-sided: the winning tile is the duplicate, so before it every orphan was single.
    add_yakuman(r.hand[r.win_tile] == 2 ? Yaku::Kokushi13 : Yaku::Kokushi);
    return;
  }
  if (f.all_honors) add_yakuman(Yaku::Tsuuiisou);
  if (f.all_green) add_yakuman(Yaku::Ryuuiisou);
  if (f.all_terminals) add_yakuman(Yaku::Chinroutou);
  if (rd.shape != Shape::Standard) return;
  const int winds = popcount_winds(m.triplet_tiles);
  if ((m.triplet_tiles & kDragonBits) == kDragonBits) add_yakuman(Yaku::Daisangen);
  if (m.concealed_triplets == 4) add_yakuman(rd.wait == Wait::Tanki ? Yaku::SuuankouTanki : Yaku::Suuankou);
  if (winds == 4) add_yakuman(Yaku::Daisuushi);
  if (winds == 3 && is_wind(rd.pair)) add_yakuman(Yaku::Shousuushi);
  if (m.kans == 4) add_yakuman(Yaku::Suukantsu);
  if (int g = nine_gates(r, f)) add_yakuman(g == 2 ? Yaku::JunseiChuuren : Yaku::Chuuren);
}

void sort_by_table_order(SmallList<YakuEntry, 24>& list) {
  for (int i = 1; i < list.count; ++i)
    for (int j = i; j > 0 && list.items[j].yaku < list.items[j - 1].yaku; --j) std::swap(list.items[j], list.items[j - 1]);
}

// Removes every yaku implied by another present one (kImpliedYaku).
void drop_implied(SmallList<YakuEntry, 24>& list) {
  bool present[kYakuCount] = {};
  for (const auto& e : list) present[static_cast<int>(e.yaku)] = true;
  SmallList<YakuEntry, 24> kept;
  for (const auto& e : list) {
    bool implied = false;
    for (const auto& imp : kImpliedYaku) implied |= imp.lower == e.yaku && present[static_cast<int>(imp.higher)];
    if (!implied) kept.push(e);
  }
  list = kept;
}

// Drops implied yaku (aotenjo, by option), then adds dora, red fives and ura dora.
// Inlined into find_yaku (as a call its saved registers cost ~15 instructions).
// The list is in table order when it holds no yakuman (the mask's bits in order, then the
// dora kinds, last in the table); yakuman entries came in their finding order: sorted then.
#if defined(__GNUC__) || defined(__clang__)
__attribute__((always_inline))
#endif
inline void finish_yaku(const RiichiRequest& r, const HandFacts& f, SmallList<YakuEntry, 24>& list, YakuOutcome& out) {
  if (r.method == Method::Aotenjo && r.rules.aotenjo_drop_implied) {
    drop_implied(list);
    out.han = 0;
    for (const auto& e : list) out.han += e.han;
  }
  out.has_yaku = list.count > 0;
  if (out.yakuman > 0 && !r.rules.aotenjo_yakuman_dora) {
    sort_by_table_order(list);
    return;
  }

  // Dora are not yaku: counted only after a yaku exists (seed 003). (Written through a
  // local count, as the yaku above.)
  int n = list.count, han = out.han;
  auto add = [&](Yaku y, int count) {
    if (n < list.capacity()) list.items[n++] = {y, static_cast<std::int16_t>(count)};  // (as push)
    han += count;
  };
  if (f.dora) add(Yaku::Dora, f.dora);
  if (r.rules.red_fives && f.reds) add(Yaku::AkaDora, f.reds);
  if (f.ura) add(Yaku::UraDora, f.ura);
  if (r.kita && r.rules.kita_dora) add(Yaku::Kita, r.kita);
  list.count = n;
  out.han = han;
  if (out.yakuman > 0) sort_by_table_order(list);
}

}  // namespace

void find_yaku(const RiichiRequest& r, const HandFacts& f, const Reading& rd, SmallList<YakuEntry, 24>& list,
               YakuOutcome& out) {
  list.count = 0;  // (not a fresh list: that would zero all 24 entries per reading)
  out.han = 0;
  out.yakuman = 0;
  out.has_yaku = false;
  const SetSummary m = rd.shape == Shape::Standard ? summarise(f, rd, r.tsumo) : SetSummary{};
  // The pinfu shape (the pinfu yaku, and pinfu tsumo's 20 fu in count_fu): closed, four
  // sequences, a two-sided wait, a pair worth no fu.
  out.pinfu_shape = f.closed && m.sequences == 4 && rd.wait == Wait::Ryanmen &&
                    !(is_dragon(rd.pair) || rd.pair == wind_tile(r.seat_wind) || rd.pair == wind_tile(r.round_wind) ||
                      (rd.pair == kNorth && r.players == 3 && r.rules.north_value));
  find_yakuman(r, f, rd, m, list, out);
  // Aotenjo counting yakuman as 13 han each (seed 000 section 4): they add to every
  // other yaku and, by default, to dora ("역만에도 도라를 복합"). Elsewhere a yakuman
  // stands alone.
  const bool aotenjo = r.method == Method::Aotenjo;
  if (out.yakuman > 0) {
    if (!r.rules.multiple_yakuman && list.count > 1) {
      // Only the single most valuable pattern counts.
      YakuEntry top = list.items[0];
      for (const auto& e : list) if (e.han > top.han) top = e;
      list.count = 0;
      list.push(top);
      out.yakuman = top.han / 13;
    }
    out.han = 13 * out.yakuman;
    out.has_yaku = true;
    if (!(aotenjo && r.rules.aotenjo_yakuman == AotenjoYakuman::ThirteenHan)) {
      sort_by_table_order(list);
      return;
    }
  }

  // The yaku found, as bits by Yaku; listed in table order with their han at the end.
  const bool closed = f.closed;
  std::uint64_t found = 0;

  // Situational yaku (flags were validated in request.cpp).
  if (closed && r.tsumo) found |= bit(Yaku::MenzenTsumo);
  if (r.double_riichi) found |= bit(Yaku::DoubleRiichi);
  else if (r.riichi) found |= bit(Yaku::Riichi);
  if (r.ippatsu) found |= bit(Yaku::Ippatsu);
  if (r.chankan) found |= bit(Yaku::Chankan);
  if (r.rinshan) found |= bit(Yaku::Rinshan);
  if (r.haitei) found |= bit(Yaku::Haitei);
  if (r.houtei) found |= bit(Yaku::Houtei);
  if (r.renhou && r.rules.renhou == RenhouValue::Mangan) found |= bit(Yaku::Renhou);  // a 5 han yaku (kHanOf)

  // Thirteen orphans has no sets and no pair: beside it (aotenjo only) just the
  // situational yaku above count, not honroutou or toitoi.
  if (rd.shape != Shape::ThirteenOrphans) {
    // Whole-hand colour and terminal yaku.
    if (f.all_simples && (closed || r.rules.open_tanyao)) found |= bit(Yaku::Tanyao);
    if (f.all_terminals_or_honors) found |= bit(Yaku::Honroutou);
    // Under aotenjo the lesser yaku a greater one implies are found too (honitsu beside
    // chinitsu, chanta beside junchan, iipeikou beside ryanpeikou); drop_implied below
    // removes them unless the house keeps them.
    if (f.number_suits == 1) {
      if (f.has_honors || aotenjo) found |= bit(Yaku::Honitsu);
      if (!f.has_honors) found |= bit(Yaku::Chinitsu);
    }
    if (rd.shape == Shape::SevenPairs) {
      found |= bit(Yaku::Chiitoitsu);
    } else {
      const std::uint64_t trips = m.triplet_tiles;
      // The checks below go by groups that a cheap test rules out for most readings.
      if (trips & kHonorBits) {
        // Value triplets: each dragon, the seat and round winds (a double wind counts both),
        // and North under the three-player north_value house rule.
        found |= (trips >> kHaku & 7) << static_cast<int>(Yaku::Haku);
        found |= (trips >> wind_tile(r.seat_wind) & 1) << static_cast<int>(Yaku::SeatWind);
        found |= (trips >> wind_tile(r.round_wind) & 1) << static_cast<int>(Yaku::RoundWind);
        if ((trips >> kNorth & 1) && r.players == 3 && r.rules.north_value && r.round_wind != Wind::North)
          found |= bit(Yaku::NorthWind);
        if (popcount_dragons(trips) == 2 && is_dragon(rd.pair)) found |= bit(Yaku::Shousangen);
      }
      if (out.pinfu_shape) found |= bit(Yaku::Pinfu);
      if (closed && m.seq_twice) {
        // Peikou: pairs of identical sequences (four identical sequences are two pairs): a
        // sequence held 2 or 3 times is one pair, 4 times two (four sequences, one kind).
        const bool four_alike = m.sequences == 4 && !(m.seq_at & (m.seq_at - 1));
        const int peikou = 1 + ((m.seq_twice & (m.seq_twice - 1)) != 0) + four_alike;
        if (peikou == 2) found |= bit(Yaku::Ryanpeikou);
        if (peikou == 1 || aotenjo) found |= bit(Yaku::Iipeikou);
      }
      // Chanta/junchan: every set touches 1, 9 or an honour; every sequence is 123 or 789
      // (its lowest tile 1 or 7 of a suit).
      constexpr std::uint32_t kOutsideSequences = static_cast<std::uint32_t>(tile_bits({0, 6, 9, 15, 18, 24}));
      if (m.sequences > 0 && set_tile_is_terminal_or_honor(rd.pair) && !(trips & kSimpleBits) &&
          !(m.seq_at & ~kOutsideSequences)) {
        if (f.has_honors || aotenjo) found |= bit(Yaku::Chanta);
        if (!f.has_honors) found |= bit(Yaku::Junchan);
      }
      if (m.sequences >= 3) {
        constexpr std::uint32_t kStraight = 1u | 1u << 3 | 1u << 6;  // 123, 456, 789 of one suit
        const std::uint32_t seq = m.seq_at;
        if ((seq & kStraight) == kStraight || (seq >> 9 & kStraight) == kStraight ||
            (seq >> 18 & kStraight) == kStraight)
          found |= bit(Yaku::Ittsu);
        // The same number in all three suits (a hand has room for one such group).
        if (seq & seq >> 9 & seq >> 18 & 0x7Fu) found |= bit(Yaku::Sanshoku);
      } else if (m.sequences <= 1) {  // room for three triplets
        if (trips & trips >> 9 & trips >> 18 & 0x1FFu) found |= bit(Yaku::SanshokuDoukou);
        if (m.kans >= 3) found |= bit(Yaku::Sankantsu);  // 4 kans is suukantsu, alone except under aotenjo
        if (m.sequences == 0) found |= bit(Yaku::Toitoi);
        if (m.concealed_triplets >= 3) found |= bit(Yaku::Sanankou);
      }
    }
  }
  // Written through a local count (pushes reload the list's count: the entries' bytes may alias it).
  const auto& han_of = kHanOf[closed];
  int n = list.count, han = out.han;
  for (; found; found &= found - 1) {
    const int y = lowest_bit(found);
    if (n < list.capacity()) list.items[n++] = {static_cast<Yaku>(y), static_cast<std::int16_t>(han_of[y])};
    han += han_of[y];
  }
  list.count = n;
  out.han = han;
  finish_yaku(r, f, list, out);
}

}  // namespace tenbou
