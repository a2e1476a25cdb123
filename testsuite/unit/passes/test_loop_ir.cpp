#include "orion/passes/loop_ir.hpp"

#include <catch2/catch.hpp>

using namespace orion::ir;

namespace {

Loop two_dim_loop() {
  Loop loop;
  loop.space.kind = IterationSpace::Kind::Counted;
  loop.space.dims = {{"i", {AffineExpr::constant(0), "0"}, {}},
                     {"j", {AffineExpr::constant(0), "0"}, {}}};
  loop.inner_loops.push_back({"k", {}, {}, -1, {}});
  loop.intern_parameter("N");
  return loop;
}

} // namespace

TEST_CASE("AffineExpr keeps terms normalized") {
  auto i = AffineExpr::symbol(SymbolKind::IterationIndex, 0);
  auto j = AffineExpr::symbol(SymbolKind::IterationIndex, 1);
  auto n = AffineExpr::symbol(SymbolKind::Parameter, 0);

  AffineExpr e = j + i + i + n - AffineExpr::constant(3);
  REQUIRE(e.terms().size() == 3);
  CHECK(e.terms()[0].index == 0); // iteration dims sorted before parameters
  CHECK(e.coefficient(SymbolKind::IterationIndex, 0) == 2);
  CHECK(e.coefficient(SymbolKind::IterationIndex, 1) == 1);
  CHECK(e.coefficient(SymbolKind::Parameter, 0) == 1);
  CHECK(e.constant_term() == -3);

  AffineExpr cancelled = e - i - i;
  CHECK(cancelled.coefficient(SymbolKind::IterationIndex, 0) == 0);
  CHECK(cancelled.terms().size() == 2);
  CHECK((i - i).is_constant());
  CHECK(e.scaled(0).is_constant());
  CHECK(e.uses(SymbolKind::Parameter));
  CHECK_FALSE(e.uses(SymbolKind::InnerIndex));
}

TEST_CASE("Loop::render prints affine expressions with symbol names") {
  Loop loop = two_dim_loop();
  auto i = AffineExpr::symbol(SymbolKind::IterationIndex, 0);
  auto j = AffineExpr::symbol(SymbolKind::IterationIndex, 1);
  auto k = AffineExpr::symbol(SymbolKind::InnerIndex, 0);
  auto n = AffineExpr::symbol(SymbolKind::Parameter, 0);

  CHECK(loop.render(AffineExpr::constant(0)) == "0");
  CHECK(loop.render(AffineExpr::constant(-4)) == "-4");
  CHECK(loop.render(i) == "i");
  CHECK(loop.render(i - AffineExpr::constant(1)) == "i - 1");
  CHECK(loop.render(i.scaled(2) - j + AffineExpr::constant(1)) == "2*i - j + 1");
  CHECK(loop.render(j.scaled(-1)) == "-j");
  CHECK(loop.render(k + n) == "k + N");
  CHECK(loop.render(AffineExpr::symbol(SymbolKind::InnerIndex, 7)) == "<inner 7>");
}

TEST_CASE("Loop interns parameters and finds arrays by name") {
  Loop loop = two_dim_loop();
  CHECK(loop.intern_parameter("N") == 0);
  CHECK(loop.intern_parameter("M") == 1);
  CHECK(loop.intern_parameter("M") == 1);
  CHECK(loop.parameters.size() == 2);
  loop.arrays.push_back({"W", ArrayKind::Dense, "float", 2, {}});
  CHECK(loop.find_array("W") == 0);
  CHECK(loop.find_array("H") == -1);
}

TEST_CASE("enum names used by the dumps are stable") {
  CHECK(to_string(AccessKind::ReadWrite) == "readwrite");
  CHECK(to_string(AccessKind::Reduce) == "reduce");
  CHECK(to_string(SubscriptKind::Range) == "range");
  CHECK(to_string(ArrayKind::Sparse) == "sparse");
  CHECK(to_string(IterationSpace::Kind::Array) == "array");
}
