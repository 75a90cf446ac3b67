// tenhou.net/6 JSON reader: one game (an object with "log") or a list of them, Tenhou's own
// and converted Mahjong Soul records (shared/spec/records.md section 3; docs/records-tenhou6.md).
//
// A game is one JSON document; a list is read a game at a time (the scanner below cuts the
// top-level array into its games as bytes arrive), so memory holds one game, never the list.
// Each hand's columns (takes and discards per seat) are turned back into the order the events
// happened: the dealer takes first; after a discard, a seat whose next take is a pon or open
// kan of that very tile from that discarder acts next, else the next seat (whose take may be
// a chi of it). Two equal tiles discarded before a call can make that ambiguous; the reader
// then tries the other reading (records.md 3.6) and keeps the one that uses every take and
// discard. Only a consistent hand reaches the sink.
#include <algorithm>
#include <cstdlib>
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/limits.hpp"
#include "records/events.hpp"
#include "records/tenhou6_yaku.hpp"
#include "tenbou/error.hpp"
#include "tenbou/json.hpp"
#include "tenbou/yaku_table.hpp"

namespace tenbou::records {
namespace {

// Bytes of one game's JSON text (Tenhou's are 5-60 KB; Json::parse's own limit).
constexpr std::size_t kMaxGameBytes = kMaxRequestBytes;
// Readings of one hand tried when equal discards make the calls ambiguous.
constexpr int kMaxReadings = 4096;

// A hand that cannot be read: the JSON path of the value at fault and what is wrong.
struct Bad {
  std::string path;
  std::string message;
};

std::string path_of(int hand, int column, int item) {
  std::string p = "log[" + std::to_string(hand) + "]";
  if (column >= 0) p += "[" + std::to_string(column) + "]";
  if (item >= 0) p += "[" + std::to_string(item) + "]";
  return p;
}

// A path kept as numbers: the text is made only for a message.
struct Path {
  int hand, column, item;
  operator std::string() const { return path_of(hand, column, item); }  // NOLINT: implicit by design
};

// --- tiles ------------------------------------------------------------------------------------
// tenhou.net/6 codes: 11-19 m, 21-29 p, 31-39 s, 41-47 ESWN white green red, 51-53 red fives.
bool code_valid(int c) { return (c >= 11 && c <= 47 && c % 10 != 0 && !(c > 40 && c % 10 > 7)) || (c >= 51 && c <= 53); }
int code_kind(int c) { return c >= 51 ? (c - 51) * 9 + 4 : (c / 10 - 1) * 9 + c % 10 - 1; }
bool code_red(int c) { return c >= 51; }

// "an integer", "a string": a JSON type as a message names it.
std::string a_type(Json::Type t) {
  const std::string name = Json::type_name(t);
  return (std::string("aeiou").find(name[0]) != std::string::npos ? "an " : "a ") + name;
}

std::string describe_json(const Json& j) {
  switch (j.type()) {
    case Json::Type::String: return "'" + echo(j.as_string()) + "'";
    case Json::Type::Int: return std::to_string(j.as_int());
    case Json::Type::BigInt: return echo(j.as_string());
    default: return a_type(j.type());
  }
}

// --- items of the take and discard columns ----------------------------------------------------
struct Item {
  enum Kind : std::uint8_t { Draw, Chi, Pon, Daiminkan, Discard, Tsumogiri, Filler, Ankan, Kakan, Kita };
  Kind kind = Draw;
  bool riichi = false;       // "rXX" / "r60"
  int code = 0;              // Draw / Discard: the tile; calls: the called tile
  int from = 0;              // chi / pon / daiminkan: the source's offset from the caller (1, 2, 3)
  SmallList<int, 4> tiles;   // calls and kans: every tile of the string, called one first
};

bool is_call(const Item& it) { return it.kind == Item::Chi || it.kind == Item::Pon || it.kind == Item::Daiminkan; }

int read_code(const Json& j, const Path& path, bool allow_60) {
  if (j.type() != Json::Type::Int) throw Bad{path, describe_json(j) + " is not a tile (an integer 11-53)"};
  const std::int64_t c = j.as_int();
  if ((allow_60 && c == 60) || (c >= 0 && c <= 60 && code_valid(static_cast<int>(c)))) return static_cast<int>(c);
  throw Bad{path, std::to_string(c) + " is not a tile (11-19, 21-29, 31-39, 41-47, 51-53" + (allow_60 ? ", 60)" : ")")};
}

// A call or kan string: two-digit tiles and one letter; `letter_at` = tiles before the letter.
Item read_string(const std::string& s, const Path& path, bool take) {
  Item it;
  char letter = 0;
  int letter_at = -1;
  std::size_t i = 0;
  const std::string shown = "'" + echo(s) + "'";
  while (i < s.size()) {
    const char c = s[i];
    if (c >= '0' && c <= '9') {
      if (i + 1 >= s.size() || s[i + 1] < '0' || s[i + 1] > '9') throw Bad{path, shown + ": a tile is two digits"};
      const int code = (c - '0') * 10 + (s[i + 1] - '0');
      if (!code_valid(code) && !(code == 60 && letter == 'r')) throw Bad{path, shown + ": " + std::to_string(code) + " is not a tile"};
      if (it.tiles.size() >= 4) throw Bad{path, shown + ": more than four tiles"};
      it.tiles.push(code);
      i += 2;
    } else if (!letter && (c == 'c' || c == 'p' || c == 'm' || c == 'a' || c == 'k' || c == 'r' || c == 'f')) {
      letter = c;
      letter_at = static_cast<int>(it.tiles.size());
      ++i;
    } else {
      throw Bad{path, shown + " is not a " + (take ? "draw or call (c, p, m)" : "discard, riichi (r), kan (a, k) or kita (f44)")};
    }
  }
  const int n = static_cast<int>(it.tiles.size());
  auto need = [&](bool ok, const char* what) {
    if (!ok) throw Bad{path, shown + ": " + what};
  };
  auto same_kind = [&] {
    for (int t : it.tiles)
      if (code_kind(t) != code_kind(it.tiles[0])) return false;
    return true;
  };
  auto called_first = [&] {  // put the tile after the letter first
    SmallList<int, 4> t;
    t.push(it.tiles[letter_at]);
    for (int k = 0; k < n; ++k)
      if (k != letter_at) t.push(it.tiles[k]);
    it.tiles = t;
  };
  if (take) {
    if (letter == 'c') {
      need(letter_at == 0 && n == 3, "a chi is c and three tiles (the called one first)");
      const int a = code_kind(it.tiles[0]), b = code_kind(it.tiles[1]), c = code_kind(it.tiles[2]);
      const int low = std::min({a, b, c}), high = std::max({a, b, c});
      need(high < 27 && low / 9 == high / 9 && high == low + 2 && a + b + c == 3 * low + 3, "not a run of three tiles of one suit");
      it.kind = Item::Chi;
      it.from = 3;
    } else if (letter == 'p') {
      need(n == 3 && letter_at <= 2, "a pon is three tiles with p before the called one");
      need(same_kind(), "a pon of different tiles");
      it.kind = Item::Pon;
      it.from = letter_at == 0 ? 3 : letter_at == 1 ? 2 : 1;
    } else if (letter == 'm') {
      need(n == 4 && (letter_at == 0 || letter_at == 1 || letter_at == 3),
           "an open kan is four tiles with m before the called one (first, second or last)");
      need(same_kind(), "a kan of different tiles");
      it.kind = Item::Daiminkan;
      it.from = letter_at == 0 ? 3 : letter_at == 1 ? 2 : 1;
    } else {
      throw Bad{path, shown + " is not a draw or call (c, p, m)"};
    }
    called_first();
    it.code = it.tiles[0];
    return it;
  }
  if (letter == 'r') {
    need(letter_at == 0 && n == 1, "a riichi is r and the discarded tile (or 60)");
    it.kind = it.tiles[0] == 60 ? Item::Tsumogiri : Item::Discard;
    it.riichi = true;
    it.code = it.tiles[0];
  } else if (letter == 'a') {
    need(n == 4 && same_kind(), "a closed kan is four equal tiles and a");
    it.kind = Item::Ankan;
  } else if (letter == 'k') {
    need(n == 4 && letter_at <= 3 && same_kind(), "an added kan is four equal tiles and k");
    it.kind = Item::Kakan;
  } else if (letter == 'f') {
    need(letter_at == 0 && n == 1 && it.tiles[0] == 44, "a kita (North set aside) is f44");
    it.kind = Item::Kita;
  } else {
    throw Bad{path, shown + " is not a discard, riichi (r), kan (a, k) or kita (f44)"};
  }
  it.code = it.tiles.empty() ? 0 : it.tiles[0];
  return it;
}

// --- one hand ----------------------------------------------------------------------------------
struct Column {
  std::vector<Item> items;
};

struct HandText {
  int index = 0;
  HandStart start;
  std::vector<int> dora_codes, ura_codes;
  std::array<std::vector<int>, 4> dealt;  // codes
  std::array<Column, 4> takes, discards;
  RecordedHandEnd recorded;
  bool win = false;
  bool triple_ron = false;
};

// How a reading of the columns ended.
struct Ending {
  enum Kind : std::uint8_t { OnTake, OnDiscard, OnAction } kind = OnTake;
  int seat = -1;
  TileId tile = kNoTile;  // the tile drawn / discarded / added to a kan / set aside
};

class HandReading {
 public:
  HandReading(const HandText& h, int players, bool reds, const std::vector<bool>& choices)
      : h_(h), players_(players), reds_(reds), choices_(choices) {}

  // Plays the columns; false (with why()) when this reading does not fit them whole.
  bool run();
  const std::vector<Event>& events() const { return events_; }
  // Where each event is written: (column, item) of the hand.
  const std::vector<std::pair<int, int>>& paths() const { return paths_; }
  const HandStart& start() const { return start_; }
  const Ending& ending() const { return ending_; }
  std::size_t choice_points() const { return decided_.size(); }
  const std::vector<bool>& decided() const { return decided_; }
  const Bad& why() const { return why_; }
  const SmallList<TileId, 5>& ura() const { return ura_; }
  int riichi_pending() const { return riichi_pending_; }

 private:
  struct Meld {
    int kind;
    SmallList<TileId, 4> ids;
  };
  struct Seat {
    std::vector<TileId> hand;
    std::size_t ti = 0, di = 0;
    TileId last_draw = kNoTile;
    bool drew = false;  // the last take was a draw (not a call)
    bool open_kan = false;
    std::vector<Meld> pons;
  };

  bool play();
  TileId take_new(int code, const Path& path);
  TileId take_from_hand(Seat& s, int code, const Path& path, TileId avoid = kNoTile);
  void emit(EventKind kind, int actor, TileId tile = kNoTile, int target = -1) {
    Event e;
    e.kind = kind;
    e.actor = static_cast<std::int8_t>(actor);
    e.target = static_cast<std::int8_t>(target);
    e.tile = tile;
    push(e);
  }
  void push(const Event& e) {
    events_.push_back(e);
    paths_.push_back(at_);
  }
  void reveal_dora() {
    if (next_dora_ < dora_.size()) emit(EventKind::Dora, -1, dora_[next_dora_++]);
  }
  void reveal_pending() {
    for (; pending_dora_ > 0; --pending_dora_) reveal_dora();
  }
  void accept_riichi() {
    if (riichi_pending_ >= 0) emit(EventKind::ReachAccepted, riichi_pending_);
    riichi_pending_ = -1;
  }
  bool fail(std::string path, std::string message) {
    why_ = Bad{std::move(path), std::move(message)};
    return false;
  }
  bool choose() {
    const bool call = decided_.size() < choices_.size() ? choices_[decided_.size()] : true;
    decided_.push_back(call);
    return call;
  }
  bool takes_left(int seat) const { return seats_[seat].ti < h_.takes[seat].items.size(); }

  const HandText& h_;
  int players_;
  bool reds_;
  const std::vector<bool>& choices_;
  std::vector<bool> decided_;
  TileAllocator alloc_;
  HandStart start_;
  std::vector<TileId> dora_;
  SmallList<TileId, 5> ura_;
  std::size_t next_dora_ = 1;
  int pending_dora_ = 0;         // open kans whose indicator shows at the next discard
  int due_before_draw_ = 0;      // indicators of an earlier open kan due before this replacement
  int riichi_pending_ = -1;
  std::array<Seat, 4> seats_;
  std::vector<Event> events_;
  std::vector<std::pair<int, int>> paths_;
  std::pair<int, int> at_{16, -1};
  Ending ending_;
  Bad why_;
};

TileId HandReading::take_new(int code, const Path& path) {
  const TileId id = alloc_.take(code_kind(code), reds_ && code_red(code), reds_);
  if (id == kNoTile) {
    // One red five per suit (Tenhou's set; Mahjong Soul's four-red rooms, aka52 = 2, have two 0p).
    if (reds_ && code_red(code)) throw Bad{path, "a second red five " + std::to_string(code) + " (one red five per suit)"};
    throw Bad{path, "a fifth " + std::to_string(code) + " (every copy of that tile is already in play)"};
  }
  return id;
}

// A tile of `code` from the hand: the exact one (red or not) if held, else one of its kind
// (converters place red fives in call strings in different orders: records.md 3.5).
TileId HandReading::take_from_hand(Seat& s, int code, const Path& path, TileId avoid) {
  const int kind = code_kind(code);
  const bool red = reds_ && code_red(code);
  int best = -1, rank = 99;
  for (std::size_t i = 0; i < s.hand.size(); ++i) {
    const TileId id = s.hand[i];
    if (kind_of(id) != kind) continue;
    const int r = (is_red(id, reds_) == red ? 0 : 2) + (id == avoid ? 1 : 0);
    if (r < rank) rank = r, best = static_cast<int>(i);
  }
  if (best < 0) throw Bad{path, "tile " + std::to_string(code) + " is not in the hand"};
  const TileId id = s.hand[best];
  s.hand.erase(s.hand.begin() + best);
  return id;
}

bool HandReading::run() {
  if (!play()) return false;
  for (int p = 0; p < players_; ++p) {
    if (seats_[p].ti < h_.takes[p].items.size())
      return fail(path_of(h_.index, 5 + 3 * p, static_cast<int>(seats_[p].ti)), "a take after the hand's end");
    if (seats_[p].di < h_.discards[p].items.size())
      return fail(path_of(h_.index, 6 + 3 * p, static_cast<int>(seats_[p].di)), "a discard after the hand's end");
  }
  return true;
}

bool HandReading::play() {
  try {
    start_ = h_.start;
    for (std::size_t i = 0; i < h_.dora_codes.size(); ++i) dora_.push_back(take_new(h_.dora_codes[i], Path{h_.index, 2, static_cast<int>(i)}));
    for (std::size_t i = 0; i < h_.ura_codes.size(); ++i) ura_.push(take_new(h_.ura_codes[i], Path{h_.index, 3, static_cast<int>(i)}));
    start_.dora_indicator = dora_.empty() ? kNoTile : dora_[0];
    for (int p = 0; p < players_; ++p) {
      for (std::size_t i = 0; i < h_.dealt[p].size(); ++i) {
        const TileId id = take_new(h_.dealt[p][i], Path{h_.index, 4 + 3 * p, static_cast<int>(i)});
        start_.hands[p].push(id);
        seats_[p].hand.push_back(id);
      }
    }
    int actor = start_.dealer;
    TileId last_discard = kNoTile;
    int discarder = -1;
    for (;;) {
      Seat& s = seats_[actor];
      const int take_column = 5 + 3 * actor, discard_column = 6 + 3 * actor;
      // The take: a draw, or a call of the last discard.
      if (!takes_left(actor)) {
        // After a kan or a kita nobody replaced: it was robbed (chankan, or ron on a kita).
        return fail(path_of(h_.index, take_column, static_cast<int>(s.ti)), "the seat has no take left where it must draw");
      }
      const Item& take = h_.takes[actor].items[s.ti];
      const Path take_path{h_.index, take_column, static_cast<int>(s.ti)};
      at_ = {take_column, static_cast<int>(s.ti)};
      ++s.ti;
      s.open_kan = false;
      if (is_call(take)) {
        if (last_discard == kNoTile || (actor + take.from) % 4 != discarder || code_kind(take.code) != kind_of(last_discard))
          return fail(take_path, "a call that does not match the last discard");
        accept_riichi();
        Event e;
        e.kind = take.kind == Item::Chi ? EventKind::Chi : take.kind == Item::Pon ? EventKind::Pon : EventKind::Daiminkan;
        e.actor = static_cast<std::int8_t>(actor);
        e.target = static_cast<std::int8_t>(discarder);
        e.tile = last_discard;
        for (int k = 1; k < static_cast<int>(take.tiles.size()); ++k) e.consumed.push(take_from_hand(s, take.tiles[k], take_path));
        // The called tile leaves the discarder's river (the replay knows it from the event).
        push(e);
        if (take.kind == Item::Pon) {
          Meld m{kind_of(last_discard), {}};
          m.ids.push(last_discard);
          for (TileId id : e.consumed) m.ids.push(id);
          s.pons.push_back(m);
        }
        s.drew = false;
        s.last_draw = kNoTile;
        if (take.kind == Item::Daiminkan) {
          s.open_kan = true;
          due_before_draw_ += pending_dora_;
          pending_dora_ = 1;
        }
      } else {
        accept_riichi();
        const TileId id = take_new(take.code, take_path);
        for (; due_before_draw_ > 0; --due_before_draw_) reveal_dora();
        emit(EventKind::Draw, actor, id);
        s.hand.push_back(id);
        s.drew = true;
        s.last_draw = id;
      }
      last_discard = kNoTile;
      // The discard column's item for this take; none: the hand ended on the take.
      bool again = false;  // the same seat takes again (a kan or kita replacement)
      while (!again) {
        if (s.di >= h_.discards[actor].items.size()) {
          // After an open kan, the 0 is dropped when the hand ends on its replacement draw.
          if (s.open_kan) {
            again = true;
            break;
          }
          ending_ = {Ending::OnTake, actor, s.last_draw};
          return true;
        }
        const Item& d = h_.discards[actor].items[s.di];
        const Path path{h_.index, discard_column, static_cast<int>(s.di)};
        at_ = {discard_column, static_cast<int>(s.di)};
        ++s.di;
        if (d.kind == Item::Filler) {
          if (!s.open_kan) return fail(path, "a 0 that does not follow an open kan");
          again = true;
          break;
        }
        if (s.open_kan) {  // no 0 written after the open kan: this item is the replacement's
          --s.di;
          again = true;
          break;
        }
        if (d.kind == Item::Discard || d.kind == Item::Tsumogiri) {
          TileId id;
          if (d.kind == Item::Tsumogiri) {
            if (!s.drew) return fail(path, "60 (the tile just drawn) after a call");
            id = s.last_draw;
            s.hand.erase(std::find(s.hand.begin(), s.hand.end(), id));
          } else {
            id = take_from_hand(s, d.code, path, s.drew ? s.last_draw : kNoTile);
          }
          if (d.riichi) emit(EventKind::Reach, actor);
          reveal_pending();
          Event e;
          e.kind = EventKind::Discard;
          e.actor = static_cast<std::int8_t>(actor);
          e.tile = id;
          e.tsumogiri = d.kind == Item::Tsumogiri;
          push(e);
          if (d.riichi) riichi_pending_ = actor;
          last_discard = id;
          discarder = actor;
          break;
        }
        if (d.kind == Item::Ankan) {
          Event e;
          e.kind = EventKind::Ankan;
          e.actor = static_cast<std::int8_t>(actor);
          for (int code : d.tiles) e.consumed.push(take_from_hand(s, code, path));
          e.tile = e.consumed[0];
          push(e);
          // Tenhou shows a pending open-kan indicator, then the closed kan's own, before the
          // replacement draw (<N/><DORA/><DORA/><T/>, records.md section 4).
          reveal_pending();
          for (; due_before_draw_ > 0; --due_before_draw_) reveal_dora();
          reveal_dora();
          ending_ = {Ending::OnAction, actor, e.tile};
          if (!takes_left(actor)) return true;  // robbed (kokushi)
          again = true;
          break;
        }
        if (d.kind == Item::Kakan) {
          auto pon = std::find_if(s.pons.begin(), s.pons.end(), [&](const Meld& m) { return m.kind == code_kind(d.tiles[0]); });
          if (pon == s.pons.end()) return fail(path, "an added kan without a pon of that tile");
          // The added tile: the string's tiles less the pon's (by redness; any red left is it).
          int reds_in_string = 0, reds_in_pon = 0;
          for (int code : d.tiles) reds_in_string += reds_ && code_red(code);
          for (TileId id : pon->ids) reds_in_pon += is_red(id, reds_);
          const int kind = pon->kind;
          const int added_code = reds_in_string > reds_in_pon ? 51 + kind / 9 : (kind / 9 + 1) * 10 + kind % 9 + 1;
          Event e;
          e.kind = EventKind::Kakan;
          e.actor = static_cast<std::int8_t>(actor);
          e.tile = take_from_hand(s, kind >= 27 || kind % 9 != 4 ? (kind / 9 + 1) * 10 + kind % 9 + 1 : added_code, path);
          e.consumed = pon->ids;
          s.pons.erase(pon);
          push(e);
          s.open_kan = false;
          due_before_draw_ += pending_dora_;
          pending_dora_ = 1;
          ending_ = {Ending::OnAction, actor, e.tile};
          if (!takes_left(actor)) return true;  // robbed (chankan)
          again = true;
          break;
        }
        if (d.kind == Item::Kita) {
          const TileId id = take_from_hand(s, 44, path);
          // A kita shows a pending open-kan indicator first (records.md Pitfalls 6).
          reveal_pending();
          emit(EventKind::Kita, actor, id);
          ending_ = {Ending::OnAction, actor, id};
          if (!takes_left(actor)) return true;  // robbed by ron
          again = true;
          break;
        }
        return fail(path, "not a discard");
      }
      if (again) continue;
      // After a discard: who acts next.
      int caller = -1;
      for (int k = 1; k < players_ && caller < 0; ++k) {
        const int seat = (actor + k) % players_;
        if (!takes_left(seat)) continue;
        const Item& next = h_.takes[seat].items[seats_[seat].ti];
        if ((next.kind == Item::Pon || next.kind == Item::Daiminkan) && (seat + next.from) % 4 == actor &&
            code_kind(next.code) == kind_of(last_discard))
          caller = seat;
      }
      const int next_seat = (actor + 1) % players_;
      if (caller >= 0 && choose()) {
        actor = caller;
        continue;
      }
      if (!takes_left(next_seat)) {
        for (int p = 0; p < players_; ++p)
          if (takes_left(p))
            return fail(path_of(h_.index, 5 + 3 * next_seat, static_cast<int>(seats_[next_seat].ti)),
                        "the next seat has no take left while another seat has");
        ending_ = {Ending::OnDiscard, actor, last_discard};
        return true;
      }
      const Item& next = h_.takes[next_seat].items[seats_[next_seat].ti];
      if (next.kind == Item::Pon || next.kind == Item::Daiminkan)
        return fail(path_of(h_.index, 5 + 3 * next_seat, static_cast<int>(seats_[next_seat].ti)), "a call where the seat must draw");
      actor = next_seat;
    }
  } catch (const Bad& b) {
    why_ = b;
    return false;
  }
}

// --- score texts --------------------------------------------------------------------------------
// Digits at the start of `s` (moved past them), or -1.
std::int64_t digits(std::string_view& s) {
  std::size_t n = 0;
  std::int64_t v = 0;
  while (n < s.size() && s[n] >= '0' && s[n] <= '9' && n < 12) v = v * 10 + (s[n++] - '0');
  if (n == 0 || (n < s.size() && s[n] >= '0' && s[n] <= '9')) return -1;
  s.remove_prefix(n);
  return v;
}

bool eat(std::string_view& s, std::string_view word) {
  if (s.substr(0, word.size()) != word) return false;
  s.remove_prefix(word.size());
  return true;
}

// "30符2飜1000点", "30符3飜1000-2000点", "満貫4000点∀", "役満32000点" (records.md 3.7).
void read_score_text(const std::string& text, RecordedWin& w, bool tsumo, bool dealer, int players, const std::string& path) {
  std::string_view s = text;
  const std::string bad = "score text '" + echo(text) + "' is not fu/han/points as Tenhou writes them (e.g. '30符2飜2000点')";
  std::string_view save = s;
  const std::int64_t fu = digits(s);
  if (fu >= 0 && (eat(s, "符") || eat(s, "Fu"))) {
    const std::int64_t han = digits(s);
    if (han < 0 || !(eat(s, "飜") || eat(s, "Han"))) throw Bad{path, bad};
    w.fu = static_cast<int>(std::min<std::int64_t>(fu, 1000));
    w.han = static_cast<int>(std::min<std::int64_t>(han, 1000));
  } else {
    s = save;
  }
  if (const Tenhou6LimitName* limit = tenhou6_limit_prefix(s)) {
    w.limit = std::string(limit->limit);
    s.remove_prefix(limit->name.size());
    while (!s.empty() && s[0] == ' ') s.remove_prefix(1);
  }
  const std::int64_t a = digits(s);
  if (a < 0) throw Bad{path, bad};
  std::int64_t points = a;
  if (eat(s, "-")) {  // ko-oya: a non-dealer's tsumo
    const std::int64_t b = digits(s);
    if (b < 0 || !eat(s, "点") || !s.empty()) throw Bad{path, bad};
    if (!tsumo || dealer) throw Bad{path, "score text '" + echo(text) + "': two payments, but the win is not a non-dealer's tsumo"};
    points = a * (players - 2) + b;
  } else {
    if (!eat(s, "点")) throw Bad{path, bad};
    if (eat(s, "∀")) {  // every other player pays this
      if (!tsumo || !dealer) throw Bad{path, "score text '" + echo(text) + "': ∀ (all pay), but the win is not the dealer's tsumo"};
      points = a * (players - 1);
    } else if (tsumo) {
      throw Bad{path, "score text '" + echo(text) + "': one payment, but the win is a tsumo"};
    }
    if (!s.empty()) throw Bad{path, bad};
  }
  w.points = points;
}

// "立直(1飜)", "大三元(役満)": the yaku's tenbou key and han (13 a yakuman, 26 a double one).
void read_yaku(const std::string& text, RecordedWin& w, bool mahjongsoul, const std::string& path, int& yakuman_entries) {
  const std::size_t open = text.rfind('(');
  if (open == std::string::npos || text.size() < open + 2 || text.back() != ')')
    throw Bad{path, "yaku '" + echo(text) + "' is not name(N飜) or name(役満)"};
  const std::string name = text.substr(0, open);
  std::string_view value(text);
  value = value.substr(open + 1, value.size() - open - 2);
  const Tenhou6YakuName* row = tenhou6_yaku(name);
  if (!row) throw Bad{path, "unknown yaku name '" + echo(name) + "' (docs/records-tenhou6.md lists the names read)"};
  int han;
  if (value == "役満" || value == "Yakuman") {
    han = 13;
    // Mahjong Soul counts these four double (records.md 5.16: written 役満, worth 26 han).
    for (const auto& info : kYakuTable)
      if (info.key == row->key && info.double_when_option && mahjongsoul) han = 26;
    yakuman_entries += han / 13;
  } else {
    std::string_view v = value;
    const std::int64_t n = digits(v);
    if (n < 0 || !(v == "飜" || v == "Han" || v == " Han")) throw Bad{path, "yaku '" + echo(text) + "': '" + echo(value) + "' is not N飜 or 役満"};
    han = static_cast<int>(std::min<std::int64_t>(n, 1000));
  }
  if (han == 0) return;  // "裏ドラ(0飜)": Mahjong Soul keeps it, Tenhou does not
  for (auto& [key, h] : w.yaku)
    if (key == row->key) {
      h += han;
      return;
    }
  w.yaku.emplace_back(std::string(row->key), han);
}

// --- one game -----------------------------------------------------------------------------------
class GameReader {
 public:
  GameReader(const Json& game, std::string source, GameSink& sink) : g_(game), source_(std::move(source)), sink_(sink) {}
  void read();

 private:
  const Json& member(const Json& obj, std::string_view key, Json::Type type, const std::string& path, bool required);
  std::int64_t integer(const Json& j, const std::string& path, std::int64_t lo, std::int64_t hi);
  HandText hand_text(const Json& hand, int index);
  void read_result(const Json& result, HandText& h);
  void play(HandText& h);
  void finish(HandText& h, const HandReading& reading);

  const Json& g_;
  std::string source_;
  GameSink& sink_;
  int players_ = 4;
  bool reds_ = true;
  bool mahjongsoul_ = false;
};

const Json& GameReader::member(const Json& obj, std::string_view key, Json::Type type, const std::string& path, bool required) {
  static const Json none;
  const Json* j = obj.find(key);
  if (!j) {
    if (required) throw Bad{path.empty() ? std::string(key) : path, "missing"};
    return none;
  }
  if (j->type() != type && !(type == Json::Type::Int && j->type() == Json::Type::Double))
    throw Bad{path.empty() ? std::string(key) : path, a_type(j->type()) + ", not " + a_type(type)};
  return *j;
}

std::int64_t GameReader::integer(const Json& j, const std::string& path, std::int64_t lo, std::int64_t hi) {
  if (j.type() == Json::Type::BigInt)
    throw Bad{path, echo(j.as_string()) + " is out of range (" + std::to_string(lo) + "-" + std::to_string(hi) + ")"};
  if (j.type() != Json::Type::Int) throw Bad{path, describe_json(j) + " is not an integer"};
  if (j.as_int() < lo || j.as_int() > hi)
    throw Bad{path, std::to_string(j.as_int()) + " is out of range (" + std::to_string(lo) + "-" + std::to_string(hi) + ")"};
  return j.as_int();
}

bool contains(std::string_view s, std::string_view part) { return s.find(part) != std::string_view::npos; }

// Whether a red five (51-53) appears among the tiles of the hands (indicators and columns).
bool red_fives_shown(const Json& log) {
  for (const Json& hand : log.items()) {
    if (hand.type() != Json::Type::Array) continue;
    for (std::size_t c = 2; c < hand.items().size() && c < 16; ++c) {
      if (hand.items()[c].type() != Json::Type::Array) continue;
      for (const Json& t : hand.items()[c].items()) {
        if (t.type() == Json::Type::Int && t.as_int() >= 51 && t.as_int() <= 53) return true;
        if (t.type() == Json::Type::String) {  // a call string: its two-digit tiles around one letter
          int first = -1;
          for (char ch : t.as_string()) {
            if (ch < '0' || ch > '9') continue;
            if (first < 0) {
              first = ch - '0';
            } else {
              const int code = first * 10 + (ch - '0');
              if (code >= 51 && code <= 53) return true;
              first = -1;
            }
          }
        }
      }
    }
  }
  return false;
}

// Whether the results use Mahjong Soul's own names (tensoul): its preset then applies.
bool mahjong_soul_names(const Json& log) {
  for (const Json& hand : log.items()) {
    if (hand.type() != Json::Type::Array || hand.items().size() != 17 || hand.items()[16].type() != Json::Type::Array) continue;
    for (const Json& r : hand.items()[16].items()) {
      auto marked = [](const std::string& t) {
        return contains(t, "役牌:") || contains(t, "ダブル立直") || contains(t, "抜きドラ") || contains(t, "数え役満") ||
               contains(t, "十三面待ち") || t == "四開槓" || t == "三家和";
      };
      if (r.type() == Json::Type::String && marked(r.as_string())) return true;
      if (r.type() == Json::Type::Array)
        for (const Json& d : r.items())
          if (d.type() == Json::Type::String && marked(d.as_string())) return true;
    }
  }
  return false;
}

void GameReader::read() {
  if (g_.type() != Json::Type::Object) throw Bad{"", "a game is a JSON object with \"log\", not " + a_type(g_.type())};
  const Json& log = member(g_, "log", Json::Type::Array, "", true);
  GameStart game;
  game.format = Format::Tenhou6;
  game.source = source_;
  // rule: {disp, aka} or {disp, aka51, aka52, aka53}; disp may be missing (records.md 3.2).
  std::string disp;
  int aka = -1;
  if (const Json* rule = g_.find("rule"); rule && rule->type() == Json::Type::Object) {
    if (const Json* d = rule->find("disp"); d && d->type() == Json::Type::String) disp = d->as_string();
    for (const char* key : {"aka", "aka51", "aka52", "aka53"})
      if (const Json* a = rule->find(key)) {
        if (a->type() != Json::Type::Int) throw Bad{std::string("rule.") + key, describe_json(*a) + " is not an integer"};
        aka = std::max<int>(aka, a->as_int() > 0 ? 1 : 0);
      }
  }
  // Without aka keys: red fives when any 51-53 appears (Tenhou writes them only in red games,
  // apart from the no-red games whose rule says aka 0).
  if (aka < 0) aka = red_fives_shown(log) ? 1 : 0;
  reds_ = aka > 0;
  // Players: an empty seat-3 starting hand (three-player files keep four columns).
  players_ = 4;
  if (!log.items().empty()) {
    const Json& first = log.items()[0];
    if (first.type() == Json::Type::Array && first.items().size() > 13 && first.items()[13].type() == Json::Type::Array &&
        first.items()[13].items().empty())
      players_ = 3;
  }
  // Mahjong Soul's rooms (tensoul writes the room's name in disp) and its names of yaku/draws.
  mahjongsoul_ = contains(disp, "の間") || contains(disp, "友人戦") || contains(disp, "大会戦") || contains(disp, " Room") ||
                 contains(disp, "Friendly") || contains(disp, "Tournament") || contains(disp, "Tounament") ||
                 mahjong_soul_names(log);
  game.preset = mahjongsoul_ ? "mahjongsoul" : "tenhou";
  game.players = players_;
  game.red_fives = reds_;
  // Tenhou's disp names open tanyao with 喰 (般南喰赤); a Tenhou room without it has none.
  const bool tenhou_room = !disp.empty() && !mahjongsoul_ &&
                           (contains(disp, "般") || contains(disp, "上") || contains(disp, "特") || contains(disp, "鳳"));
  game.open_tanyao = !(tenhou_room && !contains(disp, "喰"));
  game.rule_disp = disp;
  if (const Json* names = g_.find("name"); names && names->type() == Json::Type::Array)
    for (std::size_t i = 0; i < names->items().size() && i < 4; ++i)
      if (names->items()[i].type() == Json::Type::String) game.names[i] = names->items()[i].as_string();
  if (const Json* title = g_.find("title")) {
    if (title->type() == Json::Type::String) game.title = title->as_string();
    if (title->type() == Json::Type::Array)
      for (const Json& t : title->items())
        if (t.type() == Json::Type::String) game.title += (game.title.empty() ? "" : "\n") + t.as_string();
  }
  // Every hand is checked before the sink hears of the game's first one.
  std::vector<HandText> hands;
  hands.reserve(log.items().size());
  for (std::size_t k = 0; k < log.items().size(); ++k) hands.push_back(hand_text(log.items()[k], static_cast<int>(k)));
  sink_.game_start(game);
  for (HandText& h : hands) play(h);
  // sc: [points0, result0, points1, result1, ...]: the final points.
  if (const Json* sc = g_.find("sc"); sc && sc->type() == Json::Type::Array && sc->items().size() >= 2u * players_) {
    std::array<std::int64_t, 4> final_scores{};
    bool ok = true;
    for (int p = 0; p < players_; ++p) {
      const Json& v = sc->items()[2 * p];
      if (v.type() == Json::Type::Int) final_scores[p] = v.as_int();
      else ok = false;
    }
    sink_.game_end(ok ? &final_scores : nullptr);
  } else {
    sink_.game_end(nullptr);
  }
}

HandText GameReader::hand_text(const Json& hand, int index) {
  HandText h;
  h.index = index;
  if (hand.type() != Json::Type::Array) throw Bad{path_of(index, -1, -1), "a hand is an array, not " + a_type(hand.type())};
  const auto& v = hand.items();
  if (v.size() != 17) throw Bad{path_of(index, -1, -1), std::to_string(v.size()) + " items (17 expected: round, scores, dora, ura, 4 x hand/takes/discards, result)"};
  auto array_at = [&](int i) -> const Json& {
    if (v[i].type() != Json::Type::Array) throw Bad{path_of(index, i, -1), a_type(v[i].type()) + ", not an array"};
    return v[i];
  };
  const Json& round = array_at(0);
  if (round.items().size() != 3) throw Bad{path_of(index, 0, -1), "[round, honba, riichi sticks] expected"};
  const int kyoku = static_cast<int>(integer(round.items()[0], path_of(index, 0, 0), 0, 15));
  h.start.round_wind = kyoku / 4;
  h.start.round_number = kyoku % 4;
  h.start.dealer = kyoku % 4;
  if (h.start.dealer >= players_) throw Bad{path_of(index, 0, 0), "round " + std::to_string(kyoku) + ": no seat " + std::to_string(h.start.dealer) + " with three players"};
  h.start.honba = integer(round.items()[1], path_of(index, 0, 1), 0, kMaxHonba);
  h.start.deposits = integer(round.items()[2], path_of(index, 0, 2), 0, kMaxHonba);
  const Json& scores = array_at(1);
  if (scores.items().size() != 4 && scores.items().size() != static_cast<std::size_t>(players_))
    throw Bad{path_of(index, 1, -1), std::to_string(scores.items().size()) + " scores (4 expected)"};
  for (int p = 0; p < players_; ++p) h.start.scores[p] = integer(scores.items()[p], path_of(index, 1, p), -1000000000, 1000000000);
  const Json& dora = array_at(2);
  if (dora.items().empty() || dora.items().size() > 5) throw Bad{path_of(index, 2, -1), std::to_string(dora.items().size()) + " dora indicators (1-5)"};
  for (std::size_t i = 0; i < dora.items().size(); ++i) h.dora_codes.push_back(read_code(dora.items()[i], Path{index, 2, static_cast<int>(i)}, false));
  const Json& ura = array_at(3);
  if (ura.items().size() > 5) throw Bad{path_of(index, 3, -1), std::to_string(ura.items().size()) + " ura indicators (0-5)"};
  for (std::size_t i = 0; i < ura.items().size(); ++i) h.ura_codes.push_back(read_code(ura.items()[i], Path{index, 3, static_cast<int>(i)}, false));
  for (int p = 0; p < 4; ++p) {
    const Json& dealt = array_at(4 + 3 * p);
    const Json& takes = array_at(5 + 3 * p);
    const Json& discards = array_at(6 + 3 * p);
    if (p >= players_) {
      if (!dealt.items().empty() || !takes.items().empty() || !discards.items().empty())
        throw Bad{path_of(index, 4 + 3 * p, -1), "seat 3 of a three-player game holds tiles"};
      continue;
    }
    if (dealt.items().size() != 13) throw Bad{path_of(index, 4 + 3 * p, -1), std::to_string(dealt.items().size()) + " tiles dealt (13 expected)"};
    for (std::size_t i = 0; i < 13; ++i) h.dealt[p].push_back(read_code(dealt.items()[i], Path{index, 4 + 3 * p, static_cast<int>(i)}, false));
    for (std::size_t i = 0; i < takes.items().size(); ++i) {
      const Json& t = takes.items()[i];
      const Path path{index, 5 + 3 * p, static_cast<int>(i)};
      Item it;
      if (t.type() == Json::Type::String) {
        it = read_string(t.as_string(), path, true);
        if (it.kind == Item::Chi && players_ == 3) throw Bad{path, "a chi in a three-player game"};
      } else {
        it.kind = Item::Draw;
        it.code = read_code(t, path, false);
      }
      h.takes[p].items.push_back(it);
    }
    for (std::size_t i = 0; i < discards.items().size(); ++i) {
      const Json& d = discards.items()[i];
      const Path path{index, 6 + 3 * p, static_cast<int>(i)};
      Item it;
      if (d.type() == Json::Type::String) {
        it = read_string(d.as_string(), path, false);
        if (it.kind == Item::Kita && players_ != 3) throw Bad{path, "a kita (f44) in a four-player game"};
      } else if (d.type() == Json::Type::Int && d.as_int() == 0) {
        it.kind = Item::Filler;
      } else {
        it.code = read_code(d, path, true);
        it.kind = it.code == 60 ? Item::Tsumogiri : Item::Discard;
      }
      h.discards[p].items.push_back(it);
    }
  }
  read_result(array_at(16), h);
  return h;
}

void GameReader::read_result(const Json& result, HandText& h) {
  const std::string at = path_of(h.index, 16, -1);
  const auto& r = result.items();
  if (r.empty() || r[0].type() != Json::Type::String) throw Bad{at, "a result starts with its name (和了, 流局, ...)"};
  const std::string& name = r[0].as_string();
  RecordedHandEnd& end = h.recorded;
  end.has_deltas = true;
  end.event = h.index;
  auto read_deltas = [&](const Json& j, const std::string& path, std::array<std::int64_t, 4>& out) {
    if (j.type() != Json::Type::Array || (j.items().size() != 4 && j.items().size() != static_cast<std::size_t>(players_)))
      throw Bad{path, "point changes are an array of 4 integers"};
    for (int p = 0; p < players_; ++p) {
      const Json& v = j.items()[p];
      // tensoul writes 0. for zero: a whole number is read as one.
      if (v.type() == Json::Type::Double && v.as_double() == static_cast<double>(static_cast<std::int64_t>(v.as_double())) &&
          v.as_double() > -1e9 && v.as_double() < 1e9)
        out[p] = static_cast<std::int64_t>(v.as_double());
      else
        out[p] = integer(v, path_of(h.index, 16, -1) + path.substr(at.size()) + "[" + std::to_string(p) + "]", -1000000000, 1000000000);
    }
    if (j.items().size() == 4 && players_ == 3 && j.items()[3].type() == Json::Type::Int && j.items()[3].as_int() != 0)
      throw Bad{path, "a point change for seat 3 of a three-player game"};
  };
  if (name == "和了" || name == "Agari") {
    h.win = true;
    if (r.size() < 3 || r.size() % 2 != 1) throw Bad{at, "a win is 和了 then pairs of point changes and details"};
    if ((r.size() - 1) / 2 >= static_cast<std::size_t>(players_)) throw Bad{at, std::to_string((r.size() - 1) / 2) + " winners of one hand"};
    for (std::size_t i = 1; i < r.size(); i += 2) {
      const std::string dpath = at + "[" + std::to_string(i) + "]";
      const std::string wpath = at + "[" + std::to_string(i + 1) + "]";
      RecordedWin w;
      read_deltas(r[i], dpath, w.deltas);
      w.has_deltas = true;
      const Json& detail = r[i + 1];
      if (detail.type() != Json::Type::Array || detail.items().size() < 3) throw Bad{wpath, "a win's details start [winner, from, pao]"};
      const auto& d = detail.items();
      w.event = h.index;  // where the record states it: the hand (log[k])
      w.raw = detail.dump();
      w.winner = static_cast<int>(integer(d[0], wpath + "[0]", 0, players_ - 1));
      w.from = static_cast<int>(integer(d[1], wpath + "[1]", 0, players_ - 1));
      const int pao = static_cast<int>(integer(d[2], wpath + "[2]", 0, players_ - 1));
      w.pao = pao == w.winner ? -1 : pao;
      const bool tsumo = w.winner == w.from;
      if (d.size() >= 4) {
        if (d[3].type() != Json::Type::String) throw Bad{wpath + "[3]", describe_json(d[3]) + " is not a score text"};
        read_score_text(d[3].as_string(), w, tsumo, w.winner == h.start.dealer, players_, wpath + "[3]");
        w.has_score = true;
        int yakuman = 0;
        for (std::size_t k = 4; k < d.size(); ++k) {
          if (d[k].type() != Json::Type::String) throw Bad{wpath + "[" + std::to_string(k) + "]", describe_json(d[k]) + " is not a yaku"};
          read_yaku(d[k].as_string(), w, mahjongsoul_, wpath + "[" + std::to_string(k) + "]", yakuman);
        }
        int han = 0;
        for (const auto& y : w.yaku) han += y.second;
        w.yakuman = yakuman;
        if (yakuman > 0) {
          w.limit = "yakuman";
          w.han = 13 * yakuman;
        } else if (w.han == 0) {
          w.han = han;
        }
        // A counted yakuman (Tenhou: 役満 with yaku in 飜; tensoul: 数え役満) is recorded as
        // "yakuman", as mjlog's limit code 5 is and as the replay compares it.
        if (w.limit == "kazoe_yakuman") w.limit = "yakuman";
      }
      if (!h.ura_codes.empty()) w.has_ura = true;
      end.wins.push_back(std::move(w));
    }
    for (const auto& w : end.wins)
      for (int p = 0; p < players_; ++p) end.deltas[p] += w.deltas[p];
    return;
  }
  const Tenhou6DrawName* draw = tenhou6_draw(name);
  if (!draw) throw Bad{at + "[0]", "unknown result '" + echo(name) + "' (和了 or a draw: 流局, 流し満貫, 九種九牌, 四風連打, 四家立直, 三家和了, 四槓散了, ...)"};
  end.draw.kind = draw->kind;
  h.triple_ron = draw->kind == DrawKind::TripleRon;
  if (r.size() > 2) throw Bad{at, "a draw is [name] or [name, point changes]"};
  if (r.size() == 2) read_deltas(r[1], at + "[1]", end.draw.deltas);
  end.draw.has_deltas = true;
  end.deltas = end.draw.deltas;
  if (draw->kind == DrawKind::Exhaustive) {
    if (draw->tenpai >= 0) {
      end.draw.has_tenpai = true;
      for (int p = 0; p < players_; ++p) end.draw.tenpai[p] = draw->tenpai == 1;
    } else if (r.size() == 2) {
      // Tenpai payments: who received was tenpai, who paid was not.
      bool any = false;
      for (int p = 0; p < players_; ++p) any = any || end.draw.deltas[p] != 0;
      if (any) {
        end.draw.has_tenpai = true;
        for (int p = 0; p < players_; ++p) end.draw.tenpai[p] = end.draw.deltas[p] > 0;
      }
    }
  }
}

void GameReader::play(HandText& h) {
  // Readings: each call is taken at the first discard it fits; when the columns do not come
  // out whole, the last call taken is deferred to a later discard (depth first).
  std::vector<bool> choices;
  Bad deepest;  // the failure of the reading that got furthest: the likeliest fault
  std::size_t depth = 0;
  for (int attempt = 0; attempt < kMaxReadings; ++attempt) {
    HandReading reading(h, players_, reds_, choices);
    if (reading.run()) {
      finish(h, reading);
      return;
    }
    if (attempt == 0 || reading.events().size() > depth) deepest = reading.why(), depth = reading.events().size();
    std::vector<bool> next = reading.decided();
    while (!next.empty() && !next.back()) next.pop_back();
    if (next.empty()) throw deepest;
    next.back() = false;
    choices = std::move(next);
  }
  throw Bad{path_of(h.index, -1, -1), "no reading of the calls fits every take and discard (" + std::to_string(kMaxReadings) + " tried)"};
}

void GameReader::finish(HandText& h, const HandReading& reading) {
  const Ending& end = reading.ending();
  RecordedHandEnd& rec = h.recorded;
  const std::string at = path_of(h.index, 16, -1);
  bool riichi_paid = true;
  if (h.win) {
    for (RecordedWin& w : rec.wins) {
      const bool tsumo = w.winner == w.from;
      if (tsumo ? !(end.kind == Ending::OnTake && end.seat == w.winner)
                : !(end.kind != Ending::OnTake && end.seat == w.from && w.winner != end.seat))
        throw Bad{at, "seat " + std::to_string(w.winner) + (tsumo ? " wins by tsumo" : " wins on seat " + std::to_string(w.from) + "'s tile") +
                          ", but the hand's last move is seat " + std::to_string(end.seat) +
                          (end.kind == Ending::OnTake ? "'s draw" : end.kind == Ending::OnDiscard ? "'s discard" : "'s kan or kita")};
      w.win_tile = end.tile;
      w.ura_indicators = reading.ura();
      if (!tsumo) riichi_paid = false;  // a riichi declared on the winning tile is never paid
    }
    if (rec.wins.size() > 1 && end.kind == Ending::OnTake) throw Bad{at, "several winners of one tsumo"};
  } else {
    const DrawKind kind = rec.draw.kind;
    if (kind == DrawKind::NineTerminals && end.kind != Ending::OnTake)
      throw Bad{at, "nine terminals (九種九牌), but the hand's last move is not a draw"};
    if (kind != DrawKind::NineTerminals && end.kind == Ending::OnTake)
      throw Bad{at, "a draw, but the hand ends on seat " + std::to_string(end.seat) + "'s take with no discard"};
    if (end.kind == Ending::OnAction) throw Bad{at, "a draw, but the hand ends on a kan or kita nobody replaced"};
    if (kind == DrawKind::TripleRon) riichi_paid = false;
  }
  // What the replay finds impossible is located here (replay.hpp: its errors name no event).
  Path where{h.index, -1, -1};
  try {
    sink_.hand_start(reading.start());
    for (std::size_t i = 0; i < reading.events().size(); ++i) {
      const auto& [column, item] = reading.paths()[i];
      where = Path{h.index, column, item};
      sink_.event(reading.events()[i]);
    }
    where = Path{h.index, 16, -1};
    if (riichi_paid && reading.riichi_pending() >= 0) {
      Event e;
      e.kind = EventKind::ReachAccepted;
      e.actor = static_cast<std::int8_t>(reading.riichi_pending());
      sink_.event(e);
    }
    sink_.hand_end(rec, nullptr);
  } catch (const RecordError& e) {
    // The replay's errors (a win's included) name no place: the hand's path does.
    throw Bad{where, e.message};
  }
}

// --- the byte stream: one game, or a list of games read one at a time ---------------------------
class Tenhou6Reader final : public RecordReader {
 public:
  Tenhou6Reader(std::string source, GameSink& sink) : source_(std::move(source)), sink_(sink) {}
  void feed(std::string_view bytes) override;
  void finish() override;

 private:
  enum class State : std::uint8_t { Start, Game, Between, Done };
  [[noreturn]] void fail(const std::string& message, long event = -1, std::string tag = {}) const {
    throw RecordError{source_ + ": " + message, event, std::move(tag), ""};
  }
  void game_done();

  std::string source_;
  GameSink& sink_;
  State state_ = State::Start;
  bool list_ = false, comma_ok_ = false, comma_seen_ = false;
  std::string buf_;
  std::string open_;  // the brackets open in the game's text
  bool mismatch_ = false;
  bool in_string_ = false, escape_ = false;
  std::size_t total_ = 0;
  long games_ = 0;
};

void Tenhou6Reader::feed(std::string_view bytes) {
  total_ += bytes.size();
  if (total_ > kMaxMjlogBytes)
    fail("more than " + std::to_string(kMaxMjlogBytes >> 20) + " MiB of tenhou.net/6 JSON (the limit of a log)");
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    const char c = bytes[i];
    switch (state_) {
      case State::Game: {
        // Inside a game: keep its text; strings are skipped so brackets in names do not count.
        std::size_t j = i;
        for (; j < bytes.size(); ++j) {
          const char d = bytes[j];
          if (in_string_) {
            if (escape_) escape_ = false;
            else if (d == '\\') escape_ = true;
            else if (d == '"') in_string_ = false;
          } else if (d == '"') {
            in_string_ = true;
          } else if (d == '{' || d == '[') {
            open_.push_back(d);
          } else if (d == '}' || d == ']') {
            // A closer that does not match its opener ends the text here: the JSON parser then
            // names the fault.
            const bool match = !open_.empty() && open_.back() == (d == '}' ? '{' : '[');
            if (!match) {
              mismatch_ = true;
              break;
            }
            open_.pop_back();
            if (open_.empty()) break;
          }
        }
        const std::size_t stop = j < bytes.size() ? j + 1 : j;
        buf_.append(bytes.substr(i, stop - i));
        if (buf_.size() > kMaxGameBytes)
          fail((list_ ? "game " + std::to_string(games_) + ": " : std::string()) + "more than " + std::to_string(kMaxGameBytes) +
               " bytes of JSON in one game");
        i = stop - 1;
        if (open_.empty() || mismatch_) game_done();
        break;
      }
      case State::Start:
      case State::Between:
      case State::Done:
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') break;
        if (state_ == State::Start && total_ - bytes.size() + i == 0 && bytes.substr(i, 3) == "\xEF\xBB\xBF") {
          i += 2;  // a byte-order mark
          break;
        }
        if (state_ == State::Start) {
          if (c == '[') {
            list_ = true;
            state_ = State::Between;
            break;
          }
          if (c != '{') fail("not tenhou.net/6 JSON: a game ({\"log\": ...}) or a list of games expected");
        } else if (state_ == State::Between) {
          if (c == ',' && comma_ok_) {
            comma_ok_ = false;
            comma_seen_ = true;
            break;
          }
          if (c == ']' && !comma_seen_) {
            state_ = State::Done;
            break;
          }
          if (c != '{' || comma_ok_)
            fail("game " + std::to_string(games_) + ": not JSON: '" + echo(std::string(1, c)) + "' where a game ({...}) " +
                 (comma_ok_ ? "ends (',' or ']' expected)" : "starts"));
        } else {
          fail(std::string("text after the ") + (list_ ? "list of games" : "game"));
        }
        // A game starts.
        state_ = State::Game;
        comma_seen_ = false;
        buf_.assign(1, '{');
        open_.assign(1, '{');
        in_string_ = escape_ = false;
        break;
    }
  }
}

void Tenhou6Reader::game_done() {
  const std::string source = list_ ? source_ + "#" + std::to_string(games_) : source_;
  Json game;
  try {
    game = Json::parse(buf_);
  } catch (const InputError& e) {
    throw RecordError{source + ": not JSON: " + e.detail(), -1, "", ""};
  }
  buf_.clear();
  buf_.shrink_to_fit();
  try {
    GameReader(game, source, sink_).read();
  } catch (const Bad& b) {
    long event = -1;
    if (b.path.rfind("log[", 0) == 0) event = std::strtol(b.path.c_str() + 4, nullptr, 10);
    throw RecordError{source + ": " + (b.path.empty() ? "" : b.path + ": ") + b.message, event, b.path, ""};
  }
  ++games_;
  state_ = list_ ? State::Between : State::Done;
  comma_ok_ = list_;
}

void Tenhou6Reader::finish() {
  if (state_ == State::Start) fail("empty: no tenhou.net/6 game");
  if (state_ == State::Game) fail((list_ ? "game " + std::to_string(games_) + ": " : std::string()) + "truncated (the JSON ends inside the game)");
  if (state_ == State::Between) fail("truncated (the list of games has no closing ']')");
}

}  // namespace

std::unique_ptr<RecordReader> make_tenhou6_reader(const std::string& source, GameSink& sink) {
  return std::make_unique<Tenhou6Reader>(source, sink);
}

}  // namespace tenbou::records
