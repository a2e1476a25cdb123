// Tests of the oracle itself: the enumerator on hand-built loops whose dependences are known by
// hand, and the checker on hand-made analysis results (then once against the real analysis).
#include "checker.hpp"

#include <catch2/catch.hpp>

#include <set>

using namespace orion;
using oracle::DepKind;
using oracle::Distance;
using oracle::PairKey;

namespace {

using ir::AffineExpr;
using ir::SymbolKind;

AffineExpr it(int d, int64_t c = 1) { return AffineExpr::symbol(SymbolKind::IterationIndex, d, c); }
AffineExpr in(int k, int64_t c = 1) { return AffineExpr::symbol(SymbolKind::InnerIndex, k, c); }
AffineExpr par(int p) { return AffineExpr::symbol(SymbolKind::Parameter, p); }
AffineExpr num(int64_t v) { return AffineExpr::constant(v); }

ir::Bound bound(AffineExpr e) { return {e, ""}; }

ir::Subscript affine(AffineExpr e) { return {ir::SubscriptKind::Affine, e, "", ""}; }
ir::Subscript unknown() { return {ir::SubscriptKind::Unknown, {}, "?", "test"}; }
ir::Subscript range() { return {ir::SubscriptKind::Range, {}, ":", ""}; }

/// A loop over `dims` (name, lower, upper) with parameters named `params`.
ir::Loop counted(std::vector<std::tuple<std::string, AffineExpr, AffineExpr>> dims,
                 std::vector<std::string> params) {
  ir::Loop loop;
  loop.space.kind = ir::IterationSpace::Kind::Counted;
  for (auto &[name, lo, hi] : dims)
    loop.space.dims.push_back({name, bound(lo), bound(hi)});
  for (const std::string &p : params)
    loop.parameters.push_back({p, std::nullopt});
  return loop;
}

int add_array(ir::Loop &loop, const std::string &name, int rank,
              ir::ArrayKind kind = ir::ArrayKind::Dense) {
  loop.arrays.push_back({name, kind, "float", rank, {}});
  return static_cast<int>(loop.arrays.size() - 1);
}

int add_ref(ir::Loop &loop, int array, ir::AccessKind access, std::vector<ir::Subscript> subs,
            std::vector<int> inner = {}) {
  ir::ArrayRef r;
  r.id = static_cast<int>(loop.refs.size());
  r.array = array;
  r.access = access;
  r.subscripts = std::move(subs);
  r.inner_loops = std::move(inner);
  r.text = "ref";
  loop.refs.push_back(r);
  return r.id;
}

int add_inner(ir::Loop &loop, const std::string &var, std::optional<AffineExpr> lo,
              std::optional<AffineExpr> hi, int parent = -1) {
  loop.inner_loops.push_back({var, {lo, "lo"}, {hi, "hi"}, parent, {}});
  return static_cast<int>(loop.inner_loops.size() - 1);
}

oracle::Truth truth_of(const ir::Loop &loop, const oracle::ParameterValues &values) {
  oracle::Enumeration e = oracle::enumerate_dependences(loop, values);
  REQUIRE(e.status == oracle::Enumeration::Status::Ok);
  return e.truth;
}

std::set<Distance> sorted(const oracle::DistanceSet &s) { return {s.begin(), s.end()}; }

std::set<PairKey> keys(const oracle::Truth &t) {
  std::set<PairKey> out;
  for (const auto &[k, v] : t.distances)
    out.insert(k);
  return out;
}

using R = ir::AccessKind;

} // namespace

TEST_CASE("A(i) = A(i-1) has exactly the RAW distance 1", "[enumerator]") {
  ir::Loop loop = counted({{"i", num(1), par(0)}}, {"N"});
  const int a = add_array(loop, "A", 1);
  add_ref(loop, a, R::Write, {affine(it(0))});
  add_ref(loop, a, R::Read, {affine(it(0) - num(1))});
  const oracle::Truth t = truth_of(loop, {{"N", 6}});
  CHECK(t.iterations == 5);
  REQUIRE(keys(t) == std::set<PairKey>{{DepKind::RAW, a, 0, 0, 1}});
  CHECK(sorted(t.distances.begin()->second) == std::set<Distance>{{1}});
  CHECK(t.approximations.empty());
}

TEST_CASE("a transpose has distances (d, -d), carried by the first dimension", "[enumerator]") {
  ir::Loop loop = counted({{"i", num(0), par(0)}, {"j", num(0), par(0)}}, {"N"});
  const int a = add_array(loop, "A", 2);
  add_ref(loop, a, R::Write, {affine(it(0)), affine(it(1))});
  add_ref(loop, a, R::Read, {affine(it(1)), affine(it(0))});
  const oracle::Truth t = truth_of(loop, {{"N", 4}});
  const std::set<Distance> expected{{1, -1}, {2, -2}, {3, -3}};
  REQUIRE(keys(t) == std::set<PairKey>{{DepKind::RAW, a, 0, 0, 1}, {DepKind::WAR, a, 0, 1, 0}});
  for (const auto &[k, v] : t.distances)
    CHECK(sorted(v) == expected);
  CHECK(oracle::bounding_box(t.distances.begin()->second) == oracle::Box{{1, -3}, {3, -1}});
}

TEST_CASE("a 2-D stencil has one vector per level", "[enumerator]") {
  ir::Loop loop = counted({{"i", num(1), par(0)}, {"j", num(1), par(0)}}, {"N"});
  const int a = add_array(loop, "A", 2);
  add_ref(loop, a, R::Write, {affine(it(0)), affine(it(1))});
  add_ref(loop, a, R::Read, {affine(it(0) - num(1)), affine(it(1))});
  add_ref(loop, a, R::Read, {affine(it(0)), affine(it(1) - num(1))});
  const oracle::Truth t = truth_of(loop, {{"N", 5}});
  REQUIRE(keys(t) == std::set<PairKey>{{DepKind::RAW, a, 0, 0, 1}, {DepKind::RAW, a, 1, 0, 2}});
  CHECK(sorted(t.distances.at({DepKind::RAW, a, 0, 0, 1})) == std::set<Distance>{{1, 0}});
  CHECK(sorted(t.distances.at({DepKind::RAW, a, 1, 0, 2})) == std::set<Distance>{{0, 1}});
}

TEST_CASE("inner-loop indices range over their bounds", "[enumerator]") {
  // for i in [0,N): { for k in [0,K): s += A(k); A(i) = s; }
  ir::Loop loop = counted({{"i", num(0), par(0)}}, {"N", "K"});
  const int k = add_inner(loop, "k", num(0), par(1));
  const int a = add_array(loop, "A", 1);
  add_ref(loop, a, R::Read, {affine(in(k))}, {k});
  add_ref(loop, a, R::Write, {affine(it(0))});
  const oracle::Truth t = truth_of(loop, {{"N", 5}, {"K", 3}});
  REQUIRE(keys(t) == std::set<PairKey>{{DepKind::RAW, a, 0, 1, 0}, {DepKind::WAR, a, 0, 0, 1}});
  // Written at i < K, read by every later iteration.
  CHECK(sorted(t.distances.at({DepKind::RAW, a, 0, 1, 0})) ==
        std::set<Distance>{{1}, {2}, {3}, {4}});
  // Read at i (elements k < K), overwritten by iteration k > i.
  CHECK(sorted(t.distances.at({DepKind::WAR, a, 0, 0, 1})) == std::set<Distance>{{1}, {2}});
}

TEST_CASE("an empty inner loop means the reference does not run", "[enumerator]") {
  // for i in [0,N): for k in [0,i): A(0) = ..., so iteration 0 never writes.
  ir::Loop loop = counted({{"i", num(0), par(0)}}, {"N"});
  const int k = add_inner(loop, "k", num(0), it(0));
  const int a = add_array(loop, "A", 1);
  add_ref(loop, a, R::ReadWrite, {affine(num(0))}, {k});
  const oracle::Truth t = truth_of(loop, {{"N", 4}});
  // A ReadWrite self-pair is a RAW and a WAR (WAW only in ordered loops), between iterations 1..3.
  REQUIRE(keys(t) == std::set<PairKey>{{DepKind::RAW, a, 0, 0, 0}, {DepKind::WAR, a, 0, 0, 0}});
  CHECK(sorted(t.distances.begin()->second) == std::set<Distance>{{1}, {2}});
}

TEST_CASE("unknown and range subscripts conflict with every index", "[enumerator]") {
  ir::Loop loop = counted({{"i", num(0), par(0)}}, {"N"});
  const int a = add_array(loop, "A", 1);
  add_ref(loop, a, R::Write, {unknown()});
  add_ref(loop, a, R::Read, {affine(it(0))});
  const std::set<Distance> all{{1}, {2}, {3}};
  {
    const oracle::Truth t = truth_of(loop, {{"N", 4}});
    // Unordered: the write/write pair of ref #0 with itself is no dependence.
    REQUIRE(keys(t) == std::set<PairKey>{{DepKind::RAW, a, 0, 0, 1}, {DepKind::WAR, a, 0, 1, 0}});
    CHECK(sorted(t.distances.at({DepKind::RAW, a, 0, 0, 1})) == all);
    CHECK(sorted(t.distances.at({DepKind::WAR, a, 0, 1, 0})) == all);
  }
  loop.clauses.ordered = true;
  {
    const oracle::Truth t = truth_of(loop, {{"N", 4}});
    CHECK(sorted(t.distances.at({DepKind::WAW, a, 0, 0, 0})) == all);
  }
  // A row `W.row(i)` (range in the last dimension) against W(j, c): same row only.
  ir::Loop rows = counted({{"i", num(0), par(0)}}, {"N"});
  const int w = add_array(rows, "W", 2);
  add_ref(rows, w, R::Write, {affine(it(0)), range()});
  add_ref(rows, w, R::Read, {affine(it(0) - num(2)), affine(num(7))});
  const oracle::Truth t = truth_of(rows, {{"N", 5}});
  REQUIRE(keys(t) == std::set<PairKey>{{DepKind::RAW, w, 0, 0, 1}});
  CHECK(sorted(t.distances.begin()->second) == std::set<Distance>{{2}});
}

TEST_CASE("a non-affine inner bound leaves a ray of indices, not every index", "[enumerator]") {
  // for i in [0,N): for j in [i+1, len(i)): x += B(j); B(i) = x;
  ir::Loop loop = counted({{"i", num(0), par(0)}}, {"N"});
  const int j = add_inner(loop, "j", it(0) + num(1), std::nullopt);
  const int b = add_array(loop, "B", 1);
  add_ref(loop, b, R::Read, {affine(in(j))}, {j});
  add_ref(loop, b, R::Write, {affine(it(0))});
  const oracle::Truth t = truth_of(loop, {{"N", 5}});
  // Reads only look ahead: a write is never read later, but every later write overwrites a read.
  REQUIRE(keys(t) == std::set<PairKey>{{DepKind::WAR, b, 0, 0, 1}});
  CHECK(sorted(t.distances.begin()->second) == std::set<Distance>{{1}, {2}, {3}, {4}});
  CHECK(t.approximations.empty());
  CHECK_FALSE(oracle::exactness_applies(loop));
}

TEST_CASE("rays, points and wildcards overlap as sets of integers", "[enumerator]") {
  using oracle::Coord;
  CHECK(oracle::may_overlap(Coord::point(3), Coord::point(3)));
  CHECK_FALSE(oracle::may_overlap(Coord::point(3), Coord::point(4)));
  CHECK(oracle::may_overlap(Coord::any(), Coord::point(-7)));
  CHECK(oracle::may_overlap(Coord::ray(2, 1), Coord::point(9)));
  CHECK_FALSE(oracle::may_overlap(Coord::ray(2, 1), Coord::point(1)));
  CHECK(oracle::may_overlap(Coord::ray(2, -1), Coord::point(-5)));
  CHECK_FALSE(oracle::may_overlap(Coord::ray(2, 2), Coord::point(5)));
  CHECK(oracle::may_overlap(Coord::ray(0, 1), Coord::ray(-10, 1)));
  CHECK(oracle::may_overlap(Coord::ray(0, 1), Coord::ray(3, -1)));
  CHECK_FALSE(oracle::may_overlap(Coord::ray(4, 1), Coord::ray(3, -1)));
  CHECK_FALSE(oracle::may_overlap(Coord::ray(0, 2), Coord::ray(1, 2)));
  CHECK_FALSE(oracle::may_overlap(Coord::ray(0, 2), Coord::ray(1, -3)));
  CHECK(oracle::may_overlap(Coord::ray(0, 2), Coord::ray(3, -3)));
  CHECK(oracle::may_overlap(Coord::ray(0, 2), Coord::ray(6, -3)));
}

TEST_CASE("reductions, accumulators, buffers and relaxed arrays have no dependences",
          "[enumerator]") {
  ir::Loop loop = counted({{"i", num(0), par(0)}}, {"N"});
  const int acc = add_array(loop, "acc", 0, ir::ArrayKind::Accumulator);
  const int buf = add_array(loop, "buf", 1, ir::ArrayKind::Buffer);
  const int rel = add_array(loop, "R", 1);
  const int a = add_array(loop, "A", 1);
  loop.clauses.relax = {"R"};
  add_ref(loop, acc, R::Reduce, {});
  add_ref(loop, buf, R::Write, {affine(num(0))});
  add_ref(loop, buf, R::Read, {affine(num(0))});
  add_ref(loop, rel, R::ReadWrite, {affine(num(0))});
  add_ref(loop, a, R::Reduce, {affine(num(0))});
  CHECK(truth_of(loop, {{"N", 4}}).distances.empty());
}

TEST_CASE("array iteration walks the full key box", "[enumerator]") {
  // for ([key, r] : R) for k in [0,K): W(key[0], k) += ...
  ir::Loop loop;
  loop.space.kind = ir::IterationSpace::Kind::Array;
  loop.parameters = {
      {"R.extent(0)", std::nullopt}, {"R.extent(1)", std::nullopt}, {"K", std::nullopt}};
  loop.space.dims = {{"key[0]", bound(num(0)), bound(par(0))},
                     {"key[1]", bound(num(0)), bound(par(1))}};
  loop.space.array = add_array(loop, "R", 2, ir::ArrayKind::Sparse);
  const int k = add_inner(loop, "k", num(0), par(2));
  const int w = add_array(loop, "W", 2);
  add_ref(loop, w, R::ReadWrite, {affine(it(0)), affine(in(k))}, {k});
  const oracle::Truth t = truth_of(loop, {{"R.extent(0)", 3}, {"R.extent(1)", 4}, {"K", 2}});
  CHECK(t.iterations == 12);
  REQUIRE(keys(t) == std::set<PairKey>{{DepKind::RAW, w, 1, 0, 0}, {DepKind::WAR, w, 1, 0, 0}});
  CHECK(sorted(t.distances.begin()->second) == std::set<Distance>{{0, 1}, {0, 2}, {0, 3}});
}

TEST_CASE("domains that are too large or not enumerable are reported", "[enumerator]") {
  ir::Loop loop = counted({{"i", num(0), par(0)}, {"j", num(0), par(0)}}, {"N"});
  const int a = add_array(loop, "A", 1);
  add_ref(loop, a, R::Write, {affine(it(0))});
  oracle::Enumeration e = oracle::enumerate_dependences(loop, {{"N", 100}}, {3000, 1000000});
  CHECK(e.status == oracle::Enumeration::Status::TooLarge);
  CHECK(e.iterations == 10000);
  CHECK(e.iterations_exact);

  e = oracle::enumerate_dependences(loop, {});
  CHECK(e.status == oracle::Enumeration::Status::Unsupported);

  loop.space.dims[1].upper = {std::nullopt, "len(i)"};
  e = oracle::enumerate_dependences(loop, {{"N", 4}});
  CHECK(e.status == oracle::Enumeration::Status::Unsupported);
  CHECK(e.reason.find("len(i)") != std::string::npos);
}

TEST_CASE("triangular domains follow earlier dimensions", "[enumerator]") {
  // for i in [0,N) for j in [i,N): A(j) = A(i)
  ir::Loop loop = counted({{"i", num(0), par(0)}, {"j", it(0), par(0)}}, {"N"});
  const int a = add_array(loop, "A", 1);
  add_ref(loop, a, R::Write, {affine(it(1))});
  add_ref(loop, a, R::Read, {affine(it(0))});
  const oracle::Truth t = truth_of(loop, {{"N", 3}});
  CHECK(t.iterations == 6);
  // Write A(j) at (i,j), read A(i') at a later (i',j') with i' = j; never overwritten after a read.
  REQUIRE(keys(t) == std::set<PairKey>{{DepKind::RAW, a, 0, 0, 1}, {DepKind::RAW, a, 1, 0, 1}});
  CHECK(sorted(t.distances.at({DepKind::RAW, a, 0, 0, 1})) ==
        std::set<Distance>{{1, 0}, {1, 1}, {2, 0}});
  CHECK(sorted(t.distances.at({DepKind::RAW, a, 1, 0, 1})) == std::set<Distance>{{0, 1}, {0, 2}});
}

namespace {

deps::Dependence vector_dep(deps::DependenceKind kind, int array, int level,
                            std::vector<deps::Interval> entries,
                            std::vector<std::pair<int, int>> refs) {
  deps::Dependence d;
  d.kind = kind;
  d.array = array;
  d.distance.entries = std::move(entries);
  d.distance.level = level;
  d.refs = std::move(refs);
  // Dependence copies its isl set, which must not be null; the checker never looks at it.
  static deps::IslContext isl;
  d.exact = isl::set(isl.get(), "{ S[d0] }");
  return d;
}

ir::Loop shift_loop(int &array) {
  ir::Loop loop = counted({{"i", num(1), par(0)}}, {"N"});
  array = add_array(loop, "A", 1);
  add_ref(loop, array, R::Write, {affine(it(0))});
  add_ref(loop, array, R::Read, {affine(it(0) - num(1))});
  return loop;
}

} // namespace

TEST_CASE("the checker accepts exactly the true vectors", "[checker]") {
  int a = 0;
  const ir::Loop loop = shift_loop(a);
  const oracle::Truth t = truth_of(loop, {{"N", 6}});
  using deps::DependenceKind;
  deps::DependenceInfo info;

  info.dependences = {vector_dep(DependenceKind::RAW, a, 0, {{1, 1}}, {{0, 1}})};
  oracle::CheckResult r = oracle::check_dependences(loop, t, info, true);
  CHECK(r.sound);
  CHECK(r.exactness == oracle::Exactness::Exact);

  // Too wide: sound but inexact.
  info.dependences = {vector_dep(DependenceKind::RAW, a, 0, {{1, std::nullopt}}, {{0, 1}})};
  r = oracle::check_dependences(loop, t, info, true);
  CHECK(r.sound);
  CHECK(r.exactness == oracle::Exactness::Inexact);
  REQUIRE(r.inexact.size() == 2); // the hull and the pair
  CHECK(r.inexact[0].find("true hull ([1,1])") != std::string::npos);

  // Missing the distance: unsound, and named.
  info.dependences = {vector_dep(DependenceKind::RAW, a, 0, {{2, 2}}, {{0, 1}})};
  r = oracle::check_dependences(loop, t, info, true);
  CHECK_FALSE(r.sound);
  REQUIRE(r.unsound.size() == 1);
  CHECK(r.unsound[0].find("true distance (1)") != std::string::npos);

  // The right vector under the wrong kind is unsound too; a spurious extra vector is inexact.
  info.dependences = {vector_dep(DependenceKind::WAR, a, 0, {{1, 1}}, {{1, 0}})};
  r = oracle::check_dependences(loop, t, info, true);
  CHECK_FALSE(r.sound);
  CHECK(r.exactness == oracle::Exactness::Inexact);

  // Nothing reported at all.
  info.dependences.clear();
  r = oracle::check_dependences(loop, t, info, false);
  CHECK_FALSE(r.sound);
  CHECK(r.exactness == oracle::Exactness::NotApplicable);
}

TEST_CASE("the checker flags vectors that name the wrong references", "[checker]") {
  int a = 0;
  const ir::Loop loop = shift_loop(a);
  const oracle::Truth t = truth_of(loop, {{"N", 6}});
  deps::DependenceInfo info;
  info.dependences = {vector_dep(deps::DependenceKind::RAW, a, 0, {{1, 1}}, {{0, 0}})};
  const oracle::CheckResult r = oracle::check_dependences(loop, t, info, true);
  CHECK(r.sound);
  CHECK(r.misattributed.size() == 1);
  CHECK(r.exactness == oracle::Exactness::Inexact);
}

TEST_CASE("the isl analysis matches the enumeration on a transpose and a shift", "[checker]") {
  ir::Loop loop = counted({{"i", num(0), par(0)}, {"j", num(0), par(1)}}, {"N", "M"});
  const int a = add_array(loop, "A", 2);
  add_ref(loop, a, R::Write, {affine(it(0)), affine(it(1))});
  add_ref(loop, a, R::Read, {affine(it(1)), affine(it(0))});
  add_ref(loop, a, R::Read, {affine(it(0) - num(1)), affine(it(1) + num(1))});
  REQUIRE(oracle::exactness_applies(loop));
  deps::IslContext isl;
  for (const oracle::ParameterValues &values :
       {oracle::ParameterValues{{"N", 5}, {"M", 5}}, oracle::ParameterValues{{"N", 4}, {"M", 7}}}) {
    const oracle::Truth t = truth_of(loop, values);
    const deps::DependenceInfo info = deps::analyze_dependences(loop, isl, {values});
    const oracle::CheckResult r = oracle::check_dependences(loop, t, info, true);
    INFO(values.at("M"));
    for (const std::string &m : r.unsound)
      INFO(m);
    for (const std::string &m : r.inexact)
      INFO(m);
    CHECK(r.sound);
    CHECK(r.exactness == oracle::Exactness::Exact);
  }
}

TEST_CASE("a compound update's self-pair has every kind that occurs, and isl lists them all",
          "[checker]") {
  // for i, j: C(i + j) += ... — C is read and written at (a, -a) from itself: RAW and WAR, and
  // WAW only when the loop is ordered (unordered loops may reorder writes).
  for (const bool ordered : {false, true}) {
    ir::Loop loop = counted({{"i", num(0), par(0)}, {"j", num(0), par(0)}}, {"N"});
    loop.clauses.ordered = ordered;
    const int c = add_array(loop, "C", 1);
    add_ref(loop, c, R::ReadWrite, {affine(it(0) + it(1))});
    const oracle::ParameterValues values{{"N", 4}};
    const oracle::Truth t = truth_of(loop, values);
    std::set<PairKey> expected{{DepKind::RAW, c, 0, 0, 0}, {DepKind::WAR, c, 0, 0, 0}};
    if (ordered)
      expected.insert({DepKind::WAW, c, 0, 0, 0});
    CHECK(keys(t) == expected);

    deps::IslContext isl;
    const deps::DependenceInfo info = deps::analyze_dependences(loop, isl, {values});
    std::set<deps::DependenceKind> listed;
    for (const deps::Dependence &d : info.dependences)
      listed.insert(d.kind);
    CHECK(listed.size() == expected.size());
    const oracle::CheckResult r = oracle::check_dependences(loop, t, info, true);
    for (const std::string &m : r.inexact)
      UNSCOPED_INFO(m);
    CHECK(r.sound);
    CHECK(r.exactness == oracle::Exactness::Exact);
  }
}
