// Exact dependence analysis of one parallel loop with isl (docs/architecture.md).
//
// For every pair of references to the same array with at least one write, the memory-based
// dependence relation `A_a ∘ A_b⁻¹ ∩ (p ≺ p')`, its distance set, and its summary as interval
// vectors, one per carrying level. Unordered loops skip write/write pairs (as Orion does);
// `relax(A)` arrays, Buffers and Accumulators (reductions) are skipped.
#pragma once

#include "orion/passes/distance.hpp"
#include "orion/passes/isl_context.hpp"
#include "orion/passes/loop_ir.hpp"

#include <chrono>
#include <map>
#include <string>
#include <vector>

namespace orion::deps {

/// Read-after-write, write-after-read, write-after-write (source access, then sink access).
enum class DependenceKind { RAW, WAR, WAW };
std::string_view to_string(DependenceKind kind);

/// One summarized dependence: a distance vector, the array and the references causing it.
struct Dependence {
  DistanceVector distance;
  DependenceKind kind = DependenceKind::RAW;
  int array = -1;
  /// (source ref id, sink ref id) pairs whose dependence has exactly this summary.
  std::vector<std::pair<int, int>> refs;
  /// The exact distances of this level (isl set), for exact legality checks.
  isl::set exact;
  /// False when isl gave up (quota) and the vector is the conservative fallback.
  bool computed = true;
};

/// Something the analysis wants the user to know (e.g. a quota fallback).
struct Remark {
  std::string message;
  int ref = -1; ///< the reference it is about, if any
};

/// Everything the analysis found for one loop.
struct DependenceInfo {
  std::vector<Dependence> dependences;
  /// Unordered loops only: the write/write dependences the loop ignores (kind WAW). They decide
  /// no schedule; write_conflicts.hpp tells from them whether the result is still some serial
  /// order's.
  std::vector<Dependence> ignored_waw;
  std::vector<Remark> remarks;
  std::string domain;                        ///< the iteration domain, as isl prints it
  std::vector<std::string> access_relations; ///< per ref id, as isl prints it ("" if skipped)
};

/// Options of the analysis.
struct AnalysisOptions {
  /// Parameters pinned to values (by ir name); the oracle uses this for concrete sizes.
  std::map<std::string, int64_t> fixed_parameters;
  /// Wall-clock time the pairwise analysis of one loop may take. Pairs of access relations not
  /// analysed when it runs out get the conservative vectors, with one remark; each pair is also
  /// bounded by the isl operation quota, so the analysis always ends.
  std::chrono::milliseconds budget{20'000};
};

/// Analyzes `loop`. Throws isl::exception only on internal errors; quota or budget exhaustion
/// falls back to the conservative vectors with a remark.
DependenceInfo analyze_dependences(const ir::Loop &loop, IslContext &isl,
                                   const AnalysisOptions &options = {});

/// Whether the array's dependences are analyzed at all (not an accumulator, buffer or relaxed).
bool is_analyzed_array(const ir::Loop &loop, int array);

} // namespace orion::deps
