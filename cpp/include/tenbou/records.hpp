// Game records: Tenhou's mjlog XML, tenhou.net/6 JSON (Tenhou's own and converted Mahjong Soul
// records) and mjai JSON Lines, replayed by the core (every hand tracked, every win scored,
// every hand end settled), checked against what the record states, annotated (mjai) and
// converted (to tenhou.net/6 or mjai). docs/records.md is the user's description.
//
// A Replay is fed a record's bytes in pieces of any size (already decompressed: gzip, zip and
// tar are the front ends' business) and appends its output to a string as soon as it is ready,
// so memory stays flat in the size of a log (tenhou.net/6 is one JSON document: it is read whole,
// at most the limits table's max_log_bytes).
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "tenbou/error.hpp"

namespace tenbou {

enum class RecordFormat : std::uint8_t { Auto, Mjlog, Tenhou6, Mjai };
// "auto", "mjlog", "tenhou6", "mjai" <-> RecordFormat; false for another name.
bool record_format_from(std::string_view name, RecordFormat& out);
const char* record_format_name(RecordFormat format);
// The format of a record from its first bytes (after decompression): "<" mjlog, "{" with a
// "type" key mjai, "{"/"[" with "log" tenhou.net/6. Auto when it cannot tell.
RecordFormat detect_record_format(std::string_view first_bytes);

enum class ReplayOutput : std::uint8_t {
  HandEnds,  // one JSON line per hand end (below)
  Check,     // one JSON line per hand end that differs from the record, then the summary line
  Tenhou6,   // the game(s) as tenhou.net/6 JSON (one document per game, a line each)
  Mjai,      // the game(s) as mjai JSON Lines
  Annotate,  // mjai input only: the same lines, each "hora" with fan/fu/yakus/limit/hora_points
};

struct ReplayOptions {
  RecordFormat format = RecordFormat::Auto;
  ReplayOutput output = ReplayOutput::HandEnds;
  std::string source;        // the name messages and lines give the record ("game.mjlog")
  bool with_requests = true; // HandEnds: each win's request and full result in the line
  bool with_raw = false;
  bool summary = true;       // Check: the summary line at finish (a front end reading several records may write one for all)     // HandEnds: each win's "raw" text as the record has it (mjlog: <AGARI>'s attributes)
};

// One hand-end line (ReplayOutput::HandEnds), compact JSON, keys in this order:
//   {"game": source, "hand": index in the game (from 0), "event": the record's event/line of
//    the hand end (or null), "round": "E1", "players": 3|4, "dealer": seat, "honba": n,
//    "deposits": riichi sticks at the end (this hand's declarations included), "outcome": "win"|"draw"|"nagashi_mangan"|"abortive",
//    "wins": [{"winner", "from", "pao" (seat or null), "event", "request": {...}, "result": {...},
//              "deltas": [this win's settled changes], "recorded_deltas": [...] or null,
//              "recorded": {"han", "fu", "points", "limit", "yakuman", "yaku": {key: han}} or null,
//              "agree": bool}],                      (absent for draws)
//    (with_requests false: no "request", and "result" is the score alone: {"han", "fu", "points",
//     "limit", "yakuman", "yaku": {key: han}}, or {"error": ...} for a win that does not score)
//    "tenpai": [seats] (draws of every kind), "nagashi": [seats] (nagashi mangan),
//    "deltas": [settled, per seat] or null with "settle_error", "recorded_deltas": [...] or null,
//    "agree": bool}
// Check lines hold the same keys but only the parts that differ, then a last line
//   {"summary": true, "hands": M, "agree": N, "wins": W, "wins_agree": K, "text": "N of M hands agree"}
// A game of several hands is one record; a tenhou.net/6 list or an mjai stream of several games
// gives each game a "game" of source#index.

struct ReplaySummary {
  std::int64_t games = 0, hands = 0, hands_agree = 0, wins = 0, wins_agree = 0;
};

// A record that cannot be read, as Replay throws it: an InputError (reason "bad_record", no
// field) whose message is the one line, with where it is: the event index (mjlog: among the
// log's events from 0; mjai: the line from 1; -1 when none), the tag or type, the attribute.
class ReplayError : public InputError {
 public:
  ReplayError(const std::string& message, long event, std::string tag, std::string attribute)
      : InputError("bad_record", "", message), event_(event), tag_(std::move(tag)), attribute_(std::move(attribute)) {}
  long event() const { return event_; }
  const std::string& tag() const { return tag_; }
  const std::string& attribute() const { return attribute_; }

 private:
  long event_;
  std::string tag_, attribute_;
};

// Thrown by feed/finish for a record that cannot be read (a tenbou::InputError, so every front
// end maps it to its record error): one line naming the source, the event (or line) and what is
// wrong. What was output before the error stays valid.
class Replay {
 public:
  explicit Replay(ReplayOptions options);
  ~Replay();
  Replay(const Replay&) = delete;
  Replay& operator=(const Replay&) = delete;
  void feed(std::string_view bytes, std::string& out);
  void finish(std::string& out);
  const ReplaySummary& summary() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// One whole record at once (the C ABI's tenbou_replay_json and the WebAssembly binding).
// Never throws: an unreadable record gives its output so far and then one line
// {"error": {"code": "bad_record", "message": ..., "event": n, "tag": ..., "attribute": ...}}.
std::string replay_text(std::string_view record, const ReplayOptions& options);

}  // namespace tenbou
