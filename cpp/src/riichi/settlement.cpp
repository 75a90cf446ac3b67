// Settlement of a finished Riichi hand (settlement.hpp). Every rule here is a
// RiichiRules switch; the defaults reproduce each `sc` change of Tenhou's records.
#include "tenbou/settlement.hpp"

#include <algorithm>
#include <string>

#include "core/json_fields.hpp"
#include "tenbou/error.hpp"
#include "tenbou/riichi.hpp"
#include "tenbou/value_view.hpp"

namespace tenbou {
namespace {

void check_seat(int seat, int players, const std::string& field) {
  if (seat < 0 || seat >= players)
    throw InputError("bad_value", field, "a seat is 0.." + std::to_string(players - 1) + ", got " + std::to_string(seat));
}

std::int64_t exact_line(const Payments& p, int i) {
  if (!p.exact) return p.lines[i].amount;
  if (!p.exact->lines[i].fits_int64())
    throw InputError("unsupported", "wins", "an aotenjo payment past 2^63 cannot be settled in 64-bit deltas");
  return p.exact->lines[i].to_int64();
}

// What `seat` pays for a win before honba, from the scored payment lines.
std::int64_t share_of(const SettledWin& w, int seat, int dealer) {
  const Payments& p = w.payments;
  if (w.from != w.winner) return seat == w.from ? exact_line(p, 0) : 0;
  if (seat == w.winner) return 0;
  for (int i = 0; i < p.line_count; ++i) {
    const bool dealer_line = p.lines[i].payer == Payer::Dealer;
    if (p.line_count == 1 || dealer_line == (seat == dealer)) return exact_line(p, i);
  }
  return 0;
}

std::int64_t honba_value(const RiichiRules& rules, int players) {
  return players == 3 ? rules.sanma_honba_value : rules.honba_value;
}

// One win's deltas. `with_honba`: this winner takes the honba; `deposits`: sticks it collects.
std::vector<std::int64_t> settle_win(const SettledWin& w, const Settlement& s, const RiichiRules& rules,
                                     bool with_honba, std::int64_t deposits) {
  const int n = s.players;
  std::vector<std::int64_t> pay(n, 0);  // what each seat pays
  const bool ron = w.from != w.winner;
  const std::int64_t honba_total = with_honba ? s.honba * honba_value(rules, n) : 0;
  for (int seat = 0; seat < n; ++seat) pay[seat] = share_of(w, seat, s.dealer);
  const bool liable = w.pao >= 0 && w.pao != w.winner && w.pao_yakuman > 0 && w.yakuman > 0;
  if (liable) {
    if (rules.pao == PaoLiability::Whole) {
      // Tenhou: on ron the liable player pays half of the hand, on tsumo all of it.
      std::int64_t total = 0;
      for (int seat = 0; seat < n; ++seat) total += pay[seat];
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
        pay[w.pao] += moved;
      }
    }
  }
  // Honba: the discarder pays all of it on ron; on tsumo each payer its share. With
  // liability on tsumo the liable player pays the honba too (it pays the whole hand).
  if (honba_total) {
    if (ron) {
      pay[w.from] += honba_total;
    } else if (liable && rules.pao == PaoLiability::Whole) {
      pay[w.pao] += honba_total;
    } else {
      for (int seat = 0; seat < n; ++seat)
        if (seat != w.winner) pay[seat] += honba_total / (n - 1);
    }
  }
  std::vector<std::int64_t> deltas(n, 0);
  for (int seat = 0; seat < n; ++seat) {
    deltas[seat] -= pay[seat];
    deltas[w.winner] += pay[seat];
  }
  deltas[w.winner] += 1000 * deposits;
  return deltas;
}

void add_to(std::vector<std::int64_t>& into, const std::vector<std::int64_t>& d) {
  for (std::size_t i = 0; i < into.size(); ++i) into[i] += d[i];
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
  switch (s.end) {
    case HandEnd::Abortive:
      return out;
    case HandEnd::Draw: {
      std::vector<bool> ready(n, false);
      for (std::size_t i = 0; i < s.tenpai.size(); ++i) {
        check_seat(s.tenpai[i], n, "tenpai[" + std::to_string(i) + "]");
        ready[s.tenpai[i]] = true;
      }
      const int t = static_cast<int>(std::count(ready.begin(), ready.end(), true));
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
        return settle(draw, rules);
      }
      for (std::size_t i = 0; i < s.nagashi.size(); ++i) {
        const int seat = s.nagashi[i];
        check_seat(seat, n, "nagashi[" + std::to_string(i) + "]");
        // Paid as a mangan tsumo (three-player: by its tsumo rule); deposits stay.
        PointsQuery q;
        q.han = 5;
        q.dealer = seat == s.dealer;
        q.tsumo = true;
        q.players = n;
        SettledWin w;
        w.winner = w.from = seat;
        w.payments = compute_payments(q, rules);
        add_to(out.deltas, settle_win(w, s, rules, rules.nagashi_honba, 0));
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
    auto d = settle_win(s.wins[order[k]], s, rules, first || rules.multiple_ron_honba == MultipleRonHonba::Each,
                        first ? s.deposits : 0);
    add_to(out.deltas, d);
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
        s.players = static_cast<int>(get_int(v, key, 0, 1000));
        if (s.players != 3 && s.players != 4) throw InputError("bad_value", key, "must be 3 or 4, got " + std::to_string(s.players));
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
      } else throw InputError("unknown_key", key, "unknown settlement key '" + key + "'");
    }
    check_seat(s.dealer, s.players, "dealer");
    std::vector<RiichiResult> scored;
    if (s.end == HandEnd::Win) {
      if (!wins || wins->type() != Json::Type::Array || wins->items().empty())
        throw InputError("bad_value", "wins", "a win needs \"wins\": [{\"winner\", \"from\", \"request\"}, ...]");
      for (std::size_t i = 0; i < wins->items().size(); ++i) {
        const Json& item = wins->items()[i];
        const std::string field = "wins[" + std::to_string(i) + "]";
        if (item.type() != Json::Type::Object) throw InputError("bad_type", field, "must be an object");
        SettledWin w;
        bool have_from = false;
        const Json* req = nullptr;
        for (const auto& [key, value] : item.members()) {
          const JsonView v(value);
          if (key == "winner") w.winner = static_cast<int>(get_int(v, field + ".winner", 0, 3));
          else if (key == "from") { w.from = static_cast<int>(get_int(v, field + ".from", 0, 3)); have_from = true; }
          else if (key == "pao") w.pao = v.kind() == ValueView::Kind::Null ? -1 : static_cast<int>(get_int(v, field + ".pao", 0, 3));
          else if (key == "request") req = &value;
          else throw InputError("unknown_key", field + "." + key, "unknown key '" + key + "' of a win");
        }
        if (!have_from) w.from = w.winner;
        if (!req) throw InputError("bad_value", field + ".request", "each win needs the scored hand's \"request\"");
        check_seat(w.winner, s.players, field + ".winner");
        const RiichiRequest r = riichi_request_from(JsonView(*req));
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
