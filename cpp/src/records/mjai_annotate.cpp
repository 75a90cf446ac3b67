// The mjai annotator: mjai in, the same bytes out, each "hora" line given what gimite's original
// mjai carried and libriichi's dialect dropped: "fan" (han; 0 for a yakuman hand), "yakuman" (its
// multiple, on yakuman hands only), "fu", "yakus" ([[tenbou yaku key, han], ...]), "limit" (the
// core's limit name, null for none) and "hora_points" (the hand's value before honba and
// deposits, as Tenhou's ten gives it). The members are added before the line's closing brace;
// the same members already there (an annotated log, RiichiEnv's hora_points) are replaced, so
// annotating twice gives the same bytes. Every other byte, line ends included, is unchanged.
//
// The lines of a hand are kept until its end_kyoku, when the replay has scored its wins.
#include <string>
#include <string_view>
#include <vector>

#include "core/json_writer.hpp"
#include "records/mjai.hpp"
#include "records/replay.hpp"

namespace tenbou::records {
namespace {

constexpr std::string_view kAnnotationKeys[] = {"fan", "fu", "yakus", "limit", "hora_points", "yakuman"};

// The members of a one-line JSON object (already parsed, so well formed): [begin, end) of each
// member's text including the comma before it (or after it, for the first one).
struct Member {
  std::size_t begin, end;
  std::string_view key;
};

std::vector<Member> members(std::string_view s) {
  std::vector<Member> out;
  std::size_t i = s.find('{');
  if (i == std::string_view::npos) return out;
  ++i;
  int depth = 0;
  bool in_string = false;
  std::size_t start = i, key_begin = 0;
  std::string_view key;
  bool want_key = true;
  for (; i < s.size(); ++i) {
    const char c = s[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') {
        in_string = false;
        if (depth == 0 && want_key) {
          key = s.substr(key_begin, i - key_begin);
          want_key = false;
        }
      }
      continue;
    }
    if (c == '"') {
      in_string = true;
      key_begin = i + 1;
    } else if (c == '{' || c == '[') {
      ++depth;
    } else if (c == '}' || c == ']') {
      if (depth == 0) {
        if (!want_key) out.push_back({start, i, key});
        break;
      }
      --depth;
    } else if (c == ',' && depth == 0) {
      out.push_back({start, i, key});
      start = i;  // the comma belongs to the next member
      want_key = true;
    }
  }
  return out;
}

// The line with the annotation members removed and the new ones before the closing brace.
std::string annotate_line(std::string_view line, const ReplayedWin& win) {
  std::string text;
  std::vector<Member> ms = members(line);
  std::size_t close = line.rfind('}');
  // Drop our members (the first member's comma is after it: take the one before the next).
  std::vector<std::pair<std::size_t, std::size_t>> cut;
  for (std::size_t i = 0; i < ms.size(); ++i) {
    bool ours = false;
    for (std::string_view k : kAnnotationKeys) ours = ours || ms[i].key == k;
    if (ours) cut.push_back({ms[i].begin, ms[i].end});
  }
  std::size_t at = 0;
  for (const auto& c : cut) {
    text.append(line.substr(at, c.first - at));
    at = c.second;
  }
  text.append(line.substr(at, close - at));
  // A first member removed leaves "{," ... : the object starts at its first remaining member.
  const std::size_t open = text.find('{');
  std::size_t k = open + 1;
  while (k < text.size() && (text[k] == ' ' || text[k] == '\t')) ++k;
  if (k < text.size() && text[k] == ',') text.erase(k, 1);
  std::string add;
  {
    JsonTextWriter w(add);
    w.begin_object();
    w.key("fan"); w.integer(win.yakuman ? 0 : win.han);
    if (win.yakuman) { w.key("yakuman"); w.integer(win.yakuman); }
    w.key("fu"); w.integer(win.fu);
    w.key("yakus");
    w.begin_array();
    for (const auto& [key, han] : win.yaku) {
      w.begin_array();
      w.string(key);
      w.integer(han);
      w.end_array();
    }
    w.end_array();
    w.key("limit");  // as the result JSON: null below mangan
    if (win.limit.empty()) w.null();
    else w.string(win.limit);
    w.key("hora_points"); w.integer(win.points);
    w.end_object();
  }
  // add is {"fan":...}: its members go after the line's own.
  std::size_t last = text.size();
  while (last > 0 && (text[last - 1] == ' ' || text[last - 1] == '\t')) --last;
  const bool empty = last > 0 && text[last - 1] == '{';
  text.append(empty ? add.substr(1, add.size() - 2) : "," + add.substr(1, add.size() - 2));
  text.append(line.substr(close));
  return text;
}

// Collects what the replay made of each hand end.
class Results final : public GameSink {
 public:
  void game_start(const GameStart&) override {}
  void hand_start(const HandStart&) override {}
  void event(const Event&) override {}
  void hand_end(const RecordedHandEnd&, const ReplayedHandEnd* replayed) override {
    ended = true;
    wins = replayed ? replayed->wins : std::vector<ReplayedWin>{};
  }
  void game_end(const std::array<std::int64_t, 4>*) override {}
  bool ended = false;
  std::vector<ReplayedWin> wins;
};

class MjaiAnnotator final : public RecordReader {
 public:
  MjaiAnnotator(const std::string& source, std::string& out)
      : source_(source), out_(out), replayer_(results_, false), lines_(source, replayer_) {}

  void feed(std::string_view bytes) override {
    while (!bytes.empty()) {
      const std::size_t nl = bytes.find('\n');
      const std::string_view part = bytes.substr(0, nl);
      if (nl == std::string_view::npos) {
        partial_.append(part.data(), part.size());
        if (partial_.size() > mjai::LineReader::kMaxLineBytes + 1) {
          partial_.clear();
          lines_.line(std::string(mjai::LineReader::kMaxLineBytes + 2, ' '));  // reports the long line
        }
        return;
      }
      partial_.append(part.data(), part.size());
      line(partial_, true);
      partial_.clear();
      bytes.remove_prefix(nl + 1);
    }
  }

  void finish() override {
    if (!partial_.empty()) {
      line(partial_, false);
      partial_.clear();
    }
    lines_.finish();
    flush_held();
  }

 private:
  void line(const std::string& text, bool newline) {
    ++line_no_;
    lines_.line(text);  // throws on a bad line
    held_.push_back({text, newline, is_hora(text), line_no_});
    if (results_.ended) {  // this line was an end_kyoku: the hand's wins are scored
      results_.ended = false;
      std::size_t w = 0;
      for (Held& h : held_) {
        if (!h.hora) continue;
        if (w >= results_.wins.size()) break;
        const ReplayedWin& win = results_.wins[w++];
        if (!win.ok) {
          throw RecordError{source_ + ": line " + std::to_string(h.line) + " hora: the win does not score: " + win.error,
                            static_cast<long>(h.line), "hora", ""};
        }
        h.text = annotate_line(h.text, win);
      }
      // A last line without its newline waits for finish(): an error there then starts a line.
      if (newline) flush_held();
    }
  }

  static bool is_hora(std::string_view text) {
    // The reader has parsed the line: a "type" of "hora" at the top level is enough to look for.
    for (const Member& m : members(text)) {
      if (m.key != "type") continue;
      std::string_view v = text.substr(m.begin, m.end - m.begin);
      const std::size_t colon = v.find(':', v.find("\"type\"") + 6);
      v.remove_prefix(colon + 1);
      while (!v.empty() && (v.front() == ' ' || v.front() == '\t')) v.remove_prefix(1);
      return v.substr(0, 6) == "\"hora\"";
    }
    return false;
  }
  void flush_held() {
    for (const Held& h : held_) {
      out_ += h.text;
      if (h.newline) out_ += '\n';
    }
    held_.clear();
  }

  struct Held {
    std::string text;
    bool newline;
    bool hora;
    std::size_t line;
  };

  std::string source_;
  std::string& out_;
  Results results_;
  Replayer replayer_;
  mjai::LineReader lines_;
  std::string partial_;
  std::vector<Held> held_;
  std::size_t line_no_ = 0;
};

}  // namespace

std::unique_ptr<RecordReader> make_mjai_annotator(const std::string& source, std::string& out) {
  return std::make_unique<MjaiAnnotator>(source, out);
}

}  // namespace tenbou::records
