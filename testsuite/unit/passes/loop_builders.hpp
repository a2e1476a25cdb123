// Hand-built LoopIR for the compiler's unit tests (no Clang involved).
#pragma once

#include "orion/passes/loop_ir.hpp"

#include <string>
#include <vector>

namespace orion::testing {

using ir::AffineExpr;
using ir::SymbolKind;

inline AffineExpr it(int d, int64_t c = 0) {
  return AffineExpr::symbol(SymbolKind::IterationIndex, d) + AffineExpr::constant(c);
}
inline AffineExpr inner(int k) { return AffineExpr::symbol(SymbolKind::InnerIndex, k); }

inline ir::Subscript affine(AffineExpr e) {
  ir::Subscript s;
  s.kind = ir::SubscriptKind::Affine;
  s.expr = std::move(e);
  return s;
}

inline ir::Subscript unknown() {
  ir::Subscript s;
  s.kind = ir::SubscriptKind::Unknown;
  s.reason = "test";
  return s;
}

/// A counted nest with dims [0, N) named i, j, ...
inline ir::Loop counted(int dims) {
  ir::Loop loop;
  loop.space.kind = ir::IterationSpace::Kind::Counted;
  const int n = loop.intern_parameter("N");
  for (int d = 0; d < dims; ++d)
    loop.space.dims.push_back({std::string(1, static_cast<char>('i' + d)),
                               {AffineExpr::constant(0), "0"},
                               {AffineExpr::symbol(SymbolKind::Parameter, n), "N"}});
  return loop;
}

inline int add_array(ir::Loop &loop, const std::string &name, int rank,
                     ir::ArrayKind kind = ir::ArrayKind::Dense) {
  loop.arrays.push_back({name, kind, "double", rank, {}});
  return static_cast<int>(loop.arrays.size() - 1);
}

inline void add_ref(ir::Loop &loop, int array, ir::AccessKind access,
                    std::vector<ir::Subscript> subs, std::vector<int> inner_loops = {}) {
  ir::ArrayRef r;
  r.id = static_cast<int>(loop.refs.size());
  r.array = array;
  r.access = access;
  r.subscripts = std::move(subs);
  r.inner_loops = std::move(inner_loops);
  loop.refs.push_back(std::move(r));
}

} // namespace orion::testing
