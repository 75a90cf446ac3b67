// The replay (replay.hpp): hands tracked tile by tile, situational flags from the event
// stream, wins scored from the tracked hand through score_riichi, hand ends settled through
// settle() and compared with the record.
//
// The flags follow how Tenhou's records show it counts them (the 999 games of
// shared/data/tenhou agree on every win): any call, a closed kan or (three-player) a kita ends
// every ippatsu and the first go-around; an added kan ends them only once it completes (it can
// still be robbed, and Tenhou then counts the robber's ippatsu); a kan's or a kita's replacement
// draw is rinshan and never the haitei tile; the live wall holds 70 draws with four players
// (136 - 14 dead wall - 52 dealt) and 55 with three (108 - 14 - 39), replacement draws
// included; a ron on a kita is not chankan; a kita before the riichi player's first discard
// cancels double riichi.
#include "records/replay.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>

#include "core/json_writer.hpp"
#include "tenbou/error.hpp"
#include "tenbou/request.hpp"
#include "tenbou/result.hpp"
#include "tenbou/riichi.hpp"
#include "tenbou/settlement.hpp"

namespace tenbou::records {
namespace {

// 136 tile ids as a bit set.
struct IdSet {
  std::array<std::uint64_t, 3> w{};
  bool has(TileId id) const { return (w[id >> 6] >> (id & 63)) & 1; }
  void add(TileId id) { w[id >> 6] |= std::uint64_t{1} << (id & 63); }
  void remove(TileId id) { w[id >> 6] &= ~(std::uint64_t{1} << (id & 63)); }
  void clear() { w.fill(0); }
  template <typename F>
  void each(F&& f) const {
    for (int k = 0; k < 3; ++k)
      for (std::uint64_t m = w[static_cast<std::size_t>(k)]; m; m &= m - 1) f(static_cast<TileId>(64 * k + lowest_bit(m)));
  }
  bool operator==(const IdSet& o) const { return w == o.w; }
  bool operator!=(const IdSet& o) const { return w != o.w; }
};

struct TrackedMeld {
  MeldKind kind = MeldKind::Pon;
  SmallList<TileId, 4> tiles;
};

MeldKind meld_kind(EventKind k) {
  switch (k) {
    case EventKind::Chi: return MeldKind::Chi;
    case EventKind::Pon: return MeldKind::Pon;
    case EventKind::Daiminkan: return MeldKind::Kan;
    case EventKind::Kakan: return MeldKind::Kakan;
    default: return MeldKind::Ankan;
  }
}

IdSet set_of(const SmallList<TileId, 4>& tiles) {
  IdSet s;
  for (TileId t : tiles) s.add(t);
  return s;
}

struct Seat {
  IdSet hand;
  int count = 0;  // tiles in hand
  SmallList<TrackedMeld, 4> melds;
  int kita = 0;
  TileId last_draw = kNoTile;
  bool riichi = false, double_riichi = false, pending_riichi = false, pending_double = false;
  bool ippatsu = false, discarded = false, nagashi = true;
  bool kan_draw_pending = false, last_draw_rinshan = false, last_draw_was_last_tile = false;
  int open_melds() const {
    int n = 0;
    for (const TrackedMeld& m : melds) n += m.kind != MeldKind::Ankan;
    return n;
  }
};

// A tile as messages name it: "5m (tile id 17)", red fives "0m".
std::string tile_words(TileId id, bool reds) {
  std::string t = tile_name(static_cast<Tile>(id / 4), is_red(id, reds));
  return t + " (tile id " + std::to_string(id) + ")";
}

// Compact notation of tile ids grouped by suit in id order, e.g. "345m22s" (red fives "0").
void tiles_text(std::string& out, const IdSet& ids, bool reds) {
  std::string digits[4];
  ids.each([&](TileId id) {
    const int kind = id / 4;
    digits[kind / 9] += is_red(id, reds) ? '0' : static_cast<char>('1' + kind % 9);
  });
  static constexpr char kSuits[4] = {'m', 'p', 's', 'z'};
  for (int s = 0; s < 4; ++s)
    if (!digits[s].empty()) {
      out += digits[s];
      out += kSuits[s];
    }
}

template <typename List>
std::string tiles_text(const List& ids, bool reds) {
  IdSet s;
  for (TileId t : ids) s.add(t);
  std::string out;
  tiles_text(out, s, bool(reds));
  return out;
}

const char* meld_word(MeldKind k) {
  switch (k) {
    case MeldKind::Chi: return "chi";
    case MeldKind::Pon: return "pon";
    case MeldKind::Kan: return "kan";
    case MeldKind::Kakan: return "kakan";
    case MeldKind::Ankan: return "ankan";
  }
  return "";
}

// The yakuman multiples a liable player answers for (daisangen, daisuushi; suukantsu by option),
// as settle_json counts them.
int liable_yakuman(const RiichiResult& r, const RiichiRules& rules) {
  int m = 0;
  for (const auto& y : r.yaku)
    if (y.yaku == Yaku::Daisangen || y.yaku == Yaku::Daisuushi || (rules.pao_suukantsu && y.yaku == Yaku::Suukantsu))
      m += y.han / 13;
  return m;
}

[[noreturn]] void impossible(const std::string& message, long event = -1) { throw RecordError{message, event, "", ""}; }

}  // namespace

struct Replayer::State {
  GameStart game;
  RiichiRules rules;
  HandStart hand;
  int players = 4;
  bool reds = true;
  bool exact = true;  // tile ids are the record's own (mjlog); else only their kind and redness count
  bool dealt = true;
  bool open = false;  // a hand is being played (between hand_start and its end)
  int hand_index = -1;  // the hand being played: hand_starts in the game so far, from 0
  IdSet used;         // every id in play: dealt, drawn, indicators
  std::array<Seat, 4> seats;
  int wall = 70, draws = 0;
  SmallList<TileId, 5> dora;
  bool any_call = false, kakan_pending = false, last_discard_after_wall_end = false;
  int last_discarder = -1;
  EventKind last_kind = EventKind::Dora;
  int last_who = -1;
  TileId last_tile = kNoTile;
  bool any_event = false;
  std::int64_t accepted = 0;  // riichi declarations that stood this hand
  RiichiResult result;        // scratch

  Seat& seat(int who) {
    if (who < 0 || who >= players) impossible("seat " + std::to_string(who) + " is out of range (0-" + std::to_string(players - 1) + ")");
    return seats[static_cast<std::size_t>(who)];
  }
  std::string words(TileId id) const { return tile_words(id, reds); }
  // Takes `id` from a hand and returns it; a format naming tiles by kind (exact false) takes any
  // held copy of the same kind and redness (its reader's ids are only distinct, not the same
  // physical tiles as the replay's).
  TileId take(Seat& s, TileId id, const char* what, int who) {
    if (id < kTileIds && !s.hand.has(id) && !exact) {
      for (int c = 0; c < 4; ++c) {
        const TileId other = static_cast<TileId>(id / 4 * 4 + c);
        if (s.hand.has(other) && is_red(other, reds) == is_red(id, reds)) {
          id = other;
          break;
        }
      }
    }
    if (id >= kTileIds || !s.hand.has(id))
      impossible("seat " + std::to_string(who) + " " + what + " " + (id >= kTileIds ? "an unknown tile" : words(id)) +
                 ", which it does not hold");
    s.hand.remove(id);
    --s.count;
    return id;
  }
  // The same tile: the same id (mjlog), or the same kind and redness (formats naming tiles by kind).
  bool same(TileId a, TileId b) const {
    if (a == b) return true;
    return !exact && a < kTileIds && b < kTileIds && a / 4 == b / 4 && is_red(a, reds) == is_red(b, reds);
  }
  int full(const Seat& s) const { return 14 - 3 * static_cast<int>(s.melds.size()); }  // tiles after a draw
};

Replayer::Replayer(GameSink& next, bool with_json) : next_(next), with_json_(with_json), s_(std::make_unique<State>()) {}
Replayer::~Replayer() = default;

void Replayer::game_start(const GameStart& game) {
  State& s = *s_;
  s.game = game;
  s.players = game.players == 3 ? 3 : 4;
  s.reds = game.red_fives;
  s.exact = game.format == Format::Mjlog;
  s.rules = RiichiRules{};
  if (!riichi_preset(game.preset, s.rules)) impossible("unknown rules preset '" + game.preset + "'");
  s.rules.red_fives = game.red_fives;
  s.rules.open_tanyao = game.open_tanyao;
  s.hand_index = -1;
  s.open = false;
  ++summary_.games;
  next_.game_start(game);
}

void Replayer::hand_start(const HandStart& hand) {
  State& s = *s_;
  s.hand = hand;
  ++s.hand_index;
  s.dealt = hand.dealt;
  s.open = true;
  s.used.clear();
  for (Seat& seat : s.seats) seat = Seat{};
  s.wall = s.players == 4 ? 70 : 55;
  s.draws = 0;
  s.dora = {};
  s.any_call = s.kakan_pending = s.last_discard_after_wall_end = false;
  s.last_discarder = -1;
  s.last_who = -1;
  s.last_tile = kNoTile;
  s.any_event = false;
  s.accepted = 0;
  if (hand.dealer < 0 || hand.dealer >= s.players) impossible("the dealer's seat " + std::to_string(hand.dealer) + " is out of range");
  if (hand.dora_indicator != kNoTile) {
    if (hand.dora_indicator >= kTileIds) impossible("the dora indicator is not a tile");
    s.dora.push(hand.dora_indicator);
  }
  if (s.dealt) {
    for (TileId d : s.dora) s.used.add(d);
    for (int p = 0; p < s.players; ++p) {
      const auto& dealt = hand.hands[static_cast<std::size_t>(p)];
      if (dealt.size() != 13) impossible("seat " + std::to_string(p) + " is dealt " + std::to_string(dealt.size()) + " tiles (13 expected)");
      Seat& seat = s.seats[static_cast<std::size_t>(p)];
      for (TileId t : dealt) {
        if (t >= kTileIds) impossible("seat " + std::to_string(p) + " is dealt an unknown tile");
        if (s.used.has(t)) impossible("tile id " + std::to_string(t) + " is dealt twice (or is the dora indicator)");
        if (s.players == 3 && t / 4 >= 1 && t / 4 <= 7) impossible("seat " + std::to_string(p) + " is dealt " + s.words(t) + ", which three-player games do not have");
        s.used.add(t);
        seat.hand.add(t);
      }
      seat.count = 13;
    }
  }
  next_.hand_start(hand);
}

void Replayer::event(const Event& given) {
  State& s = *s_;
  Event e = given;  // tiles resolved to the replay's ids (formats naming tiles by kind)
  if (!s.open) {
    if (s.dealt && s.any_event) impossible("an event after the hand's end (no new hand started)");
    // A record without a deal may go on after a hand end (hand-made logs): flags only.
  }
  const bool track = s.dealt;
  const int who = e.actor;
  switch (e.kind) {
    case EventKind::Draw: {
      Seat& p = s.seat(who);
      if (track) {
        if (!s.open) impossible("a draw after the hand's end");
        if (e.tile >= kTileIds) impossible("seat " + std::to_string(who) + " draws an unknown tile");
        if (s.used.has(e.tile)) impossible("seat " + std::to_string(who) + " draws " + s.words(e.tile) + ", which is already in play");
        if (p.count != s.full(p) - 1)
          impossible("seat " + std::to_string(who) + " draws with " + std::to_string(p.count) + " tiles in hand (" +
                     std::to_string(s.full(p) - 1) + " expected: a discard is missing)");
        if (s.draws >= s.wall) impossible("a draw past the wall's end (" + std::to_string(s.wall) + " draws)");
        s.used.add(e.tile);
        p.hand.add(e.tile);
        ++p.count;
      }
      if (s.kakan_pending) {  // the added kan was not robbed: it completes now
        s.kakan_pending = false;
        for (Seat& q : s.seats) q.ippatsu = false;
      }
      ++s.draws;
      p.last_draw = e.tile;
      p.last_draw_rinshan = p.kan_draw_pending;
      p.kan_draw_pending = false;
      // seed/Tenhou: the kan replacement tile is never the haitei tile.
      p.last_draw_was_last_tile = s.draws == s.wall && !p.last_draw_rinshan;
      break;
    }
    case EventKind::Discard: {
      Seat& p = s.seat(who);
      if (track) {
        if (p.count != s.full(p))
          impossible("seat " + std::to_string(who) + " discards with " + std::to_string(p.count) + " tiles in hand (" +
                     std::to_string(s.full(p)) + " expected: a draw is missing)");
        e.tile = s.take(p, e.tile, "discards", who);
      }
      const int kind = e.tile < kTileIds ? e.tile / 4 : -1;
      if (kind >= 0 && kind < 27 && kind % 9 != 0 && kind % 9 != 8) p.nagashi = false;
      s.last_discarder = who;
      if (!p.pending_riichi) p.ippatsu = false;  // the declaration tile: ippatsu starts when it stands
      p.discarded = true;
      s.last_discard_after_wall_end = s.draws >= s.wall;
      break;
    }
    case EventKind::Reach: {
      Seat& p = s.seat(who);
      if (track) {
        if (p.open_melds()) impossible("seat " + std::to_string(who) + " declares riichi with an open hand");
        if (p.riichi) impossible("seat " + std::to_string(who) + " declares riichi twice");
      }
      p.pending_riichi = true;
      p.pending_double = !p.discarded && !s.any_call;
      break;
    }
    case EventKind::ReachAccepted: {
      Seat& p = s.seat(who);
      p.pending_riichi = false;
      p.riichi = true;
      p.double_riichi = p.pending_double;
      p.ippatsu = true;
      ++s.accepted;
      break;
    }
    case EventKind::Chi:
    case EventKind::Pon:
    case EventKind::Daiminkan:
    case EventKind::Ankan:
    case EventKind::Kakan:
    case EventKind::Kita: {
      Seat& p = s.seat(who);
      const bool from_discard = e.kind == EventKind::Chi || e.kind == EventKind::Pon || e.kind == EventKind::Daiminkan;
      if (track) {
        if (from_discard) {
          if (s.last_kind != EventKind::Discard || s.last_who != e.target || !s.same(s.last_tile, e.tile))
            impossible("seat " + std::to_string(who) + " calls " + (e.tile < kTileIds ? s.words(e.tile) : "an unknown tile") +
                       " from seat " + std::to_string(e.target) + ", which did not just discard it");
          if (e.target == who) impossible("seat " + std::to_string(who) + " calls its own discard");
          e.tile = s.last_tile;
          if (e.kind == EventKind::Chi && (s.players == 3 || (e.target - who + s.players) % s.players != s.players - 1))
            impossible("seat " + std::to_string(who) + " calls chi from seat " + std::to_string(e.target) +
                       (s.players == 3 ? " in a three-player game" : ", not the player before it"));
          if (p.count != s.full(p) - 1) impossible("seat " + std::to_string(who) + " calls with " + std::to_string(p.count) + " tiles in hand");
        } else if (p.count != s.full(p)) {
          impossible("seat " + std::to_string(who) + " declares a " + (e.kind == EventKind::Kita ? "kita" : "kan") + " with " +
                     std::to_string(p.count) + " tiles in hand (" + std::to_string(s.full(p)) + " expected)");
        }
        if (e.kind == EventKind::Kita) {
          if (s.players != 3) impossible("a kita in a four-player game");
          if (e.tile >= kTileIds || e.tile / 4 != 30) impossible("seat " + std::to_string(who) + " sets aside a tile that is not North");
          e.tile = s.take(p, e.tile, "sets aside", who);
        } else if (e.kind == EventKind::Kakan) {
          const IdSet pon = set_of(e.consumed);
          TrackedMeld* meld = nullptr;
          for (TrackedMeld& m : p.melds)
            if (m.kind == MeldKind::Pon && (e.consumed.empty() || !s.exact ? m.tiles[0] / 4 == e.tile / 4 : set_of(m.tiles) == pon))
              meld = &m;
          if (!meld || e.tile >= kTileIds || meld->tiles[0] / 4 != e.tile / 4)
            impossible("seat " + std::to_string(who) + " adds " + (e.tile < kTileIds ? s.words(e.tile) : "an unknown tile") +
                       " to a pon it does not have");
          e.tile = s.take(p, e.tile, "adds", who);
          e.consumed = meld->tiles;
          meld->kind = MeldKind::Kakan;
          meld->tiles.push(e.tile);
        } else {
          TrackedMeld m;
          m.kind = meld_kind(e.kind);
          const std::size_t want = e.kind == EventKind::Ankan ? 4 : e.kind == EventKind::Daiminkan ? 3 : 2;
          if (e.consumed.size() != want) impossible("a " + std::string(meld_word(m.kind)) + " of " + std::to_string(e.consumed.size()) + " tiles from the hand");
          if (p.melds.size() >= 4) impossible("seat " + std::to_string(who) + " makes a fifth meld");
          for (TileId& t : e.consumed) {
            t = s.take(p, t, "calls with", who);
            m.tiles.push(t);
          }
          if (from_discard) m.tiles.push(e.tile);
          // The meld must be one: a run of one suit or copies of one kind.
          int lo = 99, hi = -1;
          for (TileId t : m.tiles) {
            lo = std::min(lo, t / 4);
            hi = std::max(hi, t / 4);
          }
          bool ok = e.kind == EventKind::Chi ? (lo < 27 && hi - lo == 2 && lo / 9 == hi / 9) : lo == hi;
          if (e.kind == EventKind::Chi)
            for (TileId a : m.tiles)
              for (TileId b : m.tiles)
                if (a != b && a / 4 == b / 4) ok = false;
          if (!ok) impossible("seat " + std::to_string(who) + " makes a " + meld_word(m.kind) + " of " + tiles_text(m.tiles, s.reds));
          p.melds.push(m);
        }
      }
      // Flags (Tenhou): any call ends nagashi of the discarder whose tile it takes.
      if (from_discard && s.last_discarder >= 0) s.seats[static_cast<std::size_t>(s.last_discarder)].nagashi = false;
      s.any_call = true;
      if (e.kind == EventKind::Kakan) {
        s.kakan_pending = true;  // robbed (chankan) or completed at the replacement draw
      } else {
        for (Seat& q : s.seats) q.ippatsu = false;  // any call, closed kans included, ends every ippatsu
      }
      if (e.kind == EventKind::Daiminkan || e.kind == EventKind::Ankan || e.kind == EventKind::Kakan || e.kind == EventKind::Kita)
        p.kan_draw_pending = true;  // a kita too is replaced from the dead wall
      if (e.kind == EventKind::Kita) ++p.kita;
      break;
    }
    case EventKind::Dora: {
      if (track) {
        if (e.tile >= kTileIds) impossible("a dora indicator that is not a tile");
        if (s.used.has(e.tile)) impossible("the new dora indicator " + s.words(e.tile) + " is already in play");
        if (s.dora.size() >= 5) impossible("a sixth dora indicator");
        s.used.add(e.tile);
      }
      if (s.dora.size() < 5) s.dora.push(e.tile);
      break;
    }
  }
  if (e.kind != EventKind::Dora && e.kind != EventKind::Reach && e.kind != EventKind::ReachAccepted) {
    s.last_kind = e.kind;
    s.last_who = who;
    s.last_tile = e.kind == EventKind::Ankan && !e.consumed.empty() ? e.consumed[0] : e.tile;
  }
  s.any_event = true;
  next_.event(e);
}

namespace {

// The request's contract JSON (the keys and order the Python reader wrote).
void request_json(std::string& out, const RiichiRequest& r, const IdSet& hand, const SmallList<TrackedMeld, 4>& melds,
                  TileId win, const SmallList<TileId, 5>& dora, const SmallList<TileId, 5>& ura, bool reds,
                  const GameStart& game) {
  JsonTextWriter w(out);
  std::string text;
  w.begin_object();
  w.key("rules"); w.string("riichi");
  tiles_text(text, hand, reds);
  w.key("hand"); w.string(text);
  w.key("melds");
  w.begin_array();
  for (const TrackedMeld& m : melds) {
    text = meld_word(m.kind);
    text += ':';
    tiles_text(text, set_of(m.tiles), reds);
    w.string(text);
  }
  w.end_array();
  text.clear();
  {
    IdSet one;
    one.add(win);
    tiles_text(text, one, reds);
  }
  w.key("win_tile"); w.string(text);
  w.key("tsumo"); w.boolean(r.tsumo);
  static constexpr const char* kWind[4] = {"E", "S", "W", "N"};
  w.key("seat_wind"); w.string(kWind[static_cast<int>(r.seat_wind)]);
  w.key("round_wind"); w.string(kWind[static_cast<int>(r.round_wind)]);
  w.key("riichi"); w.boolean(r.riichi);
  w.key("double_riichi"); w.boolean(r.double_riichi);
  w.key("ippatsu"); w.boolean(r.ippatsu);
  w.key("rinshan"); w.boolean(r.rinshan);
  w.key("chankan"); w.boolean(r.chankan);
  w.key("haitei"); w.boolean(r.haitei);
  w.key("houtei"); w.boolean(r.houtei);
  w.key("tenhou"); w.boolean(r.tenhou);
  w.key("chiihou"); w.boolean(r.chiihou);
  w.key("dora_indicators"); w.string(tiles_text(dora, reds));
  w.key("ura_indicators"); w.string(tiles_text(ura, reds));
  w.key("honba"); w.integer(r.honba);
  w.key("riichi_sticks"); w.integer(r.riichi_sticks);
  w.key("options");
  w.begin_object();
  w.key("preset"); w.string(game.preset);
  w.key("red_fives"); w.boolean(game.red_fives);
  w.key("open_tanyao"); w.boolean(game.open_tanyao);
  w.end_object();
  if (r.players == 3) {
    w.key("players"); w.integer(3);
    w.key("kita"); w.integer(r.kita);
  }
  w.end_object();
}

bool same_yaku(const std::vector<std::pair<std::string, int>>& ours, const std::vector<std::pair<std::string, int>>& theirs) {
  // Tenhou counts three-player kita (nukidora) under its dora id.
  std::vector<std::pair<std::string, int>> a, b;
  auto add = [](std::vector<std::pair<std::string, int>>& to, const std::string& key, int han) {
    if (!han) return;
    const std::string& k = key == "kita" ? std::string("dora") : key;
    for (auto& [kk, v] : to)
      if (kk == k) {
        v += han;
        return;
      }
    to.emplace_back(k, han);
  };
  for (const auto& [k, v] : ours) add(a, k, v);
  for (const auto& [k, v] : theirs) add(b, k, v);
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  return a == b;
}

}  // namespace

void Replayer::hand_end(const RecordedHandEnd& recorded, const ReplayedHandEnd*) {
  State& s = *s_;
  ReplayedHandEnd ours;
  ours.hand_index = std::max(s.hand_index, 0);
  ours.honba = s.hand.honba;
  ours.deposits = s.hand.deposits + s.accepted;
  const bool track = s.dealt;
  if (track && !s.open) impossible("a hand end after the hand's end (no new hand started)");
  const int n = s.players;

  std::vector<RiichiResult> results;  // one per recorded win
  results.reserve(recorded.wins.size());
  for (const RecordedWin& rw : recorded.wins) {
    ReplayedWin o;
    o.winner = rw.winner;
    o.from = rw.from;
    o.pao = rw.pao;
    if (rw.winner < 0 || rw.winner >= n || rw.from < 0 || rw.from >= n) impossible("a win of a seat out of range", rw.event);
    Seat& p = s.seats[static_cast<std::size_t>(rw.winner)];
    const bool tsumo = rw.winner == rw.from;
    IdSet hand;
    SmallList<TrackedMeld, 4> melds;
    int kita = 0;
    TileId win = kNoTile;
    SmallList<TileId, 5> dora;
    if (track) {
      // The winning tile: the winner's draw, or what the payer just gave up.
      if (tsumo) {
        if (s.last_kind != EventKind::Draw || s.last_who != rw.winner)
          impossible("seat " + std::to_string(rw.winner) + " wins by tsumo, but its draw is not the last event", rw.event);
        win = p.last_draw;
      } else {
        if (s.last_who != rw.from ||
            (s.last_kind != EventKind::Discard && s.last_kind != EventKind::Kakan && s.last_kind != EventKind::Ankan &&
             s.last_kind != EventKind::Kita))
          impossible("seat " + std::to_string(rw.winner) + " wins by ron on seat " + std::to_string(rw.from) +
                         ", whose last move is not a discard, an added or closed kan, or a kita", rw.event);
        win = s.last_tile;
        if (win >= kTileIds) impossible("a ron on an unknown tile", rw.event);
        // A closed kan robbed (thirteen orphans): the record says which copy.
        if (s.last_kind == EventKind::Ankan && rw.win_tile != kNoTile && rw.win_tile / 4 == win / 4) win = rw.win_tile;
        if (p.count != s.full(p) - 1)
          impossible("seat " + std::to_string(rw.winner) + " wins by ron with " + std::to_string(p.count) + " tiles in hand", rw.event);
      }
      hand = p.hand;
      if (!tsumo) hand.add(win);
      melds = p.melds;
      kita = p.kita;
      dora = s.dora;
      if (rw.win_tile != kNoTile && !s.same(rw.win_tile, win))
        impossible("the winning tile is " + s.words(win) + ", the record says " + s.words(rw.win_tile), rw.event);
      // The hand the record shows must be the tracked one.
      if (rw.has_shown_hand) {
        IdSet shown;
        for (TileId t : rw.shown_hand) shown.add(t);
        if (shown != hand) {
          std::string ours_text, theirs;
          tiles_text(ours_text, hand, s.reds);
          tiles_text(theirs, shown, s.reds);
          impossible("the winner's tracked hand is " + ours_text + ", the record shows " + theirs, rw.event);
        }
        bool same = rw.shown_melds.size() == melds.size() && rw.shown_kita == kita;
        for (const ShownMeld& sm : rw.shown_melds) {
          bool found = false;
          for (const TrackedMeld& m : melds) found = found || (meld_kind(sm.kind) == m.kind && set_of(sm.tiles) == set_of(m.tiles));
          same = same && found;
        }
        if (!same) {
          std::string a, b;
          for (const TrackedMeld& m : melds) a += std::string(a.empty() ? "" : " ") + meld_word(m.kind) + ":" + tiles_text(m.tiles, s.reds);
          for (const ShownMeld& m : rw.shown_melds)
            b += std::string(b.empty() ? "" : " ") + meld_word(meld_kind(m.kind)) + ":" + tiles_text(m.tiles, s.reds);
          impossible("the winner's tracked melds are [" + a + "] and " + std::to_string(kita) + " kita, the record shows [" + b +
                         "] and " + std::to_string(rw.shown_kita) + " kita", rw.event);
        }
      }
      if (!rw.dora_indicators.empty() && tiles_text(rw.dora_indicators, s.reds) != tiles_text(dora, s.reds))
        impossible("the dora indicators are " + tiles_text(dora, s.reds) + ", the record says " + tiles_text(rw.dora_indicators, s.reds),
                   rw.event);
    } else {  // no deal in the record: the hand it shows
      if (!rw.has_shown_hand || rw.win_tile == kNoTile) impossible("a win with neither a dealt hand nor a shown one", rw.event);
      for (TileId t : rw.shown_hand) hand.add(t);
      for (const ShownMeld& sm : rw.shown_melds) {
        TrackedMeld m;
        m.kind = meld_kind(sm.kind);
        m.tiles = sm.tiles;
        melds.push(m);
      }
      kita = rw.shown_kita;
      win = rw.win_tile;
      dora = rw.dora_indicators;
    }
    o.win_tile = win;
    o.tsumo = tsumo;
    o.riichi = p.riichi;

    RiichiRequest r;
    r.rules = s.rules;
    r.players = static_cast<std::uint8_t>(n);
    r.kita = static_cast<std::uint8_t>(kita);
    hand.each([&](TileId id) {
      ++r.hand[id / 4];
      if (is_red(id, s.reds)) ++r.hand_reds[static_cast<std::size_t>(id / 36)];
    });
    for (const TrackedMeld& m : melds) {
      Meld meld{m.kind, 255, 0};
      for (TileId t : m.tiles) {
        meld.tile = static_cast<Tile>(std::min<int>(meld.tile, t / 4));
        meld.reds = static_cast<std::uint8_t>(meld.reds + is_red(t, s.reds));
      }
      r.melds.push(meld);
    }
    r.win_tile = static_cast<Tile>(win / 4);
    r.win_red = is_red(win, s.reds);
    r.tsumo = tsumo;
    r.seat_wind = static_cast<Wind>((rw.winner - s.hand.dealer + n) % n);
    r.round_wind = static_cast<Wind>(s.hand.round_wind & 3);
    const bool first_turn = !s.any_call && !p.discarded;
    r.riichi = p.riichi;
    r.double_riichi = p.double_riichi;
    r.ippatsu = p.riichi && p.ippatsu;
    r.rinshan = tsumo && p.last_draw_rinshan;
    r.chankan = !tsumo && (s.last_kind == EventKind::Kakan || s.last_kind == EventKind::Ankan) && s.last_who == rw.from;
    r.haitei = tsumo && p.last_draw_was_last_tile;
    r.houtei = !tsumo && s.last_kind == EventKind::Discard && s.last_discard_after_wall_end;
    r.tenhou = tsumo && first_turn && rw.winner == s.hand.dealer;
    r.chiihou = tsumo && first_turn && rw.winner != s.hand.dealer;
    for (TileId d : dora) r.dora_indicators.push(static_cast<Tile>(d / 4));
    SmallList<TileId, 5> ura;
    if (p.riichi)
      for (TileId u : rw.ura_indicators) {
        ura.push(u);
        r.ura_indicators.push(static_cast<Tile>(u / 4));
      }
    o.ura_indicators = ura;
    r.honba = s.hand.honba;
    r.riichi_sticks = s.hand.deposits + s.accepted;

    RiichiResult& res = s.result;
    try {
      check_riichi_flags(r);
      score_riichi_into(r, res);
    } catch (const InputError& e) {
      res = RiichiResult::failure(ErrorCode::InvalidInput, e.what(), e.reason(), e.field());
    }
    if (with_json_) {
      request_json(o.request_json, r, hand, melds, win, dora, ura, s.reds, s.game);
      result_to_text(res, o.result_json);
    }
    o.ok = res.ok;
    if (!res.ok) {
      o.error = res.error->text();
      o.agree = false;
    } else {
      o.han = res.han;
      o.fu = res.fu;
      o.yakuman = res.yakuman;
      if (const char* limit = limit_name(res.payments.limit)) o.limit = limit;
      o.points = res.payments.hand_value;
      o.total = res.payments.total;
      for (const YakuEntry& y : res.yaku) {
        o.yaku.emplace_back(std::string(yaku_info(y.yaku).key), y.han);
        if (y.yaku == Yaku::Dora || y.yaku == Yaku::AkaDora || y.yaku == Yaku::UraDora || y.yaku == Yaku::Kita) o.dora += y.han;
      }
      o.fu_details = res.fu_details;
      if (rw.has_score) {
        // Tenhou writes kazoe yakuman with the yakuman limit code.
        const std::string limit = o.limit == "kazoe_yakuman" ? "yakuman" : o.limit;
        // fu 0: not stated (tenhou.net/6 writes none for a limit hand).
        o.agree = o.han == rw.han && (rw.fu == 0 || o.fu == rw.fu) && o.points == rw.points && limit == rw.limit &&
                  same_yaku(o.yaku, rw.yaku);
      }
    }
    results.push_back(res);
    ours.wins.push_back(std::move(o));
  }

  // Settlement: the wins together, or the draw's payments.
  Settlement st;
  st.players = n;
  st.dealer = s.hand.dealer;
  st.honba = s.hand.honba;
  st.deposits = s.hand.deposits + s.accepted;
  std::string not_scored;
  if (!recorded.wins.empty()) {
    st.end = HandEnd::Win;
    std::vector<std::size_t> order(recorded.wins.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    // In turn order after the discarder (settle() gives the honba and deposits to the first).
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      const RecordedWin& x = recorded.wins[a];
      const RecordedWin& y = recorded.wins[b];
      return (x.winner - x.from + n) % n < (y.winner - y.from + n) % n;
    });
    for (std::size_t i : order) {
      const ReplayedWin& o = ours.wins[i];
      if (!o.ok) {
        if (not_scored.empty()) not_scored = "seat " + std::to_string(o.winner) + "'s win is not scored: " + o.error;
        continue;
      }
      SettledWin w;
      w.winner = o.winner;
      w.from = o.from;
      w.payments = results[i].payments;
      w.yakuman = results[i].yakuman;
      if (o.pao >= 0 && o.pao != o.winner) {
        w.pao = o.pao;
        w.pao_yakuman = liable_yakuman(results[i], s.rules);
        if (!w.pao_yakuman) w.pao = -1;
      }
      st.wins.push_back(w);
    }
  } else {
    switch (recorded.draw.kind) {
      case DrawKind::Exhaustive: st.end = HandEnd::Draw; break;
      case DrawKind::NagashiMangan: st.end = HandEnd::NagashiMangan; break;
      default: st.end = HandEnd::Abortive; break;
    }
    if (recorded.draw.has_tenpai)
      for (int i = 0; i < n; ++i)
        if (recorded.draw.tenpai[static_cast<std::size_t>(i)]) st.tenpai.push_back(i);
    if (st.end == HandEnd::NagashiMangan)
      for (int i = 0; i < n; ++i) {
        const Seat& q = s.seats[static_cast<std::size_t>(i)];
        if (q.nagashi && q.discarded) st.nagashi.push_back(i);
      }
    ours.tenpai = st.tenpai;
    ours.nagashi = st.nagashi;
  }
  if (!not_scored.empty()) {
    ours.settle_error = not_scored;
  } else {
    try {
      const SettlementResult sr = settle(st, s.rules);
      ours.settled = true;
      for (int i = 0; i < n && static_cast<std::size_t>(i) < sr.deltas.size(); ++i) ours.deltas[static_cast<std::size_t>(i)] = sr.deltas[static_cast<std::size_t>(i)];
      // Per win: the settled wins are st.wins in order; paid_wins index into them.
      for (std::size_t k = 0; k < sr.paid_wins.size(); ++k) {
        const SettledWin& w = st.wins[static_cast<std::size_t>(sr.paid_wins[k])];
        for (ReplayedWin& o : ours.wins)
          if (o.winner == w.winner)
            for (int i = 0; i < n; ++i) o.deltas[static_cast<std::size_t>(i)] = sr.per_win[k][static_cast<std::size_t>(i)];
      }
    } catch (const InputError& e) {
      ours.settle_error = e.what();
    }
  }

  // Agreement with the record.
  bool agree = true;
  for (std::size_t i = 0; i < ours.wins.size(); ++i) {
    ReplayedWin& o = ours.wins[i];
    const RecordedWin& rw = recorded.wins[i];
    if (rw.has_deltas && (!ours.settled || o.deltas != rw.deltas)) o.agree = false;
    agree = agree && o.agree;
    ++summary_.wins;
    summary_.wins_agree += o.agree;
  }
  if (recorded.has_deltas && (!ours.settled || ours.deltas != recorded.deltas)) agree = false;
  if (!ours.settled) agree = false;
  ours.agree = agree;
  ++summary_.hands;
  summary_.hands_agree += agree;
  if (track) s.open = false;
  next_.hand_end(recorded, &ours);
}

void Replayer::game_end(const std::array<std::int64_t, 4>* final_scores) { next_.game_end(final_scores); }

}  // namespace tenbou::records
