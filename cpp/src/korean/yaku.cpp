// Where each Korean yaku is decided (seed 004; korean.md sections 3-6).
// Values come from korean_table.hpp; this file only says which yaku apply.
#include <algorithm>

#include "korean/korean_hand.hpp"

namespace tenbou {

int korean_value(const KoreanRules& rules, KoreanVariant variant, KoreanYaku yaku) {
  const std::int16_t o = rules.value_override[static_cast<int>(yaku)];
  if (o != kTableValue) return o;
  return korean_row(yaku).han[static_cast<int>(variant)];
}

KoreanYakuKind korean_kind(const KoreanRules& rules, KoreanVariant variant, KoreanYaku yaku) {
  if (yaku == KoreanYaku::DoubleRiichi && rules.double_riichi_kind != DoubleRiichiKind::Table)
    return rules.double_riichi_kind == DoubleRiichiKind::Base ? KoreanYakuKind::Base : KoreanYakuKind::Additional;
  if ((yaku == KoreanYaku::Tenhou || yaku == KoreanYaku::Chiihou || yaku == KoreanYaku::Renhou) &&
      rules.heavenly_as_additional)
    return KoreanYakuKind::Additional;  // Netmarble (L91)
  return korean_row(yaku).kind[static_cast<int>(variant)];
}

KoreanHandFacts korean_hand_facts(const KoreanRequest& r) {
  KoreanHandFacts f;
  f.all = r.hand;
  for (const Meld& m : r.melds) {
    f.all[m.tile] = static_cast<std::uint8_t>(f.all[m.tile] + m.size());
    f.kans += m.is_kan();
  }
  f.closed = r.closed();
  const std::uint64_t present = held_mask(f.all);
  f.has_honors = (present & kHonorBits) != 0;
  f.has_terminals = (present & kTerminalBits) != 0;
  f.has_simples = (present & kSimpleBits) != 0;
  f.number_suits = suits_held(present);
  // 겐쇼 (L110-113): copies of the last winning tile held, the winning tile included
  // by default; 천화 has no last tile: the most-held tile counts.
  if (r.has_win_tile) {
    f.genso = r.rules.genso_count_melds ? f.all[r.win_tile] : r.hand[r.win_tile];
    if (r.rules.genso_exclude_winning_tile) --f.genso;
  } else {
    const auto& counted = r.rules.genso_count_melds ? f.all : r.hand;
    f.genso = *std::max_element(counted.begin(), counted.end());
  }
  return f;
}

namespace {

// Chuuren's 13 waiting tiles 1112345678999 of one suit (L94-99).
constexpr std::array<std::uint8_t, 9> kNineGates = {3, 1, 1, 1, 1, 1, 1, 1, 3};

// Which yaku apply, before values: a flag per yaku plus the value sets.
struct Present {
  std::array<bool, kKoreanYakuCount> on{};
  SmallList<KoreanYakuEntry, 4> value_sets;  // tile and count (dragon/seat/round reasons)
  void set(KoreanYaku y, bool v = true) { on[static_cast<int>(y)] = v; }
  bool has(KoreanYaku y) const { return on[static_cast<int>(y)]; }
};

bool is_value_tile(const KoreanRequest& r, Tile t) {
  return is_dragon(t) || t == wind_tile(r.seat_wind) || (r.rules.round_wind_yakuhai && t == wind_tile(r.round_wind));
}

// Nine gates in the request's house form, or why not (korean.md 6.4).
void decide_chuuren(const KoreanRequest& r, const KoreanHandFacts& f, Present& p, KoreanYakuOutcome& out) {
  if (!f.closed || !r.melds.empty() || f.number_suits != 1 || f.has_honors) return;
  int suit = 0;
  while (suit < 2 && !std::any_of(&r.hand[suit * 9], &r.hand[suit * 9 + 9], [](std::uint8_t c) { return c > 0; })) ++suit;
  int extra = 0;
  for (int k = 0; k < 9; ++k) {
    const int c = r.hand[suit * 9 + k];
    if (c < kNineGates[k]) return;
    extra += c - kNineGates[k];
  }
  if (extra != 1) return;
  // Pure form (condition 3, L96): the 13 tiles before the win are 1112345678999.
  // 천화 has no last tile: the extra tile is read as the last one, the highest
  // reading (L113).
  if (r.rules.chuuren_require_nine_wait && r.has_win_tile && r.hand[r.win_tile] - 1 != kNineGates[r.win_tile % 9])
    return;
  // Condition 4 (L97, L100): no tile of the suit among the player's own discards.
  if (r.rules.chuuren_forbid_furiten) {
    for (int k = 0; k < 9; ++k)
      if (r.own_discards[suit * 9 + k]) {
        out.chuuren_furiten = true;
        return;
      }
  }
  p.set(KoreanYaku::Chuuren);
  out.unlimited = r.rules.chuuren_unlimited;
}

void decide(const KoreanRequest& r, const KoreanHandFacts& f, const KoreanReading& rd, Present& p,
            KoreanYakuOutcome& out) {
  // 1판 (L51-58)
  p.set(KoreanYaku::Menzen, f.closed);
  p.set(KoreanYaku::Tsumo, f.closed && r.tsumo);
  p.set(KoreanYaku::Tanyao, !f.has_honors && !f.has_terminals);

  int sequences = 0, pungs = 0, concealed_pungs = 0, dragon_sets = 0, wind_sets = 0;
  bool straight[3][3] = {};  // suit x (123, 456, 789)
  bool every_group_outside = true;
  int identical_sequence_pairs = 0;
  for (int i = 0; i < rd.set_count; ++i) {
    const KoreanSet& s = rd.sets[i];
    if (s.kind == SetKind::Sequence) {
      ++sequences;
      const int n = s.tile % 9;
      if (n % 3 == 0) straight[s.tile / 9][n / 3] = true;
      if (n != 0 && n != 6) every_group_outside = false;
      for (int j = 0; j < i; ++j)
        if (rd.sets[j].kind == SetKind::Sequence && rd.sets[j].tile == s.tile) ++identical_sequence_pairs;
      continue;
    }
    ++pungs;
    if (s.concealed) ++concealed_pungs;
    if (is_dragon(s.tile)) ++dragon_sets;
    if (is_wind(s.tile)) ++wind_sets;
    if (!is_terminal_or_honor(s.tile)) every_group_outside = false;
    int reasons = is_dragon(s.tile) + (s.tile == wind_tile(r.seat_wind)) +
                  (r.rules.round_wind_yakuhai && s.tile == wind_tile(r.round_wind));
    if (reasons) p.value_sets.push({KoreanYaku::ValueSet, 0, KoreanYakuKind::Base, s.tile, static_cast<std::uint8_t>(reasons)});
  }
  const bool standard = !rd.seven_pairs;
  if (standard && !is_terminal_or_honor(rd.pair)) every_group_outside = false;

  // 핑후 (L13, L54): concealed, four sequences, pair not 역패, two-sided wait, ron only.
  p.set(KoreanYaku::Pinfu, standard && f.closed && sequences == 4 && !is_value_tile(r, rd.pair) &&
                               rd.wait == Wait::Ryanmen && (!r.tsumo || r.rules.pinfu_tsumo));
  // 2판 (L59-62)
  for (int s = 0; s < 3; ++s)
    if (straight[s][0] && straight[s][1] && straight[s][2]) p.set(KoreanYaku::Ittsu);
  p.set(KoreanYaku::Honitsu, f.number_suits == 1 && f.has_honors);
  p.set(KoreanYaku::Toitoi, standard && pungs == 4);
  // 4판 (L63-68)
  p.set(KoreanYaku::Sanankou, standard && concealed_pungs == 3);
  p.set(KoreanYaku::Chiitoitsu, rd.seven_pairs);
  p.set(KoreanYaku::Shousangen, standard && dragon_sets == 2 && is_dragon(rd.pair));
  // 8판 (L72-82)
  p.set(KoreanYaku::Suuankou, standard && concealed_pungs == 4);
  p.set(KoreanYaku::Chinitsu, f.number_suits == 1 && !f.has_honors);
  p.set(KoreanYaku::Daisangen, dragon_sets == 3);
  // 혼노두: terminals and honours only, at least one of each (korean.md A17).
  p.set(KoreanYaku::Honroutou, !f.has_simples && f.has_terminals && f.has_honors);
  p.set(KoreanYaku::Shousuushi, standard && wind_sets == 3 && is_wind(rd.pair));
  // 12판 (L84-87)
  p.set(KoreanYaku::Daisuushi, wind_sets == 4);
  p.set(KoreanYaku::Tsuuiisou, f.number_suits == 0);
  // 16판, 24판 (L89-101)
  p.set(KoreanYaku::Tenhou, r.tenhou);
  p.set(KoreanYaku::Chiihou, r.chiihou);
  p.set(KoreanYaku::Renhou, r.renhou);
  decide_chuuren(r, f, p, out);
  // Additional yaku (L102-130)
  p.set(KoreanYaku::Genso, f.genso > 0 || r.chankan);
  p.set(KoreanYaku::Flower, r.flowers != 0);
  p.set(KoreanYaku::Hwamangwan, r.flowers == 0x0f);
  p.set(KoreanYaku::Eopeo, r.riichi != KoreanRiichi::None);
  p.set(KoreanYaku::Bulleo, r.riichi == KoreanRiichi::Bulleo || r.riichi == KoreanRiichi::WejaBulleo);
  p.set(KoreanYaku::WejaBulleo, r.riichi == KoreanRiichi::WejaBulleo);
  p.set(KoreanYaku::DoubleRiichi, r.double_riichi);
  p.set(KoreanYaku::Haitei, r.haitei);
  p.set(KoreanYaku::Houtei, r.houtei);
  p.set(KoreanYaku::Rinshan, r.rinshan);
  p.set(KoreanYaku::Chankan, r.chankan);
  p.set(KoreanYaku::Rinshan5p, r.rinshan && r.win_tile == make_tile(Suit::Pin, 5));
  p.set(KoreanYaku::Haitei1p, r.haitei && r.win_tile == make_tile(Suit::Pin, 1));
  p.set(KoreanYaku::Houtei9p, r.houtei && r.win_tile == make_tile(Suit::Pin, 9));
  // Local yaku (L131-134), decided here and counted only when the house gives a value.
  // 찬타 as the seed reads it: every set and the pair hold a terminal or honour, so
  // a 혼노두 hand has it too and L80 must exclude it ("찬타의 판수는 적용하지 않는다").
  p.set(KoreanYaku::Chanta, standard && every_group_outside && f.has_terminals);
  p.set(KoreanYaku::Iipeikou, standard && f.closed && identical_sequence_pairs == 1);
  p.set(KoreanYaku::Ryanpeikou, standard && f.closed && identical_sequence_pairs == 2);
  p.set(KoreanYaku::Sankantsu, f.kans == 3);
  p.set(KoreanYaku::Suukantsu, f.kans == 4);
}

// Section 4: exclusions always, conditional components only when the house
// does not stack them.
void apply_exclusions(const KoreanRules& rules, Present& p) {
  for (const auto& e : kKoreanAlwaysExcluded)
    if (p.has(e.upper)) p.set(e.lower, false);
  if (rules.stack_components) return;
  for (const auto& e : kKoreanComponents) {
    if (!p.has(e.upper)) continue;
    if (e.lower != KoreanYaku::ValueSet) {
      p.set(e.lower, false);
      continue;
    }
    const bool dragons = e.upper == KoreanYaku::Shousangen || e.upper == KoreanYaku::Daisangen;
    SmallList<KoreanYakuEntry, 4> kept;
    for (const auto& v : p.value_sets)
      if (dragons ? !is_dragon(v.tile) : !is_wind(v.tile)) kept.push(v);
    p.value_sets = kept;
  }
}

void add_entry(const KoreanRequest& r, KoreanYaku y, int units, Tile tile, KoreanYakuOutcome& out) {
  const int value = korean_value(r.rules, r.variant, y);
  if (value == kNoValue) return;  // a local yaku the house does not play
  const KoreanYakuKind kind = korean_kind(r.rules, r.variant, y);
  KoreanYakuEntry e{y, kUnknownHan, kind, tile, static_cast<std::uint8_t>(units)};
  if (value == kUnknownHan) {
    out.has_unknown = true;
  } else {
    e.han = static_cast<std::int16_t>(value * units);
    (kind == KoreanYakuKind::Base ? out.base : out.additional) += e.han;
  }
  out.yaku.push(e);
}

}  // namespace

void find_korean_yaku(const KoreanRequest& r, const KoreanHandFacts& f, const KoreanReading& rd,
                      KoreanYakuOutcome& out) {
  out = KoreanYakuOutcome{};
  Present p;
  decide(r, f, rd, p, out);
  apply_exclusions(r.rules, p);
  for (int i = 0; i < kKoreanYakuCount; ++i) {
    const auto y = static_cast<KoreanYaku>(i);
    if (y == KoreanYaku::ValueSet) {
      for (const auto& v : p.value_sets) add_entry(r, y, v.count, v.tile, out);
      continue;
    }
    if (!p.has(y)) continue;
    int units = 1;
    if (y == KoreanYaku::Genso) units = r.chankan ? r.rules.genso_chankan_value : f.genso;
    if (y == KoreanYaku::Flower) units = bit_count(r.flowers);
    add_entry(r, y, units, kNoTile, out);
  }
}

}  // namespace tenbou
