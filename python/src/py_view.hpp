// A ValueView over Python objects: the core's request parser reads dicts, lists,
// str, int and bool in place, with no intermediate JSON (binding only; GIL held).
#pragma once
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <string>

#include "core/json_fields.hpp"  // TENBOU_ALWAYS_INLINE
#include "tenbou/error.hpp"
#include "tenbou/value_view.hpp"

namespace tenbou_py {

// A request key as the readers see it: the key object, read as text when asked (a
// reader that knows the object, py_request_keys.hpp, often never needs the text).
struct PyKey {
  PyObject* object;
  operator std::string_view() const;  // NOLINT: read as text everywhere else; throws for a non-str key
};

class PyView final : public tenbou::ValueView {
 public:
  explicit PyView(PyObject* obj) : obj_(obj) {}
  PyView(const PyView& other) : ValueView(other), obj_(other.obj_) {}  // (digits are made again if asked)
  PyView& operator=(const PyView&) = delete;
  ~PyView() override { delete digits_; }

  TENBOU_ALWAYS_INLINE Kind kind() const override {
    // Most common first; these checks read type flags (PyFloat_Check would walk the MRO).
    if (PyUnicode_Check(obj_)) return Kind::String;
    if (PyBool_Check(obj_)) return Kind::Bool;
    if (PyLong_Check(obj_)) {
      int overflow = 0;
      PyLong_AsLongLongAndOverflow(obj_, &overflow);
      return overflow ? Kind::BigInt : Kind::Int;
    }
    if (PyDict_Check(obj_)) return Kind::Object;
    if (PyList_Check(obj_) || PyTuple_Check(obj_)) return Kind::Array;
    if (obj_ == Py_None) return Kind::Null;
    if (PyFloat_Check(obj_)) return Kind::Double;
    return Kind::Other;
  }
  bool as_bool() const override { return obj_ == Py_True; }
  std::int64_t as_int() const override { return PyLong_AsLongLong(obj_); }
  TENBOU_ALWAYS_INLINE std::string_view as_string() const override {
    if (PyUnicode_Check(obj_) && PyUnicode_IS_COMPACT_ASCII(obj_))  // the common case: the ASCII bytes are the UTF-8
      return {static_cast<const char*>(PyUnicode_DATA(obj_)), static_cast<std::size_t>(PyUnicode_GET_LENGTH(obj_))};
    return as_string_slow();
  }
  std::size_t size() const override {
    if (PyDict_Check(obj_)) return static_cast<std::size_t>(PyDict_Size(obj_));
    if (PyList_Check(obj_)) return static_cast<std::size_t>(PyList_GET_SIZE(obj_));
    if (PyTuple_Check(obj_)) return static_cast<std::size_t>(PyTuple_GET_SIZE(obj_));
    return 0;
  }
  void each_item(tenbou::FunctionRef<void(std::size_t, const ValueView&)> visit) const override {
    items([&](std::size_t i, const PyView& v) { visit(i, v); });
  }
  void each_member(tenbou::FunctionRef<void(std::string_view, const ValueView&)> visit) const override {
    members([&](std::string_view k, const PyView& v) { visit(k, v); });
  }
  // The walks the request readers use with this concrete (final) type: direct calls
  // (json_fields.hpp visit_members).
  template <typename F>
  TENBOU_ALWAYS_INLINE void items(F&& visit) const {
    const Py_ssize_t n = static_cast<Py_ssize_t>(size());
    const bool list = PyList_Check(obj_);
    for (Py_ssize_t i = 0; i < n; ++i) {
      // The visit may run Python code (str() of a big int) that changes a list: re-check.
      if (list && i >= PyList_GET_SIZE(obj_)) break;
      PyObject* item = list ? PyList_GET_ITEM(obj_, i) : PyTuple_GET_ITEM(obj_, i);
      visit(static_cast<std::size_t>(i), PyView(item));
    }
  }
  template <typename F>
  void members(F&& visit) const {
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    while (PyDict_Next(obj_, &pos, &key, &value)) visit(PyKey{key}, PyView(value));
  }
  PyObject* object() const { return obj_; }
  std::string_view type_name() const override {
    if (kind() == Kind::Other) return Py_TYPE(obj_)->tp_name;
    return ValueView::type_name();
  }

 private:
  std::string_view as_string_slow() const {
    if (!PyUnicode_Check(obj_)) {  // BigInt digits for messages
      PyObject* s = PyObject_Str(obj_);
      if (!s) {
        PyErr_Clear();
        return {};
      }
      Py_ssize_t n = 0;
      const char* d = PyUnicode_AsUTF8AndSize(s, &n);
      if (!digits_) digits_ = new std::string();
      *digits_ = d ? std::string(d, static_cast<std::size_t>(n)) : std::string();
      Py_DECREF(s);
      return *digits_;
    }
    Py_ssize_t n = 0;
    const char* d = PyUnicode_AsUTF8AndSize(obj_, &n);  // cached in the str object: valid while it lives
    if (!d) {
      PyErr_Clear();
      throw tenbou::InputError("bad_type", "", "a string is not valid Unicode text");
    }
    return {d, static_cast<std::size_t>(n)};
  }

  PyObject* obj_;
  // A big int's digits, made only when asked (error messages): a view is made for every
  // value of every request, and an empty std::string member cost ~10 instructions a view.
  mutable std::string* digits_ = nullptr;
};

inline PyKey::operator std::string_view() const {
  if (!PyUnicode_Check(object))
    throw tenbou::InputError("bad_type", "", std::string("request keys must be strings, got ") + Py_TYPE(object)->tp_name);
  return PyView(object).as_string();
}

}  // namespace tenbou_py
