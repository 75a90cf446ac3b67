// Answers of the analysis API made straight into Python objects (binding only).
#pragma once
#define PY_SSIZE_T_CLEAN
#include <Python.h>

namespace tenbou_py {

// _core.shanten for a request dict: read in place (PyView, as score reads it) and the
// answer built from the analysis with interned keys and shared tile names, the same dict,
// key for key and in the same order, as the contract's JSON answer (shanten_json) that
// the Json-tree path makes through two trees. A new reference; nullptr with a Python
// error set on failure, or nullptr with none set for a request the reader refuses: the
// Json-tree path then answers it (an error, in the words it has always used).
PyObject* shanten_answer(PyObject* request);

}  // namespace tenbou_py
