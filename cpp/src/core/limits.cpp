#include "tenbou/limits.hpp"

namespace tenbou {

std::string echo(std::string_view text) {
  if (text.size() <= kMaxEcho) return std::string(text);
  std::size_t cut = kMaxEcho;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;  // not inside a character
  return std::string(text.substr(0, cut)) + "... (" + std::to_string(text.size() - cut) + " more bytes)";
}

}  // namespace tenbou
