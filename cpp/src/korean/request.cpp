// Reading and validating a Korean request (korean.md section 0).
#include <string>

#include "core/suggest.hpp"
#include "core/json_fields.hpp"
#include "core/limits.hpp"
#include "tenbou/korean.hpp"
#include "tenbou/value_view.hpp"

namespace tenbou {
namespace {

constexpr Choice<KoreanRiichi> kRiichiChoices[] = {{"none", KoreanRiichi::None},
                                                   {"eopeo", KoreanRiichi::Eopeo},
                                                   {"bulleo", KoreanRiichi::Bulleo},
                                                   {"weja_bulleo", KoreanRiichi::WejaBulleo}};

// Korean mahjong has no souzu (L115) and the seed knows no red fives.
void check_korean_tile(ParsedTile t, const std::string& field) {
  if (suit_of(t.tile) == Suit::Sou)
    throw InputError("tile_not_in_rules", field,
                     tile_name(t.tile) + ": Korean mahjong has no souzu (bamboo) tiles; flowers are written f1-f4 "
                                         "(seed 004 L115)");
  if (t.red)
    throw InputError("tile_not_in_rules", field,
                     tile_name(t.tile, true) + ": red fives are not part of Korean rules (write the plain five)");
}

// Keys of the contract that belong to other rule families.
const char* foreign_key_hint(std::string_view key) {
  if (key == "dora_indicators" || key == "ura_indicators") return "Korean mahjong has no dora indicators (겐쇼 and flowers take their place)";
  if (key == "honba" || key == "riichi_sticks") return "the seed gives no honba or riichi-stick rule for Korean mahjong";
  if (key == "method") return "\"method\" applies to riichi rules only";
  if (key == "ippatsu") return "Korean mahjong has no ippatsu";
  return nullptr;
}

void check_flags(const KoreanRequest& r, bool tsumo_given_false) {
  auto bad = [](const std::string& msg) { throw InputError("bad_flags", "", msg); };
  const bool declared = r.riichi != KoreanRiichi::None || r.double_riichi;
  int kans = 0;
  for (const auto& m : r.melds) kans += m.is_kan();
  if (declared && !r.closed()) bad("엎어/불러 (riichi) needs a concealed hand: no pon or open kan (seed 004 L105)");
  if (r.chankan && r.tsumo) bad("chankan (깡쏘아) is a win on another player's added kan: it cannot be tsumo");
  if (r.rinshan && !r.tsumo) bad("rinshan (깡올라) is a win on the kan replacement draw: it must be tsumo");
  if (r.rinshan && kans == 0) bad("rinshan (깡올라) without a kan among the melds");
  if (r.haitei && !r.tsumo) bad("haitei (하이테이 올라) is a win on the last drawn tile: it must be tsumo");
  if (r.houtei && r.tsumo) bad("houtei (하이테이 쏘아) is a win on the last discard: it cannot be tsumo");
  if (r.haitei && r.rinshan) bad("haitei and rinshan together: the kan replacement tile is never the last wall tile");
  if (r.chankan && (r.rinshan || r.haitei || r.houtei)) bad("chankan with rinshan, haitei or houtei");
  const int first_turn = r.tenhou + r.chiihou + r.renhou;
  if (first_turn > 1) bad("only one of tenhou, chiihou and renhou can apply");
  if (first_turn) {
    if (!r.melds.empty()) bad("tenhou, chiihou and renhou need a hand with no call (melds given)");
    if (declared || r.haitei || r.houtei || r.rinshan || r.chankan)
      bad("tenhou, chiihou or renhou with riichi, haitei, houtei, rinshan or chankan");
  }
  if (r.tenhou && r.seat_wind != Wind::East) bad("tenhou (천화) is the dealer's win: seat_wind must be E");
  if ((r.chiihou || r.renhou) && r.seat_wind == Wind::East)
    bad("chiihou (지화) and renhou (인화) are a non-dealer's wins: seat_wind cannot be E");
  if ((r.tenhou || r.chiihou) && tsumo_given_false) bad("tenhou and chiihou are tsumo wins: tsumo cannot be false");
  if (r.renhou && r.tsumo) bad("renhou (인화) is a ron: tsumo must be false");
}

}  // namespace

KoreanRequest korean_request_on(const KoreanRequest& before, Tile win, bool tsumo) {
  KoreanRequest r = completed_by(before, win, tsumo);
  r.has_win_tile = true;
  return r;
}

void check_korean_flags(const KoreanRequest& r) { check_flags(r, false); }

KoreanRequest korean_request_from(const ValueView& req, BeforeWin* before_win) {
  if (req.kind() != ValueView::Kind::Object)
    throw InputError("bad_type", "", "a request must be a JSON object, not " + type_phrase(req));
  KoreanRequest r;
  std::string_view hand, win, flowers, discards, visible;
  bool have_hand = false, have_win = false, tsumo_given_false = false, have_tsumo = false;
  SmallList<std::string_view, 4> meld_texts;
  TileTextRoom room;  // tile fields given as arrays or ids, as text (notation.hpp); no red fives here
  const TileForm tiles{false, false}, one_tile{false, true};
  req.each_member([&](std::string_view key, const ValueView& v) {
    if (key == "rules") {
      if (get_string(v, key) != "korean") throw InputError("bad_value", "rules", "expected \"korean\"");
    } else if (key == "variant") r.variant = parse_korean_variant(v, key);
    else if (key == "hand") { hand = tile_field(v, key, room, tiles); have_hand = true; }
    else if (key == "win_tile") {
      if (v.kind() != ValueView::Kind::Null) { win = tile_field(v, key, room, one_tile); have_win = true; }
    } else if (key == "flowers") flowers = get_string(v, key);
    else if (key == "own_discards") discards = tile_field(v, key, room, tiles);
    else if (key == "melds") {
      if (v.kind() == ValueView::Kind::Null) return;
      if (v.kind() != ValueView::Kind::Array)
        throw InputError("bad_type", "melds", "must be an array of strings, not " + type_phrase(v));
      if (v.size() > 4) throw InputError("bad_meld", "melds", std::to_string(v.size()) + " melds given; a hand has at most 4");
      v.each_item([&](std::size_t i, const ValueView& item) {
        meld_texts.push(get_string(item, "melds[" + std::to_string(i) + "]"));
      });
    } else if (key == "tsumo") { r.tsumo = get_bool(v, key); tsumo_given_false = !r.tsumo; have_tsumo = true; }
    else if (key == "visible") {
      if (!before_win)
        throw InputError("unknown_key", "visible", "'visible' belongs to a hand before the win (waits, shanten), not to a scored hand");
      visible = tile_field(v, key, room, tiles);
    }
    else if (key == "seat_wind") r.seat_wind = parse_wind(v, key);
    else if (key == "round_wind") r.round_wind = parse_wind(v, key);
    else if (key == "riichi") {
      // true/false are accepted as eopeo/none for callers that speak Riichi.
      r.riichi = v.kind() == ValueView::Kind::Bool ? (v.as_bool() ? KoreanRiichi::Eopeo : KoreanRiichi::None)
                                                   : parse_choice(v, std::string(key), kRiichiChoices);
    } else if (key == "double_riichi") r.double_riichi = get_bool(v, key);
    else if (key == "haitei") r.haitei = get_bool(v, key);
    else if (key == "houtei") r.houtei = get_bool(v, key);
    else if (key == "rinshan") r.rinshan = get_bool(v, key);
    else if (key == "chankan") r.chankan = get_bool(v, key);
    else if (key == "tenhou") r.tenhou = get_bool(v, key);
    else if (key == "chiihou") r.chiihou = get_bool(v, key);
    else if (key == "renhou") r.renhou = get_bool(v, key);
    else if (key == "options") r.rules = korean_rules_from(&v);
    else if (const char* hint = foreign_key_hint(key))
      throw InputError("unknown_key", std::string(key), "not a Korean request key: " + std::string(hint));
    else
      throw InputError("unknown_key", std::string(key),
                       "unknown request key '" + echo(key) + "'" +
                           did_you_mean(key, {"rules", "variant", "hand", "win_tile", "flowers", "own_discards", "melds",
                                              "tsumo", "visible", "seat_wind", "round_wind", "riichi", "double_riichi",
                                              "haitei", "houtei", "rinshan", "chankan", "tenhou", "chiihou", "renhou",
                                              "options"}));
  });
  // 부지부 엎어 is a 엎어 declared on the first go-around (L71): it implies eopeo.
  if (r.double_riichi && r.riichi == KoreanRiichi::None) r.riichi = KoreanRiichi::Eopeo;
  if (!before_win && (r.tenhou || r.chiihou)) r.tsumo = true;
  if (before_win && have_tsumo)
    throw InputError("bad_value", "tsumo", "a hand before the win is scored both by ron and by tsumo: leave tsumo out");

  if (!have_hand) throw InputError("bad_value", "hand", "the request has no \"hand\"");
  TileCounts seen{};
  auto count = [](std::uint8_t& c) { if (c < 200) ++c; };  // saturate: a fifth copy is reported below
  const std::size_t hand_count = parse_tiles_each(hand, "hand", [&](ParsedTile t) {
    check_korean_tile(t, "hand");
    count(r.hand[t.tile]);
    count(seen[t.tile]);
  });
  for (std::size_t i = 0; i < meld_texts.size(); ++i) {
    const std::string field = "melds[" + std::to_string(i) + "]";
    const Meld m = parse_meld(meld_texts[i], field);
    if (m.kind == MeldKind::Chi)
      throw InputError("meld_not_in_rules", field, "Korean mahjong has no chi: a sequence is only completed by drawing or by ron (seed 004 L54, L94)");
    check_korean_tile({m.tile, m.reds > 0}, field);
    for (int k = 0; k < m.size(); ++k) count(seen[m.tile]);
    r.melds.push(m);
  }
  parse_tiles_each(discards, "own_discards", [&](ParsedTile t) {
    check_korean_tile(t, "own_discards");
    count(r.own_discards[t.tile]);
    count(seen[t.tile]);
  });
  r.flowers = parse_flowers(flowers, "flowers", 4);
  if (before_win) {
    before_win->own_discards = r.own_discards;
    parse_tiles_each(visible, "visible", [&](ParsedTile t) {
      check_korean_tile(t, "visible");
      count(before_win->visible[t.tile]);
      count(seen[t.tile]);
    });
  }

  const std::size_t want = (before_win ? 13 : 14) - 3 * r.melds.size();
  if (hand_count != want)
    throw InputError("tile_count", "hand",
                     std::to_string(hand_count) + " tiles given; with " + std::to_string(r.melds.size()) +
                         " meld(s) the hand must hold " + std::to_string(want) +
                         (before_win ? " tiles before the win" : " tiles including the winning tile") +
                         " (flowers go in \"flowers\")");
  for (int t = 0; t < kTileKinds; ++t)
    if (seen[t] > 4)
      throw InputError("too_many_copies", "",
                       std::to_string(seen[t]) + " copies of " + tile_name(static_cast<Tile>(t)) +
                           " counting hand, melds and own discards (there are 4)");
  if (before_win) {
    if (have_win) throw InputError("bad_value", "win_tile", "the hand before the win has no winning tile yet: leave win_tile out");
    // Ron and tsumo are both scored: the request must make sense as one of them at least.
    try {
      check_flags(korean_request_on(r, 0, false), false);
    } catch (const InputError&) {
      check_flags(korean_request_on(r, 0, true), false);
    }
    return r;
  }
  if (have_win) {
    const ParsedTile w = parse_single_tile(win, "win_tile");
    check_korean_tile(w, "win_tile");
    if (r.hand[w.tile] == 0)
      throw InputError("win_tile_missing", "win_tile",
                       "the winning tile " + tile_name(w.tile) + " is not in the hand (hand includes the winning tile)");
    r.win_tile = w.tile;
    r.has_win_tile = true;
  } else if (!r.tenhou) {
    throw InputError("bad_value", "win_tile", "the request has no \"win_tile\" (only a tenhou (천화) has no last tile)");
  }
  check_flags(r, tsumo_given_false);
  return r;
}

}  // namespace tenbou
