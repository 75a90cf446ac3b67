// A Riichi scoring request, parsed and validated (contract.md "Request (riichi)").
#pragma once
#include <array>
#include <cstdint>

#include "tenbou/notation.hpp"
#include "tenbou/rules.hpp"
#include "tenbou/small_list.hpp"
#include "tenbou/tiles.hpp"

namespace tenbou {

class ValueView;
namespace binary {
class View;
}

// At most 5 indicators (1 + one per kan) and 4 melds: checked by the parser.
using IndicatorList = SmallList<Tile, 5>;
using MeldList = SmallList<Meld, 4>;

struct RiichiRequest {
  Method method = Method::FuHan;
  TileCounts hand{};                 // concealed tiles including the winning tile
  std::array<std::uint8_t, 3> hand_reds{};  // red fives among them, per suit
  MeldList melds;
  Tile win_tile = 0;
  bool win_red = false;
  bool tsumo = false;
  Wind seat_wind = Wind::East;
  Wind round_wind = Wind::East;
  bool riichi = false, double_riichi = false, ippatsu = false;
  bool rinshan = false, chankan = false, haitei = false, houtei = false;
  bool tenhou = false, chiihou = false, renhou = false;
  IndicatorList dora_indicators, ura_indicators;
  std::int64_t honba = 0, riichi_sticks = 0;
  // Three-player (sanma): "players": 3, and "kita" North tiles set aside as nukidora
  // (in neither hand nor melds). With four players kita is always 0.
  std::uint8_t players = 4;
  std::uint8_t kita = 0;
  RiichiRules rules;

  bool dealer() const { return seat_wind == Wind::East; }
  bool closed() const { return no_called_meld(melds); }
  int kan_count() const { return kan_count_of(melds); }
};

// What a request *before the win* carries beyond a scoring request (waits and
// shanten requests): the hand holds 13 tiles (minus 3 per meld) and has no
// win_tile; these keys are accepted only then.
struct BeforeWin {
  TileCounts own_discards{};  // "own_discards": the player's discards (furiten)
  TileCounts visible{};       // "visible": tiles seen elsewhere (others' discards and melds)
};

// The rule family a request names in "rules" (riichi when absent). Throws
// InputError on a value that is not a family, or one not available yet.
enum class RulesFamily : std::uint8_t { Riichi, Korean, Hktw };
RulesFamily rules_family(const ValueView& request);
const char* rules_family_name(RulesFamily family);  // "riichi", "korean", "hktw": the request's "rules"

// Reads and validates a request object. Throws InputError on anything that is
// not a well-formed, physically possible situation: unknown keys, bad tiles,
// wrong counts, a fifth copy (hand + melds + indicators), a winning tile not in
// the hand, impossible flag combinations (chankan with tsumo, rinshan without a
// kan, haitei on ron, ippatsu without riichi, riichi with an open hand, ...).
// With `before_win` the request is read as a hand before the win (see BeforeWin);
// win-situation flags (haitei, rinshan, ...) are then checked against each result
// they can apply to, not against a `tsumo` key, which such a request cannot have.
RiichiRequest riichi_request_from(const ValueView& request, BeforeWin* before_win = nullptr);
// The same reader with direct calls on the binary form (the WebAssembly batch path).
RiichiRequest riichi_request_from(const binary::View& request, BeforeWin* before_win = nullptr);

// A hand before the win completed by `win` by ron or tsumo: flags that cannot go
// with that (haitei/rinshan/tenhou/chiihou on ron, houtei/chankan/renhou on tsumo)
// are dropped. The part every family shares (their requests name these fields alike):
template <typename Request>
Request completed_by(const Request& before, Tile win, bool tsumo) {
  Request r = before;
  if (r.hand[win] < 255) ++r.hand[win];
  r.win_tile = win;
  r.tsumo = tsumo;
  if (tsumo) r.houtei = r.chankan = r.renhou = false;
  else r.haitei = r.rinshan = r.tenhou = r.chiihou = false;
  return r;
}
RiichiRequest riichi_request_on(const RiichiRequest& before, Tile win, bool tsumo);

// The flag checks of riichi_request_from on a request built in code (throws InputError).
void check_riichi_flags(const RiichiRequest& request);

}  // namespace tenbou
