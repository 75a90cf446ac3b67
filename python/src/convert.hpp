// Python objects <-> the core's JSON document model (binding only).
#pragma once
#include <pybind11/pybind11.h>

#include "tenbou/json.hpp"

namespace tenbou_py {

// Converts a request-like Python object (dict/list/str/int/bool/float/None).
// Throws tenbou::InputError(reason "bad_type") for anything else; the GIL must be held.
tenbou::Json to_json(pybind11::handle obj, int depth = 0);

// Converts a JSON value to plain Python objects (dict, list, str, int, bool, None).
pybind11::object from_json(const tenbou::Json& value);

}  // namespace tenbou_py
