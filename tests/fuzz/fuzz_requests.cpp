// Fuzz target for the core's request readers (README "Input contract", "Fuzzing").
//
// The first byte of an input picks the reader; the rest is what it reads:
//   0  JSON text through score_json_text (JSON parser, Riichi/Korean/HKTW readers, scoring),
//      checked against the same text read through a Json tree
//   1  binary request records through score_records (the JS API's scoreMany path)
//   2  JSON text through waits_json (hands before the win)
//   3  JSON text through settle_json and points_json
//   4  the C ABI (tenbou.h): every function on the text, every returned string freed
// Built with libFuzzer (clang -fsanitize=fuzzer,address,undefined; CMake -DTENBOU_LIBFUZZER=ON)
// it runs as any libFuzzer target. Built without it (-DTENBOU_BUILD_FUZZ=ON with g++), main()
// below is a plain mutation loop over a seed corpus, run under ASan/UBSan by the tests.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "tenbou/api.hpp"
#include "tenbou/error.hpp"
#include "tenbou/json.hpp"
#include "tenbou/settlement.hpp"
#include "tenbou/tenbou.h"
#include "tenbou/waits.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  if (data[0] % 5 == 4) {
    const char* p = reinterpret_cast<const char*>(data + 1);
    for (auto fn : {tenbou_score_json, tenbou_score_jsonl, tenbou_waits_json, tenbou_points_json, tenbou_settle_json}) {
      std::size_t n = 0;
      char* out = fn(p, size - 1, &n);
      if (out && out[n] != '\0') __builtin_trap();  // the text must be NUL-terminated at its length
      tenbou_free(out);
    }
    return 0;
  }
  switch (data[0] % 5) {
    case 0: {
      // The JSON text path parses into binary values and reads them in place; reading the same
      // text through a Json tree must give the same bytes (json.cpp's two sinks, one parser).
      const std::string fast = tenbou::score_json_text(text);
      tenbou::ScoreResult r;
      try {
        r = tenbou::score_request(tenbou::Json::parse(text));
      } catch (const tenbou::InputError& e) {
        r = tenbou::RiichiResult::failure(tenbou::ErrorCode::InvalidInput, e.detail(), e.reason(), e.field());
      }
      std::string via_tree;
      tenbou::score_result_to_text(r, via_tree);
      if (fast != via_tree) __builtin_trap();
      break;
    }
    case 1: {
      std::string out;
      tenbou::score_records(data + 1, size - 1, out);
      break;
    }
    default:
      try {
        const tenbou::Json json = tenbou::Json::parse(text);
        if (data[0] % 5 == 2) {
          (void)tenbou::waits_json(json);
        } else {
          (void)tenbou::settle_json(json);
          (void)tenbou::points_json(json);
        }
      } catch (const tenbou::InputError&) {
        // not JSON: the parser's own error, the result every front end gives
      }
  }
  return 0;
}

#ifndef TENBOU_LIBFUZZER
// tenbou-fuzz CORPUS_FILE ITERATIONS [SEED]: CORPUS_FILE holds one seed input per line
// (the selector digit, a space, then the input; binary records written as hex after "1 ").
// Each iteration takes a seed input, applies 1-8 byte edits (flip, insert, delete, splice
// from another input, a "magic" byte) and runs it through the target.
namespace {
std::vector<std::string> read_corpus(const char* path) {
  std::ifstream in(path, std::ios::binary);
  std::vector<std::string> corpus;
  for (std::string line; std::getline(in, line);) {
    if (line.size() < 2) continue;
    std::string input(1, static_cast<char>(line[0] - '0'));
    if (line[0] == '1') {  // hex
      for (std::size_t i = 2; i + 1 < line.size(); i += 2) input += static_cast<char>(std::stoi(line.substr(i, 2), nullptr, 16));
    } else {
      input += line.substr(2);
    }
    corpus.push_back(std::move(input));
  }
  return corpus;
}
}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: tenbou-fuzz CORPUS_FILE ITERATIONS [SEED]\n");
    return 2;
  }
  const std::vector<std::string> corpus = read_corpus(argv[1]);
  if (corpus.empty()) {
    std::fprintf(stderr, "tenbou-fuzz: empty corpus\n");
    return 2;
  }
  const unsigned long long n = std::strtoull(argv[2], nullptr, 10);
  std::mt19937_64 rng(argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 1);
  static const unsigned char kMagic[] = {'"', '{', '}', '[', ']', ':', ',', '\\', '0', '9', 'm', 'z', 0, 3, 5, 7, 8, 9,
                                         10, 16, 0x7f, 0x80, 0xc0, 0xef, 0xff};
  for (unsigned long long it = 0; it < n; ++it) {
    std::string s = corpus[rng() % corpus.size()];
    const int edits = 1 + static_cast<int>(rng() % 8);
    for (int e = 0; e < edits && !s.empty(); ++e) {
      const std::size_t at = 1 + (s.size() > 1 ? rng() % (s.size() - 1) : 0);
      switch (rng() % 5) {
        case 0: if (at < s.size()) s[at] = static_cast<char>(rng()); break;
        case 1: s.insert(s.begin() + static_cast<long>(std::min(at, s.size())), static_cast<char>(kMagic[rng() % sizeof kMagic])); break;
        case 2: if (at < s.size()) s.erase(at, 1 + rng() % 4); break;
        case 3: {
          const std::string& other = corpus[rng() % corpus.size()];
          const std::size_t from = 1 + rng() % std::max<std::size_t>(1, other.size() - 1);
          s.insert(std::min(at, s.size()), other.substr(std::min(from, other.size()), rng() % 32));
          break;
        }
        default: if (at < s.size()) s[at] = static_cast<char>(kMagic[rng() % sizeof kMagic]); break;
      }
    }
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(s.data()), s.size());
  }
  std::printf("%llu inputs, no crash\n", n);
  return 0;
}
#endif
