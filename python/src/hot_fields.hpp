// The fields of a result that Python reads most, copied out of the full result
// (binding only): a Result answers them without building anything else.
#pragma once
#include <cstdint>

#include "tenbou/api.hpp"

namespace tenbou_py {

// The fields a Result answers without the full result (ResultStore::hot reads them without the rest).
struct HotFields {
  enum Family : std::uint8_t { Riichi, Korean, Hktw };
  std::int64_t total = 0, honba_bonus = 0, sticks_bonus = 0;
  std::int32_t han = 0, fu = 0, yakuman = 0;
  bool ok = false;
  bool exact = false;  // aotenjo: the amounts are exact integers in the full result only
  Family family = Riichi;
  std::uint8_t method = 0;  // tenbou::Method (Riichi)
  std::uint8_t limit = 0;   // tenbou::Limit
  std::uint8_t wait = 0;    // tenbou::Wait
  std::uint8_t yaku_count = 0;
  std::uint8_t yaku[24];
  std::int16_t yaku_han[24];
  // True when the getters above are the answer (an ok Riichi result).
  bool riichi_ok() const { return ok && family == Riichi; }
};

void hot_fields_of(const tenbou::ScoreResult& result, HotFields& out);

}  // namespace tenbou_py
