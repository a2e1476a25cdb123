// Renders `orionc --dump=deps`: per loop its references, dependence vectors with the references
// causing them, the legal schedules, the chosen one and why, and the array roles.
#pragma once

#include "orion/passes/loop_analysis.hpp"

#include <ostream>
#include <string>

namespace orion::report {

/// The program, its analyses, and its source text (for the annotated listing).
struct DepsReportInput {
  const ir::Program &program;
  const std::vector<deps::LoopAnalysis> &analyses;
  const std::string &source_text;
  std::string isl_version;
};

/// `--format=text`: the loop's source lines with a W/R gutter, then the tables.
void write_deps_text(const DepsReportInput &in, std::ostream &out);
/// `--format=json`: the versioned contract of docs/dump-format.md (extra keys allowed).
void write_deps_json(const DepsReportInput &in, std::ostream &out);

/// One character per access role for the gutter: R, W, X (read-write), + (reduce).
char access_mark(ir::AccessKind kind);
/// The source lines of `text` (1-based access through index line-1).
std::vector<std::string> split_lines(const std::string &text);

} // namespace orion::report
