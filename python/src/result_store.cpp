#include "result_store.hpp"

#include <memory>
#include <mutex>
#include <stdexcept>
#include <utility>

namespace tenbou_py {

using tenbou::RiichiResult;
using tenbou::ScoreResult;

namespace {

// Reads what ResultStore::encode wrote, in the same order.
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
  std::uint32_t u32() {
    const std::uint32_t v = static_cast<std::uint32_t>(p_[0]) | static_cast<std::uint32_t>(p_[1]) << 8 |
                            static_cast<std::uint32_t>(p_[2]) << 16 | static_cast<std::uint32_t>(p_[3]) << 24;
    p_ += 4;
    return v;
  }
  std::int64_t signed_int() {
    const std::uint64_t z = varint();
    return static_cast<std::int64_t>(z >> 1) ^ -static_cast<std::int64_t>(z & 1);
  }
  std::string text() { return std::string(view()); }
  std::string_view view() {
    const std::size_t n = varint();
    const std::string_view s(reinterpret_cast<const char*>(p_), n);
    p_ += n;
    return s;
  }

 private:
  const std::uint8_t* p_;
};

}  // namespace

namespace {

// The buffers of the last freed store, kept for the next one when they are not too large
// to hold on to: a loop of score_many calls otherwise page-faulted its results' memory in
// afresh every time (~4% of a batch).
struct Recycled {
  std::mutex lock;
  std::string data;
  std::vector<std::uint64_t> offsets;
};
Recycled& recycled() {
  static Recycled* r = new Recycled();  // never destroyed: batches may be freed at exit
  return *r;
}
constexpr std::size_t kMaxRecycledBytes = 32u << 20;

}  // namespace

ResultStore::ResultStore() {
  Recycled& r = recycled();
  std::lock_guard<std::mutex> hold(r.lock);
  data_.swap(r.data);
  offsets_.swap(r.offsets);
}

ResultStore::~ResultStore() {
  if (data_.capacity() + offsets_.capacity() * sizeof(std::uint64_t) > kMaxRecycledBytes) return;
  Recycled& r = recycled();
  std::lock_guard<std::mutex> hold(r.lock);
  if (r.data.capacity() >= data_.capacity()) return;  // keep the larger pair
  data_.clear();
  offsets_.clear();
  r.data.swap(data_);
  r.offsets.swap(offsets_);
}

namespace {

// Writes records through a raw cursor (a Riichi record is at most ~300 bytes: the
// fixed part goes to a stack buffer, then one append).
class Writer {
 public:
  explicit Writer(std::uint8_t* p) : begin_(p), p_(p) {}
  void byte(std::uint8_t b) { *p_++ = b; }
  void varint(std::uint64_t v) {
    while (v >= 0x80) {
      *p_++ = static_cast<std::uint8_t>(v) | 0x80;
      v >>= 7;
    }
    *p_++ = static_cast<std::uint8_t>(v);
  }
  void signed_int(std::int64_t v) { varint((static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63)); }
  std::size_t size() const { return static_cast<std::size_t>(p_ - begin_); }

 private:
  std::uint8_t* begin_;
  std::uint8_t* p_;
};

constexpr std::size_t kMaxRiichiRecord = 512;  // bound of what encode_riichi writes (see below)

std::size_t encode_riichi(const RiichiResult& r, std::uint8_t* buf, std::uint8_t tag) {
  // Bytes at most: 4 + 3x10 (han, fu, yakuman) + 2 + 3x10 + 1 + 24x11 ... well under 512.
  Writer w(buf);
  w.byte(tag);
  // The hot fields first (hot() stops after them), then the rest.
  w.byte(static_cast<std::uint8_t>(r.method));
  w.byte((r.dealer ? 1 : 0) | (r.tsumo ? 2 : 0));
  w.varint(static_cast<std::uint64_t>(r.players));
  w.signed_int(r.han);
  w.signed_int(r.fu);
  w.signed_int(r.yakuman);
  w.byte(static_cast<std::uint8_t>(r.wait));
  const tenbou::Payments& p = r.payments;
  w.byte(static_cast<std::uint8_t>(p.limit));
  w.signed_int(p.total);
  w.signed_int(p.honba_bonus);
  w.signed_int(p.sticks_bonus);
  w.varint(static_cast<std::uint64_t>(r.yaku.count));
  for (const auto& y : r.yaku) {
    w.byte(static_cast<std::uint8_t>(y.yaku));
    w.signed_int(y.han);
  }
  w.varint(static_cast<std::uint64_t>(r.fu_details.count));
  for (const auto& f : r.fu_details) {
    w.byte(static_cast<std::uint8_t>(f.key));
    w.byte(f.fu);
    w.byte(f.tile);
  }
  w.signed_int(p.base_points);
  w.varint(static_cast<std::uint64_t>(p.line_count));
  for (int i = 0; i < p.line_count; ++i) {
    w.byte(static_cast<std::uint8_t>(p.lines[i].payer));
    w.varint(static_cast<std::uint64_t>(p.lines[i].payers));
    w.signed_int(p.lines[i].amount);
  }
  w.signed_int(p.hand_value);
  w.varint(static_cast<std::uint64_t>(r.decomposition.count));
  for (const auto& s : r.decomposition) {
    w.byte(static_cast<std::uint8_t>(s.kind) | (s.pair ? 8 : 0) | (s.declared ? 16 : 0) | (s.single ? 32 : 0));
    w.byte(s.tile);
    w.byte(static_cast<std::uint8_t>(s.meld_kind));
  }
  return w.size();
}

void append_varint(std::string& out, std::uint64_t v) {
  std::uint8_t buf[10];
  Writer w(buf);
  w.varint(v);
  out.append(reinterpret_cast<const char*>(buf), w.size());
}

void append_text(std::string& out, std::string_view s) {
  append_varint(out, s.size());
  out.append(s);
}

}  // namespace

void ResultStore::encode(const ScoreResult& result, EncodedRecords& out) {
  out.starts.push_back(static_cast<std::uint32_t>(out.bytes.size()));
  std::string& data = out.bytes;
  const auto* r = std::get_if<RiichiResult>(&result);
  if (r && !r->ok) {  // a failure of any rule family is a Riichi-shaped failure
    data += static_cast<char>(kFailure);
    append_varint(data, static_cast<std::uint8_t>(r->error->code));
    append_text(data, r->error->reason);
    append_text(data, r->error->field);
    append_text(data, r->error->message);
    return;
  }
  if (!r || r->payments.exact) {  // Korean, Hong Kong-Taiwan, exact aotenjo amounts: kept whole
    // The index into whole_ is filled in by append (4 bytes, little-endian).
    const char record[5] = {static_cast<char>(kWhole), 0, 0, 0, 0};
    data.append(record, sizeof record);
    return;
  }
  std::uint8_t buf[kMaxRiichiRecord];
  const std::size_t n = encode_riichi(*r, buf, kRiichi);
  data.append(reinterpret_cast<const char*>(buf), n);
}

void ResultStore::append(const EncodedRecords& records, const ScoreResult* results) {
  const std::size_t base = data_.size();
  data_.append(records.bytes);
  for (std::size_t k = 0; k < records.starts.size(); ++k) {
    const std::size_t at = base + records.starts[k];
    offsets_.push_back(at);
    if (static_cast<std::uint8_t>(data_[at]) != kWhole) continue;
    const auto index = static_cast<std::uint32_t>(whole_.size());
    whole_.push_back(results[k]);
    for (int b = 0; b < 4; ++b) data_[at + 1 + b] = static_cast<char>(index >> (8 * b) & 0xFF);
  }
}

ScoreResult ResultStore::get(std::size_t i) const {
  Reader in(data_.data() + offsets_.at(i));
  const std::uint8_t tag = in.byte();
  if (tag == kWhole) return whole_[in.u32()];
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
  tenbou::Payments& p = r.payments;
  p.limit = static_cast<tenbou::Limit>(in.byte());
  p.total = in.signed_int();
  p.honba_bonus = in.signed_int();
  p.sticks_bonus = in.signed_int();
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
  p.base_points = in.signed_int();
  p.line_count = static_cast<int>(in.varint());
  for (int k = 0; k < p.line_count; ++k) {
    p.lines[k].payer = static_cast<tenbou::Payer>(in.byte());
    p.lines[k].payers = static_cast<int>(in.varint());
    p.lines[k].amount = in.signed_int();
  }
  p.hand_value = in.signed_int();
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

void ResultStore::hot(std::size_t i, HotFields& out) const {
  Reader in(data_.data() + offsets_.at(i));
  const std::uint8_t tag = in.byte();
  if (tag == kFailure) {  // what hot_fields_of(get(i)) gives, without rebuilding the error's texts
    out = HotFields();    // a Riichi-shaped failure, method fuhan (get() makes it so)
    return;
  }
  if (tag != kRiichi) {
    hot_fields_of(get(i), out);
    return;
  }
  out.family = HotFields::Riichi;
  out.ok = true;
  out.exact = false;  // exact aotenjo results are kept whole
  out.method = in.byte();
  in.byte();    // dealer, tsumo
  in.varint();  // players
  out.han = static_cast<std::int32_t>(in.signed_int());
  out.fu = static_cast<std::int32_t>(in.signed_int());
  out.yakuman = static_cast<std::int32_t>(in.signed_int());
  out.wait = in.byte();
  out.limit = in.byte();
  out.total = in.signed_int();
  out.honba_bonus = in.signed_int();
  out.sticks_bonus = in.signed_int();
  const std::uint64_t n = in.varint();
  out.yaku_count = static_cast<std::uint8_t>(n);
  for (std::uint64_t k = 0; k < n && k < 24; ++k) {
    out.yaku[k] = in.byte();
    out.yaku_han[k] = static_cast<std::int16_t>(in.signed_int());
  }
}

bool ResultStore::failure(std::size_t i, tenbou::ErrorCode& code, std::string_view& reason, std::string_view& field,
                          std::string_view& message) const {
  Reader in(data_.data() + offsets_.at(i));
  if (in.byte() != kFailure) return false;
  code = static_cast<tenbou::ErrorCode>(in.varint());
  reason = in.view();
  field = in.view();
  message = in.view();
  return true;
}

std::int64_t ResultStore::total(std::size_t i) const {
  const char* at = data_.data() + offsets_.at(i);
  if (static_cast<std::uint8_t>(*at) == kFailure) return 0;
  if (static_cast<std::uint8_t>(*at) == kRiichi) {
    HotFields h;
    hot(i, h);
    return h.total;
  }
  const ScoreResult r = get(i);
  if (const auto* k = std::get_if<tenbou::KoreanResult>(&r)) return k->ok && k->has_points ? k->total : 0;
  if (const auto* h = std::get_if<tenbou::HktwResult>(&r)) return h->ok ? h->total : 0;
  return std::get<RiichiResult>(r).payments.total;  // exact aotenjo: the int64 field holds 0
}

}  // namespace tenbou_py
