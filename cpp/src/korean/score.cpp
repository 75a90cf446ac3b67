// Korean scoring: readings x winning-tile placements -> the best one, the
// minimum-base-han check (묶음), the 엎어/불러 declaration check, and the
// optional house payment (korean.md sections 2, 5, 7, 9).
#include <algorithm>

#include "tenbou/json.hpp"
#include "korean/korean_hand.hpp"
#include "core/result_writer.hpp"

namespace tenbou {
namespace {

// Seven pairs in Korean rules: two pairs of one tile are allowed (L66).
bool is_korean_seven_pairs(const TileCounts& c) {
  int tiles = 0;
  for (int t = 0; t < kTileKinds; ++t) {
    if (c[t] % 2) return false;
    tiles += c[t];
  }
  return tiles == 14;
}

// Whether `t` can be part of any set or pair with the concealed tiles: it must be held
// already, or (a number) sit within two of a held tile of its suit. Anything else would
// stay a lone tile, so the declaration check need not score it.
bool could_join(const TileCounts& concealed, Tile t) {
  if (concealed[t]) return true;
  if (is_honor(t)) return false;
  const int n = t % 9;
  for (int d = -2; d <= 2; ++d)
    if (n + d >= 0 && n + d <= 8 && concealed[t + d]) return true;
  return false;
}

struct Candidate {
  KoreanReading reading;
  KoreanYakuOutcome yaku;
};

// A reading reaching the minimum beats one that does not; then more han, then more base han.
bool better(const Candidate& a, const Candidate& b, int min_base) {
  if (a.yaku.valid(min_base) != b.yaku.valid(min_base)) return a.yaku.valid(min_base);
  const int ta = a.yaku.base + a.yaku.additional, tb = b.yaku.base + b.yaku.additional;
  if (ta != tb) return ta > tb;
  return a.yaku.base > b.yaku.base;
}

class KoreanScorer {
 public:
  explicit KoreanScorer(const KoreanRequest& r) : r_(r), facts_(korean_hand_facts(r)) {}

  // False when the tiles form no complete hand.
  bool run() {
    const int sets_needed = 4 - static_cast<int>(r_.melds.size());
    Decompositions ds;
    decompose_sets_and_pair(r_.hand, sets_needed, ds);
    for (int d = 0; d < ds.count; ++d) {
      if (r_.has_win_tile) {
        for_each_win_placement(ds.items[d], r_.win_tile,
                               [&](int set, Wait wait) { consider(make_reading(ds.items[d], set, wait)); });
      } else {
        consider(make_reading(ds.items[d], -1, Wait::None));  // 천화: no last tile, all concealed
      }
    }
    if (r_.melds.empty() && is_korean_seven_pairs(r_.hand)) {
      KoreanReading rd;
      rd.seven_pairs = true;
      rd.wait = r_.has_win_tile ? Wait::Tanki : Wait::None;
      consider(rd);
    }
    return have_best_;
  }

  const Candidate& best() const { return *best_; }

 private:
  KoreanReading make_reading(const Decomposition& d, int win_set, Wait wait) const {
    KoreanReading rd;
    rd.pair = d.pair;
    rd.wait = wait;
    for (int i = 0; i < d.set_count; ++i) {
      bool concealed = true;
      if (i == win_set && d.sets[i].kind == SetKind::Triplet) {
        // L64: a pung completed by ron counts as open; L74: some houses say the
        // same of a shanpon tsumo after 엎어.
        if (!r_.tsumo) concealed = false;
        if (r_.tsumo && r_.riichi != KoreanRiichi::None && r_.rules.shanpon_tsumo_after_riichi_is_open)
          concealed = false;
      }
      rd.sets[rd.set_count++] = {d.sets[i].kind, d.sets[i].tile, concealed, false, MeldKind::Pon};
    }
    for (const Meld& m : r_.melds)
      rd.sets[rd.set_count++] = {m.is_kan() ? SetKind::Kan : SetKind::Triplet, m.tile, !m.is_open(), true, m.kind};
    return rd;
  }

  void consider(const KoreanReading& rd) {
    Candidate& c = *scratch_;
    c.reading = rd;
    find_korean_yaku(r_, facts_, rd, c.yaku);
    if (!have_best_ || better(c, *best_, r_.rules.min_base_han)) {
      std::swap(best_, scratch_);
      have_best_ = true;
    }
  }

  const KoreanRequest& r_;
  KoreanHandFacts facts_;
  bool have_best_ = false;
  Candidate buffers_[2];
  Candidate* best_ = &buffers_[0];
  Candidate* scratch_ = &buffers_[1];
};

std::string han_phrase(int n) { return std::to_string(n) + "판"; }

void show_reading(const KoreanRequest& r, const KoreanReading& rd, KoreanResult& res) {
  if (rd.seven_pairs) {
    for (int t = 0; t < kTileKinds; ++t)
      for (int k = 0; k < r.hand[t] / 2; ++k)
        res.decomposition.push({SetKind::Triplet, static_cast<Tile>(t), true, false, MeldKind::Pon});
    return;
  }
  SmallList<ShownSet, 14> concealed;
  for (int i = 0; i < rd.set_count; ++i)
    if (!rd.sets[i].declared) concealed.push({rd.sets[i].kind, rd.sets[i].tile, false, false, MeldKind::Pon});
  concealed.push({SetKind::Triplet, rd.pair, true, false, MeldKind::Pon});
  std::sort(concealed.begin(), concealed.end(), [](const ShownSet& a, const ShownSet& b) { return a.tile < b.tile; });
  res.decomposition = concealed;
  for (int i = 0; i < rd.set_count; ++i)
    if (rd.sets[i].declared) res.decomposition.push({rd.sets[i].kind, rd.sets[i].tile, false, true, rd.sets[i].meld_kind});
}

// The house payment (section 9): off unless options.unit is set.
void add_payment(const KoreanRequest& r, const KoreanRules& rules, KoreanResult& res) {
  if (rules.win_base_on) {
    const bool closed = r.closed();
    res.win_base = !closed ? rules.win_base_open : r.tsumo ? rules.win_base_menzen_tsumo : rules.win_base_menzen_ron;
  }
  if (rules.unit == 0 || !res.win_valid) return;
  for (const auto& y : res.yaku)
    if (y.han == kUnknownHan) {
      res.messages.push_back("no payment: a yaku of this hand has no known value (see unknown_yaku)");
      return;
    }
  res.has_points = true;
  res.points = std::max(res.win_base, 0) + res.han;
  res.payment = res.points * rules.unit * (r.tsumo ? 1 : rules.ron_multiplier);
  res.total = r.tsumo ? 3 * res.payment : res.payment;  // tsumo: each of the three others pays
}

// The best reading of a complete request, or false.
bool best_reading(const KoreanRequest& r, Candidate& out) {
  KoreanScorer s(r);
  if (!s.run()) return false;
  out = s.best();
  return true;
}

}  // namespace

KoreanResult KoreanResult::failure(ErrorCode code, std::string message, std::string reason, std::string field) {
  KoreanResult r;
  r.ok = false;
  r.error = std::make_shared<const ResultError>(ResultError{code, std::move(reason), std::move(field), std::move(message)});
  return r;
}

DeclarationCheck korean_declaration_check(const KoreanRequest& before) {
  DeclarationCheck check;
  TileCounts held = before.hand;
  for (const Meld& m : before.melds) held[m.tile] = static_cast<std::uint8_t>(held[m.tile] + m.size());
  KoreanRequest win = before;
  // A declaration is judged on the plain win: no last-tile or kan situation.
  win.haitei = win.houtei = win.rinshan = win.chankan = false;
  win.tenhou = win.chiihou = win.renhou = false;
  win.has_win_tile = true;
  win.flowers = 0;
  for (int t = 0; t < kTileKinds; ++t) {
    const Tile tile = static_cast<Tile>(t);
    if (suit_of(tile) == Suit::Sou || held[t] >= 4) continue;  // no fifth copy to win on
    if (!could_join(before.hand, tile)) continue;
    win.hand = before.hand;
    ++win.hand[t];
    win.win_tile = tile;
    Candidate c;
    bool waits_here = false;
    for (const bool tsumo : {false, true}) {
      // Once the declaration is found illegal only the waits are still wanted: the ron
      // reading already says whether this tile completes the hand.
      if (waits_here && !check.legal) break;
      win.tsumo = tsumo;
      if (!best_reading(win, c)) break;
      waits_here = true;
      if (check.legal && !c.yaku.valid(before.rules.min_base_han)) {
        check.legal = false;
        check.why = "winning on " + tile_name(tile) + (tsumo ? " by tsumo" : " by ron") + " gives " +
                    han_phrase(c.yaku.base) + " of base yaku, below the minimum " +
                    han_phrase(before.rules.min_base_han);
      }
    }
    if (waits_here) check.waits.push(tile);
  }
  if (check.waits.empty()) {
    check.legal = false;
    check.why = "the hand is not ready (no tile completes it)";
  }
  return check;
}

KoreanResult score_korean(const KoreanRequest& r) {
  Candidate best;
  if (!best_reading(r, best))
    return KoreanResult::failure(ErrorCode::NotWinning,
                                 "the tiles do not form a complete hand (4 sets + a pair, or seven pairs)");
  KoreanResult res;
  res.ok = true;
  res.variant = r.variant;
  res.tsumo = r.tsumo;
  res.yaku = best.yaku.yaku;
  res.base_han = best.yaku.base;
  res.additional_han = best.yaku.additional;
  res.han = res.base_han + res.additional_han;
  res.min_base_han = r.rules.min_base_han;
  res.unlimited = best.yaku.unlimited;
  res.wait = best.reading.wait;
  show_reading(r, best.reading, res);
  res.win_valid = best.yaku.valid(r.rules.min_base_han);
  if (!res.win_valid)
    res.messages.push_back("not a valid win: " + han_phrase(res.base_han) + " of base yaku, the house minimum is " +
                           han_phrase(r.rules.min_base_han) +
                           " (additional yaku such as flowers, 겐쇼 and 엎어 do not count toward it; seed 004 L56, L105)");
  if (best.yaku.chuuren_furiten)
    res.messages.push_back("구련보등 (nine gates) not counted: a tile of its suit is among the player's own discards "
                           "(진팅; seed 004 L97, L100)");
  for (const auto& y : res.yaku)
    if (y.han == kUnknownHan)
      res.messages.push_back(std::string(korean_row(y.yaku).name_ko) + " (" + korean_row(y.yaku).key + ") has no known value in " +
                             korean_variant_name(r.variant) + " (seed 004 L" + std::to_string(korean_row(y.yaku).seed_line) +
                             ": 불명); give one in options.value_overrides");
  // 엎어/불러 must be legal on every winning tile (L105-107, L119); otherwise 점프.
  // Furiten, where the house forbids it (L100, L119, footnote [8]): a ron by a hand
  // waiting on a tile of its own discards, or a 불러 on such a hand, is 점프 too.
  const bool furiten_matters = r.rules.forbid_furiten && r.has_win_tile &&
                               (!r.tsumo || r.riichi == KoreanRiichi::Bulleo || r.riichi == KoreanRiichi::WejaBulleo);
  if ((r.riichi != KoreanRiichi::None || furiten_matters) && r.has_win_tile) {
    KoreanRequest before = r;
    --before.hand[r.win_tile];
    const DeclarationCheck check = korean_declaration_check(before);
    if (furiten_matters) {
      for (Tile w : check.waits)
        if (r.own_discards[w]) {
          res.chombo = true;
          res.win_valid = false;
          res.messages.push_back("furiten (진팅), 점프 (chombo): the hand waits on " + tile_name(w) +
                                 ", among the player's own discards, and this house forbids furiten " +
                                 (r.tsumo ? "불러 (seed 004 L119)" : "ron (seed 004 L100, L119, footnote [8])"));
          break;
        }
    }
    if (r.riichi != KoreanRiichi::None && !check.legal) {
      res.chombo = true;
      res.win_valid = false;
      res.messages.push_back("illegal 엎어/불러 declaration, 점프 (chombo): " + check.why + " (seed 004 L105-107)");
    }
  }
  res.collects_draw_pool = res.win_valid && (!r.rules.draw_pool_requires_menzen_tsumo || (r.closed() && r.tsumo));
  add_payment(r, r.rules, res);
  return res;
}

Json korean_result_to_json(const KoreanResult& r) {
  JsonTreeWriter w;
  write_result(w, r);
  return w.take();
}

void korean_result_to_text(const KoreanResult& r, std::string& out) {
  JsonTextWriter w(out);
  write_result(w, r);
}

Json korean_yaku_table_json() {
  Json arr = Json::array();
  for (const auto& row : kKoreanYakuTable) {
    Json& e = arr.push(Json::object());
    e.set("key", Json::string(row.key));
    e.set("name_ko", Json::string(row.name_ko));
    e.set("name_en", Json::string(row.name_en));
    // Built apart and then moved in: a reference into `e` would not survive the next set().
    Json han = Json::object(), kind = Json::object();
    for (int v = 0; v < kKoreanVariants; ++v) {
      const char* variant = korean_variant_name(static_cast<KoreanVariant>(v));
      const int h = row.han[v];
      han.set(variant, h < 0 ? Json::null() : Json::integer(h));
      kind.set(variant, Json::string(row.kind[v] == KoreanYakuKind::Base ? "base" : "additional"));
    }
    e.set("han", std::move(han));
    e.set("kind", std::move(kind));
    e.set("per_unit", Json::boolean(row.per_unit));
    e.set("local", Json::boolean(static_cast<int>(row.id) >= kKoreanTableRows));
    e.set("seed_line", Json::integer(row.seed_line));
  }
  return arr;
}

}  // namespace tenbou
