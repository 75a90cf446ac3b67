// Fuzz target for the game-record readers (mjlog, tenhou.net/6, mjai), the replay, the writers
// and the record tables (docs/fuzzing.md).
//
// The first byte of an input picks how the rest is read:
//   bits 0-1  the format: auto, mjlog, tenhou6, mjai
//   bits 2-4  the output (mod 5): hand ends, check, tenhou.net/6, mjai, annotate
//   bit 5     hand-end lines without each win's request
//   bit 6     also through read_record_tables (bit 7: on two threads)
// What must hold, whatever the bytes: replay_text never throws; the same record fed to a
// Replay in two pieces either gives the same output (but for the line end replay_text adds
// at the end) or throws the reader's error (a ReplayError, never another exception); the record tables never throw with skip_errors, give
// every column of a table the same length, and one error row at most.
// Built with libFuzzer (-DTENBOU_LIBFUZZER=ON, clang) it runs as any libFuzzer target; built
// without it (-DTENBOU_BUILD_FUZZ=ON), main() below is a plain mutation loop over seed records.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "records/tables.hpp"
#include "tenbou/records.hpp"

#include "mutate.hpp"

namespace {

std::string_view current;  // the input under test, written out by fail()

// A broken invariant: says which, writes the input to fuzz-records-failure.bin, and stops as
// a crash does (libFuzzer keeps its own copy of the input).
[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "tenbou-fuzz-records: %s (input written to fuzz-records-failure.bin)\n", what);
  if (std::FILE* f = std::fopen("fuzz-records-failure.bin", "wb")) {
    std::fwrite(current.data(), 1, current.size(), f);
    std::fclose(f);
  }
  std::abort();
}

bool same_lengths(const std::vector<tenbou::tables::Column>& table) {
  for (const tenbou::tables::Column& c : table)
    if (c.length() != table.front().length()) return false;
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  current = std::string_view(reinterpret_cast<const char*>(data), size);
  const std::uint8_t choice = data[0];
  const std::string_view record(reinterpret_cast<const char*>(data + 1), size - 1);
  static constexpr tenbou::RecordFormat kFormats[] = {tenbou::RecordFormat::Auto, tenbou::RecordFormat::Mjlog,
                                                      tenbou::RecordFormat::Tenhou6, tenbou::RecordFormat::Mjai};
  static constexpr tenbou::ReplayOutput kOutputs[] = {tenbou::ReplayOutput::HandEnds, tenbou::ReplayOutput::Check,
                                                      tenbou::ReplayOutput::Tenhou6, tenbou::ReplayOutput::Mjai,
                                                      tenbou::ReplayOutput::Annotate};
  tenbou::ReplayOptions options;
  options.format = kFormats[choice & 3];
  options.output = kOutputs[((choice >> 2) & 7) % 5];
  options.with_requests = (choice & 0x20) == 0;
  options.source = "fuzz";

  std::string whole;
  try {
    whole = tenbou::replay_text(record, options);
  } catch (...) {
    fail("replay_text threw");  // it gives an error line, never an exception
  }
  try {
    tenbou::Replay replay(options);
    std::string pieces;
    const std::size_t cut = record.size() / 3;
    replay.feed(record.substr(0, cut), pieces);
    replay.feed(record.substr(cut), pieces);
    replay.finish(pieces);
    // (replay_text ends its text with a line end; the annotator keeps a last line without one)
    if (!pieces.empty() && pieces.back() != '\n') pieces += '\n';
    if (pieces != whole) fail("the record fed in two pieces gave other lines than whole");
  } catch (const tenbou::ReplayError&) {
    // the reader's own error: replay_text wrote it as its last line
  } catch (...) {
    fail("the record fed in two pieces threw something else than a ReplayError");
  }
  if (choice & 0x40) {
    tenbou::records::RecordTablesOptions o;
    o.format = options.format;
    o.threads = (choice & 0x80) ? 2 : 1;
    o.skip_errors = true;
    try {
      const std::vector<tenbou::records::RecordInput> inputs{{"fuzz", record, {}}, {"again", record, {}}};
      for (const tenbou::records::RecordTablesBatch& b : tenbou::records::read_record_tables(inputs, o)) {
        if (b.deferred >= 0) continue;  // compressed bytes: the front end's
        if (!same_lengths(b.hands) || !same_lengths(b.wins) || !same_lengths(b.errors))
          fail("a record table's columns have different lengths");
        if (b.errors.front().length() > 2) fail("more than one error row a record");
      }
    } catch (...) {
      fail("read_record_tables threw with skip_errors");
    }
  }
  return 0;
}

#ifndef TENBOU_LIBFUZZER
// tenbou-fuzz-records ITERATIONS SEED FILE...: each iteration takes a seed record, a random
// first byte and 1-8 byte edits (tests/fuzz/mutate.hpp), and runs it through the target.
// tenbou-fuzz-records --run FILE...: each file as one input, as it is (its first byte the
// choice): a libFuzzer artifact replayed by this build.
int main(int argc, char** argv) {
  if (argc >= 3 && std::string_view(argv[1]) == "--run") {
    for (int i = 2; i < argc; ++i) {
      std::ifstream in(argv[i], std::ios::binary);
      const std::string input{std::istreambuf_iterator<char>(in), {}};
      LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(input.data()), input.size());
    }
    std::printf("%d inputs, no crash\n", argc - 2);
    return 0;
  }
  if (argc < 4) {
    std::fprintf(stderr, "usage: tenbou-fuzz-records ITERATIONS SEED FILE... | --run FILE...\n");
    return 2;
  }
  std::vector<std::string> corpus;
  for (int i = 3; i < argc; ++i) {
    std::ifstream in(argv[i], std::ios::binary);
    if (!in) {
      std::fprintf(stderr, "tenbou-fuzz-records: cannot read %s\n", argv[i]);
      return 2;
    }
    corpus.push_back(std::string(1, '\0') + std::string(std::istreambuf_iterator<char>(in), {}));
  }
  const unsigned long long n = std::strtoull(argv[1], nullptr, 10);
  std::mt19937_64 rng(std::strtoull(argv[2], nullptr, 10));
  for (unsigned long long it = 0; it < n; ++it) {
    std::string s = corpus[rng() % corpus.size()];
    s[0] = static_cast<char>(rng());
    if (rng() % 8 != 0) tenbou_fuzz::mutate(s, corpus, rng);  // (an eighth of them as they are)
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(s.data()), s.size());
  }
  std::printf("%llu inputs, no crash\n", n);
  return 0;
}
#endif
