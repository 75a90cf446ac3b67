#include "py_analysis.hpp"

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>
#include <memory>
#include <new>
#include <variant>

#include "convert.hpp"
#include "core/result_writer.hpp"
#include "py_result.hpp"
#include "py_view.hpp"
#include "tenbou/rules.hpp"
#include "tenbou/api.hpp"
#include "tenbou/error.hpp"
#include "tenbou/json.hpp"
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
           *unseen = key("unseen"), *ukeire_tiles = key("ukeire_tiles"), *ukeire_unseen = key("ukeire_unseen"),
           *furiten = key("furiten"), *waits = key("waits"), *ron = key("ron"), *tsumo = key("tsumo"),
           *discards = key("discards"), *ev = key("ev");
  PyObject* tiles[tenbou::kTileKinds];
  PyObject* red_tiles[3];  // 0m 0p 0s
  PyObject* result_keys[static_cast<int>(tenbou::ResultKey::Count)];
  Keys() {
    for (int t = 0; t < tenbou::kTileKinds; ++t) tiles[t] = key(tenbou::tile_name(static_cast<tenbou::Tile>(t)).c_str());
    for (int s = 0; s < 3; ++s) red_tiles[s] = key(tenbou::tile_name(static_cast<tenbou::Tile>(9 * s + 4), true).c_str());
    for (int k = 0; k < static_cast<int>(tenbou::ResultKey::Count); ++k)
      result_keys[k] = key(std::string(tenbou::result_key_name(static_cast<tenbou::ResultKey>(k))).c_str());
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

// Short texts of results repeat (yaku, fu and payer keys, tiles, sets, limits): each is made
// once and kept (a slot per hash of its bytes, checked byte for byte), not made per result.
class TextCache {
 public:
  PyObject* get(std::string_view s) {  // a new reference; nullptr with a Python error set
    if (s.size() > kLongest) return PyUnicode_FromStringAndSize(s.data(), static_cast<Py_ssize_t>(s.size()));
    std::uint32_t h = 2166136261u;
    for (char c : s) h = (h ^ static_cast<unsigned char>(c)) * 16777619u;
    Slot& slot = slots_[h & (kSlots - 1)];
    if (!slot.text || slot.size != s.size() || std::memcmp(slot.bytes, s.data(), s.size()) != 0) {
      PyObject* text = PyUnicode_FromStringAndSize(s.data(), static_cast<Py_ssize_t>(s.size()));
      if (!text) return nullptr;
      Py_XDECREF(slot.text);
      slot.text = text;
      slot.size = s.size();
      std::memcpy(slot.bytes, s.data(), s.size());
    }
    Py_INCREF(slot.text);
    return slot.text;
  }

 private:
  static constexpr std::size_t kLongest = 24, kSlots = 1024;
  struct Slot {
    PyObject* text = nullptr;
    std::size_t size = 0;
    char bytes[kLongest];
  };
  Slot slots_[kSlots];
};

TextCache& texts() {
  static TextCache* cache = new TextCache();  // never freed: its texts may outlive the module
  return *cache;
}

// A sink of the result serializer (result_writer.hpp) that builds the Python objects the
// Json-tree path would make of the same result (from_json): the same keys in the same order,
// integers as int, exact amounts as int, keys interned.
class PyWriter {
 public:
  PyWriter() = default;
  PyWriter(const PyWriter&) = delete;
  PyWriter& operator=(const PyWriter&) = delete;
  ~PyWriter() { Py_XDECREF(root_); }

  void begin_object() { open(PyDict_New()); }
  void end_object() { --top_; }
  void begin_array() { open(PyList_New(0)); }
  void end_array() { --top_; }
  void key(tenbou::ResultKey k) { key_ = keys().result_keys[static_cast<int>(k)]; }
  void key(std::string_view k) {
    Py_XSETREF(owned_key_, texts().get(k));
    if (!owned_key_) failed_ = true;
    key_ = owned_key_;
  }
  void null() {
    Py_INCREF(Py_None);
    put(Py_None);
  }
  void boolean(bool b) { put(PyBool_FromLong(b)); }
  void integer(std::int64_t v) { put(PyLong_FromLongLong(v)); }
  void big_integer(std::string_view digits) {
    try {
      put(tenbou_py::from_json(tenbou::Json::big_integer(std::string(digits))).release().ptr());
    } catch (const pybind11::error_already_set& e) {
      const_cast<pybind11::error_already_set&>(e).restore();
      failed_ = true;
    }
  }
  void string(std::string_view s) { put(texts().get(s)); }
  // The value written (a new reference), or nullptr with a Python error set.
  PyObject* take() {
    Py_CLEAR(owned_key_);
    if (failed_) {
      if (!PyErr_Occurred()) PyErr_NoMemory();
      return nullptr;
    }
    PyObject* v = root_;
    root_ = nullptr;
    return v;
  }

 private:
  void put(PyObject* v) {
    if (!v || failed_) {
      Py_XDECREF(v);
      failed_ = true;
      return;
    }
    if (top_ == 0) {
      Py_XDECREF(root_);
      root_ = v;
      return;
    }
    PyObject* parent = stack_[top_ - 1];
    const int rc = PyDict_CheckExact(parent) ? PyDict_SetItem(parent, key_, v) : PyList_Append(parent, v);
    Py_DECREF(v);
    if (rc != 0) failed_ = true;
  }
  void open(PyObject* container) {
    PyObject* placed = container;
    put(container);  // the parent (or root_) holds it
    if (failed_ || top_ >= kDepth) {
      failed_ = true;
      ++top_;  // kept balanced with the end_* calls: nothing more is put
      return;
    }
    stack_[top_++] = placed;
  }
  static constexpr int kDepth = 16;
  PyObject* root_ = nullptr;
  PyObject* key_ = nullptr;  // borrowed (interned, or owned_key_)
  PyObject* owned_key_ = nullptr;
  PyObject* stack_[kDepth] = {};
  int top_ = 0;
  bool failed_ = false;
};

// A result as from_json(score_result_to_json(result)) makes it, without the tree.
PyObject* result_object(const tenbou::ScoreResult& result) {
  PyWriter w;
  std::visit([&](const auto& r) { tenbou::write_result(w, r); }, result);
  return w.take();
}

PyObject* tile_object_borrowed(tenbou::Tile t) { return keys().tiles[t]; }

PyObject* tile_object(tenbou::Tile t, bool red = false) {
  PyObject* name = red ? keys().red_tiles[t / 9] : keys().tiles[t];
  Py_INCREF(name);
  return name;
}

// {"tile", "unseen", "ron", "tsumo"}: one of waits_json's "waits".
PyObject* wait_dict(const tenbou::ScoredWait& sw) {
  const Keys& k = keys();
  PyObject* w = PyDict_New();
  if (!w) return nullptr;
  if (!(set_item(w, k.tile, tile_object(sw.tile)) && set_item(w, k.unseen, PyLong_FromLong(sw.unseen)) &&
        set_item(w, k.ron, result_object(sw.ron)) && set_item(w, k.tsumo, result_object(sw.tsumo)))) {
    Py_DECREF(w);
    return nullptr;
  }
  return w;
}

// [{"tile", "unseen", "ron", "tsumo"}] (waits_json's "waits").
PyObject* waits_list(const std::vector<tenbou::ScoredWait>& waits) {
  PyObject* list = PyList_New(static_cast<Py_ssize_t>(waits.size()));
  if (!list) return nullptr;
  for (std::size_t i = 0; i < waits.size(); ++i) {
    PyObject* w = wait_dict(waits[i]);
    if (!w) {
      Py_DECREF(list);
      return nullptr;
    }
    PyList_SET_ITEM(list, static_cast<Py_ssize_t>(i), w);
  }
  return list;
}

// [{"tile", "unseen"}] of a discard (discards_json's "ukeire").
PyObject* ukeire_list(const tenbou::BeforeWinAnalysis& a) {
  const Keys& k = keys();
  PyObject* list = PyList_New(static_cast<Py_ssize_t>(a.ukeire.size()));
  if (!list) return nullptr;
  for (std::size_t i = 0; i < a.ukeire.size(); ++i) {
    PyObject* u = PyDict_New();
    if (!u) {
      Py_DECREF(list);
      return nullptr;
    }
    PyList_SET_ITEM(list, static_cast<Py_ssize_t>(i), u);
    if (!(set_item(u, k.tile, tile_object(a.ukeire.items[i].tile)) &&
          set_item(u, k.unseen, PyLong_FromLong(a.ukeire.items[i].unseen)))) {
      Py_DECREF(list);
      return nullptr;
    }
  }
  return list;
}

// {"tile", "shanten", "ukeire", "ukeire_unseen", "waits", "furiten"}: one of discards_json's "discards".
PyObject* option_dict(const tenbou::DiscardOption& opt) {
  const Keys& k = keys();
  PyObject* o = PyDict_New();
  if (!o) return nullptr;
  if (!(set_item(o, k.tile, tile_object(opt.tile, opt.red)) && set_item(o, k.shanten, PyLong_FromLong(opt.analysis.shanten)) &&
        set_item(o, k.ukeire, ukeire_list(opt.analysis)) &&
        set_item(o, k.ukeire_unseen, PyLong_FromLong(opt.analysis.ukeire_unseen)) &&
        set_item(o, k.waits, waits_list(opt.waits)) && set_item(o, k.furiten, PyBool_FromLong(opt.analysis.furiten)))) {
    Py_DECREF(o);
    return nullptr;
  }
  return o;
}

PyObject* discards_dict(const tenbou::DiscardsAnswer& answer) {
  const Keys& k = keys();
  PyObject* d = PyDict_New();
  PyObject* list = PyList_New(static_cast<Py_ssize_t>(answer.discards.size()));
  bool ok = d && list;
  for (std::size_t i = 0; ok && i < answer.discards.size(); ++i) {
    PyObject* o = option_dict(answer.discards[i]);
    if (!o) {
      ok = false;
      break;
    }
    PyList_SET_ITEM(list, static_cast<Py_ssize_t>(i), o);
  }
  ok = ok && set_item(d, k.ok, PyBool_FromLong(1)) && set_item(d, k.rules, rules_name(answer.family)) &&
       set_item(d, k.shanten, PyLong_FromLong(answer.shanten));
  if (ok) {
    ok = set_item(d, k.discards, list);
    list = nullptr;
  }
  Py_XDECREF(list);
  if (!ok) {
    Py_XDECREF(d);
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

namespace tenbou_py {

namespace {

// The dict of waits_json (analysis, "furiten", "waits") from the answer as data.
PyObject* waits_dict(const tenbou::WaitsAnswer& answer) {
  PyObject* d = analysis_dict(answer.analysis);
  if (!d) return nullptr;
  const Keys& k = keys();
  if (!(set_item(d, k.furiten, PyBool_FromLong(answer.analysis.furiten)) && set_item(d, k.waits, waits_list(answer.waits)))) {
    Py_DECREF(d);
    if (!PyErr_Occurred()) PyErr_NoMemory();
    return nullptr;
  }
  return d;
}

// _core.WaitsAnswer: the answer of tenbou.waits kept as the core's data; the dict of
// waits_json (every wait's ron and tsumo result as a dict tree, most of a call's cost) is
// made on the first read of a key other than the scalars below, then kept.
struct WaitsObject {
  PyObject_HEAD
  tenbou::WaitsAnswer* answer;
  PyObject* full;  // the dict, once made
};

PyObject* full_dict(WaitsObject* w) {
  if (!w->full) {
    try {
      w->full = waits_dict(*w->answer);
    } catch (const std::bad_alloc&) {
      return PyErr_NoMemory();
    }
  }
  return w->full;
}

PyObject* waits_subscript(PyObject* self, PyObject* key) {
  auto* w = reinterpret_cast<WaitsObject*>(self);
  const tenbou::BeforeWinAnalysis& a = w->answer->analysis;
  const Keys& k = keys();
  // The scalars read without the dict (interned keys: an identity test first).
  if (key == k.ok) Py_RETURN_TRUE;
  if (key == k.shanten) return PyLong_FromLong(a.shanten);
  if (key == k.ukeire_unseen) return PyLong_FromLong(a.ukeire_unseen);
  if (key == k.ukeire_tiles) return PyLong_FromSsize_t(static_cast<Py_ssize_t>(a.ukeire.size()));
  if (key == k.furiten) return PyBool_FromLong(a.furiten);
  PyObject* d = full_dict(w);
  if (!d) return nullptr;
  PyObject* v = PyDict_GetItemWithError(d, key);
  if (!v) {
    if (!PyErr_Occurred()) PyErr_SetObject(PyExc_KeyError, key);
    return nullptr;
  }
  Py_INCREF(v);
  return v;
}

PyObject* waits_keys(PyObject* self, PyObject*) {
  PyObject* d = full_dict(reinterpret_cast<WaitsObject*>(self));
  return d ? PyDict_Keys(d) : nullptr;
}

PyObject* waits_iter(PyObject* self) {
  PyObject* d = full_dict(reinterpret_cast<WaitsObject*>(self));
  return d ? PyObject_GetIter(d) : nullptr;
}

Py_ssize_t waits_length(PyObject* self) {
  PyObject* d = full_dict(reinterpret_cast<WaitsObject*>(self));
  return d ? PyDict_Size(d) : -1;
}

int waits_traverse(PyObject* self, visitproc visit, void* arg) {
  Py_VISIT(reinterpret_cast<WaitsObject*>(self)->full);
  return 0;
}

int waits_clear(PyObject* self) {
  Py_CLEAR(reinterpret_cast<WaitsObject*>(self)->full);
  return 0;
}

void waits_dealloc(PyObject* self) {
  PyObject_GC_UnTrack(self);
  auto* w = reinterpret_cast<WaitsObject*>(self);
  Py_CLEAR(w->full);
  delete w->answer;
  PyObject_GC_Del(self);
}

PyMappingMethods waits_mapping = {waits_length, waits_subscript, nullptr};
// [(tile, unseen, ron, tsumo)] with each result a Result over a copy of the core's (as
// tenbou.score makes them: nothing built until read), or its dict (below), for Waits.waits. `method`: the request's,
// which a Result made from the dict takes (_result_from_data): a failed Riichi result (an
// impossible flag on one side) is given it too.
PyObject* waits_results(PyObject* self, PyObject* method_name) {
  if (!PyUnicode_Check(method_name)) {
    PyErr_SetString(PyExc_TypeError, "_results: method must be a str");
    return nullptr;
  }
  tenbou::Method method = tenbou::Method::FuHan;
  for (int m = 0; m < 3; ++m)
    if (PyUnicode_CompareWithASCIIString(method_name, tenbou::method_name(static_cast<tenbou::Method>(m))) == 0)
      method = static_cast<tenbou::Method>(m);
  const std::vector<tenbou::ScoredWait>& waits = reinterpret_cast<WaitsObject*>(self)->answer->waits;
  PyObject* list = PyList_New(static_cast<Py_ssize_t>(waits.size()));
  if (!list) return nullptr;
  try {
    for (std::size_t i = 0; i < waits.size(); ++i) {
      const tenbou::ScoredWait& sw = waits[i];
      auto result = [&](const tenbou::ScoreResult& r) {
        // A failed Korean or Hong Kong-Taiwan result stays its dict: a Result made from that dict
        // (no "rules" in it) has always been a Riichi-family Result (Waits.waits makes it).
        if (!std::holds_alternative<tenbou::RiichiResult>(r) && !tenbou::score_result_ok(r)) return result_object(r);
        auto copy = std::make_unique<tenbou::ScoreResult>(r);
        if (auto* riichi = std::get_if<tenbou::RiichiResult>(copy.get())) riichi->method = method;
        return result_from_owned(std::move(copy));
      };
      PyObject* ron = result(sw.ron);
      PyObject* tsumo = ron ? result(sw.tsumo) : nullptr;
      PyObject* item = tsumo ? PyTuple_New(4) : nullptr;
      if (item) {
        PyObject* tile = tile_object_borrowed(sw.tile);
        Py_INCREF(tile);
        PyTuple_SET_ITEM(item, 0, tile);
        PyObject* unseen = PyLong_FromLong(sw.unseen);
        if (!unseen) {
          Py_CLEAR(item);
        } else {
          PyTuple_SET_ITEM(item, 1, unseen);
          PyTuple_SET_ITEM(item, 2, ron);
          PyTuple_SET_ITEM(item, 3, tsumo);
          ron = tsumo = nullptr;
        }
      }
      Py_XDECREF(ron);
      Py_XDECREF(tsumo);
      if (!item) {
        Py_DECREF(list);
        return nullptr;
      }
      PyList_SET_ITEM(list, static_cast<Py_ssize_t>(i), item);
    }
  } catch (const std::bad_alloc&) {
    Py_DECREF(list);
    return PyErr_NoMemory();
  }
  return list;
}

// Pickled and copied as the dict itself.
PyObject* waits_reduce(PyObject* self, PyObject*) {
  PyObject* d = full_dict(reinterpret_cast<WaitsObject*>(self));
  return d ? Py_BuildValue("(O(O))", reinterpret_cast<PyObject*>(&PyDict_Type), d) : nullptr;
}

PyMethodDef waits_methods[] = {{"keys", waits_keys, METH_NOARGS, "The keys of the answer dict, in its order."},
                               {"__reduce__", waits_reduce, METH_NOARGS, "Pickled as the answer dict."},
                               {"_results", waits_results, METH_O, "(method): [(tile, unseen, ron, tsumo)], Results."},
                               {nullptr, nullptr, 0, nullptr}};

PyTypeObject waits_type = [] {
  PyTypeObject t{PyVarObject_HEAD_INIT(nullptr, 0)};
  t.tp_name = "tenbou._core.WaitsAnswer";
  t.tp_doc = "The answer of waits as a read-only mapping, its dict made on the first read of a list or result.";
  t.tp_basicsize = sizeof(WaitsObject);
  t.tp_dealloc = waits_dealloc;
  t.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC;
  t.tp_traverse = waits_traverse;
  t.tp_clear = waits_clear;
  t.tp_as_mapping = &waits_mapping;
  t.tp_iter = waits_iter;
  t.tp_methods = waits_methods;
  return t;
}();

PyObject* waits_lazy(PyObject*, PyObject* request) {
  if (!PyDict_Check(request)) Py_RETURN_NONE;  // the caller takes _core.waits, which answers it
  try {
    auto answer = std::make_unique<tenbou::WaitsAnswer>();
    try {
      *answer = tenbou::waits_of(PyView(request));
    } catch (const tenbou::InputError&) {
      Py_RETURN_NONE;  // _core.waits answers it, in the Json-tree path's words
    }
    auto* w = PyObject_GC_New(WaitsObject, &waits_type);
    if (!w) return nullptr;
    w->answer = answer.release();
    w->full = nullptr;
    PyObject_GC_Track(w);
    return reinterpret_cast<PyObject*>(w);
  } catch (const std::bad_alloc&) {
    return PyErr_NoMemory();
  }
}

}  // namespace

PyObject* waits_answer(PyObject* request) {
  try {
    tenbou::WaitsAnswer answer;
    try {
      answer = tenbou::waits_of(PyView(request));
    } catch (const tenbou::InputError&) {
      return nullptr;  // the Json-tree path answers it, in its own words
    }
    return waits_dict(answer);
  } catch (const std::bad_alloc&) {
    return PyErr_NoMemory();
  }
}

PyObject* discards_answer(PyObject* request) {
  try {
    // A request asking for expected values ("ev") keeps the Json-tree path, which answers it.
    if (PyDict_Contains(request, keys().ev) != 0) return nullptr;  // (-1: its error is the caller's)
    tenbou::DiscardsAnswer answer;
    try {
      // Read as the Json-tree path reads it (the same tree): the discards re-read the request
      // once per distinct tile, which a tree makes cheap.
      answer = tenbou::discards_of(to_json(pybind11::handle(request)));
    } catch (const tenbou::InputError&) {
      return nullptr;  // the Json-tree path answers it, in its own words
    }
    PyObject* d = discards_dict(answer);
    if (!d && !PyErr_Occurred()) PyErr_NoMemory();
    return d;
  } catch (const std::bad_alloc&) {
    return PyErr_NoMemory();
  }
}

namespace {

// tenbou.discards' answer kept as the core's data (_core.DiscardsAnswer) with read-only mapping
// views over its parts (_core.DiscardOption, _core.DiscardWait, _core.WaitResult) that read
// as the dicts of discards_json, key for key. A view is made when its key is read, and only a
// result's dict is kept once made (its other keys); nothing else holds a Python object but the
// root, so only a result view is a type of the garbage collector, tracked once it keeps its dict
// (which a caller could make part of a cycle): kept answers do not feed the collector.
enum class Kind : std::uint8_t { Answer, Option, Wait, Result };

struct Node {
  PyObject_HEAD
  tenbou::DiscardsAnswer* answer;  // owned by the root (the Answer node)
  PyObject* root;                  // the Answer node (a strong reference), nullptr in the root
  PyObject* full;                  // a Result node's dict, once made
  int option, wait;
  bool tsumo;
  Kind kind;
};

Node* as_node(PyObject* o) { return reinterpret_cast<Node*>(o); }
const tenbou::DiscardOption& option_of(const Node* n) { return n->answer->discards[static_cast<std::size_t>(n->option)]; }
const tenbou::ScoredWait& wait_of(const Node* n) { return option_of(n).waits[static_cast<std::size_t>(n->wait)]; }
const tenbou::ScoreResult& result_of(const Node* n) { return n->tsumo ? wait_of(n).tsumo : wait_of(n).ron; }

PyTypeObject node_types[4];
PyTypeObject& type_of(Kind kind) { return node_types[static_cast<int>(kind)]; }
bool is_node(PyObject* o) {
  for (PyTypeObject& t : node_types)
    if (Py_TYPE(o) == &t) return true;
  return false;
}

// The keys of each kind, in the order of discards_json (a Result's are its dict's).
struct NodeKeys {
  std::vector<PyObject*> of[3];
  PyObject* tuples[3];
  NodeKeys() {
    const Keys& k = keys();
    of[0] = {k.ok, k.rules, k.shanten, k.discards};
    of[1] = {k.tile, k.shanten, k.ukeire, k.ukeire_unseen, k.waits, k.furiten};
    of[2] = {k.tile, k.unseen, k.ron, k.tsumo};
    for (int i = 0; i < 3; ++i) {
      tuples[i] = PyTuple_New(static_cast<Py_ssize_t>(of[i].size()));
      if (!tuples[i]) throw std::bad_alloc();
      for (std::size_t j = 0; j < of[i].size(); ++j) {
        Py_INCREF(of[i][j]);
        PyTuple_SET_ITEM(tuples[i], static_cast<Py_ssize_t>(j), of[i][j]);
      }
    }
  }
};

const NodeKeys& node_keys() {
  static const NodeKeys* k = new NodeKeys();
  return *k;
}

// The key's index among the kind's keys: -1 when it is none of them (interned keys: identity first).
int key_index(Kind kind, PyObject* key) {
  const std::vector<PyObject*>& of = node_keys().of[static_cast<int>(kind)];
  for (std::size_t i = 0; i < of.size(); ++i)
    if (of[i] == key) return static_cast<int>(i);
  if (!PyUnicode_Check(key)) return -1;
  for (std::size_t i = 0; i < of.size(); ++i)
    if (PyUnicode_Compare(of[i], key) == 0) return static_cast<int>(i);
  return -1;
}

PyObject* new_node(PyObject* root, Kind kind, int option, int wait, bool tsumo) {
  // Only a result can keep an object (its dict): the other kinds are not the collector's types at all.
  Node* n = kind == Kind::Result ? PyObject_GC_New(Node, &type_of(kind)) : PyObject_New(Node, &type_of(kind));
  if (!n) return nullptr;
  n->answer = as_node(root)->answer;
  Py_INCREF(root);
  n->root = root;
  n->full = nullptr;
  n->option = option;
  n->wait = wait;
  n->tsumo = tsumo;
  n->kind = kind;
  return reinterpret_cast<PyObject*>(n);
}

PyObject* root_of(Node* n) { return n->root ? n->root : reinterpret_cast<PyObject*>(n); }

// A Result node's dict, made once (the node is then tracked: the dict is the caller's to change).
PyObject* result_full(Node* n) {
  if (!n->full) {
    n->full = result_object(result_of(n));
    if (!n->full) return nullptr;
    if (!PyObject_GC_IsTracked(reinterpret_cast<PyObject*>(n))) PyObject_GC_Track(n);
  }
  return n->full;
}

// The plain dict tree this node stands for, made anew (the Json-tree path's, key for key).
PyObject* node_dict(Node* n) {
  try {
    PyObject* d = nullptr;
    switch (n->kind) {
      case Kind::Answer: d = discards_dict(*n->answer); break;
      case Kind::Option: d = option_dict(option_of(n)); break;
      case Kind::Wait: d = wait_dict(wait_of(n)); break;
      case Kind::Result: d = result_object(result_of(n)); break;
    }
    if (!d && !PyErr_Occurred()) PyErr_NoMemory();
    return d;
  } catch (const std::bad_alloc&) {
    return PyErr_NoMemory();
  }
}

PyObject* node_list(Node* n, Kind kind, std::size_t size) {
  PyObject* list = PyList_New(static_cast<Py_ssize_t>(size));
  if (!list) return nullptr;
  for (std::size_t i = 0; i < size; ++i) {
    const int option = kind == Kind::Option ? static_cast<int>(i) : n->option;
    PyObject* child = new_node(root_of(n), kind, option, static_cast<int>(i), false);
    if (!child) {
      Py_DECREF(list);
      return nullptr;
    }
    PyList_SET_ITEM(list, static_cast<Py_ssize_t>(i), child);
  }
  return list;
}

// self[key]: nullptr with no error set when the key is not one of the node's.
PyObject* node_get(Node* n, PyObject* key) {
  if (n->kind == Kind::Result) {
    const tenbou::ScoreResult& r = result_of(n);
    const Keys& k = keys();
    const auto* riichi = std::get_if<tenbou::RiichiResult>(&r);
    // Read without the dict: ok, and the total of an ok Riichi result (an exact aotenjo total
    // is written from its digits: the dict says it).
    if (key == k.result_keys[static_cast<int>(tenbou::ResultKey::ok)]) return PyBool_FromLong(tenbou::score_result_ok(r));
    if (riichi && riichi->ok && !riichi->payments.exact &&
        key == k.result_keys[static_cast<int>(tenbou::ResultKey::total)])
      return PyLong_FromLongLong(riichi->payments.total);
    PyObject* d = result_full(n);
    if (!d) return nullptr;
    PyObject* v = PyDict_GetItemWithError(d, key);
    Py_XINCREF(v);
    return v;
  }
  const int i = key_index(n->kind, key);
  if (i < 0) return nullptr;
  const Keys& k = keys();
  PyObject* name = node_keys().of[static_cast<int>(n->kind)][static_cast<std::size_t>(i)];
  switch (n->kind) {
    case Kind::Answer:
      if (name == k.ok) Py_RETURN_TRUE;
      if (name == k.rules) return rules_name(n->answer->family);
      if (name == k.shanten) return PyLong_FromLong(n->answer->shanten);
      return node_list(n, Kind::Option, n->answer->discards.size());
    case Kind::Option: {
      const tenbou::DiscardOption& opt = option_of(n);
      if (name == k.tile) return tile_object(opt.tile, opt.red);
      if (name == k.shanten) return PyLong_FromLong(opt.analysis.shanten);
      if (name == k.ukeire) return ukeire_list(opt.analysis);
      if (name == k.ukeire_unseen) return PyLong_FromLong(opt.analysis.ukeire_unseen);
      if (name == k.waits) return node_list(n, Kind::Wait, opt.waits.size());
      return PyBool_FromLong(opt.analysis.furiten);
    }
    case Kind::Wait: {
      const tenbou::ScoredWait& sw = wait_of(n);
      if (name == k.tile) return tile_object(sw.tile);
      if (name == k.unseen) return PyLong_FromLong(sw.unseen);
      return new_node(root_of(n), Kind::Result, n->option, n->wait, name == k.tsumo);
    }
    case Kind::Result: break;
  }
  return nullptr;
}

PyObject* node_subscript(PyObject* self, PyObject* key) {
  PyObject* v = node_get(as_node(self), key);
  if (!v && !PyErr_Occurred()) PyErr_SetObject(PyExc_KeyError, key);
  return v;
}

PyObject* node_keys_tuple(Node* n) {  // a new reference
  if (n->kind != Kind::Result) {
    PyObject* t = node_keys().tuples[static_cast<int>(n->kind)];
    Py_INCREF(t);
    return t;
  }
  PyObject* d = result_full(n);
  if (!d) return nullptr;
  PyObject* keys = PyDict_Keys(d);
  if (!keys) return nullptr;
  PyObject* t = PyList_AsTuple(keys);
  Py_DECREF(keys);
  return t;
}

Py_ssize_t node_length(PyObject* self) {
  Node* n = as_node(self);
  if (n->kind != Kind::Result) return static_cast<Py_ssize_t>(node_keys().of[static_cast<int>(n->kind)].size());
  PyObject* d = result_full(n);
  return d ? PyDict_Size(d) : -1;
}

int node_contains(PyObject* self, PyObject* key) {
  Node* n = as_node(self);
  if (n->kind != Kind::Result) return key_index(n->kind, key) >= 0;
  PyObject* d = result_full(n);
  return d ? PyDict_Contains(d, key) : -1;
}

PyObject* node_iter(PyObject* self) {
  PyObject* t = node_keys_tuple(as_node(self));
  if (!t) return nullptr;
  PyObject* it = PyObject_GetIter(t);
  Py_DECREF(t);
  return it;
}

PyObject* node_keys_method(PyObject* self, PyObject*) {
  PyObject* t = node_keys_tuple(as_node(self));
  if (!t) return nullptr;
  PyObject* list = PySequence_List(t);
  Py_DECREF(t);
  return list;
}

// values() (pairs false) or items() (pairs true), as lists in key order.
PyObject* node_values(PyObject* self, bool pairs) {
  PyObject* t = node_keys_tuple(as_node(self));
  if (!t) return nullptr;
  const Py_ssize_t size = PyTuple_GET_SIZE(t);
  PyObject* list = PyList_New(size);
  for (Py_ssize_t i = 0; list && i < size; ++i) {
    PyObject* key = PyTuple_GET_ITEM(t, i);
    PyObject* v = node_subscript(self, key);
    if (v && pairs) v = Py_BuildValue("(ON)", key, v);
    if (!v) {
      Py_CLEAR(list);
      break;
    }
    PyList_SET_ITEM(list, i, v);
  }
  Py_DECREF(t);
  return list;
}
PyObject* node_values_method(PyObject* self, PyObject*) { return node_values(self, false); }
PyObject* node_items_method(PyObject* self, PyObject*) { return node_values(self, true); }

PyObject* node_get_method(PyObject* self, PyObject* const* args, Py_ssize_t nargs) {
  if (nargs < 1 || nargs > 2) {
    PyErr_SetString(PyExc_TypeError, "get: expected a key and an optional default");
    return nullptr;
  }
  PyObject* v = node_get(as_node(self), args[0]);
  if (v || PyErr_Occurred()) return v;
  PyObject* fallback = nargs == 2 ? args[1] : Py_None;
  Py_INCREF(fallback);
  return fallback;
}

PyObject* node_as_dict(PyObject* self, PyObject*) { return node_dict(as_node(self)); }

// Pickled and copied as the dict it stands for.
PyObject* node_reduce(PyObject* self, PyObject*) {
  PyObject* d = node_dict(as_node(self));
  return d ? Py_BuildValue("(O(N))", reinterpret_cast<PyObject*>(&PyDict_Type), d) : nullptr;
}

// == and != as the dict it stands for; other orders as a dict has none.
PyObject* node_richcompare(PyObject* self, PyObject* other, int op) {
  if ((op != Py_EQ && op != Py_NE) || !(PyDict_Check(other) || is_node(other))) Py_RETURN_NOTIMPLEMENTED;
  PyObject* mine = node_dict(as_node(self));
  if (!mine) return nullptr;
  PyObject* theirs = is_node(other) ? node_dict(as_node(other)) : (Py_INCREF(other), other);
  PyObject* result = theirs ? PyObject_RichCompare(mine, theirs, op) : nullptr;
  Py_DECREF(mine);
  Py_XDECREF(theirs);
  return result;
}

// The repr of the dict it stands for (as the answer printed before: str() of a discard is
// compared and sorted by callers).
PyObject* node_repr(PyObject* self) {
  PyObject* d = node_dict(as_node(self));
  if (!d) return nullptr;
  PyObject* text = PyObject_Repr(d);
  Py_DECREF(d);
  return text;
}

int node_traverse(PyObject* self, visitproc visit, void* arg) {
  Py_VISIT(as_node(self)->full);
  Py_VISIT(as_node(self)->root);
  return 0;
}

int node_clear(PyObject* self) {
  Py_CLEAR(as_node(self)->full);  // the root stays: the node reads the answer through it
  return 0;
}

void node_dealloc(PyObject* self) {
  Node* n = as_node(self);
  const bool gc_type = PyType_IS_GC(Py_TYPE(self));
  if (gc_type && PyObject_GC_IsTracked(self)) PyObject_GC_UnTrack(self);
  Py_CLEAR(n->full);
  if (n->root)
    Py_DECREF(n->root);
  else
    delete n->answer;
  if (gc_type)
    PyObject_GC_Del(self);
  else
    PyObject_Del(self);
}

PySequenceMethods node_sequence = [] {
  PySequenceMethods m{};
  m.sq_contains = node_contains;
  return m;
}();
PyMappingMethods node_mapping = {node_length, node_subscript, nullptr};
PyMethodDef node_methods[] = {
    {"keys", node_keys_method, METH_NOARGS, "The keys, in the answer's order."},
    {"values", node_values_method, METH_NOARGS, "The values, in key order."},
    {"items", node_items_method, METH_NOARGS, "(key, value) pairs, in key order."},
    {"get", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(node_get_method)), METH_FASTCALL,
     "get(key, default=None)."},
    {"as_dict", node_as_dict, METH_NOARGS, "The plain dict (and lists) this stands for, made anew."},
    {"__reduce__", node_reduce, METH_NOARGS, "Pickled as the plain dict."},
    {nullptr, nullptr, 0, nullptr}};

void init_node_type(Kind kind, const char* name, const char* doc) {
  PyTypeObject& t = type_of(kind);
  t = PyTypeObject{PyVarObject_HEAD_INIT(nullptr, 0)};
  t.tp_name = name;
  t.tp_doc = doc;
  t.tp_basicsize = sizeof(Node);
  t.tp_dealloc = node_dealloc;
  t.tp_flags = Py_TPFLAGS_DEFAULT;
  if (kind == Kind::Result) {  // a result keeps its dict once made (then tracked)
    t.tp_flags |= Py_TPFLAGS_HAVE_GC;
    t.tp_traverse = node_traverse;
    t.tp_clear = node_clear;
  }
  t.tp_as_mapping = &node_mapping;
  t.tp_as_sequence = &node_sequence;
  t.tp_iter = node_iter;
  t.tp_methods = node_methods;
  t.tp_richcompare = node_richcompare;
  t.tp_repr = node_repr;
  t.tp_hash = PyObject_HashNotImplemented;
}

// _core._discards_answer(request): the root node, or None for a request the dict path must
// answer (not a dict, an "ev" request, or one the core refuses: _core.discards answers it in
// the Json-tree path's words).
PyObject* discards_lazy(PyObject*, PyObject* request) {
  if (!PyDict_Check(request)) Py_RETURN_NONE;
  const int has_ev = PyDict_Contains(request, keys().ev);
  if (has_ev < 0) return nullptr;
  if (has_ev) Py_RETURN_NONE;
  try {
    auto answer = std::make_unique<tenbou::DiscardsAnswer>();
    try {
      *answer = tenbou::discards_of(to_json(pybind11::handle(request)));
    } catch (const tenbou::InputError&) {
      Py_RETURN_NONE;
    } catch (pybind11::error_already_set& e) {
      e.restore();
      PyErr_Clear();
      Py_RETURN_NONE;  // to_json refused a value: _core.discards answers it
    }
    Node* n = PyObject_New(Node, &type_of(Kind::Answer));  // not the collector's: it holds no Python object
    if (!n) return nullptr;
    n->answer = answer.release();
    n->root = nullptr;
    n->full = nullptr;
    n->option = n->wait = -1;
    n->tsumo = false;
    n->kind = Kind::Answer;
    return reinterpret_cast<PyObject*>(n);
  } catch (const std::bad_alloc&) {
    return PyErr_NoMemory();
  }
}

PyMethodDef discards_lazy_def = {"_discards_answer", discards_lazy, METH_O,
                                 "(request dict): a DiscardsAnswer, or None for a request _core.discards must answer."};

}  // namespace

PyMethodDef waits_lazy_def = {"_waits_answer", waits_lazy, METH_O,
                               "(request dict): a WaitsAnswer, or None for a request _core.waits must answer."};

bool add_analysis_functions(PyObject* module) {
  if (PyType_Ready(&waits_type) < 0) return false;
  PyObject* fn = PyCFunction_NewEx(&waits_lazy_def, nullptr, module);
  if (!fn) return false;
  if (PyModule_AddObject(module, waits_lazy_def.ml_name, fn) < 0) {
    Py_DECREF(fn);
    return false;
  }
  init_node_type(Kind::Answer, "tenbou._core.DiscardsAnswer",
                 "The answer of tenbou.discards as a read-only mapping over the core's data: the dict of discards_json, "
                 "key for key, each part made when read.");
  init_node_type(Kind::Option, "tenbou._core.DiscardOption", "One discard of a DiscardsAnswer, as its dict reads.");
  init_node_type(Kind::Wait, "tenbou._core.DiscardWait", "One wait of a DiscardOption, as its dict reads.");
  init_node_type(Kind::Result, "tenbou._core.WaitResult", "The ron or tsumo result of a DiscardWait, as its dict reads.");
  static const char* const node_names[] = {"DiscardsAnswer", "DiscardOption", "DiscardWait", "WaitResult"};
  for (int i = 0; i < 4; ++i) {
    if (PyType_Ready(&node_types[i]) < 0) return false;
    Py_INCREF(&node_types[i]);
    if (PyModule_AddObject(module, node_names[i], reinterpret_cast<PyObject*>(&node_types[i])) < 0) {
      Py_DECREF(&node_types[i]);
      return false;
    }
  }
  PyObject* discards_fn = PyCFunction_NewEx(&discards_lazy_def, nullptr, module);
  if (!discards_fn) return false;
  if (PyModule_AddObject(module, discards_lazy_def.ml_name, discards_fn) < 0) {
    Py_DECREF(discards_fn);
    return false;
  }
  Py_INCREF(&waits_type);
  if (PyModule_AddObject(module, "WaitsAnswer", reinterpret_cast<PyObject*>(&waits_type)) < 0) {
    Py_DECREF(&waits_type);
    return false;
  }
  return true;
}

}  // namespace tenbou_py
