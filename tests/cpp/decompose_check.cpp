// decompose_sets_and_pair (per-suit tables) against decompose_by_search (the depth-first
// search it replaced on hands of up to four sets): the same readings in the same order, on
// every hand this program makes (tests/test_decompose.py builds and runs it).
//   decompose_check SEED HANDS   ->  prints "hands H complete C readings R multi M", exit 1 on a difference
#include <cstdio>
#include <cstdlib>
#include <random>

#include "tenbou/decompose.hpp"

using tenbou::Decompositions;
using tenbou::TileCounts;

namespace {

bool same(const Decompositions& a, const Decompositions& b) {
  if (a.count != b.count) return false;
  for (int i = 0; i < a.count; ++i) {
    const auto& x = a.items[i];
    const auto& y = b.items[i];
    if (x.pair != y.pair || x.set_count != y.set_count) return false;
    for (int k = 0; k < x.set_count; ++k)
      if (x.sets[k].kind != y.sets[k].kind || x.sets[k].tile != y.sets[k].tile) return false;
  }
  return true;
}

void print(const TileCounts& c, int sets) {
  std::fprintf(stderr, "sets %d counts", sets);
  for (int t = 0; t < tenbou::kTileKinds; ++t) std::fprintf(stderr, " %d", c[t]);
  std::fprintf(stderr, "\n");
}

}  // namespace

int main(int argc, char** argv) {
  const unsigned seed = argc > 1 ? static_cast<unsigned>(std::atoi(argv[1])) : 1;
  const long hands = argc > 2 ? std::atol(argv[2]) : 1000000;
  std::mt19937 rng(seed);
  long complete = 0, readings = 0, multi = 0;
  // Every count vector of one suit (0-4 each, at most 14 tiles), in each suit, with the pair
  // in the suit or, when the suit's tiles are a multiple of 3, an honour pair beside it.
  for (int code = 0; code < 1953125; ++code) {  // 5^9
    int counts[9], n = 0;
    for (int k = 0, x = code; k < 9; ++k, x /= 5) n += counts[k] = x % 5;
    if (n > 14 || n % 3 == 1) continue;
    for (int s = 0; s < 3; ++s) {
      TileCounts c{};
      for (int k = 0; k < 9; ++k) c[9 * s + k] = static_cast<std::uint8_t>(counts[k]);
      if (n % 3 == 0) c[27 + code % 7] = 2;
      Decompositions a, b;
      tenbou::decompose_sets_and_pair(c, n / 3, a);
      tenbou::decompose_by_search(c, n / 3, b);
      if (!same(a, b)) {
        std::fprintf(stderr, "difference: tables %d readings, search %d\n", a.count, b.count);
        print(c, n / 3);
        return 1;
      }
      complete += a.count > 0;
      readings += a.count;
      multi += a.count > 1;
    }
  }
  for (long h = 0; h < hands; ++h) {
    TileCounts c{};
    const int sets = static_cast<int>(rng() % 5);  // 0-4 concealed sets (4 minus the melds)
    // Most hands are built from sets and a pair, with suits narrowed now and then to one or
    // two (where several readings are common); some get a tile moved; some are random tiles.
    const int kind = static_cast<int>(rng() % 10);
    const int suits = kind < 3 ? 1 : kind < 5 ? 2 : 4;
    const int suit0 = static_cast<int>(rng() % 3);
    auto pick_suit = [&]() { return suits == 4 ? static_cast<int>(rng() % 4) : (suit0 + static_cast<int>(rng() % suits)) % 3; };
    if (kind == 9) {  // random tiles
      for (int i = 0; i < sets * 3 + 2; ++i) ++c[rng() % tenbou::kTileKinds];
    } else {
      for (int i = 0; i < sets; ++i) {
        const int s = pick_suit();
        if (s == 3 || rng() % 2) {
          const int t = s == 3 ? 27 + static_cast<int>(rng() % 7) : 9 * s + static_cast<int>(rng() % 9);
          c[t] += 3;
        } else {
          const int t = 9 * s + static_cast<int>(rng() % 7);
          ++c[t]; ++c[t + 1]; ++c[t + 2];
        }
      }
      const int s = pick_suit();
      c[s == 3 ? 27 + rng() % 7 : 9 * s + rng() % 9] += 2;
      if (kind == 8) {  // one tile moved
        int from = static_cast<int>(rng() % tenbou::kTileKinds);
        while (!c[from]) from = (from + 1) % tenbou::kTileKinds;
        --c[from];
        ++c[rng() % tenbou::kTileKinds];
      }
    }
    Decompositions a, b;
    tenbou::decompose_sets_and_pair(c, sets, a);
    tenbou::decompose_by_search(c, sets, b);
    if (!same(a, b)) {
      std::fprintf(stderr, "difference: tables %d readings, search %d\n", a.count, b.count);
      print(c, sets);
      return 1;
    }
    complete += a.count > 0;
    readings += a.count;
    multi += a.count > 1;
  }
  std::printf("random hands %ld, complete hands %ld, readings %ld, hands with several %ld\n", hands, complete, readings,
              multi);
  return 0;
}
