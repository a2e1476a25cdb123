// orionc: parse the program, find its parallel loops, then dump, emit or build.
#include "config.hpp"
#include "depfile.hpp"
#include "host_build.hpp"
#include "options.hpp"
#include "output_file.hpp"
#include "parser_args.hpp"

#include "../codegen/source_emitter.hpp"
#include "../frontend/frontend.hpp"
#include "../report/deps_html.hpp"
#include "../report/deps_remarks.hpp"
#include "../report/deps_report.hpp"
#include "../report/loops_report.hpp"
#include "../report/schedule_prose.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <isl/version.h>
#include <llvm/ADT/StringRef.h>
#include <llvm/Support/FileSystem.h>

#include <cstdio>
#include <sstream>

namespace {

using namespace orion;

int fail(const std::string &message) {
  fmt::print(stderr, "orionc: error: {}\n", message);
  return 1;
}

/// Every parallel loop needs a legal schedule: never a silent serial fallback.
void check_schedules(const ir::Program &program, const std::vector<deps::LoopAnalysis> &analyses,
                     frontend::DiagnosticSink &diags) {
  for (size_t n = 0; n < program.loops.size(); ++n) {
    const ir::Loop &loop = program.loops[n];
    const deps::LoopAnalysis &a = analyses[n];
    if (!a.error.empty()) {
      diags.error(loop.pragma_location,
                  fmt::format("isl could not analyze this loop's dependences: {}", a.error));
    } else if (!a.chosen) {
      diags.error(loop.pragma_location,
                  fmt::format("no parallel schedule for this loop: {}",
                              report::choice_reason(loop, a.dependences, a.schedules)));
      for (const std::string &s : report::suggestions(loop, a.schedules))
        diags.note(loop.pragma_location, "suggestion: " + s);
      if (const auto &end = loop.space.nest_end)
        diags.note(end->at, report::nest_end_note(*end));
      diags.note(loop.location, "run 'orionc --dump=deps' on this file for the full report");
    } else if (const deps::WriteConflicts conflicts =
                   deps::cross_worker_writes(loop, a.dependences, *a.chosen);
               conflicts.beyond_serial) {
      diags.warning(loop.pragma_location, report::write_conflict_warning(loop, conflicts));
      for (const int id : conflicts.refs)
        diags.note(loop.refs[static_cast<std::size_t>(id)].location, "written here");
    }
    if (a.chosen &&
        std::none_of(a.candidates.begin(), a.candidates.end(), [&](const deps::Candidate &c) {
          return deps::iterated_array_runs_on_ranks(loop, c);
        })) {
      diags.warning(loop.pragma_location,
                    fmt::format("this loop writes '{}', the dense array it iterates over, and no "
                                "schedule keeps every element of it the body touches with its "
                                "iteration (or the schedule is skewed): it runs on the threads of "
                                "one rank, and stops with an error on several ranks; write it as "
                                "a counted loop over the indices to run it everywhere",
                                loop.arrays[loop.space.array].name));
    }
  }
}

int run(const driver::Options &o) {
  if (!llvm::sys::fs::exists(o.input))
    return fail(fmt::format("no such file: '{}'", o.input));
  // Outputs are checked before anything runs: orionc never writes over its input, and a bad
  // output (a directory, a symbolic link loop) fails early.
  const bool binary = o.dump == driver::Dump::None && o.emit == driver::Emit::Binary;
  const std::string output = !o.output.empty() ? o.output : binary ? "a.out" : "-";
  const std::string kept_source = output + ".orion.cpp";
  auto overwrites_input = [&](const std::string &path) {
    return fail(fmt::format("output file '{}' is the input file '{}': refusing to overwrite it",
                            path, o.input));
  };
  if (driver::same_file(o.input, output))
    return overwrites_input(output);
  if (!o.depfile.empty()) {
    if (output == "-")
      return fail("--depfile needs an output file (-o): the dependency file names it");
    if (driver::same_file(o.input, o.depfile))
      return overwrites_input(o.depfile);
    // Both would be written: the dependency file after the output, over it (exit status 0).
    if (driver::same_path(output, o.depfile))
      return fail(fmt::format("--depfile='{}' is the output file: the dependency file would "
                              "replace it; name another file",
                              o.depfile));
  }
  if (binary && o.keep && driver::same_file(o.input, kept_source))
    return overwrites_input(kept_source);
  const auto target = driver::resolve_output(output);
  if (!target || (!o.depfile.empty() && !driver::resolve_output(o.depfile)))
    return 1;
  std::string text;
  if (!driver::read_file(o.input, text))
    return 1;

  // The analysis, the schedule check and code generation run on the finished LoopIR inside the
  // front end, so that their errors go through its diagnostics engine: printed, counted and
  // verified (--verify) like Clang's.
  deps::IslContext isl;
  std::vector<deps::LoopAnalysis> analyses;
  std::string transformed;
  frontend::FrontendOptions parse{
      o.input, driver::parser_args(o.std_flag, o.preprocessor_args), std::nullopt, {}};
  if (o.verify) {
    parse.compiler_args.push_back("-Xclang");
    parse.compiler_args.push_back("-verify");
  }
  if (o.dump != driver::Dump::Loops)
    parse.after_parse = [&](const ir::Program &program, frontend::DiagnosticSink &diags) {
      analyses = deps::analyze_program(program, isl);
      if (o.dump == driver::Dump::Deps)
        return;
      check_schedules(program, analyses, diags);
      if (diags.has_errors())
        return;
      llvm::Expected<std::string> generated =
          codegen::emit_source(program, analyses, text, o.input);
      if (generated)
        transformed = std::move(*generated);
      else
        llvm::handleAllErrors(generated.takeError(), [&](const codegen::CodegenError &e) {
          diags.error(e.at, e.message);
        });
    };
  auto program = frontend::run_frontend(parse);
  if (!program)
    return 1;
  if (o.verify)
    return 0; // every diagnostic was expected, and every expected one came
  // Written once the output is: a command that fails leaves no dependency file behind.
  const auto done = [&](bool ok) {
    if (!ok)
      return 1;
    if (!o.depfile.empty() &&
        !driver::write_output(o.depfile, driver::make_depfile(output, program->inputs)))
      return 1;
    return 0;
  };

  if (o.dump == driver::Dump::Loops) {
    std::ostringstream out;
    if (o.format == driver::DumpFormat::Json)
      report::write_loops_json(*program, out);
    else
      report::write_loops_text(*program, out);
    return done(driver::write_output(output, out.str()));
  }

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
    return done(driver::write_output(output, out.str()));
  }

  if (o.emit == driver::Emit::Cpp)
    return done(driver::write_output(output, transformed));

  if (o.keep) {
    if (!driver::write_output(kept_source, transformed))
      return 1;
    return done(driver::build_executable(o, kept_source, *target, output));
  }
  // Removed when the build is over, or if orionc is interrupted.
  auto source = driver::TemporaryOutput::create(*target, output, ".cpp");
  if (!source || !source->write(transformed, output))
    return 1;
  return done(driver::build_executable(o, source->path(), *target, output));
}

} // namespace

int main(int argc, char **argv) try {
  driver::init_signal_handling();
  std::vector<std::string> args(argv + 1, argv + argc);
  auto parsed = driver::parse_options(args);
  if (auto *error = std::get_if<driver::UsageError>(&parsed))
    return fail(error->message);
  if (auto *action = std::get_if<driver::Action>(&parsed)) {
    const std::string text =
        *action == driver::Action::Help
            ? driver::help_text()
            : fmt::format("orionc {} (Clang/LLVM {}, {})\n", driver::config::kVersion,
                          driver::config::kLlvmVersion, llvm::StringRef(isl_version()).trim());
    return driver::write_output("-", text) ? 0 : 1;
  }
  return run(std::get<driver::Options>(parsed));
} catch (const std::exception &e) {
  // E.g. fmt::print failing on a closed or full stderr: say so if stderr still works.
  std::fprintf(stderr, "orionc: error: %s\n", e.what());
  return 1;
}
