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

#include "hot_fields.hpp"
#include "tenbou/api.hpp"

namespace tenbou_py {

// Records encoded apart from the store (by a scoring thread), appended later in order.
struct EncodedRecords {
  std::string bytes;
  std::vector<std::uint32_t> starts;  // where each record begins in `bytes`
  void clear() {
    bytes.clear();
    starts.clear();
  }
};

class ResultStore {
 public:
  // A store takes the buffers a freed one left behind (see the .cpp): batch after batch
  // then writes into memory already mapped instead of faulting in fresh pages.
  ResultStore();
  ~ResultStore();
  ResultStore(const ResultStore&) = delete;
  ResultStore& operator=(const ResultStore&) = delete;

  // Encodes a result as a record (any thread); `append` adds records to the store in
  // order, with the results they came from (the rare whole-kept ones are copied then).
  static void encode(const tenbou::ScoreResult& r, EncodedRecords& out);
  void append(const EncodedRecords& records, const tenbou::ScoreResult* results);
  // Room for n results (records average ~60 bytes).
  void reserve(std::size_t n) {
    offsets_.reserve(n);
    data_.reserve(n * 64);
  }
  std::size_t size() const { return offsets_.size(); }
  tenbou::ScoreResult get(std::size_t i) const;
  // The hot fields of result i, without rebuilding the rest (a Riichi record keeps them first).
  void hot(std::size_t i, HotFields& out) const;
  // The error of result i when it is a failure record (views into the store), without
  // rebuilding the result; false for any other record.
  bool failure(std::size_t i, tenbou::ErrorCode& code, std::string_view& reason, std::string_view& field,
               std::string_view& message) const;
  // The result's total without rebuilding the rest (0 for a failure or a Korean result without points).
  std::int64_t total(std::size_t i) const;
  std::size_t bytes() const { return data_.capacity() + offsets_.capacity() * sizeof(std::uint64_t); }

 private:
  // Record tags. A record: the tag, then (kRiichi) the fields, (kFailure) the error,
  // (kWhole) a 4-byte index into whole_.
  enum Tag : std::uint8_t { kRiichi = 1, kFailure = 2, kWhole = 3 };
  std::string data_;
  std::vector<std::uint64_t> offsets_;
  std::vector<tenbou::ScoreResult> whole_;
};

}  // namespace tenbou_py
