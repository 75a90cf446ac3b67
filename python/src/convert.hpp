// Python objects <-> the core's JSON document model (binding only).
#pragma once
#include <pybind11/pybind11.h>

#include "tenbou/json.hpp"
#include "tenbou/request.hpp"

namespace tenbou_py {

// Converts a request-like Python object (dict/list/str/int/bool/float/None).
// Throws tenbou::InputError(reason "bad_type") for anything else; the GIL must be held.
tenbou::Json to_json(pybind11::handle obj, int depth = 0);

// Converts a JSON value to plain Python objects (dict, list, str, int, bool, None).
pybind11::object from_json(const tenbou::Json& value);

// An interned str of `text`, for names made once and kept for the life of the process
// (nullptr for a null text, or with a Python error set when it cannot be made).
inline PyObject* interned(const char* text) { return text ? PyUnicode_InternFromString(text) : nullptr; }

// The family's "rules" text ("riichi", "korean", "hktw") as one shared str: a new
// reference, or nullptr with a Python error set.
PyObject* rules_name(tenbou::RulesFamily family);

}  // namespace tenbou_py
