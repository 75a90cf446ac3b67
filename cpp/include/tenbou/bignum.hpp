// Exact non-negative integers of any size, for aotenjo amounts (seed 000 section 4:
// totals pass 10^37 and grow without bound). The core never puts such an amount in a
// fixed-width integer or a double; it hands front ends exact decimal text.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace tenbou {

class BigUint {
 public:
  BigUint() = default;
  explicit BigUint(std::uint64_t v);

  // fu x 2^exponent, the shape of every aotenjo base amount.
  static BigUint shifted(std::uint64_t value, unsigned exponent);

  BigUint& operator*=(std::uint32_t m);
  BigUint& operator+=(const BigUint& other);
  BigUint& operator+=(std::uint64_t v) { return *this += BigUint(v); }
  // Rounds up to the next multiple of 100 (each payer's amount, seed 003).
  BigUint& round_up_100();
  // Halves an even value (three-player tsumo shares; every base amount is even).
  BigUint& halve() {
    divmod_small(2);
    return *this;
  }

  bool is_zero() const { return limbs_.empty(); }
  bool fits_int64() const;
  std::int64_t to_int64() const;  // only when fits_int64()
  std::string to_decimal() const;

  friend int compare(const BigUint& a, const BigUint& b);
  friend bool operator<(const BigUint& a, const BigUint& b) { return compare(a, b) < 0; }
  friend bool operator==(const BigUint& a, const BigUint& b) { return compare(a, b) == 0; }

 private:
  std::uint32_t divmod_small(std::uint32_t d);  // *this /= d, returns the remainder
  void trim();
  std::vector<std::uint32_t> limbs_;  // little-endian base 2^32; empty = 0
};

// Formats exact decimal digits for reading (seed 000 writes big totals in Korean
// myriad units: "219구 500양 2371자 ... 8889만 7400").
enum class NumberUnits : std::uint8_t { Plain, Korean, Japanese };
std::string format_amount(const std::string& decimal_digits, NumberUnits units);

}  // namespace tenbou
