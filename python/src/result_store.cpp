#include "result_store.hpp"

#include <memory>
#include <stdexcept>

namespace tenbou_py {

using tenbou::RiichiResult;
using tenbou::ScoreResult;

namespace {

// Reads what ResultStore::push wrote, in the same order.
class Reader {
 public:
  explicit Reader(const char* p) : p_(reinterpret_cast<const std::uint8_t*>(p)) {}
  std::uint8_t byte() { return *p_++; }
  std::uint64_t varint() {
    std::uint64_t v = 0;
    for (int shift = 0;; shift += 7) {
      const std::uint8_t b = *p_++;
      v |= static_cast<std::uint64_t>(b & 0x7F) << shift;
      if (!(b & 0x80)) return v;
    }
  }
  std::int64_t signed_int() {
    const std::uint64_t z = varint();
    return static_cast<std::int64_t>(z >> 1) ^ -static_cast<std::int64_t>(z & 1);
  }
  std::string text() {
    const std::size_t n = varint();
    std::string s(reinterpret_cast<const char*>(p_), n);
    p_ += n;
    return s;
  }

 private:
  const std::uint8_t* p_;
};

}  // namespace

void ResultStore::put_varint(std::uint64_t v) {
  while (v >= 0x80) {
    data_ += static_cast<char>(static_cast<std::uint8_t>(v) | 0x80);
    v >>= 7;
  }
  data_ += static_cast<char>(v);
}

void ResultStore::put_text(std::string_view s) {
  put_varint(s.size());
  data_.append(s);
}

void ResultStore::push(const ScoreResult& result) {
  offsets_.push_back(data_.size());
  const auto* r = std::get_if<RiichiResult>(&result);
  if (r && !r->ok) {  // a failure of any rule family is a Riichi-shaped failure
    data_ += static_cast<char>(kFailure);
    put_varint(static_cast<std::uint8_t>(r->error->code));
    put_text(r->error->reason);
    put_text(r->error->field);
    put_text(r->error->message);
    return;
  }
  if (!r || r->payments.exact) {  // Korean, Hong Kong-Taiwan, exact aotenjo amounts: kept whole
    data_ += static_cast<char>(kWhole);
    put_varint(whole_.size());
    whole_.push_back(result);
    return;
  }
  data_ += static_cast<char>(kRiichi);
  data_ += static_cast<char>(static_cast<std::uint8_t>(r->method));
  data_ += static_cast<char>((r->dealer ? 1 : 0) | (r->tsumo ? 2 : 0));
  put_varint(static_cast<std::uint64_t>(r->players));
  put_signed(r->han);
  put_signed(r->fu);
  put_signed(r->yakuman);
  data_ += static_cast<char>(static_cast<std::uint8_t>(r->wait));
  put_varint(static_cast<std::uint64_t>(r->yaku.count));
  for (const auto& y : r->yaku) {
    data_ += static_cast<char>(static_cast<std::uint8_t>(y.yaku));
    put_signed(y.han);
  }
  put_varint(static_cast<std::uint64_t>(r->fu_details.count));
  for (const auto& f : r->fu_details) {
    data_ += static_cast<char>(static_cast<std::uint8_t>(f.key));
    data_ += static_cast<char>(f.fu);
    data_ += static_cast<char>(f.tile);
  }
  const tenbou::Payments& p = r->payments;
  data_ += static_cast<char>(static_cast<std::uint8_t>(p.limit));
  put_signed(p.base_points);
  put_varint(static_cast<std::uint64_t>(p.line_count));
  for (int i = 0; i < p.line_count; ++i) {
    data_ += static_cast<char>(static_cast<std::uint8_t>(p.lines[i].payer));
    put_varint(static_cast<std::uint64_t>(p.lines[i].payers));
    put_signed(p.lines[i].amount);
  }
  put_signed(p.hand_value);
  put_signed(p.honba_bonus);
  put_signed(p.sticks_bonus);
  put_signed(p.total);
  put_varint(static_cast<std::uint64_t>(r->decomposition.count));
  for (const auto& s : r->decomposition) {
    data_ += static_cast<char>(static_cast<std::uint8_t>(s.kind) | (s.pair ? 8 : 0) | (s.declared ? 16 : 0) |
                               (s.single ? 32 : 0));
    data_ += static_cast<char>(s.tile);
    data_ += static_cast<char>(static_cast<std::uint8_t>(s.meld_kind));
  }
}

ScoreResult ResultStore::get(std::size_t i) const {
  Reader in(data_.data() + offsets_.at(i));
  const std::uint8_t tag = in.byte();
  if (tag == kWhole) return whole_[in.varint()];
  if (tag == kFailure) {
    const auto code = static_cast<tenbou::ErrorCode>(in.varint());
    std::string reason = in.text(), field = in.text(), message = in.text();
    return RiichiResult::failure(code, std::move(message), std::move(reason), std::move(field));
  }
  RiichiResult r;
  r.ok = true;
  r.method = static_cast<tenbou::Method>(in.byte());
  const std::uint8_t flags = in.byte();
  r.dealer = flags & 1;
  r.tsumo = flags & 2;
  r.players = static_cast<int>(in.varint());
  r.han = static_cast<int>(in.signed_int());
  r.fu = static_cast<int>(in.signed_int());
  r.yakuman = static_cast<int>(in.signed_int());
  r.wait = static_cast<tenbou::Wait>(in.byte());
  for (std::uint64_t n = in.varint(); n > 0; --n) {
    const auto y = static_cast<tenbou::Yaku>(in.byte());
    r.yaku.push({y, static_cast<std::int16_t>(in.signed_int())});
  }
  for (std::uint64_t n = in.varint(); n > 0; --n) {
    tenbou::FuItem f;
    f.key = static_cast<tenbou::FuKey>(in.byte());
    f.fu = in.byte();
    f.tile = in.byte();
    r.fu_details.push(f);
  }
  tenbou::Payments& p = r.payments;
  p.limit = static_cast<tenbou::Limit>(in.byte());
  p.base_points = in.signed_int();
  p.line_count = static_cast<int>(in.varint());
  for (int k = 0; k < p.line_count; ++k) {
    p.lines[k].payer = static_cast<tenbou::Payer>(in.byte());
    p.lines[k].payers = static_cast<int>(in.varint());
    p.lines[k].amount = in.signed_int();
  }
  p.hand_value = in.signed_int();
  p.honba_bonus = in.signed_int();
  p.sticks_bonus = in.signed_int();
  p.total = in.signed_int();
  for (std::uint64_t n = in.varint(); n > 0; --n) {
    tenbou::ShownSet s;
    const std::uint8_t bits = in.byte();
    s.kind = static_cast<tenbou::SetKind>(bits & 7);
    s.pair = bits & 8;
    s.declared = bits & 16;
    s.single = bits & 32;
    s.tile = in.byte();
    s.meld_kind = static_cast<tenbou::MeldKind>(in.byte());
    r.decomposition.push(s);
  }
  return r;
}

std::int64_t ResultStore::total(std::size_t i) const {
  const char* at = data_.data() + offsets_.at(i);
  if (static_cast<std::uint8_t>(*at) == kRiichi) {
    const RiichiResult r = std::get<RiichiResult>(get(i));
    return r.payments.total;
  }
  if (static_cast<std::uint8_t>(*at) == kFailure) return 0;
  const ScoreResult r = get(i);
  if (const auto* k = std::get_if<tenbou::KoreanResult>(&r)) return k->ok && k->has_points ? k->total : 0;
  if (const auto* h = std::get_if<tenbou::HktwResult>(&r)) return h->ok ? h->total : 0;
  return std::get<RiichiResult>(r).payments.total;  // exact aotenjo: the int64 field holds 0
}

}  // namespace tenbou_py
