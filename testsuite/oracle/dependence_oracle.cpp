// dependence_oracle: checks orionc's dependence analysis against brute-force enumeration on every
// parallel loop of the given sources, for small concrete parameter values (docs/architecture.md).
//
//   dependence_oracle [--param NAME=VALUE]... [--default-param V] [--max-iterations N]
//                     [--strict] [--verbose] [--extra-arg ARG]... file.cpp...
//
// Each loop is checked under two parameter assignments: every parameter = V, then parameter j =
// V + 2 + j (distinct sizes catch transposes and the like that equal sizes hide). `--param`
// pins a parameter in both. Exit status 1 if any loop is unsound or inexact, or a file fails.
#include "checker.hpp"

#include "../../compiler/frontend/frontend.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cstdio>
#include <fstream>
#include <map>
#include <string>
#include <vector>

namespace {

using namespace orion;

struct Options {
  std::vector<std::string> files;
  std::map<std::string, int64_t> pinned;
  int64_t default_value = 5;
  oracle::Limits limits;
  bool verbose = false;
  /// Also hold the analysis to exactness on unknown/range subscripts and non-affine inner bounds
  /// wherever the enumeration itself is exact (isl is exact there too; the contract is not).
  bool strict = false;
  std::vector<std::string> extra_args;
};

bool parse_int(const std::string &text, int64_t &out) {
  const char *end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, out);
  return ec == std::errc() && ptr == end;
}

int usage(const std::string &message) {
  fmt::print(stderr, "dependence_oracle: {}\n", message);
  fmt::print(stderr, "usage: dependence_oracle [--param NAME=VALUE]... [--default-param V] "
                     "[--max-iterations N] [--strict] [--verbose] [--extra-arg ARG]... "
                     "file.cpp...\n");
  return 2;
}

std::optional<Options> parse(int argc, char **argv, int &status) {
  Options o;
  std::vector<std::string> args(argv + 1, argv + argc);
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string &a = args[i];
    auto value = [&](const std::string &name) -> std::optional<std::string> {
      if (a.rfind(name + "=", 0) == 0)
        return a.substr(name.size() + 1);
      if (a == name && i + 1 < args.size())
        return args[++i];
      return std::nullopt;
    };
    auto is = [&](const std::string &name) { return a == name || a.rfind(name + "=", 0) == 0; };
    if (is("--param")) {
      auto v = value("--param");
      const size_t eq = v ? v->rfind('=') : std::string::npos;
      int64_t n = 0;
      if (eq == std::string::npos || eq == 0 || !parse_int(v->substr(eq + 1), n)) {
        status = usage("--param needs NAME=VALUE with an integer VALUE");
        return std::nullopt;
      }
      o.pinned[v->substr(0, eq)] = n;
    } else if (is("--default-param")) {
      auto v = value("--default-param");
      if (!v || !parse_int(*v, o.default_value)) {
        status = usage("--default-param needs an integer");
        return std::nullopt;
      }
    } else if (is("--max-iterations")) {
      auto v = value("--max-iterations");
      if (!v || !parse_int(*v, o.limits.max_iterations) || o.limits.max_iterations < 1) {
        status = usage("--max-iterations needs a positive integer");
        return std::nullopt;
      }
    } else if (is("--extra-arg")) {
      auto v = value("--extra-arg");
      if (!v) {
        status = usage("--extra-arg needs an argument");
        return std::nullopt;
      }
      o.extra_args.push_back(*v);
    } else if (a == "--strict") {
      o.strict = true;
    } else if (a == "--verbose" || a == "-v") {
      o.verbose = true;
    } else if (a == "--help" || a == "-h") {
      status = usage("checks the dependence analysis against brute-force enumeration");
      return std::nullopt;
    } else if (!a.empty() && a[0] == '-') {
      status = usage(fmt::format("unknown option '{}'", a));
      return std::nullopt;
    } else {
      o.files.push_back(a);
    }
  }
  if (o.files.empty()) {
    status = usage("no input files");
    return std::nullopt;
  }
  return o;
}

std::vector<oracle::ParameterValues> assignments(const ir::Loop &loop, const Options &o) {
  oracle::ParameterValues same, distinct;
  for (size_t j = 0; j < loop.parameters.size(); ++j) {
    const std::string &name = loop.parameters[j].name;
    auto pinned = o.pinned.find(name);
    same[name] = pinned != o.pinned.end() ? pinned->second : o.default_value;
    distinct[name] =
        pinned != o.pinned.end() ? pinned->second : o.default_value + 2 + static_cast<int64_t>(j);
  }
  // A parameter defined by the others (`const int64_t lo = k + 1;`) takes the value its
  // definition gives, as it does when the loop runs; definitions may build on each other.
  for (oracle::ParameterValues *values : {&same, &distinct})
    for (size_t round = 0; round < loop.parameters.size(); ++round)
      for (const ir::Parameter &p : loop.parameters)
        if (p.definition && !o.pinned.contains(p.name)) {
          int64_t v = p.definition->constant_term();
          for (const ir::AffineTerm &t : p.definition->terms())
            v += t.coefficient * values->at(loop.parameters.at(t.index).name);
          (*values)[p.name] = v;
        }
  if (same == distinct)
    return {same};
  return {same, distinct};
}

std::string assignment_text(const oracle::ParameterValues &values) {
  if (values.empty())
    return "no parameters";
  std::string out;
  for (const auto &[name, v] : values)
    out += fmt::format("{}{}={}", out.empty() ? "" : ",", name, v);
  return out;
}

bool marked_xfail(const std::string &file) {
  std::ifstream in(file);
  std::string line;
  while (std::getline(in, line))
    if (line.find("// XFAIL:") != std::string::npos)
      return true;
  return false;
}

struct Totals {
  int loops = 0, sound = 0, unsound = 0, exact = 0, inexact = 0, skipped = 0;
  int failed_files = 0;
};

void print_truth(const ir::Loop &loop, const oracle::Truth &truth,
                 const deps::DependenceInfo &reported) {
  for (const auto &[key, set] : truth.distances)
    fmt::print("      true     {} on {} level {} refs #{}->#{}: {} ({} distances)\n",
               oracle::to_string(key.kind), loop.arrays[key.array].name, key.level, key.source_ref,
               key.sink_ref, oracle::to_string(oracle::bounding_box(set)), set.size());
  for (const deps::Dependence &d : reported.dependences) {
    std::string refs;
    for (auto [a, b] : d.refs)
      refs += fmt::format("{}#{}->#{}", refs.empty() ? "" : ",", a, b);
    fmt::print("      reported {} on {} level {} refs {}: {}\n", deps::to_string(d.kind),
               loop.arrays[d.array].name, d.distance.level, refs, deps::to_string(d.distance));
  }
}

void check_loop(const std::string &file, size_t index, const ir::Loop &loop, const Options &o,
                deps::IslContext &isl, Totals &totals) {
  ++totals.loops;
  const std::string head =
      fmt::format("{}:{}: loop {} in '{}'", file, loop.location.line, index, loop.function);
  const bool contract_exact = oracle::exactness_applies(loop);
  bool exact_applies = contract_exact;
  bool sound = true, exact = true, checked_any = false, analysis_failed = false;
  std::vector<std::string> runs, details;
  std::vector<std::pair<std::string, std::string>> skips; // assignment, why

  for (const oracle::ParameterValues &values : assignments(loop, o)) {
    const std::string label = assignment_text(values);
    oracle::Enumeration e = oracle::enumerate_dependences(loop, values, o.limits);
    if (e.status != oracle::Enumeration::Status::Ok) {
      skips.emplace_back(label, e.reason);
      continue;
    }
    deps::DependenceInfo info;
    try {
      info = deps::analyze_dependences(loop, isl, {values});
    } catch (const isl::exception &ex) {
      analysis_failed = true;
      details.push_back(fmt::format("[{}] analysis failed: {}", label, ex.what()));
      continue;
    }
    checked_any = true;
    const bool exact_here = contract_exact || (o.strict && e.truth.approximations.empty());
    exact_applies = exact_applies || exact_here;
    const oracle::CheckResult r = oracle::check_dependences(loop, e.truth, info, exact_here);
    runs.push_back(
        fmt::format("{}: {} iterations, {} vectors", label, e.iterations, info.dependences.size()));
    sound = sound && r.sound;
    exact = exact && r.exactness != oracle::Exactness::Inexact;
    for (const std::string &m : r.unsound)
      details.push_back(fmt::format("[{}] unsound: {}", label, m));
    if (r.exactness == oracle::Exactness::Inexact)
      for (const std::string &m : r.inexact)
        details.push_back(fmt::format("[{}] inexact: {}", label, m));
    for (const std::string &m : r.misattributed)
      details.push_back(fmt::format("[{}] warning: {}", label, m));
    if (!r.sound)
      for (const std::string &m : e.truth.approximations)
        details.push_back(
            fmt::format("[{}] note: the oracle over-approximates here: {}", label, m));
    for (const std::string &m : e.truth.notes)
      details.push_back(fmt::format("[{}] note: {}", label, m));
    if (o.verbose) {
      for (const std::string &m : e.truth.approximations)
        details.push_back(fmt::format("[{}] approximation: {}", label, m));
      fmt::print("{}: [{}] domain {}\n", head, label, info.domain);
      print_truth(loop, e.truth, info);
    }
  }

  if (analysis_failed) {
    ++totals.unsound;
    fmt::print("{}: unsound (the analysis failed)\n", head);
  } else if (!checked_any) {
    ++totals.skipped;
    std::string why;
    for (const auto &[label, reason] : skips)
      why += fmt::format("{}{}: {}", why.empty() ? "" : "; ", label, reason);
    fmt::print("{}: skipped ({})\n", head, why);
  } else {
    std::string verdict;
    if (sound) {
      ++totals.sound;
      verdict = "sound";
    } else {
      ++totals.unsound;
      verdict = "UNSOUND";
    }
    if (!exact_applies) {
      verdict += ", exactness n/a";
    } else if (exact) {
      ++totals.exact;
      verdict += ", exact";
    } else {
      ++totals.inexact;
      verdict += ", INEXACT";
    }
    std::string how;
    for (const std::string &r : runs)
      how += (how.empty() ? "" : "; ") + r;
    for (const auto &[label, reason] : skips)
      how += fmt::format("; {}: skipped ({})", label, reason);
    fmt::print("{}: {} [{}]\n", head, verdict, how);
  }
  for (const std::string &d : details)
    fmt::print("    {}\n", d);
}

} // namespace

int main(int argc, char **argv) {
  int status = 0;
  const std::optional<Options> options = parse(argc, argv, status);
  if (!options)
    return status;
  const Options &o = *options;

  std::vector<std::string> args{"-std=c++20", "-DORION_DISTRIBUTED",
                                std::string("-resource-dir=") + ORION_ORACLE_CLANG_RESOURCE_DIR,
                                std::string("-I") + ORION_ORACLE_RUNTIME_INCLUDE_DIR};
  args.insert(args.end(), o.extra_args.begin(), o.extra_args.end());

  deps::IslContext isl;
  Totals totals;
  for (const std::string &file : o.files) {
    const std::optional<ir::Program> program =
        frontend::run_frontend({file, args, std::nullopt, {}});
    if (!program) {
      // lit's XFAIL marks a known front-end bug that lit already tracks; not the oracle's to fail.
      if (marked_xfail(file)) {
        fmt::print("{}: the front end failed (expected: the file is marked XFAIL)\n", file);
      } else {
        ++totals.failed_files;
        fmt::print("{}: the front end failed\n", file);
      }
      continue;
    }
    if (program->loops.empty())
      fmt::print("{}: no parallel loops\n", file);
    for (size_t n = 0; n < program->loops.size(); ++n)
      check_loop(file, n, program->loops[n], o, isl, totals);
    std::fflush(stdout);
  }
  fmt::print("oracle: {} loops, {} sound, {} unsound, {} exact, {} inexact, {} skipped\n",
             totals.loops, totals.sound, totals.unsound, totals.exact, totals.inexact,
             totals.skipped);
  if (totals.failed_files)
    fmt::print("oracle: {} file(s) failed in the front end\n", totals.failed_files);
  return totals.unsound || totals.inexact || totals.failed_files ? 1 : 0;
}
