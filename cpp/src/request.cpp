#include "tenbou/request.hpp"

#include <string>

#include "json_fields.hpp"
#include "tenbou/error.hpp"
#include "tenbou/json.hpp"

namespace tenbou {
namespace {

Wind parse_wind(const Json& v, const std::string& field) {
  const std::string& s = get_string(v, field);
  if (s == "E") return Wind::East;
  if (s == "S") return Wind::South;
  if (s == "W") return Wind::West;
  if (s == "N") return Wind::North;
  throw InputError("bad_value", field, "must be \"E\", \"S\", \"W\" or \"N\", got \"" + s + "\"");
}

std::vector<Tile> parse_indicators(const Json& v, const std::string& field, TileCounts& seen,
                                   std::array<std::uint8_t, 3>& seen_reds) {
  std::vector<Tile> out;
  for (const auto& t : parse_tiles(get_string(v, field), field)) {
    out.push_back(t.tile);
    ++seen[t.tile];
    if (t.red) ++seen_reds[static_cast<int>(suit_of(t.tile))];
  }
  if (out.size() > 5)
    throw InputError("bad_value", field,
                     std::to_string(out.size()) + " indicators given; a hand has at most 5 (1 + one per kan)");
  return out;
}

void check_flags(const RiichiRequest& r, bool tsumo_given_false) {
  auto bad = [](const std::string& msg) { throw InputError("bad_flags", "", msg); };
  const bool closed = r.closed();
  if (r.riichi && !closed) bad("riichi with an open hand (only closed kans may be declared)");
  if (r.ippatsu && !r.riichi) bad("ippatsu without riichi");
  if (r.chankan && r.tsumo) bad("chankan is a win on another player's added kan: it cannot be tsumo");
  if (r.rinshan && !r.tsumo) bad("rinshan is a win on the kan replacement draw: it must be tsumo");
  if (r.rinshan && r.kan_count() == 0) bad("rinshan without a kan among the melds");
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
  if (!r.ura_indicators.empty() && !r.riichi) bad("ura_indicators given but the hand is not in riichi");
  if (r.ura_indicators.size() > r.dora_indicators.size())
    throw InputError("bad_value", "ura_indicators", "more ura indicators than dora indicators");
}

}  // namespace

RiichiRequest riichi_request_from_json(const Json& req) {
  if (req.type() != Json::Type::Object)
    throw InputError("bad_type", "", std::string("a request must be a JSON object, not ") + Json::type_name(req.type()));
  RiichiRequest r;
  const Json* hand = nullptr;
  const Json* win = nullptr;
  const Json* melds = nullptr;
  const Json* dora = nullptr;
  const Json* ura = nullptr;
  bool tsumo_given_false = false;
  for (const auto& [key, v] : req.members()) {
    if (key == "rules") {
      const std::string& s = get_string(v, "rules");
      if (s == "korean" || s == "hktw")
        throw InputError("unsupported", "rules", "rules \"" + s + "\" are not available in this version yet");
      if (s != "riichi") throw InputError("bad_value", "rules", "must be \"riichi\", \"korean\" or \"hktw\", got \"" + s + "\"");
    } else if (key == "method") {
      const std::string& s = get_string(v, "method");
      if (s == "fuhan") r.method = Method::FuHan;
      else if (s == "han_only" || s == "aotenjo")
        throw InputError("unsupported", "method", "method \"" + s + "\" is not available in this version yet");
      else throw InputError("bad_value", "method", "must be \"fuhan\", \"han_only\" or \"aotenjo\", got \"" + s + "\"");
    } else if (key == "hand") hand = &v;
    else if (key == "win_tile") win = &v;
    else if (key == "melds") melds = &v;
    else if (key == "dora_indicators") dora = &v;
    else if (key == "ura_indicators") ura = &v;
    else if (key == "tsumo") { r.tsumo = get_bool(v, key); tsumo_given_false = !r.tsumo; }
    else if (key == "seat_wind") r.seat_wind = parse_wind(v, key);
    else if (key == "round_wind") r.round_wind = parse_wind(v, key);
    else if (key == "riichi") r.riichi = get_bool(v, key);
    else if (key == "double_riichi") r.double_riichi = get_bool(v, key);
    else if (key == "ippatsu") r.ippatsu = get_bool(v, key);
    else if (key == "rinshan") r.rinshan = get_bool(v, key);
    else if (key == "chankan") r.chankan = get_bool(v, key);
    else if (key == "haitei") r.haitei = get_bool(v, key);
    else if (key == "houtei") r.houtei = get_bool(v, key);
    else if (key == "tenhou") r.tenhou = get_bool(v, key);
    else if (key == "chiihou") r.chiihou = get_bool(v, key);
    else if (key == "renhou") r.renhou = get_bool(v, key);
    else if (key == "honba") r.honba = get_int(v, key, 0, 10000);
    else if (key == "riichi_sticks") r.riichi_sticks = get_int(v, key, 0, 10000);
    else if (key == "options") r.rules = riichi_rules_from_json(&v);
    else throw InputError("unknown_key", key, "unknown request key '" + key + "'");
  }
  // contract.md: double_riichi implies riichi; tenhou and chiihou imply tsumo.
  if (r.double_riichi) r.riichi = true;
  if (r.tenhou || r.chiihou) r.tsumo = true;

  if (!hand) throw InputError("bad_value", "hand", "the request has no \"hand\"");
  if (!win) throw InputError("bad_value", "win_tile", "the request has no \"win_tile\"");

  TileCounts seen{};
  std::array<std::uint8_t, 3> seen_reds{};
  for (const auto& t : parse_tiles(get_string(*hand, "hand"), "hand")) {
    ++r.hand[t.tile];
    ++seen[t.tile];
    if (t.red) {
      ++r.hand_reds[static_cast<int>(suit_of(t.tile))];
      ++seen_reds[static_cast<int>(suit_of(t.tile))];
    }
  }
  if (melds && !melds->is_null()) {
    if (melds->type() != Json::Type::Array)
      throw InputError("bad_type", "melds", std::string("must be an array of strings, not ") + Json::type_name(melds->type()));
    if (melds->items().size() > 4)
      throw InputError("bad_meld", "melds", std::to_string(melds->items().size()) + " melds given; a hand has at most 4");
    for (std::size_t i = 0; i < melds->items().size(); ++i) {
      const std::string field = "melds[" + std::to_string(i) + "]";
      Meld m = parse_meld(get_string(melds->items()[i], field), field);
      for (int k = 0; k < m.size(); ++k) ++seen[m.kind == MeldKind::Chi ? m.tile + k : m.tile];
      if (m.reds) seen_reds[static_cast<int>(suit_of(m.tile))] += m.reds;
      r.melds.push_back(m);
    }
  }
  if (dora) r.dora_indicators = parse_indicators(*dora, "dora_indicators", seen, seen_reds);
  if (ura) r.ura_indicators = parse_indicators(*ura, "ura_indicators", seen, seen_reds);

  int hand_count = 0;
  for (auto c : r.hand) hand_count += c;
  const int want = 14 - 3 * static_cast<int>(r.melds.size());
  if (hand_count != want)
    throw InputError("tile_count", "hand",
                     std::to_string(hand_count) + " tiles given; with " + std::to_string(r.melds.size()) +
                         " meld(s) the hand must hold " + std::to_string(want) + " tiles including the winning tile");
  for (int t = 0; t < kTileKinds; ++t)
    if (seen[t] > 4)
      throw InputError("too_many_copies", "",
                       std::to_string(seen[t]) + " copies of " + tile_name(static_cast<Tile>(t)) +
                           " counting hand, melds and indicators (there are 4)");
  for (int s = 0; s < 3; ++s)
    if (seen_reds[s] > 1)
      throw InputError("too_many_copies", "",
                       std::to_string(seen_reds[s]) + " red fives 0" + suit_letter(static_cast<Suit>(s)) +
                           " counting hand, melds and indicators (there is 1)");

  ParsedTile w = parse_single_tile(get_string(*win, "win_tile"), "win_tile");
  r.win_tile = w.tile;
  r.win_red = w.red;
  const int suit = is_honor(w.tile) ? -1 : static_cast<int>(suit_of(w.tile));
  const bool present = w.red ? (suit >= 0 && r.hand_reds[suit] > 0)
                             : r.hand[w.tile] > (number_of(w.tile) == 5 && suit >= 0 ? r.hand_reds[suit] : 0);
  if (!present)
    throw InputError("win_tile_missing", "win_tile",
                     "the winning tile " + tile_name(w.tile, w.red) + " is not in the hand (hand includes the winning tile)");
  check_flags(r, tsumo_given_false);
  return r;
}

}  // namespace tenbou
