// Tenhou's mjlog XML, read as a stream (records/events.hpp).
#include "records/events.hpp"

namespace tenbou::records {

std::unique_ptr<RecordReader> make_mjlog_reader(const std::string& source, GameSink&) {
  throw RecordError{source + ": the mjlog reader: not built yet", -1, "", ""};
}

}  // namespace tenbou::records
