#include "tenbou/request.hpp"

#include <string>

#include "riichi/request_reader.hpp"

#include "core/suggest.hpp"
#include "core/json_fields.hpp"
#include "tenbou/error.hpp"
#include "core/limits.hpp"
#include "core/binary_value.hpp"
#include "tenbou/value_view.hpp"

namespace tenbou {
namespace riichi_reader {

void not_riichi(std::string_view rules) {
  throw InputError("bad_value", "rules",
                   "this request is read as \"riichi\", got \"" + echo(rules) + "\" (score it through score_request)");
}
void bad_melds(const ValueView& melds) {
  throw InputError("bad_type", "melds", "must be an array of strings, not " + type_phrase(melds));
}
void too_many_melds(std::size_t count) {
  throw InputError("bad_meld", "melds", std::to_string(count) + " melds given; a hand has at most 4");
}
void bad_meld_item(const ValueView& item, std::size_t index) {
  throw InputError("bad_type", "melds[" + std::to_string(index) + "]", "must be a string, not " + type_phrase(item));
}
void bad_players(std::int64_t players) {
  throw InputError("bad_value", "players", "must be 3 (sanma) or 4, got " + std::to_string(players));
}
void bad_kita(std::int64_t kita) {
  throw InputError("bad_value", "kita", "must be between 0 and 4 (there are four North tiles), got " + std::to_string(kita));
}
void not_before_win(std::string_view key) {
  throw InputError("unknown_key", std::string(key),
                   "'" + echo(key) + "' belongs to a hand before the win (waits, shanten), not to a scored hand");
}
void unknown_key(std::string_view key) {
  throw InputError("unknown_key", std::string(key),
                   "unknown request key '" + echo(key) + "'" +
                       did_you_mean(key, {"rules", "method", "hand", "win_tile", "melds", "tsumo", "seat_wind", "round_wind",
                                          "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei",
                                          "tenhou", "chiihou", "renhou", "dora_indicators", "ura_indicators", "honba",
                                          "riichi_sticks", "options", "own_discards", "visible", "players", "kita"}));
}

void parse_indicators(std::string_view text, std::string_view field, IndicatorList& out, TileCounts& seen,
                      std::array<std::uint8_t, 3>& seen_reds) {
  const std::size_t n = parse_tiles_each(text, field, [&](ParsedTile t) {
    out.push(t.tile);  // (past 5 not kept: refused below)
    ++seen[t.tile];
    if (t.red) ++seen_reds[static_cast<int>(suit_of(t.tile))];
  });
  if (n > static_cast<std::size_t>(IndicatorList::capacity()))
    throw InputError("bad_value", std::string(field), std::to_string(n) + " indicators given; a hand has at most 5 (1 + one per kan)");
}

void check_three_player_tiles(const TileCounts& counts, std::string_view field, int red_fives) {
  for (Tile t = 1; t <= 7; ++t)
    if (counts[t])
      throw InputError("tile_not_in_rules", std::string(field),
                       tile_name(t, number_of(t) == 5 && red_fives >= counts[t]) + " is not in three-player mahjong: 2m-8m are removed, the manzu are 1m and 9m only");
}

void check_three_player_tiles(const IndicatorList& tiles, std::string_view field, int red_fives) {
  TileCounts counts{};
  for (Tile t : tiles) ++counts[t];
  check_three_player_tiles(counts, field, red_fives);
}

void check_flags(const RiichiRequest& r, bool tsumo_given_false, bool before_win) {
  auto bad = [](const std::string& msg) { throw InputError("bad_flags", "", msg); };
  const bool closed = r.closed();
  if (r.riichi && !closed) bad("riichi with an open hand (only closed kans may be declared)");
  if (r.ippatsu && !r.riichi) bad("ippatsu without riichi");
  // Three-player: a kita is replaced from the dead wall too, and a win on that tile is rinshan.
  if (r.rinshan && r.kan_count() == 0 && r.kita == 0)
    bad(r.players == 3 ? "rinshan without a kan among the melds or a kita" : "rinshan without a kan among the melds");
  if (!r.ura_indicators.empty() && !r.riichi) bad("ura_indicators given but the hand is not in riichi");
  if (r.ura_indicators.size() > r.dora_indicators.size())
    throw InputError("bad_value", "ura_indicators", "more ura indicators than dora indicators");
  if (before_win) return;  // checked on the ron and tsumo forms (riichi_request_on)
  // Most wins hold none of the rarer flags, which every check below reads.
  if (!(r.ippatsu || r.rinshan || r.chankan || r.haitei || r.houtei || r.tenhou || r.chiihou || r.renhou)) return;
  if (r.chankan && r.tsumo) bad("chankan is a win on another player's added kan: it cannot be tsumo");
  if (r.rinshan && !r.tsumo) bad("rinshan is a win on the kan replacement draw: it must be tsumo");
  if (r.haitei && !r.tsumo) bad("haitei is a win on the last drawn tile: it must be tsumo (houtei is the ron)");
  if (r.houtei && r.tsumo) bad("houtei is a win on the last discard: it cannot be tsumo (haitei is the tsumo)");
  if (r.haitei && r.rinshan) bad("haitei and rinshan together: the kan replacement tile is never the last live-wall tile");
  if (r.chankan && (r.rinshan || r.haitei || r.houtei)) bad("chankan with rinshan, haitei or houtei");
  if (r.ippatsu && r.rinshan) bad("ippatsu and rinshan together: the winner's own kan ends the ippatsu turn");
  const bool first_turn_flags = r.riichi || r.ippatsu || r.rinshan || r.chankan || r.haitei || r.houtei;
  if (r.tenhou) {
    if (!r.dealer()) bad("tenhou is the dealer's win on the first draw: seat_wind must be E");
    if (tsumo_given_false) bad("tenhou is a tsumo win: tsumo cannot be false");
    if (!r.melds.empty()) bad("tenhou with melds");
    if (first_turn_flags || r.chiihou || r.renhou) bad("tenhou with riichi, ippatsu, rinshan, chankan, haitei, houtei, chiihou or renhou");
  }
  if (r.chiihou) {
    if (r.dealer()) bad("chiihou is a non-dealer's win on the first draw: seat_wind cannot be E");
    if (tsumo_given_false) bad("chiihou is a tsumo win: tsumo cannot be false");
    if (!r.melds.empty()) bad("chiihou with melds");
    if (first_turn_flags || r.renhou) bad("chiihou with riichi, ippatsu, rinshan, chankan, haitei, houtei or renhou");
  }
  if (r.renhou) {
    if (r.dealer()) bad("renhou is a non-dealer's ron before the first draw: seat_wind cannot be E");
    if (r.tsumo) bad("renhou is a ron: tsumo must be false");
    if (!r.melds.empty()) bad("renhou with melds");
    if (first_turn_flags) bad("renhou with riichi, ippatsu, rinshan, chankan, haitei or houtei");
  }
}


const RiichiRequest& finish_riichi(RiichiFields& fields, BeforeWin* before_win) {
  RiichiRequest& r = fields.request;
  const std::string_view hand = fields.hand, win = fields.win, dora = fields.dora, ura = fields.ura,
                         own_discards = fields.own_discards, visible = fields.visible;
  const bool have_hand = fields.have_hand, have_win = fields.have_win, have_dora = fields.have_dora,
             have_ura = fields.have_ura, have_tsumo = fields.have_tsumo;
  const SmallList<std::string_view, 4>& meld_texts = fields.meld_texts;
  const bool tsumo_given_false = fields.tsumo_given_false;
  // contract.md: double_riichi implies riichi; tenhou and chiihou imply tsumo.
  if (r.double_riichi) r.riichi = true;
  if (before_win && have_tsumo)
    throw InputError("bad_value", "tsumo", "a hand before the win is scored both by ron and by tsumo: leave tsumo out");
  if (before_win && have_win)
    throw InputError("bad_value", "win_tile", "a hand before the win has no winning tile yet: leave win_tile out");
  if (!before_win && (r.tenhou || r.chiihou)) r.tsumo = true;

  if (!have_hand) throw InputError("bad_value", "hand", "the request has no \"hand\"");

  const std::size_t hand_count = parse_tiles_each(hand, "hand", [&](ParsedTile t) {
    // Saturate: a count past 4 is reported below, and must not wrap around.
    if (r.hand[t.tile] < 200) ++r.hand[t.tile];
    if (t.red && r.hand_reds[static_cast<int>(suit_of(t.tile))] < 200) ++r.hand_reds[static_cast<int>(suit_of(t.tile))];
  });
  // Every copy of a kind counted so far: the hand's, then the melds' and indicators'.
  TileCounts seen = r.hand;
  std::array<std::uint8_t, 3> seen_reds = r.hand_reds;
  const bool three_players = r.players == 3;
  if (three_players) check_three_player_tiles(r.hand, "hand", r.hand_reds[0]);
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
  const int reds_before_dora = seen_reds[0];  // (0m among each list: named as given below)
  if (have_dora) parse_indicators(dora, "dora_indicators", r.dora_indicators, seen, seen_reds);
  const int reds_before_ura = seen_reds[0];
  if (have_ura) parse_indicators(ura, "ura_indicators", r.ura_indicators, seen, seen_reds);
  if (three_players) {
    check_three_player_tiles(r.dora_indicators, "dora_indicators", reds_before_ura - reds_before_dora);
    check_three_player_tiles(r.ura_indicators, "ura_indicators", seen_reds[0] - reds_before_ura);
    if (r.seat_wind == Wind::North)
      throw InputError("bad_value", "seat_wind", "three-player mahjong has no North seat: E, S or W");
    seen[kNorth] = static_cast<std::uint8_t>(seen[kNorth] + r.kita);  // kita tiles are North tiles
  } else if (r.kita > 0) {
    throw InputError("bad_value", "kita",
                     "kita (North tiles set aside as dora) exist only in three-player mahjong: add \"players\": 3");
  }
  if (before_win) {
    auto add_seen = [&](std::string_view text, const char* field, TileCounts& into) {
      const int reds_before = seen_reds[0];
      parse_tiles_each(text, field, [&](ParsedTile t) {
        if (into[t.tile] < 200) ++into[t.tile];
        if (seen[t.tile] < 200) ++seen[t.tile];
        if (t.red) ++seen_reds[static_cast<int>(suit_of(t.tile))];
      });
      return seen_reds[0] - reds_before;
    };
    const int discarded_reds = add_seen(own_discards, "own_discards", before_win->own_discards);
    const int visible_reds = add_seen(visible, "visible", before_win->visible);
    if (three_players) {
      check_three_player_tiles(before_win->own_discards, "own_discards", discarded_reds);
      check_three_player_tiles(before_win->visible, "visible", visible_reds);
    }
  }

  const std::size_t want = (before_win ? 13 : 14) - 3 * r.melds.size();
  if (hand_count != want)
    throw InputError("tile_count", "hand",
                     std::to_string(hand_count) + " tiles given; with " + std::to_string(r.melds.size()) +
                         " meld(s) the hand must hold " + std::to_string(want) +
                         (before_win ? " tiles before the win" : " tiles including the winning tile"));
  if (any_count_over(seen, 4))  // (the loop only to name the kind)
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
    check_three_player_tiles(one, "win_tile", w.red);
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

}  // namespace riichi_reader

using riichi_reader::check_flags;

RiichiRequest riichi_request_on(const RiichiRequest& before, Tile win, bool tsumo) {
  RiichiRequest r = completed_by(before, win, tsumo);
  r.win_red = false;
  return r;
}

void check_riichi_flags(const RiichiRequest& r) { check_flags(r, false, false); }

const char* rules_family_name(RulesFamily family) {
  switch (family) {
    case RulesFamily::Korean: return "korean";
    case RulesFamily::Hktw: return "hktw";
    case RulesFamily::Riichi: break;
  }
  return "riichi";
}

RulesFamily rules_family(const ValueView& req) {
  RulesFamily family = RulesFamily::Riichi;
  if (req.kind() != ValueView::Kind::Object) return family;  // the parser reports it
  req.each_member([&](std::string_view key, const ValueView& v) {
    if (!is(key, "rules")) return;
    const std::string_view s = get_string(v, "rules");
    if (s == "riichi") family = RulesFamily::Riichi;
    else if (s == "korean") family = RulesFamily::Korean;
    else if (s == "hktw") family = RulesFamily::Hktw;
    else throw InputError("bad_value", "rules", "must be \"riichi\", \"korean\" or \"hktw\", got \"" + echo(s) + "\"");
  });
  return family;
}


RiichiRequest riichi_request_from(const ValueView& request, BeforeWin* before_win) {
  return riichi_reader::read_riichi(request, before_win);
}

RiichiRequest riichi_request_from(const binary::View& request, BeforeWin* before_win) {
  return riichi_reader::read_riichi(request, before_win);
}

}  // namespace tenbou
