// Reading Python requests and scoring them: one (tenbou.score) or many (tenbou.score_many).
// Requests are read with the GIL held (the views read dicts in place); scoring never
// touches Python and runs without it, on as many threads as asked.
#pragma once
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "result_store.hpp"
#include "tenbou/api.hpp"

namespace tenbou_py {

// Reads and scores one request into `out` (a failure result for invalid input).
// Throws pybind11::error_already_set when Python code run while reading fails.
void score_request(PyObject* request, tenbou::ScoreResult& out);

// Reads every request of the iterable `requests` and scores them into `store`, in
// request order, on `threads` threads (>= 1; the calling thread is one of them).
// Throws pybind11::error_already_set when iterating `requests` fails.
void score_many_into(PyObject* requests, int threads, ResultStore& store);

}  // namespace tenbou_py
