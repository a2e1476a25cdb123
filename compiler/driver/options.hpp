// orionc's command line, parsed into a typed struct. Pure: unit-tested without Clang.
#pragma once

#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace orion::driver {

/// What orionc is asked to produce.
enum class Emit { Binary, Cpp };
/// Which dump, if any, replaces the build.
enum class Dump { None, Loops, Deps };
/// The dump's rendering.
enum class DumpFormat { Text, Json, Html, Remarks };

/// A parsed orionc command line.
struct Options {
  std::string input;
  std::string output; ///< empty: a.out for binaries, stdout for --emit=cpp
  Emit emit = Emit::Binary;
  Dump dump = Dump::None;
  DumpFormat format = DumpFormat::Text;
  bool keep = false;
  bool verbose = false;
  std::string std_flag = "-std=c++20";
  std::vector<std::string> preprocessor_args; ///< -I/-D/-U, passed to parser and host compiler
  std::vector<std::string> codegen_args;      ///< -O/-g/-march/-W..., host compiler only
  /// --depfile=FILE: a Make-style list of the files the output depends on (for build systems).
  std::string depfile;
  /// --verify: check every diagnostic (the front end's and the later stages') against the
  /// `expected-error {{...}}` comments of the source, as `clang -verify` does; no output.
  bool verify = false;
};

/// `--help` and `--version` short-circuit the build.
enum class Action { Help, Version };

/// A command-line error, worded for the user.
struct UsageError {
  std::string message;
};

std::variant<Options, Action, UsageError> parse_options(const std::vector<std::string> &args);

std::string help_text();

} // namespace orion::driver
