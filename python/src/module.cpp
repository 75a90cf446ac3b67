// tenbou._core: the private binding. Only translation happens here; every rule
// lives in cpp/. The public API is the Python package around it (python/tenbou).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "convert.hpp"
#include "tenbou/api.hpp"
#include "tenbou/error.hpp"
#include "tenbou/json.hpp"

namespace py = pybind11;
using tenbou::Json;
using tenbou::RiichiResult;

namespace {

// A scored result held in C++; converted to Python objects only on demand.
struct CoreResult {
  RiichiResult result;

  bool ok() const { return result.ok; }
  py::object as_dict() const { return tenbou_py::from_json(tenbou::result_to_json(result)); }
  std::string to_json() const { return tenbou::result_to_json(result).dump(); }
  py::object error() const {
    if (result.ok) return py::none();
    py::dict d;
    d["code"] = tenbou::error_code_name(result.error_code);
    d["message"] = result.error_field.empty() ? result.error_message : result.error_field + ": " + result.error_message;
    d["reason"] = result.error_reason;
    d["field"] = result.error_field;
    return std::move(d);
  }
};

// The contract's failure object for invalid input found while converting.
py::object invalid_input_dict(const tenbou::InputError& e) {
  py::dict d, err;
  err["code"] = "invalid_input";
  err["message"] = std::string(e.what());
  err["reason"] = e.reason();
  err["field"] = e.field();
  d["ok"] = false;
  d["error"] = err;
  return std::move(d);
}

RiichiResult score_object(py::handle request) {
  try {
    Json json = tenbou_py::to_json(request);
    return tenbou::score_request(json);
  } catch (const tenbou::InputError& e) {
    return RiichiResult::failure(tenbou::ErrorCode::InvalidInput, e.detail(), e.reason(), e.field());
  }
}

}  // namespace

PYBIND11_MODULE(_core, m) {
  m.doc() = "tenbou C++ core (private; use the tenbou package)";
  m.attr("__version__") = tenbou::version();

  py::class_<CoreResult>(m, "CoreResult")
      .def_property_readonly("ok", &CoreResult::ok)
      .def_property_readonly("error", &CoreResult::error)
      .def_property_readonly("total", [](const CoreResult& r) { return r.result.payments.total; })
      .def("as_dict", &CoreResult::as_dict)
      .def("to_json", &CoreResult::to_json);

  m.def("score", [](py::handle request) { return CoreResult{score_object(request)}; }, py::arg("request"),
        "Score one request (a dict in the contract's shape).");

  m.def(
      "score_many",
      [](py::iterable requests) {
        // Convert while holding the GIL, then score the whole batch without it.
        std::vector<Json> jsons;
        std::vector<RiichiResult> results;
        std::vector<char> failed;
        for (auto item : requests) {
          try {
            jsons.push_back(tenbou_py::to_json(item));
            results.emplace_back();
            failed.push_back(0);
          } catch (const tenbou::InputError& e) {
            jsons.emplace_back();
            results.push_back(RiichiResult::failure(tenbou::ErrorCode::InvalidInput, e.detail(), e.reason(), e.field()));
            failed.push_back(1);
          }
        }
        {
          py::gil_scoped_release release;
          for (std::size_t i = 0; i < jsons.size(); ++i)
            if (!failed[i]) results[i] = tenbou::score_request(jsons[i]);
        }
        py::list out(results.size());
        for (std::size_t i = 0; i < results.size(); ++i) out[i] = py::cast(CoreResult{std::move(results[i])});
        return out;
      },
      py::arg("requests"), "Score many requests in one call; the GIL is released while scoring.");

  m.def(
      "score_json_lines",
      [](const py::list& items) {
        // str or bytes lines; bytes pass through untouched so invalid UTF-8 reaches the
        // core's validation instead of failing in the conversion.
        std::vector<std::string> lines;
        lines.reserve(items.size());
        for (auto item : items) lines.push_back(item.cast<std::string>());
        std::vector<std::string> out(lines.size());
        {
          py::gil_scoped_release release;
          for (std::size_t i = 0; i < lines.size(); ++i) out[i] = tenbou::score_json_text(lines[i]);
        }
        return out;
      },
      py::arg("lines"), "Score JSON text requests; returns JSON text results (the CLI's --jsonl path).");

  m.def(
      "points",
      [](py::handle query) {
        try {
          return tenbou_py::from_json(tenbou::points_json(tenbou_py::to_json(query)));
        } catch (const tenbou::InputError& e) {
          return invalid_input_dict(e);
        }
      },
      py::arg("query"));

  m.def(
      "shorthand",
      [](std::int64_t amount, std::int64_t dealer_share) {
        return tenbou_py::from_json(tenbou::shorthand_json(amount, dealer_share));
      },
      py::arg("amount"), py::arg("dealer_share") = 0);
  m.def("yaku_table", []() { return tenbou_py::from_json(tenbou::yaku_table_json()); });
  m.def(
      "rules",
      [](py::handle options) {
        try {
          return tenbou_py::from_json(tenbou::rules_json(tenbou_py::to_json(options)));
        } catch (const tenbou::InputError& e) {
          return invalid_input_dict(e);
        }
      },
      py::arg("options"));
}
