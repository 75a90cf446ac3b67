// tenhou.net/6 JSON writer: a game's events as Tenhou's viewer stores them, one JSON document
// per game on a line (shared/spec/records.md section 3; docs/records-tenhou6.md).
//
// It writes what Tenhou writes, so that a Tenhou game converted from its mjlog gives the `log`
// of Tenhou's own tenhou.net/6 file: hands sorted with a red five after the plain ones, 60 for
// a discard of the tile just drawn, call strings with the letter where the source sits, a 0 in
// the discard column after an open kan (dropped when the hand ends on its replacement draw),
// Tenhou's score texts and yaku names (kita folded into ドラ). The record's own values (its
// point changes, score and yaku) are written where it has them, the replay's where it has not.
#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "records/events.hpp"
#include "records/tenhou6_yaku.hpp"
#include "tenbou/json.hpp"
#include "tenbou/yaku_table.hpp"

namespace tenbou::records {
namespace {

int tile_code(TileId id, bool reds) {
  const int kind = kind_of(id);
  if (is_red(id, reds)) return 51 + kind / 9;
  return (kind / 9 + 1) * 10 + kind % 9 + 1;
}

// Tenhou's order: by kind, a red five after the plain ones.
int order_key(TileId id, bool reds) { return kind_of(id) * 2 + (is_red(id, reds) ? 1 : 0); }

std::string two(int code) { return std::to_string(code); }

// Four seats' point changes (three-player files keep a fourth 0).
Json deltas_json(const std::array<std::int64_t, 4>& d) {
  Json a = Json::array();
  for (int p = 0; p < 4; ++p) a.push(Json::integer(d[p]));
  return a;
}

class Tenhou6Writer final : public GameSink {
 public:
  explicit Tenhou6Writer(std::string& out) : out_(out) {}
  void game_start(const GameStart& game) override;
  void hand_start(const HandStart& hand) override;
  void event(const Event& e) override;
  void hand_end(const RecordedHandEnd& recorded, const ReplayedHandEnd* replayed) override;
  void game_end(const std::array<std::int64_t, 4>* final_scores) override;

 private:
  std::string sorted_codes(SmallList<TileId, 4> ids) const {
    std::sort(ids.begin(), ids.end(), [&](TileId a, TileId b) { return order_key(a, reds_) < order_key(b, reds_); });
    std::string s;
    for (TileId id : ids) s += two(tile_code(id, reds_));
    return s;
  }
  Json win_detail(const RecordedWin* rec, const ReplayedWin* rep, int winner, int from, int pao) const;

  std::string& out_;
  GameStart game_;
  bool reds_ = true;
  int players_ = 4;
  Json log_;
  // The hand being written.
  HandStart hand_;
  std::vector<int> dora_;
  std::array<std::vector<Json>, 4> takes_, discards_;
  std::array<bool, 4> riichi_next_{};
  std::array<bool, 4> drew_{};  // the seat's last take was a draw
  std::array<std::vector<std::pair<int, std::string>>, 4> pons_;  // kind, the pon's string
};

void Tenhou6Writer::game_start(const GameStart& game) {
  game_ = game;
  reds_ = game.red_fives;
  players_ = game.players;
  log_ = Json::array();
}

void Tenhou6Writer::hand_start(const HandStart& hand) {
  hand_ = hand;
  dora_.clear();
  if (hand.dora_indicator != kNoTile) dora_.push_back(tile_code(hand.dora_indicator, reds_));
  for (int p = 0; p < 4; ++p) {
    takes_[p].clear();
    discards_[p].clear();
    pons_[p].clear();
  }
  riichi_next_.fill(false);
  drew_.fill(false);
}

void Tenhou6Writer::event(const Event& e) {
  const int a = e.actor;
  auto relative = [&](int target) { return (target - a + 4) % 4; };  // 1 shimocha, 2 toimen, 3 kamicha
  switch (e.kind) {
    case EventKind::Draw:
      takes_[a].push_back(Json::integer(tile_code(e.tile, reds_)));
      drew_[a] = true;
      break;
    case EventKind::Discard: {
      // 60 is the tile just drawn: never after a call (Tenhou writes the tile then, even when it
      // is the one drawn before the call).
      const int code = e.tsumogiri && drew_[a] ? 60 : tile_code(e.tile, reds_);
      if (riichi_next_[a]) {
        discards_[a].push_back(Json::string("r" + two(code)));
        riichi_next_[a] = false;
      } else {
        discards_[a].push_back(Json::integer(code));
      }
      break;
    }
    case EventKind::Reach:
      riichi_next_[a] = true;
      break;
    case EventKind::Chi:
      drew_[a] = false;
      takes_[a].push_back(Json::string("c" + two(tile_code(e.tile, reds_)) + sorted_codes(e.consumed)));
      break;
    case EventKind::Pon:
    case EventKind::Daiminkan: {
      // The letter sits before the called tile, placed where the source sits: first (kamicha),
      // after one tile (toimen), or last (shimocha).
      const char letter = e.kind == EventKind::Pon ? 'p' : 'm';
      const std::string hand = sorted_codes(e.consumed);
      const std::string called = std::string(1, letter) + two(tile_code(e.tile, reds_));
      const int rel = relative(e.target);
      drew_[a] = false;
      std::string s = rel == 3 ? called + hand : rel == 2 ? hand.substr(0, 2) + called + hand.substr(2) : hand + called;
      takes_[a].push_back(Json::string(s));
      if (e.kind == EventKind::Pon) {
        pons_[a].emplace_back(kind_of(e.tile), s);
      } else {
        discards_[a].push_back(Json::integer(0));  // no discard for the kan's take
      }
      break;
    }
    case EventKind::Ankan: {
      // Three tiles, a, the fourth: a red five last ("151515a51").
      const std::string s = sorted_codes(e.consumed);
      discards_[a].push_back(Json::string(s.substr(0, 6) + "a" + s.substr(6)));
      break;
    }
    case EventKind::Kakan: {
      // The pon's string with p made k and the added tile right after it.
      std::string s;
      for (auto it = pons_[a].begin(); it != pons_[a].end(); ++it)
        if (it->first == kind_of(e.tile)) {
          s = it->second;
          pons_[a].erase(it);
          break;
        }
      if (s.empty()) s = "p" + sorted_codes(e.consumed);  // a pon the writer did not see
      const std::size_t p = s.find('p');
      s = s.substr(0, p) + "k" + two(tile_code(e.tile, reds_)) + s.substr(p + 1);
      discards_[a].push_back(Json::string(s));
      break;
    }
    case EventKind::Kita:
      discards_[a].push_back(Json::string("f44"));
      break;
    case EventKind::Dora:
      dora_.push_back(tile_code(e.tile, reds_));
      break;
    case EventKind::ReachAccepted:
      break;
  }
}

// Tenhou's points text: "1000点" (ron), "1000-2000点" (a non-dealer's tsumo), "2600点∀" (the
// dealer's), from the hand's value (what each pays is rounded up to 100: the dealer pays
// double a non-dealer's share, or 100 less).
std::string points_text(std::int64_t points, bool tsumo, bool dealer, int players) {
  if (!tsumo) return std::to_string(points) + "点";
  if (dealer) return std::to_string(points / (players - 1)) + "点∀";
  // points = ko * (players - 2) + oya with ko a multiple of 100 and oya = 2 ko or 2 ko - 100:
  // exactly one of the two fits.
  const int shares = players;
  std::int64_t ko = points / shares;
  std::int64_t oya = 2 * ko;
  if (points % shares != 0 || ko % 100 != 0) {
    ko = (points + 100) / shares;
    oya = 2 * ko - 100;
  }
  return std::to_string(ko) + "-" + std::to_string(oya) + "点";
}

Json Tenhou6Writer::win_detail(const RecordedWin* rec, const ReplayedWin* rep, int winner, int from, int pao) const {
  Json d = Json::array();
  d.push(Json::integer(winner));
  d.push(Json::integer(from));
  d.push(Json::integer(pao >= 0 ? pao : winner));
  const bool use_record = rec && rec->has_score;
  if (!use_record && !(rep && rep->ok)) return d;  // no score to write: [who, from, pao]
  const int han = use_record ? rec->han : rep->han;
  const int fu = use_record ? rec->fu : rep->fu;
  const std::int64_t points = use_record ? rec->points : rep->points;
  const std::string& limit = use_record ? rec->limit : rep->limit;
  const std::vector<std::pair<std::string, int>>& yaku = use_record ? rec->yaku : rep->yaku;
  const bool tsumo = winner == from;
  const bool dealer = winner == hand_.dealer;
  std::string text;
  if (limit.empty()) text = std::to_string(fu) + "符" + std::to_string(han) + "飜";
  else text = std::string(tenhou6_limit_name(limit));
  text += points_text(points, tsumo, dealer, players_);
  d.push(Json::string(text));
  // Yaku in the record's (or result's) order; kita folded into ドラ as Tenhou does.
  int kita = 0;
  for (const auto& [key, h] : yaku)
    if (key == "kita") kita += h;
  const int seat_wind = (winner - hand_.dealer + players_) % players_;
  bool dora_written = false;
  for (const auto& [key, h] : yaku) {
    if (key == "kita" || h == 0) continue;
    int han_here = h;
    if (key == "dora") {
      han_here += kita;
      dora_written = true;
    }
    const std::string name = tenhou6_yaku_name(key, key == "round_wind" ? hand_.round_wind : seat_wind);
    bool yakuman = false;
    for (const auto& info : kYakuTable)
      if (info.key == key) yakuman = info.yakuman;
    d.push(Json::string((name.empty() ? key : name) + (yakuman ? "(役満)" : "(" + std::to_string(han_here) + "飜)")));
  }
  if (kita > 0 && !dora_written) d.push(Json::string("ドラ(" + std::to_string(kita) + "飜)"));
  return d;
}

void Tenhou6Writer::hand_end(const RecordedHandEnd& recorded, const ReplayedHandEnd* replayed) {
  Json hand = Json::array();
  Json round = Json::array();
  round.push(Json::integer(4 * hand_.round_wind + hand_.round_number));
  round.push(Json::integer(hand_.honba));
  round.push(Json::integer(hand_.deposits));
  hand.push(std::move(round));
  Json scores = Json::array();
  for (int p = 0; p < 4; ++p) scores.push(Json::integer(p < players_ ? hand_.scores[p] : 0));
  hand.push(std::move(scores));
  Json dora = Json::array();
  for (int c : dora_) dora.push(Json::integer(c));
  hand.push(std::move(dora));
  // Ura indicators: as many as the dora, shown when a riichi winner saw them.
  Json ura = Json::array();
  const SmallList<TileId, 5>* ura_ids = nullptr;
  for (const RecordedWin& w : recorded.wins)
    if (!ura_ids && !w.ura_indicators.empty()) ura_ids = &w.ura_indicators;
  if (replayed)
    for (const ReplayedWin& w : replayed->wins)
      if (!ura_ids && !w.ura_indicators.empty()) ura_ids = &w.ura_indicators;
  if (ura_ids)
    for (TileId id : *ura_ids) ura.push(Json::integer(tile_code(id, reds_)));
  hand.push(std::move(ura));
  for (int p = 0; p < 4; ++p) {
    Json dealt = Json::array(), takes = Json::array(), discards = Json::array();
    if (p < players_) {
      SmallList<TileId, 14> ids = hand_.hands[p];
      std::sort(ids.begin(), ids.end(), [&](TileId a, TileId b) { return order_key(a, reds_) < order_key(b, reds_); });
      for (TileId id : ids) dealt.push(Json::integer(tile_code(id, reds_)));
      for (Json& t : takes_[p]) takes.push(std::move(t));
      // The 0 after an open kan is dropped when the hand ended on the kan's replacement draw.
      std::vector<Json>& d = discards_[p];
      if (!d.empty() && d.back().type() == Json::Type::Int && d.back().as_int() == 0 && d.size() + 1 == takes_[p].size()) d.pop_back();
      for (Json& t : d) discards.push(std::move(t));
    }
    hand.push(std::move(dealt));
    hand.push(std::move(takes));
    hand.push(std::move(discards));
  }
  Json result = Json::array();
  const std::size_t wins = std::max(recorded.wins.size(), replayed ? replayed->wins.size() : 0);
  if (wins > 0) {
    result.push(Json::string("和了"));
    for (std::size_t i = 0; i < wins; ++i) {
      const RecordedWin* rec = i < recorded.wins.size() ? &recorded.wins[i] : nullptr;
      const ReplayedWin* rep = replayed && i < replayed->wins.size() ? &replayed->wins[i] : nullptr;
      std::array<std::int64_t, 4> d{};
      if (rec && rec->has_deltas) d = rec->deltas;
      else if (rep) d = rep->deltas;
      else if (wins == 1 && recorded.has_deltas) d = recorded.deltas;
      result.push(deltas_json(d));
      const int winner = rec ? rec->winner : rep->winner;
      const int from = rec ? rec->from : rep->from;
      const int pao = rec ? rec->pao : rep->pao;
      result.push(win_detail(rec, rep, winner, from, pao));
    }
  } else {
    const RecordedDraw& draw = recorded.draw;
    std::array<std::int64_t, 4> d{};
    if (draw.has_deltas) d = draw.deltas;
    else if (recorded.has_deltas) d = recorded.deltas;
    else if (replayed && replayed->settled) d = replayed->deltas;
    bool any = false;
    for (int p = 0; p < players_; ++p) any = any || d[p] != 0;
    std::string name(tenhou6_draw_name(draw.kind));
    if (draw.kind == DrawKind::Exhaustive && !any && draw.has_tenpai) {
      int tenpai = 0;
      for (int p = 0; p < players_; ++p) tenpai += draw.tenpai[p];
      if (tenpai == players_) name = "全員聴牌";
      if (tenpai == 0) name = "全員不聴";
    }
    result.push(Json::string(name));
    if (any) result.push(deltas_json(d));
  }
  hand.push(std::move(result));
  log_.push(std::move(hand));
}

void Tenhou6Writer::game_end(const std::array<std::int64_t, 4>* /*final_scores*/) {
  // Keys as Tenhou's editor writes them; no "sc" (its second figures are the room's uma).
  Json game = Json::object();
  Json title = Json::array();
  const std::size_t nl = game_.title.find('\n');
  title.push(Json::string(nl == std::string::npos ? game_.title : game_.title.substr(0, nl)));
  title.push(Json::string(nl == std::string::npos ? "" : game_.title.substr(nl + 1)));
  game.set("title", std::move(title));
  Json names = Json::array();
  for (int p = 0; p < 4; ++p) names.push(Json::string(game_.names[p]));
  game.set("name", std::move(names));
  Json rule = Json::object();
  if (!game_.rule_disp.empty()) rule.set("disp", Json::string(game_.rule_disp));
  rule.set("aka", Json::integer(reds_ ? 1 : 0));
  game.set("rule", std::move(rule));
  game.set("log", std::move(log_));
  game.dump_to(out_);
  out_ += '\n';
  log_ = Json::array();
}

}  // namespace

std::unique_ptr<GameSink> make_tenhou6_writer(std::string& out) { return std::make_unique<Tenhou6Writer>(out); }

}  // namespace tenbou::records
