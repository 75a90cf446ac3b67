// _core.Replay (fed bytes in pieces, returns its output as text) and _core.replay_text. A record
// that cannot be read raises tenbou.errors.RecordError(message, event, tag, attribute) with
// `output`: what the replay wrote before the error (it stays valid, records.hpp).
// _core.read_record_tables: the record tables (records/tables.hpp) as Arrow capsules.
#include "py_replay.hpp"

#include <string>
#include <string_view>

#include "arrow_capsules.hpp"
#include "records/tables.hpp"
#include "tenbou/records.hpp"

namespace py = pybind11;

namespace tenbou_py {
namespace {

tenbou::ReplayOptions options_from(const std::string& format, const std::string& output, const std::string& source,
                                   bool with_requests, bool with_raw) {
  tenbou::ReplayOptions o;
  if (!tenbou::record_format_from(format, o.format))
    throw py::value_error("replay: format must be 'auto', 'mjlog', 'tenhou6' or 'mjai', got '" + format + "'");
  if (output == "hand_ends") o.output = tenbou::ReplayOutput::HandEnds;
  else if (output == "check") o.output = tenbou::ReplayOutput::Check;
  else if (output == "tenhou6") o.output = tenbou::ReplayOutput::Tenhou6;
  else if (output == "mjai") o.output = tenbou::ReplayOutput::Mjai;
  else if (output == "annotate") o.output = tenbou::ReplayOutput::Annotate;
  else throw py::value_error("replay: output must be 'hand_ends', 'check', 'tenhou6', 'mjai' or 'annotate', got '" + output + "'");
  o.source = source;
  o.with_requests = with_requests;
  o.with_raw = with_raw;
  return o;
}

std::string_view bytes_of(py::handle data) {
  if (PyBytes_Check(data.ptr())) return {PyBytes_AS_STRING(data.ptr()), static_cast<std::size_t>(PyBytes_GET_SIZE(data.ptr()))};
  if (PyUnicode_Check(data.ptr())) {
    Py_ssize_t size = 0;
    const char* text = PyUnicode_AsUTF8AndSize(data.ptr(), &size);
    if (!text) throw py::error_already_set();
    return {text, static_cast<std::size_t>(size)};
  }
  if (PyByteArray_Check(data.ptr()))
    return {PyByteArray_AS_STRING(data.ptr()), static_cast<std::size_t>(PyByteArray_GET_SIZE(data.ptr()))};
  throw py::type_error("replay: the record must be bytes or str");
}

[[noreturn]] void raise_record_error(const tenbou::ReplayError& e, const std::string& output) {
  py::object cls = py::module_::import("tenbou.errors").attr("RecordError");
  py::object event = e.event() >= 0 ? py::object(py::int_(e.event())) : py::object(py::none());
  py::object tag = e.tag().empty() ? py::object(py::none()) : py::object(py::str(e.tag()));
  py::object attribute = e.attribute().empty() ? py::object(py::none()) : py::object(py::str(e.attribute()));
  py::object error = cls(py::str(e.what()), event, tag, attribute);
  error.attr("output") = py::str(output);
  PyErr_SetObject(cls.ptr(), error.ptr());
  throw py::error_already_set();
}

struct PyReplay {
  tenbou::Replay replay;
  explicit PyReplay(tenbou::ReplayOptions o) : replay(std::move(o)) {}
};

}  // namespace

namespace {

// (hands, wins, errors) capsule pairs of one batch.
py::tuple batch_tuple(tenbou::records::RecordTablesBatch&& b) {
  using tenbou::records::record_table_metadata;
  py::tuple hands = batch_capsules(std::move(b.hands), record_table_metadata("hands"));
  py::tuple wins = batch_capsules(std::move(b.wins), record_table_metadata("wins"));
  py::tuple errors = batch_capsules(std::move(b.errors), record_table_metadata("errors"));
  return py::make_tuple(hands, wins, errors);
}

// inputs: a list of (name, bytes), or (name, None, path) for a file the core reads itself. The
// bytes are held by the list while the GIL is released.
py::list read_record_tables(const py::list& inputs, const std::string& format, int threads, bool skip_errors) {
  tenbou::records::RecordTablesOptions o;
  if (!tenbou::record_format_from(format, o.format))
    throw py::value_error("read_record_tables: format must be 'auto', 'mjlog', 'tenhou6' or 'mjai', got '" + format + "'");
  o.threads = threads;
  o.skip_errors = skip_errors;
  std::vector<tenbou::records::RecordInput> records;
  records.reserve(inputs.size());
  for (py::handle item : inputs) {
    const Py_ssize_t size = PyTuple_Check(item.ptr()) ? PyTuple_GET_SIZE(item.ptr()) : 0;
    if (size != 2 && size != 3)
      throw py::type_error("read_record_tables: each input must be a (name, bytes) or (name, None, path) tuple");
    auto t = py::reinterpret_borrow<py::tuple>(item);
    if (size == 2) {
      records.push_back({t[0].cast<std::string>(), bytes_of(t[1]), {}});
    } else {
      if (!t[1].is_none()) throw py::type_error("read_record_tables: a (name, None, path) input has None in the middle");
      std::string path = t[2].cast<std::string>();
      if (path.empty()) throw py::value_error("read_record_tables: an empty path");
      records.push_back({t[0].cast<std::string>(), {}, std::move(path)});
    }
  }
  std::vector<tenbou::records::RecordTablesBatch> batches;
  try {
    py::gil_scoped_release release;
    batches = tenbou::records::read_record_tables(records, o);
  } catch (const tenbou::ReplayError& e) {
    raise_record_error(e, "");
  }
  py::list out;  // a batch's (hands, wins, errors) capsules, or the index of an input left to Python
  for (auto& b : batches) {
    if (b.deferred >= 0) out.append(py::int_(b.deferred));
    else out.append(batch_tuple(std::move(b)));
  }
  return out;
}

}  // namespace

void add_replay(py::module_& m) {
  py::class_<PyReplay>(m, "Replay")
      .def(py::init([](const std::string& format, const std::string& output, const std::string& source, bool with_requests,
                       bool with_raw) { return new PyReplay(options_from(format, output, source, with_requests, with_raw)); }),
           py::arg("format") = "auto", py::arg("output") = "hand_ends", py::arg("source") = "",
           py::arg("with_requests") = true, py::arg("with_raw") = false)
      .def("feed", [](PyReplay& r, py::handle data) {
        std::string out;
        const std::string_view bytes = bytes_of(data);
        try {
          py::gil_scoped_release release;
          r.replay.feed(bytes, out);
        } catch (const tenbou::ReplayError& e) {
          raise_record_error(e, out);
        }
        return py::bytes(out).attr("decode")("utf-8");
      }, py::arg("data"), "Feed the next piece of the record; returns the output it completed.")
      .def("finish", [](PyReplay& r) {
        std::string out;
        try {
          py::gil_scoped_release release;
          r.replay.finish(out);
        } catch (const tenbou::ReplayError& e) {
          raise_record_error(e, out);
        }
        return py::bytes(out).attr("decode")("utf-8");
      }, "The end of the record; returns the rest of the output.")
      .def_property_readonly("summary", [](const PyReplay& r) {
        const tenbou::ReplaySummary& s = r.replay.summary();
        py::dict d;
        d["games"] = s.games;
        d["hands"] = s.hands;
        d["hands_agree"] = s.hands_agree;
        d["wins"] = s.wins;
        d["wins_agree"] = s.wins_agree;
        return d;
      });
  m.def(
      "replay_text",
      [](py::handle data, const std::string& format, const std::string& output, const std::string& source,
         bool with_requests) {
        const tenbou::ReplayOptions o = options_from(format, output, source, with_requests, false);
        const std::string_view bytes = bytes_of(data);
        std::string out;
        {
          py::gil_scoped_release release;
          out = tenbou::replay_text(bytes, o);
        }
        return py::bytes(out).attr("decode")("utf-8");
      },
      py::arg("data"), py::arg("format") = "auto", py::arg("output") = "hand_ends", py::arg("source") = "",
      py::arg("with_requests") = true);
  m.def("read_record_tables", &read_record_tables, py::arg("inputs"), py::arg("format") = "auto", py::arg("threads") = 0,
        py::arg("skip_errors") = false);
  m.def("record_tables_empty", [] { return batch_tuple(tenbou::records::empty_record_tables()); });
}

}  // namespace tenbou_py
