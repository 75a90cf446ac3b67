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
  RiichiRules rules;

  bool dealer() const { return seat_wind == Wind::East; }
  bool closed() const {
    for (const auto& m : melds)
      if (m.is_open()) return false;
    return true;
  }
  int kan_count() const {
    int n = 0;
    for (const auto& m : melds) n += m.is_kan();
    return n;
  }
};

// The rule family a request names in "rules" (riichi when absent). Throws
// InputError on a value that is not a family, or one not available yet.
enum class RulesFamily : std::uint8_t { Riichi, Korean };
RulesFamily rules_family(const ValueView& request);

// Reads and validates a request object. Throws InputError on anything that is
// not a well-formed, physically possible situation: unknown keys, bad tiles,
// wrong counts, a fifth copy (hand + melds + indicators), a winning tile not in
// the hand, impossible flag combinations (chankan with tsumo, rinshan without a
// kan, haitei on ron, ippatsu without riichi, riichi with an open hand, ...).
RiichiRequest riichi_request_from(const ValueView& request);

}  // namespace tenbou
