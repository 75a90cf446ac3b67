// Settlement: who pays whom when a Riichi hand ends (a win, several wins on one
// discard, an exhaustive draw with tenpai payments, nagashi mangan, an abortive
// draw), with honba, riichi deposits and liability (pao). Rules are RiichiRules'
// settlement switches; README "Settlement" gives their sources. The deltas are the
// point change of each seat, exactly what Tenhou's `sc` records for the hand: a
// riichi declaration's 1,000 leaves the declarer when declared, so it is not here,
// while the deposits a winner collects are.
#pragma once
#include <cstdint>
#include <vector>

#include "tenbou/json.hpp"
#include "tenbou/payments.hpp"
#include "tenbou/rules.hpp"

namespace tenbou {

enum class HandEnd : std::uint8_t { Win, Draw, NagashiMangan, Abortive };

// One win of the hand, already scored (honba and deposits are settled here, not by
// the score: its honba_bonus and sticks_bonus are ignored).
struct SettledWin {
  int winner = 0;
  int from = 0;          // the discarder; == winner on tsumo
  Payments payments;     // the scored hand's payments
  int yakuman = 0;       // yakuman multiples of the hand
  int pao = -1;          // the liable seat, or -1
  int pao_yakuman = 0;   // multiples the liable seat answers for (daisangen, daisuushi, ...)
};

struct Settlement {
  HandEnd end = HandEnd::Win;
  int players = 4;
  int dealer = 0;  // the East seat's index (seats are 0..players-1 in turn order)
  std::int64_t honba = 0;
  std::int64_t deposits = 0;       // riichi sticks on the table, this hand's declarations included
  std::vector<SettledWin> wins;    // HandEnd::Win, in turn order after the discarder
  std::vector<int> tenpai;         // HandEnd::Draw: the seats in tenpai
  std::vector<int> nagashi;        // HandEnd::NagashiMangan: the seats that made it
};

struct SettlementResult {
  HandEnd end = HandEnd::Win;     // a triple ron under "double_only" becomes Abortive
  std::vector<std::int64_t> deltas;             // per seat, all wins together
  std::vector<std::vector<std::int64_t>> per_win;  // per win that is paid, its own deltas
  std::vector<int> paid_wins;                   // indexes into Settlement::wins that are paid
  std::int64_t deposits_left = 0;               // deposits that stay on the table
};

// Throws InputError for seats out of range or listed twice, lists of another outcome (wins
// on a draw, tenpai on a win ...), inconsistent wins, and ("unsupported") a point change
// past 2^63: the deltas are exact 64-bit integers or there are none (docs/input-contract.md).
SettlementResult settle(const Settlement& s, const RiichiRules& rules);

// The JSON form (contract: README "Settlement"), scoring each win's request with the core:
// {"players", "dealer", "honba", "riichi_sticks", "outcome": "win"|"draw"|"nagashi_mangan"|"abortive",
//  "wins": [{"winner", "from", "request": {...}, "pao"}], "tenpai": [...], "nagashi": [...], "options": {...}}
// Never throws: invalid input is an `ok: false` result; an error inside a win names its place
// ("wins[0].request.hand").
Json settle_json(const Json& request);

}  // namespace tenbou
