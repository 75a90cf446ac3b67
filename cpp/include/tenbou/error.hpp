// Errors: what the core reports when a request cannot be scored.
#pragma once
#include <stdexcept>
#include <string>

namespace tenbou {

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
  InputError(std::string reason, std::string field, const std::string& message)
      : std::runtime_error(field.empty() ? message : field + ": " + message),
        reason_(std::move(reason)),
        field_(std::move(field)),
        detail_(message) {}
  const std::string& reason() const { return reason_; }
  const std::string& field() const { return field_; }
  const std::string& detail() const { return detail_; }  // the message without the field prefix

 private:
  std::string reason_;
  std::string field_;
  std::string detail_;
};

}  // namespace tenbou
