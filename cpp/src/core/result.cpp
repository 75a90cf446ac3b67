#include "tenbou/result.hpp"

#include "tenbou/json.hpp"
#include "core/result_writer.hpp"

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

std::string_view fu_key_name(FuKey key) {
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
    case FuKey::PairNorthWind: return "pair_north_wind";
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

std::string_view ShownSetText::of(const ShownSet& s) {
  std::size_t n = 0;
  if (s.declared) {
    const std::string_view kind = meld_kind_name(s.meld_kind);  // at most "kakan"
    for (char c : kind) buf[n++] = c;
    buf[n++] = ':';
  }
  const char digit = static_cast<char>('0' + number_of(s.tile));
  const int copies = s.single ? 1 : s.pair ? 2 : s.kind == SetKind::Kan ? 4 : 3;
  for (int k = 0; k < copies; ++k) buf[n++] = s.kind == SetKind::Sequence && !s.pair && !s.single ? static_cast<char>(digit + k) : digit;
  buf[n++] = suit_letter(suit_of(s.tile));
  return {buf, n};
}

std::string shown_set_text(const ShownSet& s) {
  ShownSetText text;
  return std::string(text.of(s));
}

void write_payments(Json& o, const Payments& p) {
  // Members appended to an existing object: write them into a scratch object, then move them over.
  JsonTreeWriter w;
  w.begin_object();
  write_payment_members(w, p);
  w.end_object();
  const Json scratch = w.take();
  for (const auto& member : scratch.members()) o.set(member.first, member.second);
}

Json base_points_json(const Payments& p) {
  JsonTreeWriter w;
  if (p.exact) write_amount(w, p.exact->base_points);
  else w.integer(p.base_points);
  return w.take();
}

Json failure_json(const ResultError& error) {
  JsonTreeWriter w;
  write_failure(w, error);
  return w.take();
}

Json result_to_json(const RiichiResult& r) {
  JsonTreeWriter w;
  write_result(w, r);
  return w.take();
}

void result_to_text(const RiichiResult& r, std::string& out) {
  JsonTextWriter w(out);
  write_result(w, r);
}

}  // namespace tenbou
