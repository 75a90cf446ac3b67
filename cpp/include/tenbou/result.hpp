// The scoring result (contract.md "Result") and its JSON form.
#pragma once
#include <array>
#include <cstdint>
#include <string>

#include "tenbou/decompose.hpp"
#include "tenbou/error.hpp"
#include "tenbou/notation.hpp"
#include "tenbou/payments.hpp"
#include "tenbou/yaku_table.hpp"

namespace tenbou {

class Json;

// A fixed-capacity list: results are built in the hot path without the heap.
template <typename T, int N>
struct SmallList {
  std::array<T, N> items{};
  int count = 0;
  void push(const T& v) {
    if (count < N) items[count++] = v;  // capacities are sized for the largest hand; never exceeded
  }
  const T* begin() const { return items.data(); }
  const T* end() const { return items.data() + count; }
  bool empty() const { return count == 0; }
};

enum class Wait : std::uint8_t { Ryanmen, Kanchan, Penchan, Shanpon, Tanki, Kokushi13, None };
const char* wait_name(Wait wait);

struct YakuEntry {
  Yaku yaku;
  int han;
};

// Fu items: keys are stable (README "Fu items"); `tile` names the set or pair.
enum class FuKey : std::uint8_t {
  Base, Chiitoitsu, ClosedRon, Tsumo, WaitKanchan, WaitPenchan, WaitTanki,
  PairDragon, PairSeatWind, PairRoundWind, PairDoubleWind,
  OpenTripletSimple, OpenTripletTerminal, ClosedTripletSimple, ClosedTripletTerminal,
  OpenKanSimple, OpenKanTerminal, ClosedKanSimple, ClosedKanTerminal, OpenPinfu
};
const char* fu_key_name(FuKey key);

struct FuItem {
  FuKey key;
  int fu;
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

struct RiichiResult {
  bool ok = false;
  ErrorCode error_code = ErrorCode::InvalidInput;
  std::string error_reason;   // InputError::reason for invalid input
  std::string error_field;
  std::string error_message;

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

  static RiichiResult failure(ErrorCode code, std::string message, std::string reason = {}, std::string field = {});
};

// The contract's JSON object for a result.
Json result_to_json(const RiichiResult& result);

// The chosen reading as strings, e.g. ["234m", "55m", "pon:777z"].
std::string shown_set_text(const ShownSet& set);

}  // namespace tenbou
