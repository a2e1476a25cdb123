// Gauss-Seidel 2-D: the same stencil updated in place (reads and a write of one array), ordered.
// RUN: %orionc --dump=loops %s | FileCheck %s
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 100;
  orion::DenseArray<double, 2> A({N, N});
#pragma orion parallel_for ordered
  for (int64_t i = 1; i < N - 1; ++i) {
    for (int64_t j = 1; j < N - 1; ++j) {
      A(i, j) = 0.25 * (A(i - 1, j) + A(i + 1, j) + A(i, j - 1) + A(i, j + 1));
    }
  }
}

// CHECK: gauss_seidel_2d.cpp: 1 parallel loop
// CHECK-LABEL: loop 0 at {{.*}}gauss_seidel_2d.cpp:10:3 in 'main' (pragma on line 9)
// CHECK-NEXT: clauses: ordered
// CHECK-NEXT: order: ordered
// CHECK-NEXT: iteration space: counted nest of depth 2
// CHECK-NEXT: dim 0: i in [1, N - 1)
// CHECK-NEXT: dim 1: j in [1, N - 1)
// CHECK-NEXT: parameters: N
// CHECK-NEXT: arrays:
// CHECK-NEXT: A dense<double, 2>
// CHECK-NEXT: refs:
// CHECK-NEXT: #0 write A(i, j) 12:7 A(i, j)
// CHECK-NEXT: #1 read A(i - 1, j) 12:25 A(i - 1, j)
// CHECK-NEXT: #2 read A(i + 1, j) 12:39 A(i + 1, j)
// CHECK-NEXT: #3 read A(i, j - 1) 12:53 A(i, j - 1)
// CHECK-NEXT: #4 read A(i, j + 1) 12:67 A(i, j + 1)
// CHECK-NOT: #{{[0-9]}}
