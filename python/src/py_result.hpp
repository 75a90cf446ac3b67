// tenbou._core.Result: one scored hand as a compiled Python type (binding only).
//
// What callers read most (ok, han, fu, yakuman, total, limit, wait, yaku, honba and
// stick bonuses) is copied into the object when it is made, and each attribute is a
// C getter: no contract dict and no Python object per field until one is read. The
// rest (as_dict, to_json, payments ...) comes from the full core result: owned by the
// object (tenbou.score) or re-read from the batch that holds it (tenbou.score_many).
// The Python classes tenbou.Result, KoreanResult and HktwResult derive from it and add
// the rarely read views; they are registered here once (register_result_types).
#pragma once
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <cstdint>
#include <memory>

#include "hot_fields.hpp"
#include "result_store.hpp"
#include "tenbou/api.hpp"

namespace tenbou_py {


// Adds _core.Result and _core._register_result_types to the module; false (with a
// Python error set) on failure.
bool add_result_type(PyObject* module);

// A new reference to a Result (of the registered Python class for its family) owning
// `result`; nullptr with a Python error set on failure.
PyObject* result_from_owned(std::unique_ptr<tenbou::ScoreResult> result);
// A full result for result_from_owned: one a freed Result left behind when there is one
// (GIL held; its old contents are for the scorer to overwrite).
std::unique_ptr<tenbou::ScoreResult> new_owned_result();

// A new reference to the Result at `index` of `store`, which `owner` (a Python object)
// keeps alive; the Result holds a reference to `owner`.
PyObject* result_from_store(PyObject* owner, const ResultStore& store, std::size_t index);

// A new reference to an iterator over every result of `store` (owned by `owner`).
PyObject* results_iterator(PyObject* owner, const ResultStore& store);

// Sets the Python exception of an invalid-input failure (tenbou.errors.error_from) and
// returns nullptr.
PyObject* raise_invalid_input(const tenbou::ResultError& error);

}  // namespace tenbou_py
