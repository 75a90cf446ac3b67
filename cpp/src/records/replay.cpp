// The replay (replay.hpp).
#include "records/replay.hpp"

namespace tenbou::records {

struct Replayer::State {
  GameStart game;
  HandStart hand;
  int hand_index = 0;
};

Replayer::Replayer(GameSink& next, bool with_json) : next_(next), with_json_(with_json), s_(std::make_unique<State>()) {}
Replayer::~Replayer() = default;

void Replayer::game_start(const GameStart& game) {
  s_->game = game;
  s_->hand_index = 0;
  ++summary_.games;
  next_.game_start(game);
}

void Replayer::hand_start(const HandStart& hand) {
  s_->hand = hand;
  next_.hand_start(hand);
}

void Replayer::event(const Event& e) { next_.event(e); }

void Replayer::hand_end(const RecordedHandEnd& recorded, const ReplayedHandEnd*) {
  ReplayedHandEnd ours;
  ours.hand_index = s_->hand_index++;
  ours.wins.resize(recorded.wins.size());
  next_.hand_end(recorded, &ours);
}

void Replayer::game_end(const std::array<std::int64_t, 4>* final_scores) { next_.game_end(final_scores); }

}  // namespace tenbou::records
