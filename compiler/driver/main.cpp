// orionc: parse the program, find its parallel loops, then dump, emit or build.
#include "config.hpp"
#include "host_build.hpp"
#include "options.hpp"
#include "output_file.hpp"
#include "source_diagnostics.hpp"

#include "../codegen/source_emitter.hpp"
#include "../frontend/frontend.hpp"
#include "../report/deps_html.hpp"
#include "../report/deps_remarks.hpp"
#include "../report/deps_report.hpp"
#include "../report/loops_report.hpp"

#include <fmt/format.h>
#include <isl/version.h>
#include <llvm/ADT/StringRef.h>
#include <llvm/Support/FileSystem.h>

#include <iostream>
#include <sstream>

namespace {

using namespace orion;

int fail(const std::string &message) {
  fmt::print(stderr, "orionc: error: {}\n", message);
  return 1;
}

std::vector<std::string> frontend_args(const driver::Options &o) {
  std::vector<std::string> args{o.std_flag, "-DORION_DISTRIBUTED",
                                std::string("-resource-dir=") + driver::config::kClangResourceDir};
  args.insert(args.end(), o.preprocessor_args.begin(), o.preprocessor_args.end());
  args.push_back(std::string("-I") + driver::config::kRuntimeInclude);
  return args;
}

int run(const driver::Options &o) {
  if (!llvm::sys::fs::exists(o.input))
    return fail(fmt::format("no such file: '{}'", o.input));
  std::string text;
  if (!driver::read_file(o.input, text))
    return 1;

  auto program = frontend::run_frontend({o.input, frontend_args(o)});
  if (!program)
    return 1;

  if (o.dump == driver::Dump::Loops) {
    std::ostringstream out;
    if (o.format == driver::DumpFormat::Json)
      report::write_loops_json(*program, out);
    else
      report::write_loops_text(*program, out);
    return driver::write_file_atomically(o.output.empty() ? "-" : o.output, out.str()) ? 0 : 1;
  }

  // The dependence report, the schedule check and code generation share one analysis.
  deps::IslContext isl;
  const auto analyses = deps::analyze_program(*program, isl);

  if (o.dump == driver::Dump::Deps) {
    report::DepsReportInput input{*program, analyses, text,
                                  llvm::StringRef(isl_version()).trim().str()};
    std::ostringstream out;
    switch (o.format) {
    case driver::DumpFormat::Json:
      report::write_deps_json(input, out);
      break;
    case driver::DumpFormat::Html:
      report::write_deps_html(input, out);
      break;
    case driver::DumpFormat::Remarks:
      report::write_deps_remarks(input, out);
      break;
    case driver::DumpFormat::Text:
      report::write_deps_text(input, out);
      break;
    }
    return driver::write_file_atomically(o.output.empty() ? "-" : o.output, out.str()) ? 0 : 1;
  }

  driver::SourceDiagnostics diags(o.input, text);
  auto report_errors = [&] {
    fmt::print(stderr, "{} error{} generated.\n", diags.errors(), diags.errors() == 1 ? "" : "s");
    return 1;
  };
  // Every parallel loop needs a legal schedule: never a silent serial fallback.
  for (size_t n = 0; n < program->loops.size(); ++n) {
    const ir::Loop &loop = program->loops[n];
    const deps::LoopAnalysis &a = analyses[n];
    if (!a.error.empty()) {
      diags.error(loop.pragma_location,
                  fmt::format("isl could not analyze this loop's dependences: {}", a.error));
    } else if (!a.chosen) {
      diags.error(loop.pragma_location,
                  fmt::format("no parallel schedule for this loop: {}", a.schedules.reason));
      for (const std::string &s : a.schedules.suggestions)
        diags.note(loop.pragma_location, "suggestion: " + s);
      diags.note(loop.location, "run 'orionc --dump=deps' on this file for the full report");
    }
  }
  if (diags.errors() > 0)
    return report_errors();

  std::vector<codegen::CodegenError> errors;
  const std::string transformed = codegen::emit_source(*program, analyses, text, o.input, errors);
  for (const codegen::CodegenError &e : errors)
    diags.error(e.at, e.message);
  if (diags.errors() > 0)
    return report_errors();
  if (o.emit == driver::Emit::Cpp)
    return driver::write_file_atomically(o.output.empty() ? "-" : o.output, transformed) ? 0 : 1;

  const std::string output = o.output.empty() ? "a.out" : o.output;
  std::string source = output + ".orion.cpp";
  if (!o.keep)
    source = fmt::format("{}.orionc-{}.cpp", output, ::getpid());
  if (!driver::write_file_atomically(source, transformed))
    return 1;
  const bool ok = driver::build_executable(o, source, output);
  if (!o.keep)
    llvm::sys::fs::remove(source);
  return ok ? 0 : 1;
}

} // namespace

int main(int argc, char **argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  auto parsed = driver::parse_options(args);
  if (auto *error = std::get_if<driver::UsageError>(&parsed))
    return fail(error->message);
  if (auto *action = std::get_if<driver::Action>(&parsed)) {
    if (*action == driver::Action::Help)
      fmt::print("{}", driver::help_text());
    else
      fmt::print("orionc {} (Clang/LLVM {}, {})\n", driver::config::kVersion,
                 driver::config::kLlvmVersion, llvm::StringRef(isl_version()).trim());
    return 0;
  }
  return run(std::get<driver::Options>(parsed));
}
