// Whether an unordered loop's ignored write/write dependences can leave a result no serial order
// gives (passes/write_conflicts.hpp), on hand-built LoopIR.
#include "orion/passes/loop_analysis.hpp"
#include "orion/passes/write_conflicts.hpp"

#include "loop_builders.hpp"

#include <catch2/catch.hpp>

using namespace orion;
using namespace orion::testing;

namespace {

deps::WriteConflicts conflicts_of(const ir::Loop &loop) {
  deps::IslContext isl;
  ir::Program program;
  program.loops.push_back(loop);
  const std::vector<deps::LoopAnalysis> a = deps::analyze_program(program, isl);
  REQUIRE(a.size() == 1);
  REQUIRE(a[0].chosen);
  return deps::cross_worker_writes(loop, a[0].dependences, *a[0].chosen);
}

} // namespace

TEST_CASE("one whole scalar element per iteration is some serial order's result") {
  ir::Loop loop = counted(1);
  const int out = add_array(loop, "out", 1);
  add_ref(loop, out, ir::AccessKind::Write, {unknown()});
  const deps::WriteConflicts c = conflicts_of(loop);
  CHECK(c.refs == std::vector<int>{0});
  CHECK_FALSE(c.beyond_serial);
}

TEST_CASE("two written elements per iteration, in one array or two, need not be") {
  ir::Loop loop = counted(1);
  const int ids = add_array(loop, "ids", 1);
  const int labels = add_array(loop, "labels", 1);
  add_ref(loop, ids, ir::AccessKind::Write, {unknown()});
  add_ref(loop, labels, ir::AccessKind::Write, {unknown()});
  deps::WriteConflicts c = conflicts_of(loop);
  CHECK(c.refs == std::vector<int>{0, 1});
  CHECK(c.beyond_serial);

  ir::Loop same = counted(1);
  const int out = add_array(same, "out", 1);
  add_ref(same, out, ir::AccessKind::Write, {unknown()});
  add_ref(same, out, ir::AccessKind::Write, {unknown()});
  CHECK(conflicts_of(same).beyond_serial);
}

TEST_CASE("a field of a struct element, or a write in a loop of the body, need not be") {
  ir::Loop part = counted(1);
  const int flags = add_array(part, "flags", 1);
  add_ref(part, flags, ir::AccessKind::Write, {unknown()});
  CHECK_FALSE(conflicts_of(part).beyond_serial); // the whole element
  part.refs[0].partial = true;
  CHECK(conflicts_of(part).beyond_serial);

  ir::Loop repeated = counted(1);
  const int out = add_array(repeated, "out", 1);
  add_ref(repeated, out, ir::AccessKind::Write, {unknown()});
  repeated.refs[0].repeated = true; // in a while loop of the body
  CHECK(conflicts_of(repeated).beyond_serial);

  ir::Loop inner_write = counted(1);
  inner_write.inner_loops.push_back(
      {"k", {ir::AffineExpr::constant(0), "0"}, {ir::AffineExpr::constant(4), "4"}, -1, {}});
  const int S = add_array(inner_write, "S", 2);
  add_ref(inner_write, S, ir::AccessKind::Write, {unknown(), affine(inner(0))}, {0});
  CHECK(conflicts_of(inner_write).beyond_serial);
}

TEST_CASE("writes the schedule keeps on one worker, and ordered loops, have no conflicts") {
  ir::Loop loop = counted(1);
  const int a = add_array(loop, "a", 1);
  const int b = add_array(loop, "b", 1);
  add_ref(loop, a, ir::AccessKind::Write, {affine(it(0))});
  add_ref(loop, b, ir::AccessKind::Write, {affine(it(0))});
  CHECK(conflicts_of(loop).refs.empty());

  // SGD MF's updates: 2D, where H(j) is written by every u, but rotates with the time dimension
  // j, and W(u) stays local.
  ir::Loop mf = counted(2);
  const int W = add_array(mf, "W", 1);
  const int H = add_array(mf, "H", 1);
  add_ref(mf, W, ir::AccessKind::ReadWrite, {affine(it(0))});
  add_ref(mf, H, ir::AccessKind::ReadWrite, {affine(it(1))});
  CHECK(conflicts_of(mf).refs.empty());

  ir::Loop ordered = counted(1);
  const int x = add_array(ordered, "x", 1);
  add_ref(ordered, x, ir::AccessKind::Write, {affine(it(0))});
  add_ref(ordered, x, ir::AccessKind::Write, {affine(it(0, 1))});
  ordered.clauses.ordered = true;
  deps::IslContext isl;
  const deps::DependenceInfo info = deps::analyze_dependences(ordered, isl);
  CHECK(info.ignored_waw.empty());
}
