// The schedule executors on hand-written plans (what orionc emits), on every rank count and
// thread count the ctest matrix runs: results are compared with the same loop run serially (1D,
// wavefront, skewed) or with --orion-replay-serial (the unordered rotation).
#include <orion/accumulator.hpp>
#include <orion/dense_array.hpp>
#include <orion/detail/comm.hpp>
#include <orion/detail/state.hpp>
#include <orion/error.hpp>
#include <orion/parallel.hpp>
#include <orion/rng.hpp>
#include <orion/session.hpp>
#include <orion/sparse_array.hpp>

#include <catch2/catch.hpp>

#include <pthread.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <tuple>
#include <utility>
#include <vector>

using namespace orion;
using model::Protocol;
using model::Role;

namespace {

std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

SparseArray<float, 2> ratings(std::int64_t rows, std::int64_t cols, std::int64_t nnz) {
  SparseArray<float, 2> r({rows, cols});
  for (std::int64_t n = 0; n < nnz; ++n) {
    const std::uint64_t h = mix(static_cast<std::uint64_t>(n));
    r.push_back({static_cast<std::int64_t>(h % rows), static_cast<std::int64_t>((h >> 20) % cols)},
                static_cast<float>((h >> 40) % 5 + 1));
  }
  return r;
}

/// The runtime counts each loop's passes by the address of its plan (generated code keeps it in
/// a static), and the first pass of a rotation is staggered. Plans here live on the stack, where
/// a test's plan may reuse the address of an earlier test's: tests that depend on pass numbers
/// start with no loop seen.
void forget_loops() { detail::state().loop_profiles.clear(); }

plan::LoopPlan sgd_plan(plan::Candidate candidate) {
  plan::LoopPlan p;
  p.file = "sgd.cpp";
  p.line = 7;
  p.dims = 2;
  p.arrays = {{"ratings", false}, {"W", true}, {"H", true}};
  p.candidates = {std::move(candidate)};
  p.reductions = {"loss"};
  return p;
}

plan::Candidate rotation() {
  return {Protocol::Rotation,
          {0, 1},
          {},
          {{0, Role::Local, -1}, {1, Role::Local, 0}, {2, Role::Rotated, 0}},
          {{model::CostKind::RotatedPerPass, 2, 0}},
          "(P - 1) * H"};
}

struct Sgd {
  SparseArray<float, 2> data = ratings(60, 45, 900);
  DenseArray<float, 2> W{{60, 4}}, H{{45, 4}};
  Accumulator<double> loss;

  Sgd() {
    W.fill_normal(0.0f, 0.1f, 1);
    H.fill_normal(0.0f, 0.1f, 2);
  }
  // Generic in the arrays: in a loop they are the runtime's views (which record accesses under
  // --orion-check), not the DenseArrays themselves.
  static void update(auto &W, auto &H, const auto &key, const float r, auto &loss) {
    const std::int64_t u = key[0], i = key[1];
    float pred = 0;
    for (int k = 0; k < 4; ++k)
      pred += W(u, k) * H(i, k);
    const float err = r - pred;
    for (int k = 0; k < 4; ++k) {
      const float w = W(u, k), h = H(i, k);
      W(u, k) = w + 0.05f * (err * h - 0.01f * w);
      H(i, k) = h + 0.05f * (err * w - 0.01f * h);
    }
    loss += err * err;
  }
  double epochs(const plan::LoopPlan &p, int n) {
    double total = 0;
    for (int e = 0; e < n; ++e) {
      parallel::for_each(
          p, data, parallel::arrays(W, H),
          [&](auto &W, auto &H, const auto &key, auto &r) { update(W, H, key, r, loss); });
      total = loss.aggregate();
      loss.reset();
    }
    return total;
  }
  /// The serial program: the elements in storage order, on this thread.
  void serial_epochs(int n) {
    double ignored = 0;
    for (int e = 0; e < n; ++e)
      for (auto &&[key, r] : data)
        update(W, H, key, r, ignored);
  }
};

/// `a`'s elements in lexicographic key order.
SparseArray<float, 2> sorted_by_key(const SparseArray<float, 2> &a) {
  std::vector<std::int64_t> order(static_cast<std::size_t>(a.nnz()));
  std::iota(order.begin(), order.end(), std::int64_t{0});
  std::sort(order.begin(), order.end(),
            [&](std::int64_t x, std::int64_t y) { return a.key(x) < a.key(y); });
  SparseArray<float, 2> out({a.extent(0), a.extent(1)});
  for (const std::int64_t e : order)
    out.push_back(a.key(e), a.values()[static_cast<std::size_t>(e)]);
  return out;
}

template <class T, std::size_t N> bool same(const DenseArray<T, N> &a, const DenseArray<T, N> &b) {
  return std::equal(a.data(), a.data() + a.size(), b.data());
}

/// Runs f with one runtime option switched on.
template <class F> void with_option(bool Options::*flag, F f) {
  auto &options = detail::state().options;
  options.*flag = true;
  try {
    f();
  } catch (...) {
    options.*flag = false;
    throw;
  }
  options.*flag = false;
}

/// Runs `epochs` passes of SGD under plan p in parallel and again with --orion-replay-serial
/// (each on a loop of its own, so both start with the staggered pass): identical results.
void check_replay(const plan::LoopPlan &p, int epochs) {
  forget_loops();
  const plan::LoopPlan q = p;
  Sgd parallel_run, replay;
  const double a = parallel_run.epochs(p, epochs);
  double b = 0;
  with_option(&Options::replay_serial, [&] { b = replay.epochs(q, epochs); });
  CHECK(a == b);
  CHECK(same(parallel_run.W, replay.W));
  CHECK(same(parallel_run.H, replay.H));
}

} // namespace

TEST_CASE("2D rotation is bit-identical to its serial replay", "[mpi][parallel]") {
  const plan::LoopPlan p = sgd_plan(rotation());
  check_replay(p, 3);
  // It learns: the loss of a pass goes down.
  Sgd fresh;
  const double first = fresh.epochs(p, 1), later = fresh.epochs(p, 5);
  CHECK(later < first);
}

TEST_CASE("the exchange after a loop reuses its buffers from one loop to the next",
          "[mpi][parallel]") {
  // Fresh megabyte buffers per exchange cost more page faults than the transfer itself; a loop
  // run every epoch must find its scratch in place (same storage, nothing regrown). The first
  // pass is staggered and may exchange other slabs, so the steady state starts with the second.
  const plan::LoopPlan p = sgd_plan(rotation());
  Sgd sgd;
  sgd.epochs(p, 2);
  const auto &st = detail::state();
  const unsigned char *out = st.exchange_out.data(), *in = st.exchange_in.data();
  const std::size_t out_capacity = st.exchange_out.capacity();
  sgd.epochs(p, 3);
  if (detail::comm_size() > 1) {
    CHECK(st.exchange_in.size() > 0);
    CHECK(st.exchange_out.capacity() == out_capacity);
    CHECK(st.exchange_out.data() == out);
    CHECK(st.exchange_in.data() == in);
  }
}

TEST_CASE("histogram-balanced rotation is bit-identical to its serial replay", "[mpi][parallel]") {
  plan::LoopPlan p = sgd_plan(rotation());
  p.histogram = true;
  check_replay(p, 2);
  const plan::LoopPlan r = p;
  with_option(&Options::check, [&] { Sgd().epochs(r, 2); });
}

TEST_CASE("a wavefront hands the rotated array's slabs down the chain of ranks",
          "[mpi][parallel]") {
  // SGD as an ordered loop: W local, H rotated, so between ranks only H's time parts travel.
  plan::Candidate c = rotation();
  c.protocol = Protocol::Wavefront;
  plan::LoopPlan p = sgd_plan(c);
  p.ordered = true;
  // Stored in key order, the elements run in the serial program's order: W and H bit-identical
  // to a plain loop over the storage.
  forget_loops();
  Sgd wavefront, serial;
  wavefront.data = sorted_by_key(wavefront.data);
  serial.data = sorted_by_key(serial.data);
  wavefront.epochs(p, 2);
  serial.serial_epochs(2);
  CHECK(same(wavefront.W, serial.W));
  CHECK(same(wavefront.H, serial.H));
  // Stored out of key order, a wavefront on several workers cannot keep the storage order, and
  // says so rather than run another order.
  if (num_workers() > 1) {
    const plan::LoopPlan q = p;
    Sgd shuffled;
    CHECK_THROWS_WITH(shuffled.epochs(q, 1), Catch::Contains("are not stored in key order") &&
                                                 Catch::Contains("sgd.cpp:7"));
  }
}

TEST_CASE("the first pass of a rotation starts staggered, as a wavefront", "[mpi][parallel]") {
  forget_loops();
  // Which time part (column block) each worker's first iteration falls in, per pass.
  const plan::LoopPlan p = sgd_plan(rotation());
  Sgd s; // dense enough that no block is empty at 8 workers (8 x 16 blocks)
  s.data = ratings(64, 640, 20000);
  s.W = DenseArray<float, 2>({64, 4});
  s.H = DenseArray<float, 2>({640, 4});
  const std::int64_t P = num_workers(), cols = s.data.extent(1);
  auto first_columns = [&] {
    std::vector<std::int64_t> first(static_cast<std::size_t>(threads_per_rank()), -1);
    parallel::for_each(
        p, s.data, parallel::arrays(s.W, s.H), [&](auto &, auto &, const auto &key, auto &) {
          const auto local =
              static_cast<std::size_t>(worker_id() - std::int64_t{rank()} * threads_per_rank());
          if (first[local] < 0)
            first[local] = key[1];
        });
    return first;
  };
  const auto staggered = first_columns(), rotating = first_columns();
  if (P == 1)
    return; // one block: nothing to stagger
  // k = 2 equal time parts per worker: part t holds columns [t cols / 2P, (t + 1) cols / 2P).
  const std::int64_t time_parts = 2 * P;
  auto part_start = [&](std::int64_t t) { return t * cols / time_parts; };
  for (std::size_t local = 0; local < staggered.size(); ++local) {
    const std::int64_t g = std::int64_t{rank()} * threads_per_rank() + std::int64_t(local);
    CAPTURE(g, staggered[local], rotating[local]);
    // Staggered: every worker starts on time part 0, after its predecessor.
    CHECK(staggered[local] >= 0);
    CHECK(staggered[local] < part_start(1));
    // Rotating: worker g starts on time part 2g.
    CHECK(rotating[local] >= part_start(2 * g));
    CHECK(rotating[local] < part_start(2 * g + 1));
  }
}

TEST_CASE("--orion-stagger=0 starts every rotation pass at once", "[mpi][parallel]") {
  forget_loops();
  const plan::LoopPlan p = sgd_plan(rotation()), q = p;
  auto &options = detail::state().options;
  Sgd staggered, unstaggered;
  staggered.epochs(p, 1);
  options.stagger = 0;
  unstaggered.epochs(q, 1);
  options.stagger = 1;
  // One worker runs the same single block either way; more run different orders.
  CHECK(same(staggered.W, unstaggered.W) == (num_workers() == 1));
}

TEST_CASE("--orion-rotation-depth sets the time parts per worker of a rotation",
          "[mpi][parallel]") {
  auto &options = detail::state().options;
  const int chosen = options.rotation_depth; // 0: chosen per loop (the default)
  const plan::LoopPlan p = sgd_plan(rotation());
  std::vector<DenseArray<float, 2>> results;
  for (const int depth : {1, 2, 3}) {
    CAPTURE(depth);
    forget_loops();
    options.rotation_depth = depth;
    try {
      // Exact at every depth: bit-identical to its replay, and no conflict under --orion-check.
      check_replay(p, 2);
      forget_loops();
      const plan::LoopPlan q = p;
      with_option(&Options::check, [&] { Sgd().epochs(q, 2); });
      forget_loops();
      Sgd sgd;
      sgd.epochs(p, 2);
      results.push_back(sgd.W);
    } catch (...) {
      options.rotation_depth = chosen;
      throw;
    }
    options.rotation_depth = chosen;
  }
  // More workers: each depth is another order of the blocks, so other factors. One worker runs
  // a single block at any depth.
  CHECK(same(results[0], results[1]) == (num_workers() == 1));
  CHECK(same(results[1], results[2]) == (num_workers() == 1));
}

TEST_CASE("with one worker, a loop's reduction continues the accumulator as serial code does",
          "[mpi][parallel]") {
  // Per-block partials folded into the accumulator round a float sum differently from the serial
  // program's `acc += x` in turn (a loop run twice added p1 + p2): one worker must be the serial
  // build, digit for digit.
  forget_loops();
  const plan::LoopPlan p = sgd_plan(rotation());
  Sgd s;
  Accumulator<float> acc(0.3f);
  float serial = 0.3f;
  for (int rep = 0; rep < 3; ++rep) {
    parallel::for_each(p, s.data, parallel::arrays(s.W, s.H), parallel::reductions(acc),
                       [](auto &, auto &, auto &sum, const auto &key, auto &r) {
                         sum += r * 0.1f + static_cast<float>(key[1]) * 1e-3f;
                       });
    for (auto &&[key, r] : s.data)
      serial += r * 0.1f + static_cast<float>(key[1]) * 1e-3f;
  }
  const float total = acc.aggregate();
  if (num_workers() == 1)
    CHECK(total == serial);
  else
    CHECK(total == Approx(serial).epsilon(1e-4));
}

TEST_CASE("sparse data is sorted into blocks in place: each element once, per worker its rows",
          "[mpi][parallel]") {
  // Values are element ids, so a lost, duplicated or overwritten element shows in the sums.
  const std::int64_t n = 5000;
  SparseArray<float, 2> data({300, 200});
  for (std::int64_t j = 0; j < n; ++j) {
    const std::uint64_t h = mix(static_cast<std::uint64_t>(j));
    data.push_back({static_cast<std::int64_t>(h % 300), static_cast<std::int64_t>((h >> 20) % 200)},
                   static_cast<float>(j));
  }
  auto multiset = [&] {
    std::vector<std::tuple<std::int64_t, std::int64_t, float>> all;
    for (auto &&[key, v] : data)
      all.emplace_back(key[0], key[1], v);
    std::sort(all.begin(), all.end());
    return all;
  };
  const auto before = multiset();
  plan::LoopPlan p = sgd_plan(rotation());
  p.arrays = {{"data", false}, {"W", false}, {"H", false}};
  DenseArray<float, 2> W{{300, 1}}, H{{200, 1}};
  const int threads = threads_per_rank();
  for (int pass = 0; pass < 2; ++pass) { // the second pass runs on the cached layout
    Accumulator<std::int64_t> visits;
    Accumulator<double> ids;
    std::vector<std::int64_t> lo(static_cast<std::size_t>(threads), 300), hi(lo.size(), -1);
    parallel::for_each(
        p, data, parallel::arrays(W, H), [&](auto &, auto &, const auto &key, auto &v) {
          const auto local = static_cast<std::size_t>(worker_id() - std::int64_t{rank()} * threads);
          lo[local] = std::min(lo[local], key[0]);
          hi[local] = std::max(hi[local], key[0]);
          visits += 1;
          ids += v;
        });
    CHECK(visits.aggregate() == n);
    CHECK(ids.aggregate() == static_cast<double>(n) * (n - 1) / 2);
    for (int a = 0; a < threads; ++a) // the local workers' row ranges are disjoint
      for (int b = a + 1; b < threads; ++b)
        CHECK((hi[a] < lo[b] || hi[b] < lo[a]));
  }
  CHECK(multiset() == before);
}

TEST_CASE("--orion-check passes a legal rotation and catches a wrong 1D plan", "[mpi][parallel]") {
  Sgd legal;
  with_option(&Options::check, [&] { legal.epochs(sgd_plan(rotation()), 1); });
  if (num_workers() < 2)
    return;
  // 1D on the rows: two workers update the same H rows at the same time.
  const plan::LoopPlan wrong =
      sgd_plan({Protocol::OneD,
                {0},
                {},
                {{0, Role::Local, -1}, {1, Role::Local, 0}, {2, Role::Served, -1}},
                {},
                "0"});
  Sgd bad;
  with_option(&Options::check, [&] {
    CHECK_THROWS_WITH(bad.epochs(wrong, 1),
                      Catch::Contains("--orion-check: the parallel loop at sgd.cpp:7 is not "
                                      "serializable under schedule '1d (0)'") &&
                          Catch::Contains("wrote H("));
  });
}

namespace {

plan::LoopPlan nest_plan(plan::Candidate c, const char *array) {
  plan::LoopPlan p;
  p.file = "nest.cpp";
  p.line = 3;
  p.dims = 2;
  p.ordered = c.protocol == Protocol::Wavefront;
  p.arrays = {{"", false}, {array, true}};
  p.candidates = {std::move(c)};
  return p;
}

} // namespace

TEST_CASE("ordered 2D wavefront (Gauss-Seidel) equals the serial loop", "[mpi][parallel]") {
  const std::int64_t n = 23;
  DenseArray<double, 2> A({n, n}), serial({n, n});
  A.fill_uniform(0.0, 1.0, 5);
  serial = A;
  const plan::LoopPlan p =
      nest_plan({Protocol::Wavefront, {0, 1}, {}, {{1, Role::Served, -1}}, {}, "0"}, "A");
  for (int sweep = 0; sweep < 3; ++sweep) {
    for (std::int64_t i = 1; i < n - 1; ++i)
      for (std::int64_t j = 1; j < n - 1; ++j)
        serial(i, j) =
            0.25 * (serial(i - 1, j) + serial(i + 1, j) + serial(i, j - 1) + serial(i, j + 1));
    parallel::for_nest<2>(
        p,
        parallel::NestBounds<2>{{{{1, {0, 0}}, {1, {0, 0}}}}, {{{n - 1, {0, 0}}, {n - 1, {0, 0}}}}},
        parallel::arrays(A), [&](auto &A, const parallel::Block<2> &b) {
          for (std::int64_t i = b.lower(0, 1); i < b.upper(0, n - 1); ++i)
            for (std::int64_t j = b.lower(1, 1, i); j < b.upper(1, n - 1, i); ++j)
              A(i, j) = 0.25 * (A(i - 1, j) + A(i + 1, j) + A(i, j - 1) + A(i, j + 1));
        });
  }
  CHECK(same(A, serial));
}

TEST_CASE("skewed stencil on the unimodular path equals the serial loop", "[mpi][parallel]") {
  const std::int64_t n = 19;
  DenseArray<double, 2> A({n, n}), serial({n, n});
  A.fill_uniform(0.0, 1.0, 9);
  serial = A;
  for (std::int64_t i = 1; i < n; ++i)
    for (std::int64_t j = 0; j < n - 1; ++j)
      serial(i, j) += 0.5 * serial(i - 1, j + 1);
  const plan::LoopPlan p =
      nest_plan({Protocol::OneD, {1}, {{1, 0}, {1, 1}}, {{1, Role::Rotated, -1}}, {}, "0"}, "A");
  parallel::for_nest<2>(
      p, parallel::NestBounds<2>{{{{1, {0, 0}}, {0, {0, 0}}}}, {{{n, {0, 0}}, {n - 1, {0, 0}}}}},
      parallel::arrays(A), [&](auto &A, const parallel::Block<2> &b) {
        for (std::int64_t i = b.lower(0, 1); i < b.upper(0, n); ++i)
          for (std::int64_t j = b.lower(1, 0, i); j < b.upper(1, n - 1, i); ++j)
            A(i, j) += 0.5 * A(i - 1, j + 1);
      });
  CHECK(same(A, serial));
}

TEST_CASE("1D nest with unaligned writes and a triangular bound", "[mpi][parallel]") {
  const std::int64_t n = 41;
  DenseArray<std::int64_t, 1> B({n + 1}), serial({n + 1});
  for (std::int64_t i = 0; i < n; ++i)
    serial(i + 1) = 3 * i;
  plan::LoopPlan p = nest_plan({Protocol::OneD, {0}, {}, {{1, Role::Served, -1}}, {}, "0"}, "B");
  p.dims = 1;
  parallel::for_nest<1>(p, parallel::NestBounds<1>{{{{0, {0}}}}, {{{n, {0}}}}}, parallel::arrays(B),
                        [&](auto &B, const parallel::Block<1> &b) {
                          for (std::int64_t i = b.lower(0, 0); i < b.upper(0, n); ++i)
                            B(i + 1) = 3 * i;
                        });
  CHECK(same(B, serial));

  // Triangular: j from i to n; every (i, j) counted once, reduced over workers.
  Accumulator<std::int64_t> count;
  plan::LoopPlan tri = nest_plan({Protocol::OneD, {0}, {}, {}, {}, "0"}, "");
  tri.arrays.resize(1);
  parallel::for_nest<2>(
      tri, parallel::NestBounds<2>{{{{0, {0, 0}}, {0, {1, 0}}}}, {{{n, {0, 0}}, {n, {0, 0}}}}},
      parallel::arrays(), [&](const parallel::Block<2> &b) {
        for (std::int64_t i = b.lower(0, 0); i < b.upper(0, n); ++i)
          for (std::int64_t j = b.lower(1, i, i); j < b.upper(1, n, i); ++j)
            count += 1;
      });
  CHECK(count.aggregate() == n * (n + 1) / 2);
}

TEST_CASE("1D writes through a permutation reach every rank: runs of changed elements, gaps, "
          "an unchanged write, and a run that ends the array",
          "[mpi][parallel]") {
  // Iteration i writes element p(i) = 7i mod n, moved up by n when 5 divides i: a one-to-one map
  // into [0, 2n - 4) whose last element is written, so each rank's diff against the copy taken
  // before the loop is many runs of changed elements with gaps. Element n (i = 0) is written with
  // the value it already holds. Padded to more than 64 bytes per iteration, the array is not
  // copied (executor.cpp, snapshot_pays): the blocks log their accesses instead.
  for (const std::int64_t pad : {std::int64_t{0}, std::int64_t{20000}}) {
    INFO("padding " << pad);
    const std::int64_t n = 1000, size = 2 * n - 4 + pad;
    DenseArray<std::int64_t, 1> perm({n});
    DenseArray<double, 1> B({size}), serial({size});
    for (std::int64_t i = 0; i < n; ++i)
      perm(i) = (i * 7) % n + (i % 5 == 0 ? n : 0);
    B(n) = serial(n) = 4.0;
    const auto value = [](std::int64_t i, std::int64_t at) {
      return at == n ? 4.0 : 0.5 * static_cast<double>(i) + 1.0;
    };
    for (std::int64_t i = 0; i < n; ++i)
      serial(perm(i)) = value(i, perm(i));
    REQUIRE(serial(2 * n - 5) != 0.0);
    plan::LoopPlan p = nest_plan(
        {Protocol::OneD, {0}, {}, {{1, Role::Served, -1}, {2, Role::Local, 0}}, {}, "0"}, "B");
    p.dims = 1;
    p.arrays.push_back({"perm", false});
    parallel::for_nest<1>(p, parallel::NestBounds<1>{{{{0, {0}}}}, {{{n, {0}}}}},
                          parallel::arrays(B, perm),
                          [&](auto &B, auto &perm, const parallel::Block<1> &b) {
                            for (std::int64_t i = b.lower(0, 0); i < b.upper(0, n); ++i)
                              B(perm(i)) = value(i, perm(i));
                          });
    CHECK(same(B, serial));
  }
}

TEST_CASE("an exception in a loop body reaches the caller", "[mpi][parallel]") {
  if (num_ranks() > 1)
    return; // across ranks this aborts the job: tested end to end (e2e)
  Sgd s;
  plan::LoopPlan p = sgd_plan(rotation());
  CHECK_THROWS_WITH(parallel::for_each(p, s.data, parallel::arrays(s.W, s.H),
                                       [&](auto &, auto &, const auto &key, auto &) {
                                         if (key[0] == 7)
                                           throw Error("bad row 7");
                                       }),
                    "bad row 7");
}

TEST_CASE("plans the executors cannot run are clear errors", "[mpi][parallel]") {
  Sgd s;
  plan::Candidate swapped = rotation();
  swapped.transform = {{0, 1}, {1, 0}};
  CHECK_THROWS_WITH(s.epochs(sgd_plan(swapped), 1),
                    Catch::Contains("runs lower unit-triangular transforms only") &&
                        Catch::Contains("'unimodular (0, 1)'"));
}

TEST_CASE("a rotation writing an array it does not partition ships the recorded writes",
          "[mpi][parallel]") {
  // H written with subscripts the schedule does not partition (a served role): the rounds run
  // in lockstep and every block's recorded writes reach every rank, so the result is the serial
  // replay's, bit for bit, on any number of ranks. (This used to be refused on several ranks:
  // "neither local nor rotated".)
  plan::Candidate served = rotation();
  served.roles[2] = {2, Role::Served, -1};
  check_replay(sgd_plan(served), 2);
}

TEST_CASE("orion::rng in a loop body: one worker continues the driver's stream, several draw "
          "their own",
          "[mpi][parallel][rng]") {
  const std::int64_t n = 101;
  plan::LoopPlan p = nest_plan({Protocol::OneD, {0}, {}, {{1, Role::Local, 0}}, {}, "0"}, "A");
  p.dims = 1;
  const plan::LoopPlan q = p; // a loop of its own for the replay
  // Driver draw, the loop (A(i) = a draw), driver draw; from fresh streams.
  auto run = [&](const plan::LoopPlan &plan, DenseArray<double, 1> &A) {
    detail::state().reseed();
    const double before = rng().uniform();
    parallel::for_nest<1>(plan, parallel::NestBounds<1>{{{{0, {0}}}}, {{{n, {0}}}}},
                          parallel::arrays(A), [&](auto &A, const parallel::Block<1> &b) {
                            for (std::int64_t i = b.lower(0, 0); i < b.upper(0, n); ++i)
                              A(i) = rng().uniform();
                          });
    return std::pair{before, rng().uniform()};
  };
  DenseArray<double, 1> A({n}), expected({n});
  const auto [before, after] = run(p, A);

  const std::uint64_t seed = options().seed;
  const std::int64_t P = num_workers();
  Rng driver(seed, 0);
  CHECK(before == driver.uniform());
  if (P == 1) {
    // The serial program's numbers: the loop continues the driver's stream.
    for (std::int64_t i = 0; i < n; ++i)
      expected(i) = driver.uniform();
  } else {
    // Worker g draws its block [n g / P, n (g + 1) / P) from the stream (seed, g + 1).
    for (std::int64_t g = 0; g < P; ++g) {
      Rng own(seed, static_cast<std::uint64_t>(g) + 1);
      for (std::int64_t i = n * g / P; i < n * (g + 1) / P; ++i)
        expected(i) = own.uniform();
    }
  }
  // With several workers the loop leaves the driver's stream where it was.
  CHECK(after == driver.uniform());
  CHECK(same(A, expected));

  // --orion-replay-serial draws the same numbers, and the driver sees the same stream.
  DenseArray<double, 1> replayed({n});
  with_option(&Options::replay_serial, [&] {
    CHECK(run(q, replayed) == std::pair{before, after});
  });
  CHECK(same(replayed, A));
  detail::state().reseed();
}

TEST_CASE("a worker thread that cannot start is a clear error, and nothing hangs",
          "[mpi][parallel]") {
  if (num_ranks() > 1 || threads_per_rank() < 2)
    return; // across ranks the error aborts the job; one thread starts no thread
  // Thread stacks larger than the address space: every thread start fails (EAGAIN).
  pthread_attr_t saved, huge;
  REQUIRE(pthread_getattr_default_np(&saved) == 0);
  pthread_attr_init(&huge);
  pthread_attr_setstacksize(&huge, std::size_t{1} << 47);
  REQUIRE(pthread_setattr_default_np(&huge) == 0);
  Sgd s;
  detail::state().reseed(); // drops the lockstep crew earlier tests left: it must start again
  const plan::LoopPlan rotating = sgd_plan(rotation()), checked = rotating;
  CHECK_THROWS_WITH(s.epochs(rotating, 1), Catch::Contains("cannot start worker thread 1 of") &&
                                               Catch::Contains("use fewer --orion-threads"));
  with_option(&Options::check, [&] {
    CHECK_THROWS_WITH(s.epochs(checked, 1), Catch::Contains("cannot start worker thread 1 of"));
  });
  REQUIRE(pthread_setattr_default_np(&saved) == 0);
  pthread_attr_destroy(&huge);
  pthread_attr_destroy(&saved);
  const plan::LoopPlan again = rotating;
  CHECK_NOTHROW(s.epochs(again, 1)); // threads start again
}
