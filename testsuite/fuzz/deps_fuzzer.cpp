// libFuzzer target over orionc's front end and analysis: the input is the text of a C++ source
// file, taken through the pipeline of `orionc --dump=deps` (parse, LoopIR, dependences, schedule
// choice, the text and JSON reports) and, when every loop gets a schedule, through code
// generation. Any crash, sanitizer report or hang is a bug; diagnostics for bad input are not.
#include "../../compiler/codegen/source_emitter.hpp"
#include "../../compiler/driver/parser_args.hpp"
#include "../../compiler/frontend/frontend.hpp"
#include "../../compiler/report/deps_report.hpp"

#include "orion/passes/isl_context.hpp"
#include "orion/passes/loop_analysis.hpp"

#include <clang/Frontend/FrontendActions.h>
#include <clang/Tooling/CompilationDatabase.h>
#include <clang/Tooling/Tooling.h>
#include <llvm/ADT/SmallString.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <sstream>
#include <string>

namespace {

// An absolute name: the tool resolves relative names against a working directory the in-memory
// file does not live in.
constexpr const char *kInputName = "/orion-fuzz/input.cpp";

/// The arguments of every run. Parsing <orion/orion.hpp> (the STL, MPI) takes seconds per input
/// and would leave the fuzzer a few executions a minute; it is parsed once into a precompiled
/// header that every input then starts from (its own `#include <orion/orion.hpp>` is a no-op).
std::vector<std::string> make_args() {
  std::vector<std::string> args = orion::driver::parser_args("-std=c++20", {});
  /// The PCH's directory, removed when the fuzzer exits normally.
  static struct PchDirectory {
    llvm::SmallString<128> path;
    ~PchDirectory() {
      if (!path.empty())
        llvm::sys::fs::remove_directories(path);
    }
  } dir;
  if (llvm::sys::fs::createUniqueDirectory("orion-fuzz", dir.path)) {
    std::fprintf(stderr, "deps_fuzzer: no temporary directory; parsing without a PCH\n");
    return args;
  }
  llvm::SmallString<128> header(dir.path), pch(dir.path);
  llvm::sys::path::append(header, "prefix.hpp");
  llvm::sys::path::append(pch, "prefix.hpp.pch");
  {
    std::error_code ec;
    llvm::raw_fd_ostream out(header, ec);
    out << "#include <orion/orion.hpp>\n";
    if (ec || out.has_error()) {
      std::fprintf(stderr, "deps_fuzzer: cannot write '%s'; parsing without a PCH\n",
                   header.c_str());
      out.clear_error();
      return args;
    }
  }
  std::vector<std::string> pch_args = args;
  pch_args.insert(pch_args.end(), {"-xc++-header", "-o", std::string(pch)});
  clang::tooling::FixedCompilationDatabase database(".", pch_args);
  clang::tooling::ClangTool tool(database, {std::string(header)});
  tool.clearArgumentsAdjusters(); // keep -o and build the PCH (not -fsyntax-only)
  if (tool.run(clang::tooling::newFrontendActionFactory<clang::GeneratePCHAction>().get()) != 0) {
    std::fprintf(stderr, "deps_fuzzer: building the PCH failed; parsing without it\n");
    return args;
  }
  args.insert(args.end(), {"-include-pch", std::string(pch)});
  return args;
}

const std::vector<std::string> &pipeline_args() {
  static const std::vector<std::string> args = make_args();
  return args;
}

void run_pipeline(const std::string &text) {
  using namespace orion;
  const std::vector<std::string> &args = pipeline_args();
  auto program = frontend::run_frontend({kInputName, args, text, {}, /*use_pch=*/false});
  if (!program)
    return;
  deps::IslContext isl;
  const auto analyses = deps::analyze_program(*program, isl);
  const report::DepsReportInput input{*program, analyses, text, "fuzz"};
  std::ostringstream out;
  report::write_deps_text(input, out);
  report::write_deps_json(input, out);
  const bool every_loop_scheduled =
      std::all_of(analyses.begin(), analyses.end(),
                  [](const deps::LoopAnalysis &a) { return a.error.empty() && a.chosen; });
  if (!every_loop_scheduled)
    return;
  // A loop codegen cannot splice is an error for the user, not a crash: consume it.
  llvm::consumeError(codegen::emit_source(*program, analyses, text, kInputName).takeError());
}

} // namespace

// The PCH is built before the first input, so its time is not charged to that input.
extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  pipeline_args();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  run_pipeline(std::string(reinterpret_cast<const char *>(data), size));
  return 0;
}
