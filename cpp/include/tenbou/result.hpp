// The scoring result (contract.md "Result") and its JSON form.
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "tenbou/decompose.hpp"
#include "tenbou/error.hpp"
#include "tenbou/notation.hpp"
#include "tenbou/payments.hpp"
#include "tenbou/small_list.hpp"
#include "tenbou/wait.hpp"
#include "tenbou/yaku_table.hpp"

namespace tenbou {

class Json;

struct YakuEntry {
  Yaku yaku;
  std::int16_t han;
};

// Fu items: keys are stable (README "Fu items"); `tile` names the set or pair.
enum class FuKey : std::uint8_t {
  Base, Chiitoitsu, ClosedRon, Tsumo, WaitKanchan, WaitPenchan, WaitTanki,
  PairDragon, PairSeatWind, PairRoundWind, PairDoubleWind, PairNorthWind,
  OpenTripletSimple, OpenTripletTerminal, ClosedTripletSimple, ClosedTripletTerminal,
  OpenKanSimple, OpenKanTerminal, ClosedKanSimple, ClosedKanTerminal, OpenPinfu,
  HanOnly,       // the han-only method's fixed 30 fu (seed 000 section 2)
  KokushiAotenjo  // thirteen orphans' house fu under aotenjo (25 or 30, seed 000 section 4)
};
std::string_view fu_key_name(FuKey key);

struct FuItem {
  FuKey key;
  std::uint8_t fu;
  Tile tile;  // kNoTile when the item is not about one set
};

// One set of the chosen reading as it is shown: concealed sets and the pair in
// tile order, declared melds after them.
struct ShownSet {
  SetKind kind;
  Tile tile;
  bool pair;
  bool declared;
  MeldKind meld_kind;
  bool single = false;  // a lone tile (thirteen orphans)
};

// Why a request gave no score (kept behind a pointer: most results have none).
struct ResultError {
  ErrorCode code = ErrorCode::InvalidInput;
  std::string reason;  // InputError::reason for invalid input
  std::string field;
  std::string message;
  std::string text() const { return field_message(field, message); }
};

struct RiichiResult {
  bool ok = false;
  Method method = Method::FuHan;
  std::shared_ptr<const ResultError> error;  // set exactly when !ok

  int han = 0;
  int fu = 0;
  int yakuman = 0;
  SmallList<YakuEntry, 24> yaku;
  SmallList<FuItem, 12> fu_details;
  Payments payments;
  Wait wait = Wait::None;
  SmallList<ShownSet, 14> decomposition;
  bool dealer = false;
  bool tsumo = false;
  int players = 4;  // written only when 3 (three-player results)

  static RiichiResult failure(ErrorCode code, std::string message, std::string reason = {}, std::string field = {});
};

// The contract's `{"ok": false, "error": {...}}` object (every rule family).
Json failure_json(const ResultError& error);

// The contract's JSON object for a result, as a tree or appended as compact text
// (the same bytes: both come from one serializer, cpp/src/core/result_writer.hpp).
Json result_to_json(const RiichiResult& result);
void result_to_text(const RiichiResult& result, std::string& out);

// Writes "payments", "honba_bonus", "sticks_bonus" and "total" into `object`
// (exact integers of any size for aotenjo). Shared by results and points().
void write_payments(Json& object, const Payments& payments);
Json base_points_json(const Payments& payments);

// The chosen reading as strings, e.g. ["234m", "55m", "pon:777z"].
std::string shown_set_text(const ShownSet& set);

// The same text in a buffer of its own (the serializer's path: no allocation).
struct ShownSetText {
  char buf[16];  // "kakan:1111m" is the longest
  std::string_view of(const ShownSet& set);
};

}  // namespace tenbou
