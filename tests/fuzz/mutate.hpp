// The mutation loop's edits, shared by the fuzz targets' plain drivers (built without
// libFuzzer): 1-8 byte edits of an input taken from the corpus (a byte changed, a "magic" byte
// inserted or written, a span deleted, a piece of another input spliced in). The first byte
// (the target's selector) is never edited.
#pragma once

#include <algorithm>
#include <cstddef>
#include <random>
#include <string>
#include <vector>

namespace tenbou_fuzz {

inline void mutate(std::string& s, const std::vector<std::string>& corpus, std::mt19937_64& rng) {
  static const unsigned char kMagic[] = {'"', '{', '}', '[', ']', ':', ',', '\\', '0', '9', 'm', 'z', 0, 3, 5, 7, 8, 9,
                                         10, 16, 0x7f, 0x80, 0xc0, 0xef, 0xff, '<', '>', '/', '='};
  const int edits = 1 + static_cast<int>(rng() % 8);
  for (int e = 0; e < edits && !s.empty(); ++e) {
    const std::size_t at = 1 + (s.size() > 1 ? rng() % (s.size() - 1) : 0);
    switch (rng() % 5) {
      case 0: if (at < s.size()) s[at] = static_cast<char>(rng()); break;
      case 1: s.insert(s.begin() + static_cast<long>(std::min(at, s.size())), static_cast<char>(kMagic[rng() % sizeof kMagic])); break;
      case 2: if (at < s.size()) s.erase(at, 1 + rng() % 4); break;
      case 3: {
        const std::string& other = corpus[rng() % corpus.size()];
        const std::size_t from = 1 + rng() % std::max<std::size_t>(1, other.size() - 1);
        s.insert(std::min(at, s.size()), other.substr(std::min(from, other.size()), rng() % 32));
        break;
      }
      default: if (at < s.size()) s[at] = static_cast<char>(kMagic[rng() % sizeof kMagic]); break;
    }
  }
}

}  // namespace tenbou_fuzz
