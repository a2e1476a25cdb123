// The prefetch slice planned on hand-built body outlines (passes/prefetch_slice): which statements
// it keeps, which accesses it names, and why it names no others.
#include "orion/passes/prefetch_slice.hpp"

#include <catch2/catch.hpp>

using namespace orion;
using ir::BodyNode;
using Kind = ir::BodyNode::Kind;
using deps::SliceOutcome;

namespace {

ir::ArrayDecl dense(std::string name) {
  ir::ArrayDecl a;
  a.name = std::move(name);
  return a;
}

/// Builds an outline whose nodes sit at consecutive byte ranges, children inside their parents.
class Outline {
public:
  Outline() { loop_.arrays = {dense("w"), dense("y")}; } // w (0) served, y (1) not

  int var(const std::string &name, bool stable = true) {
    loop_.outline.vars.push_back({name, stable});
    return static_cast<int>(loop_.outline.vars.size() - 1);
  }
  /// An access of `array` whose subscripts read `vars` (and the arrays `reads`).
  int touch(int array, std::vector<int> vars = {}, std::vector<int> reads = {}, bool pure = true,
            bool guarded = false) {
    ir::Touch t;
    t.guarded = guarded;
    t.array = array;
    t.call = {next_, next_ + 4};
    next_ += 5;
    t.vars = std::move(vars);
    t.reads = std::move(reads);
    t.pure = pure;
    loop_.outline.touches.push_back(t);
    return static_cast<int>(loop_.outline.touches.size() - 1);
  }
  int node(Kind kind, std::vector<int> children = {}, std::vector<int> touches = {},
           std::vector<int> vars = {}, std::vector<int> declared = {}, bool pure = true,
           bool escapes = false) {
    BodyNode n;
    n.kind = kind;
    n.children = std::move(children);
    n.touches = std::move(touches);
    n.vars = std::move(vars);
    n.declared = std::move(declared);
    n.pure = pure;
    n.escapes = escapes;
    for (int t : n.touches)
      for (int a : loop_.outline.touches[static_cast<std::size_t>(t)].reads)
        n.reads.push_back(a);
    for (int t : n.touches)
      n.reads.push_back(loop_.outline.touches[static_cast<std::size_t>(t)].array);
    unsigned begin = next_;
    for (int c : n.children)
      begin = std::min(begin, loop_.outline.nodes[static_cast<std::size_t>(c)].range.begin);
    for (int t : n.touches)
      begin = std::min(begin, loop_.outline.touches[static_cast<std::size_t>(t)].call.begin);
    n.range = {begin, next_ + 1};
    next_ += 2;
    loop_.outline.nodes.push_back(std::move(n));
    return static_cast<int>(loop_.outline.nodes.size() - 1);
  }
  ir::ByteRange range(int id) const {
    return loop_.outline.nodes[static_cast<std::size_t>(id)].range;
  }
  /// Makes node `id` the body (nodes[0]) by swapping it to the front, fixing the references.
  ir::Loop &body(int id) {
    auto &nodes = loop_.outline.nodes;
    std::swap(nodes[0], nodes[static_cast<std::size_t>(id)]);
    for (BodyNode &n : nodes)
      for (int &c : n.children)
        c = c == 0 ? id : c == id ? 0 : c;
    return loop_;
  }

private:
  ir::Loop loop_;
  unsigned next_ = 0;
};

const std::vector<bool> kServed = {true, false};

std::vector<int> named(const deps::PrefetchSlice &s) {
  std::vector<int> out;
  for (const deps::SliceEdit &e : s.edits)
    out.insert(out.end(), e.touches.begin(), e.touches.end());
  return out;
}

} // namespace

TEST_CASE("the slice names a served access under a loop whose header it keeps") {
  // float margin = w(F); for (auto &&[f, v] : X.row(s)) margin += w(f) * v;
  Outline o;
  const int f = o.var("f");
  const int margin_var = o.var("margin");
  const int wF = o.touch(0);
  const int margin = o.node(Kind::Declaration, {}, {wF}, {}, {margin_var});
  const int wf = o.touch(0, {f});
  const int update = o.node(Kind::Simple, {}, {wf}, {f, margin_var}, {}, false);
  const int loop = o.node(Kind::Loop, {update}, {}, {}, {f});
  const int body = o.node(Kind::Compound, {margin, loop});
  const deps::PrefetchSlice s = deps::plan_prefetch_slice(o.body(body), kServed);
  CHECK(s.useful());
  CHECK(named(s) == std::vector<int>{wF, wf});
  CHECK(s.outcomes[static_cast<std::size_t>(wF)] == SliceOutcome::Prefetched);
  CHECK(s.outcomes[static_cast<std::size_t>(wf)] == SliceOutcome::Prefetched);
}

TEST_CASE("a subscript computed from a served read falls back to a miss") {
  // const int64_t j = w(0); y(j) is not served; w(j) is named by nobody.
  Outline o;
  const int j = o.var("j");
  const int w0 = o.touch(0);
  const int decl = o.node(Kind::Declaration, {}, {w0}, {}, {j});
  const int wj = o.touch(0, {j});
  const int use = o.node(Kind::Simple, {}, {wj}, {j}, {}, false);
  const int yj = o.touch(1, {j});
  const int other = o.node(Kind::Simple, {}, {yj}, {j}, {}, false);
  const int body = o.node(Kind::Compound, {decl, use, other});
  const deps::PrefetchSlice s = deps::plan_prefetch_slice(o.body(body), kServed);
  CHECK(named(s) == std::vector<int>{w0});
  CHECK(s.outcomes[static_cast<std::size_t>(wj)] == SliceOutcome::UnstableVar);
  CHECK(s.outcomes[static_cast<std::size_t>(yj)] == SliceOutcome::NotServed);
}

TEST_CASE("a subscript that reads a served array or calls unknown code is not named") {
  Outline o;
  const int reads_w = o.touch(0, {}, {0});
  const int calls = o.touch(0, {}, {}, false);
  const int a = o.node(Kind::Simple, {}, {reads_w}, {}, {}, false);
  const int b = o.node(Kind::Simple, {}, {calls}, {}, {}, false);
  const int body = o.node(Kind::Compound, {a, b});
  const deps::PrefetchSlice s = deps::plan_prefetch_slice(o.body(body), kServed);
  CHECK_FALSE(s.useful());
  CHECK(s.outcomes[static_cast<std::size_t>(reads_w)] == SliceOutcome::ServedRead);
  CHECK(s.outcomes[static_cast<std::size_t>(calls)] == SliceOutcome::SideEffects);
}

TEST_CASE("nothing after a jump the slice cannot follow is named") {
  // if (rng() < p) continue;  w(k);
  Outline o;
  const int jump = o.node(Kind::Simple, {}, {}, {}, {}, false, true);
  const int wk = o.touch(0);
  const int after = o.node(Kind::Simple, {}, {wk}, {}, {}, false);
  const int body = o.node(Kind::Compound, {jump, after});
  const deps::PrefetchSlice s = deps::plan_prefetch_slice(o.body(body), kServed);
  CHECK_FALSE(s.useful());
  CHECK(s.outcomes[static_cast<std::size_t>(wk)] == SliceOutcome::AfterJump);
}

TEST_CASE("a loop whose body may leave it early goes whole") {
  // for (k...) { w(k); if (w(k) > 0) break; }  then w(0) after the loop is still named.
  Outline o;
  const int k = o.var("k");
  const int wk = o.touch(0, {k});
  const int first = o.node(Kind::Simple, {}, {wk}, {k}, {}, false);
  const int wk2 = o.touch(0, {k});
  const int exit = o.node(Kind::Simple, {}, {wk2}, {k}, {}, false, true);
  const int inner = o.node(Kind::Compound, {first, exit}, {}, {}, {}, true, true);
  const int loop = o.node(Kind::Loop, {inner}, {}, {}, {k});
  const int w0 = o.touch(0);
  const int after = o.node(Kind::Simple, {}, {w0}, {}, {}, false);
  const int body = o.node(Kind::Compound, {loop, after});
  const deps::PrefetchSlice s = deps::plan_prefetch_slice(o.body(body), kServed);
  CHECK(named(s) == std::vector<int>{w0});
  CHECK(s.outcomes[static_cast<std::size_t>(wk)] == SliceOutcome::AfterJump);
}

TEST_CASE("a kept jump is followed, and the accesses after it are named") {
  // if (i % 2) continue; w(i);   (a pure condition: the slice takes the same branch)
  Outline o;
  const int cont = o.node(Kind::Jump, {}, {}, {}, {}, true, true);
  const int branch = o.node(Kind::If, {cont}, {}, {}, {}, true, true);
  const int wi = o.touch(0);
  const int use = o.node(Kind::Simple, {}, {wi}, {}, {}, false);
  const int body = o.node(Kind::Compound, {branch, use});
  const deps::PrefetchSlice s = deps::plan_prefetch_slice(o.body(body), kServed);
  CHECK(named(s) == std::vector<int>{wi});
  // The if stays (no edit covers it): it decides whether w(i) runs.
  for (const deps::SliceEdit &e : s.edits)
    CHECK(e.touches == std::vector<int>{wi});
}

TEST_CASE("accesses under a condition the slice cannot evaluate are not named") {
  Outline o;
  const int wi = o.touch(0);
  const int then = o.node(Kind::Simple, {}, {wi}, {}, {}, false);
  const int w0 = o.touch(0);
  const int branch = o.node(Kind::If, {then}, {w0}, {}, {}, false); // the condition reads w(0)
  const int body = o.node(Kind::Compound, {branch});
  const deps::PrefetchSlice s = deps::plan_prefetch_slice(o.body(body), kServed);
  CHECK(named(s) == std::vector<int>{w0}); // the condition's own access is evaluated anyway
  CHECK(s.outcomes[static_cast<std::size_t>(wi)] == SliceOutcome::Conditional);
}

TEST_CASE("declarations and loops that lead to no named access are dropped") {
  Outline o;
  const int u = o.var("u");
  const int unused = o.node(Kind::Declaration, {}, {}, {}, {u});
  const int k = o.var("k");
  const int yk = o.touch(1, {k});
  const int inner = o.node(Kind::Simple, {}, {yk}, {k}, {}, false);
  const int loop = o.node(Kind::Loop, {inner}, {}, {}, {k});
  const int w0 = o.touch(0);
  const int use = o.node(Kind::Simple, {}, {w0}, {}, {}, false);
  const int body = o.node(Kind::Compound, {unused, loop, use});
  const ir::ByteRange unused_range = o.range(unused), loop_range = o.range(loop);
  const deps::PrefetchSlice s = deps::plan_prefetch_slice(o.body(body), kServed);
  CHECK(named(s) == std::vector<int>{w0});
  auto dropped = [&](ir::ByteRange r) {
    for (const deps::SliceEdit &e : s.edits)
      if (e.range.begin == r.begin && e.range.end == r.end && e.touches.empty())
        return true;
    return false;
  };
  CHECK(dropped(unused_range));
  CHECK(dropped(loop_range));
}

TEST_CASE("a variable the body changes is not computed by the slice") {
  Outline o;
  const int j = o.var("j", false);
  const int decl = o.node(Kind::Declaration, {}, {}, {}, {j});
  const int wj = o.touch(0, {j});
  const int use = o.node(Kind::Simple, {}, {wj}, {j}, {}, false);
  const int body = o.node(Kind::Compound, {decl, use});
  const deps::PrefetchSlice s = deps::plan_prefetch_slice(o.body(body), kServed);
  CHECK_FALSE(s.useful());
  CHECK(s.outcomes[static_cast<std::size_t>(wj)] == SliceOutcome::UnstableVar);
}

TEST_CASE("without an outline every served reference is fetched on a miss") {
  ir::Loop loop;
  loop.arrays = {dense("w"), dense("y")};
  ir::ArrayRef a, b;
  a.array = 0;
  b.array = 1;
  loop.refs = {a, b, a};
  const deps::PrefetchSlice s = deps::plan_prefetch_slice(loop, kServed);
  CHECK_FALSE(s.useful());
  CHECK(s.edits.empty());
  CHECK(s.outcomes == std::vector<SliceOutcome>{SliceOutcome::NoOutline, SliceOutcome::NoOutline});
}

TEST_CASE("an access in a branch of ?: or after && is not named") {
  // lut(d != 0 ? N / d : 0): the division runs only when d != 0; the slice would evaluate it
  // whatever d is (a SIGFPE, or a row out of range).
  Outline o;
  const int guarded = o.touch(0, {}, {}, true, true);
  const int use = o.node(Kind::Simple, {}, {guarded}, {}, {}, false);
  const int w0 = o.touch(0);
  const int plain = o.node(Kind::Simple, {}, {w0}, {}, {}, false);
  const int body = o.node(Kind::Compound, {use, plain});
  const deps::PrefetchSlice s = deps::plan_prefetch_slice(o.body(body), kServed);
  CHECK(named(s) == std::vector<int>{w0});
  CHECK(s.outcomes[static_cast<std::size_t>(guarded)] == SliceOutcome::Conditional);
}

TEST_CASE("a local type declaration stays in the slice") {
  // using Row = int64_t; const Row r = i; w(r);  -- the kept declaration names Row.
  Outline o;
  const int type = o.node(Kind::Type);
  const int r = o.var("r");
  const int decl = o.node(Kind::Declaration, {}, {}, {}, {r});
  const int wr = o.touch(0, {r});
  const int use = o.node(Kind::Simple, {}, {wr}, {r}, {}, false);
  const int body = o.node(Kind::Compound, {type, decl, use});
  const ir::ByteRange type_range = o.range(type), decl_range = o.range(decl);
  const deps::PrefetchSlice s = deps::plan_prefetch_slice(o.body(body), kServed);
  CHECK(named(s) == std::vector<int>{wr});
  for (const deps::SliceEdit &e : s.edits) {
    CHECK_FALSE((e.range.begin <= type_range.begin && type_range.end <= e.range.end));
    CHECK_FALSE((e.range.begin <= decl_range.begin && decl_range.end <= e.range.end));
  }
}

TEST_CASE("a kept declaration's variables that nothing kept reads are marked used") {
  // const int64_t j = i + 1, scale = i % 7; w(j);  -- scale stays declared, so (void)scale;
  Outline o;
  const int j = o.var("j");
  const int scale = o.var("scale");
  const int decl = o.node(Kind::Declaration, {}, {}, {}, {j, scale});
  const int wj = o.touch(0, {j});
  const int use = o.node(Kind::Simple, {}, {wj}, {j}, {}, false);
  const int body = o.node(Kind::Compound, {decl, use});
  const ir::ByteRange decl_range = o.range(decl);
  const deps::PrefetchSlice s = deps::plan_prefetch_slice(o.body(body), kServed);
  CHECK(named(s) == std::vector<int>{wj});
  REQUIRE(s.voids.size() == 1);
  CHECK(s.voids[0].at == decl_range.end);
  CHECK(s.voids[0].vars == std::vector<int>{scale});
}
