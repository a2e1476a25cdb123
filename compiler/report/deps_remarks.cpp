#include "deps_remarks.hpp"

#include "schedule_prose.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

namespace orion::report {
namespace {

/// A single-quoted YAML scalar. opt-viewer pastes messages into HTML unescaped, so `<` is
/// written as an entity.
std::string yaml_text(const std::string &s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'')
      out += "''";
    else if (c == '<')
      out += "&lt;";
    else
      out += c;
  }
  return out + "'";
}

void remark(std::ostream &out, const char *kind, const char *name, const std::string &file,
            ir::SourceLocation at, const std::string &function, const std::string &message) {
  fmt::print(out,
             "--- !{}\nPass:            orionc-deps\nName:            {}\n"
             "DebugLoc:        {{ File: {}, Line: {}, Column: {} }}\nFunction:        {}\n"
             "Args:\n  - String:          {}\n...\n",
             kind, name, yaml_text(file), at.line, at.column, yaml_text(function),
             yaml_text(message));
}

} // namespace

void write_deps_remarks(const DepsReportInput &in, std::ostream &out) {
  const std::string &file = in.program.source;
  for (size_t n = 0; n < in.program.loops.size(); ++n) {
    const ir::Loop &loop = in.program.loops[n];
    const deps::LoopAnalysis &a = in.analyses[n];
    if (!a.error.empty()) {
      remark(out, "Failure", "AnalysisFailed", file, loop.location, loop.function,
             "isl could not analyze this loop: " + a.error);
      continue;
    }
    for (const deps::Dependence &d : a.dependences.dependences) {
      const auto [source, sink] = d.refs.front();
      const ir::ArrayRef &src = loop.refs[source];
      const ir::ArrayRef &dst = loop.refs[sink];
      remark(out, "Analysis", "Dependence", file, dst.location, loop.function,
             fmt::format("{} {} on {}: from {} at {}:{} to {} at {}:{}{}", deps::to_string(d.kind),
                         deps::to_string(d.distance), loop.arrays[d.array].name, src.text,
                         src.location.line, src.location.column, dst.text, dst.location.line,
                         dst.location.column,
                         d.refs.size() > 1 ? fmt::format(" (and {} more pairs)", d.refs.size() - 1)
                                           : ""));
    }
    const std::optional<deps::Schedule> &chosen = a.schedules.chosen;
    if (!chosen) {
      std::string message = "not parallelized: " + choice_reason(loop, a.dependences, a.schedules);
      for (const std::string &s : suggestions(loop, a.schedules))
        message += "; suggestion: " + s;
      remark(out, "Missed", "Schedule", file, loop.location, loop.function, message);
    } else {
      std::string roles;
      if (a.chosen)
        for (const deps::ArrayPlacement &p : a.chosen->arrays)
          roles += fmt::format("{}{} {}", roles.empty() ? "" : ", ", loop.arrays[p.array].name,
                               model::spelling(p.role));
      remark(out, "Passed", "Schedule", file, loop.location, loop.function,
             fmt::format("parallel: {} ({}); arrays: {}; bytes per pass: {}",
                         schedule_description(loop, *chosen),
                         choice_reason(loop, a.dependences, a.schedules), roles,
                         a.chosen ? a.chosen->cost_formula : "?"));
    }
  }
}

} // namespace orion::report
