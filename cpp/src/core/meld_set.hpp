// What a declared meld is as a set of a reading: the one mapping every family's readings use.
#pragma once
#include "tenbou/decompose.hpp"
#include "tenbou/notation.hpp"

namespace tenbou {

// A chi is a sequence; pon a triplet; kan, added kan and closed kan a kan.
inline SetKind set_kind_of(const Meld& m) {
  return m.kind == MeldKind::Chi ? SetKind::Sequence : m.is_kan() ? SetKind::Kan : SetKind::Triplet;
}

}  // namespace tenbou
