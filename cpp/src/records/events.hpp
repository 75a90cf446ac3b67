// The event model of a game record, shared by every reader (mjlog, tenhou.net/6, mjai), the
// replay (cpp/src/records/replay.*: hands tracked, wins scored, hand ends settled and checked)
// and every writer (tenhou.net/6, mjai, mjai annotated). A reader turns its format into calls on
// a GameSink, one event at a time (never a tree of the whole game: memory stays flat in the
// number of events); the replay is a GameSink that enriches each win and hand end with what the
// core computes and passes everything on to the next sink (a writer, or the hand-end lines).
//
// Seats are 0..players-1 in turn order (seat 0 = the first dealer, as all three formats count).
// Tiles are physical: Tenhou's ids 0-135 (kind = id / 4, kinds as tiles.hpp: 0-8 m, 9-17 p,
// 18-26 s, 27-33 ESWN white green red); with red fives in play, ids 16, 52, 88 (copy 0 of 5m, 5p,
// 5s) are the red ones. Readers of formats that name tiles by kind (mjai "5mr", tenhou.net/6 51)
// give each tile of a hand a distinct id with TileAllocator below.
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "tenbou/result.hpp"
#include "tenbou/small_list.hpp"

namespace tenbou::records {

using TileId = std::uint8_t;
constexpr TileId kNoTile = 255;
constexpr int kTileIds = 136;

inline int kind_of(TileId id) { return id / 4; }
inline bool is_red(TileId id, bool red_fives) { return red_fives && (id == 16 || id == 52 || id == 88); }

// Gives distinct physical ids to tiles named by kind (and redness), per hand: the red five of a
// suit is copy 0, the other copies 1, 2, 3 (copy 0 too when the game has no red fives). Returns
// kNoTile when every copy of that kind (or the red one) is already given: a fifth tile, which
// the reader reports as an error naming the event.
class TileAllocator {
 public:
  void reset() { used_.fill(0); }
  TileId take(int kind, bool red, bool red_fives);
  void give_back(TileId id);  // a tile that left the game (not used by the replay; for readers)
 private:
  std::array<std::uint8_t, 34> used_{};  // bit c: copy c of the kind is given
};

enum class Format : std::uint8_t { Mjlog, Tenhou6, Mjai };

// Once per game.
struct GameStart {
  Format format = Format::Mjlog;  // where the record came from (writers may keep its quirks)
  std::string source;             // the file (or archive member) name messages give
  int players = 4;                // 3 or 4
  bool red_fives = true;
  bool open_tanyao = true;        // kuitan
  // The tenbou options preset the record's rules are scored with: "tenhou" for Tenhou's logs,
  // "mahjongsoul" for Mahjong Soul records (tenhou.net/6 "rule.disp"), ...
  std::string preset = "tenhou";
  std::array<std::string, 4> names;  // player names where the record has them
  std::string title;                 // tenhou.net/6 "title" / rule.disp text, kept for writers
  std::string rule_disp;
};

// A hand (kyoku) starts.
struct HandStart {
  int round_wind = 0;     // 0 E, 1 S, 2 W, 3 N
  int round_number = 0;   // 0-3 within the wind (Tenhou seed[0] = 4 * round_wind + round_number)
  int dealer = 0;         // seat
  std::int64_t honba = 0;
  std::int64_t deposits = 0;  // riichi sticks on the table before this hand's declarations
  std::array<std::int64_t, 4> scores{};  // points at the start (4th is 0 with three players)
  TileId dora_indicator = kNoTile;
  std::array<SmallList<TileId, 14>, 4> hands;  // dealt tiles (13 each; empty for absent seat)
  // false when the record gives no deal (a hand-made mjlog without hai0..hai3): the replay then
  // cannot track hands and scores each win from the hand the record shows (RecordedWin).
  bool dealt = true;
};

enum class EventKind : std::uint8_t {
  Draw,          // actor draws tile (kan/kita replacements too: the replay knows which)
  Discard,       // actor discards tile; tsumogiri when it is the tile just drawn
  Chi, Pon,      // actor calls tile from target with consumed[0..1]
  Daiminkan,     // open kan: tile from target, consumed[0..2]
  Ankan,         // closed kan: consumed[0..3]
  Kakan,         // added kan: tile added to the pon of consumed[0..2]
  Kita,          // three-player North set aside: tile
  Reach,         // actor declares riichi (the declaration tile is the next Discard)
  ReachAccepted, // the declaration stands (1,000 on the table)
  Dora,          // a new dora indicator: tile
};

// Conventions the replay reads events by (replay.cpp): Chi/Pon/Daiminkan name the called tile in
// `tile` and the hand's tiles in `consumed`; Ankan puts its four tiles in `consumed`; Kakan puts
// the added tile in `tile` and the pon's three in `consumed` (or leaves it empty: the replay finds
// the pon by kind). With a format that names tiles by kind (GameStart.format other than Mjlog),
// the ids a reader gives need only be distinct for new tiles (the deal, draws, dora indicators:
// TileAllocator); a discard or a call may name any id of the right kind and redness, and the
// replay takes the copy the player holds (it passes the resolved ids on to the next sink).
struct Event {
  EventKind kind = EventKind::Draw;
  std::int8_t actor = -1;
  std::int8_t target = -1;     // chi / pon / daiminkan: the discarder
  TileId tile = kNoTile;
  bool tsumogiri = false;
  SmallList<TileId, 4> consumed;  // tiles from actor's hand a call uses
};

// A meld as a record shows it at a win: Chi, Pon, Daiminkan, Ankan or Kakan with its tiles
// (3, or 4 for a kan).
struct ShownMeld {
  EventKind kind = EventKind::Pon;
  SmallList<TileId, 4> tiles;
};

// What a record states about one win (every field optional: formats carry different parts).
struct RecordedWin {
  int winner = -1;
  int from = -1;               // payer seat; == winner on tsumo
  TileId win_tile = kNoTile;   // kNoTile when the format does not say (mjai): the replay knows
  int pao = -1;                // the liable seat the record names (mjlog paoWho, tenhou.net/6)
  bool has_deltas = false;     // this win's own point changes (mjai hora, tenhou.net/6 per win)
  std::array<std::int64_t, 4> deltas{};
  bool has_ura = false;
  SmallList<TileId, 5> ura_indicators;
  SmallList<TileId, 5> dora_indicators;  // mjlog doraHai (the replay knows them otherwise)
  // The score as the record writes it (mjlog ten/yaku, tenhou.net/6 "30符2飜1000点" + yaku list).
  bool has_score = false;
  int han = 0, fu = 0;          // fu 0: not stated (tenhou.net/6 writes no fu for a limit hand)
  std::int64_t points = 0;      // the hand's value before honba and deposits (mjlog ten[1])
  std::string limit;            // "", "mangan", ..., "yakuman" (as the core names them)
  int yakuman = 0;              // multiples (0: not a yakuman hand)
  std::vector<std::pair<std::string, int>> yaku;  // tenbou yaku keys with their han (13 per yakuman)
  // The winner's hand as the record shows it (mjlog hai/m): checked against the tracked hand.
  bool has_shown_hand = false;
  SmallList<TileId, 14> shown_hand;     // concealed tiles, the winning tile included
  std::vector<ShownMeld> shown_melds;   // the record's order
  int shown_kita = 0;                   // three-player Norths set aside (mjlog kita codes)
  long event = -1;                      // where the record states it (mjlog event index, mjai line)
  std::string raw;                      // the record's own text of the win (mjlog: <AGARI>'s attributes)
};

enum class DrawKind : std::uint8_t {
  Exhaustive,      // ryuukyoku at the end of the wall
  NagashiMangan,
  NineTerminals,   // kyuushu kyuuhai (yao9)
  FourWinds,       // kaze4
  FourRiichi,      // reach4
  TripleRon,       // ron3
  FourKans,        // kan4
};

struct RecordedDraw {
  DrawKind kind = DrawKind::Exhaustive;
  bool has_tenpai = false;
  std::array<bool, 4> tenpai{};    // who showed a ready hand (exhaustive draws)
  bool has_deltas = false;
  std::array<std::int64_t, 4> deltas{};
};

// What the record states at a hand end (one or several wins on one discard, or a draw).
struct RecordedHandEnd {
  std::vector<RecordedWin> wins;   // empty for a draw
  RecordedDraw draw;
  bool has_deltas = false;         // the whole hand's changes (mjlog sc summed, tenhou.net/6)
  std::array<std::int64_t, 4> deltas{};
  std::array<std::int64_t, 4> scores_after{};  // mjlog sc / mjai end scores, where given
  bool has_scores_after = false;
  long event = -1;                 // where the record states it (first win's or the draw's)
};

// "win", "draw" (exhaustive), "nagashi_mangan" or "abortive": the hand end's outcome as the
// hand-end lines and the record tables name it.
const char* outcome_name(const RecordedHandEnd& recorded);

// The replay's own answer for one win and for a hand end: filled by the replay (replay.cpp)
// before it passes the hand end on; null when a sink is fed straight from a reader. Writers use
// the record's values where it has them and these where it has not (mjai has no score text).
struct ReplayedWin {
  int winner = -1, from = -1, pao = -1;
  TileId win_tile = kNoTile;
  bool ok = false;              // scored (else `error` says why: the record's win is not one)
  std::string error;
  int han = 0, fu = 0, yakuman = 0;
  std::string limit;            // "" or the core's limit name
  std::int64_t points = 0;      // the hand's value before honba and deposits (mjlog ten[1])
  std::int64_t total = 0;       // points + honba and deposits (the result's "total")
  bool tsumo = false, riichi = false;
  int dora = 0;                 // han of dora, red fives, ura dora and kita together
  std::vector<std::pair<std::string, int>> yaku;  // tenbou yaku keys and their han, result order
  SmallList<FuItem, 12> fu_details;                // the result's own items (no string built per win)
  std::array<std::int64_t, 4> deltas{};           // this win's settled point changes
  SmallList<TileId, 5> ura_indicators;            // as the record gave them (riichi winners)
  std::string request_json, result_json;          // contract JSON (HandEnds lines, Python)
  bool agree = true;            // equal to what the record states (true when it states nothing)
};

struct ReplayedHandEnd {
  int hand_index = 0;           // in the game, from 0
  std::int64_t honba = 0;       // as settled
  std::int64_t deposits = 0;    // riichi sticks on the table at the end (this hand's declarations included)
  std::vector<ReplayedWin> wins;
  bool settled = false;         // else settle_error
  std::string settle_error;
  std::array<std::int64_t, 4> deltas{};  // all wins together / the draw's payments
  std::vector<int> tenpai;      // draws: the seats settled as tenpai
  std::vector<int> nagashi;     // nagashi mangan: the seats whose discards made it
  bool agree = true;
};

// Readers call these in order: game_start, then per hand hand_start, events, hand_end; game_end.
class GameSink {
 public:
  virtual ~GameSink() = default;
  virtual void game_start(const GameStart& game) = 0;
  virtual void hand_start(const HandStart& hand) = 0;
  virtual void event(const Event& e) = 0;
  virtual void hand_end(const RecordedHandEnd& recorded, const ReplayedHandEnd* replayed) = 0;
  // final_scores: as the record gives them (mjlog owari, tenhou.net/6 sc, mjai end_game), if any.
  virtual void game_end(const std::array<std::int64_t, 4>* final_scores) = 0;
};

// Readers are fed bytes in pieces of any size and call the sink as events complete; finish()
// after the last piece. Both throw RecordError (wrapped by the Replay as an InputError).
class RecordReader {
 public:
  virtual ~RecordReader() = default;
  virtual void feed(std::string_view bytes) = 0;
  virtual void finish() = 0;
};
std::unique_ptr<RecordReader> make_mjlog_reader(const std::string& source, GameSink& sink);    // mjlog_reader.cpp
std::unique_ptr<RecordReader> make_tenhou6_reader(const std::string& source, GameSink& sink);  // tenhou6_reader.cpp
std::unique_ptr<RecordReader> make_mjai_reader(const std::string& source, GameSink& sink);     // mjai_reader.cpp

// Writers are sinks appending their format's text to `out` (a game at a time or sooner); they
// are fed through the replay, so `replayed` is never null for them.
std::unique_ptr<GameSink> make_tenhou6_writer(std::string& out);  // tenhou6_writer.cpp
std::unique_ptr<GameSink> make_mjai_writer(std::string& out);     // mjai_writer.cpp
// mjai in, the same bytes out with each "hora" line given fan/fu/yakus/limit/hora_points (and
// yakuman): a reader of its own (it keeps each hand's raw lines until the replay scored them).
std::unique_ptr<RecordReader> make_mjai_annotator(const std::string& source, std::string& out);  // mjai_annotate.cpp

// The replay (a sink) throws RecordError for an event that cannot happen (a discard of a tile
// not held, a win whose shown hand is not the tracked one) with `event` -1 and the message
// saying only what is wrong; the reader that called the sink catches it, fills `event`/`tag`
// and prefixes the source and the event as it does for its own errors.
// A record that cannot be read: one line naming the source, the event (index counted from 0,
// or the line for mjai) and what is wrong, e.g. "game.mjlog: event 57 <AGARI> yaku: unknown
// Tenhou yaku id 99 (0-54)". `event` is -1 when the message names none.
struct RecordError {
  std::string message;
  long event = -1;
  std::string tag;        // mjlog tag / mjai type / tenhou.net/6 path
  std::string attribute;  // the attribute or key at fault, or ""
};

}  // namespace tenbou::records
