// Settlement of a finished Riichi hand (settlement.hpp). Every rule here is a
// RiichiRules switch; the defaults reproduce each `sc` change of Tenhou's records.
#include "tenbou/settlement.hpp"

#include <algorithm>
#include <limits>
#include <string>

#include "core/json_fields.hpp"
#include "tenbou/error.hpp"
#include "core/limits.hpp"
#include "tenbou/request.hpp"
#include "tenbou/riichi.hpp"
#include "tenbou/value_view.hpp"

namespace tenbou {
namespace {

void check_seat(int seat, int players, const std::string& field) {
  if (seat < 0 || seat >= players)
    throw InputError("bad_value", field, "a seat is 0.." + std::to_string(players - 1) + ", got " + std::to_string(seat));
}

// Each seat of a list once: a seat listed twice would be paid (or counted) twice.
void check_seats(const std::vector<int>& seats, int players, const std::string& field) {
  for (std::size_t i = 0; i < seats.size(); ++i) {
    const std::string item = field + "[" + std::to_string(i) + "]";
    check_seat(seats[i], players, item);
    for (std::size_t j = 0; j < i; ++j)
      if (seats[j] == seats[i])
        throw InputError("bad_value", item, "seat " + std::to_string(seats[i]) + " is listed twice");
  }
}

// Deltas are exact 64-bit integers or the settlement is refused: only aotenjo hands come
// near 2^63, and a point change past it has no table to be paid at (each payment is
// checked, and so is every sum of them: a seat paying two wins, a liable player's total).
[[noreturn]] void past_int64(const std::string& field) {
  throw InputError("unsupported", field,
                   "the point changes pass 2^63 (an aotenjo hand this large cannot be settled in 64-bit deltas)");
}
constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t kMin = std::numeric_limits<std::int64_t>::min();
std::int64_t plus(std::int64_t a, std::int64_t b, const std::string& field) {
  if (b > 0 ? a > kMax - b : a < kMin - b) past_int64(field);
  return a + b;
}
std::int64_t times(std::int64_t a, std::int64_t b, const std::string& field) {  // a, b >= 0
  if (a != 0 && b > kMax / a) past_int64(field);
  return a * b;
}

std::int64_t exact_line(const Payments& p, int i, const std::string& field) {
  if (!p.exact) return p.lines[i].amount;
  if (!p.exact->lines[i].fits_int64()) past_int64(field);
  return p.exact->lines[i].to_int64();
}

// What `seat` pays for a win before honba, from the scored payment lines.
std::int64_t share_of(const SettledWin& w, int seat, int dealer, const std::string& field) {
  const Payments& p = w.payments;
  if (w.from != w.winner) return seat == w.from ? exact_line(p, 0, field) : 0;
  if (seat == w.winner) return 0;
  for (int i = 0; i < p.line_count; ++i) {
    const bool dealer_line = p.lines[i].payer == Payer::Dealer;
    if (p.line_count == 1 || dealer_line == (seat == dealer)) return exact_line(p, i, field);
  }
  return 0;
}

std::int64_t honba_value(const RiichiRules& rules, int players) {
  return players == 3 ? rules.sanma_honba_value : rules.honba_value;
}

// One win's deltas. `with_honba`: this winner takes the honba; `deposits`: sticks it collects.
// `field` names the win in an error (its sums past 2^63).
std::vector<std::int64_t> settle_win(const SettledWin& w, const Settlement& s, const RiichiRules& rules,
                                     bool with_honba, std::int64_t deposits, const std::string& field) {
  const int n = s.players;
  std::vector<std::int64_t> pay(n, 0);  // what each seat pays
  const bool ron = w.from != w.winner;
  const std::int64_t honba_total = with_honba ? times(s.honba, honba_value(rules, n), field) : 0;
  for (int seat = 0; seat < n; ++seat) pay[seat] = share_of(w, seat, s.dealer, field);
  const bool liable = w.pao >= 0 && w.pao != w.winner && w.pao_yakuman > 0 && w.yakuman > 0;
  if (liable) {
    if (rules.pao == PaoLiability::Whole) {
      // Tenhou: on ron the liable player pays half of the hand, on tsumo all of it.
      std::int64_t total = 0;
      for (int seat = 0; seat < n; ++seat) total = plus(total, pay[seat], field);
      std::fill(pay.begin(), pay.end(), 0);
      if (ron) {
        pay[w.pao] += total / 2;
        pay[w.from] += total - total / 2;
      } else {
        pay[w.pao] = total;
      }
    } else {
      // Mahjong Soul: only the liable yakuman's share moves (half of it on ron, all on tsumo).
      for (int seat = 0; seat < n; ++seat) {
        if (seat == w.pao && !ron) continue;
        const std::int64_t liable_part = pay[seat] / w.yakuman * std::min(w.pao_yakuman, w.yakuman);
        const std::int64_t moved = ron ? liable_part / 2 : liable_part;
        pay[seat] -= moved;
        pay[w.pao] = plus(pay[w.pao], moved, field);
      }
    }
  }
  // Honba: the discarder pays all of it on ron; on tsumo each payer its share. With
  // liability on tsumo the liable player pays the honba too (it pays the whole hand).
  if (honba_total) {
    if (ron) {
      pay[w.from] = plus(pay[w.from], honba_total, field);
    } else if (liable && rules.pao == PaoLiability::Whole) {
      pay[w.pao] = plus(pay[w.pao], honba_total, field);
    } else {
      for (int seat = 0; seat < n; ++seat)
        if (seat != w.winner) pay[seat] = plus(pay[seat], honba_total / (n - 1), field);
    }
  }
  std::vector<std::int64_t> deltas(n, 0);
  for (int seat = 0; seat < n; ++seat) {
    deltas[seat] -= pay[seat];  // (pay >= 0: its negation fits)
    deltas[w.winner] = plus(deltas[w.winner], pay[seat], field);
  }
  deltas[w.winner] = plus(deltas[w.winner], times(1000, deposits, field), field);
  return deltas;
}

void add_to(std::vector<std::int64_t>& into, const std::vector<std::int64_t>& d, const std::string& field) {
  for (std::size_t i = 0; i < into.size(); ++i) into[i] = plus(into[i], d[i], field);
}

}  // namespace

SettlementResult settle(const Settlement& s, const RiichiRules& rules) {
  const int n = s.players;
  if (n != 3 && n != 4) throw InputError("bad_value", "players", "must be 3 or 4");
  check_seat(s.dealer, n, "dealer");
  SettlementResult out;
  out.end = s.end;
  out.deltas.assign(n, 0);
  out.deposits_left = s.deposits;
  // Each list belongs to one outcome (a list of another is an error, never ignored), and
  // names each seat once and in range, whether or not the house's rules then use it.
  check_seats(s.tenpai, n, "tenpai");
  check_seats(s.nagashi, n, "nagashi");
  const char* outcome = s.end == HandEnd::Win ? "a win" : s.end == HandEnd::Draw ? "a draw"
                        : s.end == HandEnd::NagashiMangan ? "nagashi mangan" : "an abortive draw";
  if (s.end != HandEnd::Win && !s.wins.empty())
    throw InputError("bad_value", "wins", std::string("only a win has winners; the outcome is ") + outcome);
  if (s.end == HandEnd::Win && !s.tenpai.empty())
    throw InputError("bad_value", "tenpai", "tenpai seats are paid on a draw; the outcome is a win");
  if (s.end != HandEnd::NagashiMangan && !s.nagashi.empty())
    throw InputError("bad_value", "nagashi", std::string("only nagashi mangan has nagashi seats; the outcome is ") + outcome);
  switch (s.end) {
    case HandEnd::Abortive:
      return out;
    case HandEnd::Draw: {
      std::vector<bool> ready(n, false);
      for (int seat : s.tenpai) ready[seat] = true;
      const int t = static_cast<int>(s.tenpai.size());
      if (t == 0 || t == n) return out;  // nobody pays
      const std::int64_t total = n == 3 ? rules.sanma_noten_payment : rules.noten_payment;
      for (int seat = 0; seat < n; ++seat) out.deltas[seat] = ready[seat] ? total / t : -total / (n - t);
      return out;
    }
    case HandEnd::NagashiMangan: {
      if (s.nagashi.empty()) throw InputError("bad_value", "nagashi", "nagashi mangan needs the seat that made it");
      if (!rules.nagashi_mangan) {  // the house does not pay it: an ordinary exhaustive draw
        Settlement draw = s;
        draw.end = HandEnd::Draw;
        draw.nagashi.clear();
        return settle(draw, rules);
      }
      for (std::size_t i = 0; i < s.nagashi.size(); ++i) {
        const int seat = s.nagashi[i];
        // Paid as a mangan tsumo (three-player: by its tsumo rule); deposits stay.
        PointsQuery q;
        q.han = 5;
        q.dealer = seat == s.dealer;
        q.tsumo = true;
        q.players = n;
        SettledWin w;
        w.winner = w.from = seat;
        w.payments = compute_payments(q, rules);
        const std::string field = "nagashi[" + std::to_string(i) + "]";
        add_to(out.deltas, settle_win(w, s, rules, rules.nagashi_honba, 0, field), field);
      }
      return out;
    }
    case HandEnd::Win:
      break;
  }
  if (s.wins.empty()) throw InputError("bad_value", "wins", "a win needs at least one winner");
  const int from = s.wins[0].from;
  for (std::size_t i = 0; i < s.wins.size(); ++i) {
    const SettledWin& w = s.wins[i];
    const std::string field = "wins[" + std::to_string(i) + "]";
    check_seat(w.winner, n, field + ".winner");
    check_seat(w.from, n, field + ".from");
    if (w.pao >= 0) check_seat(w.pao, n, field + ".pao");
    if (w.pao == w.winner) throw InputError("bad_value", field + ".pao", "the liable player cannot be the winner");
    if (s.wins.size() > 1 && (w.from == w.winner || w.from != from))
      throw InputError("bad_value", field, "several winners must all ron the same discard");
    for (std::size_t j = 0; j < i; ++j)
      if (s.wins[j].winner == w.winner) throw InputError("bad_value", field + ".winner", "the same player wins twice");
  }
  // Paid in turn order from the discarder: the first takes the deposits (and the honba).
  std::vector<int> order(s.wins.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return (s.wins[a].winner - from + n) % n < (s.wins[b].winner - from + n) % n;
  });
  if (order.size() >= 3 && rules.multiple_ron == MultipleRon::DoubleOnly) {
    out.end = HandEnd::Abortive;  // triple ron: an abortive draw (sanchahou)
    return out;
  }
  if (order.size() > 1 && rules.multiple_ron == MultipleRon::HeadBump) order.resize(1);
  for (std::size_t k = 0; k < order.size(); ++k) {
    const bool first = k == 0;
    const std::string field = "wins[" + std::to_string(order[k]) + "]";
    auto d = settle_win(s.wins[order[k]], s, rules, first || rules.multiple_ron_honba == MultipleRonHonba::Each,
                        first ? s.deposits : 0, field);
    add_to(out.deltas, d, "wins");
    out.per_win.push_back(std::move(d));
    out.paid_wins.push_back(order[k]);
  }
  out.deposits_left = 0;
  return out;
}

namespace {

constexpr Choice<HandEnd> kEndChoices[] = {{"win", HandEnd::Win},
                                           {"draw", HandEnd::Draw},
                                           {"nagashi_mangan", HandEnd::NagashiMangan},
                                           {"abortive", HandEnd::Abortive}};

std::vector<int> seat_list(const ValueView& v, const std::string& field) {
  if (v.kind() != ValueView::Kind::Array) throw InputError("bad_type", field, "must be an array of seats");
  std::vector<int> out;
  v.each_item([&](std::size_t i, const ValueView& item) {
    out.push_back(static_cast<int>(get_int(item, field + "[" + std::to_string(i) + "]", 0, 3)));
  });
  return out;
}

Json deltas_json(const std::vector<std::int64_t>& d) {
  Json a = Json::array();
  for (std::int64_t x : d) a.push(Json::integer(x));
  return a;
}

// The yakuman multiples a liable player answers for (daisangen, daisuushi; suukantsu by option).
int liable_yakuman(const RiichiResult& r, const RiichiRules& rules) {
  int m = 0;
  for (const auto& y : r.yaku)
    if (y.yaku == Yaku::Daisangen || y.yaku == Yaku::Daisuushi || (rules.pao_suukantsu && y.yaku == Yaku::Suukantsu))
      m += y.han / 13;
  return m;
}

// A win's scoring request, read as a Riichi hand; its errors name their place inside the
// settlement ("wins[0].request.hand"), as the scored hand's not_winning and no_yaku do.
RiichiRequest win_request(const Json& request, const std::string& field) {
  const JsonView view(request);
  try {
    const RulesFamily family = rules_family(view);  // (reads only "rules"; a bad one throws here)
    if (family != RulesFamily::Riichi)
      throw InputError("bad_value", "rules", std::string("settlement is for Riichi hands only, got \"") +
                                                 rules_family_name(family) + "\"");
    return riichi_request_from(view);
  } catch (const InputError& e) {
    throw InputError(e.reason(), e.field().empty() ? field : field + "." + e.field(), e.detail());
  }
}

}  // namespace

Json settle_json(const Json& request) {
  try {
    if (request.type() != Json::Type::Object) throw InputError("bad_type", "", "a settlement must be an object");
    Settlement s;
    RiichiRules rules;
    if (const Json* options = request.find("options")) {
      const JsonView view(*options);
      rules = riichi_rules_from(&view);
    }
    const Json* wins = nullptr;
    for (const auto& [key, value] : request.members()) {
      const JsonView v(value);
      if (key == "players") {
        const std::int64_t n = get_int(v, key, kMin, kMax);
        if (n != 3 && n != 4) throw InputError("bad_value", key, "must be 3 or 4, got " + std::to_string(n));
        s.players = static_cast<int>(n);
      } else if (key == "dealer") s.dealer = static_cast<int>(get_int(v, key, 0, 3));
      else if (key == "honba") s.honba = get_int(v, key, 0, 10000);
      else if (key == "riichi_sticks") s.deposits = get_int(v, key, 0, 10000);
      else if (key == "outcome") s.end = parse_choice(v, key, kEndChoices);
      else if (key == "tenpai") s.tenpai = seat_list(v, key);
      else if (key == "nagashi") s.nagashi = seat_list(v, key);
      else if (key == "wins") wins = &value;
      else if (key == "options" || key == "rules") {
        if (key == "rules" && !(v.kind() == ValueView::Kind::String && v.as_string() == "riichi"))
          throw InputError("bad_value", key, "settlement is for \"riichi\" hands");
      } else throw InputError("unknown_key", key, "unknown settlement key '" + echo(key) + "'");
    }
    check_seat(s.dealer, s.players, "dealer");
    if (wins && s.end != HandEnd::Win)  // (settle() names the other lists' misplacements)
      throw InputError("bad_value", "wins", "only a win has \"wins\"; the outcome is \"" +
                                                std::string(choice_name(s.end, kEndChoices)) + "\"");
    std::vector<RiichiResult> scored;
    if (s.end == HandEnd::Win) {
      if (!wins || wins->type() != Json::Type::Array || wins->items().empty())
        throw InputError("bad_value", "wins", "a win needs \"wins\": [{\"winner\", \"from\", \"request\"}, ...]");
      for (std::size_t i = 0; i < wins->items().size(); ++i) {
        const Json& item = wins->items()[i];
        const std::string field = "wins[" + std::to_string(i) + "]";
        if (item.type() != Json::Type::Object) throw InputError("bad_type", field, "must be an object");
        SettledWin w;
        bool have_winner = false, have_from = false;
        const Json* req = nullptr;
        for (const auto& [key, value] : item.members()) {
          const JsonView v(value);
          if (key == "winner") { w.winner = static_cast<int>(get_int(v, field + ".winner", 0, 3)); have_winner = true; }
          else if (key == "from") { w.from = static_cast<int>(get_int(v, field + ".from", 0, 3)); have_from = true; }
          else if (key == "pao") w.pao = v.kind() == ValueView::Kind::Null ? -1 : static_cast<int>(get_int(v, field + ".pao", 0, 3));
          else if (key == "request") req = &value;
          else throw InputError("unknown_key", field + "." + key, "unknown key '" + echo(key) + "' of a win");
        }
        if (!have_winner) throw InputError("bad_value", field + ".winner", "each win needs its \"winner\" (a seat)");
        if (!have_from) w.from = w.winner;
        if (!req) throw InputError("bad_value", field + ".request", "each win needs the scored hand's \"request\"");
        check_seat(w.winner, s.players, field + ".winner");
        check_seat(w.from, s.players, field + ".from");
        if (w.pao == w.winner) throw InputError("bad_value", field + ".pao", "the liable player cannot be the winner");
        const RiichiRequest r = win_request(*req, field + ".request");
        // The hand must be the one this seat won at this table.
        if (r.players != s.players)
          throw InputError("bad_value", field + ".request", "its players (" + std::to_string(r.players) + ") differ from the table's");
        if (r.tsumo != (w.from == w.winner))
          throw InputError("bad_value", field + ".request", r.tsumo ? "a tsumo, but \"from\" names another player" : "a ron, but \"from\" is the winner");
        const int wind = (w.winner - s.dealer + s.players) % s.players;
        if (static_cast<int>(r.seat_wind) != wind)
          throw InputError("bad_value", field + ".request", std::string("seat_wind must be ") + "ESWN"[wind] +
                                                              " for seat " + std::to_string(w.winner) + " with dealer " +
                                                              std::to_string(s.dealer));
        RiichiResult res = score_riichi(r);
        if (!res.ok) {
          Json o = failure_json(ResultError{res.error->code, res.error->reason, field + ".request", res.error->message});
          return o;
        }
        w.payments = res.payments;
        w.yakuman = res.yakuman;
        if (w.pao >= 0) {
          w.pao_yakuman = liable_yakuman(res, rules);
          if (!w.pao_yakuman)
            throw InputError("bad_value", field + ".pao", "liability needs daisangen or daisuushi in the hand" +
                                                               std::string(rules.pao_suukantsu ? " (or suukantsu)" : ""));
        }
        s.wins.push_back(std::move(w));
        scored.push_back(std::move(res));
      }
    }
    const SettlementResult out = settle(s, rules);
    Json o = Json::object();
    o.set("ok", Json::boolean(true));
    o.set("outcome", Json::string(choice_name(out.end, kEndChoices)));
    o.set("deltas", deltas_json(out.deltas));
    Json paid = Json::array();
    for (std::size_t k = 0; k < out.paid_wins.size(); ++k) {
      const SettledWin& w = s.wins[out.paid_wins[k]];
      Json& e = paid.push(Json::object());
      e.set("winner", Json::integer(w.winner));
      e.set("from", Json::integer(w.from));
      e.set("deltas", deltas_json(out.per_win[k]));
    }
    o.set("wins", std::move(paid));
    o.set("riichi_sticks_left", Json::integer(out.deposits_left));
    return o;
  } catch (const InputError& e) {
    return failure_json(ResultError{ErrorCode::InvalidInput, e.reason(), e.field(), e.detail()});
  }
}

}  // namespace tenbou
