// `orionc --dump=deps --format=html`: one self-contained page (no network): the source beside
// the report; hovering a dependence highlights its two references; an SVG of the iteration
// space cut into partitions, each block labelled with the time step it runs in.
#pragma once

#include "deps_report.hpp"

namespace orion::report {

void write_deps_html(const DepsReportInput &in, std::ostream &out);

/// The step at which block (a, b) of a P x P grid runs under `schedule` (exposed for tests).
int block_step(const deps::Schedule &schedule, int a, int b, int P);

} // namespace orion::report
