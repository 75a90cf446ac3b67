// tenbou-native: the C++ core with no front end around it.
//   tenbou-native score < requests.jsonl > results.jsonl   (same lines as `tenbou score --jsonl`)
//   tenbou-native waits < hands.jsonl > answers.jsonl      (hands before the win: tenbou.waits answers)
//   tenbou-native bench-waits hands.jsonl [seconds]        (shanten and waits on hands before the win)
//   tenbou-native bench-discards hands.jsonl [seconds]     (what to discard on hands holding one tile more)
//   tenbou-native hktw-readings < counts.txt               (every reading of 17-tile hands: "c0 .. c33 melds"
//                                                          per line in, readings joined by " | " out)
//   tenbou-native records < requests.bin > results.bin     (binary request records, as the JS API's
//                                                          scoreMany sends them: binary_value.hpp)
//   tenbou-native options | limits                        (the option tables / the input limits as JSON:
//                                                          options_schema.hpp, the text every front end gives)
//   tenbou-native bench requests.jsonl [seconds]          (hands/s on one core; Korean files time
//                                                          score_korean, Hong Kong-Taiwan files score_hktw)
//   tenbou-native replay [--format F] [--output O] FILES  (game records replayed: records.hpp; O is
//                                                          hand_ends, check, tenhou6, mjai or annotate)
//   tenbou-native bench-replay [seconds] FILES            (games/s of replay + score + settle on one core,
//                                                          the files read into memory first)
//   tenbou-native tables [--format F] [--threads N] FILES (the record tables, records/tables.hpp, exported
//                                                          through the Arrow C data interface and walked:
//                                                          row counts on stdout, unreadable records on stderr)
#include <algorithm>
#include <chrono>
#include <ctime>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "tenbou/api.hpp"
#include "core/arrow_c.hpp"
#include "core/framing.hpp"
#include "records/tables.hpp"
#include "tenbou/hktw.hpp"
#include "tenbou/request.hpp"
#include "tenbou/korean.hpp"
#include "tenbou/options_schema.hpp"
#include "tenbou/records.hpp"
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

// What to discard on hands holding one tile more (tenbou.discards' core, no front end): the
// answer as data (discards_of), then as JSON text (discards_json), per request per second.
int run_bench_discards(const char* path, double seconds) {
  std::ifstream in(path);
  if (!in) {
    std::cerr << "tenbou-native: cannot open " << path << "\n";
    return 2;
  }
  std::vector<tenbou::Json> requests;
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) requests.push_back(tenbou::Json::parse(line));
  long sink = 0;
  const double data = hands_per_second(requests.size(), seconds, [&](std::size_t i) {
    sink += static_cast<long>(tenbou::discards_of(requests[i]).discards.size());
  });
  const double json = hands_per_second(requests.size(), seconds, [&](std::size_t i) {
    sink += static_cast<long>(tenbou::discards_json(requests[i]).dump().size());
  });
  std::printf("{\"hands\":%zu,\"discards_hands_per_s\":%.0f,\"discards_json_hands_per_s\":%.0f,\"sink\":%ld}\n",
              requests.size(), data, json, sink % 7);
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

bool read_file(const std::string& path, std::string& out) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return false;
  out.assign(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
  return true;
}

std::string base_name(const std::string& path) {
  const std::size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// Each file replayed in turn (fed in 64 KiB pieces, as a stream); one check summary for all.
// A bad file: its output so far, one line on stderr, the next file; exit 2 at the end.
int run_replay(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  tenbou::ReplayOptions options;
  std::vector<std::string> files;
  for (int i = 2; i < argc; ++i) {
    const std::string arg = argv[i];
    if ((arg == "--format" || arg == "--output") && i + 1 < argc) {
      const std::string v = argv[++i];
      if (arg == "--format") {
        if (!tenbou::record_format_from(v, options.format)) return std::cerr << "tenbou-native: unknown format " << v << '\n', 2;
      } else if (v == "hand_ends") options.output = tenbou::ReplayOutput::HandEnds;
      else if (v == "check") options.output = tenbou::ReplayOutput::Check;
      else if (v == "tenhou6") options.output = tenbou::ReplayOutput::Tenhou6;
      else if (v == "mjai") options.output = tenbou::ReplayOutput::Mjai;
      else if (v == "annotate") options.output = tenbou::ReplayOutput::Annotate;
      else return std::cerr << "tenbou-native: unknown output " << v << '\n', 2;
    } else {
      files.push_back(arg);
    }
  }
  options.summary = false;
  tenbou::ReplaySummary total;
  int failed = 0;
  std::string data, out;
  for (const std::string& path : files) {
    if (!read_file(path, data)) {
      std::cout << std::flush;
      std::cerr << "tenbou-native: " << path << ": cannot read\n";
      ++failed;
      continue;
    }
    options.source = base_name(path);
    tenbou::Replay replay(options);
    try {
      for (std::size_t at = 0; at < data.size(); at += 1 << 16) {
        replay.feed(std::string_view(data).substr(at, 1 << 16), out);
        std::cout << out;
        out.clear();
      }
      replay.finish(out);
      std::cout << out;
      out.clear();
    } catch (const tenbou::InputError& e) {
      std::cout << out << std::flush;
      out.clear();
      std::cerr << "tenbou-native: " << e.what() << '\n';
      ++failed;
    }
    const tenbou::ReplaySummary& s = replay.summary();
    total.games += s.games;
    total.hands += s.hands;
    total.hands_agree += s.hands_agree;
    total.wins += s.wins;
    total.wins_agree += s.wins_agree;
  }
  if (options.output == tenbou::ReplayOutput::Check) {
    std::cout << "{\"summary\":true,\"games\":" << total.games << ",\"hands\":" << total.hands << ",\"agree\":" << total.hands_agree
              << ",\"wins\":" << total.wins << ",\"wins_agree\":" << total.wins_agree << ",\"text\":\"" << total.hands_agree
              << " of " << total.hands << " hands agree\"}\n";
  }
  std::cout << std::flush;
  if (failed) return 2;
  return options.output == tenbou::ReplayOutput::Check && total.hands_agree != total.hands ? 1 : 0;
}

// Replay + score + settle + compare of every file, repeated for `seconds`: games/s on one core.
int run_bench_replay(double seconds, int argc, char** argv, int first) {
  std::vector<std::pair<std::string, std::string>> logs;
  std::size_t bytes = 0;
  for (int i = first; i < argc; ++i) {
    std::string data;
    if (!read_file(argv[i], data)) return std::cerr << "tenbou-native: " << argv[i] << ": cannot read\n", 2;
    bytes += data.size();
    logs.emplace_back(base_name(argv[i]), std::move(data));
  }
  if (logs.empty()) return std::cerr << "tenbou-native: bench-replay: no files\n", 2;
  tenbou::ReplayOptions options;
  options.output = tenbou::ReplayOutput::Check;
  options.summary = false;
  std::string out;
  std::int64_t games = 0, wins = 0, hands = 0, agree = 0;
  int rounds = 0;
  const auto start = std::chrono::steady_clock::now();
  const std::clock_t cpu_start = std::clock();  // this process's CPU time: the figure on a busy machine
  double elapsed = 0;
  do {
    for (const auto& [name, data] : logs) {
      options.source = name;
      tenbou::Replay replay(options);
      try {
        replay.feed(data, out);
        replay.finish(out);
      } catch (const tenbou::InputError& e) {
        std::cerr << "tenbou-native: " << e.what() << '\n';
        return 2;
      }
      out.clear();
      games += replay.summary().games;
      hands += replay.summary().hands;
      wins += replay.summary().wins;
      agree += replay.summary().hands_agree;
    }
    ++rounds;
    elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  } while (elapsed < seconds);
  const double cpu = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
  std::printf("{\"files\": %zu, \"rounds\": %d, \"games\": %lld, \"hands\": %lld, \"hands_agree\": %lld, \"wins\": %lld, "
              "\"seconds\": %.3f, \"cpu_seconds\": %.3f, \"games_per_second\": %.0f, \"games_per_cpu_second\": %.0f, "
              "\"mb_per_cpu_second\": %.1f}\n",
              logs.size(), rounds, static_cast<long long>(games), static_cast<long long>(hands), static_cast<long long>(agree),
              static_cast<long long>(wins), elapsed, cpu, games / elapsed, games / cpu, bytes * rounds / cpu / 1e6);
  return 0;
}

// Every buffer of an exported array read to its end (offsets within their data, children as
// long as the offsets say): what a consumer such as pyarrow does, so the sanitizers see it.
std::int64_t walk(const ArrowSchema& schema, const ArrowArray& array) {
  const std::string format = schema.format;
  std::int64_t sum = array.null_count;
  const auto* validity = static_cast<const std::uint8_t*>(array.buffers[0]);
  if (validity)
    for (std::int64_t i = 0; i < array.length; ++i) sum += (validity[i >> 3] >> (i & 7)) & 1;
  if (format == "u" || format == "+l") {
    const auto* offsets = static_cast<const std::int32_t*>(array.buffers[1]);
    for (std::int64_t i = 0; i < array.length; ++i)
      if (offsets[i] > offsets[i + 1]) throw std::logic_error("offsets go back in " + std::string(schema.name));
    if (format == "u") {
      const auto* data = static_cast<const unsigned char*>(array.buffers[2]);
      for (std::int32_t i = offsets[0]; i < offsets[array.length]; ++i) sum += data[i];
    } else if (array.children[0]->length < offsets[array.length]) {
      throw std::logic_error("a list's items are fewer than its offsets say in " + std::string(schema.name));
    }
  } else if (format == "b") {
    const auto* bits = static_cast<const std::uint8_t*>(array.buffers[1]);
    for (std::int64_t i = 0; i < array.length; ++i) sum += (bits[i >> 3] >> (i & 7)) & 1;
  } else if (format != "+s") {
    const int width = format == "c" ? 1 : format == "s" ? 2 : format == "i" ? 4 : 8;
    const auto* data = static_cast<const unsigned char*>(array.buffers[1]);
    for (std::int64_t i = 0; i < array.length * width; ++i) sum += data[i];
  }
  if (array.n_children != schema.n_children) throw std::logic_error("children differ in " + std::string(schema.name));
  for (std::int64_t c = 0; c < array.n_children; ++c) sum += walk(*schema.children[c], *array.children[c]);
  return sum;
}

int run_tables(int argc, char** argv) {
  tenbou::records::RecordTablesOptions options;
  options.skip_errors = true;
  std::vector<std::string> names, data;
  for (int i = 2; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--format" && i + 1 < argc) {
      if (!tenbou::record_format_from(argv[++i], options.format)) return std::cerr << "tenbou-native: unknown format " << argv[i] << '\n', 2;
    } else if (arg == "--threads" && i + 1 < argc) {
      options.threads = std::stoi(argv[++i]);
    } else {
      std::string bytes;
      if (!read_file(arg, bytes)) return std::cerr << "tenbou-native: " << arg << ": cannot read\n", 2;
      names.push_back(base_name(arg));
      data.push_back(std::move(bytes));
    }
  }
  std::vector<tenbou::records::RecordInput> inputs;
  for (std::size_t i = 0; i < names.size(); ++i) inputs.push_back({names[i], data[i]});
  std::int64_t rows[3] = {0, 0, 0}, check = 0;
  for (tenbou::records::RecordTablesBatch& batch : tenbou::records::read_record_tables(inputs, options)) {
    std::vector<tenbou::tables::Column>* tables[3] = {&batch.hands, &batch.wins, &batch.errors};
    const char* table_names[3] = {"hands", "wins", "errors"};
    for (int t = 0; t < 3; ++t) {
      ArrowSchema schema{};
      ArrowArray array{};
      tenbou::tables::export_batch(std::move(*tables[t]), tenbou::records::record_table_metadata(table_names[t]), &schema, &array);
      rows[t] += array.length;
      check += walk(schema, array);
      if (t == 2) {  // the messages: the errors table's last column
        const ArrowArray& messages = *array.children[3];
        const auto* offsets = static_cast<const std::int32_t*>(messages.buffers[1]);
        const auto* text = static_cast<const char*>(messages.buffers[2]);
        for (std::int64_t i = 0; i < messages.length; ++i)
          std::cerr << "tenbou-native: " << std::string(text + offsets[i], static_cast<std::size_t>(offsets[i + 1] - offsets[i])) << '\n';
      }
      array.release(&array);
      schema.release(&schema);
    }
  }
  std::cout << "{\"hands\": " << rows[0] << ", \"wins\": " << rows[1] << ", \"errors\": " << rows[2] << ", \"check\": " << check << "}\n";
  return rows[2] ? 2 : 0;
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
  if (cmd == "bench-discards" && argc > 2) return run_bench_discards(argv[2], argc > 3 ? std::stod(argv[3]) : 2.0);
  if (cmd == "replay") return run_replay(argc, argv);
  if (cmd == "bench-replay" && argc > 3) return run_bench_replay(std::stod(argv[2]), argc, argv, 3);
  if (cmd == "tables") return run_tables(argc, argv);
  std::cerr << "usage: tenbou-native score|waits < requests.jsonl | tenbou-native records < requests.bin\n"
               "       tenbou-native options | limits\n"
               "       tenbou-native bench requests.jsonl [seconds]\n"
               "       tenbou-native bench-waits before_win.jsonl [seconds]\n"
               "       tenbou-native bench-discards hands.jsonl [seconds]\n"
               "       tenbou-native replay [--format F] [--output O] FILES | bench-replay SECONDS FILES\n"
               "       tenbou-native tables [--format F] [--threads N] FILES\n";
  return 2;
}
