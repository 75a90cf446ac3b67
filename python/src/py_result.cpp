#include "py_result.hpp"

#include <pybind11/pybind11.h>

#include <cstddef>
#include <iterator>
#include <new>
#include <string>
#include <vector>

#include "convert.hpp"
#include "guarded.hpp"
#include "tenbou/bignum.hpp"
#include "tenbou/error.hpp"
#include "tenbou/payments.hpp"
#include "tenbou/result.hpp"
#include "tenbou/rules.hpp"
#include "tenbou/wait.hpp"
#include "tenbou/yaku_table.hpp"

namespace py = pybind11;
using tenbou::RiichiResult;
using tenbou::ScoreResult;

namespace tenbou_py {

namespace {

// The Python classes made for each family, and YakuItem (tenbou/result.py registers them).
PyObject* g_result_class[3] = {nullptr, nullptr, nullptr};
PyObject* g_yaku_item = nullptr;
PyObject* g_error_from = nullptr;

struct ResultObject {
  PyObject_HEAD
  HotFields hot;
  ScoreResult* owned;     // the full result (tenbou.score), or nullptr
  PyObject* owner;        // the batch holding the full result (tenbou.score_many), or nullptr
  const ResultStore* store;
  std::size_t index;
  PyObject* data;         // the contract dict, once built (_data)
};

// The full core result (a copy when it lives in a batch).
ScoreResult full_result(const ResultObject* self) {
  if (self->owned) return *self->owned;
  return self->store->get(self->index);
}

// tenbou.score gives each Result a full core result of its own: the last few freed are
// kept for the next calls (a malloc, a free and a ~400-byte construction a call less).
// Only touched with the GIL held.
std::vector<ScoreResult*>& spare_results() {
  static auto* spare = new std::vector<ScoreResult*>();  // (never freed: results may outlive the module)
  return *spare;
}

void release_owned(ScoreResult* r) {
  if (!r) return;
  std::vector<ScoreResult*>& spare = spare_results();
  if (spare.size() < 16) {
    try {
      spare.push_back(r);
      return;
    } catch (...) {
    }
  }
  delete r;
}

}  // namespace

std::unique_ptr<ScoreResult> new_owned_result() {
  std::vector<ScoreResult*>& spare = spare_results();
  if (spare.empty()) return std::make_unique<ScoreResult>();
  std::unique_ptr<ScoreResult> r(spare.back());  // whatever it held is overwritten by the scorer
  spare.pop_back();
  return r;
}

namespace {

void result_dealloc(PyObject* obj) {
  auto* self = reinterpret_cast<ResultObject*>(obj);
  release_owned(self->owned);
  Py_XDECREF(self->owner);
  Py_XDECREF(self->data);
  Py_TYPE(obj)->tp_free(obj);
}

PyObject* result_new(PyTypeObject*, PyObject*, PyObject*) {
  PyErr_SetString(PyExc_TypeError, "Result objects are made by tenbou.score and tenbou.score_many");
  return nullptr;
}

PyObject* enum_name(int value, PyObject* (&cache)[16], const char* (*name_of)(int)) {
  if (value < 0 || value >= 16) Py_RETURN_NONE;
  if (!cache[value]) {
    const char* name = name_of(value);
    if (!name) Py_RETURN_NONE;
    cache[value] = interned(name);
    if (!cache[value]) return nullptr;
  }
  Py_INCREF(cache[value]);
  return cache[value];
}

// Defers to the Python class (self._get(name)): Korean and Hong Kong-Taiwan results, and
// failures (which raise AttributeError there).
PyObject* slow_get(PyObject* self, const char* name) { return PyObject_CallMethod(self, "_get", "s", name); }

#define HOT(self) (reinterpret_cast<ResultObject*>(self)->hot)

PyObject* get_ok(PyObject* self, void*) { return PyBool_FromLong(HOT(self).ok); }

PyObject* get_han(PyObject* self, void*) {
  return HOT(self).riichi_ok() ? PyLong_FromLong(HOT(self).han) : slow_get(self, "han");
}
PyObject* get_fu(PyObject* self, void*) {
  return HOT(self).riichi_ok() ? PyLong_FromLong(HOT(self).fu) : slow_get(self, "fu");
}
PyObject* get_yakuman(PyObject* self, void*) {
  return HOT(self).riichi_ok() ? PyLong_FromLong(HOT(self).yakuman) : slow_get(self, "yakuman");
}
PyObject* get_honba_bonus(PyObject* self, void*) {
  return HOT(self).riichi_ok() ? PyLong_FromLongLong(HOT(self).honba_bonus) : slow_get(self, "honba_bonus");
}
PyObject* get_sticks_bonus(PyObject* self, void*) {
  return HOT(self).riichi_ok() ? PyLong_FromLongLong(HOT(self).sticks_bonus) : slow_get(self, "sticks_bonus");
}
PyObject* exact_total(PyObject* self);
PyObject* get_total(PyObject* self, void*) {
  if (HOT(self).riichi_ok() && !HOT(self).exact) return PyLong_FromLongLong(HOT(self).total);
  if (HOT(self).riichi_ok()) return exact_total(self);
  return slow_get(self, "total");
}
PyObject* get_limit(PyObject* self, void*) {
  static PyObject* cache[16];
  if (!HOT(self).riichi_ok()) return slow_get(self, "limit");
  return enum_name(HOT(self).limit, cache,
                   [](int v) { return tenbou::limit_name(static_cast<tenbou::Limit>(v)); });
}
PyObject* get_wait(PyObject* self, void*) {
  static PyObject* cache[16];
  if (!HOT(self).riichi_ok()) return slow_get(self, "wait");
  return enum_name(HOT(self).wait, cache, [](int v) { return tenbou::wait_name(static_cast<tenbou::Wait>(v)); });
}

static_assert(HotFields::Riichi == static_cast<int>(tenbou::RulesFamily::Riichi) &&
                  HotFields::Korean == static_cast<int>(tenbou::RulesFamily::Korean) &&
                  HotFields::Hktw == static_cast<int>(tenbou::RulesFamily::Hktw),
              "HotFields::Family follows RulesFamily");

PyObject* get_method(PyObject* self, void*) {
  static PyObject* cache[16];
  const HotFields& h = HOT(self);
  if (h.family != HotFields::Riichi) return rules_name(static_cast<tenbou::RulesFamily>(h.family));
  return enum_name(h.method, cache, [](int v) { return tenbou::method_name(static_cast<tenbou::Method>(v)); });
}

PyObject* get_rules(PyObject* self, void*) { return rules_name(static_cast<tenbou::RulesFamily>(HOT(self).family)); }

// YakuItem(key, han) objects are immutable: one per (yaku, han) is made and shared.
PyObject* yaku_item(int yaku, int han) {
  constexpr int kHanSlots = 32;
  static PyObject* cache[tenbou::kYakuCount][kHanSlots];
  if (yaku < 0 || yaku >= static_cast<int>(tenbou::kYakuCount)) {
    PyErr_SetString(PyExc_SystemError, "tenbou: yaku id out of range");
    return nullptr;
  }
  const bool cached = han >= 0 && han < kHanSlots;
  if (cached && cache[yaku][han]) {
    Py_INCREF(cache[yaku][han]);
    return cache[yaku][han];
  }
  if (!g_yaku_item) {
    PyErr_SetString(PyExc_RuntimeError, "tenbou: result types not registered");
    return nullptr;
  }
  const std::string_view key = tenbou::kYakuTable[yaku].key;
  PyObject* item = PyObject_CallFunction(g_yaku_item, "s#i", key.data(), static_cast<Py_ssize_t>(key.size()), han);
  if (item && cached) {
    Py_INCREF(item);
    cache[yaku][han] = item;
  }
  return item;
}

PyObject* get_yaku(PyObject* self, void*) {
  const HotFields& h = HOT(self);
  if (!h.riichi_ok()) return slow_get(self, "yaku");
  PyObject* list = PyList_New(h.yaku_count);
  if (!list) return nullptr;
  for (int i = 0; i < h.yaku_count; ++i) {
    PyObject* item = yaku_item(h.yaku[i], h.yaku_han[i]);
    if (!item) {
      Py_DECREF(list);
      return nullptr;
    }
    PyList_SET_ITEM(list, i, item);
  }
  return list;
}

// A result made from a contract dict (the results inside waits answers) has no core
// result behind it: the dict is the result.
bool dict_backed(PyObject* self) {
  const auto* r = reinterpret_cast<ResultObject*>(self);
  return !r->owned && !r->owner;
}

// An aotenjo total as gmpy2.mpz (exact at any size), from the core's decimal digits.
PyObject* exact_total(PyObject* self) {
  if (dict_backed(self)) return PyObject_CallMethod(self, "_exact_total", nullptr);
  static PyObject* mpz = nullptr;  // kept once imported (an import error is raised each time)
  if (!mpz && !(mpz = module_attribute("gmpy2", "mpz"))) return nullptr;
  return guarded([&]() -> PyObject* {
    const ScoreResult full = full_result(reinterpret_cast<ResultObject*>(self));
    const auto& payments = std::get<RiichiResult>(full).payments;
    const std::string digits = payments.exact ? payments.exact->total.to_decimal() : std::to_string(payments.total);
    return PyObject_CallFunction(mpz, "s#", digits.c_str(), static_cast<Py_ssize_t>(digits.size()));
  });
}

PyObject* result_as_dict(PyObject* self, PyObject*) {
  if (dict_backed(self)) {
    static PyObject* deepcopy = nullptr;
    if (!deepcopy && !(deepcopy = module_attribute("copy", "deepcopy"))) return nullptr;
    return PyObject_CallFunctionObjArgs(deepcopy, reinterpret_cast<ResultObject*>(self)->data, nullptr);
  }
  return guarded([&] {
    return tenbou_py::from_json(tenbou::score_result_to_json(full_result(reinterpret_cast<ResultObject*>(self))))
        .release()
        .ptr();
  });
}

PyObject* result_data(PyObject* self, PyObject*) {
  auto* r = reinterpret_cast<ResultObject*>(self);
  if (!r->data) {
    r->data = result_as_dict(self, nullptr);
    if (!r->data) return nullptr;
  }
  Py_INCREF(r->data);
  return r->data;
}

PyObject* result_to_json(PyObject* self, PyObject*) {
  return guarded([&] {
    std::string out;
    if (dict_backed(self))
      out = tenbou_py::to_json(reinterpret_cast<ResultObject*>(self)->data).dump();
    else
      tenbou::score_result_to_text(full_result(reinterpret_cast<ResultObject*>(self)), out);
    return PyUnicode_DecodeUTF8(out.data(), static_cast<Py_ssize_t>(out.size()), "strict");
  });
}

// The contract's error object ({"code", "message", "reason"?, "field"?}: result_writer.hpp).
PyObject* error_dict(tenbou::ErrorCode code, std::string_view reason, std::string_view field, std::string_view message) {
  static PyObject* const keys[4] = {interned("code"), interned("message"), interned("reason"), interned("field")};
  PyObject* d = PyDict_New();
  if (!d) return nullptr;
  auto put = [&](int key, std::string_view value) {
    PyObject* v = PyUnicode_DecodeUTF8(value.data(), static_cast<Py_ssize_t>(value.size()), "replace");
    const int rc = v ? PyDict_SetItem(d, keys[key], v) : -1;
    Py_XDECREF(v);
    return rc == 0;
  };
  if (put(0, tenbou::error_code_name(code)) && put(1, tenbou::field_message(field, message)) &&
      (reason.empty() || put(2, reason)) &&
      (field.empty() || put(3, field)))
    return d;
  Py_DECREF(d);
  return nullptr;
}

PyObject* error_dict(const tenbou::ResultError& e) { return error_dict(e.code, e.reason, e.field, e.message); }

PyObject* get_error(PyObject* self, void*) {
  if (HOT(self).ok) Py_RETURN_NONE;
  if (!dict_backed(self) && HOT(self).family == HotFields::Riichi) {  // without the whole contract dict
    const auto* r = reinterpret_cast<ResultObject*>(self);
    tenbou::ErrorCode code;
    std::string_view reason, field, message;
    if (!r->owned && r->store->failure(r->index, code, reason, field, message))  // a batch's: read in place
      return guarded([&] { return error_dict(code, reason, field, message); });
    return guarded([&] {
      const ScoreResult full = full_result(reinterpret_cast<ResultObject*>(self));
      const tenbou::ResultError* e = tenbou::score_result_error(full);
      if (!e) Py_RETURN_NONE;
      return error_dict(*e);
    });
  }
  PyObject* data = result_data(self, nullptr);
  if (!data) return nullptr;
  PyObject* error = PyDict_GetItemString(data, "error");
  Py_XINCREF(error);
  Py_DECREF(data);
  if (!error) Py_RETURN_NONE;
  return error;
}

#undef HOT

PyGetSetDef result_getset[] = {
    {"ok", get_ok, nullptr, "True when the hand scored; else see error.", nullptr},
    {"method", get_method, nullptr, "fuhan, han_only or aotenjo (the family's name for Korean and hktw).", nullptr},
    {"rules", get_rules, nullptr, "riichi, korean or hktw.", nullptr},
    {"error", get_error, nullptr, "The contract's error object of a failed result, else None.", nullptr},
    {"han", get_han, nullptr, "Han (yakuman counted as 13 per multiple).", nullptr},
    {"fu", get_fu, nullptr, "Fu, rounded as paid.", nullptr},
    {"yakuman", get_yakuman, nullptr, "Yakuman multiples (0 for an ordinary hand).", nullptr},
    {"total", get_total, nullptr, "Everything the winner receives (gmpy2.mpz for aotenjo).", nullptr},
    {"limit", get_limit, nullptr, "mangan ... yakuman, or None.", nullptr},
    {"wait", get_wait, nullptr, "The wait of the chosen reading (ryanmen, kanchan, ...).", nullptr},
    {"yaku", get_yaku, nullptr, "The yaku as YakuItem(key, han).", nullptr},
    {"honba_bonus", get_honba_bonus, nullptr, "The honba part of the total.", nullptr},
    {"sticks_bonus", get_sticks_bonus, nullptr, "The riichi sticks part of the total.", nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

PyMethodDef result_methods[] = {
    {"as_dict", result_as_dict, METH_NOARGS, "The contract's result object (a fresh copy)."},
    {"to_json", result_to_json, METH_NOARGS, "The result as the core's compact JSON text (identical in every front end)."},
    {"_data", result_data, METH_NOARGS, "The contract dict, built once and kept (private)."},
    {nullptr, nullptr, 0, nullptr}};

// Attribute reads of tenbou.Result by the name's identity. Through the generic path a read
// looks the name up along the class's MRO and calls the getset descriptor it finds (~130
// instructions of CPython 3.11 for `r.han`); here the interned name is compared with the
// getset table's names and its getter called (~20). Only for the class registered for
// Riichi results, only while its type version tag is the one checked at registration (any
// change to the class, e.g. an attribute set on it, clears or replaces the tag: back to the
// generic path), and only for names whose lookup found this table's own descriptor then.
constexpr int kGetsetCount = std::size(result_getset) - 1;
// result_getset's rows in the order they are tried: the most read first.
constexpr int kTryOrder[kGetsetCount] = {0, 4, 5, 7, 10, 6, 8, 9, 3, 1, 2, 11, 12};
PyObject* g_fast_names[kGetsetCount] = {};
PyTypeObject* g_fast_type = nullptr;
unsigned int g_fast_tag = 0;

PyObject* result_getattro(PyObject* self, PyObject* name) {
  PyTypeObject* t = Py_TYPE(self);
  if (t == g_fast_type && t->tp_version_tag == g_fast_tag && (t->tp_flags & Py_TPFLAGS_VALID_VERSION_TAG))
    for (int i = 0; i < kGetsetCount; ++i)
      if (name == g_fast_names[i]) return result_getset[kTryOrder[i]].get(self, nullptr);
  return PyObject_GenericGetAttr(self, name);
}

// Called once the Python class is registered (register_result_types).
void enable_fast_attributes(PyTypeObject* cls) {
  g_fast_type = nullptr;
  for (int i = 0; i < kGetsetCount; ++i) {
    Py_CLEAR(g_fast_names[i]);
    const PyGetSetDef& row = result_getset[kTryOrder[i]];
    PyObject* name = PyUnicode_InternFromString(row.name);
    if (!name) {
      PyErr_Clear();
      return;
    }
    PyObject* found = _PyType_Lookup(cls, name);  // (borrowed; assigns the version tag)
    if (found && Py_TYPE(found) == &PyGetSetDescr_Type &&
        reinterpret_cast<PyGetSetDescrObject*>(found)->d_getset->get == row.get)
      g_fast_names[i] = name;
    else
      Py_DECREF(name);
  }
  if (cls->tp_flags & Py_TPFLAGS_VALID_VERSION_TAG) {
    g_fast_tag = cls->tp_version_tag;
    g_fast_type = cls;
  }
}

PyTypeObject result_type = [] {
  PyTypeObject t{PyVarObject_HEAD_INIT(nullptr, 0)};
  t.tp_getattro = result_getattro;
  t.tp_name = "tenbou._core.Result";
  t.tp_basicsize = sizeof(ResultObject);
  t.tp_dealloc = result_dealloc;
  t.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE;
  t.tp_doc = "A scored hand (the compiled base of tenbou.Result).";
  t.tp_getset = result_getset;
  t.tp_methods = result_methods;
  t.tp_new = result_new;
  return t;
}();

PyObject* new_result(const HotFields& hot) {
  auto* cls = reinterpret_cast<PyTypeObject*>(g_result_class[hot.family]);
  if (!cls) {
    PyErr_SetString(PyExc_RuntimeError, "tenbou: result types not registered (import tenbou)");
    return nullptr;
  }
  PyObject* obj = cls->tp_alloc(cls, 0);  // zeroed
  if (!obj) return nullptr;
  // The Python subclass is a heap type, so its instances are made tracked by the cyclic
  // GC; a result cannot be part of a cycle (it refers to its batch and to plain data, and
  // this type has no traverse for them), so it is untracked: collections made while millions
  // of results are read then skip them (~4% of a score_many loop that reads every result).
  if (PyObject_IS_GC(obj)) PyObject_GC_UnTrack(obj);
  reinterpret_cast<ResultObject*>(obj)->hot = hot;
  return obj;
}

PyObject* register_result_types(PyObject*, PyObject* args) {
  PyObject *riichi, *korean, *hktw, *yaku_item_class, *error_from;
  if (!PyArg_ParseTuple(args, "O!O!O!OO", &PyType_Type, &riichi, &PyType_Type, &korean, &PyType_Type, &hktw,
                        &yaku_item_class, &error_from))
    return nullptr;
  for (PyObject* cls : {riichi, korean, hktw}) {
    if (!PyType_IsSubtype(reinterpret_cast<PyTypeObject*>(cls), &result_type) ||
        reinterpret_cast<PyTypeObject*>(cls)->tp_basicsize != result_type.tp_basicsize) {
      PyErr_SetString(PyExc_TypeError, "result classes must derive from _core.Result with __slots__ = ()");
      return nullptr;
    }
  }
  PyObject* objects[5] = {riichi, korean, hktw, yaku_item_class, error_from};
  PyObject** slots[5] = {&g_result_class[0], &g_result_class[1], &g_result_class[2], &g_yaku_item, &g_error_from};
  for (int i = 0; i < 5; ++i) {
    Py_INCREF(objects[i]);
    Py_XSETREF(*slots[i], objects[i]);
  }
  enable_fast_attributes(reinterpret_cast<PyTypeObject*>(riichi));
  Py_RETURN_NONE;
}

// The enum value whose name (by `name_of`) is `text`; `fallback` when none is.
template <typename E>
std::uint8_t enum_of(PyObject* text, const char* (*name_of)(E), int count, std::uint8_t fallback) {
  if (!text || !PyUnicode_Check(text)) return fallback;
  for (int v = 0; v < count; ++v) {
    const char* name = name_of(static_cast<E>(v));
    if (name && PyUnicode_CompareWithASCIIString(text, name) == 0) return static_cast<std::uint8_t>(v);
  }
  return fallback;
}

std::int64_t int_member(PyObject* data, const char* key) {
  PyObject* v = PyDict_GetItemString(data, key);
  if (!v || !PyLong_Check(v)) return 0;
  const long long n = PyLong_AsLongLong(v);
  if (n == -1 && PyErr_Occurred()) {
    PyErr_Clear();
    return 0;
  }
  return n;
}

PyObject* result_from_data(PyObject*, PyObject* args) {
  PyObject *data, *method;
  if (!PyArg_ParseTuple(args, "O!U", &PyDict_Type, &data, &method)) return nullptr;
  HotFields hot;
  PyObject* rules = PyDict_GetItemString(data, "rules");
  if (rules && PyUnicode_Check(rules) && PyUnicode_CompareWithASCIIString(rules, "korean") == 0)
    hot.family = HotFields::Korean;
  else if (rules && PyUnicode_Check(rules) && PyUnicode_CompareWithASCIIString(rules, "hktw") == 0)
    hot.family = HotFields::Hktw;
  hot.ok = PyDict_GetItemString(data, "ok") == Py_True;
  hot.method = enum_of(method, tenbou::method_name, 3, 0);
  if (hot.riichi_ok()) {
    hot.exact = hot.method == static_cast<std::uint8_t>(tenbou::Method::Aotenjo);
    hot.han = static_cast<std::int32_t>(int_member(data, "han"));
    hot.fu = static_cast<std::int32_t>(int_member(data, "fu"));
    hot.yakuman = static_cast<std::int32_t>(int_member(data, "yakuman"));
    if (!hot.exact) {
      hot.total = int_member(data, "total");
      hot.honba_bonus = int_member(data, "honba_bonus");
      hot.sticks_bonus = int_member(data, "sticks_bonus");
    }
    hot.limit = enum_of(PyDict_GetItemString(data, "limit"), tenbou::limit_name, 7, 0);
    hot.wait = enum_of(PyDict_GetItemString(data, "wait"), tenbou::wait_name, 7, static_cast<std::uint8_t>(tenbou::Wait::None));
    PyObject* yaku = PyDict_GetItemString(data, "yaku");
    const Py_ssize_t n = yaku && PyList_Check(yaku) ? PyList_GET_SIZE(yaku) : 0;
    for (Py_ssize_t i = 0; i < n && hot.yaku_count < 24; ++i) {
      PyObject* item = PyList_GET_ITEM(yaku, i);
      PyObject* key = PyDict_Check(item) ? PyDict_GetItemString(item, "key") : nullptr;
      for (std::size_t y = 0; key && PyUnicode_Check(key) && y < tenbou::kYakuCount; ++y) {
        if (PyUnicode_CompareWithASCIIString(key, std::string(tenbou::kYakuTable[y].key).c_str()) != 0) continue;
        hot.yaku[hot.yaku_count] = static_cast<std::uint8_t>(y);
        hot.yaku_han[hot.yaku_count++] = static_cast<std::int16_t>(int_member(item, "han"));
        break;
      }
    }
  }
  PyObject* obj = new_result(hot);
  if (!obj) return nullptr;
  Py_INCREF(data);
  reinterpret_cast<ResultObject*>(obj)->data = data;
  return obj;
}

PyMethodDef from_data_def = {"_result_from_data", result_from_data, METH_VARARGS,
                             "(contract dict, method): a Result over a result already in contract form (waits)."};

PyMethodDef register_def = {"_register_result_types", register_result_types, METH_VARARGS,
                            "(Result, KoreanResult, HktwResult, YakuItem, error_from): called once by tenbou.result."};

// Iterates a batch's results, making each Result as it is reached.
struct IterObject {
  PyObject_HEAD
  PyObject* owner;
  const ResultStore* store;
  std::size_t next;
};

void iter_dealloc(PyObject* obj) {
  Py_XDECREF(reinterpret_cast<IterObject*>(obj)->owner);
  PyObject_Free(obj);
}

PyObject* iter_next(PyObject* obj) {
  auto* it = reinterpret_cast<IterObject*>(obj);
  if (it->next >= it->store->size()) return nullptr;  // StopIteration
  return result_from_store(it->owner, *it->store, it->next++);
}

PyObject* iter_length_hint(PyObject* obj, PyObject*) {
  auto* it = reinterpret_cast<IterObject*>(obj);
  return PyLong_FromSize_t(it->store->size() - it->next);
}

PyMethodDef iter_methods[] = {{"__length_hint__", iter_length_hint, METH_NOARGS, nullptr},
                              {nullptr, nullptr, 0, nullptr}};

PyTypeObject iter_type = [] {
  PyTypeObject t{PyVarObject_HEAD_INIT(nullptr, 0)};
  t.tp_name = "tenbou._core.ResultIterator";
  t.tp_basicsize = sizeof(IterObject);
  t.tp_dealloc = iter_dealloc;
  t.tp_flags = Py_TPFLAGS_DEFAULT;
  t.tp_iter = PyObject_SelfIter;
  t.tp_iternext = iter_next;
  t.tp_methods = iter_methods;
  return t;
}();

}  // namespace

bool add_result_type(PyObject* module) {
  if (PyType_Ready(&result_type) < 0 || PyType_Ready(&iter_type) < 0) return false;
  Py_INCREF(&result_type);
  if (PyModule_AddObject(module, "Result", reinterpret_cast<PyObject*>(&result_type)) < 0) {
    Py_DECREF(&result_type);
    return false;
  }
  for (PyMethodDef* def : {&register_def, &from_data_def}) {
    PyObject* fn = PyCFunction_NewEx(def, nullptr, nullptr);
    if (!fn) return false;
    if (PyModule_AddObject(module, def->ml_name, fn) < 0) {
      Py_DECREF(fn);
      return false;
    }
  }
  return true;
}

PyObject* result_from_owned(std::unique_ptr<ScoreResult> result) {
  HotFields hot;
  hot_fields_of(*result, hot);
  PyObject* obj = new_result(hot);
  if (obj) reinterpret_cast<ResultObject*>(obj)->owned = result.release();
  return obj;
}

PyObject* result_from_store(PyObject* owner, const ResultStore& store, std::size_t index) {
  HotFields hot;
  store.hot(index, hot);
  PyObject* obj = new_result(hot);
  if (!obj) return nullptr;
  auto* r = reinterpret_cast<ResultObject*>(obj);
  Py_INCREF(owner);
  r->owner = owner;
  r->store = &store;
  r->index = index;
  return obj;
}

PyObject* results_iterator(PyObject* owner, const ResultStore& store) {
  auto* it = PyObject_New(IterObject, &iter_type);
  if (!it) return nullptr;
  Py_INCREF(owner);
  it->owner = owner;
  it->store = &store;
  it->next = 0;
  return reinterpret_cast<PyObject*>(it);
}

PyObject* raise_invalid_input(const tenbou::ResultError& error) {
  if (!g_error_from) {
    PyErr_SetString(PyExc_ValueError, error.text().c_str());
    return nullptr;
  }
  PyObject* dict = Py_BuildValue("{s:s,s:s#,s:s#,s:s#}", "code", tenbou::error_code_name(error.code), "message",
                                 error.text().c_str(), static_cast<Py_ssize_t>(error.text().size()), "reason",
                                 error.reason.c_str(), static_cast<Py_ssize_t>(error.reason.size()), "field",
                                 error.field.c_str(), static_cast<Py_ssize_t>(error.field.size()));
  if (!dict) return nullptr;
  PyObject* exc = PyObject_CallFunctionObjArgs(g_error_from, dict, nullptr);
  Py_DECREF(dict);
  if (!exc) return nullptr;
  PyErr_SetObject(reinterpret_cast<PyObject*>(Py_TYPE(exc)), exc);
  Py_DECREF(exc);
  return nullptr;
}

}  // namespace tenbou_py
