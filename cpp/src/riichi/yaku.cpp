// Where every Riichi yaku is decided. Values come from kYakuTable
// (yaku_table.hpp); this file only says when each one applies.
#include <array>
#include <initializer_list>

#include "riichi/riichi_hand.hpp"

namespace tenbou {

namespace {

// Ryuuiisou tiles: 2 3 4 6 8 sou and the green dragon (the other tile classes: tiles.hpp).
constexpr std::uint64_t kGreen = tile_bits({19, 20, 21, 23, 25, kHatsu});

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
  }
  const std::uint64_t present = held_mask(f.all);
  f.all_simples = !(present & (kTerminalBits | kHonorBits));
  f.all_terminals_or_honors = !(present & kSimpleBits);
  f.all_honors = !(present & ~kHonorBits);
  f.all_terminals = !(present & ~kTerminalBits);
  f.all_green = !(present & ~kGreen);
  f.has_honors = (present & kHonorBits) != 0;
  f.number_suits = suits_held(present);
  return f;
}

bool is_pinfu_shape(const RiichiRequest& r, const Reading& rd) {
  if (rd.shape != Shape::Standard || rd.wait != Wait::Ryanmen || !r.closed()) return false;
  for (int i = 0; i < rd.set_count; ++i)
    if (rd.sets[i].kind != SetKind::Sequence) return false;
  return !(is_dragon(rd.pair) || rd.pair == wind_tile(r.seat_wind) || rd.pair == wind_tile(r.round_wind) ||
           (rd.pair == kNorth && r.players == 3 && r.rules.north_value));
}

namespace {

int han_of(Yaku y, bool closed) {
  const YakuInfo& info = yaku_info(y);
  return closed ? info.han_closed : info.han_open;
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

void add_yakuman(const RiichiRequest& r, Yaku y, YakuOutcome& out) {
  const int multiple = (r.rules.double_yakuman && yaku_info(y).double_when_option) ? 2 : 1;
  out.yaku.push({y, static_cast<std::int16_t>(13 * multiple)});
  out.yakuman += multiple;
}

void find_yakuman(const RiichiRequest& r, const HandFacts& f, const Reading& rd, YakuOutcome& out) {
  if (r.tenhou) add_yakuman(r, Yaku::Tenhou, out);
  if (r.chiihou) add_yakuman(r, Yaku::Chiihou, out);
  if (r.renhou && r.rules.renhou == RenhouValue::Yakuman) add_yakuman(r, Yaku::Renhou, out);
  if (rd.shape == Shape::ThirteenOrphans) {
    // 13-sided: the winning tile is the duplicate, so before it every orphan was single.
    add_yakuman(r, r.hand[r.win_tile] == 2 ? Yaku::Kokushi13 : Yaku::Kokushi, out);
    return;
  }
  if (f.all_honors) add_yakuman(r, Yaku::Tsuuiisou, out);
  if (f.all_green) add_yakuman(r, Yaku::Ryuuiisou, out);
  if (f.all_terminals) add_yakuman(r, Yaku::Chinroutou, out);
  if (rd.shape != Shape::Standard) return;
  int dragons = 0, winds = 0, concealed_triplets = 0, kans = 0;
  for (int i = 0; i < rd.set_count; ++i) {
    const HandSet& s = rd.sets[i];
    if (s.kind == SetKind::Sequence) continue;
    dragons += is_dragon(s.tile);
    winds += is_wind(s.tile);
    concealed_triplets += !s.open;
    kans += s.kind == SetKind::Kan;
  }
  if (dragons == 3) add_yakuman(r, Yaku::Daisangen, out);
  if (concealed_triplets == 4) add_yakuman(r, rd.wait == Wait::Tanki ? Yaku::SuuankouTanki : Yaku::Suuankou, out);
  if (winds == 4) add_yakuman(r, Yaku::Daisuushi, out);
  if (winds == 3 && is_wind(rd.pair)) add_yakuman(r, Yaku::Shousuushi, out);
  if (kans == 4) add_yakuman(r, Yaku::Suukantsu, out);
  if (int g = nine_gates(r, f)) add_yakuman(r, g == 2 ? Yaku::JunseiChuuren : Yaku::Chuuren, out);
}

void sort_by_table_order(SmallList<YakuEntry, 24>& list) {
  for (int i = 1; i < list.count; ++i)
    for (int j = i; j > 0 && list.items[j].yaku < list.items[j - 1].yaku; --j) std::swap(list.items[j], list.items[j - 1]);
}

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
// Inlined into find_yaku's two exits (as a call its saved registers cost ~15 instructions).
#if defined(__GNUC__) || defined(__clang__)
__attribute__((always_inline))
#endif
inline void finish_yaku(const RiichiRequest& r, const HandFacts& f, YakuOutcome& out) {
  if (r.method == Method::Aotenjo && r.rules.aotenjo_drop_implied) {
    drop_implied(out.yaku);
    out.han = 0;
    for (const auto& e : out.yaku) out.han += e.han;
  }
  out.has_yaku = out.yaku.count > 0;
  if (out.yakuman > 0 && !r.rules.aotenjo_yakuman_dora) {
    sort_by_table_order(out.yaku);
    return;
  }

  // Dora are not yaku: counted only after a yaku exists (seed 003).
  if (int n = count_dora(r, f.all, r.dora_indicators)) {
    out.yaku.push({Yaku::Dora, static_cast<std::int16_t>(n)});
    out.han += n;
  }
  if (r.rules.red_fives) {
    if (const int reds = f.reds) {
      out.yaku.push({Yaku::AkaDora, static_cast<std::int16_t>(reds)});
      out.han += reds;
    }
  }
  if (int n = count_dora(r, f.all, r.ura_indicators)) {
    out.yaku.push({Yaku::UraDora, static_cast<std::int16_t>(n)});
    out.han += n;
  }
  if (r.kita && r.rules.kita_dora) {
    out.yaku.push({Yaku::Kita, static_cast<std::int16_t>(r.kita)});
    out.han += r.kita;
  }
  sort_by_table_order(out.yaku);
}

}  // namespace

void find_yaku(const RiichiRequest& r, const HandFacts& f, const Reading& rd, YakuOutcome& out) {
  out.yaku.count = 0;  // (not `out = YakuOutcome{}`: that would zero all 24 entries per reading)
  out.han = 0;
  out.yakuman = 0;
  out.has_yaku = false;
  find_yakuman(r, f, rd, out);
  // Aotenjo counting yakuman as 13 han each (seed 000 section 4): they add to every
  // other yaku and, by default, to dora ("역만에도 도라를 복합"). Elsewhere a yakuman
  // stands alone.
  const bool aotenjo = r.method == Method::Aotenjo;
  const bool yakuman_as_han = aotenjo && r.rules.aotenjo_yakuman == AotenjoYakuman::ThirteenHan;
  if (out.yakuman > 0) {
    if (!r.rules.multiple_yakuman && out.yaku.count > 1) {
      // Only the single most valuable pattern counts.
      YakuEntry top = out.yaku.items[0];
      for (const auto& e : out.yaku) if (e.han > top.han) top = e;
      out.yaku.count = 0;
      out.yaku.push(top);
      out.yakuman = top.han / 13;
    }
    out.han = 13 * out.yakuman;
    out.has_yaku = true;
    if (!yakuman_as_han) {
      sort_by_table_order(out.yaku);
      return;
    }
  }

  const bool closed = f.closed;
  auto add = [&](Yaku y) {
    const int han = han_of(y, closed);
    out.yaku.push({y, static_cast<std::int16_t>(han)});
    out.han += han;
  };

  // Situational yaku (flags were validated in request.cpp).
  if (closed && r.tsumo) add(Yaku::MenzenTsumo);
  if (r.double_riichi) add(Yaku::DoubleRiichi);
  else if (r.riichi) add(Yaku::Riichi);
  if (r.ippatsu) add(Yaku::Ippatsu);
  if (r.chankan) add(Yaku::Chankan);
  if (r.rinshan) add(Yaku::Rinshan);
  if (r.haitei) add(Yaku::Haitei);
  if (r.houtei) add(Yaku::Houtei);
  if (r.renhou && r.rules.renhou == RenhouValue::Mangan) {
    out.yaku.push({Yaku::Renhou, 5});  // renhou as mangan: a 5 han yaku
    out.han += 5;
  }

  // Thirteen orphans has no sets and no pair: beside it (aotenjo only) just the
  // situational yaku above count, not honroutou or toitoi.
  if (rd.shape == Shape::ThirteenOrphans) {
    finish_yaku(r, f, out);
    return;
  }

  // Whole-hand colour and terminal yaku.
  if (f.all_simples && (closed || r.rules.open_tanyao)) add(Yaku::Tanyao);
  if (f.all_terminals_or_honors) add(Yaku::Honroutou);
  // Under aotenjo the lesser yaku a greater one implies are found too (honitsu beside
  // chinitsu, chanta beside junchan, iipeikou beside ryanpeikou); drop_implied below
  // removes them unless the house keeps them.
  if (f.number_suits == 1) {
    if (f.has_honors || aotenjo) add(Yaku::Honitsu);
    if (!f.has_honors) add(Yaku::Chinitsu);
  }

  if (rd.shape == Shape::SevenPairs) {
    add(Yaku::Chiitoitsu);
  } else {
    int sequences = 0, dragons = 0, concealed_triplets = 0, kans = 0;
    bool outside = is_terminal_or_honor(rd.pair);  // chanta/junchan: every set touches 1, 9 or an honour
    // Sequences and number triplets as bit masks over the 27 number tiles (bit = lowest
    // tile); the sequences' own tiles kept for peikou.
    // seq_twice / seq_four: the sequences held at least twice / four times (peikou below).
    std::uint32_t seq_at = 0, trip_at = 0, seq_twice = 0, seq_thrice = 0, seq_four = 0;
    for (int i = 0; i < rd.set_count; ++i) {
      const HandSet& s = rd.sets[i];
      if (s.kind == SetKind::Sequence) {
        ++sequences;
        const std::uint32_t bit = std::uint32_t{1} << s.tile;
        seq_four |= seq_thrice & bit;
        seq_thrice |= seq_twice & bit;
        seq_twice |= seq_at & bit;
        seq_at |= bit;
        continue;
      }
      outside &= is_terminal_or_honor(s.tile);
      if (!is_honor(s.tile)) trip_at |= std::uint32_t{1} << s.tile;
      concealed_triplets += !s.open;
      kans += s.kind == SetKind::Kan;
      if (is_dragon(s.tile)) {
        ++dragons;
        add(s.tile == kHaku ? Yaku::Haku : s.tile == kHatsu ? Yaku::Hatsu : Yaku::Chun);
      }
      // A double-wind triplet counts both yaku.
      if (s.tile == wind_tile(r.seat_wind)) add(Yaku::SeatWind);
      if (s.tile == wind_tile(r.round_wind)) add(Yaku::RoundWind);
      if (s.tile == kNorth && r.players == 3 && r.rules.north_value && r.round_wind != Wind::North) add(Yaku::NorthWind);
    }
    // Chanta/junchan: every sequence is 123 or 789 (its lowest tile 1 or 7 of a suit).
    constexpr std::uint32_t kOutsideSequences = static_cast<std::uint32_t>(tile_bits({0, 6, 9, 15, 18, 24}));
    outside &= !(seq_at & ~kOutsideSequences);
    // Peikou: pairs of identical sequences (four identical sequences are two pairs): a
    // sequence held 2 or 3 times is one pair, 4 times two. Of four sequences at most two
    // kinds are held twice.
    const int peikou = (seq_twice != 0) + ((seq_twice & (seq_twice - 1)) != 0) + (seq_four != 0);

    // Pinfu (is_pinfu_shape, read from what the loop found): closed, four sequences, a
    // two-sided wait, a pair worth no fu.
    if (closed && sequences == 4 && rd.wait == Wait::Ryanmen &&
        !(is_dragon(rd.pair) || rd.pair == wind_tile(r.seat_wind) || rd.pair == wind_tile(r.round_wind) ||
          (rd.pair == kNorth && r.players == 3 && r.rules.north_value)))
      add(Yaku::Pinfu);
    if (closed && peikou == 2) add(Yaku::Ryanpeikou);
    if (closed && (peikou == 1 || (peikou == 2 && aotenjo))) add(Yaku::Iipeikou);
    if (outside && sequences > 0) {
      if (f.has_honors || aotenjo) add(Yaku::Chanta);
      if (!f.has_honors) add(Yaku::Junchan);
    }
    constexpr std::uint32_t kStraight = 1u | 1u << 3 | 1u << 6;  // 123, 456, 789 of one suit
    for (int s = 0; s < 3; ++s)
      if ((seq_at >> (9 * s) & kStraight) == kStraight) add(Yaku::Ittsu);
    // The same number in all three suits (a hand has room for one such group).
    if (seq_at & seq_at >> 9 & seq_at >> 18 & 0x7Fu) add(Yaku::Sanshoku);
    if (trip_at & trip_at >> 9 & trip_at >> 18 & 0x1FFu) add(Yaku::SanshokuDoukou);
    if (kans >= 3) add(Yaku::Sankantsu);  // 4 kans is suukantsu, alone except under aotenjo
    if (sequences == 0) add(Yaku::Toitoi);
    if (concealed_triplets >= 3) add(Yaku::Sanankou);
    if (dragons == 2 && is_dragon(rd.pair)) add(Yaku::Shousangen);
  }
  finish_yaku(r, f, out);
}

}  // namespace tenbou
