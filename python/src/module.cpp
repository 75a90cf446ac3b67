// tenbou._core: the private binding. Only translation happens here; every rule
// lives in cpp/. The public API is the Python package around it (python/tenbou).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "convert.hpp"
#include "guarded.hpp"
#include "result_store.hpp"
#include "py_analysis.hpp"
#include "py_replay.hpp"
#include "py_score_table.hpp"
#include "py_result.hpp"
#include "score_many.hpp"
#include "tenbou/api.hpp"
#include "tenbou/settlement.hpp"
#include "tenbou/bignum.hpp"
#include "tenbou/error.hpp"
#include "tenbou/json.hpp"
#include "tenbou/options_schema.hpp"
#include "tenbou/notation.hpp"
#include "py_view.hpp"

namespace py = pybind11;
using tenbou::Json;
using tenbou::ScoreResult;

namespace {

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

// Calls a JSON-level core function on a Python argument and converts the answer back.
py::object call_json_api(tenbou::Json (*fn)(const tenbou::Json&), py::handle arg) {
  try {
    return tenbou_py::from_json(fn(tenbou_py::to_json(arg)));
  } catch (const tenbou::InputError& e) {
    return invalid_input_dict(e);
  }
}

// A new reference from the raw API, or the Python error it set as an exception.
PyObject* check(PyObject* obj) {
  if (!obj) throw py::error_already_set();
  return obj;
}

// The results of one score_many call, kept compactly in C++ (result_store.hpp); Python
// views them one at a time.
struct ResultBatch {
  tenbou_py::ResultStore store;
  std::size_t index(py::ssize_t i) const {
    const auto n = static_cast<py::ssize_t>(store.size());
    if (i < 0) i += n;
    if (i < 0 || i >= n) throw py::index_error("result index out of range");
    return static_cast<std::size_t>(i);
  }
};

PyObject* score_one(PyObject* request, bool raise_invalid) {
  return tenbou_py::guarded([&]() -> PyObject* {
    std::unique_ptr<ScoreResult> result = tenbou_py::new_owned_result();
    tenbou_py::score_request(request, *result);
    if (raise_invalid)
      if (const tenbou::ResultError* e = tenbou::score_result_error(*result); e && e->code == tenbou::ErrorCode::InvalidInput)
        return tenbou_py::raise_invalid_input(*e);
    return tenbou_py::result_from_owned(std::move(result));
  });
}

}  // namespace

PYBIND11_MODULE(_core, m) {
  m.doc() = "tenbou C++ core (private; use the tenbou package)";
  m.attr("__version__") = tenbou::version();

  if (!tenbou_py::add_result_type(m.ptr())) throw py::error_already_set();
  if (!tenbou_py::add_analysis_functions(m.ptr())) throw py::error_already_set();

  py::class_<ResultBatch>(m, "ResultBatch")
      .def("__len__", [](const ResultBatch& b) { return b.store.size(); })
      .def("get", [](py::object self, py::ssize_t i) {
        const ResultBatch& b = self.cast<const ResultBatch&>();
        return py::reinterpret_steal<py::object>(check(tenbou_py::result_from_store(self.ptr(), b.store, b.index(i))));
      }, py::arg("index"))
      .def("__iter__", [](py::object self) {
        const ResultBatch& b = self.cast<const ResultBatch&>();
        return py::reinterpret_steal<py::object>(check(tenbou_py::results_iterator(self.ptr(), b.store)));
      })
      .def("totals", [](const ResultBatch& b) {
        std::vector<std::int64_t> out;
        out.reserve(b.store.size());
        for (std::size_t i = 0; i < b.store.size(); ++i) out.push_back(b.store.total(i));
        return out;
      })
      .def("json_line", [](const ResultBatch& b, py::ssize_t i) {
        std::string out;
        tenbou::score_result_to_text(b.store.get(b.index(i)), out);
        return out;
      }, py::arg("index"))
      .def("json_lines", [](const ResultBatch& b, std::size_t start, std::size_t count) {
        // A slice of the results as JSON text lines (one "\n" after each): bulk writers take
        // them a slice at a time, so memory does not grow with the batch.
        std::string out;
        const std::size_t end = std::min(b.store.size(), start + count);
        {
          py::gil_scoped_release release;
          for (std::size_t i = start; i < end; ++i) {
            tenbou::score_result_to_text(b.store.get(i), out);
            out += '\n';
          }
        }
        return py::bytes(out);
      }, py::arg("start"), py::arg("count"))
      .def_property_readonly("nbytes", [](const ResultBatch& b) { return b.store.bytes(); })
      .def("column", [](const ResultBatch& b, const std::string& name) {
        // One field of every result as native 64-bit integers (the columnar views of Results).
        enum { Han, Fu, Total, Ok } which;
        if (name == "han") which = Han;
        else if (name == "fu") which = Fu;
        else if (name == "total") which = Total;
        else if (name == "ok") which = Ok;
        else throw py::value_error("column: han, fu, total or ok");
        std::string out(b.store.size() * sizeof(std::int64_t), '\0');
        {
          py::gil_scoped_release release;
          for (std::size_t i = 0; i < b.store.size(); ++i) {
            std::int64_t v = 0;
            if (which == Total) {
              v = b.store.total(i);
            } else {
              tenbou_py::HotFields h;
              b.store.hot(i, h);
              if (which == Ok) v = h.ok;
              else if (h.riichi_ok()) v = which == Han ? h.han : h.fu;
              else if (h.ok && h.family == tenbou_py::HotFields::Korean && which == Han) {
                const ScoreResult r = b.store.get(i);
                v = std::get<tenbou::KoreanResult>(r).han;
              }
            }
            std::memcpy(&out[i * sizeof v], &v, sizeof v);
          }
        }
        return py::bytes(out);
      }, py::arg("name"));

  // Raw functions: this is the per-hand path, and pybind11's dispatch costs more than
  // reading a request. `score` raises on invalid input (tenbou.score); `score_result`
  // returns the failure as a result (the CLI writes it out).
  static PyMethodDef score_defs[] = {
      // tenbou.score itself (no Python wrapper around it: a call costs ~45 ns less).
      {"score", [](PyObject*, PyObject* request) { return score_one(request, true); }, METH_O,
       "score(request, /)\n--\n\n"
       "Score one request (the contract's JSON object as a mapping).\n\n"
       "``\"rules\"`` picks the family: ``riichi`` (default) gives a :class:`Result`,\n"
       "``korean`` a :class:`KoreanResult`, ``hktw`` a :class:`HktwResult`. A hand that is not complete or has no\n"
       "yaku gives ``ok`` false with error code ``not_winning`` / ``no_yaku``.\n"
       "Invalid input raises an :class:`InvalidRequestError` subclass (a ``ValueError``)."},
      {"score_result", [](PyObject*, PyObject* request) { return score_one(request, false); }, METH_O,
       "Score one request; invalid input gives an ok-false result instead of raising."}};
  for (PyMethodDef& def : score_defs)
    m.add_object(def.ml_name, py::reinterpret_steal<py::object>(check(PyCFunction_NewEx(&def, nullptr, m.ptr()))));

  m.def(
      "score_many",
      [](py::handle requests, int threads) {
        if (threads < 0) throw py::value_error("score_many: threads must be 0 (every core) or more");
        if (threads == 0) threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
        auto batch = std::make_unique<ResultBatch>();
        tenbou_py::score_many_into(requests.ptr(), threads, batch->store);
        return batch;
      },
      py::arg("requests"), py::arg("threads") = 1,
      "Score many requests in one call; the GIL is released while scoring (threads > 1: in parallel).");

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
      [](py::handle query) { return call_json_api(tenbou::points_json, query); },
      py::arg("query"));

  m.def(
      "shorthand",
      [](std::int64_t amount, std::int64_t dealer_share) {
        return tenbou_py::from_json(tenbou::shorthand_json(amount, dealer_share));
      },
      py::arg("amount"), py::arg("dealer_share") = 0);
  m.def(
      "format_amount",
      [](const std::string& digits, const std::string& units) {
        if (digits.empty() || digits.find_first_not_of("0123456789") != std::string::npos)
          throw py::value_error("format_amount: expected decimal digits, got '" + digits + "'");
        tenbou::NumberUnits u;
        if (units == "ko") u = tenbou::NumberUnits::Korean;
        else if (units == "ja") u = tenbou::NumberUnits::Japanese;
        else if (units == "en") u = tenbou::NumberUnits::Plain;
        else throw py::value_error("format_amount: units must be 'en', 'ko' or 'ja', got '" + units + "'");
        return tenbou::format_amount(digits.substr(std::min(digits.find_first_not_of('0'), digits.size() - 1)), u);
      },
      py::arg("digits"), py::arg("units"));
  m.def(
      "yaku_table",
      [](const std::string& rules) {
        try {
          return tenbou_py::from_json(tenbou::yaku_table_json(rules));
        } catch (const tenbou::InputError& e) {
          throw py::value_error(e.what());
        }
      },
      py::arg("rules") = "riichi");
  m.def(
      "rules",
      [](py::handle options, const std::string& family) {
        try {
          return tenbou_py::from_json(tenbou::rules_json(tenbou_py::to_json(options), family));
        } catch (const tenbou::InputError& e) {
          return invalid_input_dict(e);
        }
      },
      py::arg("options"), py::arg("rules") = "riichi");
  m.def(
      "shanten",
      [](py::handle request) -> py::object {
        if (PyDict_Check(request.ptr())) {
          if (PyObject* answer = tenbou_py::shanten_answer(request.ptr())) return py::reinterpret_steal<py::object>(answer);
          if (PyErr_Occurred()) throw py::error_already_set();
        }
        return call_json_api(tenbou::shanten_json, request);
      },
      py::arg("request"));
  // The Json-tree path of shanten for any request (the tests' reference for the one above).
  m.def(
      "_shanten_via_json", [](py::handle request) { return call_json_api(tenbou::shanten_json, request); },
      py::arg("request"));
  m.def(
      "waits",
      [](py::handle request) -> py::object {
        if (PyDict_Check(request.ptr())) {
          if (PyObject* answer = tenbou_py::waits_answer(request.ptr())) return py::reinterpret_steal<py::object>(answer);
          if (PyErr_Occurred()) throw py::error_already_set();
        }
        return call_json_api(tenbou::waits_json, request);
      },
      py::arg("request"));
  m.def(
      "discards",
      [](py::handle request) -> py::object {
        if (PyDict_Check(request.ptr())) {
          if (PyObject* answer = tenbou_py::discards_answer(request.ptr())) return py::reinterpret_steal<py::object>(answer);
          if (PyErr_Occurred()) throw py::error_already_set();
        }
        return call_json_api(tenbou::discards_json, request);
      },
      py::arg("request"));
  // The Json-tree paths of waits and discards for any request (the tests' reference for the above).
  m.def(
      "_waits_via_json", [](py::handle request) { return call_json_api(tenbou::waits_json, request); },
      py::arg("request"));
  m.def(
      "_discards_via_json", [](py::handle request) { return call_json_api(tenbou::discards_json, request); },
      py::arg("request"));
  m.def(
      "settle", [](py::handle request) { return call_json_api(tenbou::settle_json, request); }, py::arg("request"));
  m.def(
      "hktw_event", [](py::handle request) { return call_json_api(tenbou::hktw_event_json, request); },
      py::arg("request"));
  // tenbou.tiles reads every hand form through the core's reader: names "1m".."7z", red "0m".
  m.def(
      "tiles",
      [](py::handle value, bool reds) -> py::object {
        try {
          py::list out;
          for (const tenbou::ParsedTile t : tenbou::read_tiles(tenbou_py::PyView(value.ptr()), "tiles", {reds, false}))
            out.append(tenbou::tile_name(t.tile, t.red));
          return std::move(out);
        } catch (const tenbou::InputError& e) {
          return invalid_input_dict(e);
        }
      },
      py::arg("value"), py::arg("reds") = true);
  m.def(
      "korean_declaration",
      [](py::handle request) { return call_json_api(tenbou::korean_declaration_json, request); },
      py::arg("request"));
  // The option tables and the input limits as the core writes them (tenbou.options_schema()
  // and tenbou.input_limits() parse them): the same bytes as the C ABI, JS and the native tool.
  m.def(
      "options_schema_json", [] { return tenbou::options_schema_json(); },
      "Every rule family's house options as JSON text (options_schema.hpp).");
  m.def(
      "input_limits_json", [] { return tenbou::input_limits_json(); }, "The input contract's limits as JSON text.");
  tenbou_py::add_replay(m);  // game records (py_replay.cpp)
  tenbou_py::add_score_table(m);  // Arrow record batches scored (py_score_table.cpp)
}
