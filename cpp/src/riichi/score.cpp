// Riichi scoring: readings x winning-tile placements -> the best-paying one.
#include <algorithm>

#include "tenbou/riichi.hpp"
#include "riichi/riichi_hand.hpp"

namespace tenbou {
namespace {

struct Candidate {
  Reading reading;
  YakuOutcome yaku;
  SmallList<FuItem, 12> fu_items;
  int fu = 0;
  Payments payments;
};

// Better = more points, then a real yakuman over a counted one, then han, then fu.
bool better(const Candidate& a, const Candidate& b) {
  if (const int c = compare_hand_value(a.payments, b.payments)) return c > 0;
  if ((a.yaku.yakuman > 0) != (b.yaku.yakuman > 0)) return a.yaku.yakuman > 0;
  if (a.yaku.han != b.yaku.han) return a.yaku.han > b.yaku.han;
  return a.fu > b.fu;
}

class Scorer {
 public:
  explicit Scorer(const RiichiRequest& r) : r_(r), facts_(hand_facts(r)) {
    // The melds' sets are the same in every reading: made once.
    for (const Meld& m : r_.melds) {
      const SetKind kind = m.kind == MeldKind::Chi ? SetKind::Sequence : m.is_kan() ? SetKind::Kan : SetKind::Triplet;
      meld_sets_[meld_count_++] = {kind, m.tile, m.is_open(), true, m.kind};
    }
  }

  void run(RiichiResult& out) {
    const int sets_needed = 4 - static_cast<int>(r_.melds.size());
    Decompositions ds;
    decompose_sets_and_pair(r_.hand, sets_needed, ds);
    for (int d = 0; d < ds.count; ++d)
      for_each_win_placement(ds.items[d], r_.win_tile, [&](int set, Wait wait) {
        make_reading(ds.items[d], set, wait, scratch_->reading);
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

  // The reading is written straight into the scratch candidate (no copy per reading).
  void make_reading(const Decomposition& d, int win_set, Wait wait, Reading& rd) const {
    rd.shape = Shape::Standard;
    rd.pair = d.pair;
    rd.wait = wait;
    rd.set_count = d.set_count + meld_count_;
    for (int i = 0; i < d.set_count; ++i) {
      // seed 001: a triplet completed by ron on a shanpon wait counts as open.
      const bool open = i == win_set && d.sets[i].kind == SetKind::Triplet && !r_.tsumo;
      rd.sets[i] = {d.sets[i].kind, d.sets[i].tile, open, false, MeldKind::Pon};
    }
    for (int i = 0; i < meld_count_; ++i) rd.sets[d.set_count + i] = meld_sets_[i];
  }

  void special_reading(Shape shape, Wait wait) {
    Reading& rd = scratch_->reading;
    rd.shape = shape;
    rd.set_count = 0;
    rd.pair = kNoTile;
    rd.wait = wait;
  }

  // Scores the scratch candidate's reading; keeps it if it beats the best
  // (the two buffers swap roles instead of copying).
  void consider() {
    complete_ = true;
    Candidate& c = *scratch_;
    const Reading& rd = c.reading;
    find_yaku(r_, facts_, rd, c.yaku);
    if (!c.yaku.has_yaku) return;
    c.fu = count_fu(r_, rd, c.yaku.han, c.fu_items);
    PointsQuery q;
    q.method = r_.method;
    q.han = c.yaku.han;
    q.fu = c.fu;
    q.yakuman = c.yaku.yakuman;
    q.dealer = r_.dealer();
    q.tsumo = r_.tsumo;
    q.honba = r_.honba;
    q.riichi_sticks = r_.riichi_sticks;
    q.players = r_.players;
    if (r_.kita && r_.rules.kita_dora && !r_.rules.kita_kazoe) q.kazoe_han = c.yaku.han - r_.kita;
    compute_payments_into(q, r_.rules, c.payments);
    if (!have_best_ || better(c, *best_)) {
      std::swap(best_, scratch_);
      have_best_ = true;
    }
  }

  void build_result(RiichiResult& res) const {
    res.ok = true;
    res.error.reset();
    res.decomposition.count = 0;
    res.method = r_.method;
    res.yakuman = best_->yaku.yakuman;
    res.han = best_->yaku.han;
    res.fu = best_->fu;
    res.yaku = best_->yaku.yaku;
    res.fu_details = best_->fu_items;
    res.payments = best_->payments;
    res.wait = best_->reading.wait;
    res.dealer = r_.dealer();
    res.tsumo = r_.tsumo;
    res.players = r_.players;
    const Reading& rd = best_->reading;
    if (rd.shape == Shape::Standard) {
      // The concealed sets come first and in tile order (decompose_sets_and_pair): the pair
      // goes before the first set on a higher tile, then the declared melds.
      const int concealed = rd.set_count - meld_count_;
      int i = 0;
      for (; i < concealed && rd.sets[i].tile <= rd.pair; ++i)
        res.decomposition.push({rd.sets[i].kind, rd.sets[i].tile, false, false, MeldKind::Pon});
      res.decomposition.push({SetKind::Triplet, rd.pair, true, false, MeldKind::Pon});
      for (; i < concealed; ++i) res.decomposition.push({rd.sets[i].kind, rd.sets[i].tile, false, false, MeldKind::Pon});
      for (; i < rd.set_count; ++i)
        res.decomposition.push({rd.sets[i].kind, rd.sets[i].tile, false, true, rd.sets[i].meld_kind});
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
  HandSet meld_sets_[4];
  int meld_count_ = 0;
  bool complete_ = false;
  bool have_best_ = false;
  Candidate buffers_[2];
  Candidate* best_ = &buffers_[0];
  Candidate* scratch_ = &buffers_[1];
};

}  // namespace

void score_riichi_into(const RiichiRequest& request, RiichiResult& out) { Scorer(request).run(out); }

RiichiResult score_riichi(const RiichiRequest& request) {
  RiichiResult out;
  score_riichi_into(request, out);
  return out;
}

}  // namespace tenbou
