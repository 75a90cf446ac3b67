// _core.score_table_batch: a record batch's PyCapsules in, the result batch's out
// (tenbou/score_table.py wraps it). The batch is read in place and scored with the GIL
// released; only the capsules cross.
#include "py_score_table.hpp"

#include <pybind11/stl.h>

#include <memory>
#include <optional>
#include <string>

#include "arrow_capsules.hpp"
#include "core/score_table.hpp"
#include "tenbou/error.hpp"
#include "tenbou/json.hpp"

namespace py = pybind11;

namespace tenbou_py {

namespace {

template <typename T>
T* capsule_pointer(py::handle capsule, const char* name) {
  if (!PyCapsule_CheckExact(capsule.ptr()))
    throw py::type_error(std::string("score_table_batch: expected an \"") + name + "\" PyCapsule");
  auto* p = static_cast<T*>(PyCapsule_GetPointer(capsule.ptr(), name));
  if (!p) throw py::error_already_set();
  return p;
}

// tenbou.errors.TableError(message, column): a ValueError naming the column.
[[noreturn]] void raise_table_error(const tenbou::tables::ColumnError& e) {
  py::object cls = py::module_::import("tenbou.errors").attr("TableError");
  py::object error = cls(std::string(e.what()), e.column());
  PyErr_SetObject(cls.ptr(), error.ptr());
  throw py::error_already_set();
}

py::tuple score_table_batch(py::handle schema_capsule, py::handle array_capsule, std::optional<std::string> options_json,
                            int threads) {
  // The capsules stay owned by the caller (alive for this call): read, never moved out.
  const auto* schema = capsule_pointer<ArrowSchema>(schema_capsule, "arrow_schema");
  const auto* array = capsule_pointer<ArrowArray>(array_capsule, "arrow_array");
  if (threads < 1) throw py::value_error("score_table: threads must be 1 or more, got " + std::to_string(threads));
  std::unique_ptr<tenbou::Json> options;
  if (options_json) {
    try {
      options = std::make_unique<tenbou::Json>(tenbou::Json::parse(*options_json));
    } catch (const tenbou::InputError& e) {
      throw py::value_error(std::string("score_table: options: ") + e.what());
    }
  }
  std::vector<tenbou::tables::Column> columns;
  std::optional<tenbou::tables::ColumnError> column_error;
  {
    py::gil_scoped_release released;
    try {
      const tenbou::tables::ArrowNode batch = tenbou::tables::import_batch(*schema, *array);
      columns = tenbou::tables::score_batch(batch, options.get(), threads);
    } catch (const tenbou::tables::ColumnError& e) {
      column_error = e;
    }
  }
  if (column_error) raise_table_error(*column_error);
  return batch_capsules(std::move(columns), tenbou::tables::score_table_metadata());
}

}  // namespace

void add_score_table(py::module_& m) {
  m.def("score_table_batch", &score_table_batch, py::arg("schema"), py::arg("array"), py::arg("options_json") = py::none(),
        py::arg("threads") = 1,
        "Scores the rows of one record batch given as its Arrow PyCapsules (tenbou.score_table wraps it); "
        "returns the result batch's (schema, array) capsules.");
}

}  // namespace tenbou_py
