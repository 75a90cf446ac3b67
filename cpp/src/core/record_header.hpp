// The header of a scored Riichi hand's batch record, shared by the core's batch scorer
// (api.cpp) and the WebAssembly batch (wasm/src/bindings.cpp), so both lay it out alike.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "tenbou/riichi.hpp"

namespace tenbou {

// A batch record's header for a scored Riichi hand (api.hpp score_records, kind 1): the
// fields a bulk reader (scoreMany's get) wants, at fixed places. None for aotenjo (its
// amounts are exact only in the value: they pass 64 bits).
// `Writer`: binary::Writer, or a writer of the same bytes (the WebAssembly batch's).
template <typename Writer>
void write_riichi_record_header(Writer& w, std::size_t record, const RiichiResult& r) {
  if (!r.ok || r.payments.exact) return;
  w.set_record_kind(record, 1);
  std::uint8_t header[21 + 3 * decltype(r.yaku)::capacity()];
  const std::int32_t han = r.han, fu = r.fu, yakuman = r.yakuman;
  const std::int64_t total = r.payments.total;
  std::memcpy(header, &han, 4);
  std::memcpy(header + 4, &fu, 4);
  std::memcpy(header + 8, &yakuman, 4);
  std::memcpy(header + 12, &total, 8);
  header[20] = static_cast<std::uint8_t>(r.yaku.size());
  std::size_t n = 21;
  for (const auto& y : r.yaku) {
    const auto y_han = static_cast<std::uint16_t>(y.han);
    header[n] = static_cast<std::uint8_t>(y.yaku);
    std::memcpy(header + n + 1, &y_han, 2);
    n += 3;
  }
  w.raw(header, n);
}

}  // namespace tenbou
