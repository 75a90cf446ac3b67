// tenbou-native: the C++ core with no front end around it.
//   tenbou-native score < requests.jsonl > results.jsonl   (same lines as `tenbou score --jsonl`)
//   tenbou-native waits < hands.jsonl > answers.jsonl      (hands before the win: tenbou.waits answers)
//   tenbou-native bench-waits hands.jsonl [seconds]        (shanten and waits on hands before the win)
//   tenbou-native hktw-readings < counts.txt               (every reading of 17-tile hands: "c0 .. c33 melds"
//                                                          per line in, readings joined by " | " out)
//   tenbou-native records < requests.bin > results.bin     (binary request records, as the JS API's
//                                                          scoreMany sends them: binary_value.hpp)
//   tenbou-native options | limits                        (the option tables / the input limits as JSON:
//                                                          options_schema.hpp, the text every front end gives)
//   tenbou-native bench requests.jsonl [seconds]          (hands/s on one core; Korean files time
//                                                          score_korean, Hong Kong-Taiwan files score_hktw)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "tenbou/api.hpp"
#include "core/framing.hpp"
#include "tenbou/hktw.hpp"
#include "tenbou/request.hpp"
#include "tenbou/korean.hpp"
#include "tenbou/options_schema.hpp"
#include "tenbou/riichi.hpp"
#include "tenbou/shanten.hpp"
#include "tenbou/waits.hpp"
#include "tenbou/value_view.hpp"

namespace {

// JSON Lines in, one answer line out per request: `score`, or `waits` on hands before the win.
// Lines are framed as the CLIs frame them (framing.hpp: README "Input contract").
int run_lines(bool waits) {
  std::ios::sync_with_stdio(false);
  tenbou::LineFramer framer;
  std::string out;
  const auto each = [&](std::string_view line) {
    if (!waits) {
      tenbou::score_json_text_to(line, out);
    } else {
      try {
        out += tenbou::waits_json(tenbou::Json::parse(line)).dump();
      } catch (const tenbou::InputError& e) {  // not JSON at all
        out += tenbou::failure_json({tenbou::ErrorCode::InvalidInput, e.reason(), e.field(), e.detail()}).dump();
      }
    }
    out += '\n';
  };
  std::vector<char> chunk(1 << 16);
  while (std::cin.read(chunk.data(), static_cast<std::streamsize>(chunk.size())) || std::cin.gcount() > 0) {
    framer.feed(std::string_view(chunk.data(), static_cast<std::size_t>(std::cin.gcount())), each);
    std::cout << out;
    out.clear();
  }
  framer.finish(each);
  std::cout << out;
  return 0;
}

template <typename F>
double hands_per_second(std::size_t n, double seconds, F&& body) {
  using clock = std::chrono::steady_clock;
  std::size_t done = 0;
  auto start = clock::now();
  double elapsed = 0;
  do {
    for (std::size_t i = 0; i < n; ++i) body(i);
    done += n;
    elapsed = std::chrono::duration<double>(clock::now() - start).count();
  } while (elapsed < seconds);
  return done / elapsed;
}

int run_bench(const char* path, double seconds) {
  std::ifstream in(path);
  if (!in) {
    std::cerr << "tenbou-native: cannot open " << path << "\n";
    return 2;
  }
  std::vector<std::string> lines;
  std::vector<tenbou::RiichiRequest> requests;
  std::vector<tenbou::KoreanRequest> korean;
  std::vector<tenbou::HktwRequest> hktw;
  for (std::string line; std::getline(in, line);) {
    if (line.empty()) continue;
    lines.push_back(line);
    try {
      const tenbou::Json json = tenbou::Json::parse(line);
      const tenbou::JsonView view(json);
      const tenbou::RulesFamily family = tenbou::rules_family(view);
      if (family == tenbou::RulesFamily::Korean) korean.push_back(tenbou::korean_request_from(view));
      else if (family == tenbou::RulesFamily::Hktw) hktw.push_back(tenbou::hktw_request_from(view));
      else requests.push_back(tenbou::riichi_request_from(view));
    } catch (const tenbou::InputError&) {
    }
  }
  long sink = 0;
  // Scoring alone: decomposition, yaku, fu, payments on parsed requests (one family per file).
  double core = !hktw.empty() ? hands_per_second(hktw.size(), seconds, [&](std::size_t i) {
    sink += tenbou::score_hktw(hktw[i]).total;
  }) : korean.empty() ? hands_per_second(requests.size(), seconds, [&](std::size_t i) {
    sink += tenbou::score_riichi(requests[i]).payments.total;
  }) : hands_per_second(korean.size(), seconds, [&](std::size_t i) {
    sink += tenbou::score_korean(korean[i]).han;
  });
  // The whole contract path: JSON text in, JSON text out.
  double full = hands_per_second(lines.size(), seconds, [&](std::size_t i) {
    sink += static_cast<long>(tenbou::score_json_text(lines[i]).size());
  });
  std::printf("{\"riichi_hands\":%zu,\"korean_hands\":%zu,\"hktw_hands\":%zu,\"score_hands_per_s\":%.0f,"
              "\"json_hands_per_s\":%.0f,\"sink\":%ld}\n",
              requests.size(), korean.size(), hktw.size(), core, full, sink % 7);
  return 0;
}

// Shanten and waits on hands before the win (one JSON request per line, 13 tiles).
int run_bench_before_win(const char* path, double seconds) {
  std::ifstream in(path);
  if (!in) {
    std::cerr << "tenbou-native: cannot open " << path << "\n";
    return 2;
  }
  std::vector<tenbou::Json> requests;
  std::vector<tenbou::TileCounts> hands;
  std::vector<int> sets;
  for (std::string line; std::getline(in, line);) {
    if (line.empty()) continue;
    requests.push_back(tenbou::Json::parse(line));
    const tenbou::HandBeforeWin h = tenbou::hand_before_win_from(tenbou::JsonView(requests.back()));
    hands.push_back(h.hand);
    sets.push_back(4 - h.melds);
  }
  long sink = 0;
  // Shanten alone, every form, on tile counts.
  const double shanten = hands_per_second(hands.size(), seconds, [&](std::size_t i) {
    int s = tenbou::shanten_standard(hands[i], sets[i]);
    if (sets[i] == 4)
      s = std::min({s, tenbou::shanten_seven_pairs(hands[i], true), tenbou::shanten_thirteen_orphans(hands[i])});
    sink += s;
  });
  // Waits with scores on parsed hands: shanten, ukeire, every winning tile scored by ron and tsumo.
  std::vector<tenbou::HandBeforeWin> parsed;
  for (const auto& r : requests) parsed.push_back(tenbou::hand_before_win_from(tenbou::JsonView(r)));
  std::size_t wait_count = 0;
  const double waits = hands_per_second(parsed.size(), seconds, [&](std::size_t i) {
    const tenbou::BeforeWinAnalysis a = tenbou::analyse_before_win(parsed[i]);
    for (tenbou::Tile t : a.winning_tiles) {
      sink += tenbou::score_result_ok(tenbou::score_wait(parsed[i], t, false));
      sink += tenbou::score_result_ok(tenbou::score_wait(parsed[i], t, true));
      ++wait_count;
    }
  });
  // The whole contract path: JSON request in, JSON answer (every result as JSON) out.
  const double waits_json = hands_per_second(requests.size(), seconds, [&](std::size_t i) {
    sink += static_cast<long>(tenbou::waits_json(requests[i]).dump().size());
  });
  std::printf("{\"hands\":%zu,\"shanten_hands_per_s\":%.0f,\"waits_hands_per_s\":%.0f,"
              "\"waits_json_hands_per_s\":%.0f,\"sink\":%ld}\n",
              hands.size(), shanten, waits, waits_json, (sink + static_cast<long>(wait_count)) % 7);
  return 0;
}

// Hong Kong-Taiwan readings of tile counts (the brute-force test's other side).
int run_hktw_readings() {
  std::ios::sync_with_stdio(false);
  std::string line;
  while (std::getline(std::cin, line)) {
    std::istringstream in(line);
    tenbou::TileCounts counts{};
    for (auto& c : counts) {
      int v = 0;
      in >> v;
      c = static_cast<std::uint8_t>(v);
    }
    int melds = 0;
    in >> melds;
    const auto readings = tenbou::hktw_readings_text(counts, melds);
    for (std::size_t i = 0; i < readings.size(); ++i) std::cout << (i ? " | " : "") << readings[i];
    std::cout << '\n';
  }
  return 0;
}

// Binary request records on stdin (the whole input), binary result records on stdout.
int run_records() {
  std::vector<char> in((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
  std::string out;
  tenbou::score_records(reinterpret_cast<const std::uint8_t*>(in.data()), in.size(), out);
  std::cout.write(out.data(), static_cast<std::streamsize>(out.size()));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::string cmd = argc > 1 ? argv[1] : "";
  if (cmd == "score") return run_lines(false);
  if (cmd == "waits") return run_lines(true);
  if (cmd == "records") return run_records();
  if (cmd == "hktw-readings") return run_hktw_readings();
  if (cmd == "options" || cmd == "limits") {
    std::cout << (cmd == "options" ? tenbou::options_schema_json() : tenbou::input_limits_json()) << '\n';
    return 0;
  }
  if (cmd == "bench" && argc > 2) return run_bench(argv[2], argc > 3 ? std::stod(argv[3]) : 2.0);
  if (cmd == "bench-waits" && argc > 2) return run_bench_before_win(argv[2], argc > 3 ? std::stod(argv[3]) : 2.0);
  std::cerr << "usage: tenbou-native score|waits < requests.jsonl | tenbou-native records < requests.bin\n"
               "       tenbou-native options | limits\n"
               "       tenbou-native bench requests.jsonl [seconds]\n"
               "       tenbou-native bench-waits before_win.jsonl [seconds]\n";
  return 2;
}
