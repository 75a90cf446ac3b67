// The Riichi reader's fast paths for Python objects (binding only; found by argument-
// dependent lookup from request_reader.hpp when it reads a PyView, with the GIL held).
// Request keys are looked up by identity: a request's keys are str objects, and dict
// literals and dict(...) copies share the same interned objects request after request, so
// a small table from object to key skips comparing the text each time. Booleans, small
// ints and ASCII str values are read with one type test each; anything else (and every
// error) goes through the generic readers of json_fields.hpp, so messages are the same.
#pragma once
#include <cstdint>

#include "py_view.hpp"
#include "riichi/request_reader.hpp"

namespace tenbou_py {

// Found by argument-dependent lookup from the Riichi reader (request_reader.hpp) when it
// reads a PyView; the GIL is held there.
TENBOU_ALWAYS_INLINE inline tenbou::riichi_reader::Key request_key(const PyKey& key) {
  struct Entry {
    PyObject* object;
    tenbou::riichi_reader::Key key;
  };
  // 256 sets of four entries, a cache line each. With one entry a slot, two of a request's
  // ~25 keys shared a slot in most processes (their addresses decide) and evicted each other
  // on every request (~5% of score_many); five keys in one set of four is ~1e-5 likely.
  struct alignas(64) Set {
    Entry way[4];
  };
  static Set table[256] = {};
  const std::uintptr_t h = reinterpret_cast<std::uintptr_t>(key.object) * 0x9E3779B97F4A7C15u;
  Entry* way = table[h >> (8 * sizeof h - 8)].way;
  for (int i = 0; i < 4; ++i)
    if (way[i].object == key.object) return way[i].key;
  PyObject* const o = key.object;
  if (!PyUnicode_CheckExact(o) || !PyUnicode_IS_COMPACT_ASCII(o))
    return tenbou::riichi_reader::request_key(std::string_view(key));
  const std::string_view text(static_cast<const char*>(PyUnicode_DATA(o)), static_cast<std::size_t>(PyUnicode_GET_LENGTH(o)));
  // Only interned strings are kept, with a reference: an object held can never be freed
  // and its address reused by another text. The newest goes first, the oldest out.
  if (PyUnicode_CHECK_INTERNED(o)) {
    const tenbou::riichi_reader::Key found = tenbou::riichi_reader::request_key(text);
    Py_INCREF(o);
    Py_XDECREF(way[3].object);
    for (int i = 3; i > 0; --i) way[i] = way[i - 1];
    way[0] = {o, found};
    return found;
  }
  // Keys of requests read from JSON text (json.loads) are new objects every request, never
  // interned: by identity they never meet again, and their text is read here directly (a
  // table by their cached hash, checked against the name, measured slower than the length
  // switch of request_key).
  return tenbou::riichi_reader::request_key(text);
}

TENBOU_ALWAYS_INLINE inline bool get_bool(const PyView& v, const PyKey& field) {
  if (v.object() == Py_True) return true;
  if (v.object() == Py_False) return false;
  return tenbou::get_bool<PyView, PyKey>(v, field);
}

TENBOU_ALWAYS_INLINE inline std::int64_t get_int(const PyView& v, const PyKey& field, std::int64_t lo, std::int64_t hi) {
  if (PyLong_CheckExact(v.object())) {
    int overflow = 0;
    const long long i = PyLong_AsLongLongAndOverflow(v.object(), &overflow);
    if (!overflow && i >= lo && i <= hi) return i;
  }
  return tenbou::get_int<PyView, PyKey>(v, field, lo, hi);
}

TENBOU_ALWAYS_INLINE inline std::string_view get_string(const PyView& v, const PyKey& field) {
  PyObject* o = v.object();
  if (PyUnicode_CheckExact(o) && PyUnicode_IS_COMPACT_ASCII(o))
    return {static_cast<const char*>(PyUnicode_DATA(o)), static_cast<std::size_t>(PyUnicode_GET_LENGTH(o))};
  return tenbou::get_string<PyView, PyKey>(v, field);
}

}  // namespace tenbou_py
