// Writes a LoopIR loop as isl objects: its iteration domain and one access relation per
// reference, `{ S[p] -> A[f(p, k)] : bounds }` with inner-loop indices k existentially bounded,
// loop-invariant values as parameters, and unknown subscripts left unconstrained.
#pragma once

#include "orion/passes/loop_ir.hpp"

#include <map>
#include <string>

namespace orion::deps {

/// isl spellings for one loop. Names are generated (i0.., k0.., P0..) so any source spelling,
/// such as `ratings.extent(0)`, can be a parameter.
class PolyhedralModel {
public:
  /// `fixed` pins parameters (by their ir name) to values, e.g. for the brute-force oracle.
  explicit PolyhedralModel(const ir::Loop &loop, std::map<std::string, int64_t> fixed = {});

  /// `[P0, P1] -> { S[i0, i1] : bounds }`.
  std::string domain() const;
  /// The access relation of `ref`.
  std::string access(const ir::ArrayRef &ref) const;
  /// `{ S[i0, ..] -> S[j0, ..] : i ≺ j }` over the parameters.
  std::string lex_before() const;
  /// `{ S[d0, ..] : d0 = .. = d(level-1) = 0 and d(level) >= 1 }`.
  std::string carried_at(int level) const;
  /// `{ S[d0, ..] : d(dim) != 0 }` and friends used by legality checks.
  std::string distance_set(const std::string &constraint) const;

  int dims() const { return static_cast<int>(loop_.space.dims.size()); }
  std::string param_list() const;
  std::string iteration_tuple(const char *prefix = "i") const;

private:
  std::string expr(const ir::AffineExpr &e, const char *iteration_prefix = "i") const;
  std::string bounds(const char *iteration_prefix) const;

  const ir::Loop &loop_;
  std::map<std::string, int64_t> fixed_;
};

} // namespace orion::deps
