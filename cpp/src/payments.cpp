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
std::int64_t round_up_100(std::int64_t v) { return (v + 99) / 100 * 100; }
}  // namespace

namespace {

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
  auto share = [&](std::uint32_t multiplier) {
    BigUint v = exact->base_points;
    v *= multiplier;
    v.round_up_100();
    return v;
  };
  if (!q.tsumo) {
    exact->lines[0] = share(q.dealer ? 6 : 4);
    p.lines[0].payer = Payer::Discarder;
    p.line_count = 1;
    exact->hand_value = exact->lines[0];
    p.honba_bonus = q.honba * rules.honba_value;
  } else if (q.dealer) {
    exact->lines[0] = share(2);
    p.lines[0].payer = Payer::NonDealer;
    p.line_count = 1;
    exact->hand_value = exact->lines[0];
    exact->hand_value *= 3;
    p.honba_bonus = 3 * (q.honba * rules.honba_value / 3);
  } else {
    exact->lines[0] = share(2);
    exact->lines[1] = share(1);
    p.lines[0].payer = Payer::Dealer;
    p.lines[1].payer = Payer::NonDealer;
    p.line_count = 2;
    exact->hand_value = exact->lines[1];
    exact->hand_value *= 2;
    exact->hand_value += exact->lines[0];
  }
  if (q.tsumo && !q.dealer) p.honba_bonus = 3 * (q.honba * rules.honba_value / 3);
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
  if (query.method == Method::Aotenjo) return aotenjo_payments(query, rules);
  PointsQuery q = query;
  if (q.method == Method::HanOnly) q.fu = 30;  // seed 000 section 2: "부판 계산법으로 치면 30부 고정인 셈"
  Payments p;
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
    if (p.limit == Limit::KazoeYakuman && rules.kazoe == KazoeLimit::Sanbaiman) {
      p.limit = Limit::Sanbaiman;
      base = 6000;
    }
  } else {
    base = static_cast<std::int64_t>(q.fu) << (q.han + 2);
    // seed 000 3.2: 4 han 40+ fu and 3 han 70+ fu are mangan (base over 2000).
    const bool kiriage = rules.kiriage && ((q.han == 4 && q.fu == 30) || (q.han == 3 && q.fu == 60));
    if (base >= 2000 || kiriage) {
      p.limit = Limit::Mangan;
      base = 2000;
    }
  }
  p.base_points = base;
  // seed 001 / 003: ron x4 (dealer x6); tsumo: dealer pays x2, others x1; dealer
  // tsumo: each pays x2. Each payer's amount is rounded up to 100 on its own.
  if (!q.tsumo) {
    p.lines[0] = {Payer::Discarder, round_up_100(base * (q.dealer ? 6 : 4))};
    p.line_count = 1;
    p.hand_value = p.lines[0].amount;
    p.honba_bonus = q.honba * rules.honba_value;
  } else if (q.dealer) {
    p.lines[0] = {Payer::NonDealer, round_up_100(base * 2)};
    p.line_count = 1;
    p.hand_value = p.lines[0].amount * 3;
    p.honba_bonus = 3 * (q.honba * rules.honba_value / 3);
  } else {
    p.lines[0] = {Payer::Dealer, round_up_100(base * 2)};
    p.lines[1] = {Payer::NonDealer, round_up_100(base)};
    p.line_count = 2;
    p.hand_value = p.lines[0].amount + 2 * p.lines[1].amount;
    p.honba_bonus = 3 * (q.honba * rules.honba_value / 3);
  }
  p.sticks_bonus = 1000 * q.riichi_sticks;
  p.total = p.hand_value + p.honba_bonus + p.sticks_bonus;
  return p;
}

}  // namespace tenbou
