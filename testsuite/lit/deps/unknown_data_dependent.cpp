// Data-dependent subscripts: X(idx(i)) += 1 may touch any element, so any two iterations may
// conflict: ([1,+inf]), no schedule. When the unknown subscript sits next to a known one,
// A(i, idx(j)), only iterations of the same row i can conflict: ([0,0], [1,+inf]), 1D along i.
// Reading through an unknown subscript only (gather) is not a dependence: 1D, array served.
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = std::atoll(argv[1]);
  orion::DenseArray<int64_t, 1> idx({N});
  orion::DenseArray<double, 1> X({N}), Y({N});
  orion::DenseArray<double, 2> A({N, N});
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    X(idx(i)) += 1.0;
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    for (int64_t j = 0; j < N; ++j)
      A(i, idx(j)) += 1.0;
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    Y(i) = X(idx(i));
}

// CHECK-LABEL: loop 0 at {{.*}}unknown_data_dependent.cpp:16:3 in 'main': unordered, counted nest over (i)
// CHECK: references:
// CHECK: #{{[0-9]+}}{{ +}}X X(?){{ +}}17:5{{ +}}X(idx(i))
// CHECK: dependences:
// CHECK-NEXT: RAW ([1,+inf]){{ +}}on X{{ +}}refs
// CHECK-NEXT: WAR ([1,+inf]){{ +}}on X{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: schedule: none
// CHECK-NEXT: why: no 1D, 2D or unimodular schedule keeps these dependences: RAW/WAR ([1,+inf]) on 'X' (refs #{{[0-9]+}}->#{{[0-9]+}})
// CHECK-NEXT: suggestion: relax(X) if stale values of 'X' are acceptable, or write it through an orion::Buffer
// CHECK-LABEL: loop 1 at {{.*}}unknown_data_dependent.cpp:19:3 in 'main': unordered, counted nest over (i, j)
// CHECK: references:
// CHECK: #{{[0-9]+}}{{ +}}X A(i, ?){{ +}}21:7
// CHECK: dependences:
// CHECK-NEXT: RAW ([0,0], [1,+inf]){{ +}}on A{{ +}}refs
// CHECK-NEXT: WAR ([0,0], [1,+inf]){{ +}}on A{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: 1d (0){{ +}}1D: partition i across workers; no dependence crosses partitions
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (0, 1){{ +}}2D unordered: space i, time j (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (1, 0){{ +}}2D unordered: space j, time i (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: 1d (0)
// CHECK-NEXT: why: 1D needs no communication during the loop; preferred over 2D
// CHECK: arrays:
// CHECK-NEXT: A{{ +}}local
// CHECK-NEXT: idx{{ +}}replicated
// CHECK-EMPTY:
// CHECK-LABEL: loop 2 at {{.*}}unknown_data_dependent.cpp:23:3 in 'main': unordered, counted nest over (i)
// CHECK: references:
// CHECK: #{{[0-9]+}}{{ +}}R X(?){{ +}}24:12
// CHECK: dependences:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: 1d (0){{ +}}1D: partition i across workers; no dependence crosses partitions
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: 1d (0)
// CHECK-NEXT: why: 1D needs no communication during the loop; preferred over 2D
// CHECK: arrays:
// CHECK-NEXT: Y{{ +}}local
// CHECK-NEXT: X{{ +}}served
// CHECK-NEXT: idx{{ +}}local
