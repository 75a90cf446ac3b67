#pragma once
// Scoring entry points for input the caller built itself and vouches for (the WebAssembly
// bindings, whose only caller is tenbou.mjs: every string valid UTF-8, every structure well
// formed). Not public API: an embedder with bytes of unknown origin uses score_records
// (tenbou/api.hpp), which validates them first.
#include <cstddef>
#include <cstdint>
#include <exception>
#include <string>
#include <string_view>

#include "core/binary_value.hpp"
#include "tenbou/api.hpp"
#include "tenbou/rules.hpp"

namespace tenbou {

// score_records for records written by a trusted encoder (the JS API's, tenbou.mjs: every
// string valid UTF-8, the structure well formed), with the same results: a binary request
// record (kind 0) is not validated again, and a Riichi request whose "options" are the bytes
// of the request before's, and valid, has them read once (riichi_rules_from), not again.
void score_built_records(const std::uint8_t* data, std::size_t size, std::string& out);

// One Riichi request ("rules" absent or "riichi") as a binary value the caller built itself
// from values already checked (the WebAssembly columns: tenbou.mjs writes every string as
// valid UTF-8, bindings.cpp the structure), so it is not validated again; its result handed
// to `sink`, as score_records_each hands it. `rules`: when not null, the rules of the
// request's "options", read once by the caller with riichi_rules_from for the many rows that
// share them (the value then leaves "options" out: a valid options value names no error).
void score_built_riichi_request(const std::uint8_t* value, const RiichiRules* rules, ResultSink& sink);

// The Riichi rules of the last "options" value read, by its bytes (a binary value): read once
// for the requests or rows that repeat it.
struct RiichiOptionsCache {
  std::string bytes;
  bool have = false, valid = false;
  RiichiRules rules;
  // The rules of `v`, or nullptr when they are not valid (the request's own reading then
  // names the error, in its order).
  const RiichiRules* of(std::string_view v) {
    if (!have || v != bytes) {
      bytes.assign(v);
      have = true;
      try {
        const binary::View view(reinterpret_cast<const std::uint8_t*>(bytes.data()));
        rules = riichi_rules_from(&view);
        valid = true;
      } catch (const std::exception&) {
        valid = false;
      }
    }
    return valid ? &rules : nullptr;
  }
};

}  // namespace tenbou
