#include "tenbou/payments.hpp"

namespace tenbou {

const char* limit_name(Limit limit) {
  switch (limit) {
    case Limit::None: return nullptr;
    case Limit::Mangan: return "mangan";
    case Limit::Haneman: return "haneman";
    case Limit::Baiman: return "baiman";
    case Limit::Sanbaiman: return "sanbaiman";
    case Limit::KazoeYakuman: return "kazoe_yakuman";
    case Limit::Yakuman: return "yakuman";
  }
  return nullptr;
}

std::string_view payer_name(Payer payer) {
  switch (payer) {
    case Payer::Discarder: return "discarder";
    case Payer::Dealer: return "dealer";
    case Payer::NonDealer: return "non_dealer";
  }
  return "?";
}

bool is_valid_fu(int fu) { return fu == 20 || fu == 25 || (fu >= 30 && fu <= 170 && fu % 10 == 0); }

std::string impossible_cell(int han, int fu, bool tsumo) {
  // seed 000 3.6.1.1: 25 fu is seven pairs only, itself 2 han; tsumo adds menzen tsumo.
  if (fu == 25 && han == 1) return "25 fu 1 han cannot occur: 25 fu is seven pairs, which is already 2 han";
  if (fu == 25 && han == 2 && tsumo)
    return "25 fu 2 han cannot be won by tsumo: seven pairs plus menzen tsumo is at least 3 han";
  // seed 000 3.6.1.2: 20 fu by tsumo is pinfu tsumo, at least pinfu + menzen tsumo.
  if (fu == 20 && han == 1 && tsumo)
    return "20 fu 1 han cannot be won by tsumo: 20 fu tsumo means pinfu + menzen tsumo, 2 han";
  // seed 000 3.6.1.3: 110 fu at 1 han needs a closed ron; 120+ fu needs 3+ han.
  if (fu == 110 && han == 1 && tsumo) return "110 fu 1 han cannot be won by tsumo (only by closed ron)";
  if (fu >= 120 && han <= 2) return std::to_string(fu) + " fu needs at least 3 han (110 fu is the most below that)";
  return {};
}

// seed 000 3.4.1 "일본에서 점수를 간략하게 부르는 방법", row by row.
static constexpr Shorthand kShorthands[] = {
    {300, 500, "gomi", "ゴミ"},         {400, 700, "nashi", "ナシ"},
    {500, 1000, "gotto", "ゴットー"},    {1300, 0, "ichisan", "イチサン"},
    {1500, 0, "ichigo", "イチゴ"},       {1600, 0, "ichiroku", "イチロク"},
    {2300, 0, "niisan", "ニーサン"},     {2400, 0, "niiyon", "ニーヨン"},
    {2600, 0, "niiroku", "ニーロク"},    {2900, 0, "nikku", "ニック"},
    {3200, 0, "zanni", "ザンニ"},        {3400, 0, "sanyon", "サンヨン"},
    {3900, 0, "zanku", "ザンク"},        {4500, 0, "yongo", "ヨンゴー"},
    {4800, 0, "yonpa", "ヨンパー"},      {5200, 0, "boonii", "ボーニー"},
    {5800, 0, "goppa", "ゴッパー"},      {6400, 0, "rokuyon", "ロクヨン"},
    {6800, 0, "rokupa", "ロクパー"},     {7700, 0, "chicchi", "チッチ"},
    {9600, 0, "kunroku", "クンロク"},    {11600, 0, "pinpinroku", "ピンピンロク"},
    {12000, 0, "wantsuu", "ワンツー"},   {18000, 0, "inpachi", "インパチ"},
};

const Shorthand* table_shorthand(std::int64_t amount, std::int64_t dealer_share) {
  for (const auto& s : kShorthands)
    if (s.amount == amount && s.dealer_share == dealer_share) return &s;
  return nullptr;
}

namespace {

// Amounts here are never negative: unsigned division by 100 is the shorter code.
std::int64_t round_up_100(std::int64_t v) {
  return static_cast<std::int64_t>((static_cast<std::uint64_t>(v) + 99) / 100 * 100);
}

// Who pays what, as multiples of the base points: the same plan serves the int64
// methods and exact aotenjo amounts. seed 001 / 003: ron x4 (dealer x6); tsumo:
// the dealer pays x2, others x1; a dealer's tsumo: each pays x2; each payer's
// amount is rounded up to 100 on its own.
struct Share {
  Payer payer;
  std::uint8_t times;      // multiple of the base points
  bool halved;             // base x times / 2 (three-player north_split)
  bool rounded_then_halved;  // round(base x times) / 2, rounded again (ron_equivalent)
  std::uint8_t payers;
};

struct SharePlan {
  Share shares[2];
  int count;
};

// The plans as constant rows (returning one by value cost ~30 instructions a hand):
// [0] ron, [1] four-player tsumo, [2..4] three-player tsumo by sanma_tsumo; then
// [0] a non-dealer's win, [1] the dealer's.
constexpr SharePlan kSharePlans[5][2] = {
    {{{{Payer::Discarder, 4, false, false, 1}}, 1}, {{{Payer::Discarder, 6, false, false, 1}}, 1}},
    {{{{Payer::Dealer, 2, false, false, 1}, {Payer::NonDealer, 1, false, false, 2}}, 2},
     {{{Payer::NonDealer, 2, false, false, 3}}, 1}},
    // Three players: the absent North seat's share (README "Three-player").
    // Loss: North's share is not paid.
    {{{{Payer::Dealer, 2, false, false, 1}, {Payer::NonDealer, 1, false, false, 1}}, 2},
     {{{Payer::NonDealer, 2, false, false, 2}}, 1}},
    // NorthSplit: North's x2 (dealer win) or x1 split between the two payers.
    {{{{Payer::Dealer, 5, true, false, 1}, {Payer::NonDealer, 3, true, false, 1}}, 2},
     {{{Payer::NonDealer, 3, false, false, 2}}, 1}},
    // RonEquivalent: the ron amount, halved between the two payers.
    {{{{Payer::Dealer, 4, false, true, 1}, {Payer::NonDealer, 4, false, true, 1}}, 2},
     {{{Payer::NonDealer, 6, false, true, 2}}, 1}},
};
static_assert(static_cast<int>(SanmaTsumo::Loss) == 0 && static_cast<int>(SanmaTsumo::NorthSplit) == 1 &&
                  static_cast<int>(SanmaTsumo::RonEquivalent) == 2,
              "kSharePlans rows follow SanmaTsumo");

const SharePlan& share_plan(const PointsQuery& q, const RiichiRules& rules) {
  const int row = !q.tsumo ? 0 : q.players != 3 ? 1 : 2 + static_cast<int>(rules.sanma_tsumo);
  return kSharePlans[row][q.dealer];
}

std::int64_t share_amount(std::int64_t base, const Share& s) {
  if (s.rounded_then_halved) return round_up_100(round_up_100(base * s.times) / 2);
  return round_up_100(s.halved ? base * s.times / 2 : base * s.times);
}

BigUint share_amount(const BigUint& base, const Share& s) {
  BigUint v = base;
  v *= s.times;
  if (s.halved) v.halve();
  v.round_up_100();
  if (s.rounded_then_halved) {
    v.halve();  // a multiple of 100 halved: a multiple of 50
    v.round_up_100();
  }
  return v;
}

// Honba: per honba, honba_value on ron; on tsumo each payer pays its share of it.
std::int64_t honba_bonus(const PointsQuery& q, const RiichiRules& rules) {
  const std::int64_t value = q.players == 3 ? rules.sanma_honba_value : rules.honba_value;
  if (!q.tsumo) return q.honba * value;
  const int payers = q.players - 1;
  return payers * (q.honba * value / payers);
}

// seed 000 section 4: no limits; each payer's amount rounded up to 100 as usual.
// Fixed-yakuman house rule: 10,000,000 non-dealer / 15,000,000 dealer per yakuman,
// split like any yakuman (base 2,500,000).
Payments aotenjo_payments(const PointsQuery& q, const RiichiRules& rules) {
  Payments p;
  auto exact = std::make_shared<ExactPayments>();
  if (q.yakuman > 0 && rules.aotenjo_yakuman == AotenjoYakuman::Fixed) {
    p.limit = Limit::Yakuman;
    exact->base_points = BigUint(2500000ULL * static_cast<std::uint64_t>(q.yakuman));
  } else {
    exact->base_points = BigUint::shifted(static_cast<std::uint64_t>(q.fu), static_cast<unsigned>(q.han + 2));
  }
  const SharePlan& plan = share_plan(q, rules);
  for (int i = 0; i < plan.count; ++i) {
    const Share& s = plan.shares[i];
    exact->lines[i] = share_amount(exact->base_points, s);
    p.lines[i].payer = s.payer;
    p.lines[i].payers = s.payers;
    BigUint paid = exact->lines[i];
    paid *= s.payers;
    exact->hand_value += paid;
  }
  p.line_count = plan.count;
  p.honba_bonus = honba_bonus(q, rules);
  p.sticks_bonus = 1000 * q.riichi_sticks;
  exact->total = exact->hand_value;
  exact->total += static_cast<std::uint64_t>(p.honba_bonus + p.sticks_bonus);
  p.exact = std::move(exact);
  return p;
}

}  // namespace

int compare_hand_value(const Payments& a, const Payments& b) {
  if (a.exact && b.exact) return compare(a.exact->hand_value, b.exact->hand_value);
  return a.hand_value < b.hand_value ? -1 : a.hand_value > b.hand_value ? 1 : 0;
}

Payments compute_payments(const PointsQuery& query, const RiichiRules& rules) {
  Payments p;
  compute_payments_into(query, rules, p);
  return p;
}

void compute_payments_into(const PointsQuery& query, const RiichiRules& rules, Payments& p) {
  if (query.method == Method::Aotenjo) {
    p = aotenjo_payments(query, rules);
    return;
  }
  const PointsQuery& q = query;
  // seed 000 section 2: "부판 계산법으로 치면 30부 고정인 셈"
  const int fu = q.method == Method::HanOnly ? 30 : q.fu;
  p.exact.reset();
  p.limit = Limit::None;
  std::int64_t base;
  if (q.yakuman > 0) {
    p.limit = Limit::Yakuman;
    base = 8000LL * q.yakuman;
  } else if (q.han >= 5) {
    // seed 000 section 2: 5 han mangan, 6-7 haneman, 8-10 baiman, 11-12 sanbaiman, 13+ kazoe yakuman.
    struct Step {
      int min_han;
      Limit limit;
      std::int64_t base;
    };
    static constexpr Step kLimits[] = {{13, Limit::KazoeYakuman, 8000}, {11, Limit::Sanbaiman, 6000},
                                       {8, Limit::Baiman, 4000},        {6, Limit::Haneman, 3000},
                                       {5, Limit::Mangan, 2000}};
    const Step* step = kLimits;
    while (q.han < step->min_han) ++step;
    p.limit = step->limit;
    base = step->base;
    // Kazoe: by rule capped at sanbaiman, or reached only through han that do not count toward it.
    if (p.limit == Limit::KazoeYakuman &&
        (rules.kazoe == KazoeLimit::Sanbaiman || (q.kazoe_han >= 0 && q.kazoe_han < 13))) {
      p.limit = Limit::Sanbaiman;
      base = 6000;
    }
  } else {
    base = static_cast<std::int64_t>(fu) << (q.han + 2);
    // seed 000 3.2: 4 han 40+ fu and 3 han 70+ fu are mangan (base over 2000).
    const bool kiriage = rules.kiriage && ((q.han == 4 && fu == 30) || (q.han == 3 && fu == 60));
    if (base >= 2000 || kiriage) {
      p.limit = Limit::Mangan;
      base = 2000;
    }
  }
  p.base_points = base;
  const SharePlan& plan = share_plan(q, rules);
  std::int64_t hand_value = 0;
  for (int i = 0; i < plan.count; ++i) {
    const Share& s = plan.shares[i];
    const std::int64_t amount = share_amount(base, s);
    p.lines[i] = {s.payer, amount, s.payers};
    hand_value += amount * s.payers;
  }
  if (plan.count == 1) p.lines[1] = {};
  p.hand_value = hand_value;
  p.line_count = plan.count;
  p.honba_bonus = honba_bonus(q, rules);
  p.sticks_bonus = 1000 * q.riichi_sticks;
  p.total = p.hand_value + p.honba_bonus + p.sticks_bonus;
}

}  // namespace tenbou
