// Riichi scoring: readings x winning-tile placements -> the best-paying one.
#include <algorithm>
#include <optional>

#include "tenbou/riichi.hpp"
#include "core/meld_set.hpp"
#include "riichi/riichi_hand.hpp"

namespace tenbou {
namespace {

// Where the readings after the first are scored (made only for hands that have several).
struct Scratch {
  SmallList<YakuEntry, 24> yaku;
  SmallList<FuItem, 12> fu_items;
  Payments payments;
};

// Better = more points, then a real yakuman over a counted one, then han, then fu.
bool better(const Payments& ap, int a_yakuman, int a_han, int a_fu, const RiichiResult& b) {
  if (const int c = compare_hand_value(ap, b.payments)) return c > 0;
  if ((a_yakuman > 0) != (b.yakuman > 0)) return a_yakuman > 0;
  if (a_han != b.han) return a_han > b.han;
  return a_fu > b.fu;
}

class Scorer {
 public:
  explicit Scorer(const RiichiRequest& r) : r_(r), facts_(hand_facts(r)) {}

  // The best reading so far is scored straight into `out` (its yaku, fu items and payments):
  // a hand with one reading copies nothing.
  void run(RiichiResult& out) {
    out_ = &out;
    const int sets_needed = 4 - static_cast<int>(r_.melds.size());
    Decompositions ds;
    decompose_sets_and_pair(r_.hand, sets_needed, ds);
    for (int d = 0; d < ds.count; ++d)
      for_each_win_placement(ds.items[d], r_.win_tile, [&](int set, Wait wait) {
        cur_ = {Shape::Standard, &ds.items[d], set, ds.items[d].pair, wait};
        consider();
      });
    if (r_.melds.empty()) {
      // Seven pairs hold the winning tile twice; thirteen orphans win on an orphan.
      if (r_.hand[r_.win_tile] == 2 && is_seven_pairs(r_.hand)) {
        special_reading(Shape::SevenPairs, Wait::Tanki);
        consider();
      }
      if (is_terminal_or_honor(r_.win_tile) && is_thirteen_orphans(r_.hand)) {
        special_reading(Shape::ThirteenOrphans, r_.hand[r_.win_tile] == 2 ? Wait::Kokushi13 : Wait::Tanki);
        consider();
      }
    }
    if (!complete_) return fail(out, ErrorCode::NotWinning);
    if (!have_best_) return fail(out, ErrorCode::NoYaku);
    build_result(out);
  }

 private:
  // The two scoring failures say the same every time: their error is made once and shared
  // (a hand in seven fails one way or the other; allocating per failure cost ~10% of them).
  static void fail(RiichiResult& out, ErrorCode code) {
    static const std::shared_ptr<const ResultError> not_winning = std::make_shared<const ResultError>(ResultError{
        ErrorCode::NotWinning, {}, {},
        "the tiles do not form a complete hand (4 sets + a pair, seven pairs or thirteen orphans)"});
    static const std::shared_ptr<const ResultError> no_yaku = std::make_shared<const ResultError>(ResultError{
        ErrorCode::NoYaku, {}, {}, "the hand is complete but has no yaku (dora alone do not allow a win)"});
    out = RiichiResult();
    out.error = code == ErrorCode::NotWinning ? not_winning : no_yaku;
  }

  void special_reading(Shape shape, Wait wait) { cur_ = {shape, nullptr, -1, kNoTile, wait}; }

  // Scores the current reading: into the result while it holds no best, else into the
  // scratch, copied over the result when better.
  void consider() {
    complete_ = true;
    const Reading& rd = cur_;
    if (!have_best_) {
      RiichiResult& res = *out_;
      YakuOutcome y;
      find_yaku(r_, facts_, rd, res.yaku, y);
      if (!y.has_yaku) return;
      res.han = y.han;
      res.yakuman = y.yakuman;
      res.fu = count_fu(r_, facts_, rd, y, res.fu_details);
      compute_payments_into(query(y, res.fu), r_.rules, res.payments);
      best_ = cur_;
      have_best_ = true;
      return;
    }
    if (!scratch_) scratch_.emplace();
    Scratch& c = *scratch_;
    YakuOutcome y;
    find_yaku(r_, facts_, rd, c.yaku, y);
    if (!y.has_yaku) return;
    const int fu = count_fu(r_, facts_, rd, y, c.fu_items);
    compute_payments_into(query(y, fu), r_.rules, c.payments);
    RiichiResult& res = *out_;
    if (better(c.payments, y.yakuman, y.han, fu, res)) {
      res.han = y.han;
      res.yakuman = y.yakuman;
      res.fu = fu;
      res.yaku = c.yaku;
      res.fu_details = c.fu_items;
      res.payments = c.payments;
      best_ = cur_;
    }
  }

  PointsQuery query(const YakuOutcome& y, int fu) const {
    PointsQuery q;
    q.method = r_.method;
    q.han = y.han;
    q.fu = fu;
    q.yakuman = y.yakuman;
    q.dealer = r_.dealer();
    q.tsumo = r_.tsumo;
    q.honba = r_.honba;
    q.riichi_sticks = r_.riichi_sticks;
    q.players = r_.players;
    if (r_.kita && r_.rules.kita_dora && !r_.rules.kita_kazoe) q.kazoe_han = y.han - r_.kita;
    return q;
  }

  void build_result(RiichiResult& res) const {
    res.ok = true;
    res.error.reset();
    res.decomposition.count = 0;
    res.method = r_.method;
    res.wait = best_.wait;
    res.dealer = r_.dealer();
    res.tsumo = r_.tsumo;
    res.players = r_.players;
    const Reading& rd = best_;
    if (rd.shape == Shape::Standard) {
      // The concealed sets come first and in tile order (decompose_sets_and_pair): the pair
      // goes before the first set on a higher tile, then the declared melds. (Written through
      // a local count: pushes reload the list's count, which the sets' bytes may alias.)
      const Decomposition& d = *rd.concealed;
      ShownSet* const out = res.decomposition.items.data();
      int i = 0, n = 0;
      for (; i < d.set_count && d.sets[i].tile <= rd.pair; ++i)
        out[n++] = {d.sets[i].kind, d.sets[i].tile, false, false, MeldKind::Pon};
      out[n++] = {SetKind::Triplet, rd.pair, true, false, MeldKind::Pon};
      for (; i < d.set_count; ++i) out[n++] = {d.sets[i].kind, d.sets[i].tile, false, false, MeldKind::Pon};
      for (const Meld& m : r_.melds) {
        const SetKind kind = set_kind_of(m);
        out[n++] = {kind, m.tile, false, true, m.kind};
      }
      res.decomposition.count = n;
    } else if (rd.shape == Shape::SevenPairs) {
      for (int t = 0; t < kTileKinds; ++t)
        if (r_.hand[t] == 2) res.decomposition.push({SetKind::Triplet, static_cast<Tile>(t), true, false, MeldKind::Pon});
    } else {  // thirteen orphans: the pair, then the twelve single tiles
      for (int t = 0; t < kTileKinds; ++t)
        if (r_.hand[t]) res.decomposition.push({SetKind::Triplet, static_cast<Tile>(t), r_.hand[t] == 2, false, MeldKind::Pon, r_.hand[t] == 1});
    }
  }

  const RiichiRequest& r_;
  HandFacts facts_;
  RiichiResult* out_ = nullptr;
  bool complete_ = false;
  bool have_best_ = false;
  Reading cur_, best_;  // the reading being scored; the best so far (scored into the result)
  std::optional<Scratch> scratch_;
};

}  // namespace

void score_riichi_into(const RiichiRequest& request, RiichiResult& out) { Scorer(request).run(out); }

RiichiResult score_riichi(const RiichiRequest& request) {
  RiichiResult out;
  score_riichi_into(request, out);
  return out;
}

}  // namespace tenbou
