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

// _core.waits and _core.discards for a request dict, the same way: the answer built from the
// core's data (waits_of, discards_of) straight into the objects the Json-tree path makes (every
// result through the one serializer, result_writer.hpp). discards reads the request as a Json
// tree (it re-reads it once per distinct discard); a request with an "ev" key takes the
// Json-tree path. nullptr with no error set: the Json-tree path answers (an error, in its words).
PyObject* waits_answer(PyObject* request);
PyObject* discards_answer(PyObject* request);

// Adds _core._waits_answer (tenbou.waits' call: a _core.WaitsAnswer, a read-only mapping over
// the core's answer whose dict is made on the first read of a list or a result; None for a
// request that _core.waits must answer), _core._discards_answer (tenbou.discards' call: a
// _core.DiscardsAnswer, a read-only mapping over the core's answer whose parts, DiscardOption,
// DiscardWait and WaitResult, are mappings made when read, each equal to the dict of
// discards_json it stands for; None for a request _core.discards must answer) and the types;
// false with a Python error set.
bool add_analysis_functions(PyObject* module);

}  // namespace tenbou_py
