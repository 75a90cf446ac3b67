// The Riichi request reader, a template over the view it reads (internal): the core
// instantiates it for ValueView (any view) and binary::View (the WebAssembly batch
// path); the Python binding for its dict view, so that every read is a direct call.
#pragma once
#include <string>
#include <string_view>

#include "core/json_fields.hpp"
#include "core/binary_value.hpp"
#include "tenbou/error.hpp"
#include "core/limits.hpp"
#include "tenbou/notation.hpp"
#include "tenbou/options_schema.hpp"
#include "tenbou/request.hpp"
#include "tenbou/rules.hpp"
#include "tenbou/value_view.hpp"

namespace tenbou::riichi_reader {

// The request's keys. Looked up by length first: a request has a dozen keys and
// this runs for every one of millions of requests.
enum class Key {
  Rules, Method, Hand, WinTile, Melds, Tsumo, SeatWind, RoundWind, Riichi, DoubleRiichi, Ippatsu, Rinshan,
  Chankan, Haitei, Houtei, Tenhou, Chiihou, Renhou, DoraIndicators, UraIndicators, Honba, RiichiSticks, Options,
  OwnDiscards, Visible, Players, Kita, Unknown
};

inline Key request_key(std::string_view k) {
  switch (k.size()) {
    case 4:
      if (is(k, "hand")) return Key::Hand;
      if (is(k, "kita")) return Key::Kita;
      break;
    case 5:
      if (is(k, "tsumo")) return Key::Tsumo;
      if (is(k, "melds")) return Key::Melds;
      if (is(k, "honba")) return Key::Honba;
      if (is(k, "rules")) return Key::Rules;
      break;
    case 6:
      if (is(k, "riichi")) return Key::Riichi;
      if (is(k, "method")) return Key::Method;
      if (is(k, "haitei")) return Key::Haitei;
      if (is(k, "houtei")) return Key::Houtei;
      if (is(k, "tenhou")) return Key::Tenhou;
      if (is(k, "renhou")) return Key::Renhou;
      break;
    case 7:
      if (is(k, "options")) return Key::Options;
      if (is(k, "visible")) return Key::Visible;
      if (is(k, "ippatsu")) return Key::Ippatsu;
      if (is(k, "rinshan")) return Key::Rinshan;
      if (is(k, "chankan")) return Key::Chankan;
      if (is(k, "chiihou")) return Key::Chiihou;
      if (is(k, "players")) return Key::Players;
      break;
    case 8: if (is(k, "win_tile")) return Key::WinTile; break;
    case 12: if (is(k, "own_discards")) return Key::OwnDiscards; break;
    case 9: if (is(k, "seat_wind")) return Key::SeatWind; break;
    case 10: if (is(k, "round_wind")) return Key::RoundWind; break;
    case 13:
      if (is(k, "riichi_sticks")) return Key::RiichiSticks;
      if (is(k, "double_riichi")) return Key::DoubleRiichi;
      break;
    case 14: if (is(k, "ura_indicators")) return Key::UraIndicators; break;
    case 15: if (is(k, "dora_indicators")) return Key::DoraIndicators; break;
    default: break;
  }
  return Key::Unknown;
}

// A key of the binary form (the WebAssembly batch path) by its dictionary id: the text
// is compared once per id, not once per request.
inline Key request_key(const binary::Key& key) {
  const int id = key.id();
  if (id < 0) return request_key(key.text());
  static const auto by_id = [] {
    std::array<Key, binary::detail::kRequestKeyCount> out{};
    for (int i = 0; i < binary::detail::kRequestKeyCount; ++i) out[i] = request_key(binary::detail::kRequestKeyNames[i]);
    return out;
  }();
  return by_id[id];
}

// What read_riichi_fields read: every plain value, and the tile texts not yet parsed.
struct RiichiFields {
  RiichiRequest request;
  std::string_view hand, win, dora, ura, own_discards, visible;
  bool have_hand = false, have_win = false, have_dora = false, have_ura = false, have_tsumo = false;
  bool tsumo_given_false = false;
  SmallList<std::string_view, 4> meld_texts;
  TileTextRoom room;  // the texts of tile fields given as arrays or ids (notation.hpp)
};

// Parses dora or ura indicators into `out` (empty before), counting them into `seen`.
void parse_indicators(std::string_view text, std::string_view field, IndicatorList& out, TileCounts& seen,
                      std::array<std::uint8_t, 3>& seen_reds);
// Three-player mahjong is played without 2m-8m (108 tiles): any of them is invalid input.
// `red_fives`: how many of the 5m counted are the red 0m (the error names the tile as given).
void check_three_player_tiles(const TileCounts& counts, std::string_view field, int red_fives = 0);
void check_three_player_tiles(const IndicatorList& tiles, std::string_view field, int red_fives = 0);
void check_flags(const RiichiRequest& r, bool tsumo_given_false, bool before_win);

// The reader's errors, out of line: the member visitor below runs once per key of every
// request, and inlined message building made it a large function with a large frame.
[[noreturn]] void not_riichi(std::string_view rules);
[[noreturn]] void bad_melds(const ValueView& melds);
[[noreturn]] void too_many_melds(std::size_t count);
[[noreturn]] void bad_meld_item(const ValueView& item, std::size_t index);
[[noreturn]] void bad_players(std::int64_t players);
[[noreturn]] void bad_kita(std::int64_t kita);
[[noreturn]] void not_before_win(std::string_view key);
[[noreturn]] void unknown_key(std::string_view key);

// The option row of `key` in the Riichi options table (rules.cpp), or nullptr.
const OptionSpec* riichi_option_row(std::string_view key);

// A switch's value when it is plainly valid (a bool for a bool row, an int in range for an
// int row, a choice's name), as the row's code; false for anything else, which the full
// reader (riichi_rules_from) then reads and, if it is wrong, names.
template <typename V>
bool plain_option_value(const OptionSpec& o, const V& v, std::int64_t& out) {
  if (o.bind.read || !o.bind.set) return false;
  switch (o.type) {
    case OptionType::Bool:
      if (v.kind() != ValueView::Kind::Bool) return false;
      out = v.as_bool();
      return true;
    case OptionType::Int: {
      if (v.kind() != ValueView::Kind::Int) return false;
      const std::int64_t i = v.as_int();
      if (i < o.min || i > o.max || (o.multiple_of && i % o.multiple_of != 0)) return false;
      if (o.values.size) {
        bool allowed = false;
        for (std::int64_t a : o.values) allowed |= a == i;
        if (!allowed) return false;
      }
      out = i;
      return true;
    }
    case OptionType::Choice: {
      if (v.kind() != ValueView::Kind::String) return false;
      const std::string_view s = v.as_string();
      for (std::size_t i = 0; i < o.choices.size; ++i)
        if (s == o.choices.items[i]) {
          out = static_cast<std::int64_t>(i);
          return true;
        }
      return false;
    }
    default: return false;
  }
}

// The request's "options", read in one walk with the view's own type: a preset (or none)
// and a few plainly valid switches, as callers write them ({"preset": "tenhou",
// "red_fives": true, "open_tanyao": true} is what `tenbou mjlog` writes). Anything else,
// and every error, goes to riichi_rules_from (rules.cpp), which reads the preset first and
// then each switch in order: the same rules and the same errors, read twice as slowly.
template <typename V>
RiichiRules read_riichi_options(const V& options) {
  if (options.kind() == ValueView::Kind::Object) {
    struct Switch {
      const OptionSpec* row;
      std::int64_t value;
    };
    SmallList<Switch, 8> switches;
    std::string_view preset;
    bool have_preset = false, plain = true;
    try {  // (a text that is not valid Unicode, say: the full reader names it, in its order)
      visit_members(options, [&](const auto& key, const auto& v) {
        if (!plain) return;
        const std::string_view k(key);
        if (is(k, "preset")) {
          if (have_preset || v.kind() != ValueView::Kind::String) plain = false;
          else preset = v.as_string(), have_preset = true;
          return;
        }
        const OptionSpec* row = riichi_option_row(k);
        std::int64_t value = 0;
        if (!row || switches.count == 8 || !plain_option_value(*row, v, value)) {
          plain = false;
          return;
        }
        switches.push({row, value});
      });
    } catch (const InputError&) {
      plain = false;
    }
    RiichiRules r;
    if (plain && (!have_preset || riichi_preset(preset, r))) {
      for (int i = 0; i < switches.count; ++i) switches.items[i].row->bind.set(&r, switches.items[i].value);
      return r;
    }
  }
  return riichi_rules_from(&options);
}

// The reader in two steps. read_riichi_fields walks the members (any view type: with
// binary::View or the Python dict view every call is direct) into RiichiFields: the
// plain values in `request`, the tile texts as views (valid while `req` lives, or while
// whoever copied them keeps the copies). finish_riichi (request.cpp) then parses the tile
// texts and checks the whole request, in a fixed order, so the same bad request gives the
// same error however it is written. The Python binding runs the second step on a scoring
// thread, after copying the texts.
template <typename V>
void read_riichi_fields(const V& req, BeforeWin* before_win, RiichiFields& fields) {
  if (req.kind() != ValueView::Kind::Object)
    throw InputError("bad_type", "", "a request must be a JSON object, not " + type_phrase(req));
  static const RiichiFields kEmpty{};  // one copy, not a temporary built and copied per request
  fields = kEmpty;
  RiichiRequest& r = fields.request;
  std::string_view &hand = fields.hand, &win = fields.win, &dora = fields.dora, &ura = fields.ura,
                   &own_discards = fields.own_discards, &visible = fields.visible;
  bool &have_hand = fields.have_hand, &have_win = fields.have_win, &have_dora = fields.have_dora,
       &have_ura = fields.have_ura, &have_tsumo = fields.have_tsumo;
  SmallList<std::string_view, 4>& meld_texts = fields.meld_texts;
  bool& tsumo_given_false = fields.tsumo_given_false;
  // `key` is a std::string_view, or a view's own key type that converts to one (the Python
  // binding's carries the key object, which it looks up by identity: see py_view.hpp).
  visit_members(req, [&](const auto& key, const auto& v) TENBOU_ALWAYS_INLINE {
    switch (request_key(key)) {
      case Key::Rules: {
        const std::string_view s = get_string(v, "rules");
        if (s != "riichi") not_riichi(s);
        break;
      }
      case Key::Method: r.method = parse_method(v, "method"); break;
      case Key::Hand: hand = tile_field(v, key, fields.room); have_hand = true; break;
      case Key::WinTile: win = tile_field(v, key, fields.room, {true, true}); have_win = true; break;
      case Key::DoraIndicators: dora = tile_field(v, key, fields.room); have_dora = true; break;
      case Key::UraIndicators: ura = tile_field(v, key, fields.room); have_ura = true; break;
      case Key::Melds:
        if (v.kind() == ValueView::Kind::Null) break;
        if (v.kind() != ValueView::Kind::Array) bad_melds(v);
        if (v.size() > 4) too_many_melds(v.size());
        visit_items(v, [&](std::size_t i, const auto& item) {
          if (item.kind() != ValueView::Kind::String) bad_meld_item(item, i);
          meld_texts.push(item.as_string());
        });
        break;
      case Key::Tsumo: r.tsumo = get_bool(v, key); tsumo_given_false = !r.tsumo; have_tsumo = true; break;
      case Key::SeatWind: r.seat_wind = parse_wind(v, key); break;
      case Key::RoundWind: r.round_wind = parse_wind(v, key); break;
      case Key::Riichi: r.riichi = get_bool(v, key); break;
      case Key::DoubleRiichi: r.double_riichi = get_bool(v, key); break;
      case Key::Ippatsu: r.ippatsu = get_bool(v, key); break;
      case Key::Rinshan: r.rinshan = get_bool(v, key); break;
      case Key::Chankan: r.chankan = get_bool(v, key); break;
      case Key::Haitei: r.haitei = get_bool(v, key); break;
      case Key::Houtei: r.houtei = get_bool(v, key); break;
      case Key::Tenhou: r.tenhou = get_bool(v, key); break;
      case Key::Chiihou: r.chiihou = get_bool(v, key); break;
      case Key::Renhou: r.renhou = get_bool(v, key); break;
      case Key::Honba: r.honba = get_int(v, key, 0, 10000); break;
      case Key::RiichiSticks: r.riichi_sticks = get_int(v, key, 0, 10000); break;
      case Key::Options: r.rules = read_riichi_options(v); break;
      case Key::Players: {
        const auto n = get_int(v, key, INT64_MIN, INT64_MAX);  // (the bound is said by bad_players)
        if (n != 3 && n != 4) bad_players(n);
        r.players = static_cast<std::uint8_t>(n);
        break;
      }
      case Key::Kita: {
        const auto n = get_int(v, key, INT64_MIN, INT64_MAX);  // (the bound is said by bad_kita)
        if (n < 0 || n > 4) bad_kita(n);
        r.kita = static_cast<std::uint8_t>(n);
        break;
      }
      case Key::OwnDiscards:
      case Key::Visible:
        if (!before_win) not_before_win(key);
        (request_key(key) == Key::Visible ? visible : own_discards) = tile_field(v, key, fields.room);
        break;
      case Key::Unknown: unknown_key(key);
    }
  });
}

// Parses the tile texts of `fields` and checks the whole request (request.cpp), in place:
// returns fields.request, now complete.
const RiichiRequest& finish_riichi(RiichiFields& fields, BeforeWin* before_win);

template <typename V>
RiichiRequest read_riichi(const V& req, BeforeWin* before_win) {
  RiichiFields fields;
  read_riichi_fields(req, before_win, fields);
  return finish_riichi(fields, before_win);
}

}  // namespace tenbou::riichi_reader
