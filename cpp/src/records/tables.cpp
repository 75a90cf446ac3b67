// The record tables (tables.hpp): a GameSink writing each hand end and win into columns, and
// the threads that replay runs of records into them.
#include "records/tables.hpp"

#include <algorithm>
#include <deque>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <filesystem>
#include <mutex>
#include <system_error>
#include <thread>

#if defined(__unix__) || defined(__APPLE__)
#include <fcntl.h>
#include <unistd.h>
#endif

#include "records/events.hpp"
#include "records/replay.hpp"
#include "tenbou/tiles.hpp"

namespace tenbou::records {

namespace {

using tables::Column;
using tables::ColumnType;

Column list_of(const char* name, ColumnType item) { return Column::list_of(name, Column("item", item)); }

// The columns, in schema order (docs/tables.md lists them with their meaning).
namespace hands_col {
enum : std::size_t { game, hand, event, round_wind, round_number, players, names, dealer, honba, deposits, outcome,
                     winners, tenpai, deltas, recorded_deltas, settle_error, agree, count };
}
namespace wins_col {
enum : std::size_t { game, hand, event, winner, from, pao, tsumo, riichi, win_tile, ok, error, han, fu, yakuman, limit,
                     points, total, dora, yaku, yaku_han, fu_details, deltas, recorded_han, recorded_fu, recorded_points,
                     recorded_limit, recorded_yakuman, recorded_yaku, recorded_deltas, agree, count };
}
namespace errors_col {
enum : std::size_t { game, event, tag, message, count };
}

std::vector<Column> hands_columns() {
  std::vector<Column> c;
  c.emplace_back("game", ColumnType::Utf8);
  c.emplace_back("hand", ColumnType::Int32);
  c.emplace_back("event", ColumnType::Int64);
  c.emplace_back("round_wind", ColumnType::Utf8);
  c.emplace_back("round_number", ColumnType::Int8);
  c.emplace_back("players", ColumnType::Int8);
  c.push_back(list_of("names", ColumnType::Utf8));
  c.emplace_back("dealer", ColumnType::Int8);
  c.emplace_back("honba", ColumnType::Int32);
  c.emplace_back("deposits", ColumnType::Int32);
  c.emplace_back("outcome", ColumnType::Utf8);
  c.push_back(list_of("winners", ColumnType::Int8));
  c.push_back(list_of("tenpai", ColumnType::Int8));
  c.push_back(list_of("deltas", ColumnType::Int64));
  c.push_back(list_of("recorded_deltas", ColumnType::Int64));
  c.emplace_back("settle_error", ColumnType::Utf8);
  c.emplace_back("agree", ColumnType::Bool);
  return c;
}

std::vector<Column> wins_columns() {
  std::vector<Column> c;
  c.emplace_back("game", ColumnType::Utf8);
  c.emplace_back("hand", ColumnType::Int32);
  c.emplace_back("event", ColumnType::Int64);
  c.emplace_back("winner", ColumnType::Int8);
  c.emplace_back("from", ColumnType::Int8);
  c.emplace_back("pao", ColumnType::Int8);
  c.emplace_back("tsumo", ColumnType::Bool);
  c.emplace_back("riichi", ColumnType::Bool);
  c.emplace_back("win_tile", ColumnType::Utf8);
  c.emplace_back("ok", ColumnType::Bool);
  c.emplace_back("error", ColumnType::Utf8);
  c.emplace_back("han", ColumnType::Int32);
  c.emplace_back("fu", ColumnType::Int32);
  c.emplace_back("yakuman", ColumnType::Int32);
  c.emplace_back("limit", ColumnType::Utf8);
  c.emplace_back("points", ColumnType::Int64);
  c.emplace_back("total", ColumnType::Int64);
  c.emplace_back("dora", ColumnType::Int32);
  c.push_back(list_of("yaku", ColumnType::Utf8));
  c.push_back(list_of("yaku_han", ColumnType::Int16));
  {
    std::vector<Column> item;
    item.emplace_back("key", ColumnType::Utf8);
    item.emplace_back("fu", ColumnType::Int16);
    c.push_back(Column::list_of("fu_details", Column::struct_of("item", std::move(item))));
  }
  c.push_back(list_of("deltas", ColumnType::Int64));
  c.emplace_back("recorded_han", ColumnType::Int32);
  c.emplace_back("recorded_fu", ColumnType::Int32);
  c.emplace_back("recorded_points", ColumnType::Int64);
  c.emplace_back("recorded_limit", ColumnType::Utf8);
  c.emplace_back("recorded_yakuman", ColumnType::Int32);
  c.push_back(list_of("recorded_yaku", ColumnType::Utf8));
  c.push_back(list_of("recorded_deltas", ColumnType::Int64));
  c.emplace_back("agree", ColumnType::Bool);
  return c;
}

std::vector<Column> errors_columns() {
  std::vector<Column> c;
  c.emplace_back("game", ColumnType::Utf8);
  c.emplace_back("event", ColumnType::Int64);
  c.emplace_back("tag", ColumnType::Utf8);
  c.emplace_back("message", ColumnType::Utf8);
  return c;
}

void push_seats(Column& list, const std::array<std::int64_t, 4>& values, int players) {
  for (int i = 0; i < players; ++i) list.item().push_int(values[static_cast<std::size_t>(i)]);
  list.end_list();
}

void push_seat_list(Column& list, const std::vector<int>& seats) {
  for (int s : seats) list.item().push_int(s);
  list.end_list();
}

void push_seat_or_null(Column& c, int seat) {
  if (seat >= 0) c.push_int(seat);
  else c.push_null();
}

void push_event(Column& c, long event) {
  if (event >= 0) c.push_int(event);
  else c.push_null();
}

void push_text_or_null(Column& c, const std::string& text) {
  if (text.empty()) c.push_null();
  else c.push_string(text);
}

// Writes the rows of every hand end it is given.
class TableSink final : public GameSink {
 public:
  explicit TableSink(RecordTablesBatch& out) : out_(&out) {}
  void set_batch(RecordTablesBatch& out) { out_ = &out; }
  void set_input(const std::string& name) { input_ = &name; }

  void game_start(const GameStart& game) override {
    game_ = game;
    if (game_.source.empty()) game_.source = *input_;
  }
  void hand_start(const HandStart& hand) override { hand_ = hand; }
  void event(const Event&) override {}
  void game_end(const std::array<std::int64_t, 4>*) override {}

  void hand_end(const RecordedHandEnd& recorded, const ReplayedHandEnd* replayed) override {
    static const ReplayedHandEnd none{};
    const ReplayedHandEnd& ours = replayed ? *replayed : none;
    write_hand(recorded, ours);
    for (std::size_t i = 0; i < recorded.wins.size() && i < ours.wins.size(); ++i) write_win(recorded.wins[i], ours.wins[i], ours);
  }

 private:
  void write_hand(const RecordedHandEnd& recorded, const ReplayedHandEnd& ours) {
    std::vector<Column>& c = out_->hands;
    const int players = game_.players;
    c[hands_col::game].push_string(game_.source);
    c[hands_col::hand].push_int(ours.hand_index);
    push_event(c[hands_col::event], recorded.event);
    const char wind[2] = {"ESWN"[hand_.round_wind & 3], 0};
    c[hands_col::round_wind].push_string(wind);
    c[hands_col::round_number].push_int((hand_.round_number & 3) + 1);
    c[hands_col::players].push_int(players);
    for (int i = 0; i < players; ++i) c[hands_col::names].item().push_string(game_.names[static_cast<std::size_t>(i)]);
    c[hands_col::names].end_list();
    c[hands_col::dealer].push_int(hand_.dealer);
    c[hands_col::honba].push_int(ours.honba);
    c[hands_col::deposits].push_int(ours.deposits);
    c[hands_col::outcome].push_string(outcome_name(recorded));
    for (const RecordedWin& w : recorded.wins) c[hands_col::winners].item().push_int(w.winner);
    c[hands_col::winners].end_list();
    if (recorded.wins.empty()) push_seat_list(c[hands_col::tenpai], ours.tenpai);
    else c[hands_col::tenpai].push_null();
    if (ours.settled) push_seats(c[hands_col::deltas], ours.deltas, players);
    else c[hands_col::deltas].push_null();
    if (recorded.has_deltas) push_seats(c[hands_col::recorded_deltas], recorded.deltas, players);
    else c[hands_col::recorded_deltas].push_null();
    push_text_or_null(c[hands_col::settle_error], ours.settled ? std::string() : ours.settle_error);
    c[hands_col::agree].push_bool(ours.agree);
  }

  void write_win(const RecordedWin& r, const ReplayedWin& o, const ReplayedHandEnd& hand) {
    std::vector<Column>& c = out_->wins;
    const int players = game_.players;
    c[wins_col::game].push_string(game_.source);
    c[wins_col::hand].push_int(hand.hand_index);
    push_event(c[wins_col::event], r.event);
    c[wins_col::winner].push_int(o.winner);
    push_seat_or_null(c[wins_col::from], o.from == o.winner ? -1 : o.from);
    push_seat_or_null(c[wins_col::pao], o.pao);
    c[wins_col::tsumo].push_bool(o.winner == o.from);
    c[wins_col::riichi].push_bool(o.riichi);
    if (o.win_tile < kTileIds) c[wins_col::win_tile].push_string(tile_name(static_cast<Tile>(o.win_tile / 4), is_red(o.win_tile, game_.red_fives)));
    else c[wins_col::win_tile].push_null();
    c[wins_col::ok].push_bool(o.ok);
    if (o.ok) {
      c[wins_col::error].push_null();
      c[wins_col::han].push_int(o.han);
      c[wins_col::fu].push_int(o.fu);
      c[wins_col::yakuman].push_int(o.yakuman);
      push_text_or_null(c[wins_col::limit], o.limit);
      c[wins_col::points].push_int(o.points);
      c[wins_col::total].push_int(o.total);
      c[wins_col::dora].push_int(o.dora);
    } else {
      c[wins_col::error].push_string(o.error);
      for (std::size_t k : {wins_col::han, wins_col::fu, wins_col::yakuman, wins_col::limit, wins_col::points, wins_col::total,
                            wins_col::dora})
        c[k].push_null();
    }
    for (const auto& [key, han] : o.yaku) {
      c[wins_col::yaku].item().push_string(key);
      c[wins_col::yaku_han].item().push_int(han);
    }
    c[wins_col::yaku].end_list();
    c[wins_col::yaku_han].end_list();
    Column& fu = c[wins_col::fu_details];
    for (const FuItem& f : o.fu_details) {
      fu.item().field(0).push_string(fu_key_name(f.key));
      fu.item().field(1).push_int(f.fu);
      fu.item().end_struct();
    }
    fu.end_list();
    if (hand.settled) push_seats(c[wins_col::deltas], o.deltas, players);
    else c[wins_col::deltas].push_null();
    if (r.has_score) {
      c[wins_col::recorded_han].push_int(r.han);
      if (r.fu > 0) c[wins_col::recorded_fu].push_int(r.fu);
      else c[wins_col::recorded_fu].push_null();  // tenhou.net/6 writes no fu for a limit hand
      c[wins_col::recorded_points].push_int(r.points);
      push_text_or_null(c[wins_col::recorded_limit], r.limit);
      c[wins_col::recorded_yakuman].push_int(r.yakuman);
      for (const auto& y : r.yaku) c[wins_col::recorded_yaku].item().push_string(y.first);
      c[wins_col::recorded_yaku].end_list();
    } else {
      for (std::size_t k : {wins_col::recorded_han, wins_col::recorded_fu, wins_col::recorded_points, wins_col::recorded_limit,
                            wins_col::recorded_yakuman, wins_col::recorded_yaku})
        c[k].push_null();
    }
    if (r.has_deltas) push_seats(c[wins_col::recorded_deltas], r.deltas, players);
    else c[wins_col::recorded_deltas].push_null();
    c[wins_col::agree].push_bool(o.agree);
  }

  RecordTablesBatch* out_;
  const std::string* input_ = nullptr;
  GameStart game_;
  HandStart hand_;
};

void truncate_all(std::vector<Column>& columns, std::int64_t rows) {
  for (Column& c : columns) c.truncate(rows);
}

// What a run of inputs gives: its batches (a new one after each deferred input), and the
// first error of the run when not skipped.
struct BlockResult {
  std::vector<RecordTablesBatch> pieces;
  bool failed = false;
  ReplayError error{"", -1, "", ""};
  std::exception_ptr other;  // anything but a bad record (out of memory, ...): always rethrown
};

// Compressed or an archive: what only the front end reads (python/tenbou/replay.py's magic).
bool needs_front_end(std::string_view head) {
  auto starts = [&](std::string_view magic) { return head.substr(0, magic.size()) == magic; };
  if (starts("\x1f\x8b") || starts("BZh") || starts(std::string_view("\xfd" "7zXZ\0", 6))) return true;
  if (starts("PK\x03\x04") || starts("PK\x05\x06")) return true;
  return head.size() >= 512 && head.substr(257, 5) == "ustar";
}

// The bytes of a file the core reads itself: the buffer stays at its largest size from one file
// to the next, so a file is read straight into it (no zero fill, no copy).
struct FileBytes {
  std::vector<char> buffer;
  std::size_t size = 0;
  std::string_view view() const { return {buffer.data(), size}; }
};

// A whole file into `out`; false (and errno) when it cannot be read. POSIX calls: open, read
// until the end, close (stdio added an fstat and a third read: ~2 us a file on a virtual
// machine, where one thread replays ~10K files a second).
bool read_whole_file(const std::string& path, FileBytes& out) {
  out.size = 0;
  if (out.buffer.size() < (std::size_t{1} << 16)) out.buffer.resize(std::size_t{1} << 16);
#if defined(__unix__) || defined(__APPLE__)
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  bool ok = true;
  for (;;) {
    if (out.size == out.buffer.size()) out.buffer.resize(out.buffer.size() * 2);
    const ssize_t n = ::read(fd, out.buffer.data() + out.size, out.buffer.size() - out.size);
    if (n < 0) {
      if (errno == EINTR) continue;
      ok = false;
      break;
    }
    if (n == 0) break;
    out.size += static_cast<std::size_t>(n);
  }
  const int saved = errno;
  ::close(fd);
#else
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return false;
  for (;;) {
    if (out.size == out.buffer.size()) out.buffer.resize(out.buffer.size() * 2);
    const std::size_t n = std::fread(out.buffer.data() + out.size, 1, out.buffer.size() - out.size, f);
    out.size += n;
    if (n == 0) break;
  }
  const bool ok = !std::ferror(f);
  const int saved = errno;
  std::fclose(f);
#endif
  errno = saved;
  return ok;
}

#ifndef __EMSCRIPTEN__
// Which input each thread replays next. A thread starts on its share of the inputs (the n-th
// part of them, in order) and replays it front to back; when it runs out it takes the back half
// of the largest share left. So every run a thread replays is a contiguous run of inputs, the
// threads end within about one record of each other, and a call gives a batch or two a thread.
// (Fixed blocks taken in turn gave one batch a block: appending 32 blocks' columns into one
// took ~25 ms of a ~280 ms two-thread call here, on the calling thread alone.)
class Shares {
 public:
  Shares(std::size_t n, int threads) : shares_(static_cast<std::size_t>(threads)) {
    const std::size_t parts = shares_.size();
    for (std::size_t t = 0; t < parts; ++t) shares_[t] = {n * t / parts, n * (t + 1) / parts};
  }
  std::size_t first(int thread) {
    const std::lock_guard<std::mutex> lock(mutex_);
    return shares_[static_cast<std::size_t>(thread)].next;
  }
  bool next(int thread, std::size_t& input) {
    const std::lock_guard<std::mutex> lock(mutex_);  // (uncontended but for a steal: ~20 ns a record of ~80 us)
    Share& s = shares_[static_cast<std::size_t>(thread)];
    if (s.next == s.end) return false;
    input = s.next++;
    return true;
  }
  // A new share for `thread`: the back half of the largest share left (all of it when one input
  // is left, which its owner has not started); false when every share is done.
  bool steal(int thread, std::size_t& begin) {
    const std::lock_guard<std::mutex> lock(mutex_);
    Share* largest = nullptr;
    for (Share& s : shares_)
      if (s.end > s.next && (!largest || s.end - s.next > largest->end - largest->next)) largest = &s;
    if (!largest) return false;
    const std::size_t middle = largest->next + (largest->end - largest->next) / 2;
    shares_[static_cast<std::size_t>(thread)] = {middle, largest->end};
    largest->end = middle;
    begin = middle;
    return true;
  }
  void stop(int thread) {
    const std::lock_guard<std::mutex> lock(mutex_);
    Share& s = shares_[static_cast<std::size_t>(thread)];
    s.end = s.next;
  }

 private:
  struct Share {
    std::size_t next = 0, end = 0;
  };
  std::mutex mutex_;
  std::vector<Share> shares_;
};
#endif

// Runs of at most this many hand ends are appended to the batch before them.
constexpr std::int64_t kAppendedRows = 1024;

// The inputs `next_input` hands out, in the order it does, into `result`; stops at the first
// error unless skipped.
template <typename NextInput>
void read_block(const std::vector<RecordInput>& inputs, NextInput next_input, const RecordTablesOptions& options,
                BlockResult& result) {
  result.pieces.push_back(empty_record_tables());
  TableSink sink(result.pieces.back());
  FileBytes owned;  // the bytes of a file the core reads itself
  for (std::size_t i; next_input(i);) {
    const RecordInput& in = inputs[i];
    RecordTablesBatch* batch = &result.pieces.back();
    const std::int64_t hands = batch->hands[0].length(), wins = batch->wins[0].length();
    sink.set_input(in.name);
    try {
      std::string_view bytes = in.bytes;
      if (!in.path.empty()) {
        const bool readable = read_whole_file(in.path, owned);
        const int error = errno;
        // A directory (the front end sends a path with a record's suffix without a stat of
        // its own): the front end walks it.
        std::error_code ignored;
        const bool directory = !readable && std::filesystem::is_directory(in.path, ignored);
        if (!readable && !directory)
          // The record's name, not its path: the front end gives a name that is valid UTF-8.
          throw ReplayError(in.name + ": cannot read: " + std::strerror(error), -1, "", "");
        if (directory || needs_front_end(owned.view())) {
          RecordTablesBatch marker;
          marker.deferred = static_cast<long>(i);
          result.pieces.push_back(std::move(marker));
          result.pieces.push_back(empty_record_tables());
          sink.set_batch(result.pieces.back());
          continue;
        }
        bytes = owned.view();
      }
      replay_into(bytes, options.format, in.name, sink);
    } catch (const ReplayError& e) {
      // The record's rows go: a table holds whole games only.
      truncate_all(batch->hands, hands);
      truncate_all(batch->wins, wins);
      if (!options.skip_errors) {
        result.failed = true;
        result.error = e;
        return;
      }
      std::vector<Column>& c = batch->errors;
      c[errors_col::game].push_string(in.name);
      push_event(c[errors_col::event], e.event());
      push_text_or_null(c[errors_col::tag], e.tag());
      c[errors_col::message].push_string(e.what());
    }
  }
}

}  // namespace

RecordTablesBatch empty_record_tables() { return {hands_columns(), wins_columns(), errors_columns()}; }

const tables::Metadata& record_table_metadata(std::string_view table) {
  static const tables::Metadata hands{{"tenbou.table", "hands"}, {"tenbou.schema_version", kRecordTablesVersion}};
  static const tables::Metadata wins{{"tenbou.table", "wins"}, {"tenbou.schema_version", kRecordTablesVersion}};
  static const tables::Metadata errors{{"tenbou.table", "errors"}, {"tenbou.schema_version", kRecordTablesVersion}};
  if (table == "hands") return hands;
  if (table == "wins") return wins;
  return errors;
}

std::vector<RecordTablesBatch> read_record_tables(const std::vector<RecordInput>& inputs, const RecordTablesOptions& options) {
  int threads = options.threads;
#ifdef __EMSCRIPTEN__
  threads = 1;  // the WebAssembly build has no threads
#else
  if (threads <= 0) threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
#endif
  const std::size_t n = inputs.size();
  threads = static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(threads), std::max<std::size_t>(n, 1)));
  // Each run of inputs a thread replays, by its first input.
  std::deque<std::pair<std::size_t, BlockResult>> runs;
  if (threads == 1) {
    std::size_t next = 0;
    runs.emplace_back(0, BlockResult{});
    read_block(inputs, [&](std::size_t& i) { return next < n ? (i = next++, true) : false; }, options, runs.back().second);
  }
#ifndef __EMSCRIPTEN__
  else {
    Shares shares(n, threads);
    std::mutex runs_mutex;
    std::vector<std::exception_ptr> lost(static_cast<std::size_t>(threads));  // (a run not even begun)
    auto work = [&](int thread) {
      try {
        for (std::size_t begin = shares.first(thread);;) {
          BlockResult* result;
          {
            const std::lock_guard<std::mutex> lock(runs_mutex);
            result = &runs.emplace_back(begin, BlockResult{}).second;  // (a deque keeps its elements in place)
          }
          try {
            read_block(inputs, [&](std::size_t& i) { return shares.next(thread, i); }, options, *result);
          } catch (...) {
            result->other = std::current_exception();
          }
          // After an error the rest of the share is left: the error is thrown, and every input
          // before it is replayed (by this thread or another), so it is the first one in input order.
          if (result->failed || result->other) return shares.stop(thread);
          if (!shares.steal(thread, begin)) return;
        }
      } catch (...) {
        lost[static_cast<std::size_t>(thread)] = std::current_exception();
        shares.stop(thread);
      }
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(work, t);
    work(0);
    for (std::thread& t : pool) t.join();
    for (const std::exception_ptr& e : lost)
      if (e) std::rethrow_exception(e);
    std::sort(runs.begin(), runs.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  }
#endif
  // A run's batches as they are (the front end imports each: ~60 us a batch with pyarrow), but
  // a short one (the last steals give runs of a few records) appended to the batch before.
  std::vector<RecordTablesBatch> out;
  const auto fits = [](const std::vector<Column>& into, const std::vector<Column>& from) {
    for (std::size_t c = 0; c < into.size(); ++c)
      if (!into[c].can_append(from[c])) return false;
    return true;
  };
  const auto append_all = [](std::vector<Column>& into, const std::vector<Column>& from) {
    for (std::size_t c = 0; c < into.size(); ++c) into[c].append(from[c]);
  };
  for (auto& [begin, r] : runs) {
    if (r.other) std::rethrow_exception(r.other);
    if (r.failed) throw r.error;
    for (RecordTablesBatch& b : r.pieces) {
      RecordTablesBatch* last = out.empty() ? nullptr : &out.back();
      if (last && last->deferred < 0 && b.deferred < 0 && b.hands[0].length() <= kAppendedRows &&
          fits(last->hands, b.hands) && fits(last->wins, b.wins) && fits(last->errors, b.errors)) {
        append_all(last->hands, b.hands);
        append_all(last->wins, b.wins);
        append_all(last->errors, b.errors);
      } else {
        out.push_back(std::move(b));
      }
    }
  }
  return out;
}

}  // namespace tenbou::records
