#include "options.hpp"

#include <algorithm>
#include <fmt/format.h>

namespace orion::driver {
namespace {

bool starts_with(const std::string &s, std::string_view prefix) { return s.rfind(prefix, 0) == 0; }

} // namespace

std::string help_text() {
  return R"(OVERVIEW: orionc - parallelizes `#pragma orion parallel_for` loops of a C++ program

USAGE: orionc [options] <input.cpp>

OPTIONS:
  -o <file>              Write the program (or the --emit/--dump output) to <file> ('-' is
                         stdout). A symbolic link is written through, a special file
                         (/dev/null, a FIFO) in place; -o naming the input is an error
  --emit=binary          Build an executable against the orion runtime (default)
  --emit=cpp             Write the transformed C++ source instead of building
  --dump=loops           Print the loops orionc found, their iteration spaces and array
                         references, instead of building
  --dump=deps            Print each loop's dependence vectors, legal schedules, the chosen
                         schedule and the array roles, instead of building
  --format=text|json     Format of --dump output (default: text); --dump=deps also
                         takes html (a self-contained page) and remarks (LLVM
                         optimization-remark YAML for opt-viewer)
  --keep                 Keep the transformed source next to the output (<output>.orion.cpp)
  --verify               Check the diagnostics against the source's `// expected-error {{...}}`,
                         `expected-warning` and `expected-note` comments (as clang -verify);
                         writes nothing; exit status 0 when they match
  --depfile=<file>       Also write a Make-style dependency file: the output depends on the
                         input and every non-system header it includes (for build systems:
                         CMake's DEPFILE, Ninja's depfile); needs an output file (-o)
  -I<dir>, -D<name>[=v], -U<name>
                         Preprocessor options, passed to the parser and the host compiler
  -std=<standard>        C++ standard (default: c++20; c++20 or later is required)
  -O<level>, -g, -march=<cpu>
                         Code generation options, passed to the host compiler
  -W<warning>, -w, -pedantic, -pedantic-errors
                         Warning options, passed to the host compiler (-Wall -Wextra
                         -Werror holds the transformed program to the serial build's flags)
  -v                     Print the host compiler command line
  --version              Print the version
  --help                 Print this help

ENVIRONMENT:
  ORION_CXX              Host C++ compiler used to build the program (default: mpicxx)
  ORIONC_PCH_CACHE       Where <orion/orion.hpp> is kept precompiled for the analysis (default:
                         $XDG_CACHE_HOME/orionc, else ~/.cache/orionc); 'off' turns it off
)";
}

std::variant<Options, Action, UsageError> parse_options(const std::vector<std::string> &args) {
  Options o;
  std::vector<std::string> inputs;
  auto value_of = [&](size_t &i, std::string_view flag) -> std::optional<std::string> {
    if (args[i].size() > flag.size())
      return args[i].substr(flag.size());
    if (i + 1 < args.size())
      return args[++i];
    return std::nullopt;
  };
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string &a = args[i];
    if (a == "--help" || a == "-h")
      return Action::Help;
    if (a == "--version")
      return Action::Version;
    if (a == "-o") {
      if (i + 1 >= args.size())
        return UsageError{"option '-o' needs a file name"};
      o.output = args[++i];
    } else if (a == "--emit=binary") {
      o.emit = Emit::Binary;
    } else if (a == "--emit=cpp") {
      o.emit = Emit::Cpp;
    } else if (starts_with(a, "--emit")) {
      return UsageError{fmt::format("invalid '{}': expected --emit=binary or --emit=cpp", a)};
    } else if (a == "--dump=loops") {
      o.dump = Dump::Loops;
    } else if (a == "--dump=deps") {
      o.dump = Dump::Deps;
    } else if (starts_with(a, "--dump")) {
      return UsageError{fmt::format("invalid '{}': expected --dump=loops or --dump=deps", a)};
    } else if (a == "--format=text") {
      o.format = DumpFormat::Text;
    } else if (a == "--format=json") {
      o.format = DumpFormat::Json;
    } else if (a == "--format=html") {
      o.format = DumpFormat::Html;
    } else if (a == "--format=remarks") {
      o.format = DumpFormat::Remarks;
    } else if (starts_with(a, "--format")) {
      return UsageError{
          fmt::format("invalid '{}': expected --format=text, json, html or remarks", a)};
    } else if (starts_with(a, "--depfile")) {
      if (!starts_with(a, "--depfile="))
        return UsageError{fmt::format("invalid '{}': expected --depfile=<file>", a)};
      o.depfile = a.substr(std::string_view("--depfile=").size());
      if (o.depfile.empty())
        return UsageError{"option '--depfile=' needs a file name"};
    } else if (a == "--keep") {
      o.keep = true;
    } else if (a == "--verify") {
      o.verify = true;
    } else if (a == "-v") {
      o.verbose = true;
    } else if (starts_with(a, "-I") || starts_with(a, "-D") || starts_with(a, "-U")) {
      const std::string flag = a.substr(0, 2);
      auto v = value_of(i, flag);
      if (!v || v->empty())
        return UsageError{fmt::format("option '{}' needs an argument", flag)};
      o.preprocessor_args.push_back(flag + *v);
    } else if (starts_with(a, "-std=")) {
      const std::string std = a.substr(5);
      static const char *const kAccepted[] = {"c++20",   "gnu++20", "c++2a",   "gnu++2a", "c++23",
                                              "gnu++23", "c++2b",   "gnu++2b", "c++26",   "c++2c"};
      if (std::find(std::begin(kAccepted), std::end(kAccepted), std) == std::end(kAccepted))
        return UsageError{fmt::format("'{}' is not supported: orion programs need C++20 or later "
                                      "(-std=c++20, c++23, ...)",
                                      a)};
      o.std_flag = a;
    } else if (a == "-O" ||
               (a.size() == 3 && starts_with(a, "-O") &&
                std::string_view("0123sgz").find(a[2]) != std::string_view::npos) ||
               a == "-Ofast") {
      o.codegen_args.push_back(a);
    } else if (a == "-g" || a == "-g0" || a == "-g1" || a == "-g2" || a == "-g3" ||
               starts_with(a, "-march=") || starts_with(a, "-mtune=")) {
      o.codegen_args.push_back(a);
    } else if ((starts_with(a, "-W") && a.size() > 2) || a == "-w" || a == "-pedantic" ||
               a == "-pedantic-errors") {
      // Warnings of the host compiler on the transformed source: orionc's own diagnostics do not
      // depend on them.
      o.codegen_args.push_back(a);
    } else if (!a.empty() && a[0] == '-' && a != "-") {
      return UsageError{fmt::format("unknown option '{}' (see 'orionc --help')", a)};
    } else {
      inputs.push_back(a);
    }
  }
  if (o.dump == Dump::Loops && (o.format == DumpFormat::Html || o.format == DumpFormat::Remarks))
    return UsageError{"--format=html and --format=remarks are only available with --dump=deps"};
  if (inputs.empty())
    return UsageError{"no input file (usage: orionc [options] <input.cpp>)"};
  if (inputs.size() > 1)
    return UsageError{fmt::format("orionc takes one input file, got {}: '{}' and '{}'",
                                  inputs.size(), inputs[0], inputs[1])};
  o.input = inputs[0];
  return o;
}

} // namespace orion::driver
