// Columns built by the core (cpp/src/core/arrow_c.hpp) handed to Python as the two PyCapsules
// of the Arrow PyCapsule interface ("arrow_schema", "arrow_array"): pyarrow, Polars and DuckDB
// import them without a copy, and the binding never links an Arrow library.
#pragma once
#include <pybind11/pybind11.h>

#include <vector>

#include "core/arrow_c.hpp"

namespace tenbou_py {

// (schema capsule, array capsule) of a record batch made of `columns`; an unconsumed capsule
// releases its struct when it is collected.
pybind11::tuple batch_capsules(std::vector<tenbou::tables::Column> columns, const tenbou::tables::Metadata& metadata);

}  // namespace tenbou_py
