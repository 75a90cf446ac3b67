// Riichi scoring: the entry point of the Japanese rule family.
#pragma once
#include "tenbou/request.hpp"
#include "tenbou/result.hpp"

namespace tenbou {

// Scores a validated request: finds every reading and every placement of the
// winning tile, and keeps the one worth the most points (then a real yakuman
// over a counted one, then more han, then more fu). Never throws.
RiichiResult score_riichi(const RiichiRequest& request);

// The same, written into `out` (batch callers reuse their result slots).
void score_riichi_into(const RiichiRequest& request, RiichiResult& out);

}  // namespace tenbou
