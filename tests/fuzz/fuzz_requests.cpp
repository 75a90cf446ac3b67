// Fuzz target for the core's request readers (README "Input contract", "Fuzzing").
//
// The first byte of an input picks the reader; the rest is what it reads:
//   0  JSON text through score_json_text (JSON parser, Riichi/Korean/HKTW readers, scoring),
//      checked against the same text read through a Json tree
//   1  binary request records through score_records (the JS API's scoreMany path)
//   2  JSON text through waits_json (hands before the win)
//   3  JSON text through settle_json and points_json
//   4  the C ABI (tenbou.h): every function on the text, every returned string freed
//   5  a settlement built from the bytes (structured: settle_request below), so that mutations
//      reach the settlement itself rather than the JSON parser: wins with scored requests
//      (several rons, tsumo, pao, aotenjo), draws with tenpai lists, nagashi, deposits, honba,
//      three players and the settlement switches; settle_json and the C ABI must agree, and a
//      settled hand's deltas must add up to the deposits it collects
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

#include "mutate.hpp"

namespace {

// Reads the fuzzer's bytes as choices; past the end every choice is 0.
class Bytes {
 public:
  Bytes(const std::uint8_t* p, std::size_t n) : p_(p), n_(n) {}
  unsigned byte() { return i_ < n_ ? p_[i_++] : 0; }
  unsigned below(unsigned n) { return byte() % n; }
  bool one_in(unsigned n) { return below(n) == 0; }
  std::int64_t amount() {  // small counts mostly, the limits and past them sometimes
    static constexpr std::int64_t kEdges[] = {0, 1, 2, 3, 5, 8, 100, 9999, 10000, 10001, -1, 2147483648LL};
    const unsigned b = byte();
    return b < 0xe0 ? b % 6 : kEdges[b % (sizeof kEdges / sizeof kEdges[0])];
  }

 private:
  const std::uint8_t* p_;
  std::size_t n_, i_ = 0;
};

// Winning hands with what makes them interesting to a settlement: liable yakuman (daisangen,
// daisuushi, suukantsu), stacked yakuman, aotenjo amounts past 2^63, seven pairs, a hand without
// manzu 2-8 for three players, an open hand with no yaku unless riichi could be declared.
struct FuzzHand {
  const char* hand;
  const char* win_tile;
  const char* melds;  // JSON array text, or nullptr
};
constexpr FuzzHand kHands[] = {
    {"234567m234p55s678s", "5m", nullptr},
    {"234m567p345s22s", "2s", R"(["pon:666s"])"},
    {"123m99p", "9p", R"(["pon:555z","pon:666z","pon:777z"])"},
    {"111z22z", "2z", R"(["pon:555z","pon:666z","pon:777z"])"},
    {"11p", "1p", R"(["pon:111z","pon:222z","pon:333z","pon:444z"])"},
    {"55p", "5p", R"(["kan:1111m","kan:9999s","ankan:2222z","kan:7777z"])"},
    {"111z222z333z444z55z", "5z", nullptr},
    {"1199p22337788s44z", "4z", nullptr},
    {"123456p789s11122z", "2z", nullptr},
    {"19m19p19s1234567z1m", "1m", nullptr},
    {"123p456p789p11s", "1s", R"(["chi:789s"])"},
};
constexpr const char* kDora[] = {"1m", "4z1z2z3z7z", "0p", "9s9s9s", "5z6z7z5z6z"};
constexpr const char* kMethods[] = {"fuhan", "han_only", "aotenjo"};
constexpr const char* kOutcomes[] = {"win", "draw", "nagashi_mangan", "abortive", "Win"};

void seat_list(Bytes& b, std::string& out, int players) {
  out += '[';
  const unsigned n = b.below(5);
  for (unsigned i = 0; i < n; ++i) {
    if (i) out += ',';
    out += std::to_string(b.one_in(16) ? static_cast<int>(b.byte()) - 1 : static_cast<int>(b.below(players)));
  }
  out += ']';
}

// A settlement request made from the bytes: valid in its shape, so that most inputs settle
// (or fail on one rule of settlement) instead of failing at the first key.
std::string settle_request(Bytes& b) {
  const int players = b.one_in(3) ? 3 : 4;
  const int dealer = b.one_in(16) ? 4 : static_cast<int>(b.below(players));
  std::string s = "{\"players\":" + std::to_string(players) + ",\"dealer\":" + std::to_string(dealer);
  if (!b.one_in(4)) s += ",\"honba\":" + std::to_string(b.amount());
  if (!b.one_in(4)) s += ",\"riichi_sticks\":" + std::to_string(b.amount());
  s += ",\"outcome\":\"";
  s += kOutcomes[b.one_in(32) ? 4 : b.below(4)];
  s += '"';
  if (!b.one_in(3)) {
    s += ",\"options\":{";
    // Each switch a byte: mostly left out, else one of its values (a key once: the parser
    // refuses a repeated key before anything is settled).
    static constexpr const char* kSwitches[][3] = {
        {R"("preset":"mahjongsoul")", R"("preset":"wrc")", R"("preset":"mleague")"},
        {R"("multiple_ron":"all")", R"("multiple_ron":"head_bump")", R"("multiple_ron":"double_only")"},
        {R"("multiple_ron_honba":"each")", R"("multiple_ron_honba":"first")", nullptr},
        {R"("pao":"yakuman_only")", R"("pao":"whole")", nullptr},
        {R"("pao_suukantsu":true)", nullptr, nullptr},
        {R"("nagashi_mangan":false)", nullptr, nullptr},
        {R"("nagashi_honba":true)", nullptr, nullptr},
        {R"("honba_value":600)", R"("honba_value":0)", R"("honba_value":3000000000000)"},
        {R"("sanma_tsumo":"north_split")", R"("sanma_tsumo":"ron_equivalent")", nullptr},
        {R"("noten_payment":3001)", R"("noten_payment":0)", nullptr},
        {R"("sanma_noten_payment":0)", R"("sanma_noten_payment":3000)", nullptr},
        {R"("double_yakuman":true)", nullptr, nullptr},
        {R"("aotenjo_yakuman":"fixed")", nullptr, nullptr},
        {R"("multiple_yakuman":false)", nullptr, nullptr},
    };
    bool first = true;
    for (const auto& values : kSwitches) {
      const unsigned pick = b.byte();
      if (pick < 0xc0 || !values[pick % 3]) continue;
      if (!first) s += ',';
      s += values[pick % 3];
      first = false;
    }
    s += '}';
  }
  if (!b.one_in(3)) {
    s += ",\"wins\":[";
    const unsigned n = b.below(5);
    const int from = static_cast<int>(b.below(players));
    for (unsigned i = 0; i < n; ++i) {
      if (i) s += ',';
      const bool tsumo = b.one_in(3);
      // rons in turn order after the discarder (several on one discard), sometimes any seat
      const int winner = b.one_in(32) ? 4
                         : tsumo      ? from
                         : b.one_in(8) ? static_cast<int>(b.below(players))
                                      : static_cast<int>((from + 1 + i) % players);
      const FuzzHand& h = kHands[b.below(sizeof kHands / sizeof kHands[0])];
      const int wind = b.one_in(16) ? static_cast<int>(b.below(4)) : ((winner - dealer) % players + players) % players;
      s += "{\"winner\":" + std::to_string(winner);
      if (!b.one_in(8)) s += ",\"from\":" + std::to_string(b.one_in(16) ? static_cast<int>(b.below(players)) : from);
      if (b.one_in(3)) s += ",\"pao\":" + std::to_string(b.one_in(8) ? winner : static_cast<int>(b.below(players)));
      s += R"(,"request":{"hand":")" + std::string(h.hand) + R"(","win_tile":")" + h.win_tile + '"';
      if (h.melds) s += ",\"melds\":" + std::string(h.melds);
      s += ",\"seat_wind\":\"";
      s += "ESWN"[wind % 4];
      s += '"';
      if (tsumo != b.one_in(16)) s += ",\"tsumo\":true";
      if (!h.melds && b.one_in(2)) s += ",\"riichi\":true";
      if (players == 3) s += ",\"players\":3";
      if (b.one_in(2)) s += ",\"dora_indicators\":\"" + std::string(kDora[b.below(sizeof kDora / sizeof kDora[0])]) + '"';
      if (b.one_in(3)) s += ",\"method\":\"" + std::string(kMethods[b.below(3)]) + '"';
      if (b.one_in(4)) s += ",\"honba\":" + std::to_string(b.amount());
      s += "}}";
    }
    s += ']';
  }
  if (b.one_in(2)) {
    s += ",\"tenpai\":";
    seat_list(b, s, players);
  }
  if (b.one_in(2)) {
    s += ",\"nagashi\":";
    seat_list(b, s, players);
  }
  s += '}';
  return s;
}

// Settles the request through the core and the C ABI: the same text, and a settled hand's
// deltas add up to what it takes off the table (1,000 a deposit collected: payments between
// players cancel out, riichi declarations are not in the deltas).
void check_settlement(const std::string& request) {
  static const bool show = std::getenv("TENBOU_FUZZ_SHOW") != nullptr;  // to see what an input settles
  if (show) std::fprintf(stderr, "settle %s\n", request.c_str());
  std::string core;
  try {
    core = tenbou::settle_json(tenbou::Json::parse(request)).dump();
  } catch (const tenbou::InputError&) {
    __builtin_trap();  // the request is JSON: settle_json answers, it does not throw
  }
  std::size_t n = 0;
  char* c = tenbou_settle_json(request.data(), request.size(), &n);
  if (!c || std::string_view(c, n) != core) __builtin_trap();
  tenbou_free(c);
  if (show) std::fprintf(stderr, "answer %s\n", core.c_str());
  const tenbou::Json answer = tenbou::Json::parse(core);
  const tenbou::Json* ok = answer.find("ok");
  if (!ok || ok->type() != tenbou::Json::Type::Bool) __builtin_trap();
  if (!ok->as_bool()) return;
  const tenbou::Json q = tenbou::Json::parse(request);
  const tenbou::Json* sticks = q.find("riichi_sticks");
  const std::int64_t deposits = sticks ? sticks->as_int() : 0;
  const tenbou::Json* left = answer.find("riichi_sticks_left");
  const tenbou::Json* deltas = answer.find("deltas");
  if (!left || !deltas || deltas->type() != tenbou::Json::Type::Array) __builtin_trap();
  long double sum = 0;  // exact here: amounts a 64-bit delta holds, a few of them
  for (const auto& d : deltas->items()) {
    if (d.type() != tenbou::Json::Type::Int) __builtin_trap();
    sum += static_cast<long double>(d.as_int());
  }
  if (sum != static_cast<long double>(1000 * (deposits - left->as_int()))) __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  if (data[0] % 6 == 5) {
    Bytes b(data + 1, size - 1);
    check_settlement(settle_request(b));
    return 0;
  }
  if (data[0] % 6 == 4) {
    const char* p = reinterpret_cast<const char*>(data + 1);
    for (auto fn : {tenbou_score_json, tenbou_score_jsonl, tenbou_waits_json, tenbou_points_json, tenbou_settle_json}) {
      std::size_t n = 0;
      char* out = fn(p, size - 1, &n);
      if (out && out[n] != '\0') __builtin_trap();  // the text must be NUL-terminated at its length
      tenbou_free(out);
    }
    return 0;
  }
  switch (data[0] % 6) {
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
        if (data[0] % 6 == 2) {
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
// (the selector digit, a space, then the input; binary records and structured settlements
// written as hex after "1 " and "5 ").
// Each iteration takes a seed input, applies 1-8 byte edits (flip, insert, delete, splice
// from another input, a "magic" byte) and runs it through the target.
namespace {
std::vector<std::string> read_corpus(const char* path) {
  std::ifstream in(path, std::ios::binary);
  std::vector<std::string> corpus;
  for (std::string line; std::getline(in, line);) {
    if (line.size() < 2) continue;
    std::string input(1, static_cast<char>(line[0] - '0'));
    if (line[0] == '1' || line[0] == '5') {  // hex
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
  for (unsigned long long it = 0; it < n; ++it) {
    std::string s = corpus[rng() % corpus.size()];
    tenbou_fuzz::mutate(s, corpus, rng);
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(s.data()), s.size());
  }
  std::printf("%llu inputs, no crash\n", n);
  return 0;
}
#endif
