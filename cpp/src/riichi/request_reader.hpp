// The Riichi request reader, a template over the view it reads (internal): the core
// instantiates it for ValueView (any view) and binary::View (the WebAssembly batch
// path); the Python binding for its dict view, so that every read is a direct call.
#pragma once
#include <string>
#include <string_view>

#include "core/json_fields.hpp"
#include "tenbou/binary_value.hpp"
#include "tenbou/error.hpp"
#include "tenbou/limits.hpp"
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
  if (key.id < 0) return request_key(key.text);
  static const auto by_id = [] {
    std::array<Key, binary::detail::kRequestKeyCount> out{};
    for (int i = 0; i < binary::detail::kRequestKeyCount; ++i) out[i] = request_key(binary::detail::kRequestKeyNames[i]);
    return out;
  }();
  return by_id[key.id];
}

IndicatorList parse_indicators(std::string_view text, std::string_view field, TileCounts& seen,
                               std::array<std::uint8_t, 3>& seen_reds);
// Three-player mahjong is played without 2m-8m (108 tiles): any of them is invalid input.
void check_three_player_tiles(const TileCounts& counts, std::string_view field);
void check_three_player_tiles(const IndicatorList& tiles, std::string_view field);
void check_flags(const RiichiRequest& r, bool tsumo_given_false, bool before_win);

// The reader, for any view type: with binary::View (final, non-virtual member walk)
// every call below is direct; other views go through the ValueView interface.
template <typename V>
RiichiRequest read_riichi(const V& req, BeforeWin* before_win) {
  if (req.kind() != ValueView::Kind::Object)
    throw InputError("bad_type", "", "a request must be a JSON object, not " + type_phrase(req));
  RiichiRequest r;
  // Text fields are read as views (valid while `req` lives) and checked in a fixed
  // order below, so the same bad request gives the same error however it is written.
  std::string_view hand, win, dora, ura, own_discards, visible;
  bool have_hand = false, have_win = false, have_dora = false, have_ura = false, have_tsumo = false;
  SmallList<std::string_view, 4> meld_texts;
  bool tsumo_given_false = false;
  // `key` is a std::string_view, or a view's own key type that converts to one (the Python
  // binding's carries the key object, which it looks up by identity: see py_view.hpp).
  visit_members(req, [&](const auto& key, const auto& v) {
    switch (request_key(key)) {
      case Key::Rules: {
        const std::string_view s = get_string(v, "rules");
        if (s != "riichi")
          throw InputError("bad_value", "rules", "this request is read as \"riichi\", got \"" + echo(s) +
                                                     "\" (score it through score_request)");
        break;
      }
      case Key::Method: r.method = parse_method(v, "method"); break;
      case Key::Hand: hand = get_string(v, key); have_hand = true; break;
      case Key::WinTile: win = get_string(v, key); have_win = true; break;
      case Key::DoraIndicators: dora = get_string(v, key); have_dora = true; break;
      case Key::UraIndicators: ura = get_string(v, key); have_ura = true; break;
      case Key::Melds:
        if (v.kind() == ValueView::Kind::Null) break;
        if (v.kind() != ValueView::Kind::Array)
          throw InputError("bad_type", "melds", "must be an array of strings, not " + type_phrase(v));
        if (v.size() > 4)
          throw InputError("bad_meld", "melds", std::to_string(v.size()) + " melds given; a hand has at most 4");
        visit_items(v, [&](std::size_t i, const auto& item) {
          if (item.kind() != ValueView::Kind::String) get_string(item, "melds[" + std::to_string(i) + "]");
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
      case Key::Options: r.rules = riichi_rules_from(&v); break;
      case Key::Players: {
        const auto n = get_int(v, key, 0, 1000);
        if (n != 3 && n != 4)
          throw InputError("bad_value", "players", "must be 3 (sanma) or 4, got " + std::to_string(n));
        r.players = static_cast<std::uint8_t>(n);
        break;
      }
      case Key::Kita: {
        const auto n = get_int(v, key, 0, 1000);
        if (n > 4) throw InputError("bad_value", "kita", "must be between 0 and 4 (there are four North tiles), got " + std::to_string(n));
        r.kita = static_cast<std::uint8_t>(n);
        break;
      }
      case Key::OwnDiscards:
      case Key::Visible:
        if (!before_win)
          throw InputError("unknown_key", std::string(key),
                           "'" + echo(key) + "' belongs to a hand before the win (waits, shanten), not to a scored hand");
        (request_key(key) == Key::Visible ? visible : own_discards) = get_string(v, key);
        break;
      case Key::Unknown:
        throw InputError("unknown_key", std::string(key), "unknown request key '" + echo(key) + "'");
    }
  });
  // contract.md: double_riichi implies riichi; tenhou and chiihou imply tsumo.
  if (r.double_riichi) r.riichi = true;
  if (before_win && have_tsumo)
    throw InputError("bad_value", "tsumo", "a hand before the win is scored both by ron and by tsumo: leave tsumo out");
  if (before_win && have_win)
    throw InputError("bad_value", "win_tile", "a hand before the win has no winning tile yet: leave win_tile out");
  if (!before_win && (r.tenhou || r.chiihou)) r.tsumo = true;

  if (!have_hand) throw InputError("bad_value", "hand", "the request has no \"hand\"");

  TileCounts seen{};
  std::array<std::uint8_t, 3> seen_reds{};
  const std::size_t hand_count = parse_tiles_each(hand, "hand", [&](ParsedTile t) {
    // Saturate: a count past 4 is reported below, and must not wrap around.
    if (r.hand[t.tile] < 200) ++r.hand[t.tile];
    if (seen[t.tile] < 200) ++seen[t.tile];
    if (t.red) {
      if (r.hand_reds[static_cast<int>(suit_of(t.tile))] < 200) ++r.hand_reds[static_cast<int>(suit_of(t.tile))];
      if (seen_reds[static_cast<int>(suit_of(t.tile))] < 200) ++seen_reds[static_cast<int>(suit_of(t.tile))];
    }
  });
  const bool three_players = r.players == 3;
  if (three_players) check_three_player_tiles(r.hand, "hand");
  for (std::size_t i = 0; i < meld_texts.size(); ++i) {
    char field_text[] = "melds[0]";  // at most 4 melds: one digit
    field_text[6] = static_cast<char>('0' + i);
    const std::string_view field(field_text, sizeof field_text - 1);
    Meld m = parse_meld(meld_texts[i], field);
    if (three_players) {
      if (m.kind == MeldKind::Chi)
        throw InputError("meld_not_in_rules", std::string(field), "three-player mahjong has no chi (pon and kan only)");
      TileCounts meld_tiles{};
      meld_tiles[m.tile] = 1;
      check_three_player_tiles(meld_tiles, field);
    }
    for (int k = 0; k < m.size(); ++k) ++seen[m.kind == MeldKind::Chi ? m.tile + k : m.tile];
    if (m.reds) seen_reds[static_cast<int>(suit_of(m.tile))] += m.reds;
    r.melds.push_back(m);
  }
  if (have_dora) r.dora_indicators = parse_indicators(dora, "dora_indicators", seen, seen_reds);
  if (have_ura) r.ura_indicators = parse_indicators(ura, "ura_indicators", seen, seen_reds);
  if (three_players) {
    check_three_player_tiles(r.dora_indicators, "dora_indicators");
    check_three_player_tiles(r.ura_indicators, "ura_indicators");
    if (r.seat_wind == Wind::North)
      throw InputError("bad_value", "seat_wind", "three-player mahjong has no North seat: E, S or W");
    seen[kNorth] = static_cast<std::uint8_t>(seen[kNorth] + r.kita);  // kita tiles are North tiles
  } else if (r.kita > 0) {
    throw InputError("bad_value", "kita",
                     "kita (North tiles set aside as dora) exist only in three-player mahjong: add \"players\": 3");
  }
  if (before_win) {
    auto add_seen = [&](std::string_view text, const char* field, TileCounts& into) {
      parse_tiles_each(text, field, [&](ParsedTile t) {
        if (into[t.tile] < 200) ++into[t.tile];
        if (seen[t.tile] < 200) ++seen[t.tile];
        if (t.red) ++seen_reds[static_cast<int>(suit_of(t.tile))];
      });
    };
    add_seen(own_discards, "own_discards", before_win->own_discards);
    add_seen(visible, "visible", before_win->visible);
    if (three_players) {
      check_three_player_tiles(before_win->own_discards, "own_discards");
      check_three_player_tiles(before_win->visible, "visible");
    }
  }

  const std::size_t want = (before_win ? 13 : 14) - 3 * r.melds.size();
  if (hand_count != want)
    throw InputError("tile_count", "hand",
                     std::to_string(hand_count) + " tiles given; with " + std::to_string(r.melds.size()) +
                         " meld(s) the hand must hold " + std::to_string(want) +
                         (before_win ? " tiles before the win" : " tiles including the winning tile"));
  for (int t = 0; t < kTileKinds; ++t)
    if (seen[t] > 4)
      throw InputError("too_many_copies", "",
                       std::to_string(seen[t]) + " copies of " + tile_name(static_cast<Tile>(t)) +
                           (before_win ? " counting hand, melds, indicators, own discards and visible tiles"
                                       : " counting hand, melds and indicators") +
                           (t == kNorth && r.kita ? " and kita (there are 4)" : " (there are 4)"));
  for (int s = 0; s < 3; ++s)
    if (seen_reds[s] > 1)
      throw InputError("too_many_copies", "",
                       std::to_string(seen_reds[s]) + " red fives 0" + suit_letter(static_cast<Suit>(s)) +
                           " counting hand, melds and indicators (there is 1)");

  if (before_win) {
    check_flags(r, false, true);
    // Ron and tsumo are both scored: the request must make sense as one of them at least.
    const Tile any = 0;
    try {
      check_flags(riichi_request_on(r, any, false), false, false);
    } catch (const InputError&) {
      check_flags(riichi_request_on(r, any, true), false, false);
    }
    return r;
  }
  if (!have_win) throw InputError("bad_value", "win_tile", "the request has no \"win_tile\"");
  ParsedTile w = parse_single_tile(win, "win_tile");
  if (three_players && !in_three_player_set(w.tile)) {
    TileCounts one{};
    one[w.tile] = 1;
    check_three_player_tiles(one, "win_tile");
  }
  r.win_tile = w.tile;
  r.win_red = w.red;
  const int suit = is_honor(w.tile) ? -1 : static_cast<int>(suit_of(w.tile));
  const bool present = w.red ? (suit >= 0 && r.hand_reds[suit] > 0)
                             : r.hand[w.tile] > (number_of(w.tile) == 5 && suit >= 0 ? r.hand_reds[suit] : 0);
  if (!present)
    throw InputError("win_tile_missing", "win_tile",
                     "the winning tile " + tile_name(w.tile, w.red) + " is not in the hand (hand includes the winning tile)");
  check_flags(r, tsumo_given_false, false);
  return r;
}

}  // namespace tenbou::riichi_reader
