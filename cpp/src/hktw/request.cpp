// Reading and validating a Hong Kong-Taiwan request (hktw.md section 0): 16 tiles
// won with a 17th, up to 5 melds, 8 flowers, and the game situation the
// situational patterns need.
#include <string>

#include "core/suggest.hpp"
#include "core/json_fields.hpp"
#include "core/limits.hpp"
#include "tenbou/hktw.hpp"
#include "tenbou/value_view.hpp"

namespace tenbou {
namespace {

constexpr Choice<HktwRiichi> kRiichiChoices[] = {
    {"none", HktwRiichi::None}, {"open_hand", HktwRiichi::OpenHand}, {"closed", HktwRiichi::Closed}};

// The seed knows no red fives.
void check_hktw_tile(ParsedTile t, const std::string& field) {
  if (t.red)
    throw InputError("tile_not_in_rules", field,
                     tile_name(t.tile, true) + ": red fives are not part of Hong Kong-Taiwan rules (write the plain five)");
}

const char* foreign_key_hint(std::string_view key) {
  if (key == "dora_indicators" || key == "ura_indicators") return "Hong Kong-Taiwan rules have no dora (flowers score instead)";
  if (key == "riichi_sticks") return "Hong Kong-Taiwan rules have no riichi sticks; the pool goes in \"pool\"";
  if (key == "method") return "\"method\" applies to riichi rules only";
  if (key == "rinshan") return "a win on a kan replacement is \"kan_replacement_win\": 1, 2 or 3 consecutive kans";
  if (key == "double_riichi") return "seed 002 has no double riichi";
  if (key == "variant") return "\"variant\" belongs to Korean rules";
  return nullptr;
}

}  // namespace

void check_hktw_flags(const HktwRequest& r) {
  auto bad = [](const std::string& msg) { throw InputError("bad_flags", "", msg); };
  const bool closed = r.closed();
  if (r.riichi == HktwRiichi::Closed && !closed)
    bad("riichi \"closed\" (문전리치) needs a concealed hand; with called melds it is \"open_hand\" (울어리치, seed 002 L28)");
  if (r.riichi == HktwRiichi::OpenHand && closed)
    bad("riichi \"open_hand\" (울어리치) is declared after calling: the hand has no called meld; use \"closed\" (문전리치)");
  if (r.ippatsu && r.riichi == HktwRiichi::None) bad("ippatsu without riichi");
  if (r.haitei && !r.tsumo) bad("haitei is a win on the last wall tile: it must be tsumo (the last discard is houtei)");
  if (r.houtei && r.tsumo) bad("houtei is a win on the last discard: it cannot be tsumo");
  if (r.flower_replacement_win > 0 && !r.tsumo) bad("flower_replacement_win (화쯔모) is a win on a replacement draw: it must be tsumo");
  if (r.flower_replacement_win > bit_count(r.flowers))
    bad("flower_replacement_win " + std::to_string(r.flower_replacement_win) + " needs as many flowers in \"flowers\" (" +
        std::to_string(bit_count(r.flowers)) + " given)");
  if (r.kan_replacement_win > 0 && !r.tsumo) bad("kan_replacement_win (깡쯔모) is a win on a replacement draw: it must be tsumo");
  if (r.kan_replacement_win > r.kan_count())
    bad("kan_replacement_win " + std::to_string(r.kan_replacement_win) + " needs as many kans among the melds (" +
        std::to_string(r.kan_count()) + " given)");
  if (r.chankan > 0 && r.tsumo) bad("chankan (창깡) is a win on another player's kan tile: it cannot be tsumo");
  if (r.chankan > 0 && (r.houtei || r.haitei)) bad("chankan with haitei or houtei");
  if ((r.haitei || r.houtei) && (r.flower_replacement_win > 0 || r.kan_replacement_win > 0))
    bad("haitei/houtei with a replacement-draw win: a replacement comes from the dead wall, not the last tile");
  const int first_turn = r.tenhou + r.chiihou + r.renhou;
  if (first_turn > 1) bad("only one of tenhou, chiihou and renhou can apply");
  if (first_turn) {
    if (!r.melds.empty()) bad("tenhou, chiihou and renhou need a hand with no call (melds given)");
    if (r.riichi != HktwRiichi::None || r.haitei || r.houtei || r.chankan || r.kan_replacement_win)
      bad("tenhou, chiihou or renhou with riichi, haitei, houtei, chankan or a kan replacement");
  }
  if (r.tenhou && r.seat_wind != Wind::East) bad("tenhou (천화) is the dealer's win: seat_wind must be E");
  if ((r.chiihou || r.renhou) && r.seat_wind == Wind::East)
    bad("chiihou (지화) and renhou (인화) are a non-dealer's wins: seat_wind cannot be E");
  if ((r.tenhou || r.chiihou) && !r.tsumo) bad("tenhou and chiihou are self-drawn wins: tsumo cannot be false");
  if (r.renhou && r.tsumo) bad("renhou (인화) is a ron before one's first draw: tsumo must be false");
}

HktwRequest hktw_request_on(const HktwRequest& before, Tile win, bool tsumo) {
  HktwRequest r = before;
  if (r.hand[win] < 255) ++r.hand[win];
  r.win_tile = win;
  r.has_win_tile = true;
  r.tsumo = tsumo;
  if (tsumo) {
    r.houtei = r.renhou = false;
    r.chankan = 0;
  } else {
    r.haitei = r.tenhou = r.chiihou = false;
    r.flower_replacement_win = r.kan_replacement_win = 0;
  }
  return r;
}

HktwRequest hktw_request_from(const ValueView& req, BeforeWin* before_win) {
  if (req.kind() != ValueView::Kind::Object)
    throw InputError("bad_type", "", "a request must be a JSON object, not " + type_phrase(req));
  HktwRequest r;
  std::string_view hand, win, flowers, own_discards, visible;
  bool have_hand = false, have_win = false, tsumo_given_false = false, have_tsumo = false;
  SmallList<std::string_view, 5> meld_texts;
  TileTextRoom room;  // tile fields given as arrays or ids, as text (notation.hpp); no red fives here
  const TileForm tiles{false, false}, one_tile{false, true};
  int riichi_true = 0;  // riichi: true (the kind follows the hand, once the melds are read)
  req.each_member([&](std::string_view key, const ValueView& v) {
    if (key == "rules") {
      if (get_string(v, key) != "hktw") throw InputError("bad_value", "rules", "expected \"hktw\"");
    } else if (key == "hand") { hand = tile_field(v, key, room, tiles); have_hand = true; }
    else if (key == "win_tile") {
      if (v.kind() != ValueView::Kind::Null) { win = tile_field(v, key, room, one_tile); have_win = true; }
    } else if (key == "melds") {
      if (v.kind() == ValueView::Kind::Null) return;
      if (v.kind() != ValueView::Kind::Array)
        throw InputError("bad_type", "melds", "must be an array of strings, not " + type_phrase(v));
      if (v.size() > 5)
        throw InputError("bad_meld", "melds", std::to_string(v.size()) + " melds given; a 17-tile hand has at most 5");
      v.each_item([&](std::size_t i, const ValueView& item) {
        meld_texts.push(get_string(item, "melds[" + std::to_string(i) + "]"));
      });
    } else if (key == "tsumo") { r.tsumo = get_bool(v, key); tsumo_given_false = !r.tsumo; have_tsumo = true; }
    else if ((key == "own_discards" || key == "visible") && before_win) (key == "visible" ? visible : own_discards) = tile_field(v, key, room, tiles);
    else if (key == "seat_wind") r.seat_wind = parse_wind(v, key);
    else if (key == "round_wind") r.round_wind = parse_wind(v, key);
    else if (key == "flowers") flowers = get_string(v, key);
    else if (key == "riichi") {
      if (v.kind() == ValueView::Kind::Bool) riichi_true = v.as_bool();  // a Riichi-speaking caller
      else if (v.kind() == ValueView::Kind::String && v.as_string() == "문전리치") r.riichi = HktwRiichi::Closed;
      else if (v.kind() == ValueView::Kind::String && v.as_string() == "울어리치") r.riichi = HktwRiichi::OpenHand;
      else r.riichi = parse_choice(v, "riichi", kRiichiChoices);
    }
    else if (key == "ippatsu") r.ippatsu = get_bool(v, key);
    else if (key == "haitei") r.haitei = get_bool(v, key);
    else if (key == "houtei") r.houtei = get_bool(v, key);
    else if (key == "flower_replacement_win") r.flower_replacement_win = static_cast<int>(get_int(v, key, 0, 8));
    else if (key == "kan_replacement_win") r.kan_replacement_win = static_cast<int>(get_int(v, key, 0, 3));
    else if (key == "chankan")
      r.chankan = v.kind() == ValueView::Kind::Bool ? (v.as_bool() ? 1 : 0) : static_cast<int>(get_int(v, key, 0, 3));
    else if (key == "tenhou") r.tenhou = get_bool(v, key);
    else if (key == "chiihou") r.chiihou = get_bool(v, key);
    else if (key == "renhou") r.renhou = get_bool(v, key);
    else if (key == "discards_on_table")
      r.discards_on_table = v.kind() == ValueView::Kind::Null ? -1 : static_cast<int>(get_int(v, key, 0, 136));
    else if (key == "honba") r.honba = get_int(v, key, 0, 10000);
    else if (key == "pool") r.pool = get_int(v, key, 0, 1000000000);
    else if (key == "options") r.rules = hktw_rules_from(&v);
    else if (const char* hint = foreign_key_hint(key))
      throw InputError("unknown_key", std::string(key), "not a Hong Kong-Taiwan request key: " + std::string(hint));
    else
      throw InputError("unknown_key", std::string(key),
                       "unknown request key '" + echo(key) + "'" +
                           did_you_mean(key, {"rules", "hand", "win_tile", "melds", "tsumo", "own_discards", "visible",
                                              "seat_wind", "round_wind", "flowers", "riichi", "ippatsu", "haitei", "houtei",
                                              "flower_replacement_win", "kan_replacement_win", "chankan", "tenhou",
                                              "chiihou", "renhou", "discards_on_table", "honba", "pool", "options"}));
  });
  if (before_win && (have_win || have_tsumo))
    throw InputError("bad_value", have_win ? "win_tile" : "tsumo",
                     "a hand before the win is scored both by ron and by tsumo: leave win_tile and tsumo out");
  if (!before_win && (r.tenhou || r.chiihou)) {
    if (tsumo_given_false) throw InputError("bad_flags", "", "tenhou and chiihou are self-drawn wins: tsumo cannot be false");
    r.tsumo = true;
  }

  if (!have_hand) throw InputError("bad_value", "hand", "the request has no \"hand\"");
  TileCounts seen{};
  auto count = [](std::uint8_t& c) { if (c < 200) ++c; };  // saturate: a fifth copy is reported below
  const std::size_t hand_count = parse_tiles_each(hand, "hand", [&](ParsedTile t) {
    check_hktw_tile(t, "hand");
    count(r.hand[t.tile]);
    count(seen[t.tile]);
  });
  for (std::size_t i = 0; i < meld_texts.size(); ++i) {
    const std::string field = "melds[" + std::to_string(i) + "]";
    const Meld m = parse_meld(meld_texts[i], field);
    check_hktw_tile({m.tile, m.reds > 0}, field);
    for (int k = 0; k < m.size(); ++k) count(seen[m.kind == MeldKind::Chi ? m.tile + k : m.tile]);
    r.melds.push(m);
  }
  r.flowers = parse_flowers(flowers, "flowers", 8);
  if (before_win) {
    const auto read_seen = [&](std::string_view text, const char* field, TileCounts& into) {
      parse_tiles_each(text, field, [&](ParsedTile t) {
        check_hktw_tile(t, field);
        count(into[t.tile]);
        count(seen[t.tile]);
      });
    };
    read_seen(own_discards, "own_discards", before_win->own_discards);
    read_seen(visible, "visible", before_win->visible);
    const std::size_t want = 16 - 3 * r.melds.size();
    if (hand_count != want)
      throw InputError("tile_count", "hand",
                       std::to_string(hand_count) + " tiles given; with " + std::to_string(r.melds.size()) +
                           " meld(s) the hand must hold " + std::to_string(want) + " tiles before the win");
    for (int t = 0; t < kTileKinds; ++t)
      if (seen[t] > 4)
        throw InputError("too_many_copies", "",
                         std::to_string(seen[t]) + " copies of " + tile_name(static_cast<Tile>(t)) +
                             " counting hand, melds, own discards and visible tiles (there are 4)");
    if (riichi_true) r.riichi = r.closed() ? HktwRiichi::Closed : HktwRiichi::OpenHand;
    return r;
  }

  if (riichi_true) r.riichi = r.closed() ? HktwRiichi::Closed : HktwRiichi::OpenHand;

  // 16 tiles in play and the winning 17th (L8); a kan counts 3 here, as in the contract.
  const std::size_t with_win = 17 - 3 * r.melds.size();
  const bool all_flowers = r.flowers == 0xFF;
  const bool no_last_tile_ok = r.tenhou || all_flowers;  // the dealt hand / the hand ends on the eighth flower
  if (hand_count != with_win && !(all_flowers && !have_win && hand_count == with_win - 1))
    throw InputError("tile_count", "hand",
                     std::to_string(hand_count) + " tiles given; with " + std::to_string(r.melds.size()) +
                         " meld(s) the hand must hold " + std::to_string(with_win) +
                         " tiles including the winning tile (16 in play + the 17th that wins, a kan counting 3; "
                         "flowers go in \"flowers\")");
  for (int t = 0; t < kTileKinds; ++t)
    if (seen[t] > 4)
      throw InputError("too_many_copies", "",
                       std::to_string(seen[t]) + " copies of " + tile_name(static_cast<Tile>(t)) +
                           " counting hand and melds (there are 4)");
  if (have_win) {
    const ParsedTile w = parse_single_tile(win, "win_tile");
    check_hktw_tile(w, "win_tile");
    if (r.hand[w.tile] == 0)
      throw InputError("win_tile_missing", "win_tile",
                       "the winning tile " + tile_name(w.tile) + " is not in the hand (hand includes the winning tile)");
    r.win_tile = w.tile;
    r.has_win_tile = true;
  } else if (!no_last_tile_ok) {
    throw InputError("bad_value", "win_tile", "the request has no \"win_tile\" (only a tenhou (천화) has no last tile)");
  }
  if (!all_flowers) check_hktw_flags(r);
  return r;
}

}  // namespace tenbou
