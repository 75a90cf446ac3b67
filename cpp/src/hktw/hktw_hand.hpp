// One reading of a winning Hong Kong-Taiwan hand (17 tiles), as the pattern rules
// see it: the shapes of hktw.md section 5 (standard 5 sets + pair, seven pairs +
// a pung, thirteen orphans + a set, sixteen unrelated tiles, knitted straight + 2
// sets + pair). Readings are enumerated in cpp/src/hktw/readings.cpp with the
// same decomposer as every family (decompose.hpp, 5 sets here).
#pragma once
#include <array>
#include <cstdint>

#include "tenbou/hktw.hpp"

namespace tenbou {

enum class HktwShape : std::uint8_t { Standard, SevenPairsPung, OrphansPlusSet, SixteenUnrelated, KnittedStraight };
const char* hktw_shape_name(HktwShape shape);

struct HktwSet {
  SetKind kind;
  Tile tile;
  bool concealed;  // not called; a pung completed by ron is not (B9)
  bool declared;   // a meld of the request
  MeldKind meld_kind;
};

struct HktwReading {
  HktwShape shape = HktwShape::Standard;
  std::array<HktwSet, 5> sets{};
  int set_count = 0;
  Tile pair = kNoTile;        // standard / knitted straight: the pair; orphans / sixteen: the duplicated tile
  SmallList<Tile, 8> pairs;   // seven pairs + pung: each pair (a tile held four times gives two)
  bool knitted = false;       // sixteen unrelated with 147 / 258 / 369 across the suits (49-2)
  std::array<std::uint8_t, 3> knit{};  // knitted shapes: suit s holds the numbers 1+knit[s], 4+knit[s], 7+knit[s]
  Wait wait = Wait::None;     // the shape the winning tile completed; None: no wait pattern applies
  int win_set = -2;           // the set the winning tile completed, -1 the pair, -2 elsewhere (a single tile)
};

using HktwReadings = SmallList<HktwReading, 48>;

// Every reading of concealed tiles + declared melds as a complete 17-tile hand,
// before the winning tile is placed (wait None, every concealed set concealed).
void hktw_readings(const TileCounts& concealed, const SmallList<Meld, 5>& melds, HktwReadings& out);

// Whether the tiles form one of the shapes other than 5 sets + a pair (the wait test
// asks the shanten table for that one).
bool hktw_special_complete(const TileCounts& concealed, const SmallList<Meld, 5>& melds);
// Whether one more tile could make a special shape of `before` at all (a cheap necessary
// condition, asked once before trying every tile).
bool hktw_special_possible(const TileCounts& before, const SmallList<Meld, 5>& melds);

// Calls `each(reading)` once per place the winning tile can take in `base`, with
// its wait and the concealment it leaves (B9: a pung completed by ron is open).
// A seven-pairs reading whose pung was completed by ron is not offered (50 needs a
// concealed pung) unless the rules say such a pung stays concealed.
template <typename Each>
void for_each_hktw_placement(const HktwReading& base, Tile win, bool tsumo, const HktwRules& rules, Each&& each) {
  const bool ron_opens = !tsumo && !rules.ron_completed_pung_is_concealed;
  if (base.shape == HktwShape::SevenPairsPung) {
    if (base.sets[0].tile == win) {
      if (ron_opens) return;
      HktwReading r = base;
      r.win_set = 0;
      each(r);
    } else {
      HktwReading r = base;
      r.wait = Wait::Tanki;
      r.win_set = -1;
      each(r);
    }
    return;
  }
  if (base.pair == win) {
    HktwReading r = base;
    r.wait = Wait::Tanki;
    r.win_set = -1;
    each(r);
  }
  for (int i = 0; i < base.set_count; ++i) {
    const HktwSet& s = base.sets[i];
    if (s.declared) continue;
    const bool contains = s.kind == SetKind::Sequence ? (win >= s.tile && win <= s.tile + 2) : win == s.tile;
    if (!contains) continue;
    bool same_as_earlier = false;
    for (int j = 0; j < i; ++j)
      same_as_earlier |= !base.sets[j].declared && base.sets[j].kind == s.kind && base.sets[j].tile == s.tile;
    if (same_as_earlier) continue;  // two identical sets are one placement
    HktwReading r = base;
    r.win_set = i;
    if (s.kind == SetKind::Sequence) {
      r.wait = wait_for_sequence(s.tile, win);
    } else {
      r.wait = Wait::Shanpon;
      if (ron_opens) r.sets[i].concealed = false;
    }
    each(r);
  }
  // The winning tile as one of the single tiles: a lone orphan or unrelated tile is a
  // single-tile wait (the duplicate was offered as the pair above); a knitted tile
  // completes no regular set or pair, so no wait pattern applies to it (B8).
  bool single = false;
  if (base.shape == HktwShape::OrphansPlusSet) single = is_terminal_or_honor(win) && base.pair != win;
  if (base.shape == HktwShape::SixteenUnrelated) single = base.pair != win;
  if (base.shape == HktwShape::KnittedStraight)
    single = !is_honor(win) && (number_of(win) - 1) % 3 == base.knit[static_cast<int>(suit_of(win))];
  if (single) {
    HktwReading r = base;
    r.win_set = -2;
    r.wait = base.shape == HktwShape::KnittedStraight ? Wait::None : Wait::Tanki;
    each(r);
  }
}

// Facts about the whole hand that do not depend on the reading.
struct HktwFacts {
  TileCounts all{};          // concealed + melds (a kan counts 4)
  bool closed = true;        // no chi, pon, open or added kan
  bool suits[3] = {false, false, false};
  int suit_count = 0;
  bool has_honours = false, has_winds = false, has_dragons = false;
  bool has_terminals = false, all_simples = true;
  SmallList<Tile, 34> waits;  // the wait set of the 16 tiles before the win (B6)
};

HktwFacts hktw_facts(const HktwRequest& request);

struct HktwOutcome {
  SmallList<HktwPatternEntry, 48> patterns;
  std::int64_t points = 0;
  void add(HktwPattern p, int pts, int count = 1, Tile tile = kNoTile) {
    patterns.push({p, static_cast<std::int16_t>(pts), static_cast<std::uint8_t>(count), tile});
    points += pts;
  }
  bool has(HktwPattern p) const {
    for (const auto& e : patterns)
      if (e.pattern == p) return true;
    return false;
  }
  void remove(HktwPattern p);
};

// Decides every pattern of the reading (cpp/src/hktw/patterns.cpp).
void find_hktw_patterns(const HktwRequest& request, const HktwFacts& facts, const HktwReading& reading, HktwOutcome& out);

}  // namespace tenbou
