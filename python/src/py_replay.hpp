// The records binding (tenbou/records.hpp): _core.Replay and _core.replay_text.
#pragma once
#include <pybind11/pybind11.h>

namespace tenbou_py {

void add_replay(pybind11::module_& m);

}  // namespace tenbou_py
