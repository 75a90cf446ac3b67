// Tiles: the 34 kinds, counts, and the compact notation's letters.
#pragma once
#include <array>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#if defined(__SSE2__) || defined(_M_X64)
#include <emmintrin.h>
#endif
#if defined(_MSC_VER) && !defined(__clang__)
#include <intrin.h>
#endif

namespace tenbou {

// Tile kinds 0..33: 0-8 man (1m-9m), 9-17 pin, 18-26 sou, 27-33 honours
// (1z-7z = East South West North White Green Red).
using Tile = std::uint8_t;
constexpr int kTileKinds = 34;
constexpr Tile kNoTile = 255;

using TileCounts = std::array<std::uint8_t, kTileKinds>;

// Bit t set while counts[t] == n: with SSE2 (every x86-64) two compares for all 34 kinds.
inline std::uint64_t kinds_with(const TileCounts& counts, std::uint8_t n) {
#if defined(__SSE2__) || defined(_M_X64)
  const __m128i want = _mm_set1_epi8(static_cast<char>(n));
  const __m128i lo = _mm_loadu_si128(reinterpret_cast<const __m128i*>(counts.data()));
  const __m128i hi = _mm_loadu_si128(reinterpret_cast<const __m128i*>(counts.data() + 16));
  return static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(lo, want))) |
         static_cast<std::uint64_t>(static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(hi, want)))) << 16 |
         std::uint64_t{counts[32] == n} << 32 | std::uint64_t{counts[33] == n} << 33;
#else
  std::uint64_t bits = 0;
  for (int t = 0; t < kTileKinds; ++t) bits |= std::uint64_t{counts[t] == n} << t;
  return bits;
#endif
}

// The lowest set bit of a non-zero mask (walking a mask of kinds: `m &= m - 1` for the next).
inline int lowest_bit(std::uint64_t m) {
#if defined(_MSC_VER) && !defined(__clang__)
  unsigned long i;
  _BitScanForward64(&i, m);
  return static_cast<int>(i);
#else
  return __builtin_ctzll(m);
#endif
}

// The set bits of a sparse mask (a hand's kinds, flowers: a dozen at most), one a step:
// no popcnt instruction assumed (without it the builtin is a library call).
inline int bit_count(std::uint64_t m) {
  int n = 0;
  for (; m; m &= m - 1) ++n;
  return n;
}

// Bit t set while counts[t] > 0. Decomposition and the hand's facts start from it on
// every scored hand.
inline std::uint64_t held_mask(const TileCounts& counts) {
  return ~kinds_with(counts, 0) & ((std::uint64_t{1} << kTileKinds) - 1);
}

// Whether some kind has more than `limit` copies (limit < 128): one saturating subtract
// per 16 kinds with SSE2. Every request is checked for a fifth copy.
inline bool any_count_over(const TileCounts& counts, std::uint8_t limit) {
#if defined(__SSE2__) || defined(_M_X64)
  const __m128i cap = _mm_set1_epi8(static_cast<char>(limit));
  const __m128i lo = _mm_loadu_si128(reinterpret_cast<const __m128i*>(counts.data()));
  const __m128i hi = _mm_loadu_si128(reinterpret_cast<const __m128i*>(counts.data() + 16));
  const __m128i over = _mm_or_si128(_mm_subs_epu8(lo, cap), _mm_subs_epu8(hi, cap));
  return _mm_movemask_epi8(_mm_cmpeq_epi8(over, _mm_setzero_si128())) != 0xFFFF || counts[32] > limit ||
         counts[33] > limit;
#else
  for (std::uint8_t c : counts)
    if (c > limit) return true;
  return false;
#endif
}

enum class Suit : std::uint8_t { Man = 0, Pin = 1, Sou = 2, Honor = 3 };

constexpr Suit suit_of(Tile t) { return static_cast<Suit>(t / 9); }
constexpr int number_of(Tile t) { return t % 9 + 1; }  // 1..9 (honours: 1..7)
constexpr bool is_honor(Tile t) { return t >= 27; }
constexpr bool is_wind(Tile t) { return t >= 27 && t <= 30; }
constexpr bool is_dragon(Tile t) { return t >= 31; }
// Tile classes as bit sets over the 34 kinds (bit t = tile t): one shift and test per
// tile (is_terminal's `t % 9` was ~3% of a scored hand's instructions), or one mask
// against a hand's held_mask for "has any" / "only these".
constexpr std::uint64_t tile_bits(std::initializer_list<int> kinds) {
  std::uint64_t bits = 0;
  for (int k : kinds) bits |= std::uint64_t{1} << k;
  return bits;
}
constexpr std::uint64_t kManBits = 0x1FFull, kPinBits = kManBits << 9, kSouBits = kManBits << 18;
constexpr std::uint64_t kHonorBits = 0x7Full << 27;
constexpr std::uint64_t kTerminalBits = tile_bits({0, 8, 9, 17, 18, 26});
constexpr std::uint64_t kAllTileBits = (std::uint64_t{1} << kTileKinds) - 1;
constexpr std::uint64_t kSimpleBits = kAllTileBits & ~(kTerminalBits | kHonorBits);
constexpr std::uint64_t kSequenceStartBits = 0x7Full | 0x7Full << 9 | 0x7Full << 18;  // 1-7 of each suit
constexpr bool in_bits(std::uint64_t bits, Tile t) { return t < 64 && (bits >> t & 1); }
constexpr bool is_terminal(Tile t) { return in_bits(kTerminalBits, t); }
constexpr bool is_terminal_or_honor(Tile t) { return in_bits(kTerminalBits | kHonorBits, t); }
constexpr bool is_simple(Tile t) { return !is_terminal_or_honor(t); }
// How many of the three suits have a tile among `held` (a held_mask).
constexpr int suits_held(std::uint64_t held) {
  return ((held & kManBits) != 0) + ((held & kPinBits) != 0) + ((held & kSouBits) != 0);
}
constexpr Tile make_tile(Suit s, int number) { return static_cast<Tile>(static_cast<int>(s) * 9 + number - 1); }

constexpr Tile kEast = 27, kSouth = 28, kWest = 29, kNorth = 30, kHaku = 31, kHatsu = 32, kChun = 33;

// Winds as used for seats and rounds: 0 East .. 3 North.
enum class Wind : std::uint8_t { East = 0, South = 1, West = 2, North = 3 };
constexpr Tile wind_tile(Wind w) { return static_cast<Tile>(kEast + static_cast<int>(w)); }
// A wind written as contract.md writes it ("E", "S", "W", "N"); false for anything else. Every
// reader of seat_wind / round_wind goes through this one table of names.
constexpr bool wind_named(std::string_view name, Wind& out) {
  if (name.size() != 1) return false;
  switch (name[0]) {
    case 'E': out = Wind::East; return true;
    case 'S': out = Wind::South; return true;
    case 'W': out = Wind::West; return true;
    case 'N': out = Wind::North; return true;
    default: return false;
  }
}

constexpr char suit_letter(Suit s) { return "mpsz"[static_cast<int>(s)]; }

// "5m", "7z"; red fives are written "0m".
std::string tile_name(Tile t, bool red = false);

// The same name as a view of a constant table (no string built; t < kTileKinds).
std::string_view tile_text(Tile t);

// The tile a dora indicator points at (9 -> 1, N -> E, Red -> White). With three
// players 2m-8m are not in the set, so 1m points at 9m and 9m at 1m.
Tile dora_from_indicator(Tile indicator, int players = 4);

// Three-player mahjong (sanma) plays without 2m-8m: 108 tiles.
constexpr bool in_three_player_set(Tile t) { return t == 0 || t >= 8; }

}  // namespace tenbou
