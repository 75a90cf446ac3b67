// Request keys looked up by identity (binding only). A request's keys are str objects,
// and dict literals and dict(...) copies share the same interned objects request after
// request: a small table from object to key skips comparing the text each time.
#pragma once
#include <cstdint>

#include "py_view.hpp"
#include "riichi/request_reader.hpp"

namespace tenbou_py {

// Found by argument-dependent lookup from the Riichi reader (request_reader.hpp) when it
// reads a PyView; the GIL is held there.
inline tenbou::riichi_reader::Key request_key(const PyKey& key) {
  struct Entry {
    PyObject* object;
    tenbou::riichi_reader::Key key;
  };
  static Entry table[256] = {};  // room for every key of every family with few collisions
  const std::uintptr_t h = reinterpret_cast<std::uintptr_t>(key.object) * 0x9E3779B97F4A7C15u;
  Entry& e = table[h >> (8 * sizeof h - 8)];
  if (e.object == key.object) return e.key;
  const tenbou::riichi_reader::Key found = tenbou::riichi_reader::request_key(std::string_view(key));
  // Only interned strings are kept, with a reference: an object held can never be freed
  // and its address reused by another text.
  if (PyUnicode_CheckExact(key.object) && PyUnicode_CHECK_INTERNED(key.object)) {
    Py_INCREF(key.object);
    Py_XDECREF(e.object);
    e = {key.object, found};
  }
  return found;
}

}  // namespace tenbou_py
