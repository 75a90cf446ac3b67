// Korean mahjong (seed 004; shared/spec/korean.md): request, house options,
// scoring and result. The yaku values are data (korean_table.hpp); they are
// decided in cpp/src/korean/yaku.cpp and the best reading is chosen in
// cpp/src/korean/score.cpp.
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "tenbou/korean_table.hpp"
#include "tenbou/notation.hpp"
#include "tenbou/request.hpp"
#include "tenbou/result.hpp"
#include "tenbou/small_list.hpp"
#include "tenbou/tiles.hpp"
#include "tenbou/wait.hpp"

namespace tenbou {

class Json;
class ValueView;

const char* korean_variant_name(KoreanVariant variant);
KoreanVariant parse_korean_variant(const ValueView& value, std::string_view field);

// No override: the table's value applies.
constexpr std::int16_t kTableValue = -100;

enum class DoubleRiichiKind : std::uint8_t { Table, Base, Additional };

// The house options of korean.md section 12. Each default is the spec's DEFAULT;
// README "Korean house options" gives the seed line behind each.
struct KoreanRules {
  int min_base_han = 2;                     // 2판 묶음 (L56, L105); 0 = 무판, 3 = 3판 묶음
  bool stack_components = true;             // A2: "…를 별도로 취급하면" components counted
  bool round_wind_yakuhai = false;          // A5: L58 names only the seat wind (자풍패)
  bool pinfu_tsumo = false;                 // A6: "쓰무와 중복 불가" (L13, L54)
  bool genso_exclude_winning_tile = false;  // A9: "오름패 자체도 포함하는 것이 기본" (L110)
  bool genso_count_melds = true;            // A9: copies in melds are held too
  int genso_chankan_value = 1;              // A9: "1판이 원칙이나 … 4판" (L123)
  bool heavenly_as_additional = false;      // A12: Netmarble (L91)
  DoubleRiichiKind double_riichi_kind = DoubleRiichiKind::Table;  // A13 (L71)
  bool chuuren_require_nine_wait = true;    // L96 and footnote [7]
  bool chuuren_forbid_furiten = true;       // L97, L100 and footnote [8]
  bool chuuren_unlimited = false;           // "판수 무한으로 고정시켜 놓는 곳도" (L101)
  // Furiten (진팅): house-dependent (L100, L119, footnote [8]). Where it is forbidden, a ron
  // by a hand with a wait among its own discards, or a 불러 declared on such a hand, is 점프.
  bool forbid_furiten = false;
  bool shanpon_tsumo_after_riichi_is_open = false;  // A18 (L74)
  bool draw_pool_requires_menzen_tsumo = false;     // L52 (지엠지넷, 넥서스)
  // Per-yaku values: value_overrides, local_yaku and hwamangwan_value all land here.
  std::array<std::int16_t, kKoreanYakuCount> value_override;
  // Payment (korean.md section 9): off unless `unit` is set; the seed gives no rule.
  bool win_base_on = false;
  int win_base_menzen_tsumo = 10, win_base_menzen_ron = 5, win_base_open = 5;  // Nexus: 10 / 5 (footnote [1])
  std::int64_t unit = 0;     // money per point; 0 = no payments
  int ron_multiplier = 1;    // 4winds: 2

  KoreanRules() { value_override.fill(kTableValue); }
};

// Builds the options from a request's "options" object; throws InputError
// naming "options.<key>" on an unknown key or value.
KoreanRules korean_rules_from(const ValueView* options);
Json korean_rules_to_json(const KoreanRules& rules);

enum class KoreanRiichi : std::uint8_t { None, Eopeo, Bulleo, WejaBulleo };  // 엎어, 불러, 외자불러

struct KoreanRequest {
  KoreanVariant variant = KoreanVariant::Nagari;
  TileCounts hand{};  // concealed tiles including the winning tile
  SmallList<Meld, 4> melds;
  bool has_win_tile = false;  // absent only for 천화 (no last tile)
  Tile win_tile = 0;
  bool tsumo = false;
  Wind seat_wind = Wind::East;
  Wind round_wind = Wind::East;
  std::uint8_t flowers = 0;  // bit k = flower f(k+1) (춘하추동)
  KoreanRiichi riichi = KoreanRiichi::None;
  bool double_riichi = false;  // 부지부 엎어
  bool haitei = false, houtei = false, rinshan = false, chankan = false;
  bool tenhou = false, chiihou = false, renhou = false;
  TileCounts own_discards{};  // for 구련보등's furiten condition
  KoreanRules rules;

  bool closed() const { return no_called_meld(melds); }
};

// Reads and validates a request with "rules": "korean". Rejects souzu and red
// fives (reason tile_not_in_rules), chi (meld_not_in_rules), a flower outside
// f1-f4 (bad_flower) or given twice (duplicate_flower), a fifth copy, wrong
// counts and impossible flag combinations. With `before_win` the hand is the
// 13 tiles (minus 3 per meld) before the win and there is no win_tile (the form
// korean_declaration_check, waits and shanten read; request.hpp BeforeWin).
KoreanRequest korean_request_from(const ValueView& request, BeforeWin* before_win = nullptr);

// A hand before the win completed by `win` by ron or tsumo (flags that cannot go
// with that are dropped), and the flag checks on a request built in code.
KoreanRequest korean_request_on(const KoreanRequest& before, Tile win, bool tsumo);
void check_korean_flags(const KoreanRequest& request);

struct KoreanYakuEntry {
  KoreanYaku yaku;
  std::int16_t han;  // total for this entry; kUnknownHan when the seed gives no value
  KoreanYakuKind kind;
  Tile tile = kNoTile;     // the set of a value_set entry
  std::uint8_t count = 1;  // units (genso copies, flowers, value_set reasons)
};

struct KoreanResult {
  bool ok = false;
  std::shared_ptr<const ResultError> error;  // set exactly when !ok

  KoreanVariant variant = KoreanVariant::Nagari;
  int han = 0, base_han = 0, additional_han = 0;  // known values only
  int min_base_han = 2;
  bool win_valid = false;
  bool chombo = false;     // an illegal 엎어/불러 declaration (L105-107, L119)
  bool unlimited = false;  // 구련보등 under chuuren_unlimited
  SmallList<KoreanYakuEntry, 40> yaku;
  std::vector<std::string> messages;  // why not valid, which values are unknown, ...
  Wait wait = Wait::None;
  SmallList<ShownSet, 14> decomposition;
  bool tsumo = false;
  bool collects_draw_pool = false;
  // Payment, only with options.unit (otherwise has_points is false).
  bool has_points = false;
  int win_base = -1;  // -1: no win base option
  std::int64_t points = 0, payment = 0, total = 0;

  static KoreanResult failure(ErrorCode code, std::string message, std::string reason = {}, std::string field = {});
};

KoreanResult score_korean(const KoreanRequest& request);

// Whether an 엎어/불러 declaration on this 13-tile hand is legal: every winning
// tile, by ron and by tsumo, must reach the minimum base han (L105-107). On
// false, `why` names the first failing tile.
struct DeclarationCheck {
  bool legal = true;
  std::string why;
  SmallList<Tile, 34> waits;
};
DeclarationCheck korean_declaration_check(const KoreanRequest& before_win);

Json korean_result_to_json(const KoreanResult& result);
void korean_result_to_text(const KoreanResult& result, std::string& out);
Json korean_yaku_table_json();

}  // namespace tenbou
