// The keys of result objects, named once: the serializer writes them by id, the
// text writer as their names, the binary writer as a byte (the JS API reads the
// same list from the module). The enum and the names are in the same order.
#pragma once
#include <cstdint>
#include <string_view>

namespace tenbou {

enum class ResultKey : std::uint8_t {
  ok, error, code, message, reason, field, han, fu,
  yakuman, yaku, key, fu_details, tile, limit, payments, payer,
  amount, honba_bonus, sticks_bonus, total, wait, decomposition, rules, variant,
  base_han, additional_han, min_base_han, win_valid, chombo, unlimited, name_ko, name_en,
  kind, count, unknown_yaku, messages, win_base, points, collects_draw_pool,
  number, base_points, pattern_points, value, pool_bonus, instant_payments, each, hand_ended,
  waits, players,
  Count
};

inline constexpr std::string_view kResultKeyNames[] = {
    "ok", "error", "code", "message", "reason", "field", "han",
    "fu", "yakuman", "yaku", "key", "fu_details", "tile", "limit",
    "payments", "payer", "amount", "honba_bonus", "sticks_bonus", "total", "wait",
    "decomposition", "rules", "variant", "base_han", "additional_han", "min_base_han", "win_valid",
    "chombo", "unlimited", "name_ko", "name_en", "kind", "count", "unknown_yaku",
    "messages", "win_base", "points", "collects_draw_pool", "number", "base_points", "pattern_points",
    "value", "pool_bonus", "instant_payments", "each", "hand_ended", "waits", "players"};
static_assert(sizeof kResultKeyNames / sizeof kResultKeyNames[0] == static_cast<int>(ResultKey::Count),
              "one name per key");

constexpr std::string_view result_key_name(ResultKey k) { return kResultKeyNames[static_cast<int>(k)]; }

}  // namespace tenbou
