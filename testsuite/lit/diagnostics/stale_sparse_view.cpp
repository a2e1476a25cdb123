// A view of a SparseArray's storage (a row, an iterator) taken by driver code before a parallel
// loop over the array and used after it is a build error: the loop lays out the elements again,
// in place, and on several ranks moves them between ranks. Regression test (found by a helper
// writing programs as a new user): the kept row crashed the program at one worker and gave another
// sum on two ranks. A view taken after the loop, or not used after it, is fine.
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s --implicit-check-not=error:
#include <orion/orion.hpp>

#include <cstdint>
#include <cstdio>

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  auto R = orion::load_triplets<int64_t>(argv[1]);
  orion::DenseArray<int64_t, 1> col({R.extent(1)});
  auto r3 = R.row(3);
  auto first = R.begin();
  int64_t before = 0;
  for (auto &&[i, v] : R.row(1)) // used before the loop only: fine
    before += v * (i + 1);
#pragma orion parallel_for
  for (auto &&[k, v] : R)
    col(k[1]) += v;
  int64_t s = 0;
  for (auto &&[i, v] : r3)
    s += v * (i + 1);
  // CHECK: stale_sparse_view.cpp:[[@LINE-2]]:24: error: 'r3' is a view of 'R' taken before a parallel loop over 'R' and used after it: the loop lays out 'R''s elements again (and moves them between ranks), so 'r3' would name other elements; take the view after the loop
  // CHECK: stale_sparse_view.cpp:[[@LINE-6]]:3: note: the parallel loop over 'R' is here
  s += (*first).value;
  // CHECK: stale_sparse_view.cpp:[[@LINE-1]]:10: error: 'first' is a view of 'R'
  for (auto &&[i, v] : R.row(2)) // taken after the loop: fine
    s += v;
  if (orion::is_root())
    std::printf("%lld %lld\n", static_cast<long long>(before), static_cast<long long>(s));
  return 0;
}
