// A fixed-capacity list: requests and results are built in the hot path without the heap.
#pragma once
#include <array>
#include <cstddef>

namespace tenbou {

template <typename T, int N>
struct SmallList {
  // Only items[0, count) are meaningful; the rest is left uninitialised on purpose
  // (results are built by the million and zeroing them cost more than scoring).
  std::array<T, N> items;
  int count = 0;

  SmallList() = default;
  // Copies read only the initialised items.
  SmallList(const SmallList& other) : count(other.count) {
    for (int i = 0; i < count; ++i) items[i] = other.items[i];
  }
  SmallList& operator=(const SmallList& other) {
    count = other.count;
    for (int i = 0; i < count; ++i) items[i] = other.items[i];
    return *this;
  }
  // Capacities are sized for the largest legal hand and checked by the parser
  // before pushing (e.g. at most 4 melds, 5 indicators); never exceeded.
  void push(const T& v) {
    if (count < N) items[count++] = v;
  }
  void push_back(const T& v) { push(v); }
  const T* begin() const { return items.data(); }
  const T* end() const { return items.data() + count; }
  T* begin() { return items.data(); }
  T* end() { return items.data() + count; }
  const T& operator[](std::size_t i) const { return items[i]; }
  bool empty() const { return count == 0; }
  std::size_t size() const { return static_cast<std::size_t>(count); }
  static constexpr int capacity() { return N; }
};

}  // namespace tenbou
