// The replay: a GameSink between a reader and an output sink. It tracks every seat's hand from
// the deal through draws, discards and calls, works out every situational flag of a win
// (riichi, double riichi, ippatsu, rinshan, chankan, haitei, houtei, tenhou, chiihou, kita),
// scores each win from the TRACKED hand with score_riichi, settles each hand end with settle()
// (pao included) and compares both with what the record states. It passes every call on to the
// next sink, hand ends with the ReplayedHandEnd it computed.
//
// Impossible events (a discard of a tile not held, a call of tiles not held, a fifth copy, a
// draw past the wall, a shown hand that is not the tracked one) are RecordError with event -1:
// the reader names the event (events.hpp).
#pragma once
#include <array>
#include <cstdint>
#include <string>

#include "records/events.hpp"
#include "tenbou/records.hpp"
#include "tenbou/rules.hpp"

namespace tenbou::records {

class Replayer final : public GameSink {
 public:
  // with_json: fill each ReplayedWin's request_json/result_json (the HandEnds lines, Python).
  Replayer(GameSink& next, bool with_json);
  ~Replayer() override;
  Replayer(const Replayer&) = delete;
  Replayer& operator=(const Replayer&) = delete;

  void game_start(const GameStart& game) override;
  void hand_start(const HandStart& hand) override;
  void event(const Event& e) override;
  void hand_end(const RecordedHandEnd& recorded, const ReplayedHandEnd* replayed) override;
  void game_end(const std::array<std::int64_t, 4>* final_scores) override;

  // Counts over every game replayed so far (ReplaySummary: games, hands, wins, agreements).
  const ReplaySummary& summary() const { return summary_; }

  struct State;  // the hand being replayed (replay.cpp)

 private:
  GameSink& next_;
  bool with_json_;
  ReplaySummary summary_;
  std::unique_ptr<State> s_;
};

// A whole record's bytes (decompressed) replayed into `sink` (the record tables,
// records/tables.cpp): the format detected from the first bytes when Auto, as Replay does.
// Throws ReplayError (tenbou/records.hpp) with Replay's messages for a record that cannot be read.
void replay_into(std::string_view bytes, RecordFormat format, const std::string& source, GameSink& sink);

}  // namespace tenbou::records
