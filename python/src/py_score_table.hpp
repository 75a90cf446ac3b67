// The columnar scoring binding (cpp/src/core/score_table.hpp): _core.score_table_batch.
#pragma once
#include <pybind11/pybind11.h>

namespace tenbou_py {

void add_score_table(pybind11::module_& m);

}  // namespace tenbou_py
