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
#include "result_store.hpp"
#include "py_view.hpp"
#include "tenbou/riichi.hpp"
#include "tenbou/yaku_table.hpp"
#include "tenbou/request.hpp"
#include "tenbou/api.hpp"
#include "tenbou/settlement.hpp"
#include "tenbou/bignum.hpp"
#include "tenbou/error.hpp"
#include "tenbou/json.hpp"

namespace py = pybind11;
using tenbou::Json;
using tenbou::RiichiResult;
using tenbou::ScoreResult;

namespace {

// A scored result (any rule family) held in C++; converted to Python objects only on demand.
struct CoreResult {
  ScoreResult result;

  bool ok() const { return tenbou::score_result_ok(result); }
  const char* rules() const {
    if (std::holds_alternative<tenbou::KoreanResult>(result)) return "korean";
    if (std::holds_alternative<tenbou::HktwResult>(result)) return "hktw";
    return "riichi";
  }
  const char* method() const {
    const auto* r = std::get_if<RiichiResult>(&result);
    return r ? tenbou::method_name(r->method) : rules();
  }
  py::object as_dict() const { return tenbou_py::from_json(tenbou::score_result_to_json(result)); }
  std::string to_json() const { return tenbou::score_result_to_json(result).dump(); }
  // The fields a caller reads most, without the contract dict: (han, fu, yakuman, total,
  // limit, wait, [(yaku key, han)], honba_bonus, sticks_bonus) for an ok Riichi result with
  // int64 amounts; None for anything else (the Python side then reads as_dict()).
  py::object fields() const {
    const auto* r = std::get_if<RiichiResult>(&result);
    if (!r || !r->ok || r->payments.exact) return py::none();
    static const std::vector<py::object> keys = [] {
      std::vector<py::object> out;
      for (const auto& info : tenbou::kYakuTable) out.push_back(py::str(std::string(info.key)));
      return out;
    }();
    py::list yaku(r->yaku.count);
    for (int i = 0; i < r->yaku.count; ++i)
      yaku[i] = py::make_tuple(keys[static_cast<int>(r->yaku.items[i].yaku)], r->yaku.items[i].han);
    const char* limit = tenbou::limit_name(r->payments.limit);
    const char* wait = tenbou::wait_name(r->wait);
    return py::make_tuple(r->han, r->fu, r->yakuman, r->payments.total,
                          limit ? py::object(py::str(limit)) : py::object(py::none()),
                          wait ? py::object(py::str(wait)) : py::object(py::none()), std::move(yaku),
                          r->payments.honba_bonus, r->payments.sticks_bonus);
  }
  py::object error() const {
    const tenbou::ResultError* e = tenbou::score_result_error(result);
    if (!e) return py::none();
    py::dict d;
    d["code"] = tenbou::error_code_name(e->code);
    d["message"] = e->text();
    d["reason"] = e->reason;
    d["field"] = e->field;
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

// Calls a JSON-level core function on a Python argument and converts the answer back.
py::object call_json_api(tenbou::Json (*fn)(const tenbou::Json&), py::handle arg) {
  try {
    return tenbou_py::from_json(fn(tenbou_py::to_json(arg)));
  } catch (const tenbou::InputError& e) {
    return invalid_input_dict(e);
  }
}

bool is_mapping(py::handle obj) {
  static PyObject* mapping_abc = [] {
    return py::object(py::module_::import("collections.abc").attr("Mapping")).release().ptr();
  }();
  return PyObject_IsInstance(obj.ptr(), mapping_abc) == 1;
}

// What parse_request did with a request.
enum class Parsed { Riichi, Korean, Hktw, Failed };

// Parses one Python request in place (GIL held) into the buffer of its rule family,
// to be scored later (maybe without the GIL); invalid input becomes a failure in `failed`.
// Dicts are read directly; any other Mapping is copied into a dict first.
Parsed parse_request(py::handle request, tenbou::RiichiRequest& riichi, tenbou::KoreanRequest& korean,
                     tenbou::HktwRequest& hktw, ScoreResult& failed) {
  try {
    py::object copy;
    if (!PyDict_Check(request.ptr()) && is_mapping(request)) {
      copy = py::dict(py::reinterpret_borrow<py::object>(request));
      request = copy;
    }
    const tenbou_py::PyView view(request.ptr());
    // Most requests are Riichi with no "rules" key: one hash lookup instead of a member scan.
    const bool names_rules = !PyDict_Check(request.ptr()) || PyDict_GetItemString(request.ptr(), "rules") != nullptr;
    switch (names_rules ? tenbou::rules_family(view) : tenbou::RulesFamily::Riichi) {
      case tenbou::RulesFamily::Korean: korean = tenbou::korean_request_from(view); return Parsed::Korean;
      case tenbou::RulesFamily::Hktw: hktw = tenbou::hktw_request_from(view); return Parsed::Hktw;
      case tenbou::RulesFamily::Riichi: break;
    }
    riichi = tenbou::riichi_request_from(view);
    return Parsed::Riichi;
  } catch (const tenbou::InputError& e) {
    failed = RiichiResult::failure(tenbou::ErrorCode::InvalidInput, e.detail(), e.reason(), e.field());
    return Parsed::Failed;
  }
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

ScoreResult score_object(py::handle request) {
  tenbou::RiichiRequest riichi;
  tenbou::KoreanRequest korean;
  tenbou::HktwRequest hktw;
  ScoreResult result;
  switch (parse_request(request, riichi, korean, hktw, result)) {
    case Parsed::Riichi: result = tenbou::score_riichi(riichi); break;
    case Parsed::Korean: result = tenbou::score_korean(korean); break;
    case Parsed::Hktw: result = tenbou::score_hktw(hktw); break;
    case Parsed::Failed: break;
  }
  return result;
}

// A chunk of parsed requests and their results, in request order. `take` parses with the
// GIL held; `score` runs without it, on its share of the requests (thread k of n).
struct Chunk {
  explicit Chunk(std::size_t n) : riichi(n), korean(n), hktw(n) { results.reserve(n); }
  std::vector<tenbou::RiichiRequest> riichi;
  std::vector<tenbou::KoreanRequest> korean;
  std::vector<tenbou::HktwRequest> hktw;
  std::vector<std::size_t> riichi_slots, korean_slots, hktw_slots;  // result index of each parsed request
  std::vector<ScoreResult> results;

  void take(py::handle item) {
    results.emplace_back();
    switch (parse_request(item, riichi[riichi_slots.size()], korean[korean_slots.size()], hktw[hktw_slots.size()],
                          results.back())) {
      case Parsed::Riichi: riichi_slots.push_back(results.size() - 1); break;
      case Parsed::Korean: korean_slots.push_back(results.size() - 1); break;
      case Parsed::Hktw: hktw_slots.push_back(results.size() - 1); break;
      case Parsed::Failed: break;
    }
  }
  void score(int k, int n) noexcept {
    try {
      for (std::size_t i = k; i < riichi_slots.size(); i += n)
        tenbou::score_riichi_into(riichi[i], std::get<RiichiResult>(results[riichi_slots[i]]));
      for (std::size_t i = k; i < korean_slots.size(); i += n) results[korean_slots[i]] = tenbou::score_korean(korean[i]);
      for (std::size_t i = k; i < hktw_slots.size(); i += n) results[hktw_slots[i]] = tenbou::score_hktw(hktw[i]);
    } catch (const std::exception& e) {  // memory: every unscored slot says so rather than a crash
      for (auto& r : results)
        if (!tenbou::score_result_ok(r) && !tenbou::score_result_error(r))
          r = RiichiResult::failure(tenbou::ErrorCode::InvalidInput, std::string("internal error: ") + e.what(), "internal");
    }
  }
  void store_into(tenbou_py::ResultStore& store) {
    for (const ScoreResult& r : results) store.push(r);
    results.clear();
    riichi_slots.clear();
    korean_slots.clear();
    hktw_slots.clear();
  }
};

}  // namespace

PYBIND11_MODULE(_core, m) {
  m.doc() = "tenbou C++ core (private; use the tenbou package)";
  m.attr("__version__") = tenbou::version();

  py::class_<CoreResult>(m, "CoreResult")
      .def_property_readonly("ok", &CoreResult::ok)
      .def_property_readonly("method", &CoreResult::method)
      .def_property_readonly("rules", &CoreResult::rules)
      .def_property_readonly("error", &CoreResult::error)
      .def("fields", &CoreResult::fields)
      .def("as_dict", &CoreResult::as_dict)
      .def("to_json", &CoreResult::to_json);

  py::class_<ResultBatch>(m, "ResultBatch")
      .def("__len__", [](const ResultBatch& b) { return b.store.size(); })
      .def("get", [](const ResultBatch& b, py::ssize_t i) { return CoreResult{b.store.get(b.index(i))}; },
           py::arg("index"))
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
              const ScoreResult r = b.store.get(i);
              if (which == Ok) v = tenbou::score_result_ok(r);
              else if (const auto* x = std::get_if<RiichiResult>(&r)) v = x->ok ? (which == Han ? x->han : x->fu) : 0;
              else if (const auto* k = std::get_if<tenbou::KoreanResult>(&r)) v = k->ok && which == Han ? k->han : 0;
            }
            std::memcpy(&out[i * sizeof v], &v, sizeof v);
          }
        }
        return py::bytes(out);
      }, py::arg("name"));

  m.def("score", [](py::handle request) { return CoreResult{score_object(request)}; }, py::arg("request"),
        "Score one request (a dict in the contract's shape).");

  m.def(
      "score_many",
      [](py::iterable requests, int threads) {
        // Requests are parsed while holding the GIL (the views read Python objects in place)
        // into a chunk, then scored without it. With threads > 1 the chunks form a pipeline:
        // worker threads score one chunk while this thread parses the next, and the results
        // are stored chunk by chunk in request order.
        if (threads < 0) throw py::value_error("score_many: threads must be 0 (every core) or more");
        if (threads == 0) threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
        const std::size_t chunk_size = threads > 1 ? 4096 : 512;
        ResultBatch batch;
        if (py::isinstance<py::list>(requests)) batch.store.reserve(py::len(requests));
        Chunk chunks[2] = {Chunk(chunk_size), Chunk(chunk_size)};
        Chunk* filling = &chunks[0];
        Chunk* scoring = &chunks[1];
        std::vector<std::thread> workers;
        auto finish_scoring = [&] {  // wait for the chunk in flight, then store its results
          if (workers.empty()) return;
          {
            py::gil_scoped_release release;
            for (auto& w : workers) w.join();
          }
          workers.clear();
          scoring->store_into(batch.store);
        };
        auto flush = [&](bool last) {
          if (threads <= 1) {
            py::gil_scoped_release release;
            filling->score(0, 1);
            filling->store_into(batch.store);
            return;
          }
          finish_scoring();
          std::swap(filling, scoring);
          // threads - 1 workers while this thread parses on; all of them for the last chunk.
          const int n = last ? threads : std::max(1, threads - 1);
          for (int k = 0; k < n; ++k) workers.emplace_back([chunk = scoring, k, n] { chunk->score(k, n); });
          if (last) finish_scoring();
        };
        auto take = [&](py::handle item) {
          filling->take(item);
          if (filling->results.size() == chunk_size) flush(false);
        };
        try {
          if (PyList_Check(requests.ptr())) {  // the common case: index the list directly
            // Re-read the size and own the item: parsing may run Python code (a custom
            // __instancecheck__ on a Mapping) that changes the list.
            for (Py_ssize_t i = 0; i < PyList_GET_SIZE(requests.ptr()); ++i)
              take(py::reinterpret_borrow<py::object>(PyList_GET_ITEM(requests.ptr(), i)));
          } else {
            for (auto item : requests) take(item);
          }
        } catch (...) {
          finish_scoring();  // never leave a worker running on a chunk about to be freed
          throw;
        }
        flush(true);
        finish_scoring();
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
      "shanten", [](py::handle request) { return call_json_api(tenbou::shanten_json, request); }, py::arg("request"));
  m.def(
      "waits", [](py::handle request) { return call_json_api(tenbou::waits_json, request); }, py::arg("request"));
  m.def(
      "discards", [](py::handle request) { return call_json_api(tenbou::discards_json, request); },
      py::arg("request"));
  m.def(
      "settle", [](py::handle request) { return call_json_api(tenbou::settle_json, request); }, py::arg("request"));
  m.def(
      "hktw_event", [](py::handle request) { return call_json_api(tenbou::hktw_event_json, request); },
      py::arg("request"));
  m.def(
      "korean_declaration",
      [](py::handle request) { return call_json_api(tenbou::korean_declaration_json, request); },
      py::arg("request"));
}
