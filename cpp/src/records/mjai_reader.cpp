// The mjai JSON Lines reader: libriichi's dialect (Equim-chan/Mortal libriichi/src/mjai/event.rs
// gives every field's type: actors 0-3, kyoku 1-4, honba/kyotaku 0-255, scores and deltas 32-bit,
// tehais 4 x 13 tiles, dahai's tsumogiri required; unknown fields ignored, unknown types refused)
// and, for three players, RiichiEnv's: three-entry scores/tehais/deltas and
// {"type":"kita","actor":A,"pai":"N"} (pai optional, as RiichiEnv's own reader takes it).
//
// mjai names tiles by kind; the reader gives each one a physical id (TileAllocator) and tracks
// every seat's concealed tiles so that a discard or a call names the very tiles the seat holds.
// What mjai leaves out it derives: the reason of a draw (RiichiEnv's "reason" when present) and
// the liable seat of a win from its deltas. Every error is one line naming the line and what is
// wrong; errors of the replay behind it get the line too.
#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/limits.hpp"
#include "records/mjai.hpp"
#include "tenbou/error.hpp"
#include "tenbou/json.hpp"
#include "tenbou/shanten.hpp"

namespace tenbou::records {
namespace mjai {

namespace {

const char* json_type_word(const Json& v) {
  switch (v.type()) {
    case Json::Type::Null: return "null";
    case Json::Type::Bool: return "true/false";
    case Json::Type::Int: return "an integer";
    case Json::Type::BigInt: return "an integer too large";
    case Json::Type::Double: return "a number with a fraction or exponent";
    case Json::Type::String: return "a string";
    case Json::Type::Array: return "an array";
    case Json::Type::Object: return "an object";
  }
  return "a value";
}

bool terminal_or_honour(int kind) { return kind >= 27 || kind % 9 == 0 || kind % 9 == 8; }

// A field's name in a message ("tehais[2][5]"), put together only when a message needs it.
struct Key {
  const char* base;
  int i = -1, j = -1;
  Key(const char* b) : base(b) {}  // NOLINT: a plain field name
  Key(const char* b, std::size_t at) : base(b), i(static_cast<int>(at)) {}
  Key(const char* b, std::size_t at, std::size_t at2) : base(b), i(static_cast<int>(at)), j(static_cast<int>(at2)) {}
  Key(const char* b, int at) : base(b), i(at) {}
  std::string str() const {
    std::string s = base;
    if (i >= 0) s += "[" + std::to_string(i) + "]";
    if (j >= 0) s += "[" + std::to_string(j) + "]";
    return s;
  }
};

enum class Phase : std::uint8_t { NoGame, BetweenHands, InHand, HandOver };

struct Seat {
  SmallList<TileId, 14> held;  // concealed tiles
  TileId last_draw = kNoTile;
  std::vector<std::array<TileId, 3>> pons;
  bool riichi = false;          // declared (accepted or not)
  bool riichi_accepted = false;
  bool nagashi = true;          // every discard a terminal or honour, none called away
  int kans = 0;
  int melds = 0;
  TileCounts in_melds{};        // copies of each kind in the seat's melds
};

}  // namespace

struct LineReader::Impl {
  std::string source;
  GameSink& sink;
  long line_no = 0;
  std::string type;  // the current line's event type (messages)

  Phase phase = Phase::NoGame;
  int games = 0;
  bool game_announced = false;  // game_start sent (at the first start_kyoku: the player count)
  GameStart game;
  bool names_given = false;
  int names_count = 0;
  int players = 0;              // 0 until the first start_kyoku

  // The hand being read.
  TileAllocator alloc;
  std::array<Seat, 4> seats;
  int draws = 0;                // every tsumo, replacement draws included
  int discards = 0;             // dahai of the hand
  bool called = false;          // any chi/pon/kan/kita so far (the first go-around ends)
  int first_wind = -1;          // four winds: the kind of the first discards while it can be
  int kans = 0;
  long kan_seats = 0;           // bit per seat that declared a kan
  TileId last_discard = kNoTile;
  int last_discarder = -1;
  bool discard_open = false;    // the last discard can still be called
  enum class Last : std::uint8_t { Other, Tsumo, Dahai } last = Last::Other;
  std::vector<TileId> ura;       // the hand's ura indicators (a double ron repeats them)
  std::vector<std::string> ura_names;
  RecordedHandEnd end;
  bool has_draw = false;
  long hand_line = 0;

  Impl(std::string src, GameSink& s) : source(std::move(src)), sink(s) {}

  [[noreturn]] void fail(const std::string& attribute, const std::string& what) const {
    std::string m = source + ": line " + std::to_string(line_no);
    if (!type.empty()) m += " " + type;
    if (!attribute.empty()) m += " " + attribute;
    m += ": " + what;
    throw RecordError{m, line_no, type, attribute};
  }
  [[noreturn]] void fail_at(const Key& key, const std::string& what) const { fail(key.str(), what); }

  // ---- fields, typed as event.rs declares them ----
  const Json& need(const Json& o, const char* key) const {
    const Json* v = o.find(key);
    if (!v) fail(key, "missing");
    return *v;
  }
  std::int64_t integer(const Json& v, const Key& key, std::int64_t lo, std::int64_t hi, const char* what) const {
    if (v.type() != Json::Type::Int) fail_at(key, std::string("must be ") + what + ", not " + json_type_word(v));
    if (v.as_int() < lo || v.as_int() > hi) {
      fail_at(key, std::string("must be ") + what + ", not " + std::to_string(v.as_int()));
    }
    return v.as_int();
  }
  int u8(const Json& o, const char* key) const {
    return static_cast<int>(integer(need(o, key), key, 0, 255, "an integer 0-255"));
  }
  std::int64_t i32(const Json& v, const Key& key) const {
    return integer(v, key, INT32_MIN, INT32_MAX, "a 32-bit integer");
  }
  int seat(const Json& o, const char* key) const {
    const Json& v = need(o, key);
    const int top = players ? players - 1 : 3;
    if (v.type() == Json::Type::Int && v.as_int() >= 0 && v.as_int() <= top) return static_cast<int>(v.as_int());
    const std::string what = "a seat 0-" + std::to_string(top);
    return static_cast<int>(integer(v, key, 0, top, what.c_str()));
  }
  bool boolean(const Json& o, const char* key) const {
    const Json& v = need(o, key);
    if (v.type() != Json::Type::Bool) fail(key, std::string("must be true or false, not ") + json_type_word(v));
    return v.as_bool();
  }
  const std::vector<Json>& array(const Json& v, const Key& key, std::size_t n) const {
    if (v.type() != Json::Type::Array) fail_at(key, std::string("must be an array, not ") + json_type_word(v));
    if (n && v.items().size() != n) {
      fail_at(key, "must have " + std::to_string(n) + " entries, not " + std::to_string(v.items().size()));
    }
    return v.items();
  }
  TileName tile(const Json& v, const Key& key) const {
    if (v.type() != Json::Type::String) fail_at(key, std::string("must be a tile name, not ") + json_type_word(v));
    const TileName t = parse_tile(v.as_string());
    if (t.kind == kBadTile) fail_at(key, "\"" + echo(v.as_string()) + "\" is not an mjai tile (1m-9m, 1p-9p, 1s-9s, E S W N P F C, 5mr 5pr 5sr)");
    if (t.kind == kHiddenTile) fail_at(key, "\"?\" (a hidden tile): the record must show every tile to be replayed");
    if (t.red && !game.red_fives) fail_at(key, "\"" + v.as_string() + "\" in a game without red fives (aka_flag false)");
    return t;
  }
  static std::string name(TileName t) {
    static constexpr const char* reds[3] = {"5mr", "5pr", "5sr"};
    if (t.red) return reds[t.kind / 9];
    return std::string(tile_name(static_cast<TileId>(t.kind * 4 + 1), false));
  }
  static bool matches(TileId id, TileName t, bool red_fives) {
    return kind_of(id) == t.kind && is_red(id, red_fives) == t.red;
  }
  // A new physical tile of that name (a draw, an indicator, a dealt tile): never a fifth copy.
  TileId fresh(TileName t, const Key& key) {
    const TileId id = alloc.take(t.kind, t.red, game.red_fives);
    if (id == kNoTile) {
      fail_at(key, t.red ? "a second " + name(t) + " in the hand" : "a fifth " + name(t) + " in the hand (four copies are already in play)");
    }
    return id;
  }
  // Takes a tile of that name out of a seat's concealed tiles. prefer: the id to take when it
  // matches (the tile just drawn for a tsumogiri); avoid: one to take only if nothing else does.
  TileId take(int who, TileName t, const Key& key, TileId prefer = kNoTile, TileId avoid = kNoTile) {
    SmallList<TileId, 14>& held = seats[who].held;
    int at = -1;
    for (int i = 0; i < held.count; ++i) {
      const TileId id = held.items[i];
      if (!matches(id, t, game.red_fives)) continue;
      if (id == prefer) { at = i; break; }
      if (at < 0 || held.items[at] == avoid) at = i;
    }
    if (at < 0) fail_at(key, name(t) + " is not in seat " + std::to_string(who) + "'s hand");
    const TileId id = held.items[at];
    for (int i = at; i + 1 < held.count; ++i) held.items[i] = held.items[i + 1];
    --held.count;
    return id;
  }
  void give(int who, TileId id) {
    SmallList<TileId, 14>& held = seats[who].held;
    if (held.count >= 14) fail("", "seat " + std::to_string(who) + " would hold more than 14 tiles");
    held.push(id);
  }

  // ---- the sink, with the line named in the replay's errors ----
  template <typename F>
  void pass(F&& call) {
    try {
      call();
    } catch (const RecordError& e) {
      // A win's error names the line of its hora (the replay scores the wins at end_kyoku).
      if (e.event >= 0) {
        const std::string tag = e.tag.empty() ? "hora" : e.tag;
        throw RecordError{source + ": line " + std::to_string(e.event) + " " + tag + ": " + e.message, e.event, tag, e.attribute};
      }
      fail(e.attribute, e.message);
    } catch (const InputError& e) {
      fail(e.field(), e.detail());
    }
  }
  void emit(const Event& e) { pass([&] { sink.event(e); }); }

  // ---- events ----
  void start_game(const Json& o) {
    if (phase == Phase::InHand || phase == Phase::HandOver) fail("", "start_game inside a hand (line " + std::to_string(hand_line) + " has no end_kyoku)");
    if (phase == Phase::BetweenHands) fail("", "start_game before the end_game of the game before");
    game = GameStart{};
    game.format = Format::Mjai;
    game.source = games ? source + "#" + std::to_string(games) : source;
    game.preset = "tenhou";
    names_given = false;
    names_count = 0;
    if (const Json* names = o.find("names")) {
      if (names->type() != Json::Type::Null) {
        const auto& items = array(*names, "names", 0);
        if (items.size() != 4 && items.size() != 3) fail("names", "must have 4 entries (3 in a three-player game), not " + std::to_string(items.size()));
        for (std::size_t i = 0; i < items.size(); ++i) {
          if (items[i].type() != Json::Type::String) fail("names[" + std::to_string(i) + "]", std::string("must be a string, not ") + json_type_word(items[i]));
          game.names[i] = items[i].as_string();
        }
        names_given = true;
        names_count = static_cast<int>(items.size());
      }
    }
    if (const Json* seed = o.find("seed")) {
      if (seed->type() != Json::Type::Null) {
        const auto& items = array(*seed, "seed", 2);
        for (std::size_t i = 0; i < 2; ++i) {
          if (items[i].type() != Json::Type::Int || items[i].as_int() < 0) {
            fail("seed[" + std::to_string(i) + "]", std::string("must be an unsigned 64-bit integer, not ") + json_type_word(items[i]));
          }
        }
      }
    }
    // mjai-reviewer's converter adds aka_flag (akochan's): a game without red fives says false.
    if (const Json* aka = o.find("aka_flag")) {
      if (aka->type() != Json::Type::Bool) fail("aka_flag", std::string("must be true or false, not ") + json_type_word(*aka));
      game.red_fives = aka->as_bool();
    }
    ++games;
    game_announced = false;
    players = 0;
    phase = Phase::BetweenHands;
  }

  void start_kyoku(const Json& o) {
    if (phase == Phase::NoGame) fail("", "start_kyoku before start_game");
    if (phase != Phase::BetweenHands) fail("", "start_kyoku inside a hand (line " + std::to_string(hand_line) + " has no end_kyoku)");
    const Json& scores_v = need(o, "scores");
    const auto& scores = array(scores_v, "scores", 0);
    const int n = static_cast<int>(scores.size());
    if (n != 4 && n != 3) fail("scores", "must have 4 entries (3 in a three-player game), not " + std::to_string(n));
    if (players == 0) {
      if (names_given && n == 4 && names_count != 4) fail("scores", "4 scores in a game of 3 names");
      players = n;
    } else if (n != players) {
      fail("scores", "must have " + std::to_string(players) + " entries like the game's first hand, not " + std::to_string(n));
    }
    HandStart h;
    const TileName bakaze = tile(need(o, "bakaze"), "bakaze");
    if (bakaze.kind < 27 || bakaze.kind > 30) fail("bakaze", "must be a wind (E S W N), not " + name(bakaze));
    h.round_wind = bakaze.kind - 27;
    const int top = players == 3 ? 3 : 4;  // RiichiEnv's three-player kyoku is oya + 1
    h.round_number = static_cast<int>(integer(need(o, "kyoku"), "kyoku", 1, top, (std::string("an integer 1-") + std::to_string(top)).c_str())) - 1;
    h.honba = u8(o, "honba");
    h.deposits = u8(o, "kyotaku");
    h.dealer = seat(o, "oya");
    for (int i = 0; i < n; ++i) h.scores[i] = i32(scores[i], Key("scores", i));
    // Tiles: the indicator, then every dealt tile, each a distinct physical id.
    alloc.reset();
    for (Seat& s : seats) s = Seat{};
    const TileName marker = tile(need(o, "dora_marker"), "dora_marker");
    const auto& tehais = array(need(o, "tehais"), "tehais", static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
      const auto& hand = array(tehais[i], Key("tehais", i), 13);
      for (std::size_t j = 0; j < 13; ++j) {
        const Key k("tehais", static_cast<std::size_t>(i), j);
        const TileId id = fresh(tile(hand[j], k), k);
        h.hands[i].push(id);
        seats[i].held.push(id);
      }
    }
    h.dora_indicator = fresh(marker, "dora_marker");
    draws = discards = kans = 0;
    kan_seats = 0;
    called = false;
    first_wind = -1;
    last_discard = kNoTile;
    last_discarder = -1;
    discard_open = false;
    last = Last::Other;
    ura.clear();
    ura_names.clear();
    end = RecordedHandEnd{};
    has_draw = false;
    hand_line = line_no;
    if (!game_announced) {
      game.players = players;
      pass([&] { sink.game_start(game); });
      game_announced = true;
    }
    pass([&] { sink.hand_start(h); });
    phase = Phase::InHand;
  }

  void in_hand() const {
    if (phase == Phase::NoGame) fail("", type + " before start_game");
    if (phase == Phase::BetweenHands) fail("", type + " outside a hand (no start_kyoku before it)");
    if (phase == Phase::HandOver) fail("", type + " after the hand ended (a hora or ryukyoku came before it)");
  }

  void take_call(const Json& o, EventKind kind, std::size_t n) {
    Event e;
    e.kind = kind;
    e.actor = static_cast<std::int8_t>(seat(o, "actor"));
    e.target = static_cast<std::int8_t>(seat(o, "target"));
    const TileName pai = tile(need(o, "pai"), "pai");
    const auto& consumed = array(need(o, "consumed"), "consumed", n);
    std::array<TileName, 3> c{};
    for (std::size_t i = 0; i < n; ++i) c[i] = tile(consumed[i], Key("consumed", i));
    if (kind == EventKind::Chi && players == 3) fail("", "chi in a three-player game");
    if (e.target == e.actor) fail("target", "a seat calls its own discard");
    if (!discard_open || e.target != last_discarder) {
      fail("target", last_discarder < 0 || !discard_open ? "no discard to call" : "the last discard is seat " + std::to_string(last_discarder) + "'s, not seat " + std::to_string(e.target) + "'s");
    }
    if (!matches(last_discard, pai, game.red_fives)) fail("pai", name(pai) + " is not the tile discarded (" + std::string(tile_name(last_discard, game.red_fives)) + ")");
    if (kind == EventKind::Chi) {
      if (e.target != (e.actor + players - 1) % players) fail("target", "chi from seat " + std::to_string(e.target) + ", not the seat before");
      std::array<int, 3> k{pai.kind, c[0].kind, c[1].kind};
      std::sort(k.begin(), k.end());
      if (k[0] >= 27 || k[0] / 9 != k[2] / 9 || k[1] != k[0] + 1 || k[2] != k[0] + 2) fail("consumed", "not a run with the called tile");
    } else {
      for (std::size_t i = 0; i < n; ++i) {
        if (c[i].kind != pai.kind) fail("consumed", "not " + std::to_string(n) + " tiles of the called tile's kind");
      }
    }
    e.tile = last_discard;
    for (std::size_t i = 0; i < n; ++i) e.consumed.push(take(e.actor, c[i], Key("consumed", i)));
    seats[last_discarder].nagashi = false;
    ++seats[e.actor].melds;
    ++seats[e.actor].in_melds[static_cast<std::size_t>(pai.kind)];
    for (std::size_t i = 0; i < n; ++i) ++seats[e.actor].in_melds[static_cast<std::size_t>(c[i].kind)];
    if (kind == EventKind::Pon) seats[e.actor].pons.push_back({e.consumed[0], e.consumed[1], e.tile});
    if (kind == EventKind::Daiminkan) kan(e.actor);
    called = true;
    discard_open = false;
    seats[e.actor].last_draw = kNoTile;
    emit(e);
  }

  void kan(int who) {
    ++kans;
    kan_seats |= 1L << who;
    ++seats[who].kans;
  }

  void hora(const Json& o) {
    RecordedWin w;
    w.event = line_no;
    w.winner = seat(o, "actor");
    w.from = seat(o, "target");
    if (const Json* d = o.find("deltas"); d && !d->is_null()) {
      const auto& items = array(*d, "deltas", static_cast<std::size_t>(players));
      for (int i = 0; i < players; ++i) w.deltas[i] = i32(items[i], Key("deltas", i));
      w.has_deltas = true;
      // mjai names no liable seat: its deltas do. Ron: a seat besides the discarder pays;
      // tsumo: one seat pays for all.
      int payers = 0, payer = -1, other = -1;
      for (int i = 0; i < players; ++i) {
        if (i == w.winner || w.deltas[i] >= 0) continue;
        ++payers;
        payer = i;
        if (i != w.from) other = i;
      }
      if (w.from != w.winner && other >= 0) w.pao = other;
      if (w.from == w.winner && payers == 1 && players > 2) w.pao = payer;
    }
    if (const Json* u = o.find("ura_markers"); u && !u->is_null()) {
      const auto& items = array(*u, "ura_markers", 0);
      if (items.size() > 5) fail("ura_markers", "more than 5 indicators");
      for (std::size_t i = 0; i < items.size(); ++i) {
        const Key key("ura_markers", i);
        const TileName t = tile(items[i], key);
        // The same indicators on every hora of a hand (mjai-reviewer copies them): one tile each.
        if (i < ura.size()) {
          if (ura_names[i] != name(t)) fail_at(key, name(t) + " differs from the hand's earlier ura indicator " + ura_names[i]);
          w.ura_indicators.push(ura[i]);
          continue;
        }
        const TileId id = fresh(t, key);
        ura.push_back(id);
        ura_names.push_back(name(t));
        w.ura_indicators.push(id);
      }
      w.has_ura = true;
    }
    if (end.wins.empty()) end.event = line_no;
    end.wins.push_back(std::move(w));
  }

  // mjai does not say who was ready at a draw: a seat is tenpai (Tenhou) when one more tile
  // would complete its concealed tiles, that tile not one it holds all four of itself.
  bool tenpai(int who) const {
    const Seat& s = seats[who];
    TileCounts hand{};
    for (TileId id : s.held) ++hand[static_cast<std::size_t>(kind_of(id))];
    const int sets = 4 - s.melds;
    if (sets < 0) return false;
    for (int k = 0; k < 34; ++k) {
      const std::size_t i = static_cast<std::size_t>(k);
      if (hand[i] + s.in_melds[i] >= 4) continue;
      ++hand[i];
      const bool done = standard_draws_needed(hand, sets, players == 3) == 0 ||
                        (s.melds == 0 && (shanten_seven_pairs(hand, true) == -1 || shanten_thirteen_orphans(hand) == -1));
      --hand[i];
      if (done) return true;
    }
    return false;
  }

  DrawKind infer_draw() const {
    // Suucha riichi first: Mortal's arena writes one more tsumo before that ryukyoku.
    if (players == 4) {
      int riichi = 0;
      for (int i = 0; i < 4; ++i) riichi += seats[i].riichi;
      if (riichi == 4) return DrawKind::FourRiichi;
    }
    const int wall = players == 3 ? 55 : 70;  // live-wall draws, replacement draws included
    if (draws >= wall && last != Last::Tsumo) {
      for (int i = 0; i < players; ++i) {
        if (seats[i].nagashi && discards > 0) return DrawKind::NagashiMangan;
      }
      return DrawKind::Exhaustive;
    }
    if (last == Last::Tsumo) return DrawKind::NineTerminals;
    if (players == 4 && discards == 4 && !called && first_wind >= 0) return DrawKind::FourWinds;
    if (kans >= 4) return DrawKind::FourKans;
    if (last == Last::Dahai) return DrawKind::TripleRon;
    return DrawKind::Exhaustive;
  }

  void ryukyoku(const Json& o) {
    RecordedDraw& d = end.draw;
    end.event = line_no;
    if (const Json* v = o.find("deltas"); v && !v->is_null()) {
      const auto& items = array(*v, "deltas", static_cast<std::size_t>(players));
      for (int i = 0; i < players; ++i) d.deltas[i] = i32(items[i], Key("deltas", i));
      d.has_deltas = true;
    }
    d.kind = infer_draw();
    if (const Json* r = o.find("reason"); r && !r->is_null()) {  // RiichiEnv names it
      if (r->type() != Json::Type::String) fail("reason", std::string("must be a string, not ") + json_type_word(*r));
      if (!draw_from_reason(r->as_string(), d.kind)) fail("reason", "\"" + echo(r->as_string()) + "\" is not a draw reason RiichiEnv writes");
    }
    if (d.kind == DrawKind::Exhaustive || d.kind == DrawKind::NagashiMangan) {
      d.has_tenpai = true;
      for (int i = 0; i < players; ++i) d.tenpai[static_cast<std::size_t>(i)] = tenpai(i);
    }
    has_draw = true;
  }

  void end_kyoku() {
    if (phase != Phase::HandOver) {
      in_hand();
      fail("", "end_kyoku before the hand's hora or ryukyoku");
    }
    RecordedHandEnd& r = end;
    if (!r.wins.empty()) {
      r.has_deltas = true;
      for (const RecordedWin& w : r.wins) {
        if (!w.has_deltas) r.has_deltas = false;
        for (int i = 0; i < players; ++i) r.deltas[i] += w.deltas[i];
      }
      if (!r.has_deltas) r.deltas = {};
    } else if (has_draw && r.draw.has_deltas) {
      r.has_deltas = true;
      r.deltas = r.draw.deltas;
    }
    pass([&] { sink.hand_end(r, nullptr); });
    phase = Phase::BetweenHands;
  }

  void end_game() {
    if (phase == Phase::NoGame) fail("", "end_game before start_game");
    if (phase != Phase::BetweenHands) fail("", "end_game inside a hand (line " + std::to_string(hand_line) + " has no end_kyoku)");
    if (!game_announced) {
      game.players = names_count == 3 ? 3 : 4;
      pass([&] { sink.game_start(game); });
    }
    pass([&] { sink.game_end(nullptr); });
    phase = Phase::NoGame;
  }

  void tsumo(int actor, TileName t2) {
    Event e;
    e.kind = EventKind::Draw;
    e.actor = static_cast<std::int8_t>(actor);
    e.tile = fresh(t2, "pai");
    give(e.actor, e.tile);
    seats[e.actor].last_draw = e.tile;
    ++draws;
    discard_open = false;
    emit(e);
    last = Last::Tsumo;
  }

  void dahai(int actor, TileName t2, bool tsumogiri) {
    Event e;
    e.kind = EventKind::Discard;
    e.actor = static_cast<std::int8_t>(actor);
    e.tsumogiri = tsumogiri;
    Seat& s = seats[e.actor];
    if (e.tsumogiri) {
      if (s.last_draw == kNoTile) fail("tsumogiri", "true, but seat " + std::to_string(e.actor) + " has drawn no tile since its last discard or call");
      if (!matches(s.last_draw, t2, game.red_fives)) fail("tsumogiri", "true, but seat " + std::to_string(e.actor) + " drew " + std::string(tile_name(s.last_draw, game.red_fives)) + ", not " + name(t2));
      e.tile = take(e.actor, t2, "pai", s.last_draw);
    } else {
      e.tile = take(e.actor, t2, "pai", kNoTile, s.last_draw);
    }
    s.last_draw = kNoTile;
    if (!terminal_or_honour(t2.kind)) s.nagashi = false;
    // Four winds: the first four discards one wind, nothing called before them.
    if (discards == 0) first_wind = t2.kind >= 27 && t2.kind <= 30 ? t2.kind : -1;
    else if (discards < 4 && t2.kind != first_wind) first_wind = -1;
    ++discards;
    last_discard = e.tile;
    last_discarder = e.actor;
    discard_open = true;
    emit(e);
    last = Last::Dahai;
  }

  // Most lines are draws and discards written compactly, as libriichi and this writer write
  // them: those are read without building a JSON tree. Anything else (other spacing or key
  // order, a value out of range) takes the general path, which gives the errors.
  bool fast_line(std::string_view t) {
    static constexpr std::string_view kTsumo = R"({"type":"tsumo","actor":)";
    static constexpr std::string_view kDahai = R"({"type":"dahai","actor":)";
    static constexpr std::string_view kPai = R"(,"pai":")";
    if (phase != Phase::InHand || t.size() < kTsumo.size() + 1) return false;
    const bool is_tsumo = t.substr(0, kTsumo.size()) == kTsumo;
    if (!is_tsumo && t.substr(0, kDahai.size()) != kDahai) return false;
    std::size_t p = kTsumo.size();
    const int actor = t[p] - '0';
    if (actor < 0 || actor >= players) return false;
    ++p;
    if (t.substr(p, kPai.size()) != kPai) return false;
    p += kPai.size();
    const std::size_t q = t.find('"', p);
    if (q == std::string_view::npos || q - p > 3) return false;
    const TileName tn = parse_tile(t.substr(p, q - p));
    if (tn.kind < 0 || (tn.red && !game.red_fives)) return false;
    const std::string_view rest = t.substr(q + 1);
    if (is_tsumo) {
      if (rest != "}") return false;
      type = "tsumo";
      tsumo(actor, tn);
      return true;
    }
    bool tsumogiri;
    if (rest == R"(,"tsumogiri":true})") tsumogiri = true;
    else if (rest == R"(,"tsumogiri":false})") tsumogiri = false;
    else return false;
    type = "dahai";
    dahai(actor, tn, tsumogiri);
    return true;
  }

  void line(std::string_view text) {
    ++line_no;
    type.clear();
    if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
    if (text.size() > kMaxLineBytes) fail("", "longer than " + std::to_string(kMaxLineBytes) + " bytes");
    std::size_t i = 0;
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    if (i == text.size()) return;  // a blank line (a trailing newline, a gap between games)
    if (fast_line(text)) return;
    Json o;
    try {
      o = Json::parse(text);
    } catch (const InputError& e) {
      fail("", e.detail());
    }
    if (o.type() != Json::Type::Object) fail("", std::string("an mjai event is a JSON object, not ") + json_type_word(o));
    const Json* t = o.find("type");
    if (!t) fail("type", "missing");
    if (t->type() != Json::Type::String) fail("type", std::string("must be a string, not ") + json_type_word(*t));
    type = t->as_string();
    if (type.size() > 40) type = echo(type.substr(0, 40));
    const std::string& ty = t->as_string();
    if (ty == "none") return;  // a "pass" reaction: never part of a game
    if (ty == "start_game") return start_game(o);
    if (ty == "start_kyoku") return start_kyoku(o);
    if (ty == "end_kyoku") return end_kyoku();
    if (ty == "end_game") return end_game();
    if (ty == "hora") {
      if (phase == Phase::HandOver && has_draw) fail("", "hora after the hand's ryukyoku");
      if (phase != Phase::HandOver) in_hand();
      hora(o);
      phase = Phase::HandOver;
      return;
    }
    if (ty == "ryukyoku") {
      if (phase == Phase::HandOver) fail("", has_draw ? "a second ryukyoku in the hand" : "ryukyoku after the hand's hora");
      in_hand();
      ryukyoku(o);
      phase = Phase::HandOver;
      return;
    }
    static constexpr std::string_view known[] = {"tsumo", "dahai", "chi", "pon", "daiminkan", "kakan", "ankan", "kita", "dora", "reach", "reach_accepted"};
    if (std::find(std::begin(known), std::end(known), ty) == std::end(known)) {
      fail("type", "\"" + echo(ty) + "\" is not an mjai event type");
    }
    in_hand();
    Event e;
    if (ty == "tsumo") {
      const int actor = seat(o, "actor");
      return tsumo(actor, tile(need(o, "pai"), "pai"));
    }
    if (ty == "dahai") {
      const int actor = seat(o, "actor");
      const TileName t2 = tile(need(o, "pai"), "pai");
      return dahai(actor, t2, boolean(o, "tsumogiri"));
    }
    last = Last::Other;
    if (ty == "chi") return take_call(o, EventKind::Chi, 2);
    if (ty == "pon") return take_call(o, EventKind::Pon, 2);
    if (ty == "daiminkan") return take_call(o, EventKind::Daiminkan, 3);
    if (ty == "kakan") {
      e.kind = EventKind::Kakan;
      e.actor = static_cast<std::int8_t>(seat(o, "actor"));
      const TileName t2 = tile(need(o, "pai"), "pai");
      const auto& consumed = array(need(o, "consumed"), "consumed", 3);
      std::array<std::string, 3> want;
      for (std::size_t i = 0; i < 3; ++i) want[i] = name(tile(consumed[i], Key("consumed", i)));
      std::sort(want.begin(), want.end());
      auto& pons = seats[e.actor].pons;
      auto it = std::find_if(pons.begin(), pons.end(), [&](const std::array<TileId, 3>& p) {
        std::array<std::string, 3> have;
        for (std::size_t i = 0; i < 3; ++i) have[i] = std::string(tile_name(p[i], game.red_fives));
        std::sort(have.begin(), have.end());
        return kind_of(p[0]) == t2.kind && have == want;
      });
      if (it == pons.end()) fail("consumed", "seat " + std::to_string(e.actor) + " has no pon of " + want[0] + " " + want[1] + " " + want[2]);
      e.tile = take(e.actor, t2, "pai", seats[e.actor].last_draw);
      for (TileId id : *it) e.consumed.push(id);
      pons.erase(it);
      ++seats[e.actor].in_melds[static_cast<std::size_t>(t2.kind)];
      kan(e.actor);
      called = true;
      seats[e.actor].last_draw = kNoTile;
      emit(e);
      return;
    }
    if (ty == "ankan") {
      e.kind = EventKind::Ankan;
      e.actor = static_cast<std::int8_t>(seat(o, "actor"));
      const auto& consumed = array(need(o, "consumed"), "consumed", 4);
      std::array<TileName, 4> c{};
      for (std::size_t i = 0; i < 4; ++i) c[i] = tile(consumed[i], Key("consumed", i));
      for (std::size_t i = 1; i < 4; ++i) {
        if (c[i].kind != c[0].kind) fail("consumed", "not four tiles of one kind");
      }
      for (std::size_t i = 0; i < 4; ++i) e.consumed.push(take(e.actor, c[i], Key("consumed", i)));
      ++seats[e.actor].melds;
      seats[e.actor].in_melds[static_cast<std::size_t>(c[0].kind)] += 4;
      kan(e.actor);
      called = true;
      seats[e.actor].last_draw = kNoTile;
      emit(e);
      return;
    }
    if (ty == "kita") {
      if (players != 3) fail("", "kita in a four-player game");
      e.kind = EventKind::Kita;
      e.actor = static_cast<std::int8_t>(seat(o, "actor"));
      TileName north;
      north.kind = 30;
      if (const Json* p = o.find("pai"); p && !p->is_null()) {
        if (tile(*p, "pai").kind != 30) fail("pai", "must be \"N\" (a North is set aside)");
      }
      e.tile = take(e.actor, north, "pai", seats[e.actor].last_draw);
      called = true;
      seats[e.actor].last_draw = kNoTile;
      emit(e);
      return;
    }
    if (ty == "dora") {
      e.kind = EventKind::Dora;
      e.tile = fresh(tile(need(o, "dora_marker"), "dora_marker"), "dora_marker");
      emit(e);
      return;
    }
    e.actor = static_cast<std::int8_t>(seat(o, "actor"));
    if (ty == "reach") {
      e.kind = EventKind::Reach;
      if (seats[e.actor].riichi) fail("actor", "seat " + std::to_string(e.actor) + " declared riichi before");
      seats[e.actor].riichi = true;
    } else {
      e.kind = EventKind::ReachAccepted;
      if (!seats[e.actor].riichi || seats[e.actor].riichi_accepted) fail("actor", "seat " + std::to_string(e.actor) + " has no riichi declaration to accept");
      seats[e.actor].riichi_accepted = true;
    }
    emit(e);
  }

  void finish() {
    type.clear();
    if (phase == Phase::InHand || phase == Phase::HandOver) {
      fail("", "the record ends inside the hand of line " + std::to_string(hand_line) + " (no end_kyoku)");
    }
    if (phase == Phase::BetweenHands) fail("", "the record ends without end_game");
    if (games == 0) fail("", "no game in the record (no start_game line)");
  }
};

LineReader::LineReader(std::string source, GameSink& sink) : impl_(std::make_unique<Impl>(std::move(source), sink)) {}
LineReader::~LineReader() = default;
void LineReader::line(std::string_view text) { impl_->line(text); }
void LineReader::finish() { impl_->finish(); }

}  // namespace mjai

namespace {

// A stream cut into lines: a line may arrive in pieces; only the current line is kept.
class MjaiReader final : public RecordReader {
 public:
  MjaiReader(const std::string& source, GameSink& sink) : lines_(source, sink), source_(source) {}
  void feed(std::string_view bytes) override {
    while (!bytes.empty()) {
      const std::size_t nl = bytes.find('\n');
      const std::string_view part = bytes.substr(0, nl);
      if (pending_.size() + part.size() > mjai::LineReader::kMaxLineBytes + 1) {
        pending_.clear();
        lines_.line(std::string(mjai::LineReader::kMaxLineBytes + 2, ' '));  // reports the long line
      }
      if (nl == std::string_view::npos) {
        pending_.append(part.data(), part.size());
        return;
      }
      if (pending_.empty()) {
        lines_.line(part);
      } else {
        pending_.append(part.data(), part.size());
        lines_.line(pending_);
        pending_.clear();
      }
      bytes.remove_prefix(nl + 1);
    }
  }
  void finish() override {
    if (!pending_.empty()) {
      lines_.line(pending_);
      pending_.clear();
    }
    lines_.finish();
  }

 private:
  mjai::LineReader lines_;
  std::string source_;
  std::string pending_;
};

}  // namespace

std::unique_ptr<RecordReader> make_mjai_reader(const std::string& source, GameSink& sink) {
  return std::make_unique<MjaiReader>(source, sink);
}

}  // namespace tenbou::records
