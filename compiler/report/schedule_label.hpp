// The short name of a schedule candidate, e.g. `2d (0, 1)`: what `--dump=deps` lists and what
// code generation puts into each candidate's description, so the runtime's messages match it.
#pragma once

#include "orion/passes/schedule.hpp"

#include <string>

namespace orion::report {

/// `<kind> (<dims>)`, e.g. `1d (0)`, `2d (1, 0)`, `unimodular (0, 1)`.
std::string schedule_label(const deps::Schedule &s);

} // namespace orion::report
