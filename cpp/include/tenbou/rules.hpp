// Riichi rule options and the named presets of contract.md. Every switch is a
// plain field so a reader can see what a preset turns on; README "Options"
// documents each with the seed line behind it.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

namespace tenbou {

class Json;
class ValueView;

enum class Method : std::uint8_t { FuHan, HanOnly, Aotenjo };
enum class KazoeLimit : std::uint8_t { Yakuman, Sanbaiman };
enum class RenhouValue : std::uint8_t { None, Mangan, Yakuman };
// Kuipinfu (an open hand with nothing beyond 20 fu): seed 003 and Tenhou count
// it as 30 fu; seed 001 raises it to 30 only at 1 han ("2판 이상은 제대로 20부");
// seed 000 also names houses that keep 20 fu even at 1 han (the 20 fu 1 han cells).
enum class OpenPinfuFu : std::uint8_t { Always30, OneHanOnly, Never };
enum class AotenjoYakuman : std::uint8_t { ThirteenHan, Fixed };
// Three-player tsumo: who pays the absent North seat's share (README "Three-player").
//   Loss: nobody (tsumo-zon: Tenhou, Mahjong Soul); NorthSplit: the two payers
//   share it (hokke seppan); RonEquivalent: the hand's ron value, halved between them.
enum class SanmaTsumo : std::uint8_t { Loss, NorthSplit, RonEquivalent };
// Settlement (settlement.hpp): several players ron the same discard.
//   All: each is paid; DoubleOnly: two are, three rons abort the hand (Tenhou);
//   HeadBump: only the first after the discarder wins (atamahane).
enum class MultipleRon : std::uint8_t { All, DoubleOnly, HeadBump };
// With several winners, who takes the honba: the first after the discarder, or each.
enum class MultipleRonHonba : std::uint8_t { First, Each };
// Liability (pao) for a yakuman made through a player's discard: the whole hand
// (Tenhou) or only the liable yakuman's share (Mahjong Soul).
enum class PaoLiability : std::uint8_t { Whole, YakumanOnly };

struct RiichiRules {
  const char* preset = "tenhou";  // one of kPresetNames
  bool open_tanyao = true;          // kuitan
  bool red_fives = true;            // 0m/0p/0s count as aka dora
  bool kiriage = false;             // 4 han 30 fu / 3 han 60 fu -> mangan
  KazoeLimit kazoe = KazoeLimit::Yakuman;  // 13+ han without a yakuman
  bool double_yakuman = false;      // suuankou tanki, kokushi 13, junsei chuuren, daisuushi x2
  bool multiple_yakuman = true;     // several yakuman add up; false caps at one
  int double_wind_fu = 4;           // pair of seat = round wind (seed 000: "4부가 일반적이지만 2부로 보는곳도")
  OpenPinfuFu open_pinfu_fu = OpenPinfuFu::Always30;
  RenhouValue renhou = RenhouValue::None;
  std::int64_t honba_value = 300;   // per honba on ron; a third of it from each payer on tsumo
  // Aotenjo house options of seed 000 section 4 (used with method "aotenjo").
  AotenjoYakuman aotenjo_yakuman = AotenjoYakuman::ThirteenHan;
  int aotenjo_kokushi_fu = 25;
  // seed 000's 103-han example leaves out toitoi, sanankou and sankantsu: dropped by default.
  bool aotenjo_drop_implied = true;
  bool aotenjo_yakuman_dora = true;  // "역만에도 도라를 복합하기 때문에"
  // Three-player switches (used when the request has "players": 3).
  SanmaTsumo sanma_tsumo = SanmaTsumo::Loss;
  std::int64_t sanma_honba_value = 200;  // per honba on ron; half from each payer on tsumo (Tenhou: 200)
  bool north_value = false;  // a North triplet is a value tile (1 han) and a North pair 2 fu
  bool kita_dora = true;     // each kita (North set aside) is one dora
  bool kita_kazoe = true;    // kita han count toward kazoe yakuman
  // Settlement switches (README "Settlement"); the defaults are Tenhou's, proven by its records.
  std::int64_t noten_payment = 3000;        // tenpai payments of an exhaustive draw, in all
  std::int64_t sanma_noten_payment = 2000;  // the same with three players
  MultipleRon multiple_ron = MultipleRon::DoubleOnly;
  MultipleRonHonba multiple_ron_honba = MultipleRonHonba::First;
  PaoLiability pao = PaoLiability::Whole;
  bool pao_suukantsu = false;  // liability for four kans as well as daisangen and daisuushi
  bool nagashi_mangan = true;  // nagashi mangan is paid (as a mangan tsumo)
  bool nagashi_honba = false;  // ... with the honba (not at Tenhou)
};

// "fuhan", "han_only", "aotenjo" (contract.md `method`).
const char* method_name(Method method);
Method parse_method(const ValueView& value, std::string_view field);
// The method called `name` ("fuhan", ...); false for any other text.
bool method_named(std::string_view name, Method& out);

// The largest han a points() query accepts: aotenjo totals stay exact far beyond it.
constexpr int kMaxHan = 100000;

// The preset names accepted by `options.preset`.
inline constexpr const char* kPresetNames[] = {"tenhou", "mahjongsoul", "wrc", "mleague"};
bool riichi_preset(std::string_view name, RiichiRules& out);

// Builds rules from a request's "options" object (preset first, then each
// switch). Throws InputError naming "options.<key>" on an unknown key or value.
RiichiRules riichi_rules_from(const ValueView* options);

// The effective rules as a JSON object (for `tenbou rules` and documentation tests).
Json riichi_rules_to_json(const RiichiRules& rules);

}  // namespace tenbou
