// Line framing of a JSON Lines request stream (README "Input contract"), the same in the
// Python CLI, the Node CLI and the native tool: a line ends at '\n' (a '\r' before it is
// dropped); a UTF-8 BOM that opens the stream is dropped; an empty line gets no result; every
// other line is one request, whatever its bytes. A line is kept to kMaxRequestBytes + 1
// bytes (the core then reports it too long), so memory stays bounded.
#pragma once
#include <string>
#include <string_view>

#include "core/limits.hpp"

namespace tenbou {

class LineFramer {
 public:
  // Feeds the next chunk of the stream; calls `each(std::string_view line)` per complete line.
  template <typename Each>
  void feed(std::string_view chunk, Each&& each) {
    if (first_) {
      first_ = false;
      if (chunk.substr(0, 3) == "\xEF\xBB\xBF") chunk.remove_prefix(3);
    }
    for (std::size_t nl; (nl = chunk.find('\n')) != std::string_view::npos; chunk.remove_prefix(nl + 1)) {
      append(chunk.substr(0, nl));
      emit(each);
    }
    append(chunk);
  }
  // The stream has ended: the last line, if it had no '\n'.
  template <typename Each>
  void finish(Each&& each) {
    if (size_) emit(each);
  }

 private:
  void append(std::string_view part) {
    if (line_.size() <= kMaxRequestBytes) line_.append(part.substr(0, kMaxRequestBytes + 1 - line_.size()));
    size_ += part.size();
  }
  template <typename Each>
  void emit(Each&& each) {
    std::string_view line(line_);
    if (size_ <= kMaxRequestBytes + 1 && !line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (!line.empty()) each(line);
    line_.clear();
    size_ = 0;
  }
  std::string line_;
  std::size_t size_ = 0;  // the whole line's length, beyond what is kept
  bool first_ = true;
};

}  // namespace tenbou
