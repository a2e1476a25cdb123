// Building a program whose parallel loop has no legal schedule is an error at the pragma, with
// suggestions as notes, and leaves no output file (never a silent serial fallback).
// RUN: rm -f %t
// RUN: not %orionc %s -o %t 2>&1 | FileCheck %s
// RUN: not test -e %t
// RUN: not %orionc --emit=cpp %s -o %t.cpp 2>&1 | FileCheck %s
// RUN: not test -e %t.cpp
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 8;
  orion::DenseArray<double, 1> A({N});
// CHECK: {{.*}}no_parallel_schedule.cpp:[[@LINE+1]]:1: error: no parallel schedule for this loop: no 1D, 2D or unimodular schedule keeps these dependences: RAW ([1,1]) on 'A' (refs #0->#1)
#pragma orion parallel_for
  for (int64_t i = 1; i < N; ++i)
    A(i) = A(i - 1) + 1;
  // A plain write: relax(A) would refuse it, so only the Buffer is offered (relax(A) used to be
  // suggested, and then refused).
  // CHECK: note: suggestion: write 'A' through an orion::Buffer if updates applied late are acceptable; relax(A) would need every write of 'A' to be '+=', '-=', '++' or '--' on the element, and 'A(i)' is not
  // CHECK: no_parallel_schedule.cpp:16:3: note: run 'orionc --dump=deps' on this file for the full report
  // An update relax(A) merges as a delta: relax(A) is offered.
  // CHECK: no_parallel_schedule.cpp:[[@LINE+1]]:1: error: no parallel schedule for this loop
#pragma orion parallel_for
  for (int64_t i = 1; i < N; ++i)
    A(i) += A(i - 1);
  // CHECK: note: suggestion: relax(A) if stale values of 'A' are acceptable, or write it through an orion::Buffer
  // Blocked by the iterated SparseArray itself: relax and Buffers do not apply to it, so nothing
  // suggests them (relax(S) used to be suggested, and then refused).
  orion::SparseArray<int64_t, 2> S({N, N});
  // CHECK: no_parallel_schedule.cpp:[[@LINE+2]]:1: error: no parallel schedule for this loop: no 1D, 2D or unimodular schedule keeps these dependences: {{.*}} on 'S'
  // CHECK-NOT: suggestion
#pragma orion parallel_for
  for (auto &&[k, v] : S) {
    int64_t t = 0;
    if (k[0] + 1 < N)
      for (auto &&[j, x] : S.row(k[0] + 1))
        t += x;
    v = (t + v) % 1000;
  }
}
// CHECK: note: run 'orionc --dump=deps' on this file for the full report
// CHECK: 3 errors generated.
