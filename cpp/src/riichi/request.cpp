#include "tenbou/request.hpp"

#include <string>

#include "riichi/request_reader.hpp"

#include "core/json_fields.hpp"
#include "tenbou/error.hpp"
#include "tenbou/limits.hpp"
#include "tenbou/binary_value.hpp"
#include "tenbou/value_view.hpp"

namespace tenbou {
namespace riichi_reader {

IndicatorList parse_indicators(std::string_view text, std::string_view field, TileCounts& seen,
                               std::array<std::uint8_t, 3>& seen_reds) {
  IndicatorList out;
  const std::size_t n = parse_tiles_each(text, field, [&](ParsedTile t) {
    out.push(t.tile);
    ++seen[t.tile];
    if (t.red) ++seen_reds[static_cast<int>(suit_of(t.tile))];
  });
  if (n > static_cast<std::size_t>(IndicatorList::capacity()))
    throw InputError("bad_value", std::string(field), std::to_string(n) + " indicators given; a hand has at most 5 (1 + one per kan)");
  return out;
}

void check_three_player_tiles(const TileCounts& counts, std::string_view field) {
  for (Tile t = 1; t <= 7; ++t)
    if (counts[t])
      throw InputError("tile_not_in_rules", std::string(field),
                       tile_name(t) + " is not in three-player mahjong: 2m-8m are removed, the manzu are 1m and 9m only");
}

void check_three_player_tiles(const IndicatorList& tiles, std::string_view field) {
  TileCounts counts{};
  for (Tile t : tiles) ++counts[t];
  check_three_player_tiles(counts, field);
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

}  // namespace riichi_reader

using riichi_reader::check_flags;

RiichiRequest riichi_request_on(const RiichiRequest& before, Tile win, bool tsumo) {
  RiichiRequest r = completed_by(before, win, tsumo);
  r.win_red = false;
  return r;
}

void check_riichi_flags(const RiichiRequest& r) { check_flags(r, false, false); }

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
