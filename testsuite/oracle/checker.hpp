// Compares the isl analysis's distance vectors with the brute-force truth for one loop and one
// parameter assignment.
//
// SOUND: every true distance lies in a reported vector of the same kind, array and level.
// EXACT (only where the analysis owes exactness, see exactness_applies): for every
// (kind, array, level) the hull of the true distances equals the hull of the reported vectors,
// every reported vector is, for each reference pair it lists, that pair's true hull, and every
// pair with true distances is listed by some vector.
#pragma once

#include "enumerator.hpp"

#include "orion/passes/dependence_analysis.hpp"

#include <string>
#include <vector>

namespace orion::oracle {

enum class Exactness { Exact, Inexact, NotApplicable };
std::string_view to_string(Exactness e);

struct CheckResult {
  bool sound = true;
  Exactness exactness = Exactness::NotApplicable;
  /// One line per offending (kind, array, level, refs): the distance no vector contains.
  std::vector<std::string> unsound;
  /// One line per offending vector or hull: expected (true) vs reported.
  std::vector<std::string> inexact;
  /// Sound, but a true distance of pair #a->#b only lies in vectors that do not list that pair.
  std::vector<std::string> misattributed;
};

CheckResult check_dependences(const ir::Loop &loop, const Truth &truth,
                              const deps::DependenceInfo &reported, bool exact_applies);

deps::DependenceKind to_deps_kind(DepKind kind);

} // namespace orion::oracle
