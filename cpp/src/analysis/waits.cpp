// Shanten, ukeire and waits with scores (issue: "Before the win").
#include "tenbou/waits.hpp"

#include <algorithm>
#include <cmath>
#include <memory>

#include "analysis/ev.hpp"
#include <cstdlib>

#include "tenbou/api.hpp"
#include "hktw/hktw_hand.hpp"
#include "tenbou/riichi.hpp"
#include "tenbou/shanten.hpp"
#include "tenbou/value_view.hpp"
#include "tenbou/bignum.hpp"

namespace tenbou {
namespace {

void add_meld(TileCounts& counts, const Meld& m) {
  for (int k = 0; k < m.size(); ++k) ++counts[m.kind == MeldKind::Chi ? m.tile + k : m.tile];
}

bool seven_pairs_distinct(RulesFamily f) { return f == RulesFamily::Riichi; }   // Korean: 4 of a kind = 2 pairs (L66)
bool has_thirteen_orphans(RulesFamily f) { return f == RulesFamily::Riichi; }   // Korean: no souzu, no kokushi
// Korean: no souzu; three-player Riichi: no 2m-8m.
bool tile_in_rules(const HandBeforeWin& b, Tile t) {
  if (b.family == RulesFamily::Korean) return suit_of(t) != Suit::Sou;
  return b.riichi.players != 3 || in_three_player_set(t);
}

// A kind with no copy in the hand and none of its suit within two of it: drawn, it is left
// over in every reading of the standard form (it joins no set, pair or partial set), and
// every reading of the hand with it is one without it, so that form's shanten stays. Not with
// four of a kind in hand (`quad`): that kind cannot pair with a draw of itself, and the new
// tile can (1111m and three melds wait on any other tile).
bool floats_alone(const TileCounts& hand, bool quad, int t) {
  if (quad || hand[t]) return false;
  if (t >= 27) return true;  // an honor joins only its own copies
  const int n = t % 9;
  for (int d = -2; d <= 2; ++d)
    if (n + d >= 0 && n + d <= 8 && hand[t + d]) return false;
  return true;
}

Json form_json(int v) { return v == kNoForm ? Json::null() : Json::integer(v); }

void write_analysis(Json& o, const BeforeWinAnalysis& a) {
  o.set("ok", Json::boolean(true));
  o.set("rules", Json::string(rules_family_name(a.family)));
  o.set("shanten", Json::integer(a.shanten));
  Json forms = Json::object();
  forms.set("standard", form_json(a.standard));
  forms.set("seven_pairs", form_json(a.seven_pairs));
  forms.set("thirteen_orphans", form_json(a.thirteen_orphans));
  o.set("forms", std::move(forms));
  Json ukeire = Json::array();
  for (const UsefulTile& u : a.ukeire) {
    Json& e = ukeire.push(Json::object());
    e.set("tile", Json::string(tile_name(u.tile)));
    e.set("unseen", Json::integer(u.unseen));
  }
  o.set("ukeire", std::move(ukeire));
  o.set("ukeire_tiles", Json::integer(static_cast<std::int64_t>(a.ukeire.size())));
  o.set("ukeire_unseen", Json::integer(a.ukeire_unseen));
}

Json failure(const InputError& e) {
  return failure_json(ResultError{ErrorCode::InvalidInput, e.reason(), e.field(), e.detail()});
}

}  // namespace

HandBeforeWin hand_before_win_from(const ValueView& view) {
  HandBeforeWin b;
  b.family = rules_family(view);
  if (b.family == RulesFamily::Hktw) {
    b.hktw = hktw_request_from(view, &b.extras);
    b.hand = b.hktw.hand;
    b.melds = static_cast<int>(b.hktw.melds.size());
    for (const Meld& m : b.hktw.melds) add_meld(b.held, m);
  } else if (b.family == RulesFamily::Korean) {
    b.korean = korean_request_from(view, &b.extras);
    b.hand = b.korean.hand;
    b.melds = static_cast<int>(b.korean.melds.size());
    for (const Meld& m : b.korean.melds) add_meld(b.held, m);
  } else {
    b.riichi = riichi_request_from(view, &b.extras);
    b.hand = b.riichi.hand;
    b.melds = static_cast<int>(b.riichi.melds.size());
    for (const Meld& m : b.riichi.melds) add_meld(b.held, m);
    for (Tile t : b.riichi.dora_indicators) ++b.out_of_reach[t];
    for (Tile t : b.riichi.ura_indicators) ++b.out_of_reach[t];
    b.held[kNorth] = static_cast<std::uint8_t>(b.held[kNorth] + b.riichi.kita);  // kita are North tiles held
  }
  for (int t = 0; t < kTileKinds; ++t) {
    b.held[t] = static_cast<std::uint8_t>(b.held[t] + b.hand[t]);
    b.out_of_reach[t] = static_cast<std::uint8_t>(b.out_of_reach[t] + b.held[t] + b.extras.own_discards[t]);
    b.seen[t] = static_cast<std::uint8_t>(b.out_of_reach[t] + b.extras.visible[t]);
  }
  return b;
}

namespace {

// Hong Kong-Taiwan (seed 002): 5 sets and a pair through the same shanten table; its special
// shapes (seven pairs + a pung, thirteen orphans + a set, sixteen unrelated, the knitted
// straight) count once ready: a tile that completes one is a winning tile, as in score.
BeforeWinAnalysis analyse_hktw(const HandBeforeWin& b) {
  BeforeWinAnalysis a;
  a.family = b.family;
  const StandardShanten standard(b.hand, 5 - b.melds);
  a.standard = standard.draws_needed() - 1;
  const bool special = hktw_special_possible(b.hand, b.hktw.melds);
  bool completes[kTileKinds] = {};
  TileCounts next = b.hand;
  for (int t = 0; t < kTileKinds; ++t) {
    if (b.held[t] >= 4) continue;
    completes[t] = standard.draws_needed_with(static_cast<Tile>(t)) == 0;
    if (!completes[t] && special) {
      ++next[t];
      completes[t] = hktw_special_complete(next, b.hktw.melds);
      --next[t];
    }
  }
  a.shanten = a.standard;
  for (bool c : completes) if (c) a.shanten = 0;  // ready in a special shape
  for (int t = 0; t < kTileKinds; ++t) {
    if (b.held[t] >= 4) continue;
    const int after = completes[t] ? -1 : standard.draws_needed_with(static_cast<Tile>(t)) - 1;
    if (after >= a.shanten) continue;
    const int unseen = std::max(0, 4 - b.seen[t]);
    a.ukeire.push({static_cast<Tile>(t), unseen});
    a.ukeire_unseen += unseen;
    if (after == -1 && b.out_of_reach[t] < 4) {
      a.winning_tiles.push(static_cast<Tile>(t));
      a.furiten = a.furiten || b.extras.own_discards[t] > 0;
    }
  }
  return a;
}

}  // namespace

BeforeWinAnalysis analyse_before_win(const HandBeforeWin& b) {
  if (b.family == RulesFamily::Hktw) return analyse_hktw(b);
  BeforeWinAnalysis a;
  a.family = b.family;
  const int sets = 4 - b.melds;
  // Three-player Riichi: no 2m-8m, so 1m and 9m make no sequence (issue 27).
  const bool three_player = b.family == RulesFamily::Riichi && b.riichi.players == 3;
  const StandardShanten standard(b.hand, sets, three_player);
  a.standard = standard.draws_needed() - 1;
  const ClosedFormsShanten closed(b.hand, seven_pairs_distinct(b.family));
  if (b.melds == 0) {
    a.seven_pairs = closed.seven_pairs();
    if (has_thirteen_orphans(b.family)) a.thirteen_orphans = closed.thirteen_orphans();
  }
  a.shanten = std::min({a.standard, a.seven_pairs, a.thirteen_orphans});
  // Ukeire: each tile that lowers the shanten, with the copies the player cannot see.
  // One tile changes one group of the standard form: StandardShanten recomputes only it.
  const bool quad = std::any_of(b.hand.begin(), b.hand.end(), [](std::uint8_t n) { return n >= 4; });
  for (int t = 0; t < kTileKinds; ++t) {
    const Tile tile = static_cast<Tile>(t);
    if (!tile_in_rules(b, tile) || b.held[t] >= 4) continue;  // a fifth copy does not exist
    int after = floats_alone(b.hand, quad, t) ? a.standard : standard.draws_needed_with(tile) - 1;
    if (b.melds == 0) {
      after = std::min(after, closed.seven_pairs_with(tile));
      if (has_thirteen_orphans(b.family)) after = std::min(after, closed.thirteen_orphans_with(tile));
    }
    if (after >= a.shanten) continue;
    const int unseen = std::max(0, 4 - b.seen[t]);
    a.ukeire.push({tile, unseen});
    a.ukeire_unseen += unseen;
    // A winning tile needs a copy that can still come: four in the player's hand, melds,
    // indicators and own discards leave none (tiles seen elsewhere only lower `unseen`).
    if (after == -1 && b.out_of_reach[t] < 4) {
      a.winning_tiles.push(tile);
      // Riichi furiten: a player who discarded one of his winning tiles cannot ron.
      a.furiten = a.furiten || b.extras.own_discards[t] > 0;
    }
  }
  return a;
}

ScoreResult score_wait(const HandBeforeWin& b, Tile win, bool tsumo) {
  try {
    if (b.family == RulesFamily::Hktw) {
      const HktwRequest h = hktw_request_on(b.hktw, win, tsumo);
      check_hktw_flags(h);
      return score_hktw(h);
    }
    if (b.family == RulesFamily::Korean) {
      const KoreanRequest k = korean_request_on(b.korean, win, tsumo);
      check_korean_flags(k);
      return score_korean(k);
    }
    const RiichiRequest r = riichi_request_on(b.riichi, win, tsumo);
    check_riichi_flags(r);
    return score_riichi(r);
  } catch (const InputError& e) {  // e.g. tenhou on a ron: no such result
    return RiichiResult::failure(ErrorCode::InvalidInput, e.detail(), e.reason(), e.field());
  }
}

Json shanten_json(const Json& request) {
  try {
    const HandBeforeWin hand = hand_before_win_from(JsonView(request));
    Json o = Json::object();
    write_analysis(o, analyse_before_win(hand));
    return o;
  } catch (const InputError& e) {
    return failure(e);
  }
}

namespace {

// What a ron result adds to the discard table's expected value: its total (an aotenjo total
// past 64 bits read from its digits, as the JSON answer writes it; no total counts 0).
double total_value(const ScoreResult& result) {
  if (const auto* r = std::get_if<RiichiResult>(&result)) {
    if (!r->payments.exact) return static_cast<double>(r->payments.total);
    const BigUint& t = r->payments.exact->total;
    return t.fits_int64() ? static_cast<double>(t.to_int64()) : std::strtod(t.to_decimal().c_str(), nullptr);
  }
  if (const auto* k = std::get_if<KoreanResult>(&result)) return k->has_points ? static_cast<double>(k->total) : 0;
  return static_cast<double>(std::get<HktwResult>(result).total);
}

// Every winning tile with its ron and tsumo results; `value` adds up unseen x ron total
// (the expected value the discard table sorts by).
std::vector<ScoredWait> scored_waits(const HandBeforeWin& hand, const BeforeWinAnalysis& a, double* value = nullptr) {
  std::vector<ScoredWait> waits;
  waits.reserve(a.winning_tiles.size());
  for (Tile t : a.winning_tiles) {
    const int unseen = std::max(0, 4 - hand.seen[t]);
    ScoreResult ron = score_wait(hand, t, false);
    if (value && score_result_ok(ron)) *value += unseen * total_value(ron);
    waits.push_back({t, unseen, std::move(ron), score_wait(hand, t, true)});
  }
  return waits;
}

Json waits_array(const std::vector<ScoredWait>& waits) {
  Json out = Json::array();
  out.reserve(waits.size());
  for (const ScoredWait& sw : waits) {
    Json& w = out.push(Json::object());
    w.reserve(4);
    w.set("tile", Json::string(tile_name(sw.tile)));
    w.set("unseen", Json::integer(sw.unseen));
    w.set("ron", score_result_to_json(sw.ron));
    w.set("tsumo", score_result_to_json(sw.tsumo));
  }
  return out;
}

// The request of one discard: the request's members but "hand" and "own_discards", then the
// hand after the discard and the own discards with it (read in place: no copy of the request).
class AfterDiscard final : public ValueView {
 public:
  AfterDiscard(const Json& request, const Json& hand, const Json& own) : request_(request), hand_(hand), own_(own) {}
  Kind kind() const override { return Kind::Object; }
  bool as_bool() const override { return false; }
  std::int64_t as_int() const override { return 0; }
  std::string_view as_string() const override { return {}; }
  void each_item(FunctionRef<void(std::size_t, const ValueView&)>) const override {}
  void each_member(FunctionRef<void(std::string_view, const ValueView&)> visit) const override {
    for (const auto& [key, value] : request_.members())
      if (kept(key)) visit(key, JsonView(value));
    visit("hand", JsonView(hand_));
    visit("own_discards", JsonView(own_));
  }
  std::size_t size() const override {
    std::size_t n = 2;
    for (const auto& member : request_.members()) n += kept(member.first);
    return n;
  }

 private:
  static bool kept(std::string_view key) { return key != "hand" && key != "own_discards" && key != "ev"; }
  const Json& request_;
  const Json& hand_;
  const Json& own_;
};

}  // namespace

WaitsAnswer waits_of(const ValueView& request) {
  const HandBeforeWin hand = hand_before_win_from(request);
  WaitsAnswer answer{analyse_before_win(hand), {}};
  answer.waits = scored_waits(hand, answer.analysis);
  return answer;
}

Json waits_json(const Json& request) {
  try {
    const WaitsAnswer answer = waits_of(JsonView(request));
    Json o = Json::object();
    write_analysis(o, answer.analysis);
    o.set("furiten", Json::boolean(answer.analysis.furiten));
    o.set("waits", waits_array(answer.waits));
    return o;
  } catch (const InputError& e) {
    return failure(e);
  }
}

DiscardsAnswer discards_of(const Json& request, const DiscardHook* per_discard) {
  const Json* hand_text = request.find("hand");
  if (!hand_text) throw InputError("bad_value", "hand", "the request has no \"hand\"");
  if (request.find("win_tile") || request.find("tsumo"))
    throw InputError("bad_value", request.find("win_tile") ? "win_tile" : "tsumo",
                     "a hand to discard from has no winning tile: leave win_tile and tsumo out");
  const Json* rules_key = request.find("rules");
  const std::string_view family =
      rules_key && rules_key->type() == Json::Type::String ? std::string_view(rules_key->as_string()) : std::string_view();
  // A hand or own discards in another form (an array: notation.hpp), read as their text.
  TileTextRoom room;
  const TileForm form{family != "korean" && family != "hktw", false};
  const std::vector<ParsedTile> tiles = parse_tiles(tile_field(JsonView(*hand_text), "hand", room, form), "hand");
  const Json* melds = request.find("melds");
  const std::size_t meld_count = melds && melds->type() == Json::Type::Array ? melds->items().size() : 0;
  const int full = family == "hktw" ? 17 : 14;
  if (tiles.size() + 3 * meld_count != static_cast<std::size_t>(full))
    throw InputError("tile_count", "hand",
                     std::to_string(tiles.size()) + " tiles given; with " + std::to_string(meld_count) +
                         " meld(s) a hand to discard from holds " + std::to_string(full - 3 * static_cast<int>(meld_count)) +
                         " tiles (one more than a hand before the win)");
  const Json* discards_key = request.find("own_discards");
  const std::string own(discards_key ? tile_field(JsonView(*discards_key), "own_discards", room, form) : "");

  DiscardsAnswer answer;
  answer.discards.reserve(tiles.size());
  bool complete = false;
  // The request is read in full for the first discard only (every check of the reader, its
  // words on failure). A later discard of a Riichi hand changes nothing the reader checks: the
  // same tiles in hand and own discards together (copies, red fives), the same tile count, the
  // same flags; three-player 2m-8m anywhere among them already failed the first. So it is that
  // hand with the two tiles swapped between hand and own discards.
  HandBeforeWin first;
  std::size_t first_index = 0;
  bool have_first = false;
  for (std::size_t i = 0; i < tiles.size(); ++i) {
    bool seen_before = false;
    for (std::size_t j = 0; j < i; ++j) seen_before |= tiles[j].tile == tiles[i].tile && tiles[j].red == tiles[i].red;
    if (seen_before) continue;
    const bool swap = have_first && first.family == RulesFamily::Riichi;
    HandBeforeWin b;
    Json rest_json, own_json;
    if (!swap || per_discard) {
      // The hand after this discard, the discarded tile among the player's own discards.
      std::string rest;
      for (std::size_t j = 0; j < tiles.size(); ++j)
        if (j != i) rest += tile_name(tiles[j].tile, tiles[j].red);
      rest_json = Json::string(std::move(rest));
      own_json = Json::string(own + tile_name(tiles[i].tile, tiles[i].red));
    }
    if (swap) {
      b = first;
      const ParsedTile back = tiles[first_index], out = tiles[i];
      auto move = [&](const ParsedTile& t, int into_hand) {
        b.riichi.hand[t.tile] = static_cast<std::uint8_t>(b.riichi.hand[t.tile] + into_hand);
        if (t.red) {
          auto& reds = b.riichi.hand_reds[static_cast<int>(suit_of(t.tile))];
          reds = static_cast<std::uint8_t>(reds + into_hand);
        }
        b.held[t.tile] = static_cast<std::uint8_t>(b.held[t.tile] + into_hand);
        b.extras.own_discards[t.tile] = static_cast<std::uint8_t>(b.extras.own_discards[t.tile] - into_hand);
      };
      move(back, 1);
      move(out, -1);
      b.hand = b.riichi.hand;  // out_of_reach and seen count hand and own discards together: unchanged
    } else {
      b = hand_before_win_from(AfterDiscard(request, rest_json, own_json));
      if (!have_first) {
        first = b;
        first_index = i;
        have_first = true;
      }
    }
    DiscardOption opt{tiles[i].tile, tiles[i].red, analyse_before_win(b), {}, 0};
    if (per_discard) {  // the ev search reads the hand after the discard as a request of its own
      Json after = Json::object();
      for (const auto& [key, value] : request.members())
        if (key != "hand" && key != "own_discards" && key != "ev") after.set(key, value);
      after.set("hand", rest_json);
      after.set("own_discards", own_json);
      opt.ev_slot = (*per_discard)(b, after);
    }
    answer.family = opt.analysis.family;
    // The hand was already complete: this discard waits on the very tile it let go.
    for (const UsefulTile& u : opt.analysis.ukeire)
      if (opt.analysis.shanten == 0 && u.tile == tiles[i].tile) complete = true;
    if (opt.analysis.shanten == 0) opt.waits = scored_waits(b, opt.analysis, &opt.value);
    answer.discards.push_back(std::move(opt));
  }
  // Best first (README "What to discard"): lowest shanten, most useful tiles unseen, the
  // higher expected value of the waits (unseen x ron total), then tile order.
  std::stable_sort(answer.discards.begin(), answer.discards.end(), [](const DiscardOption& x, const DiscardOption& y) {
    if (x.analysis.shanten != y.analysis.shanten) return x.analysis.shanten < y.analysis.shanten;
    if (x.analysis.ukeire_unseen != y.analysis.ukeire_unseen) return x.analysis.ukeire_unseen > y.analysis.ukeire_unseen;
    if (x.value != y.value) return x.value > y.value;
    if (x.tile != y.tile) return x.tile < y.tile;
    return !x.red && y.red;
  });
  answer.shanten = complete ? -1 : answer.discards.front().analysis.shanten;
  return answer;
}

namespace {

// Probabilities to 12 decimals and points to 6 (an integer over a power of ten: the
// nearest double, which every front end prints with those digits).
Json rounded(double x, double scale) { return Json::number(std::round(x * scale) / scale); }
Json chances(const std::vector<double>& by) {
  Json a = Json::array();
  a.reserve(by.size());
  for (double p : by) a.push(rounded(p, 1e12));
  return a;
}
Json ev_json(const EvValue& v) {
  Json e = Json::object();
  e.reserve(v.ready_closed ? 6 : 4);
  e.set("win", rounded(v.win, 1e12));
  e.set("tenpai", rounded(v.tenpai, 1e12));
  e.set("score", rounded(v.score, 1e6));
  Json by = Json::object();
  by.reserve(2);
  by.set("win", chances(v.win_by));
  by.set("tenpai", chances(v.tenpai_by));
  e.set("by_turn", std::move(by));
  if (v.ready_closed) {
    Json r = Json::object();
    r.reserve(2);
    r.set("win", rounded(v.riichi_win, 1e12));
    r.set("score", rounded(v.riichi_score, 1e6));
    e.set("riichi", std::move(r));
    Json d = Json::object();
    d.reserve(2);
    d.set("win", rounded(v.dama_win, 1e12));
    d.set("score", rounded(v.dama_score, 1e6));
    e.set("dama", std::move(d));
  }
  return e;
}

}  // namespace

Json discards_json(const Json& request) {
  try {
    if (request.type() != Json::Type::Object)
      throw InputError("bad_type", "", "a request must be a JSON object, not " + std::string(Json::type_name(request.type())));
    // "ev": the expected value of every discard (analysis/ev.hpp, issue 27).
    const Json* ev_key = request.find("ev");
    std::unique_ptr<EvSearch> ev;
    EvOptions ev_options;
    std::vector<EvValue> values;
    if (ev_key) {
      ev_options = ev_options_from(*ev_key);
      ev = std::make_unique<EvSearch>(ev_options);
    }
    auto value_of = [&](const HandBeforeWin& after, const Json& after_request) {
      values.push_back(ev->value(after, after_request));
      return static_cast<int>(values.size() - 1);
    };
    const DiscardHook hook(value_of);
    DiscardsAnswer answer = discards_of(request, ev ? &hook : nullptr);
    if (ev) {
      // The objective's value first (win chance or expected points, then the other); ties keep
      // discards_of's order (shanten, useful tiles, value of the waits, tile).
      const bool by_win = ev_options.objective_win;
      std::stable_sort(answer.discards.begin(), answer.discards.end(), [&](const DiscardOption& x, const DiscardOption& y) {
        const EvValue& a = values[x.ev_slot];
        const EvValue& b = values[y.ev_slot];
        const double xa = by_win ? a.win : a.score, ya = by_win ? b.win : b.score;
        if (xa != ya) return xa > ya;
        return (by_win ? a.score : a.win) > (by_win ? b.score : b.win);
      });
    }
    Json o = Json::object();
    o.reserve(ev ? 5 : 4);
    o.set("ok", Json::boolean(true));
    o.set("rules", Json::string(rules_family_name(answer.family)));
    o.set("shanten", Json::integer(answer.shanten));
    Json list = Json::array();
    list.reserve(answer.discards.size());
    for (const DiscardOption& d : answer.discards) {
      Json& opt = list.push(Json::object());
      opt.reserve(ev ? 7 : 6);
      opt.set("tile", Json::string(tile_name(d.tile, d.red)));
      opt.set("shanten", Json::integer(d.analysis.shanten));
      Json ukeire = Json::array();
      ukeire.reserve(d.analysis.ukeire.size());
      for (const UsefulTile& u : d.analysis.ukeire) {
        Json& e = ukeire.push(Json::object());
        e.reserve(2);
        e.set("tile", Json::string(tile_name(u.tile)));
        e.set("unseen", Json::integer(u.unseen));
      }
      opt.set("ukeire", std::move(ukeire));
      opt.set("ukeire_unseen", Json::integer(d.analysis.ukeire_unseen));
      opt.set("waits", waits_array(d.waits));
      opt.set("furiten", Json::boolean(d.analysis.furiten));
      if (ev) opt.set("ev", ev_json(values[d.ev_slot]));
    }
    o.set("discards", std::move(list));
    if (ev) {
      Json model = Json::object();
      model.reserve(4);
      model.set("turns", Json::integer(ev_options.turns));
      model.set("objective", Json::string(ev_options.objective_win ? "win" : "score"));
      model.set("policy", Json::string(ev_policy_name()));
      model.set("states", Json::integer(ev->states()));
      o.set("ev", std::move(model));
    }
    return o;
  } catch (const InputError& e) {
    return failure(e);
  }
}

}  // namespace tenbou
