// The isl objects the polyhedral model builds through isl's API, compared with the sets and maps
// they must equal (written as isl text here, in the test only).
#include "orion/passes/isl_context.hpp"
#include "orion/passes/polyhedral_model.hpp"

#include "loop_builders.hpp"

#include <catch2/catch.hpp>

using namespace orion;
using namespace orion::testing;

namespace {

bool equal(const isl::set &built, isl::ctx ctx, const char *expected) {
  return built.is_equal(isl::set(ctx, expected));
}
bool equal(const isl::map &built, isl::ctx ctx, const char *expected) {
  return built.is_equal(isl::map(ctx, expected));
}

} // namespace

TEST_CASE("the iteration domain is the loop's bounds over its parameters") {
  deps::IslContext isl;
  const ir::Loop loop = counted(2);
  const deps::PolyhedralModel model(loop, isl.get());
  CHECK(equal(model.domain(), isl.get(), "[P0] -> { S[i, j] : 0 <= i < P0 and 0 <= j < P0 }"));
  const deps::PolyhedralModel pinned(loop, isl.get(), {{"N", 4}});
  CHECK(equal(pinned.domain(), isl.get(),
              "[P0] -> { S[i, j] : P0 = 4 and 0 <= i < 4 and 0 <= j < 4 }"));
}

TEST_CASE("an access relation bounds inner indices and projects them out, under its guards") {
  // for (k = i; k < N; ++k) if (i >= 1) ... A(k + 1) ... B(?)
  deps::IslContext isl;
  ir::Loop loop = counted(1);
  loop.inner_loops.push_back(
      {"k", {it(0), "i"}, {AffineExpr::symbol(SymbolKind::Parameter, 0), "N"}, -1, {}});
  const int A = add_array(loop, "A", 1);
  const int B = add_array(loop, "B", 2);
  add_ref(loop, A, ir::AccessKind::Read, {affine(inner(0) + AffineExpr::constant(1))}, {0});
  loop.refs.back().guards = {{it(0) - AffineExpr::constant(1), false, "i >= 1"}};
  add_ref(loop, B, ir::AccessKind::Write, {affine(it(0)), unknown()});
  const deps::PolyhedralModel model(loop, isl.get());
  CHECK(equal(model.access(loop.refs[0]), isl.get(),
              "[P0] -> { S[i] -> A0[o] : 1 <= i < P0 and i + 1 <= o <= P0 }"));
  // An unknown subscript leaves its dimension unconstrained.
  CHECK(equal(model.access(loop.refs[1]), isl.get(), "[P0] -> { S[i] -> A1[i, o] : 0 <= i < P0 }"));
}

TEST_CASE("lexicographic order, carried distances and distance coordinates") {
  deps::IslContext isl;
  const ir::Loop loop = counted(2);
  const deps::PolyhedralModel model(loop, isl.get());
  CHECK(equal(model.lex_before(), isl.get(),
              "[P0] -> { S[i, j] -> S[i2, j2] : i < i2 or (i = i2 and j < j2) }"));
  CHECK(equal(model.carried_at(0), isl.get(), "[P0] -> { S[d0, d1] : d0 >= 1 }"));
  CHECK(equal(model.carried_at(1), isl.get(), "[P0] -> { S[d0, d1] : d0 = 0 and d1 >= 1 }"));
  CHECK(equal(model.distance(1).lt_set(model.distance(0)), isl.get(),
              "[P0] -> { S[d0, d1] : d1 < d0 }"));
  CHECK(equal(model.distances(), isl.get(), "[P0] -> { S[d0, d1] }"));
}
