#include "host_build.hpp"

#include "config.hpp"

#include <fmt/format.h>
#include <llvm/ADT/SmallString.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/Program.h>

#include <cstdio>
#include <cstdlib>

namespace orion::driver {

std::vector<std::string> host_command(const Options &options, const std::string &source,
                                      const std::string &output) {
  const char *env = std::getenv("ORION_CXX");
  std::vector<std::string> cmd{env && *env ? env : config::kHostCxx, options.std_flag,
                               "-DORION_DISTRIBUTED"};
  // The transformed source may live elsewhere: keep the user's quoted includes working.
  llvm::SmallString<256> dir(options.input);
  llvm::sys::fs::make_absolute(dir);
  llvm::sys::path::remove_filename(dir);
  cmd.push_back("-iquote" + std::string(dir));
  cmd.insert(cmd.end(), options.preprocessor_args.begin(), options.preprocessor_args.end());
  cmd.push_back(std::string("-I") + config::kRuntimeInclude);
  cmd.insert(cmd.end(), options.codegen_args.begin(), options.codegen_args.end());
  if (*config::kSanitize)
    cmd.push_back(std::string("-fsanitize=") + config::kSanitize);
  cmd.insert(cmd.end(), {"-x", "c++", source, "-x", "none", config::kRuntimeLibrary, "-pthread",
                         "-o", output});
  return cmd;
}

bool build_executable(const Options &options, const std::string &source,
                      const std::string &output) {
  const std::string temporary = fmt::format("{}.orionc-tmp-{}", output, ::getpid());
  std::vector<std::string> cmd = host_command(options, source, temporary);
  if (options.verbose) {
    std::string line;
    for (const std::string &a : cmd)
      line += (line.empty() ? "" : " ") + a;
    fmt::print(stderr, "{}\n", line);
  }
  auto program = llvm::sys::findProgramByName(cmd[0]);
  if (!program) {
    fmt::print(stderr, "orionc: error: host compiler '{}' not found (set ORION_CXX)\n", cmd[0]);
    return false;
  }
  std::vector<llvm::StringRef> argv(cmd.begin(), cmd.end());
  std::string error;
  int status = llvm::sys::ExecuteAndWait(*program, argv, std::nullopt, {}, 0, 0, &error);
  if (status != 0) {
    llvm::sys::fs::remove(temporary);
    if (!error.empty())
      fmt::print(stderr, "orionc: error: {}\n", error);
    fmt::print(stderr, "orionc: error: host compiler '{}' failed (exit status {})\n", cmd[0],
               status);
    return false;
  }
  if (auto ec = llvm::sys::fs::rename(temporary, output)) {
    llvm::sys::fs::remove(temporary);
    fmt::print(stderr, "orionc: error: cannot write '{}': {}\n", output, ec.message());
    return false;
  }
  return true;
}

} // namespace orion::driver
