// Where each Hong Kong-Taiwan pattern is decided (seed 002 L18-109; hktw.md
// section 2). Values come from the table (hktw_table.hpp); this file only says
// whether a pattern applies to a reading and how many units it counts.
#include <algorithm>

#include "hktw/hktw_hand.hpp"
#include "tenbou/shanten.hpp"

namespace tenbou {
namespace {

using P = HktwPattern;

int pts(P p) { return hktw_row(p).points; }
int alt(P p) { return hktw_row(p).points_alt; }

bool is_pung(const HktwSet& s) { return s.kind != SetKind::Sequence; }
bool called(const HktwSet& s) { return s.declared && s.meld_kind != MeldKind::Ankan; }

// The bodies (sets and pair) of a reading, for the patterns that look at sets.
struct Bodies {
  SmallList<HktwSet, 5> sets;
  SmallList<Tile, 8> pairs;  // the pair, or seven pairs' pairs
};

Bodies bodies_of(const HktwReading& r) {
  Bodies b;
  for (int i = 0; i < r.set_count; ++i) b.sets.push(r.sets[i]);
  if (r.shape == HktwShape::SevenPairsPung) b.pairs = r.pairs;
  else if (r.shape == HktwShape::Standard || r.shape == HktwShape::KnittedStraight) b.pairs.push(r.pair);
  return b;
}

int seat_number(Wind w) { return static_cast<int>(w) + 1; }  // 동1 남2 서3 북4 (L20)

void flower_patterns(const HktwRequest& q, HktwOutcome& out) {
  int own = 0, other = 0;
  for (int k = 0; k < 8; ++k) {
    if (!(q.flowers >> k & 1)) continue;
    // 매1 난2 국3 죽4 / 춘1 하2 추3 동4 (L31): each seat has one flower in each set.
    if (k % 4 + 1 == seat_number(q.seat_wind)) ++own;
    else ++other;
  }
  if (other) out.add(P::Flower, other * pts(P::Flower), other);
  if (own) {
    const int value = q.rules.seat_flower_per_flower ? own * pts(P::OwnFlower) : pts(P::OwnFlower);  // B1
    out.add(P::OwnFlower, value, own);
  }
  if ((q.flowers & 0x0F) == 0x0F || (q.flowers & 0xF0) == 0xF0) out.add(P::FlowerSet, pts(P::FlowerSet));  // L99
}

void honour_pungs(const HktwRequest& q, const Bodies& b, HktwOutcome& out, int& wind_pungs, int& dragon_pungs) {
  int wind_units = 0, value_units = 0, value_points = 0;
  const Tile seat = wind_tile(q.seat_wind), round = wind_tile(q.round_wind);
  for (const auto& s : b.sets) {
    if (!is_pung(s)) continue;
    if (is_dragon(s.tile)) ++dragon_pungs;
    if (!is_wind(s.tile)) continue;
    ++wind_pungs;
    if (s.tile == seat || s.tile == round) {
      ++value_units;
      // L22: "더블동 커츠의 경우 합 4점"
      value_points += s.tile == seat && s.tile == round ? alt(P::ValueWindPung) : pts(P::ValueWindPung);
    } else {
      ++wind_units;
    }
  }
  if (wind_units) out.add(P::WindPung, wind_units * pts(P::WindPung), wind_units);
  if (value_units) out.add(P::ValueWindPung, value_points, value_units);
  if (dragon_pungs) out.add(P::DragonPung, dragon_pungs * pts(P::DragonPung), dragon_pungs);
  bool dragon_pair = false;
  for (Tile p : b.pairs) dragon_pair |= is_dragon(p);
  // L24-25: the combination adds its own 20 / 40 to the dragon pungs (24 / 46 in all).
  if (dragon_pungs == 3) out.add(P::BigThreeDragons, pts(P::BigThreeDragons));
  else if (dragon_pungs == 2 && dragon_pair) out.add(P::LittleThreeDragons, pts(P::LittleThreeDragons));
}

void kan_patterns(const Bodies& b, HktwOutcome& out) {
  int open = 0, closed = 0;
  for (const auto& s : b.sets) {
    if (s.kind != SetKind::Kan) continue;
    if (s.meld_kind == MeldKind::Ankan) ++closed;
    else ++open;
  }
  if (open) out.add(P::OpenKan, open * pts(P::OpenKan), open);
  if (closed) out.add(P::ClosedKan, closed * pts(P::ClosedKan), closed);
}

// 24-26: chows grouped by their numbers (L56-62).
void chow_patterns(const HktwRequest& q, const Bodies& b, HktwOutcome& out) {
  int by_number[7][3] = {};
  for (const auto& s : b.sets)
    if (s.kind == SetKind::Sequence) ++by_number[s.tile % 9][s.tile / 9];
  int mixed_double_groups = 0, pure_doubles = 0;
  auto peko = [&](int n) {  // n identical chows in one suit
    if (n == 2) ++pure_doubles;
    else if (n == 3) out.add(P::PureTripleChow, pts(P::PureTripleChow));
    else if (n >= 4) out.add(P::PureQuadrupleChow, pts(P::PureQuadrupleChow));
  };
  for (int n = 0; n < 7; ++n) {
    const int* c = by_number[n];
    const int suits = (c[0] > 0) + (c[1] > 0) + (c[2] > 0);
    const int total = c[0] + c[1] + c[2];
    if (total == 5 && suits == 3) {
      out.add(P::FiveSameChows, pts(P::FiveSameChows));  // L59: replaces 24-x and 26-1
    } else if (suits == 3) {
      // L58: "이페커와 중복이 불가능": the fourth chow duplicates a suit without 이페커.
      out.add(total >= 4 ? P::MixedTripleChowPlusOne : P::MixedTripleChow,
              pts(total >= 4 ? P::MixedTripleChowPlusOne : P::MixedTripleChow));
    } else if (suits == 2) {
      int peko_points = 0;
      for (int s = 0; s < 3; ++s)
        peko_points += c[s] == 2 ? pts(P::PureDoubleChow) : c[s] == 3 ? pts(P::PureTripleChow) : c[s] >= 4 ? pts(P::PureQuadrupleChow) : 0;
      switch (q.rules.mixed_double_with_pure_double) {  // B11
        case MixedDoubleWithPureDouble::Add:
          ++mixed_double_groups;
          for (int s = 0; s < 3; ++s) peko(c[s]);
          break;
        case MixedDoubleWithPureDouble::Exclude:
          ++mixed_double_groups;
          break;
        case MixedDoubleWithPureDouble::Max:
          if (peko_points > pts(P::MixedDoubleChow)) for (int s = 0; s < 3; ++s) peko(c[s]);
          else ++mixed_double_groups;
          break;
      }
    } else {
      for (int s = 0; s < 3; ++s) peko(c[s]);
    }
  }
  if (mixed_double_groups) out.add(P::MixedDoubleChow, mixed_double_groups * pts(P::MixedDoubleChow), mixed_double_groups);
  // L60: "각각 3점", "량페커는 없다": two of them are 3 + 3.
  if (pure_doubles) out.add(P::PureDoubleChow, pure_doubles * pts(P::PureDoubleChow), pure_doubles);
}

// 27-32: pungs by number and suit (L63-74). Kans count as pungs.
void pung_patterns(const Bodies& b, HktwOutcome& out) {
  bool pung[3][9] = {};
  for (const auto& s : b.sets)
    if (is_pung(s) && !is_honor(s.tile)) pung[s.tile / 9][s.tile % 9] = true;
  bool pair_at[3][9] = {};
  for (Tile p : b.pairs)
    if (!is_honor(p)) pair_at[p / 9][p % 9] = true;

  // 27: the same number in two or three suits; one member of the family.
  P same = P::Count;
  for (int n = 0; n < 9; ++n) {
    const int suits = pung[0][n] + pung[1][n] + pung[2][n];
    P here = P::Count;
    if (suits == 3) here = P::TriplePung;
    else if (suits == 2) {
      int third = !pung[0][n] ? 0 : !pung[1][n] ? 1 : 2;
      here = pair_at[third][n] ? P::LittleTriplePung : P::DoublePung;
    }
    if (here != P::Count && (same == P::Count || pts(here) > pts(same))) same = here;
  }
  if (same != P::Count) out.add(same, pts(same));

  // 28-30: consecutive pungs in one suit, with the next number as the pair ("little").
  // The pair may sit at either end of the run (222 333 44 or 11 222 333).
  P shifted = P::Count;
  for (int s = 0; s < 3; ++s)
    for (int n = 0; n < 9; ++n) {
      if (!pung[s][n] || (n > 0 && pung[s][n - 1])) continue;
      int len = 0;
      while (n + len < 9 && pung[s][n + len]) ++len;
      const bool pair = (n > 0 && pair_at[s][n - 1]) || (n + len < 9 && pair_at[s][n + len]);
      static constexpr P kFull[6] = {P::Count, P::Count, P::TwoShiftedPungs, P::ThreeShiftedPungs, P::FourShiftedPungs,
                                     P::FiveShiftedPungs};
      static constexpr P kLittle[6] = {P::Count, P::Count, P::LittleThreeShiftedPungs, P::LittleFourShiftedPungs,
                                       P::LittleFiveShiftedPungs, P::FiveShiftedPungs};
      const P here = pair ? kLittle[len] : kFull[len];
      if (here != P::Count && (shifted == P::Count || pts(here) > pts(shifted))) shifted = here;
    }
  if (shifted != P::Count) out.add(shifted, pts(shifted));

  // 31: n, n+1, n+2 pungs in three different suits.
  static constexpr int kPerm[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  bool mixed = false;
  for (int n = 0; n + 2 < 9 && !mixed; ++n)
    for (const auto& p : kPerm)
      if (pung[p[0]][n] && pung[p[1]][n + 1] && pung[p[2]][n + 2]) mixed = true;
  if (mixed) out.add(P::MixedShiftedPungs, pts(P::MixedShiftedPungs));

  // 32: 111 and 999 of one suit.
  for (int s = 0; s < 3; ++s)
    if (pung[s][0] && pung[s][8]) {
      out.add(P::TerminalPungs, pts(P::TerminalPungs));
      break;
    }
}

// 33-35 사귀: all four copies of a tile spread over 2 / 3 / 4 bodies, no kan (L75-77, B12).
void four_copies(const HktwRules& rules, const HktwFacts& f, const HktwReading& r, const Bodies& b, HktwOutcome& out) {
  if (r.shape != HktwShape::Standard && r.shape != HktwShape::SevenPairsPung && r.shape != HktwShape::KnittedStraight) return;
  for (int t = 0; t < kTileKinds; ++t) {
    if (f.all[t] != 4) continue;
    int bodies = 0, copies = 0;
    bool any_called = false, in_kan = false;
    int same_chows = 0;
    for (const auto& s : b.sets) {
      const bool contains = s.kind == SetKind::Sequence ? (t >= s.tile && t <= s.tile + 2) : t == s.tile;
      if (!contains) continue;
      if (s.kind == SetKind::Kan) in_kan = true;
      ++bodies;
      copies += s.kind == SetKind::Sequence ? 1 : 3;
      any_called |= called(s);
      same_chows = s.kind == SetKind::Sequence ? same_chows + 1 : same_chows;
    }
    for (Tile p : b.pairs)
      if (p == t) {
        ++bodies;
        copies += 2;
      }
    if (in_kan || copies != 4) continue;  // a copy among the knitted singles: not in bodies
    // B12: the four copies all inside one 사페커 (four identical chows) score only the 30.
    bool in_quadruple = false;
    if (same_chows == 4) {
      Tile start = kNoTile;
      bool identical = true;
      for (const auto& s : b.sets)
        if (s.kind == SetKind::Sequence && t >= s.tile && t <= s.tile + 2) {
          if (start == kNoTile) start = s.tile;
          identical &= s.tile == start;
        }
      in_quadruple = identical;
    }
    if (in_quadruple && !rules.four_copies_in_quadruple_chow) continue;
    const P p = bodies == 2 ? P::FourInTwo : bodies == 3 ? P::FourInThree : bodies == 4 ? P::FourInFour : P::Count;
    if (p == P::Count) continue;
    out.add(p, any_called ? alt(p) : pts(p), 1, static_cast<Tile>(t));
  }
}

// 36-37: straights; "해당 몸통을 울면" = one of the three chows is a chi (B13).
void straights(const Bodies& b, HktwOutcome& out) {
  // best[s][k]: a chow of suit s starting at 1+3k exists (1), and one of them is not called (2).
  int best[3][3] = {};
  for (const auto& s : b.sets) {
    if (s.kind != SetKind::Sequence || s.tile % 9 % 3 != 0) continue;
    int& cell = best[s.tile / 9][s.tile % 9 / 3];
    cell = std::max(cell, called(s) ? 1 : 2);
  }
  int pure = 0;
  for (int s = 0; s < 3; ++s)
    if (best[s][0] && best[s][1] && best[s][2]) {
      const bool open = best[s][0] == 1 || best[s][1] == 1 || best[s][2] == 1;
      pure = std::max(pure, open ? alt(P::PureStraight) : pts(P::PureStraight));
    }
  if (pure) out.add(P::PureStraight, pure);
  static constexpr int kPerm[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  int mixed = 0;
  for (const auto& p : kPerm)
    if (best[p[0]][0] && best[p[1]][1] && best[p[2]][2]) {
      const bool open = best[p[0]][0] == 1 || best[p[1]][1] == 1 || best[p[2]][2] == 1;
      mixed = std::max(mixed, open ? alt(P::MixedStraight) : pts(P::MixedStraight));
    }
  if (mixed) out.add(P::MixedStraight, mixed);
}

// 46-47: wind combinations (L90-93).
void wind_combinations(const HktwRequest& q, const Bodies& b, int wind_pungs, HktwOutcome& out) {
  bool wind_pair = false;
  for (Tile p : b.pairs) wind_pair |= is_wind(p);
  P p = P::Count;
  if (wind_pungs == 4) p = P::BigFourWinds;
  else if (wind_pungs == 3) p = wind_pair ? P::LittleFourWinds : P::BigThreeWinds;
  else if (wind_pungs == 2 && wind_pair) p = P::LittleThreeWinds;
  if (p == P::Count) return;
  out.add(p, pts(p));
  if (!q.rules.wind_combo_adds_pungs) {  // B20
    out.remove(P::WindPung);
    out.remove(P::ValueWindPung);
  }
}

// 53: every body holds a terminal or honour (L103-106). Standard and seven pairs + pung.
void outside_hands(const HktwFacts& f, const HktwReading& r, const Bodies& b, HktwOutcome& out) {
  if (r.shape != HktwShape::Standard && r.shape != HktwShape::SevenPairsPung) return;
  bool all_terminal_or_honour = true, all_terminal = true;
  for (int t = 0; t < kTileKinds; ++t) {
    if (!f.all[t]) continue;
    all_terminal_or_honour &= is_terminal_or_honor(static_cast<Tile>(t));
    all_terminal &= is_terminal(static_cast<Tile>(t));
  }
  if (all_terminal) return out.add(P::AllTerminals, pts(P::AllTerminals));
  if (all_terminal_or_honour && f.has_terminals && f.has_honours)
    return out.add(P::AllTerminalsAndHonours, pts(P::AllTerminalsAndHonours));
  bool every_terminal = true, every_terminal_or_honour = true;
  for (const auto& s : b.sets) {
    const bool terminal = s.kind == SetKind::Sequence ? (s.tile % 9 == 0 || s.tile % 9 == 6) : is_terminal(s.tile);
    every_terminal &= terminal;
    every_terminal_or_honour &= terminal || is_honor(s.tile);
  }
  for (Tile p : b.pairs) {
    every_terminal &= is_terminal(p);
    every_terminal_or_honour &= is_terminal_or_honor(p);
  }
  if (every_terminal && !f.has_honours) out.add(P::PureOutsideHand, pts(P::PureOutsideHand));
  else if (every_terminal_or_honour && f.has_honours) out.add(P::OutsideHand, pts(P::OutsideHand));
}

}  // namespace

void HktwOutcome::remove(HktwPattern p) {
  SmallList<HktwPatternEntry, 48> kept;
  for (const auto& e : patterns)
    if (e.pattern == p) points -= e.points;
    else kept.push(e);
  patterns = kept;
}

void find_hktw_patterns(const HktwRequest& q, const HktwFacts& f, const HktwReading& r, HktwOutcome& out) {
  out = HktwOutcome{};
  const HktwRules& rules = q.rules;
  const Bodies b = bodies_of(r);
  const bool special = r.shape == HktwShape::OrphansPlusSet || r.shape == HktwShape::SixteenUnrelated;

  flower_patterns(q, out);
  int wind_pungs = 0, dragon_pungs = 0;
  honour_pungs(q, b, out, wind_pungs, dragon_pungs);
  kan_patterns(b, out);

  // 8: riichi (L28-30).
  if (q.riichi == HktwRiichi::OpenHand) out.add(P::OpenRiichi, pts(P::OpenRiichi));
  if (q.riichi == HktwRiichi::Closed) out.add(P::ClosedRiichi, pts(P::ClosedRiichi));
  if (q.ippatsu) out.add(P::Ippatsu, pts(P::Ippatsu));

  // 11-13: the wait (L33-35; B6-B8), from the wait set of the 16 tiles before the win.
  const bool wait_patterns = !special || rules.wait_patterns_on_special_hands;
  if (wait_patterns && q.has_win_tile) {
    if (!q.tsumo && r.wait == Wait::Shanpon && r.shape != HktwShape::SevenPairsPung)  // B24
      out.add(P::ShanponRon, pts(P::ShanponRon));
    const bool true_single_shape = r.wait == Wait::Tanki || r.wait == Wait::Kanchan || r.wait == Wait::Penchan;
    const bool false_single_shape =
        r.wait == Wait::Tanki || (rules.false_single_includes_kanchan_penchan && true_single_shape);
    if (true_single_shape && f.waits.size() == 1) out.add(P::TrueSingleWait, pts(P::TrueSingleWait));
    else if (false_single_shape && f.waits.size() >= 2) out.add(P::FalseSingleWait, pts(P::FalseSingleWait));
  }

  // 14: 2-5-8 pair, standard hands (DEFAULT; B24).
  if (r.shape == HktwShape::Standard && !is_honor(r.pair) && number_of(r.pair) % 3 == 2)
    out.add(P::Pair258, pts(P::Pair258));

  // 15-17 and 1 (L18, L37-39): 무자 + 무화 = 5; + 평화 (five chows, any wait) = 15.
  if (!f.has_honours) {
    bool all_chows = r.shape == HktwShape::Standard;
    for (const auto& s : b.sets) all_chows &= s.kind == SetKind::Sequence;
    if (q.flowers == 0) {
      const P p = all_chows ? P::NoHonoursNoFlowersAllChows : P::NoHonoursNoFlowers;
      out.add(p, pts(p));
    } else {
      out.add(P::NoHonours, pts(P::NoHonours));
    }
  } else if (q.flowers == 0) {
    out.add(P::NoFlowers, pts(P::NoFlowers));
  }

  // 18 (L40-42): 문전 3, 쯔모 1, both 5.
  bool concealed_point = f.closed;
  if (r.shape == HktwShape::OrphansPlusSet && !rules.orphans_add_concealed) concealed_point = false;  // B23
  bool tsumo_point = q.tsumo;
  if (q.riichi == HktwRiichi::Closed && !rules.riichi_adds_concealed) concealed_point = false;  // B21
  if ((q.flower_replacement_win > 0 || q.kan_replacement_win > 0) && !rules.replacement_win_adds_tsumo)
    tsumo_point = false;  // B22
  if (concealed_point && tsumo_point) out.add(P::ConcealedSelfDraw, pts(P::ConcealedSelfDraw));
  else if (concealed_point) out.add(P::ConcealedHand, pts(P::ConcealedHand));
  else if (tsumo_point) out.add(P::SelfDraw, pts(P::SelfDraw));

  // 19-22: the situation (L43-50).
  if (q.haitei || q.houtei) out.add(P::LastTile, pts(P::LastTile));
  if (q.flower_replacement_win > 0) out.add(P::FlowerReplacementWin, 2 * q.flower_replacement_win + 1);
  static constexpr P kKan[4] = {P::Count, P::KanReplacementWin, P::TwoKanReplacementWin, P::ThreeKanReplacementWin};
  static constexpr P kRob[4] = {P::Count, P::RobbingKan, P::RobbingSecondKan, P::RobbingThirdKan};
  if (q.kan_replacement_win > 0) out.add(kKan[q.kan_replacement_win], pts(kKan[q.kan_replacement_win]));
  if (q.chankan > 0) out.add(kRob[q.chankan], pts(kRob[q.chankan]));

  // 23: concealed pungs, closed kans included; a pung completed by ron is not (B9).
  int concealed_pungs = 0;
  for (const auto& s : b.sets) concealed_pungs += is_pung(s) && s.concealed;
  static constexpr P kConcealed[6] = {P::Count, P::Count, P::TwoConcealedPungs, P::ThreeConcealedPungs,
                                      P::FourConcealedPungs, P::FiveConcealedPungs};
  if (concealed_pungs >= 2) {
    P p = kConcealed[concealed_pungs];
    if (concealed_pungs == 5 && q.tsumo) {
      if (rules.five_concealed_pungs_tsumo_adds) out.add(p, pts(p));
      p = P::FiveConcealedPungsTsumo;  // L55; B10: replaces 80 by default
    }
    out.add(p, pts(p));
  }

  chow_patterns(q, b, out);
  pung_patterns(b, out);
  four_copies(rules, f, r, b, out);
  straights(b, out);

  if (r.shape == HktwShape::KnittedStraight) out.add(P::KnittedStraight, pts(P::KnittedStraight));

  // 39-40 (L81-82): not on the special shapes where they always hold (B15).
  if (f.suit_count == 3 && f.has_winds && f.has_dragons && (!special || rules.five_gates_on_special)) {
    const bool both_flower_kinds = (q.flowers & 0x0F) && (q.flowers & 0xF0);
    out.add(both_flower_kinds ? P::AllSevenTypes : P::AllFiveTypes, pts(both_flower_kinds ? P::AllSevenTypes : P::AllFiveTypes));
  }
  // 41-42 (L83-85).
  if ((f.suit_count == 2 || (f.suit_count == 1 && rules.one_suit_missing_on_full_flush)) && !f.has_honours)
    out.add(P::OneSuitMissing, pts(P::OneSuitMissing));  // B17
  if (f.suit_count == 1) out.add(f.has_honours ? P::HalfFlush : P::FullFlush, pts(f.has_honours ? P::HalfFlush : P::FullFlush));

  // 43 (L86).
  if (r.shape == HktwShape::Standard) {
    bool all_pungs = true;
    for (const auto& s : b.sets) all_pungs &= is_pung(s);
    if (all_pungs) out.add(P::AllPungs, pts(P::AllPungs));
  }
  // 44 (L87): all five sets called, waiting on the pair.
  if (r.shape == HktwShape::Standard && r.win_set == -1 && q.has_win_tile) {
    int calls = 0;
    for (const auto& s : b.sets) calls += called(s);
    if (calls == 5) {
      out.add(P::AllMeldedSingleWait, q.tsumo ? alt(P::AllMeldedSingleWait) : pts(P::AllMeldedSingleWait));
      if (!rules.all_melded_plus_single_wait) out.remove(P::TrueSingleWait);  // B18
    }
  }
  // 45 (L88-89; B19).
  if (q.discards_on_table >= 0 && q.discards_on_table <= 7) out.add(P::EarlyWin7, pts(P::EarlyWin7));
  else if (q.discards_on_table >= 0 && q.discards_on_table <= 10) out.add(P::EarlyWin10, pts(P::EarlyWin10));

  wind_combinations(q, b, wind_pungs, out);

  // 48-50: the special shapes.
  if (r.shape == HktwShape::OrphansPlusSet) {
    const bool four = is_pung(r.sets[0]) && is_terminal_or_honor(r.sets[0].tile);  // L95: 1111통
    out.add(four ? P::OrphansFourOfAKind : P::OrphansPlusSet, pts(four ? P::OrphansFourOfAKind : P::OrphansPlusSet));
  }
  if (r.shape == HktwShape::SixteenUnrelated)
    out.add(r.knitted ? P::KnittedSixteen : P::SixteenUnrelated, pts(r.knitted ? P::KnittedSixteen : P::SixteenUnrelated));
  if (r.shape == HktwShape::SevenPairsPung) out.add(P::SevenPairsPlusPung, pts(P::SevenPairsPlusPung));

  // 52 (L102), 53 (L103-106).
  if (f.all_simples) out.add(P::AllSimples, pts(P::AllSimples));
  outside_hands(f, r, b, out);

  // B16 off: 결일문 and 탕야오 absorb 무자.
  if (!rules.stack_no_suit_with_no_honours && (out.has(P::OneSuitMissing) || out.has(P::AllSimples)))
    out.remove(P::NoHonours);

  // 54 (L107-109).
  if (q.tenhou) out.add(P::HeavenlyHand, pts(P::HeavenlyHand));
  if (q.chiihou) out.add(P::EarthlyHand, pts(P::EarthlyHand));
  if (q.renhou) out.add(P::HumanHand, pts(P::HumanHand));
  if ((q.tenhou || q.chiihou || q.renhou) && !rules.first_turn_wins_stack) {  // B30: the first-turn win alone
    HktwOutcome kept;
    for (const auto& e : out.patterns)
      if (e.pattern == P::HeavenlyHand || e.pattern == P::EarthlyHand || e.pattern == P::HumanHand ||
          e.pattern == P::NoFlowers || e.pattern == P::Flower || e.pattern == P::OwnFlower || e.pattern == P::FlowerSet)
        kept.add(e.pattern, e.points, e.count, e.tile);
    out = kept;
  }

  // 9-10 last (L31-32): nothing but flower points (and honba) -> 닭 on ron, 오리 on tsumo.
  std::int64_t other = 0;
  bool self_draw = false;
  for (const auto& e : out.patterns) {
    if (e.pattern == P::NoFlowers || e.pattern == P::Flower || e.pattern == P::OwnFlower) continue;
    if (e.pattern == P::SelfDraw) { self_draw = true; continue; }  // B5: "쯔모는 따로 계산"
    other += e.points;
  }
  if (other == 0 && !out.has(P::FlowerSet)) {
    if (!q.tsumo) {
      out.add(P::Chicken, pts(P::Chicken));
    } else {
      out.add(P::Duck, pts(P::Duck));
      if (self_draw && !rules.duck_adds_tsumo) out.remove(P::SelfDraw);
    }
  }
}

HktwFacts hktw_facts(const HktwRequest& q) {
  HktwFacts f;
  f.all = q.hand;
  for (const Meld& m : q.melds) {
    for (int k = 0; k < m.size(); ++k) ++f.all[m.kind == MeldKind::Chi ? m.tile + k : m.tile];
    if (m.is_open()) f.closed = false;
  }
  for (int t = 0; t < kTileKinds; ++t) {
    if (!f.all[t]) continue;
    const Tile tile = static_cast<Tile>(t);
    if (is_honor(tile)) {
      f.has_honours = true;
      f.has_winds |= is_wind(tile);
      f.has_dragons |= is_dragon(tile);
    } else {
      f.suits[t / 9] = true;
    }
    f.has_terminals |= is_terminal(tile);
    f.all_simples &= is_simple(tile);
  }
  f.suit_count = f.suits[0] + f.suits[1] + f.suits[2];
  // The wait set (B6): every tile that completes the 16 tiles before the win, except
  // one the winner holds all four of.
  if (q.has_win_tile) {
    TileCounts before = q.hand;
    --before[q.win_tile];
    TileCounts held = f.all;
    --held[q.win_tile];
    // 5 sets + a pair through the compiled shanten table (one suit group per tile);
    // the special shapes by their readings.
    const StandardShanten standard(before, 5 - static_cast<int>(q.melds.size()));
    const bool special = hktw_special_possible(before, q.melds);
    for (int t = 0; t < kTileKinds; ++t) {
      if (held[t] >= 4) continue;
      // A tile neither held nor within two of a held tile of its suit stays alone in any set reading.
      bool near = before[t] > 0;
      if (!is_honor(static_cast<Tile>(t)))
        for (int d = -2; d <= 2 && !near; ++d)
          near = t % 9 + d >= 0 && t % 9 + d <= 8 && before[t + d] > 0;
      bool complete = near && standard.draws_needed_with(static_cast<Tile>(t)) == 0;
      if (!complete && special) {
        ++before[t];
        complete = hktw_special_complete(before, q.melds);
        --before[t];
      }
      if (complete) f.waits.push(static_cast<Tile>(t));
    }
  }
  return f;
}

}  // namespace tenbou
