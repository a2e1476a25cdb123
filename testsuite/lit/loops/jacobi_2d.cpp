// Jacobi 2-D: a 2-deep counted nest reading A at the four neighbours and writing B.
// RUN: %orionc --dump=loops %s | FileCheck %s
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 100, M = argc * 200;
  orion::DenseArray<double, 2> A({N, M}), B({N, M});
#pragma orion parallel_for
  for (int64_t i = 1; i < N - 1; ++i)
    for (int64_t j = 1; j < M - 1; ++j)
      B(i, j) = 0.25 * (A(i - 1, j) + A(i + 1, j) + A(i, j - 1) + A(i, j + 1));
}

// CHECK: jacobi_2d.cpp: 1 parallel loop
// CHECK-LABEL: loop 0 at {{.*}}jacobi_2d.cpp:10:3 in 'main' (pragma on line 9)
// CHECK-NEXT: clauses: (none)
// CHECK-NEXT: order: unordered
// CHECK-NEXT: iteration space: counted nest of depth 2
// CHECK-NEXT: dim 0: i in [1, N - 1)
// CHECK-NEXT: dim 1: j in [1, M - 1)
// CHECK-NEXT: parameters: N, M
// CHECK-NEXT: arrays:
// CHECK-NEXT: B dense<double, 2>
// CHECK-NEXT: A dense<double, 2>
// CHECK-NEXT: refs:
// CHECK-NEXT: #0 write B(i, j) 12:7 B(i, j)
// CHECK-NEXT: #1 read A(i - 1, j) 12:25 A(i - 1, j)
// CHECK-NEXT: #2 read A(i + 1, j) 12:39 A(i + 1, j)
// CHECK-NEXT: #3 read A(i, j - 1) 12:53 A(i, j - 1)
// CHECK-NEXT: #4 read A(i, j + 1) 12:67 A(i, j + 1)
// CHECK-NOT: #{{[0-9]}}
