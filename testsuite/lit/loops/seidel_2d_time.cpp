// seidel-2d (PolyBench): an outer time loop makes a 3-deep counted nest; 9-point in-place stencil.
// RUN: %orionc --dump=loops %s | FileCheck %s
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t T = 20, N = argc * 100;
  orion::DenseArray<double, 2> A({N, N});
#pragma orion parallel_for ordered
  for (int64_t t = 0; t < T; ++t)
    for (int64_t i = 1; i <= N - 2; ++i)
      for (int64_t j = 1; j <= N - 2; ++j)
        A(i, j) = (A(i - 1, j - 1) + A(i - 1, j) + A(i - 1, j + 1) + A(i, j - 1) + A(i, j) +
                   A(i, j + 1) + A(i + 1, j - 1) + A(i + 1, j) + A(i + 1, j + 1)) /
                  9.0;
}

// CHECK: seidel_2d_time.cpp: 1 parallel loop
// CHECK-LABEL: loop 0 at {{.*}}seidel_2d_time.cpp:10:3 in 'main' (pragma on line 9)
// CHECK-NEXT: clauses: ordered
// CHECK-NEXT: order: ordered
// CHECK-NEXT: iteration space: counted nest of depth 3
// CHECK-NEXT: dim 0: t in [0, T)
// CHECK-NEXT: dim 1: i in [1, N - 1)
// CHECK-NEXT: dim 2: j in [1, N - 1)
// CHECK-NEXT: parameters: N
// CHECK-NEXT: arrays:
// CHECK-NEXT: A dense<double, 2>
// CHECK-NEXT: refs:
// CHECK-NEXT: #0 write A(i, j) 13:9 A(i, j)
// CHECK-NEXT: #1 read A(i - 1, j - 1) 13:20 A(i - 1, j - 1)
// CHECK-NEXT: #2 read A(i - 1, j) 13:38 A(i - 1, j)
// CHECK-NEXT: #3 read A(i - 1, j + 1) 13:52 A(i - 1, j + 1)
// CHECK-NEXT: #4 read A(i, j - 1) 13:70 A(i, j - 1)
// CHECK-NEXT: #5 read A(i, j) 13:84 A(i, j)
// CHECK-NEXT: #6 read A(i, j + 1) 14:20 A(i, j + 1)
// CHECK-NEXT: #7 read A(i + 1, j - 1) 14:34 A(i + 1, j - 1)
// CHECK-NEXT: #8 read A(i + 1, j) 14:52 A(i + 1, j)
// CHECK-NEXT: #9 read A(i + 1, j + 1) 14:66 A(i + 1, j + 1)
// CHECK-NOT: #{{[0-9]}}
