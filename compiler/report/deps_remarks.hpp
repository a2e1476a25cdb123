// `orionc --dump=deps --format=remarks`: LLVM optimization-remark YAML, so that opt-viewer
// (/usr/lib/llvm-19/share/opt-viewer/opt-viewer.py) and Compiler Explorer render the report
// under the source lines.
#pragma once

#include "deps_report.hpp"

namespace orion::report {

/// One `!Analysis` remark per dependence (at its sink reference) and one `!Passed`/`!Missed`
/// remark per loop (at the `for`) with the chosen schedule.
void write_deps_remarks(const DepsReportInput &in, std::ostream &out);

} // namespace orion::report
