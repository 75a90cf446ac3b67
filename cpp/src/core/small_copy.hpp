// Copies of short byte strings (keys, tile texts, numbers) for the writers' raw cursors.
#pragma once
#include <cstddef>
#include <cstring>

namespace tenbou {

// memcpy(to, from, n), with the short sizes the writers see most done in fixed-size moves
// the compiler inlines (two overlapping words): a call into the C library per key and per
// string cost more than writing them.
inline void copy_bytes(char* to, const char* from, std::size_t n) {
  if (n >= 8 && n <= 16) {
    std::memcpy(to, from, 8);
    std::memcpy(to + n - 8, from + n - 8, 8);
  } else if (n >= 4 && n < 8) {
    std::memcpy(to, from, 4);
    std::memcpy(to + n - 4, from + n - 4, 4);
  } else if (n < 4) {
    for (std::size_t i = 0; i < n; ++i) to[i] = from[i];
  } else {
    std::memcpy(to, from, n);
  }
}

}  // namespace tenbou
