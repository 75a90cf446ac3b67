// tenbou-native: the C++ core with no front end around it.
//   tenbou-native score < requests.jsonl > results.jsonl   (same lines as `tenbou score --jsonl`)
//   tenbou-native bench requests.jsonl [seconds]          (hands/s on one core; Korean
//                                                          files time score_korean)
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "tenbou/api.hpp"
#include "tenbou/request.hpp"
#include "tenbou/korean.hpp"
#include "tenbou/riichi.hpp"
#include "tenbou/value_view.hpp"

namespace {

int run_score() {
  std::ios::sync_with_stdio(false);
  std::string line;
  while (std::getline(std::cin, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    std::cout << tenbou::score_json_text(line) << '\n';
  }
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
  for (std::string line; std::getline(in, line);) {
    if (line.empty()) continue;
    lines.push_back(line);
    try {
      const tenbou::Json json = tenbou::Json::parse(line);
      const tenbou::JsonView view(json);
      if (tenbou::rules_family(view) == tenbou::RulesFamily::Korean) korean.push_back(tenbou::korean_request_from(view));
      else requests.push_back(tenbou::riichi_request_from(view));
    } catch (const tenbou::InputError&) {
    }
  }
  long sink = 0;
  // Scoring alone: decomposition, yaku, fu, payments on parsed requests (one family per file).
  double core = korean.empty() ? hands_per_second(requests.size(), seconds, [&](std::size_t i) {
    sink += tenbou::score_riichi(requests[i]).payments.total;
  }) : hands_per_second(korean.size(), seconds, [&](std::size_t i) {
    sink += tenbou::score_korean(korean[i]).han;
  });
  // The whole contract path: JSON text in, JSON text out.
  double full = hands_per_second(lines.size(), seconds, [&](std::size_t i) {
    sink += static_cast<long>(tenbou::score_json_text(lines[i]).size());
  });
  std::printf("{\"riichi_hands\":%zu,\"korean_hands\":%zu,\"score_hands_per_s\":%.0f,\"json_hands_per_s\":%.0f,\"sink\":%ld}\n",
              requests.size(), korean.size(), core, full, sink % 7);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::string cmd = argc > 1 ? argv[1] : "";
  if (cmd == "score") return run_score();
  if (cmd == "bench" && argc > 2) return run_bench(argv[2], argc > 3 ? std::stod(argv[3]) : 2.0);
  std::cerr << "usage: tenbou-native score < requests.jsonl | tenbou-native bench requests.jsonl [seconds]\n";
  return 2;
}
