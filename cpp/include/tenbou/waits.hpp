// Before the win: shanten, the tiles that improve the hand (ukeire), and for a
// ready hand every winning tile with its full scored result by ron and by tsumo,
// for every rule family (the same scorers as score_request).
#pragma once
#include <variant>
#include <vector>

#include "tenbou/hktw.hpp"
#include "tenbou/json.hpp"
#include "tenbou/value_view.hpp"
#include "tenbou/korean.hpp"
#include "tenbou/request.hpp"
#include "tenbou/result.hpp"
#include "tenbou/small_list.hpp"

namespace tenbou {

class ValueView;

// A request before the win, read: a scoring request of any family whose "hand"
// holds the 13 tiles (16 for Hong Kong-Taiwan; minus 3 per meld), with no "win_tile" and no "tsumo";
// optional "own_discards" (furiten) and "visible" (tiles seen elsewhere).
struct HandBeforeWin {
  RulesFamily family = RulesFamily::Riichi;
  RiichiRequest riichi;  // the family's request, hand without a winning tile
  KoreanRequest korean;
  HktwRequest hktw;      // Hong Kong-Taiwan: 16 tiles before the win (minus 3 per meld)
  BeforeWin extras;
  TileCounts hand{};
  TileCounts out_of_reach{};  // copies in hand, melds, indicators and own discards
  TileCounts held{};          // copies in hand and melds: with 4 held, a kind cannot be drawn
  TileCounts seen{};          // out_of_reach plus the visible tiles
  int melds = 0;
};
HandBeforeWin hand_before_win_from(const ValueView& request);  // throws InputError

constexpr int kNoForm = 99;  // a form the hand cannot take (melds, or the rules have none)

struct UsefulTile {
  Tile tile;
  int unseen;
};

struct BeforeWinAnalysis {
  RulesFamily family = RulesFamily::Riichi;
  int shanten = kNoForm;
  int standard = kNoForm, seven_pairs = kNoForm, thirteen_orphans = kNoForm;
  SmallList<UsefulTile, 34> ukeire;
  int ukeire_unseen = 0;
  SmallList<Tile, 34> winning_tiles;  // tenpai: the tiles that complete the hand and still exist
  bool furiten = false;               // a winning tile among own_discards: no ron
};

// Shanten of every form, ukeire and the winning tiles (no scoring).
BeforeWinAnalysis analyse_before_win(const HandBeforeWin& hand);

// The full result of winning on `win` by ron or tsumo (a flag the request set that
// cannot go with that win is dropped; an impossible combination is an ok: false result).
// Declared in api.hpp's ScoreResult terms: see score_wait there.

// The result of any rule family's request (as api.hpp declares it).
using ScoreResult = std::variant<RiichiResult, KoreanResult, HktwResult>;

// A winning tile with its copies unseen and its full results by ron and by tsumo.
struct ScoredWait {
  Tile tile;
  int unseen;
  ScoreResult ron, tsumo;
};

// The answers below as data (the JSON writers and the Python binding build their objects from
// them, key for key): waits_of reads a request as waits_json does, discards_of as discards_json.
// Both throw InputError for invalid input.
struct WaitsAnswer {
  BeforeWinAnalysis analysis;
  std::vector<ScoredWait> waits;
};
WaitsAnswer waits_of(const ValueView& request);

struct DiscardOption {
  Tile tile;
  bool red;
  BeforeWinAnalysis analysis;     // of the hand after this discard
  std::vector<ScoredWait> waits;  // when it is ready (shanten 0)
  double value = 0;               // unseen x ron total over the waits (the sort's third key)
  int ev_slot = -1;               // with "ev": its value's index in the caller's list (discards_json)
};
struct DiscardsAnswer {
  RulesFamily family = RulesFamily::Riichi;
  int shanten = 0;  // -1: the hand is already complete
  std::vector<DiscardOption> discards;  // best first
};
// `request` an object. `per_discard`, when given, is called for each discard with the hand
// after it and that request (the discard among own_discards; "ev" left out) and returns the
// option's ev_slot: the expected-value search's hook (analysis/ev.hpp).
using DiscardHook = FunctionRef<int(const HandBeforeWin& after, const Json& after_request)>;
DiscardsAnswer discards_of(const Json& request, const DiscardHook* per_discard = nullptr);

// Contract-level answers (never throw; invalid input is an ok: false object):
//   shanten_json: {"ok", "rules", "shanten", "forms": {"standard", "seven_pairs", "thirteen_orphans"},
//                  "ukeire": [{"tile", "unseen"}], "ukeire_tiles", "ukeire_unseen"}
//   waits_json:   the same plus "furiten" and "waits": [{"tile", "unseen", "ron": result, "tsumo": result}]
//   discards_json: a hand holding one tile more than a hand before the win (14 with melds
//                  counted): {"ok", "rules", "shanten" (-1: already complete), "discards": [{"tile",
//                  "shanten", "ukeire", "ukeire_unseen", "waits", "furiten"}]}, best first (README
//                  "What to discard"); each discard is analysed with the tile among own_discards.
Json shanten_json(const Json& request);
Json waits_json(const Json& request);
Json discards_json(const Json& request);

}  // namespace tenbou
