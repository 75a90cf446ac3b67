// What to discard, by value (issue 27): for a hand before the win, the probability of
// winning by self-draw within `turns` draws, of being ready by then, and the expected
// points, under the policy the search plays (docs/analysis.md "Expected value").
//
// The model: one player; the wall is the tiles he has not seen (136 or 108 minus hand,
// melds, indicators, visible tiles and own discards, the discard under analysis among
// them); each draw takes one of them uniformly, without replacement. A drawn tile is kept
// exactly when it lowers the shanten (the search then picks the discard, among those
// keeping the lower shanten, that is best for the objective); otherwise it is discarded.
// A ready hand is kept as it is: it wins on a self-drawn winning tile that gives a yaku;
// a closed one declares riichi (ura dora as an expectation, ippatsu on the first draw).
// Under this policy the wall's composition in every tile that can still matter follows
// from the hand alone (a tile that was not useful once is never useful later), so the
// values below are exact probabilities of draws without replacement.
#pragma once
#include <cstdint>
#include <array>
#include <memory>
#include <vector>

#include "tenbou/json.hpp"
#include "tenbou/waits.hpp"

namespace tenbou {

// The ev request key's limits (cpp/src/core/limits.cpp rows max_ev_turns, max_ev_states).
constexpr int kMaxEvTurns = 70;                            // a four-player live wall: 136 - 14 - 4 x 13
constexpr std::int64_t kDefaultEvStates = 2'000'000;       // (hand, turn) states of one request
constexpr std::int64_t kMaxEvStates = 50'000'000;

struct EvOptions {
  int turns = 17;              // draws, about one player's share of a whole hand
  bool objective_win = false;  // "win": the chance of winning first; "score": expected points first
  std::int64_t max_states = kDefaultEvStates;
};

// Reads the request's "ev" object ({"turns", "objective", "max_states"}); InputError
// with field "ev" / "ev.<key>" on anything else.
EvOptions ev_options_from(const Json& ev);

struct EvValue {
  double win = 0, tenpai = 0, score = 0;
  std::vector<double> win_by, tenpai_by;  // after draw 1, 2, ..., turns (cumulative)
  bool ready_closed = false;              // a ready closed hand: riichi and dama below
  double riichi_win = 0, riichi_score = 0, dama_win = 0, dama_score = 0;
};

namespace ev_detail {
class RootSearch;
struct Shared;
// The closed forms' shanten (seven pairs, thirteen orphans) as the search reads them off a
// hand's packed counts (tests/cpp/ev_sim.cpp --check-shortcuts compares them with shanten.hpp's).
std::array<int, 2> closed_forms_by_key(const TileCounts& hand);
}

// The search of one request: call value() for each discard (each is the hand after it,
// with the discard among own_discards). Throws InputError "too_costly" past max_states,
// "unsupported" for rule families or methods the model does not cover.
class EvSearch {
 public:
  explicit EvSearch(const EvOptions& options);
  ~EvSearch();
  EvSearch(const EvSearch&) = delete;
  EvSearch& operator=(const EvSearch&) = delete;
  // `after`: the request of the hand after the discard (own_discards includes it), read as `hand`.
  EvValue value(const HandBeforeWin& hand, const Json& after);
  std::int64_t states() const { return states_; }
  // The policy of the last value() (tests/cpp/ev_sim.cpp plays it on shuffled walls): with k
  // draws made, `drawn` comes into `hand`; true when it is kept (hand and reds become the hand
  // after the chosen discard), false when it is discarded or the hand is ready (kept as it is).
  bool play(TileCounts& hand, std::array<std::uint8_t, 3>& reds, int k, Tile drawn, bool red) const;

 private:
  EvOptions options_;
  std::int64_t states_ = 0;
  std::unique_ptr<ev_detail::Shared> shared_;
  std::unique_ptr<ev_detail::RootSearch> last_;
};

// Human-readable name of the restriction the search plays under (the answer's "policy").
inline const char* ev_policy_name() { return "keep_lowering_draws"; }

}  // namespace tenbou
