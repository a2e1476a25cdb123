// A collective call that only some ranks reach (under `if (orion::is_root())`, `orion::rank() ==
// 0`, a local flag set from them, or `?:`) is a warning at the call with a note at the condition:
// every rank must make the same collective calls, so such a run stops with a collective call
// mismatch (codegen/collective_mismatch.cpp runs one). Making the call on every rank and branching
// only to print is fine.
// RUN: %orionc --dump=loops %s 2>&1 | FileCheck %s --implicit-check-not=warning:
#include <orion/orion.hpp>

#include <cstdio>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  orion::DenseArray<double, 1> a({100});
  orion::Accumulator<double> sum;
  orion::Buffer<double, 1> wb(
      a, [](double &x, double d) { x += d; }, orion::max_delay(4));
#pragma orion parallel_for
  for (int64_t i = 0; i < 100; ++i)
    sum += a(i);

  if (orion::is_root())
    std::printf("%f\n", sum.aggregate());
  // CHECK: rank_dependent_collective.cpp:[[@LINE-1]]:29: warning: Accumulator::aggregate() is collective, but only some ranks reach it here: every rank must make the same collective calls in the same order, so this run stops with a collective call mismatch; make the call on every rank and branch on the rank only for what follows (e.g. printing the result)
  // CHECK: rank_dependent_collective.cpp:[[@LINE-3]]:7: note: this condition depends on the rank

  const bool root = orion::rank() == 0;
  if (argc > 1 && root) {
    auto ratings = orion::load_triplets<float>(argv[1]);
    // CHECK: rank_dependent_collective.cpp:[[@LINE-1]]:20: warning: orion::load_triplets() is collective, but only some ranks reach it here
    // CHECK: rank_dependent_collective.cpp:[[@LINE-3]]:7: note: this condition depends on the rank
  } else {
    orion::checkpoint("ckpt", 1, a);
    // CHECK: rank_dependent_collective.cpp:[[@LINE-1]]:5: warning: orion::checkpoint() is collective, but only some ranks reach it here
  }

  const double shown = orion::is_root() ? sum.aggregate() : 0.0;
  // CHECK: rank_dependent_collective.cpp:[[@LINE-1]]:47: warning: Accumulator::aggregate() is collective
  std::printf("%f\n", shown);

  if (orion::is_root()) {
#pragma orion parallel_for
    for (int64_t i = 0; i < 100; ++i)
      a(i) = 1.0;
    // CHECK: rank_dependent_collective.cpp:[[@LINE-2]]:5: warning: a parallel loop is collective, but only some ranks reach it here
  }

  // Changing an array on some ranks only: each rank holds its own copy, and the next parallel
  // loop would read different data on each (a sum of 160 for the serial 200 at two ranks).
  orion::DenseArray<double, 2> m({4, 4});
  orion::SparseArray<float, 2> r({4, 4});
  if (orion::is_root()) {
    a.fill(5.0);
    // CHECK: rank_dependent_collective.cpp:[[@LINE-1]]:5: warning: 'a' is changed only on some ranks here: every rank holds its own copy of every orion array, Buffer and accumulator, and parallel loops and aggregate() read them, so the ranks would compute with different data; change it on every rank and branch on the rank only for output
    // CHECK: rank_dependent_collective.cpp:[[@LINE-3]]:7: note: this condition depends on the rank
    a(3) = 1.0;
    // CHECK: rank_dependent_collective.cpp:[[@LINE-1]]:5: warning: 'a' is changed only on some ranks here
    m(1, 2) += 2.0;
    // CHECK: rank_dependent_collective.cpp:[[@LINE-1]]:5: warning: 'm' is changed only on some ranks here
    m.row(1)[0] = 3.0;
    // CHECK: rank_dependent_collective.cpp:[[@LINE-1]]:5: warning: 'm' is changed only on some ranks here
    ++a(0);
    // CHECK: rank_dependent_collective.cpp:[[@LINE-1]]:5: warning: 'a' is changed only on some ranks here
    r.push_back({1, 1}, 2.0f);
    // CHECK: rank_dependent_collective.cpp:[[@LINE-1]]:5: warning: 'r' is changed only on some ranks here
  }
  if (orion::rank() == 1)
    m = orion::DenseArray<double, 2>({4, 4});
  // CHECK: rank_dependent_collective.cpp:[[@LINE-1]]:5: warning: 'm' is changed only on some ranks here
  // Outside a loop, worker_id() is rank() * threads_per_rank(): a rank test too (it used to pass
  // without a word).
  if (orion::worker_id() == 0)
    a(2) = 4.0;
  // CHECK: rank_dependent_collective.cpp:[[@LINE-1]]:5: warning: 'a' is changed only on some ranks here
  // CHECK: rank_dependent_collective.cpp:[[@LINE-3]]:7: note: this condition depends on the rank

  // An accumulator's driver-code contribution or reset, a Buffer's update and a draw from the
  // random stream every rank keeps in step, on some ranks only (found by a helper writing programs
  // as a new user: no warning, and totals of 150 for 100, or other random data on each rank).
  if (orion::is_root()) {
    sum.reset();
    // CHECK: rank_dependent_collective.cpp:[[@LINE-1]]:5: warning: 'sum' is changed only on some ranks here
    sum += 1000.0;
    // CHECK: rank_dependent_collective.cpp:[[@LINE-1]]:5: warning: 'sum' is changed only on some ranks here
    wb(3) += 5.0;
    // CHECK: rank_dependent_collective.cpp:[[@LINE-1]]:5: warning: 'wb' is changed only on some ranks here
    std::printf("%f\n", orion::rng().uniform());
    // CHECK: rank_dependent_collective.cpp:[[@LINE-1]]:25: warning: orion::rng() is drawn from only on some ranks here: every rank draws the same stream in step, so the ranks' later draws would differ; draw on every rank and branch on the rank only for output
    // CHECK: rank_dependent_collective.cpp:[[@LINE-9]]:7: note: this condition depends on the rank
  }

  // Fine: an array that exists only on the ranks that take the branch (output scratch).
  if (orion::is_root()) {
    orion::DenseArray<double, 1> out({4});
    out(0) = a(0);
    out.fill(0.0);
  }

  // Fine: every rank aggregates and changes its arrays; only printing depends on the rank.
  const double total = sum.aggregate();
  a(1) = 2.0;
  if (orion::is_root())
    std::printf("%f %f %f\n", total, a(1), m(1, 2));
  // Both branches make the same collective calls in the same order: every rank makes them, and
  // nothing is reported.
  if (orion::is_root())
    std::printf("%f\n", sum.aggregate());
  else
    sum.aggregate();
  // Two different parallel loops in the branches do not match at run time.
  if (orion::is_root()) {
#pragma orion parallel_for
    for (int64_t i = 0; i < 100; ++i)
      sum += a(i);
    // CHECK: rank_dependent_collective.cpp:[[@LINE-2]]:5: warning: a parallel loop is collective, but only some ranks reach it here
  } else {
#pragma orion parallel_for
    for (int64_t i = 0; i < 100; ++i)
      sum += 2 * a(i);
    // CHECK: rank_dependent_collective.cpp:[[@LINE-2]]:5: warning: a parallel loop is collective, but only some ranks reach it here
  }
  return 0;
}
