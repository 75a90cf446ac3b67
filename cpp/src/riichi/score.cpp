// Riichi scoring: readings x winning-tile placements -> the best-paying one.
#include <algorithm>
#include <optional>

#include "tenbou/riichi.hpp"
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
  explicit Scorer(const RiichiRequest& r) : r_(r), facts_(hand_facts(r)) {
    // The melds' sets are the same in every reading: made once.
    for (const Meld& m : r_.melds) {
      const SetKind kind = m.kind == MeldKind::Chi ? SetKind::Sequence : m.is_kan() ? SetKind::Kan : SetKind::Triplet;
      meld_sets_[meld_count_++] = {kind, m.tile, m.is_open(), true, m.kind};
    }
  }

  // The best reading so far is scored straight into `out` (its yaku, fu items and payments):
  // a hand with one reading copies nothing.
  void run(RiichiResult& out) {
    out_ = &out;
    const int sets_needed = 4 - static_cast<int>(r_.melds.size());
    Decompositions ds;
    decompose_sets_and_pair(r_.hand, sets_needed, ds);
    for (int d = 0; d < ds.count; ++d)
      for_each_win_placement(ds.items[d], r_.win_tile, [&](int set, Wait wait) {
        make_reading(ds.items[d], set, wait, *cur_);
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

  // The reading is written straight into the current buffer (no copy per reading).
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
    Reading& rd = *cur_;
    rd.shape = shape;
    rd.set_count = 0;
    rd.pair = kNoTile;
    rd.wait = wait;
  }

  // Scores the current reading: into the result while it holds no best, else into the
  // scratch, copied over the result when better (the reading buffers swap roles).
  void consider() {
    complete_ = true;
    const Reading& rd = *cur_;
    if (!have_best_) {
      RiichiResult& res = *out_;
      YakuOutcome y;
      find_yaku(r_, facts_, rd, res.yaku, y);
      if (!y.has_yaku) return;
      res.han = y.han;
      res.yakuman = y.yakuman;
      res.fu = count_fu(r_, facts_, rd, y, res.fu_details);
      compute_payments_into(query(y, res.fu), r_.rules, res.payments);
      std::swap(best_, cur_);
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
      std::swap(best_, cur_);
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
    res.wait = best_->wait;
    res.dealer = r_.dealer();
    res.tsumo = r_.tsumo;
    res.players = r_.players;
    const Reading& rd = *best_;
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
  RiichiResult* out_ = nullptr;
  bool complete_ = false;
  bool have_best_ = false;
  Reading readings_[2];
  Reading* best_ = &readings_[0];
  Reading* cur_ = &readings_[1];
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
