// From han and fu to points: limits, per-payer payments with per-payer rounding
// (seed 003), honba and riichi sticks. Used by scoring and by `points()`.
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <string_view>
#include <string>

#include "tenbou/bignum.hpp"
#include "tenbou/rules.hpp"

namespace tenbou {

enum class Limit : std::uint8_t { None, Mangan, Haneman, Baiman, Sanbaiman, KazoeYakuman, Yakuman };
const char* limit_name(Limit limit);  // contract key, or nullptr for None

enum class Payer : std::uint8_t { Discarder, Dealer, NonDealer };
std::string_view payer_name(Payer payer);

struct PaymentLine {
  Payer payer;
  std::int64_t amount;  // what each such payer pays, honba excluded
  int payers = 1;       // how many players pay it (a dealer's tsumo: 3, or 2 in three-player)
};

// Aotenjo amounts, exact at any size (seed 000 section 4).
struct ExactPayments {
  BigUint base_points;
  std::array<BigUint, 2> lines;
  BigUint hand_value;
  BigUint total;
};

struct Payments {
  Limit limit = Limit::None;
  // Set for the aotenjo method: the amounts below are then only exact here (the
  // int64 fields hold 0), so nothing can overflow silently.
  std::shared_ptr<const ExactPayments> exact;
  std::int64_t base_points = 0;  // fu x 2^(han+2), or the limit's base
  std::array<PaymentLine, 2> lines{};
  int line_count = 0;
  std::int64_t hand_value = 0;  // sum over actual payers, honba and sticks excluded
  std::int64_t honba_bonus = 0;
  std::int64_t sticks_bonus = 0;
  std::int64_t total = 0;  // hand_value + honba_bonus + sticks_bonus
};

struct PointsQuery {
  Method method = Method::FuHan;
  int han = 1;
  int fu = 30;
  int yakuman = 0;  // yakuman multiples; han/fu ignored when > 0
  bool dealer = false;
  bool tsumo = false;
  std::int64_t honba = 0;
  std::int64_t riichi_sticks = 0;
  int players = 4;  // 3: sanma (two payers on tsumo, RiichiRules' three-player switches)
  // Han that count toward kazoe yakuman when lower than `han` (three-player kita
  // with kita_kazoe off); -1: all of them.
  int kazoe_han = -1;
};

// Payments by the query's method (seed 000): fu/han with limits; han-only (fu fixed
// at 30, limits as usual); aotenjo (fu x 2^(han+2) at any han, no limits, exact).
// Assumes a legal cell (see `impossible_cell`).
Payments compute_payments(const PointsQuery& q, const RiichiRules& rules);
// The same into `out`, every field set (scoring reuses one Payments per reading).
void compute_payments_into(const PointsQuery& q, const RiichiRules& rules, Payments& out);

// The sign of (a's hand value - b's), exact for every method.
int compare_hand_value(const Payments& a, const Payments& b);

// Why a bare han/fu cell cannot occur (seed 000 section 3.6.1: the empty cells of
// the score tables), or an empty string when it can. Under the default
// kuipinfu rule an open 20 fu ron is scored as 30 fu, but seed 000 still prints
// the 20 fu 1 han ron cell, so it is not reported impossible here.
std::string impossible_cell(int han, int fu, bool tsumo);

// The spoken shorthand of a payment (seed 000 section 3.4.1), e.g. 3900 ->
// "zanku" / "ザンク"; 300-500 tsumo -> "gomi". nullptr when the seed lists none.
struct Shorthand {
  std::int64_t amount;        // a single amount, or the non-dealer share of a tsumo
  std::int64_t dealer_share;  // 0, or the dealer's share for the tsumo forms (300-500 ...)
  const char* romaji;
  const char* kana;
};
const Shorthand* table_shorthand(std::int64_t amount, std::int64_t dealer_share = 0);

// Fu values a hand can have: 20, 25, 30..170 in steps of 10.
bool is_valid_fu(int fu);

}  // namespace tenbou
