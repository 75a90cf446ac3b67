#include "tenbou/bignum.hpp"

#include <algorithm>
#include <array>

namespace tenbou {

BigUint::BigUint(std::uint64_t v) {
  while (v) {
    limbs_.push_back(static_cast<std::uint32_t>(v));
    v >>= 32;
  }
}

BigUint BigUint::shifted(std::uint64_t value, unsigned exponent) {
  BigUint r(value);
  if (r.is_zero()) return r;
  const unsigned words = exponent / 32, bits = exponent % 32;
  std::vector<std::uint32_t> out(words, 0);
  std::uint32_t carry = 0;
  for (std::uint32_t limb : r.limbs_) {
    const std::uint64_t v = (static_cast<std::uint64_t>(limb) << bits) | carry;
    out.push_back(static_cast<std::uint32_t>(v));
    carry = bits ? static_cast<std::uint32_t>(limb >> (32 - bits)) : 0;
  }
  if (carry) out.push_back(carry);
  r.limbs_ = std::move(out);
  return r;
}

BigUint& BigUint::operator*=(std::uint32_t m) {
  std::uint64_t carry = 0;
  for (auto& limb : limbs_) {
    const std::uint64_t v = static_cast<std::uint64_t>(limb) * m + carry;
    limb = static_cast<std::uint32_t>(v);
    carry = v >> 32;
  }
  if (carry) limbs_.push_back(static_cast<std::uint32_t>(carry));
  trim();
  return *this;
}

BigUint& BigUint::operator+=(const BigUint& o) {
  if (o.limbs_.size() > limbs_.size()) limbs_.resize(o.limbs_.size(), 0);
  std::uint64_t carry = 0;
  for (std::size_t i = 0; i < limbs_.size(); ++i) {
    const std::uint64_t v = static_cast<std::uint64_t>(limbs_[i]) + (i < o.limbs_.size() ? o.limbs_[i] : 0) + carry;
    limbs_[i] = static_cast<std::uint32_t>(v);
    carry = v >> 32;
    if (!carry && i >= o.limbs_.size()) break;
  }
  if (carry) limbs_.push_back(static_cast<std::uint32_t>(carry));
  return *this;
}

std::uint32_t BigUint::divmod_small(std::uint32_t d) {
  std::uint64_t rem = 0;
  for (std::size_t i = limbs_.size(); i-- > 0;) {
    const std::uint64_t cur = (rem << 32) | limbs_[i];
    limbs_[i] = static_cast<std::uint32_t>(cur / d);
    rem = cur % d;
  }
  trim();
  return static_cast<std::uint32_t>(rem);
}

BigUint& BigUint::round_up_100() {
  BigUint q = *this;
  const std::uint32_t rem = q.divmod_small(100);
  if (rem) *this += BigUint(100 - rem);
  return *this;
}

void BigUint::trim() {
  while (!limbs_.empty() && limbs_.back() == 0) limbs_.pop_back();
}

bool BigUint::fits_int64() const {
  return limbs_.size() < 2 || (limbs_.size() == 2 && limbs_[1] < 0x80000000u);
}

std::int64_t BigUint::to_int64() const {
  std::uint64_t v = 0;
  for (std::size_t i = limbs_.size(); i-- > 0;) v = (v << 32) | limbs_[i];
  return static_cast<std::int64_t>(v);
}

std::string BigUint::to_decimal() const {
  if (limbs_.empty()) return "0";
  BigUint tmp = *this;
  std::vector<std::uint32_t> chunks;  // base 10^9, least significant first
  while (!tmp.is_zero()) chunks.push_back(tmp.divmod_small(1000000000u));
  std::string out = std::to_string(chunks.back());
  for (std::size_t i = chunks.size() - 1; i-- > 0;) {
    std::string part = std::to_string(chunks[i]);
    out.append(9 - part.size(), '0');
    out += part;
  }
  return out;
}

int compare(const BigUint& a, const BigUint& b) {
  if (a.limbs_.size() != b.limbs_.size()) return a.limbs_.size() < b.limbs_.size() ? -1 : 1;
  for (std::size_t i = a.limbs_.size(); i-- > 0;)
    if (a.limbs_[i] != b.limbs_[i]) return a.limbs_[i] < b.limbs_[i] ? -1 : 1;
  return 0;
}

namespace {

// Powers of 10^4, as seed 000 names them (만 억 조 경 해 자 양 구 간 정 재 극), continued
// with the Buddhist units up to 10^68; past that the head repeats the largest unit.
constexpr std::array<const char*, 18> kKoreanUnits = {"",   "만", "억", "조", "경",     "해",     "자",     "양",
                                                      "구", "간", "정", "재", "극",     "항하사", "아승기", "나유타",
                                                      "불가사의", "무량대수"};
constexpr std::array<const char*, 18> kJapaneseUnits = {"",   "万", "億", "兆", "京",     "垓",     "𥝱",     "穣",
                                                        "溝", "澗", "正", "載", "極",     "恒河沙", "阿僧祇", "那由他",
                                                        "不可思議", "無量大数"};

std::string myriad(const std::string& digits, const std::array<const char*, 18>& units, const char* sep) {
  const std::size_t top = units.size() - 1;
  if ((digits.size() + 3) / 4 > units.size()) {
    // Beyond the last unit: "<head> 무량대수 <rest>", the head formatted the same way.
    const std::size_t tail = 4 * top;
    const std::string head = digits.substr(0, digits.size() - tail);
    std::string rest = digits.substr(digits.size() - tail);
    rest.erase(0, std::min(rest.find_first_not_of('0'), rest.size()));
    std::string out = myriad(head, units, sep) + sep + units[top];
    if (!rest.empty()) out += std::string(sep) + myriad(rest, units, sep);
    return out;
  }
  std::string out;
  const std::size_t groups = (digits.size() + 3) / 4;
  for (std::size_t g = groups; g-- > 0;) {
    const std::size_t end = digits.size() - 4 * g;
    const std::size_t begin = end >= 4 ? end - 4 : 0;
    std::string group = digits.substr(begin, end - begin);
    group.erase(0, std::min(group.find_first_not_of('0'), group.size()));
    if (group.empty()) continue;
    if (!out.empty()) out += sep;
    out += group;
    out += units[g];
  }
  return out.empty() ? "0" : out;
}

}  // namespace

std::string format_amount(const std::string& digits, NumberUnits units) {
  switch (units) {
    case NumberUnits::Korean: return myriad(digits, kKoreanUnits, " ");
    case NumberUnits::Japanese: return myriad(digits, kJapaneseUnits, "");
    case NumberUnits::Plain: break;
  }
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

}  // namespace tenbou
