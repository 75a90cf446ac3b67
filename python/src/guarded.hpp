// The raw CPython entry points' error boundary (binding only).
#pragma once
#include <pybind11/pybind11.h>

#include <exception>
#include <new>

namespace tenbou_py {

// Runs `fn` (returning a new reference or nullptr with a Python error set) and turns a C++
// exception into the matching Python one: a Python error raised inside, MemoryError, or
// RuntimeError with the message. Never lets an exception cross into the interpreter.
template <typename F>
PyObject* guarded(F&& fn) {
  try {
    return fn();
  } catch (pybind11::error_already_set& e) {
    e.restore();
  } catch (const std::bad_alloc&) {
    PyErr_NoMemory();
  } catch (const std::exception& e) {
    PyErr_SetString(PyExc_RuntimeError, e.what());
  }
  return nullptr;
}

// A new reference to module.name, or nullptr with the import error set.
inline PyObject* module_attribute(const char* module, const char* name) {
  PyObject* m = PyImport_ImportModule(module);
  PyObject* attr = m ? PyObject_GetAttrString(m, name) : nullptr;
  Py_XDECREF(m);
  return attr;
}

}  // namespace tenbou_py
