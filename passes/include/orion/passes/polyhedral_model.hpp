// Writes a LoopIR loop as isl objects: its iteration domain and one access relation per
// reference, `{ S[p] -> A[f(p, k)] : bounds }` with inner-loop indices k existentially bounded,
// loop-invariant values as parameters, and unknown subscripts left unconstrained. Every object is
// built through isl's C++ API (spaces, affine expressions, their comparison sets), never by
// printing text for isl to parse.
#pragma once

#include "orion/passes/loop_ir.hpp"

#include <isl/cpp.h>

#include <map>
#include <string>

namespace orion::deps {

/// The isl objects of one loop. Names are generated (P0.. for parameters, S for the iteration
/// space, A<n> for array n) so any source spelling, such as `ratings.extent(0)`, can be a
/// parameter; isl prints the dimensions as i0.. and o0...
class PolyhedralModel {
public:
  /// `fixed` pins parameters (by their ir name) to values, e.g. for the brute-force oracle.
  PolyhedralModel(const ir::Loop &loop, isl::ctx ctx, std::map<std::string, int64_t> fixed = {});

  /// `[P0, P1] -> { S[i0, i1] : bounds }`.
  isl::set domain() const;
  /// The access relation of `ref`.
  isl::map access(const ir::ArrayRef &ref) const;
  /// `{ S[i0, ..] -> S[j0, ..] : i ≺ j }` over the parameters.
  isl::map lex_before() const;
  /// `{ S[d0, ..] : d0 = .. = d(level-1) = 0 and d(level) >= 1 }`.
  isl::set carried_at(int level) const;
  /// Every distance `{ S[d0, ..] }`, and its coordinate `d` as an affine expression on it: the
  /// pieces legality conditions are made of.
  isl::set distances() const;
  isl::aff distance(int d) const;

  int dims() const { return static_cast<int>(loop_.space.dims.size()); }

private:
  isl::space parameter_space() const;
  /// The set space of the iteration tuple `S`, over the parameters.
  isl::space iteration_space() const;

  const ir::Loop &loop_;
  isl::ctx ctx_;
  std::map<std::string, int64_t> fixed_;
};

} // namespace orion::deps
