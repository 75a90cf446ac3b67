#include "convert.hpp"

#include <string>

#include "tenbou/error.hpp"

namespace py = pybind11;

namespace tenbou_py {

PyObject* rules_name(tenbou::RulesFamily family) {
  static PyObject* names[3];  // by RulesFamily; never freed (results may outlive the module)
  PyObject*& name = names[static_cast<int>(family)];
  if (!name) name = interned(tenbou::rules_family_name(family));
  Py_XINCREF(name);
  return name;
}

tenbou::Json to_json(py::handle obj, int depth) {
  using tenbou::InputError;
  using tenbou::Json;
  if (depth > 64) throw InputError("bad_type", "", "request nested deeper than 64 levels");
  if (obj.is_none()) return Json::null();
  if (PyBool_Check(obj.ptr())) return Json::boolean(obj.ptr() == Py_True);
  if (PyLong_Check(obj.ptr())) {
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(obj.ptr(), &overflow);
    if (overflow) return Json::big_integer(py::str(obj).cast<std::string>());
    return Json::integer(v);
  }
  if (PyFloat_Check(obj.ptr())) {  // a NaN or inf named "number", as score names it from a dict (JsonView::type_name)
    const double d = PyFloat_AsDouble(obj.ptr());
    return Json::number(d == d && d - d == 0 ? d : 0.0);
  }
  if (PyUnicode_Check(obj.ptr())) {
    Py_ssize_t size = 0;
    const char* data = PyUnicode_AsUTF8AndSize(obj.ptr(), &size);
    if (!data) {
      PyErr_Clear();
      throw InputError("bad_type", "", "a string is not valid Unicode text");
    }
    return Json::string(std::string(data, static_cast<std::size_t>(size)));
  }
  if (PyDict_Check(obj.ptr())) {
    Json o = Json::object();
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    while (PyDict_Next(obj.ptr(), &pos, &key, &value)) {
      if (!PyUnicode_Check(key))
        throw InputError("bad_type", "", "request keys must be strings, got " +
                                             std::string(Py_TYPE(key)->tp_name));
      o.set(to_json(key, depth + 1).as_string(), to_json(value, depth + 1));
    }
    return o;
  }
  if (PyList_Check(obj.ptr()) || PyTuple_Check(obj.ptr())) {
    Json a = Json::array();
    for (auto item : obj) a.push(to_json(item, depth + 1));
    return a;
  }
  // Other mappings (e.g. types.MappingProxyType) are accepted through their items.
  if (PyMapping_Check(obj.ptr()) && py::hasattr(obj, "items")) return to_json(py::dict(py::reinterpret_borrow<py::object>(obj)), depth);
  throw InputError("bad_type", "", "cannot use a Python " + std::string(Py_TYPE(obj.ptr())->tp_name) +
                                       " in a request (use dict, list, str, int, bool)");
}

py::object from_json(const tenbou::Json& v) {
  using T = tenbou::Json::Type;
  switch (v.type()) {
    case T::Null: return py::none();
    case T::Bool: return py::bool_(v.as_bool());
    case T::Int: return py::int_(v.as_int());
    case T::BigInt: {
      // Python limits str -> int conversion to 4300 digits by default (CVE-2020-10735);
      // gmpy2 has no such limit and its mpz -> int conversion is binary.
      PyObject* as_int = PyLong_FromString(v.as_string().c_str(), nullptr, 10);
      if (as_int) return py::reinterpret_steal<py::object>(as_int);
      PyErr_Clear();
      py::object mpz = py::module_::import("gmpy2").attr("mpz")(v.as_string());
      return py::int_(mpz);
    }
    case T::Double: return py::float_(v.as_double());
    case T::String: return py::str(v.as_string());
    case T::Array: {
      py::list l(v.items().size());
      for (std::size_t i = 0; i < v.items().size(); ++i) l[i] = from_json(v.items()[i]);
      return std::move(l);
    }
    case T::Object: {
      py::dict d;
      for (const auto& [key, value] : v.members()) d[py::str(key)] = from_json(value);
      return std::move(d);
    }
  }
  return py::none();
}

}  // namespace tenbou_py
