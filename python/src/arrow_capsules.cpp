// The Arrow PyCapsule interface's two capsules (arrow_capsules.hpp).
#include "arrow_capsules.hpp"

#include <utility>

namespace py = pybind11;

namespace tenbou_py {

namespace {

// The interface's rule: a capsule whose struct was not moved out (release still set) frees it.
void release_schema(PyObject* capsule) {
  auto* schema = static_cast<ArrowSchema*>(PyCapsule_GetPointer(capsule, "arrow_schema"));
  if (!schema) return;
  if (schema->release) schema->release(schema);
  delete schema;
}

void release_array(PyObject* capsule) {
  auto* array = static_cast<ArrowArray*>(PyCapsule_GetPointer(capsule, "arrow_array"));
  if (!array) return;
  if (array->release) array->release(array);
  delete array;
}

}  // namespace

py::tuple batch_capsules(std::vector<tenbou::tables::Column> columns, const tenbou::tables::Metadata& metadata) {
  auto* schema = new ArrowSchema{};
  auto* array = new ArrowArray{};
  try {
    tenbou::tables::export_batch(std::move(columns), metadata, schema, array);
  } catch (...) {
    delete schema;
    delete array;
    throw;
  }
  py::object s = py::reinterpret_steal<py::object>(PyCapsule_New(schema, "arrow_schema", &release_schema));
  if (!s) {
    if (schema->release) schema->release(schema);
    delete schema;
    if (array->release) array->release(array);
    delete array;
    throw py::error_already_set();
  }
  py::object a = py::reinterpret_steal<py::object>(PyCapsule_New(array, "arrow_array", &release_array));
  if (!a) {
    if (array->release) array->release(array);
    delete array;
    throw py::error_already_set();
  }
  return py::make_tuple(std::move(s), std::move(a));
}

}  // namespace tenbou_py
