// Hong Kong-Taiwan style, 16 tiles won with 17 (seed 002; shared/spec/hktw.md):
// request, house options, scoring and result. The pattern values are data
// (hktw_table.hpp); patterns are decided in cpp/src/hktw/patterns.cpp, readings,
// waits and payments in cpp/src/hktw/score.cpp.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "tenbou/hktw_table.hpp"
#include "tenbou/notation.hpp"
#include "tenbou/result.hpp"
#include "tenbou/small_list.hpp"
#include "tenbou/tiles.hpp"
#include "tenbou/wait.hpp"
#include "tenbou/request.hpp"

namespace tenbou {

class Json;
class ValueView;

enum class MixedDoubleWithPureDouble : std::uint8_t { Add, Exclude, Max };  // B11
enum class HonbaPayers : std::uint8_t { Payers, AllOthers };               // B27

// The rule switches of hktw.md section 9. Each default is the spec's DEFAULT;
// README "Hong Kong-Taiwan house options" gives the seed line behind each.
struct HktwRules {
  int base_points = 5;                          // L7
  bool seat_flower_per_flower = true;           // B1: 정화 2 per matching flower (false: 2 once)
  bool duck_adds_tsumo = true;                  // B5: 오리 + the tsumo point (false: 10 flat)
  bool false_single_includes_kanchan_penchan = true;  // B7
  bool wait_patterns_on_special_hands = false;  // B8: 11/12/13 on 국사무쌍+1 and 16불탑 too
  bool ron_completed_pung_is_concealed = false; // B9
  MixedDoubleWithPureDouble mixed_double_with_pure_double = MixedDoubleWithPureDouble::Add;  // B11
  bool five_gates_on_special = false;           // B15: 오문제 on 국사무쌍+1 / 16불탑
  bool stack_no_suit_with_no_honours = true;    // B16: 결일문/탕야오 + 무자
  bool all_melded_plus_single_wait = true;      // B18: 전구인 + 독독
  bool wind_combo_adds_pungs = true;            // B20: 소삼풍… + the wind pungs
  bool riichi_adds_concealed = true;            // B21: 문전리치 + 문전
  bool replacement_win_adds_tsumo = true;       // B22: 화쯔모/깡쯔모 + 쯔모
  HonbaPayers honba_payers = HonbaPayers::Payers;  // B27
  bool prefer_peko_reading = false;             // B29
  // DEFAULTs of the ambiguity table that section 9 does not list, as switches too:
  bool five_concealed_pungs_tsumo_adds = false;  // B10: 5안커 쯔모 100 replaces 80 (true: both)
  bool four_copies_in_quadruple_chow = false;    // B12: 사귀 also on tiles all inside a 사페커
  bool one_suit_missing_on_full_flush = false;   // B17: 결일문 also on a one-suit hand
  bool orphans_add_concealed = true;             // B23: 국사무쌍+1 with 문전 / 문전쯔모
  bool honba_zero_adds_one = false;              // B28: 2n+1 at n = 0 gives 1 (L14 starts at 1본장 = 3)
  bool first_turn_wins_stack = true;             // B30: 천화/지화/인화 add to the hand's patterns
  int limit = 0;                                // 0 = none (the seed sets no limit); else a cap on the value
};

// Builds the options from a request's "options" object; throws InputError
// naming "options.<key>" on an unknown key or value.
HktwRules hktw_rules_from(const ValueView* options);
Json hktw_rules_to_json(const HktwRules& rules);

enum class HktwRiichi : std::uint8_t { None, OpenHand, Closed };  // 울어리치, 문전리치

struct HktwRequest {
  TileCounts hand{};  // concealed tiles including the winning tile (17 minus 3 per meld)
  SmallList<Meld, 5> melds;
  bool has_win_tile = false;  // absent only for 천화 (the dealt hand) or an all-flowers ending
  Tile win_tile = 0;
  bool tsumo = false;
  Wind seat_wind = Wind::East;
  Wind round_wind = Wind::East;
  std::uint8_t flowers = 0;  // bit k = flower f(k+1); f1-f4 red set (매난국죽), f5-f8 blue (춘하추동)
  HktwRiichi riichi = HktwRiichi::None;
  bool ippatsu = false, haitei = false, houtei = false;
  int flower_replacement_win = 0;  // n consecutive flower draws ending in the winning replacement (20)
  int kan_replacement_win = 0;     // 1..3 consecutive kans before the winning replacement (21-x)
  int chankan = 0;                 // 1..3: the robbed kan is the n-th of a chain (22-x)
  bool tenhou = false, chiihou = false, renhou = false;
  int discards_on_table = -1;      // -1 = not given (45-x)
  std::int64_t honba = 0;
  std::int64_t pool = 0;           // points in the pool the winner collects (L13)
  HktwRules rules;

  bool closed() const { return no_called_meld(melds); }
  int kan_count() const { return kan_count_of(melds); }
};

// Reads and validates a request with "rules": "hktw": 17 tiles (3 fewer per meld;
// a kan counts 3), at most 5 melds, flowers f1-f8 each at most once, no red fives,
// a fifth copy, impossible flag combinations. Throws InputError.
// With `before_win` the hand is read before the win (16 tiles minus 3 per meld, no
// win_tile or tsumo; "own_discards" and "visible" accepted), as for waits and discards.
HktwRequest hktw_request_from(const ValueView& request, BeforeWin* before_win = nullptr);
void check_hktw_flags(const HktwRequest& request);
// A hand before the win completed by `win`, by ron or tsumo (flags that cannot go with it dropped).
HktwRequest hktw_request_on(const HktwRequest& before, Tile win, bool tsumo);

struct HktwPatternEntry {
  HktwPattern pattern;
  std::int16_t points;     // total of this entry
  std::uint8_t count = 1;  // units of a per-unit entry (flowers, pungs, kans, number groups)
  Tile tile = kNoTile;     // the tile of a 사귀 entry
};

// A payment settled at once, outside the hand's value (hktw.md section 4).
struct HktwInstantPayment {
  HktwPattern pattern;
  std::int16_t each;       // from each other player
  std::uint8_t count = 1;  // e.g. closed kans
};

struct HktwResult {
  bool ok = false;
  std::shared_ptr<const ResultError> error;  // set exactly when !ok

  SmallList<HktwPatternEntry, 48> patterns;
  int base_points = 5;
  std::int64_t pattern_points = 0;
  std::int64_t value = 0;  // base + patterns (capped by options.limit)
  bool limited = false;
  bool tsumo = false;
  bool hand_ended = false;  // all eight flowers (51-3): no other scoring
  std::int64_t payment = 0;  // what each payer pays, honba excluded
  int payer_count = 0;
  std::int64_t honba_bonus = 0, pool_bonus = 0, total = 0;
  SmallList<HktwInstantPayment, 4> instant;
  Wait wait = Wait::None;
  SmallList<Tile, 34> waits;  // every tile the 16 tiles before the win waited on
  SmallList<ShownSet, 20> decomposition;

  static HktwResult failure(ErrorCode code, std::string message, std::string reason = {}, std::string field = {});
};

HktwResult score_hktw(const HktwRequest& request);

// Every way to read the concealed tiles of a winning hand: exposed for the
// brute-force test (tests/cpp) and for waits. `melds` declared sets count toward
// the five. One line per reading, e.g. "standard 11m 123m 456m ..." (sorted).
std::vector<std::string> hktw_readings_text(const TileCounts& concealed, int melds);

// Instant payments and pool events of seed 002 that are not a hand's value
// (hktw.md section 4): {"event": ..., "repeat": n} -> who pays whom how much.
Json hktw_event_json(const Json& request);

Json hktw_pattern_table_json();

}  // namespace tenbou
