// The public Replay API (tenbou/records.hpp): format detection, the reader a record's format
// needs, the replay, and the output sinks (hand-end lines, check lines and their summary; the
// tenhou.net/6 and mjai writers; the mjai annotator).
#include <cstring>
#include <exception>
#include <memory>
#include <string>
#include <string_view>

#include "core/json_writer.hpp"
#include "records/events.hpp"
#include "records/replay.hpp"
#include "tenbou/records.hpp"

namespace tenbou {

bool record_format_from(std::string_view name, RecordFormat& out) {
  if (name == "auto") out = RecordFormat::Auto;
  else if (name == "mjlog") out = RecordFormat::Mjlog;
  else if (name == "tenhou6") out = RecordFormat::Tenhou6;
  else if (name == "mjai") out = RecordFormat::Mjai;
  else return false;
  return true;
}

const char* record_format_name(RecordFormat format) {
  switch (format) {
    case RecordFormat::Mjlog: return "mjlog";
    case RecordFormat::Tenhou6: return "tenhou6";
    case RecordFormat::Mjai: return "mjai";
    case RecordFormat::Auto: break;
  }
  return "auto";
}

namespace {

bool space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// The first JSON key of an object starting at text[i] == '{' ("" when not a plain key).
std::string_view first_key(std::string_view text, std::size_t i) {
  ++i;
  while (i < text.size() && space(text[i])) ++i;
  if (i >= text.size() || text[i] != '"') return {};
  const std::size_t start = ++i;
  while (i < text.size() && text[i] != '"' && text[i] != '\\') ++i;
  if (i >= text.size() || text[i] != '"') return {};
  return text.substr(start, i - start);
}

}  // namespace

RecordFormat detect_record_format(std::string_view first) {
  std::size_t i = 0;
  if (first.substr(0, 3) == "\xEF\xBB\xBF") i = 3;  // a byte-order mark
  while (i < first.size() && space(first[i])) ++i;
  if (i >= first.size()) return RecordFormat::Auto;
  if (first[i] == '<') return RecordFormat::Mjlog;
  if (first[i] == '[') return RecordFormat::Tenhou6;
  if (first[i] != '{') return RecordFormat::Auto;
  const std::string_view key = first_key(first, i);
  if (key == "type") return RecordFormat::Mjai;
  // tenhou.net/6's top-level keys (Tenhou writes "title", "name", "rule", "log"; tensoul and
  // mjai-reviewer's test files start with "ver" and "ref").
  for (const char* k : {"log", "title", "name", "rule", "ref", "ver", "sx", "dan", "rate", "sc", "owari"})
    if (key == k) return RecordFormat::Tenhou6;
  // Another first key: the first line tells (mjai is one event a line; tenhou.net/6 has "log").
  const std::size_t eol = first.find('\n', i);
  const std::string_view line = first.substr(i, eol == std::string_view::npos ? std::string_view::npos : eol - i);
  if (line.find("\"log\"") != std::string_view::npos) return RecordFormat::Tenhou6;
  if (line.find("\"type\"") != std::string_view::npos) return RecordFormat::Mjai;
  return RecordFormat::Auto;
}

namespace {

using records::GameSink;
using records::GameStart;
using records::HandStart;
using records::RecordedHandEnd;
using records::RecordedWin;
using records::outcome_name;
using records::ReplayedHandEnd;
using records::ReplayedWin;

constexpr const char* kWinds = "ESWN";

void write_seats(JsonTextWriter& w, const std::array<std::int64_t, 4>& values, int players) {
  w.begin_array();
  for (int i = 0; i < players; ++i) w.integer(values[static_cast<std::size_t>(i)]);
  w.end_array();
}

void write_list(JsonTextWriter& w, const std::vector<int>& seats) {
  w.begin_array();
  for (int s : seats) w.integer(s);
  w.end_array();
}

void write_round(JsonTextWriter& w, const HandStart& h) {
  char round[3] = {kWinds[h.round_wind & 3], static_cast<char>('1' + (h.round_number & 3)), 0};
  w.string(round);
}

// A score as the record or the replay states it: {"han", "fu", "points", "limit", "yakuman", "yaku"}.
template <typename Win>
void write_score(JsonTextWriter& w, const Win& s) {
  w.begin_object();
  w.key("han"); w.integer(s.han);
  w.key("fu"); w.integer(s.fu);
  w.key("points"); w.integer(s.points);
  w.key("limit");
  if (s.limit.empty()) w.null();
  else w.string(s.limit);
  w.key("yakuman"); w.integer(s.yakuman);
  w.key("yaku");
  w.begin_object();
  for (const auto& [key, han] : s.yaku) {
    w.key(key);
    w.integer(han);
  }
  w.end_object();
  w.end_object();
}

// The replay's own score of a win, or {"error": ...} when it could not score it.
void write_ours(JsonTextWriter& w, const ReplayedWin& ours) {
  if (ours.ok) return write_score(w, ours);
  w.begin_object();
  w.key("error");
  w.string(ours.error);
  w.end_object();
}

void write_seat_or_null(JsonTextWriter& w, int seat) {
  if (seat >= 0) w.integer(seat);
  else w.null();
}

void write_event(JsonTextWriter& w, long event) {
  if (event >= 0) w.integer(event);
  else w.null();
}

// The hand-end lines (ReplayOutput::HandEnds) or the check lines (ReplayOutput::Check).
class LinesSink final : public GameSink {
 public:
  LinesSink(std::string& out, const ReplayOptions& options, bool check)
      : out_(out), options_(options), check_(check) {}
  void game_start(const GameStart& game) override {
    game_ = game;
    if (game_.source.empty()) game_.source = options_.source;
    hand_index_ = 0;
  }
  void hand_start(const HandStart& hand) override { hand_ = hand; }
  void event(const records::Event&) override {}
  void hand_end(const RecordedHandEnd& recorded, const ReplayedHandEnd* replayed) override {
    static const ReplayedHandEnd none{};
    const ReplayedHandEnd& ours = replayed ? *replayed : none;
    ++hand_index_;
    if (check_) {
      if (!ours.agree) write_check_line(recorded, ours);
    } else {
      write_line(recorded, ours);
    }
  }
  void game_end(const std::array<std::int64_t, 4>*) override {}

 private:
  void write_head(JsonTextWriter& w, const RecordedHandEnd& recorded, const ReplayedHandEnd& ours) {
    w.key("game"); w.string(game_.source);
    w.key("hand"); w.integer(ours.hand_index);
    w.key("event"); write_event(w, recorded.event);
    w.key("round"); write_round(w, hand_);
  }

  void write_line(const RecordedHandEnd& recorded, const ReplayedHandEnd& ours) {
    const int players = game_.players;
    {
      JsonTextWriter w(out_);
      w.begin_object();
      write_head(w, recorded, ours);
      w.key("players"); w.integer(players);
      w.key("dealer"); w.integer(hand_.dealer);
      w.key("honba"); w.integer(ours.honba);
      w.key("deposits"); w.integer(ours.deposits);
      w.key("outcome"); w.string(outcome_name(recorded));
      if (!recorded.wins.empty()) {
        w.key("wins");
        w.begin_array();
        for (std::size_t i = 0; i < recorded.wins.size(); ++i) {
          const RecordedWin& r = recorded.wins[i];
          static const ReplayedWin no_win{};
          const ReplayedWin& o = i < ours.wins.size() ? ours.wins[i] : no_win;
          w.begin_object();
          w.key("winner"); w.integer(r.winner);
          w.key("from"); w.integer(r.from);
          w.key("pao"); write_seat_or_null(w, o.pao >= 0 ? o.pao : r.pao);
          w.key("event"); write_event(w, r.event);
          if (options_.with_requests) {
            w.key("request");
            if (o.request_json.empty()) w.null();
            else w.big_integer(o.request_json);  // already JSON text
            w.key("result");
            if (o.result_json.empty()) w.null();
            else w.big_integer(o.result_json);
          } else {
            w.key("result");
            write_ours(w, o);
          }
          w.key("deltas");
          if (ours.settled) write_seats(w, o.deltas, players);
          else w.null();
          w.key("recorded_deltas");
          if (r.has_deltas) write_seats(w, r.deltas, players);
          else w.null();
          w.key("recorded");
          if (r.has_score) write_score(w, r);
          else w.null();
          if (options_.with_raw) {
            w.key("raw");
            w.string(r.raw);
          }
          w.key("agree"); w.boolean(o.agree);
          w.end_object();
        }
        w.end_array();
      } else {
        w.key("tenpai"); write_list(w, ours.tenpai);
        if (recorded.draw.kind == records::DrawKind::NagashiMangan) {
          w.key("nagashi"); write_list(w, ours.nagashi);
        }
      }
      w.key("deltas");
      if (ours.settled) write_seats(w, ours.deltas, players);
      else w.null();
      if (!ours.settled && !ours.settle_error.empty()) {
        w.key("settle_error");
        w.string(ours.settle_error);
      }
      w.key("recorded_deltas");
      if (recorded.has_deltas) write_seats(w, recorded.deltas, players);
      else w.null();
      w.key("agree"); w.boolean(ours.agree);
      w.end_object();
    }
    out_ += '\n';
  }

  void write_check_line(const RecordedHandEnd& recorded, const ReplayedHandEnd& ours) {
    const int players = game_.players;
    {
      JsonTextWriter w(out_);
      w.begin_object();
      write_head(w, recorded, ours);
      bool any_win = false;
      for (std::size_t i = 0; i < recorded.wins.size() && i < ours.wins.size(); ++i) {
        const RecordedWin& r = recorded.wins[i];
        const ReplayedWin& o = ours.wins[i];
        if (o.agree) continue;
        if (!any_win) {
          w.key("wins");
          w.begin_array();
          any_win = true;
        }
        w.begin_object();
        w.key("winner"); w.integer(r.winner);
        w.key("from"); w.integer(r.from);
        w.key("event"); write_event(w, r.event);
        w.key("ours"); write_ours(w, o);
        w.key("recorded");
        if (r.has_score) write_score(w, r);
        else w.null();
        if (r.has_deltas) {
          w.key("deltas");
          if (ours.settled) write_seats(w, o.deltas, players);
          else w.null();
          w.key("recorded_deltas"); write_seats(w, r.deltas, players);
        }
        w.end_object();
      }
      if (any_win) w.end_array();
      if (recorded.has_deltas && (!ours.settled || ours.deltas != recorded.deltas)) {
        w.key("deltas");
        if (ours.settled) write_seats(w, ours.deltas, players);
        else w.null();
        if (!ours.settled) {
          w.key("settle_error");
          w.string(ours.settle_error);
        }
        w.key("recorded_deltas"); write_seats(w, recorded.deltas, players);
      }
      w.key("agree"); w.boolean(false);
      w.end_object();
    }
    out_ += '\n';
  }

  std::string& out_;
  const ReplayOptions& options_;
  bool check_;
  GameStart game_;
  HandStart hand_;
  int hand_index_ = 0;
};

void write_summary(std::string& out, const ReplaySummary& s) {
  {
    JsonTextWriter w(out);
    w.begin_object();
    w.key("summary"); w.boolean(true);
    w.key("games"); w.integer(s.games);
    w.key("hands"); w.integer(s.hands);
    w.key("agree"); w.integer(s.hands_agree);
    w.key("wins"); w.integer(s.wins);
    w.key("wins_agree"); w.integer(s.wins_agree);
    w.key("text");
    w.string(std::to_string(s.hands_agree) + " of " + std::to_string(s.hands) + " hands agree");
    w.end_object();
  }
  out += '\n';
}

ReplayError replay_error(const records::RecordError& e) {
  return ReplayError(e.message, e.event, e.tag, e.attribute);
}

std::unique_ptr<records::RecordReader> make_reader(RecordFormat format, const std::string& source, GameSink& sink) {
  switch (format) {
    case RecordFormat::Mjlog: return records::make_mjlog_reader(source, sink);
    case RecordFormat::Tenhou6: return records::make_tenhou6_reader(source, sink);
    case RecordFormat::Mjai: return records::make_mjai_reader(source, sink);
    case RecordFormat::Auto: break;
  }
  return nullptr;
}

// The error for bytes whose format cannot be told (all of them, or the first 64 KiB).
ReplayError not_a_record(const std::string& source, std::string_view head) {
  std::size_t i = 0;
  while (i < head.size() && space(head[i])) ++i;
  return ReplayError(source + (i == head.size() ? ": empty: no game record" : ": not a game record (mjlog XML, tenhou.net/6 JSON or mjai JSON Lines)"),
                     -1, "", "");
}

}  // namespace

namespace records {

void replay_into(std::string_view bytes, RecordFormat format, const std::string& source, GameSink& sink) {
  if (format == RecordFormat::Auto) format = detect_record_format(bytes.substr(0, 64u << 10));
  if (format == RecordFormat::Auto) throw not_a_record(source, bytes.substr(0, 64u << 10));
  Replayer replayer(sink, false);
  const std::unique_ptr<RecordReader> reader = make_reader(format, source, replayer);
  try {
    reader->feed(bytes);
    reader->finish();
  } catch (const RecordError& e) {
    throw replay_error(e);
  }
}

}  // namespace records

struct Replay::Impl {
  ReplayOptions options;
  std::string buffer;                         // output not yet handed to the caller
  std::string head;                           // the first bytes while the format is unknown
  std::unique_ptr<GameSink> output;           // lines or a writer
  std::unique_ptr<records::Replayer> replayer;
  std::unique_ptr<records::RecordReader> reader;
  ReplaySummary none;
  bool failed = false;

  template <typename Step>
  void run(std::string& out, Step&& step);

  void start(RecordFormat format) {
    options.format = format;
    if (options.output == ReplayOutput::Annotate) {
      if (format != RecordFormat::Mjai) {
        throw ReplayError(options.source + ": --annotate reads mjai only (this record is " + record_format_name(format) + ")",
                          -1, "", "");
      }
      reader = records::make_mjai_annotator(options.source, buffer);
      return;
    }
    switch (options.output) {
      case ReplayOutput::HandEnds: output = std::make_unique<LinesSink>(buffer, options, false); break;
      case ReplayOutput::Check: output = std::make_unique<LinesSink>(buffer, options, true); break;
      case ReplayOutput::Tenhou6: output = records::make_tenhou6_writer(buffer); break;
      case ReplayOutput::Mjai: output = records::make_mjai_writer(buffer); break;
      case ReplayOutput::Annotate: break;
    }
    const bool json = options.output == ReplayOutput::HandEnds && options.with_requests;
    replayer = std::make_unique<records::Replayer>(*output, json);
    reader = make_reader(format, options.source, *replayer);
  }

  void feed(std::string_view bytes, bool final) {
    if (!reader) {
      if (options.format != RecordFormat::Auto) {
        start(options.format);
      } else {
        head.append(bytes.data(), bytes.size());
        RecordFormat f = detect_record_format(head);
        const bool enough = head.find('\n') != std::string::npos || head.size() >= (64u << 10);
        if (f == RecordFormat::Auto || (f != RecordFormat::Mjlog && !enough && !final)) {
          if (f == RecordFormat::Auto && (final || head.size() >= (64u << 10))) throw not_a_record(options.source, head);
          if (f == RecordFormat::Auto || !enough) return;
        }
        start(f);
        std::string first;
        first.swap(head);
        reader->feed(first);
        return;
      }
    }
    reader->feed(bytes);
  }
};

Replay::Replay(ReplayOptions options) : impl_(std::make_unique<Impl>()) { impl_->options = std::move(options); }
Replay::~Replay() = default;

// A step of the replay, its output handed over whatever happens: what was written before an
// error stays valid (records.hpp), and a record found bad stays bad.
template <typename Step>
void Replay::Impl::run(std::string& out, Step&& step) {
  try {
    if (failed) throw ReplayError(options.source + ": the record was already found bad", -1, "", "");
    step();
  } catch (const records::RecordError& e) {
    failed = true;
    out += buffer;
    buffer.clear();
    throw replay_error(e);
  } catch (...) {
    failed = true;
    out += buffer;
    buffer.clear();
    throw;
  }
  out += buffer;
  buffer.clear();
}

void Replay::feed(std::string_view bytes, std::string& out) {
  Impl& m = *impl_;
  m.run(out, [&] { m.feed(bytes, false); });
}

void Replay::finish(std::string& out) {
  Impl& m = *impl_;
  m.run(out, [&] {
    if (!m.reader) m.feed({}, true);
    m.reader->finish();
    if (m.options.output == ReplayOutput::Check && m.options.summary && m.replayer) write_summary(m.buffer, m.replayer->summary());
  });
}

const ReplaySummary& Replay::summary() const { return impl_->replayer ? impl_->replayer->summary() : impl_->none; }

std::string replay_text(std::string_view record, const ReplayOptions& options) {
  std::string out;
  try {
    Replay replay(options);
    replay.feed(record, out);
    replay.finish(out);
  } catch (const ReplayError& e) {
    JsonTextWriter w(out);
    w.begin_object();
    w.key("error");
    w.begin_object();
    w.key("code"); w.string("bad_record");
    w.key("message"); w.string(e.what());
    w.key("event"); write_event(w, e.event());
    w.key("tag"); w.string(e.tag());
    w.key("attribute"); w.string(e.attribute());
    w.end_object();
    w.end_object();
  } catch (const std::exception& e) {
    JsonTextWriter w(out);
    w.begin_object();
    w.key("error");
    w.begin_object();
    w.key("code"); w.string("internal");
    w.key("message"); w.string(e.what());
    w.end_object();
    w.end_object();
  }
  if (!out.empty() && out.back() != '\n') out += '\n';
  return out;
}

}  // namespace tenbou
