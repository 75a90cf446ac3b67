#include "hot_fields.hpp"

#include "tenbou/result.hpp"

namespace tenbou_py {

using tenbou::RiichiResult;
using tenbou::ScoreResult;

static_assert(sizeof(HotFields::yaku) == decltype(RiichiResult::yaku)::capacity(),
              "HotFields holds every yaku a Riichi result can list");

void hot_fields_of(const ScoreResult& result, HotFields& out) {
  out = HotFields();
  if (const auto* k = std::get_if<tenbou::KoreanResult>(&result)) {
    out.family = HotFields::Korean;
    out.ok = k->ok;
    return;
  }
  if (const auto* h = std::get_if<tenbou::HktwResult>(&result)) {
    out.family = HotFields::Hktw;
    out.ok = h->ok;
    return;
  }
  const RiichiResult& r = std::get<RiichiResult>(result);
  out.ok = r.ok;
  out.method = static_cast<std::uint8_t>(r.method);
  if (!r.ok) return;
  out.han = r.han;
  out.fu = r.fu;
  out.yakuman = r.yakuman;
  out.limit = static_cast<std::uint8_t>(r.payments.limit);
  out.wait = static_cast<std::uint8_t>(r.wait);
  out.exact = r.payments.exact != nullptr;
  out.total = r.payments.total;
  out.honba_bonus = r.payments.honba_bonus;
  out.sticks_bonus = r.payments.sticks_bonus;
  out.yaku_count = static_cast<std::uint8_t>(r.yaku.count);
  for (int i = 0; i < r.yaku.count; ++i) {
    out.yaku[i] = static_cast<std::uint8_t>(r.yaku.items[i].yaku);
    out.yaku_han[i] = r.yaku.items[i].han;
  }
}

}  // namespace tenbou_py
