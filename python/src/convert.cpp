#include "convert.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "tenbou/error.hpp"
#include "core/limits.hpp"

namespace py = pybind11;

namespace tenbou_py {

PyObject* rules_name(tenbou::RulesFamily family) {
  static PyObject* names[3];  // by RulesFamily; never freed (results may outlive the module)
  PyObject*& name = names[static_cast<int>(family)];
  if (!name) name = interned(tenbou::rules_family_name(family));
  Py_XINCREF(name);
  return name;
}

namespace {

using tenbou::InputError;
using tenbou::Json;

// A str's UTF-8 bytes (cached in the str object), or bad_type for one that has none (a lone surrogate).
std::string_view utf8_of(PyObject* str) {
  Py_ssize_t size = 0;
  const char* data = PyUnicode_AsUTF8AndSize(str, &size);
  if (!data) {
    PyErr_Clear();
    throw InputError("bad_type", "", "a string is not valid Unicode text");
  }
  return {data, static_cast<std::size_t>(size)};
}

[[noreturn]] void not_json(PyObject* obj) {
  throw InputError("bad_type", "", "cannot use a Python " + std::string(Py_TYPE(obj)->tp_name) +
                                       " in a request (use dict, list, str, int, bool)");
}

[[noreturn]] void non_str_key(PyObject* key) {
  throw InputError("bad_type", "", "request keys must be strings, got " + std::string(Py_TYPE(key)->tp_name));
}

// Other mappings (e.g. types.MappingProxyType) are read through a dict of their items; a
// Mapping whose reading raises is the request's own error (read_error).
py::object mapping_as_dict(py::handle obj) {
  try {
    return py::dict(py::reinterpret_borrow<py::object>(obj));
  } catch (py::error_already_set& e) {
    throw read_error(e);
  }
}

bool is_other_mapping(PyObject* obj) { return PyMapping_Check(obj) && PyObject_HasAttrString(obj, "items"); }

// An int's decimal digits by int's own repr (a subclass's __str__ may say anything).
std::string int_digits(PyObject* obj) {
  PyObject* s = PyLong_Type.tp_repr(obj);
  if (!s) {  // past Python's limit on digits of an int as text (sys.set_int_max_str_digits)
    PyErr_Clear();
    throw InputError("bad_value", "", "an integer too long to read (more digits than Python converts to text)");
  }
  std::string digits(utf8_of(s));
  Py_DECREF(s);
  return digits;
}

// The first place where the JSON text of a request breaks one of the text's limits. The
// conversion below only counts; the text itself is written (check_document) when it does.
struct Limits {
  std::size_t bytes = 0;  // of the compact text, never fewer (a float counts 24)
  bool broken = false;    // nesting or members past the limits
};

Json convert(py::handle obj, int depth, Limits& limits) {
  PyObject* o = obj.ptr();
  if (depth > tenbou::kMaxJsonDepth) {  // (a cycle ends here too)
    limits.broken = true;
    return Json::null();
  }
  if (o == Py_None) { limits.bytes += 4; return Json::null(); }
  if (PyBool_Check(o)) { limits.bytes += o == Py_True ? 4 : 5; return Json::boolean(o == Py_True); }
  if (PyLong_Check(o)) {
    int overflow = 0;
    const long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (overflow) {
      std::string digits = int_digits(o);
      limits.bytes += digits.size();
      return Json::big_integer(std::move(digits));
    }
    limits.bytes += 20;
    return Json::integer(v);
  }
  if (PyFloat_Check(o)) {  // a NaN or inf named "number", as score names it from a dict (JsonView::type_name)
    const double d = PyFloat_AsDouble(o);
    limits.bytes += 24;
    return Json::number(d == d && d - d == 0 ? d : 0.0);
  }
  if (PyUnicode_Check(o)) {
    const std::string_view s = utf8_of(o);
    limits.bytes += 2 + (tenbou::json_plain_length(s) == s.size() ? s.size() : 6 * s.size());
    return Json::string(std::string(s));
  }
  if (PyDict_Check(o)) {
    Json out = Json::object();
    if (static_cast<std::size_t>(PyDict_Size(o)) > tenbou::kMaxJsonMembers) limits.broken = true;
    limits.bytes += 2 + 2 * static_cast<std::size_t>(PyDict_Size(o));
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    while (PyDict_Next(o, &pos, &key, &value)) {
      if (!PyUnicode_Check(key)) non_str_key(key);
      const std::string_view k = utf8_of(key);
      limits.bytes += 2 + (tenbou::json_plain_length(k) == k.size() ? k.size() : 6 * k.size());
      // (a value may be the dict itself: with a reference held, not a borrowed one, should
      // a key's __eq__ change the dict while it is read)
      out.set(std::string(k), convert(py::reinterpret_borrow<py::object>(value), depth + 1, limits));
      if (limits.broken) return out;
    }
    return out;
  }
  if (PyList_Check(o) || PyTuple_Check(o)) {
    Json out = Json::array();
    const std::size_t n = static_cast<std::size_t>(PySequence_Fast_GET_SIZE(o));
    if (n > tenbou::kMaxJsonMembers) limits.broken = true;
    limits.bytes += 2 + n;
    for (std::size_t i = 0; i < n && i < static_cast<std::size_t>(PySequence_Fast_GET_SIZE(o)); ++i) {
      out.push(convert(py::reinterpret_borrow<py::object>(PySequence_Fast_GET_ITEM(o, i)), depth + 1, limits));
      if (limits.broken) return out;
    }
    return out;
  }
  if (is_other_mapping(o)) return convert(mapping_as_dict(obj), depth, limits);
  not_json(o);
}

// Writes the compact JSON text of a request (JSON.stringify's form: no spaces, keys in order)
// as far as the core's parser needs to see it to say what is wrong: up to the first value
// past the nesting limit or the first member past the member limit (`cut`), and on, without
// those, while the text could still be longer than a request may be.
class TextMirror {
 public:
  std::string text;
  std::size_t cut = std::string::npos;

  // false once the text is past the request limit (nothing more to learn). Past the cut only
  // the length counts: what is not JSON there is left out, not reported.
  bool write(py::handle obj, int depth) {
    try {
      return write_value(obj, depth);
    } catch (const InputError&) {
      if (cut == std::string::npos) throw;
      return true;
    }
  }

 private:
  bool write_value(py::handle obj, int depth) {
    PyObject* o = obj.ptr();
    if (text.size() > tenbou::kMaxRequestBytes) return false;
    if (depth > tenbou::kMaxJsonDepth) {
      mark();
      return true;
    }
    if (o == Py_None) text += "null";
    else if (PyBool_Check(o)) text += o == Py_True ? "true" : "false";
    else if (PyLong_Check(o)) text += int_digits(o);
    else if (PyFloat_Check(o)) {
      const double d = PyFloat_AsDouble(o);
      text += std::isfinite(d) ? Json::number(d).dump() : "null";  // (JSON.stringify's NaN)
    }
    else if (PyUnicode_Check(o)) tenbou::json_escape_to(text, utf8_of(o));
    else if (PyDict_Check(o)) {
      const Within within(*this, o);
      text += '{';
      PyObject *key, *value;
      Py_ssize_t pos = 0;
      std::size_t count = 0;
      while (PyDict_Next(o, &pos, &key, &value)) {
        if (count) text += ',';
        if (!PyUnicode_Check(key)) non_str_key(key);
        tenbou::json_escape_to(text, utf8_of(key));
        if (++count > tenbou::kMaxJsonMembers) mark();  // the parser stops after the key
        text += ':';
        if (!write(py::reinterpret_borrow<py::object>(value), depth + 1)) return false;
      }
      text += '}';
    } else if (PyList_Check(o) || PyTuple_Check(o)) {
      const Within within(*this, o);
      text += '[';
      for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(o); ++i) {
        if (i) text += ',';
        if (static_cast<std::size_t>(i) == tenbou::kMaxJsonMembers) mark();  // ... before the item
        if (!write(py::reinterpret_borrow<py::object>(PySequence_Fast_GET_ITEM(o, i)), depth + 1)) return false;
      }
      text += ']';
    } else if (is_other_mapping(o)) {
      return write(mapping_as_dict(obj), depth);
    } else {
      not_json(o);
    }
    return true;
  }

  void mark() {
    if (cut == std::string::npos) cut = text.size();
  }

  // The containers being written, outermost first: one met again holds itself. JSON text
  // cannot (JSON.stringify throws, and JS calls the request unreadable: so does this).
  std::vector<PyObject*> open_;
  struct Within {
    Within(TextMirror& m, PyObject* o) : m_(m) {
      if (std::find(m.open_.begin(), m.open_.end(), o) != m.open_.end())
        throw InputError("bad_type", "", "the request cannot be read as JSON: it holds itself (a cycle)");
      m.open_.push_back(o);
    }
    ~Within() { m_.open_.pop_back(); }
    Within(const Within&) = delete;
    Within& operator=(const Within&) = delete;
    TextMirror& m_;
  };
};

}  // namespace

void check_document(py::handle obj) {
  TextMirror mirror;
  const bool whole = mirror.write(obj, 0);
  if (whole && mirror.text.size() <= tenbou::kMaxRequestBytes) {  // (else: too long, said first)
    if (mirror.cut == std::string::npos) return;
    mirror.text.resize(mirror.cut);
  }
  (void)Json::parse(mirror.text);  // throws the core's error for this text
}

Json to_json(py::handle obj) {
  Limits limits;
  Json out = convert(obj, 0, limits);
  if (limits.broken || limits.bytes > tenbou::kMaxRequestBytes) {  // (bytes: an overestimate)
    check_document(obj);
    if (limits.broken)  // (not reached: the text breaks the same limit)
      throw InputError("bad_json", "", "the request is past the limits of the input contract");
  }
  return out;
}

InputError read_error(py::error_already_set& e) {
  if (!e.matches(PyExc_Exception)) throw;  // KeyboardInterrupt, SystemExit: not the request's
  std::string what = Py_TYPE(e.value().ptr())->tp_name;
  PyObject* message = PyObject_Str(e.value().ptr());
  if (message) {
    Py_ssize_t n = 0;
    if (const char* m = PyUnicode_AsUTF8AndSize(message, &n); m && n > 0) (what += ": ").append(m, static_cast<std::size_t>(n));
    Py_DECREF(message);
  }
  PyErr_Clear();
  return InputError("bad_type", "", "the request cannot be read as JSON: " + tenbou::echo(what));
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
