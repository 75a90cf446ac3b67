// The results of one score_many call, stored compactly (README "Input contract": 10 million
// results in well under 2 GB). A Riichi result or any failure is one variable-length byte
// record (small integers as varints, yaku/fu/sets as a few bytes each: ~60-90 bytes a hand);
// the rare rest (Korean and Hong Kong-Taiwan results, exact aotenjo payments) is kept whole
// beside them. Reading a result rebuilds exactly the struct the core produced, so every
// writer gives the same bytes as for a result that was never stored.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "tenbou/api.hpp"

namespace tenbou_py {

class ResultStore {
 public:
  void reserve(std::size_t n) { offsets_.reserve(n); }
  void push(const tenbou::ScoreResult& r);
  std::size_t size() const { return offsets_.size(); }
  tenbou::ScoreResult get(std::size_t i) const;
  // The result's total without rebuilding the rest (0 for a failure or a Korean result without points).
  std::int64_t total(std::size_t i) const;
  std::size_t bytes() const { return data_.capacity() + offsets_.capacity() * sizeof(std::uint64_t); }

 private:
  enum Tag : std::uint8_t { kRiichi = 1, kFailure = 2, kWhole = 3 };
  void put_varint(std::uint64_t v);
  void put_signed(std::int64_t v) { put_varint((static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63)); }
  void put_text(std::string_view s);

  std::string data_;
  std::vector<std::uint64_t> offsets_;
  std::vector<tenbou::ScoreResult> whole_;
};

}  // namespace tenbou_py
