#include "py_analysis.hpp"

#include <new>

#include "convert.hpp"
#include "py_view.hpp"
#include "tenbou/error.hpp"
#include "tenbou/result.hpp"
#include "tenbou/tiles.hpp"
#include "tenbou/waits.hpp"

namespace tenbou_py {
namespace {

// Interned once, never freed.
PyObject* key(const char* text) {
  PyObject* s = interned(text);
  if (!s) throw std::bad_alloc();
  return s;
}

struct Keys {
  PyObject *ok = key("ok"), *rules = key("rules"), *shanten = key("shanten"), *forms = key("forms"),
           *standard = key("standard"), *seven_pairs = key("seven_pairs"),
           *thirteen_orphans = key("thirteen_orphans"), *ukeire = key("ukeire"), *tile = key("tile"),
           *unseen = key("unseen"), *ukeire_tiles = key("ukeire_tiles"), *ukeire_unseen = key("ukeire_unseen");
  PyObject* tiles[tenbou::kTileKinds];
  Keys() {
    for (int t = 0; t < tenbou::kTileKinds; ++t) tiles[t] = key(tenbou::tile_name(static_cast<tenbou::Tile>(t)).c_str());
  }
};

const Keys& keys() {
  static const Keys* k = new Keys();
  return *k;
}

// Sets d[k] = v, taking the new reference v; false with a Python error set.
bool set_item(PyObject* d, PyObject* k, PyObject* v) {
  if (!v) return false;
  const int rc = PyDict_SetItem(d, k, v);
  Py_DECREF(v);
  return rc == 0;
}

PyObject* form(int v) {
  if (v == tenbou::kNoForm) Py_RETURN_NONE;
  return PyLong_FromLong(v);
}

// The dict of write_analysis (cpp/src/analysis/waits.cpp), key for key.
PyObject* analysis_dict(const tenbou::BeforeWinAnalysis& a) {
  const Keys& k = keys();
  PyObject* d = PyDict_New();
  if (!d) return nullptr;
  PyObject* forms = PyDict_New();
  PyObject* ukeire = PyList_New(static_cast<Py_ssize_t>(a.ukeire.size()));
  bool ok = forms && ukeire;
  for (std::size_t i = 0; ok && i < a.ukeire.size(); ++i) {
    PyObject* u = PyDict_New();
    if (!u) {
      ok = false;
      break;
    }
    PyList_SET_ITEM(ukeire, static_cast<Py_ssize_t>(i), u);
    Py_INCREF(k.tiles[a.ukeire.items[i].tile]);
    ok = set_item(u, k.tile, k.tiles[a.ukeire.items[i].tile]) && set_item(u, k.unseen, PyLong_FromLong(a.ukeire.items[i].unseen));
  }
  ok = ok && set_item(forms, k.standard, form(a.standard)) && set_item(forms, k.seven_pairs, form(a.seven_pairs)) &&
       set_item(forms, k.thirteen_orphans, form(a.thirteen_orphans));
  ok = ok && set_item(d, k.ok, PyBool_FromLong(1)) && set_item(d, k.rules, rules_name(a.family)) &&
       set_item(d, k.shanten, PyLong_FromLong(a.shanten));
  if (ok) {
    ok = set_item(d, k.forms, forms);
    forms = nullptr;
  }
  if (ok) {
    ok = set_item(d, k.ukeire, ukeire);
    ukeire = nullptr;
  }
  ok = ok && set_item(d, k.ukeire_tiles, PyLong_FromSsize_t(static_cast<Py_ssize_t>(a.ukeire.size()))) &&
       set_item(d, k.ukeire_unseen, PyLong_FromLong(a.ukeire_unseen));
  Py_XDECREF(forms);
  Py_XDECREF(ukeire);
  if (!ok) {
    Py_DECREF(d);
    return nullptr;
  }
  return d;
}

}  // namespace

PyObject* shanten_answer(PyObject* request) {
  try {
    tenbou::BeforeWinAnalysis analysis;
    try {
      analysis = tenbou::analyse_before_win(tenbou::hand_before_win_from(PyView(request)));
    } catch (const tenbou::InputError&) {
      return nullptr;  // the Json-tree path answers it, with its own words for every case
    }
    PyObject* answer = analysis_dict(analysis);
    if (!answer && !PyErr_Occurred()) PyErr_NoMemory();
    return answer;
  } catch (const std::bad_alloc&) {
    return PyErr_NoMemory();
  }
}

}  // namespace tenbou_py
