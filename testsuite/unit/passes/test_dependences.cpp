// Dependence analysis and schedule selection on hand-built LoopIR (no Clang involved).
#include "orion/passes/loop_analysis.hpp"

#include "loop_builders.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace orion;
using namespace orion::testing;
using ir::AffineExpr;
using ir::SymbolKind;

namespace {

/// The dependences as sorted strings (the analysis orders them by array and distance only).
std::vector<std::string> vectors(const deps::DependenceInfo &info) {
  std::vector<std::string> out;
  for (const deps::Dependence &d : info.dependences)
    out.push_back(std::string(deps::to_string(d.kind)) + " " + deps::to_string(d.distance));
  std::sort(out.begin(), out.end());
  return out;
}

bool has_candidate(const deps::ScheduleChoice &c, model::Protocol protocol, std::vector<int> dims) {
  for (const deps::Schedule &s : c.candidates)
    if (!s.unimodular() && s.protocol == protocol && s.dims == dims)
      return true;
  return false;
}

} // namespace

TEST_CASE("SGD MF: two vectors, 2D both ways, no 1D") {
  ir::Loop loop;
  loop.space.kind = ir::IterationSpace::Kind::Array;
  loop.space.array = add_array(loop, "ratings", 2, ir::ArrayKind::Sparse);
  for (int d = 0; d < 2; ++d) {
    const std::string ext = "ratings.extent(" + std::to_string(d) + ")";
    loop.space.dims.push_back(
        {"key[" + std::to_string(d) + "]",
         {AffineExpr::constant(0), "0"},
         {AffineExpr::symbol(SymbolKind::Parameter, loop.intern_parameter(ext)), ext}});
  }
  loop.inner_loops.push_back(
      {"k", {AffineExpr::constant(0), "0"}, {AffineExpr::constant(8), "K"}, -1, {}});
  const int W = add_array(loop, "W", 2), H = add_array(loop, "H", 2);
  add_ref(loop, W, ir::AccessKind::Read, {affine(it(0)), affine(inner(0))}, {0});
  add_ref(loop, H, ir::AccessKind::Read, {affine(it(1)), affine(inner(0))}, {0});
  add_ref(loop, W, ir::AccessKind::Write, {affine(it(0)), affine(inner(0))}, {0});
  add_ref(loop, H, ir::AccessKind::Write, {affine(it(1)), affine(inner(0))}, {0});

  deps::IslContext isl;
  auto info = deps::analyze_dependences(loop, isl);
  CHECK(vectors(info) == std::vector<std::string>{"RAW ([0,0], [1,+inf])", "RAW ([1,+inf], [0,0])",
                                                  "WAR ([0,0], [1,+inf])",
                                                  "WAR ([1,+inf], [0,0])"});
  auto choice = deps::select_schedules(loop, info, isl);
  CHECK(has_candidate(choice, model::Protocol::Rotation, {0, 1}));
  CHECK(has_candidate(choice, model::Protocol::Rotation, {1, 0}));
  CHECK_FALSE(has_candidate(choice, model::Protocol::OneD, {0}));
  CHECK_FALSE(has_candidate(choice, model::Protocol::OneD, {1}));

  REQUIRE(choice.chosen);
  auto plan = deps::make_candidate(loop, *choice.chosen);
  REQUIRE(choice.chosen->dims == std::vector<int>{0, 1});
  CHECK(plan.arrays[W].role == model::Role::Local);
  CHECK(plan.arrays[H].role == model::Role::Rotated);
  CHECK(plan.cost.front().kind == model::CostKind::RotatedPerPass);
  // H travels around the ring; afterwards every rank gets the rows of W and H it did not write.
  CHECK(plan.cost_formula == "(P - 1) * sizeof(double) * H.extent(0) * H.extent(1) + "
                             "(R - 1) * sizeof(double) * W.extent(0) * W.extent(1) + "
                             "(R - 1) * sizeof(double) * H.extent(0) * H.extent(1)");
}

TEST_CASE("unordered loops skip write/write pairs; ordered ones keep them") {
  ir::Loop loop = counted(1);
  const int A = add_array(loop, "A", 1);
  add_ref(loop, A, ir::AccessKind::Write, {affine(AffineExpr::constant(0))});
  deps::IslContext isl;
  CHECK(deps::analyze_dependences(loop, isl).dependences.empty());
  loop.clauses.ordered = true;
  CHECK(vectors(deps::analyze_dependences(loop, isl)) ==
        std::vector<std::string>{"WAW ([1,+inf])"});
}

TEST_CASE("relax, accumulators and reductions create no dependences") {
  ir::Loop loop = counted(1);
  const int A = add_array(loop, "A", 1);
  const int acc = add_array(loop, "acc", 0, ir::ArrayKind::Accumulator);
  add_ref(loop, A, ir::AccessKind::Write, {affine(it(0))});
  add_ref(loop, A, ir::AccessKind::Read, {affine(it(0, -1))});
  add_ref(loop, acc, ir::AccessKind::Reduce, {});
  deps::IslContext isl;
  CHECK(vectors(deps::analyze_dependences(loop, isl)) == std::vector<std::string>{"RAW ([1,1])"});
  loop.clauses.relax = {"A"};
  CHECK(deps::analyze_dependences(loop, isl).dependences.empty());
}

TEST_CASE("unknown subscripts conflict with every element") {
  ir::Loop loop = counted(1);
  const int A = add_array(loop, "A", 1);
  add_ref(loop, A, ir::AccessKind::Write, {affine(it(0))});
  add_ref(loop, A, ir::AccessKind::Read, {unknown()});
  deps::IslContext isl;
  auto info = deps::analyze_dependences(loop, isl);
  CHECK(vectors(info) == std::vector<std::string>{"RAW ([1,+inf])", "WAR ([1,+inf])"});
  auto choice = deps::select_schedules(loop, info, isl);
  CHECK_FALSE(choice.chosen);
  CHECK(choice.reason == deps::ChoiceReason::Blocked);
  // RAW (write, then read) and WAR (read, then write) have different reference pairs.
  REQUIRE(choice.blocking.size() == 2);
  CHECK(choice.blocking[0].kinds == std::vector<deps::DependenceKind>{deps::DependenceKind::RAW});
  CHECK(choice.blocking[1].kinds == std::vector<deps::DependenceKind>{deps::DependenceKind::WAR});
  REQUIRE(choice.suggestions.size() == 1);
  CHECK(choice.suggestions[0].kind == deps::Suggestion::Kind::RelaxArray);
  CHECK(choice.suggestions[0].arrays == std::vector<int>{A});
}

TEST_CASE("skewed stencil needs a unimodular transform, verified on the exact sets") {
  ir::Loop loop = counted(2);
  const int A = add_array(loop, "A", 2);
  add_ref(loop, A, ir::AccessKind::Write, {affine(it(0)), affine(it(1))});
  add_ref(loop, A, ir::AccessKind::Read, {affine(it(0, -1)), affine(it(1, 1))});
  deps::IslContext isl;
  auto info = deps::analyze_dependences(loop, isl);
  CHECK(vectors(info) == std::vector<std::string>{"RAW ([1,1], [-1,-1])"});
  auto choice = deps::select_schedules(loop, info, isl);
  REQUIRE(choice.chosen);
  REQUIRE(choice.chosen->unimodular());
  CHECK(*choice.chosen->transform == deps::Matrix{{1, 0}, {1, 1}});
  CHECK(choice.chosen->transformed.front() ==
        std::vector<deps::Interval>{deps::Interval::exactly(1), deps::Interval::exactly(0)});
}

TEST_CASE("Wolf-Lam skew of seidel-2d's vectors") {
  using deps::Interval;
  std::vector<deps::DistanceVector> v{
      {{Interval::exactly(1), {-1, 0}, {-1, 1}}, 0},
      {{Interval::exactly(0), Interval::exactly(1), {-1, 1}}, 1},
      {{Interval::exactly(0), Interval::exactly(0), Interval::exactly(1)}, 2}};
  auto t = deps::find_skew(v, 3);
  REQUIRE(t);
  CHECK(*t == deps::Matrix{{1, 0, 0}, {1, 1, 0}, {2, 1, 1}});
  // -inf cannot be skewed away.
  CHECK_FALSE(deps::find_skew({{{Interval::exactly(1), {std::nullopt, -1}}, 0}}, 2));
}

TEST_CASE("ordered 2D needs non-negative distances in both dimensions") {
  ir::Loop loop = counted(2);
  loop.clauses.ordered = true;
  const int A = add_array(loop, "A", 2);
  add_ref(loop, A, ir::AccessKind::Write, {affine(it(0)), affine(it(1))});
  add_ref(loop, A, ir::AccessKind::Read, {affine(it(0, -1)), affine(it(1))});
  add_ref(loop, A, ir::AccessKind::Read, {affine(it(0)), affine(it(1, -1))});
  deps::IslContext isl;
  auto info = deps::analyze_dependences(loop, isl);
  auto choice = deps::select_schedules(loop, info, isl);
  REQUIRE(choice.chosen);
  CHECK_FALSE(choice.chosen->unimodular());
  CHECK(choice.chosen->protocol == model::Protocol::Wavefront);
}

TEST_CASE("inner-loop indices are existentially bounded") {
  ir::Loop loop = counted(1);
  loop.inner_loops.push_back(
      {"k", {AffineExpr::constant(1), "1"}, {AffineExpr::constant(3), "3"}, -1, {}});
  const int A = add_array(loop, "A", 1);
  add_ref(loop, A, ir::AccessKind::Write, {affine(it(0))});
  add_ref(loop, A, ir::AccessKind::Read, {affine(it(0) - inner(0))}, {0});
  deps::IslContext isl;
  CHECK(vectors(deps::analyze_dependences(loop, isl)) == std::vector<std::string>{"RAW ([1,2])"});
}

TEST_CASE("the partition clause picks a legal candidate or explains") {
  ir::Loop loop = counted(2);
  const int A = add_array(loop, "A", 2);
  add_ref(loop, A, ir::AccessKind::Write, {affine(it(0)), affine(it(1))});
  add_ref(loop, A, ir::AccessKind::Read, {affine(it(0)), affine(it(1, -1))});
  deps::IslContext isl;
  auto info = deps::analyze_dependences(loop, isl);
  loop.clauses.partition = std::vector<int>{0};
  CHECK(deps::select_schedules(loop, info, isl).chosen->dims == std::vector<int>{0});
  loop.clauses.partition = std::vector<int>{1};
  auto choice = deps::select_schedules(loop, info, isl);
  CHECK_FALSE(choice.chosen);
  CHECK(choice.reason == deps::ChoiceReason::PartitionNotLegal);
  REQUIRE(choice.suggestions.size() == 1);
  CHECK(choice.suggestions[0].kind == deps::Suggestion::Kind::RemovePartition);
}

TEST_CASE("interval arithmetic keeps infinities on the right side") {
  using deps::Interval;
  CHECK(deps::scale({1, std::nullopt}, -2) == Interval{std::nullopt, -2});
  CHECK(deps::add({-1, 1}, {2, std::nullopt}) == Interval{1, std::nullopt});
  CHECK(deps::to_string(Interval{std::nullopt, 0}) == "[-inf,0]");
}

TEST_CASE("when isl runs out of its operation quota the conservative vectors are assumed") {
  ir::Loop loop = counted(2);
  const int A = add_array(loop, "A", 2);
  add_ref(loop, A, ir::AccessKind::Write, {affine(it(0)), affine(it(1))});
  add_ref(loop, A, ir::AccessKind::Read, {affine(it(0, -1)), affine(it(1, 1))});
  deps::IslContext starved(/*max_operations=*/1);
  auto info = deps::analyze_dependences(loop, starved);
  REQUIRE_FALSE(info.remarks.empty());
  CHECK(info.remarks.front().message.find("too many operations") != std::string::npos);
  REQUIRE_FALSE(info.dependences.empty());
  for (const deps::Dependence &d : info.dependences)
    CHECK_FALSE(d.computed);
  // Every lexicographically positive distance is covered: ([1,+inf], [-inf,+inf]) and
  // ([0,0], [1,+inf]).
  CHECK(vectors(info) ==
        std::vector<std::string>{"RAW ([0,0], [1,+inf])", "RAW ([1,+inf], [-inf,+inf])",
                                 "WAR ([0,0], [1,+inf])", "WAR ([1,+inf], [-inf,+inf])"});
}

TEST_CASE("when the loop's time budget runs out the remaining pairs are conservative") {
  ir::Loop loop = counted(2);
  const int A = add_array(loop, "A", 2);
  add_ref(loop, A, ir::AccessKind::Write, {affine(it(0)), affine(it(1))});
  add_ref(loop, A, ir::AccessKind::Read, {affine(it(0, -1)), affine(it(1, 1))});
  deps::IslContext isl;
  deps::AnalysisOptions options;
  options.budget = std::chrono::milliseconds(0);
  auto info = deps::analyze_dependences(loop, isl, options);
  REQUIRE(info.remarks.size() == 1);
  CHECK(info.remarks.front().message ==
        "the dependence analysis of this loop ran out of its time budget (0 ms) with 2 of 2 pairs "
        "of access relations left; they assume the conservative dependences");
  for (const deps::Dependence &d : info.dependences)
    CHECK_FALSE(d.computed);
  CHECK(vectors(info) ==
        std::vector<std::string>{"RAW ([0,0], [1,+inf])", "RAW ([1,+inf], [-inf,+inf])",
                                 "WAR ([0,0], [1,+inf])", "WAR ([1,+inf], [-inf,+inf])"});
  // With time to spare, the same loop gets its exact vectors.
  CHECK(vectors(deps::analyze_dependences(loop, isl)) ==
        std::vector<std::string>{"RAW ([1,1], [-1,-1])"});
}

TEST_CASE("references with the same access relation share one analysis and keep their refs") {
  ir::Loop loop = counted(1);
  const int A = add_array(loop, "A", 1);
  add_ref(loop, A, ir::AccessKind::Write, {affine(it(0))});
  add_ref(loop, A, ir::AccessKind::Read, {affine(it(0, -1))});
  add_ref(loop, A, ir::AccessKind::Read, {affine(it(0, -1))});
  deps::IslContext isl;
  auto info = deps::analyze_dependences(loop, isl);
  REQUIRE(vectors(info) == std::vector<std::string>{"RAW ([1,1])"});
  CHECK(info.dependences[0].refs == std::vector<std::pair<int, int>>{{0, 1}, {0, 2}});
  CHECK(info.access_relations[1] == info.access_relations[2]);
}

TEST_CASE("guards restrict a reference to the iterations where they hold") {
  // if (j < i) A(i, j) = A(j, i): the lower triangle is written from the upper one.
  ir::Loop loop = counted(2);
  const int A = add_array(loop, "A", 2);
  add_ref(loop, A, ir::AccessKind::Write, {affine(it(0)), affine(it(1))});
  add_ref(loop, A, ir::AccessKind::Read, {affine(it(1)), affine(it(0))});
  deps::IslContext isl;
  CHECK(vectors(deps::analyze_dependences(loop, isl)) ==
        std::vector<std::string>{"RAW ([1,+inf], [-inf,-1])", "WAR ([1,+inf], [-inf,-1])"});
  const ir::Guard lower{it(0) - it(1) - ir::AffineExpr::constant(1), false, "j < i"};
  for (ir::ArrayRef &ref : loop.refs)
    ref.guards = {lower};
  CHECK(deps::analyze_dependences(loop, isl).dependences.empty());
  // An equality guard: only the diagonal runs, where A(i, j) and A(j, i) are the same element
  // of the same iteration.
  for (ir::ArrayRef &ref : loop.refs)
    ref.guards = {{it(0) - it(1), true, "i == j"}};
  CHECK(deps::analyze_dependences(loop, isl).dependences.empty());
}
