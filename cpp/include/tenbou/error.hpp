// Errors: what the core reports when a request cannot be scored.
#pragma once
#include <stdexcept>
#include <string>
#include <string_view>

namespace tenbou {

// An error message as the contract writes it: "field: message" when there is a field.
inline std::string field_message(std::string_view field, std::string_view message) {
  std::string out(field);
  if (!out.empty()) out += ": ";
  out += message;
  return out;
}

// The contract's error codes (contract.md, "Result").
enum class ErrorCode { InvalidInput, NotWinning, NoYaku };
const char* error_code_name(ErrorCode code);

// Invalid input is raised as an InputError inside the core and turned into an
// `ok: false` result at the API boundary. `reason` is a stable machine-readable
// sub-code (bad_json, unknown_key, bad_type, bad_value, bad_tile, tile_count,
// too_many_copies, bad_meld, win_tile_missing, bad_flags, unsupported);
// `field` names the request key at fault ("hand", "melds[1]", "options.kiriage").
class InputError : public std::runtime_error {
 public:
  // A field named after the request's own text (an unknown key) is cut to a few
  // hundred bytes, as every echo of the input is (limits.hpp kMaxEcho).
  InputError(std::string reason, std::string field, const std::string& message)
      : InputError(std::move(reason), capped(std::move(field)), message, 0) {}
  const std::string& reason() const { return reason_; }
  const std::string& field() const { return field_; }
  const std::string& detail() const { return detail_; }  // the message without the field prefix

 private:
  InputError(std::string reason, std::string field, const std::string& message, int)
      : std::runtime_error(field_message(field, message)),
        reason_(std::move(reason)),
        field_(std::move(field)),
        detail_(message) {}
  static std::string capped(std::string field) {
    if (field.size() <= 200) return field;
    std::size_t cut = 200;
    while (cut > 0 && (static_cast<unsigned char>(field[cut]) & 0xC0) == 0x80) --cut;
    return field.substr(0, cut) + "... (" + std::to_string(field.size() - cut) + " more bytes)";
  }

  std::string reason_;
  std::string field_;
  std::string detail_;
};

}  // namespace tenbou
