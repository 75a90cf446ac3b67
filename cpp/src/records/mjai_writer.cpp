// The mjai writer: a game as JSON Lines in libriichi's dialect (event.rs: its fields, its types,
// its tile names; extra fields only where a reader needs them), three-player games in RiichiEnv's
// (three-entry arrays, "kita", a ryukyoku "reason", "tsumo":true on a self-drawn hora).
//
// Events are written in the order the replay passes them, which is the order mjai-reviewer's
// converter writes: a closed kan, its dora, the replacement draw; an open kan, the replacement
// draw, the dora, the discard; a riichi robbed on its declaration tile has no reach_accepted
// (the readers give the record's own order, and Tenhou's is this one). Each hora carries the
// record's deltas for that win (else the replay's), ura_markers only for what the record shows.
#include <algorithm>
#include <array>
#include <string>

#include "core/json_writer.hpp"
#include "records/mjai.hpp"

namespace tenbou::records {
namespace {

class MjaiWriter final : public GameSink {
 public:
  explicit MjaiWriter(std::string& out) : out_(out) {}

  void game_start(const GameStart& game) override {
    players_ = game.players;
    red_ = game.red_fives;
    {
      JsonTextWriter w(out_);
      w.begin_object();
      w.key("type"); w.string("start_game");
      w.key("names");
      w.begin_array();
      for (int i = 0; i < players_; ++i) w.string(game.names[i]);
      w.end_array();
      // akochan's flag, as mjai-reviewer writes it: readers learn whether red fives are played.
      w.key("aka_flag"); w.boolean(red_);
      w.end_object();
    }
    out_ += '\n';
  }

  void hand_start(const HandStart& h) override {
    drawn_.fill(kNoTile);
    open_kans_ = 0;
    static constexpr const char* winds[4] = {"E", "S", "W", "N"};
    {
      JsonTextWriter w(out_);
      w.begin_object();
      w.key("type"); w.string("start_kyoku");
      w.key("bakaze"); w.string(winds[h.round_wind & 3]);
      w.key("dora_marker"); tile(w, h.dora_indicator);
      w.key("kyoku"); w.integer(h.round_number + 1);
      w.key("honba"); w.integer(h.honba);
      w.key("kyotaku"); w.integer(h.deposits);
      w.key("oya"); w.integer(h.dealer);
      w.key("scores"); scores(w, h.scores);
      w.key("tehais");
      w.begin_array();
      for (int i = 0; i < players_; ++i) {
        // Sorted as Tenhou shows a hand (the order of a deal carries nothing).
        SmallList<TileId, 14> hand = h.hands[i];
        std::sort(hand.begin(), hand.end());
        w.begin_array();
        for (TileId id : hand) tile(w, id);
        w.end_array();
      }
      w.end_array();
      w.end_object();
    }
    out_ += '\n';
  }

  void event(const Event& e) override {
    // mjai's tsumogiri: the discard is the tile drawn just before (never after a call), as
    // libriichi's state and mjai-reviewer read it.
    bool tsumogiri = false;
    if (e.actor >= 0 && e.actor < 4) {
      TileId& drawn = drawn_[static_cast<std::size_t>(e.actor)];
      tsumogiri = e.kind == EventKind::Discard && e.tsumogiri && drawn == e.tile;
      if (e.kind != EventKind::Reach) drawn = e.kind == EventKind::Draw ? e.tile : kNoTile;
    }
    line_.clear();
    {
      JsonTextWriter w(line_);
      w.begin_object();
      switch (e.kind) {
        case EventKind::Draw:
          w.key("type"); w.string("tsumo");
          w.key("actor"); w.integer(e.actor);
          w.key("pai"); tile(w, e.tile);
          break;
        case EventKind::Discard:
          w.key("type"); w.string("dahai");
          w.key("actor"); w.integer(e.actor);
          w.key("pai"); tile(w, e.tile);
          w.key("tsumogiri"); w.boolean(tsumogiri);
          break;
        case EventKind::Chi:
        case EventKind::Pon:
        case EventKind::Daiminkan:
          w.key("type");
          w.string(e.kind == EventKind::Chi ? "chi" : e.kind == EventKind::Pon ? "pon" : "daiminkan");
          w.key("actor"); w.integer(e.actor);
          w.key("target"); w.integer(e.target);
          w.key("pai"); tile(w, e.tile);
          w.key("consumed"); tiles(w, e.consumed);
          break;
        case EventKind::Kakan:
          w.key("type"); w.string("kakan");
          w.key("actor"); w.integer(e.actor);
          w.key("pai"); tile(w, e.tile);
          w.key("consumed"); tiles(w, e.consumed);
          break;
        case EventKind::Ankan:
          w.key("type"); w.string("ankan");
          w.key("actor"); w.integer(e.actor);
          w.key("consumed"); tiles(w, e.consumed);
          break;
        case EventKind::Kita:  // RiichiEnv's three-player event
          w.key("type"); w.string("kita");
          w.key("actor"); w.integer(e.actor);
          w.key("pai"); w.string("N");
          break;
        case EventKind::Reach:
          w.key("type"); w.string("reach");
          w.key("actor"); w.integer(e.actor);
          break;
        case EventKind::ReachAccepted:
          w.key("type"); w.string("reach_accepted");
          w.key("actor"); w.integer(e.actor);
          break;
        case EventKind::Dora:
          w.key("type"); w.string("dora");
          w.key("dora_marker"); tile(w, e.tile);
          break;
      }
      w.end_object();
    }
    line_ += '\n';
    // mjai-reviewer writes an open kan's pending dora before a closed kan that follows it
    // (then the closed kan's own dora); Tenhou's log has both indicators after the closed kan.
    if (e.kind == EventKind::Ankan && open_kans_ > 0 && held_.empty()) {
      held_ = line_;
      return;
    }
    if (e.kind == EventKind::Dora) {
      out_ += line_;
      if (open_kans_ > 0) --open_kans_;
      out_ += held_;
      held_.clear();
      return;
    }
    out_ += held_;
    held_.clear();
    out_ += line_;
    if (e.kind == EventKind::Daiminkan || e.kind == EventKind::Kakan) ++open_kans_;
  }

  void hand_end(const RecordedHandEnd& rec, const ReplayedHandEnd* rep) override {
    out_ += held_;
    held_.clear();
    for (std::size_t i = 0; i < rec.wins.size(); ++i) {
      const RecordedWin& win = rec.wins[i];
      const ReplayedWin* ours = rep && i < rep->wins.size() ? &rep->wins[i] : nullptr;
      {
        JsonTextWriter w(out_);
        w.begin_object();
        w.key("type"); w.string("hora");
        w.key("actor"); w.integer(win.winner);
        w.key("target"); w.integer(win.from);
        w.key("deltas");
        if (win.has_deltas) scores(w, win.deltas);
        else if (rec.wins.size() == 1 && rec.has_deltas) scores(w, rec.deltas);
        else if (ours) scores(w, ours->deltas);
        else w.null();
        // Mortal's arena: the indicators a riichi winner turned over, an empty list otherwise.
        w.key("ura_markers");
        w.begin_array();
        for (TileId id : win.ura_indicators) tile(w, id);
        w.end_array();
        if (players_ == 3 && win.winner == win.from) { w.key("tsumo"); w.boolean(true); }
        w.end_object();
      }
      out_ += '\n';
    }
    if (rec.wins.empty()) {
      {
        JsonTextWriter w(out_);
        w.begin_object();
        w.key("type"); w.string("ryukyoku");
        w.key("deltas");
        if (rec.draw.has_deltas) scores(w, rec.draw.deltas);
        else if (rec.has_deltas) scores(w, rec.deltas);
        else if (rep && rep->settled) scores(w, rep->deltas);
        else scores(w, {});
        // RiichiEnv's three-player dialect names the draw (four-player mjai has no field for it).
        if (players_ == 3) { w.key("reason"); w.string(mjai::draw_reason(rec.draw.kind)); }
        w.end_object();
      }
      out_ += '\n';
    }
    out_ += "{\"type\":\"end_kyoku\"}\n";
  }

  void game_end(const std::array<std::int64_t, 4>*) override {
    out_ += "{\"type\":\"end_game\"}\n";
  }

 private:
  void tile(JsonTextWriter& w, TileId id) const { w.string(mjai::tile_name(id, red_)); }
  // A call's tiles in id order (a red five first): the same text whatever order a reader gave.
  void tiles(JsonTextWriter& w, SmallList<TileId, 4> list) const {
    std::sort(list.begin(), list.end());
    w.begin_array();
    for (TileId id : list) tile(w, id);
    w.end_array();
  }
  void scores(JsonTextWriter& w, const std::array<std::int64_t, 4>& s) const {
    w.begin_array();
    for (int i = 0; i < players_; ++i) w.integer(s[i]);
    w.end_array();
  }

  std::string& out_;
  std::array<TileId, 4> drawn_{kNoTile, kNoTile, kNoTile, kNoTile};  // each seat's tile just drawn
  int open_kans_ = 0;  // open kans whose dora is not written yet
  std::string line_;   // the event being written
  std::string held_;   // a closed kan waiting for an open kan's dora
  int players_ = 4;
  bool red_ = true;
};

}  // namespace

std::unique_ptr<GameSink> make_mjai_writer(std::string& out) { return std::make_unique<MjaiWriter>(out); }

}  // namespace tenbou::records
