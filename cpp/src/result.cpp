#include "tenbou/result.hpp"

#include "tenbou/json.hpp"

namespace tenbou {

const char* error_code_name(ErrorCode code) {
  switch (code) {
    case ErrorCode::InvalidInput: return "invalid_input";
    case ErrorCode::NotWinning: return "not_winning";
    case ErrorCode::NoYaku: return "no_yaku";
  }
  return "?";
}

const char* wait_name(Wait wait) {
  switch (wait) {
    case Wait::Ryanmen: return "ryanmen";
    case Wait::Kanchan: return "kanchan";
    case Wait::Penchan: return "penchan";
    case Wait::Shanpon: return "shanpon";
    case Wait::Tanki: return "tanki";
    case Wait::Kokushi13: return "kokushi_13";
    case Wait::None: return nullptr;
  }
  return nullptr;
}

const char* fu_key_name(FuKey key) {
  switch (key) {
    case FuKey::Base: return "base";
    case FuKey::Chiitoitsu: return "chiitoitsu";
    case FuKey::ClosedRon: return "closed_ron";
    case FuKey::Tsumo: return "tsumo";
    case FuKey::WaitKanchan: return "wait_kanchan";
    case FuKey::WaitPenchan: return "wait_penchan";
    case FuKey::WaitTanki: return "wait_tanki";
    case FuKey::PairDragon: return "pair_dragon";
    case FuKey::PairSeatWind: return "pair_seat_wind";
    case FuKey::PairRoundWind: return "pair_round_wind";
    case FuKey::PairDoubleWind: return "pair_double_wind";
    case FuKey::OpenTripletSimple: return "open_triplet_simple";
    case FuKey::OpenTripletTerminal: return "open_triplet_terminal";
    case FuKey::ClosedTripletSimple: return "closed_triplet_simple";
    case FuKey::ClosedTripletTerminal: return "closed_triplet_terminal";
    case FuKey::OpenKanSimple: return "open_kan_simple";
    case FuKey::OpenKanTerminal: return "open_kan_terminal";
    case FuKey::ClosedKanSimple: return "closed_kan_simple";
    case FuKey::ClosedKanTerminal: return "closed_kan_terminal";
    case FuKey::OpenPinfu: return "open_pinfu";
    case FuKey::HanOnly: return "han_only";
    case FuKey::KokushiAotenjo: return "kokushi";
  }
  return "?";
}

RiichiResult RiichiResult::failure(ErrorCode code, std::string message, std::string reason, std::string field) {
  RiichiResult r;
  r.ok = false;
  r.error = std::make_shared<const ResultError>(ResultError{code, std::move(reason), std::move(field), std::move(message)});
  return r;
}

std::string shown_set_text(const ShownSet& s) {
  std::string out;
  if (s.declared) {
    out = meld_kind_name(s.meld_kind);
    out += ':';
  }
  const char digit = static_cast<char>('0' + number_of(s.tile));
  if (s.single) {
    out += digit;
  } else if (s.pair) {
    out.append(2, digit);
  } else if (s.kind == SetKind::Sequence) {
    for (int k = 0; k < 3; ++k) out += static_cast<char>(digit + k);
  } else {
    out.append(s.kind == SetKind::Kan ? 4 : 3, digit);
  }
  out += suit_letter(suit_of(s.tile));
  return out;
}

namespace {

// An exact amount: a plain integer when it fits 64 bits, else its decimal digits.
Json amount_json(const BigUint& v) {
  return v.fits_int64() ? Json::integer(v.to_int64()) : Json::big_integer(v.to_decimal());
}

}  // namespace

void write_payments(Json& o, const Payments& p) {
  Json& pay = o.set("payments", Json::array());
  for (int i = 0; i < p.line_count; ++i) {
    Json& e = pay.push(Json::object());
    e.set("payer", Json::string(payer_name(p.lines[i].payer)));
    e.set("amount", p.exact ? amount_json(p.exact->lines[i]) : Json::integer(p.lines[i].amount));
  }
  o.set("honba_bonus", Json::integer(p.honba_bonus));
  o.set("sticks_bonus", Json::integer(p.sticks_bonus));
  o.set("total", p.exact ? amount_json(p.exact->total) : Json::integer(p.total));
}

Json base_points_json(const Payments& p) {
  return p.exact ? amount_json(p.exact->base_points) : Json::integer(p.base_points);
}

Json failure_json(const ResultError& error) {
  Json o = Json::object();
  o.set("ok", Json::boolean(false));
  Json& e = o.set("error", Json::object());
  e.set("code", Json::string(error_code_name(error.code)));
  e.set("message", Json::string(error.text()));
  if (!error.reason.empty()) e.set("reason", Json::string(error.reason));
  if (!error.field.empty()) e.set("field", Json::string(error.field));
  return o;
}

Json result_to_json(const RiichiResult& r) {
  if (!r.ok) return failure_json(*r.error);
  Json o = Json::object();
  o.set("ok", Json::boolean(true));
  o.set("han", Json::integer(r.han));
  o.set("fu", Json::integer(r.fu));
  o.set("yakuman", Json::integer(r.yakuman));
  Json& yaku = o.set("yaku", Json::array());
  for (const auto& y : r.yaku) {
    Json& e = yaku.push(Json::object());
    e.set("key", Json::string(yaku_info(y.yaku).key));
    e.set("han", Json::integer(y.han));
  }
  Json& fu = o.set("fu_details", Json::array());
  for (const auto& f : r.fu_details) {
    Json& e = fu.push(Json::object());
    e.set("key", Json::string(fu_key_name(f.key)));
    e.set("fu", Json::integer(f.fu));
    if (f.tile != kNoTile) e.set("tile", Json::string(tile_name(f.tile)));
  }
  const char* limit = limit_name(r.payments.limit);
  o.set("limit", limit ? Json::string(limit) : Json::null());
  write_payments(o, r.payments);
  const char* wait = wait_name(r.wait);
  o.set("wait", wait ? Json::string(wait) : Json::null());
  Json& dec = o.set("decomposition", Json::array());
  for (const auto& s : r.decomposition) dec.push(Json::string(shown_set_text(s)));
  return o;
}

}  // namespace tenbou
