#include "source_diagnostics.hpp"

#include "../report/deps_report.hpp"

#include <fmt/format.h>

#include <cstdio>

namespace orion::driver {

SourceDiagnostics::SourceDiagnostics(std::string path, const std::string &text)
    : path_(std::move(path)), lines_(report::split_lines(text)) {}

void SourceDiagnostics::error(ir::SourceLocation at, const std::string &message) {
  ++errors_;
  print(at, "error", message);
}

void SourceDiagnostics::note(ir::SourceLocation at, const std::string &message) {
  print(at, "note", message);
}

void SourceDiagnostics::print(ir::SourceLocation at, const char *level,
                              const std::string &message) {
  fmt::print(stderr, "{}:{}:{}: {}: {}\n", path_, at.line, at.column, level, message);
  if (at.line == 0 || at.line > lines_.size())
    return;
  const std::string &line = lines_[at.line - 1];
  fmt::print(stderr, "{:>5} | {}\n", at.line, line);
  std::string caret;
  for (unsigned c = 1; c < at.column && c <= line.size(); ++c)
    caret += line[c - 1] == '\t' ? '\t' : ' ';
  fmt::print(stderr, "      | {}^\n", caret);
}

} // namespace orion::driver
