// The one serializer of results (internal): templates over JsonTextWriter (text)
// and JsonTreeWriter (a Json tree), so every front end gets the same bytes.
#pragma once
#include <string>

#include "tenbou/bignum.hpp"
#include "tenbou/json_writer.hpp"
#include "tenbou/korean.hpp"
#include "tenbou/result.hpp"

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
  w.key("ok"); w.boolean(false);
  w.key("error"); w.begin_object();
  w.key("code"); w.string(error_code_name(error.code));
  w.key("message"); w.string(error.text());
  if (!error.reason.empty()) { w.key("reason"); w.string(error.reason); }
  if (!error.field.empty()) { w.key("field"); w.string(error.field); }
  w.end_object();
  w.end_object();
}

// "payments", "honba_bonus", "sticks_bonus", "total" (members of an open object).
template <typename W>
void write_payment_members(W& w, const Payments& p) {
  w.key("payments"); w.begin_array();
  for (int i = 0; i < p.line_count; ++i) {
    w.begin_object();
    w.key("payer"); w.string(payer_name(p.lines[i].payer));
    w.key("amount");
    if (p.exact) write_amount(w, p.exact->lines[i]);
    else w.integer(p.lines[i].amount);
    w.end_object();
  }
  w.end_array();
  w.key("honba_bonus"); w.integer(p.honba_bonus);
  w.key("sticks_bonus"); w.integer(p.sticks_bonus);
  w.key("total");
  if (p.exact) write_amount(w, p.exact->total);
  else w.integer(p.total);
}

template <typename W>
void write_decomposition(W& w, const SmallList<ShownSet, 14>& sets) {
  w.key("decomposition"); w.begin_array();
  for (const auto& s : sets) w.string(shown_set_text(s));
  w.end_array();
}

template <typename W>
void write_wait(W& w, Wait wait) {
  w.key("wait");
  if (const char* name = wait_name(wait)) w.string(name);
  else w.null();
}

template <typename W>
void write_result(W& w, const RiichiResult& r) {
  if (!r.ok) return write_failure(w, *r.error);
  w.begin_object();
  w.key("ok"); w.boolean(true);
  w.key("han"); w.integer(r.han);
  w.key("fu"); w.integer(r.fu);
  w.key("yakuman"); w.integer(r.yakuman);
  w.key("yaku"); w.begin_array();
  for (const auto& y : r.yaku) {
    w.begin_object();
    w.key("key"); w.string(yaku_info(y.yaku).key);
    w.key("han"); w.integer(y.han);
    w.end_object();
  }
  w.end_array();
  w.key("fu_details"); w.begin_array();
  for (const auto& f : r.fu_details) {
    w.begin_object();
    w.key("key"); w.string(fu_key_name(f.key));
    w.key("fu"); w.integer(f.fu);
    if (f.tile != kNoTile) { w.key("tile"); w.string(tile_name(f.tile)); }
    w.end_object();
  }
  w.end_array();
  w.key("limit");
  if (const char* limit = limit_name(r.payments.limit)) w.string(limit);
  else w.null();
  write_payment_members(w, r.payments);
  write_wait(w, r.wait);
  write_decomposition(w, r.decomposition);
  w.end_object();
}

template <typename W>
void write_result(W& w, const KoreanResult& r) {
  if (!r.ok) return write_failure(w, *r.error);
  w.begin_object();
  w.key("ok"); w.boolean(true);
  w.key("rules"); w.string("korean");
  w.key("variant"); w.string(korean_variant_name(r.variant));
  w.key("han"); w.integer(r.han);
  w.key("base_han"); w.integer(r.base_han);
  w.key("additional_han"); w.integer(r.additional_han);
  w.key("min_base_han"); w.integer(r.min_base_han);
  w.key("win_valid"); w.boolean(r.win_valid);
  w.key("chombo"); w.boolean(r.chombo);
  w.key("unlimited"); w.boolean(r.unlimited);
  w.key("yaku"); w.begin_array();
  for (const auto& y : r.yaku) {
    const KoreanYakuRow& row = korean_row(y.yaku);
    w.begin_object();
    w.key("key"); w.string(row.key);
    w.key("name_ko"); w.string(row.name_ko);
    w.key("name_en"); w.string(row.name_en);
    w.key("han");
    if (y.han == kUnknownHan) w.null();
    else w.integer(y.han);
    w.key("kind"); w.string(y.kind == KoreanYakuKind::Base ? "base" : "additional");
    if (row.per_unit) { w.key("count"); w.integer(y.count); }
    if (y.tile != kNoTile) { w.key("tile"); w.string(tile_name(y.tile)); }
    w.end_object();
  }
  w.end_array();
  w.key("unknown_yaku"); w.begin_array();
  for (const auto& y : r.yaku)
    if (y.han == kUnknownHan) w.string(korean_row(y.yaku).key);
  w.end_array();
  w.key("messages"); w.begin_array();
  for (const auto& m : r.messages) w.string(m);
  w.end_array();
  // The contract's Riichi fields with no meaning here, for front ends that read every family.
  w.key("fu"); w.null();
  w.key("yakuman"); w.integer(0);
  w.key("limit"); w.null();
  w.key("win_base");
  if (r.win_base < 0) w.null();
  else w.integer(r.win_base);
  w.key("points");
  if (r.has_points) w.integer(r.points);
  else w.null();
  w.key("payments"); w.begin_array();
  if (r.has_points) {
    w.begin_object();
    w.key("payer"); w.string(r.tsumo ? "each_other" : "discarder");
    w.key("amount"); w.integer(r.payment);
    w.end_object();
  }
  w.end_array();
  w.key("total");
  if (r.has_points) w.integer(r.total);
  else w.null();
  w.key("collects_draw_pool"); w.boolean(r.collects_draw_pool);
  write_wait(w, r.wait);
  write_decomposition(w, r.decomposition);
  w.end_object();
}

}  // namespace tenbou
