// The one serializer of results (internal): templates over JsonTextWriter (text)
// and JsonTreeWriter (a Json tree), so every front end gets the same bytes.
#pragma once
#include <string>

#include "tenbou/bignum.hpp"
#include "tenbou/hktw.hpp"
#include "core/json_writer.hpp"
#include "tenbou/korean.hpp"
#include "tenbou/result.hpp"
#include "core/result_keys.hpp"

namespace tenbou {

// An exact amount: a plain integer when it fits 64 bits, else its decimal digits.
template <typename W>
void write_amount(W& w, const BigUint& v) {
  if (v.fits_int64()) w.integer(v.to_int64());
  else w.big_integer(v.to_decimal());
}

template <typename W>
void write_failure(W& w, const ResultError& error) {
  w.begin_object();
  w.key(ResultKey::ok); w.boolean(false);
  w.key(ResultKey::error); w.begin_object();
  w.key(ResultKey::code); w.string(error_code_name(error.code));
  w.key(ResultKey::message); w.string(error.text());
  if (!error.reason.empty()) { w.key(ResultKey::reason); w.string(error.reason); }
  if (!error.field.empty()) { w.key(ResultKey::field); w.string(error.field); }
  w.end_object();
  w.end_object();
}

// "payments", "honba_bonus", "sticks_bonus", "total" (members of an open object).
template <typename W>
void write_payment_members(W& w, const Payments& p) {
  w.key(ResultKey::payments); w.begin_array();
  for (int i = 0; i < p.line_count; ++i) {
    w.begin_object();
    w.key(ResultKey::payer); w.string(payer_name(p.lines[i].payer));
    w.key(ResultKey::amount);
    if (p.exact) write_amount(w, p.exact->lines[i]);
    else w.integer(p.lines[i].amount);
    w.end_object();
  }
  w.end_array();
  w.key(ResultKey::honba_bonus); w.integer(p.honba_bonus);
  w.key(ResultKey::sticks_bonus); w.integer(p.sticks_bonus);
  w.key(ResultKey::total);
  if (p.exact) write_amount(w, p.exact->total);
  else w.integer(p.total);
}

template <typename W>
void write_decomposition(W& w, const SmallList<ShownSet, 14>& sets) {
  w.key(ResultKey::decomposition); w.begin_array();
  ShownSetText text;
  for (const auto& s : sets) w.string(text.of(s));
  w.end_array();
}

template <typename W>
void write_wait(W& w, Wait wait) {
  w.key(ResultKey::wait);
  if (const char* name = wait_name(wait)) w.string(name);
  else w.null();
}

template <typename W>
void write_result(W& w, const RiichiResult& r) {
  if (!r.ok) return write_failure(w, *r.error);
  w.begin_object();
  w.key(ResultKey::ok); w.boolean(true);
  w.key(ResultKey::han); w.integer(r.han);
  w.key(ResultKey::fu); w.integer(r.fu);
  w.key(ResultKey::yakuman); w.integer(r.yakuman);
  w.key(ResultKey::yaku); w.begin_array();
  for (const auto& y : r.yaku) {
    w.begin_object();
    w.key(ResultKey::key); w.string(yaku_info(y.yaku).key);
    w.key(ResultKey::han); w.integer(y.han);
    w.end_object();
  }
  w.end_array();
  w.key(ResultKey::fu_details); w.begin_array();
  for (const auto& f : r.fu_details) {
    w.begin_object();
    w.key(ResultKey::key); w.string(fu_key_name(f.key));
    w.key(ResultKey::fu); w.integer(f.fu);
    if (f.tile != kNoTile) { w.key(ResultKey::tile); w.string(tile_text(f.tile)); }
    w.end_object();
  }
  w.end_array();
  w.key(ResultKey::limit);
  if (const char* limit = limit_name(r.payments.limit)) w.string(limit);
  else w.null();
  write_payment_members(w, r.payments);
  write_wait(w, r.wait);
  write_decomposition(w, r.decomposition);
  if (r.players == 3) { w.key(ResultKey::players); w.integer(3); }
  w.end_object();
}

template <typename W>
void write_result(W& w, const KoreanResult& r) {
  if (!r.ok) return write_failure(w, *r.error);
  w.begin_object();
  w.key(ResultKey::ok); w.boolean(true);
  w.key(ResultKey::rules); w.string("korean");
  w.key(ResultKey::variant); w.string(korean_variant_name(r.variant));
  w.key(ResultKey::han); w.integer(r.han);
  w.key(ResultKey::base_han); w.integer(r.base_han);
  w.key(ResultKey::additional_han); w.integer(r.additional_han);
  w.key(ResultKey::min_base_han); w.integer(r.min_base_han);
  w.key(ResultKey::win_valid); w.boolean(r.win_valid);
  w.key(ResultKey::chombo); w.boolean(r.chombo);
  w.key(ResultKey::unlimited); w.boolean(r.unlimited);
  w.key(ResultKey::yaku); w.begin_array();
  for (const auto& y : r.yaku) {
    const KoreanYakuRow& row = korean_row(y.yaku);
    w.begin_object();
    w.key(ResultKey::key); w.string(row.key);
    w.key(ResultKey::name_ko); w.string(row.name_ko);
    w.key(ResultKey::name_en); w.string(row.name_en);
    w.key(ResultKey::han);
    if (y.han == kUnknownHan) w.null();
    else w.integer(y.han);
    w.key(ResultKey::kind); w.string(y.kind == KoreanYakuKind::Base ? "base" : "additional");
    if (row.per_unit) { w.key(ResultKey::count); w.integer(y.count); }
    if (y.tile != kNoTile) { w.key(ResultKey::tile); w.string(tile_text(y.tile)); }
    w.end_object();
  }
  w.end_array();
  w.key(ResultKey::unknown_yaku); w.begin_array();
  for (const auto& y : r.yaku)
    if (y.han == kUnknownHan) w.string(korean_row(y.yaku).key);
  w.end_array();
  w.key(ResultKey::messages); w.begin_array();
  for (const auto& m : r.messages) w.string(m);
  w.end_array();
  // The contract's Riichi fields with no meaning here, for front ends that read every family.
  w.key(ResultKey::fu); w.null();
  w.key(ResultKey::yakuman); w.integer(0);
  w.key(ResultKey::limit); w.null();
  w.key(ResultKey::win_base);
  if (r.win_base < 0) w.null();
  else w.integer(r.win_base);
  w.key(ResultKey::points);
  if (r.has_points) w.integer(r.points);
  else w.null();
  w.key(ResultKey::payments); w.begin_array();
  if (r.has_points) {
    w.begin_object();
    w.key(ResultKey::payer); w.string(r.tsumo ? "each_other" : "discarder");
    w.key(ResultKey::amount); w.integer(r.payment);
    w.end_object();
  }
  w.end_array();
  w.key(ResultKey::total);
  if (r.has_points) w.integer(r.total);
  else w.null();
  w.key(ResultKey::collects_draw_pool); w.boolean(r.collects_draw_pool);
  write_wait(w, r.wait);
  write_decomposition(w, r.decomposition);
  w.end_object();
}

template <typename W>
void write_result(W& w, const HktwResult& r) {
  if (!r.ok) return write_failure(w, *r.error);
  w.begin_object();
  w.key(ResultKey::ok); w.boolean(true);
  w.key(ResultKey::rules); w.string("hktw");
  w.key(ResultKey::yaku); w.begin_array();
  for (const auto& e : r.patterns) {
    const HktwRow& row = hktw_row(e.pattern);
    w.begin_object();
    w.key(ResultKey::key); w.string(row.key);
    w.key(ResultKey::number); w.string(row.number);
    w.key(ResultKey::name_ko); w.string(row.name_ko);
    w.key(ResultKey::name_en); w.string(row.name_en);
    w.key(ResultKey::points); w.integer(e.points);
    if (row.per_unit) { w.key(ResultKey::count); w.integer(e.count); }
    if (e.tile != kNoTile) { w.key(ResultKey::tile); w.string(tile_text(e.tile)); }
    w.end_object();
  }
  w.end_array();
  w.key(ResultKey::base_points); w.integer(r.base_points);
  w.key(ResultKey::pattern_points); w.integer(r.pattern_points);
  w.key(ResultKey::value); w.integer(r.value);
  // The contract's Riichi fields with no meaning here, for front ends that read every family.
  w.key(ResultKey::han); w.null();
  w.key(ResultKey::fu); w.null();
  w.key(ResultKey::yakuman); w.integer(0);
  w.key(ResultKey::limit);
  if (r.limited) w.string("house_limit");
  else w.null();
  w.key(ResultKey::payments); w.begin_array();
  if (!r.hand_ended) {
    w.begin_object();
    w.key(ResultKey::payer); w.string(r.tsumo ? "each_other" : "discarder");
    w.key(ResultKey::amount); w.integer(r.payment);
    w.end_object();
  }
  w.end_array();
  w.key(ResultKey::honba_bonus); w.integer(r.honba_bonus);
  w.key(ResultKey::pool_bonus); w.integer(r.pool_bonus);
  w.key(ResultKey::total); w.integer(r.total);
  w.key(ResultKey::instant_payments); w.begin_array();
  for (const auto& p : r.instant) {
    const HktwRow& row = hktw_row(p.pattern);
    w.begin_object();
    w.key(ResultKey::key); w.string(row.key);
    w.key(ResultKey::number); w.string(row.number);
    w.key(ResultKey::name_ko); w.string(row.name_ko);
    w.key(ResultKey::payer); w.string("each_other");
    w.key(ResultKey::each); w.integer(p.each);
    w.key(ResultKey::count); w.integer(p.count);
    w.key(ResultKey::total); w.integer(3 * p.each * p.count);
    w.end_object();
  }
  w.end_array();
  w.key(ResultKey::hand_ended); w.boolean(r.hand_ended);
  write_wait(w, r.wait);
  w.key(ResultKey::waits); w.begin_array();
  for (Tile t : r.waits) w.string(tile_text(t));
  w.end_array();
  w.key(ResultKey::decomposition); w.begin_array();
  ShownSetText text;
  for (const auto& s : r.decomposition) w.string(text.of(s));
  w.end_array();
  w.end_object();
}

}  // namespace tenbou
