// Python objects <-> the core's JSON document model (binding only).
#pragma once
#include <pybind11/pybind11.h>

#include "tenbou/error.hpp"
#include "tenbou/json.hpp"
#include "tenbou/request.hpp"

namespace tenbou_py {

// Converts a request-like Python object (dict/list/str/int/bool/float/None).
// Throws tenbou::InputError(reason "bad_type") for anything else; the GIL must be held.
// The object is held to the input contract as the JSON text it stands for (check_document).
tenbou::Json to_json(pybind11::handle obj);

// A request object is the JSON text it stands for (its compact form, JSON.stringify's, which
// the JS API sends the core): the text's limits hold for it with the parser's own errors
// (bad_json past kMaxJsonDepth levels, past kMaxJsonMembers members, past kMaxRequestBytes).
// Throws the error the core gives for that text, or nothing when the text has none of these;
// throws the bad_type errors of to_json on the way, and one for a value that holds itself (a
// cycle: no JSON text, as the JS API says of one).
void check_document(pybind11::handle obj);

// The error of a request whose reading raised in Python (a Mapping whose __iter__ or
// __getitem__ raises): bad_type, naming the exception's type and message (capped as every
// echo). An exception that is not an Exception (KeyboardInterrupt, SystemExit) is rethrown.
tenbou::InputError read_error(pybind11::error_already_set& e);

// Converts a JSON value to plain Python objects (dict, list, str, int, bool, None).
pybind11::object from_json(const tenbou::Json& value);

// An interned str of `text`, for names made once and kept for the life of the process
// (nullptr for a null text, or with a Python error set when it cannot be made).
inline PyObject* interned(const char* text) { return text ? PyUnicode_InternFromString(text) : nullptr; }

// The family's "rules" text ("riichi", "korean", "hktw") as one shared str: a new
// reference, or nullptr with a Python error set.
PyObject* rules_name(tenbou::RulesFamily family);

}  // namespace tenbou_py
