// Loop-invariant values become parameters (`N` from `A.extent(0)`, a function argument, a direct
// `A.extent(1)` call); a constexpr or a const-initialized constant folds to its value in
// subscripts but the bound text keeps the name.
// RUN: %orionc --dump=loops %s | FileCheck %s
#include <orion/orion.hpp>

constexpr int K = 8;

void step(orion::DenseArray<float, 2> &A, int64_t off) {
  const int64_t N = A.extent(0);
  const int64_t half = 4;
#pragma orion parallel_for
  for (int64_t i = off; i < N; ++i)
    for (int64_t j = 0; j < A.extent(1) - K; ++j)
      A(i, j) = A(i - off, j + K) + A(0, half);
}

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  orion::DenseArray<float, 2> A({argc * 100, 64});
  step(A, 2);
}

// CHECK: loop_invariant_params.cpp: 1 parallel loop
// CHECK-LABEL: loop 0 at {{.*}}loop_invariant_params.cpp:13:3 in 'step' (pragma on line 12)
// CHECK-NEXT: clauses: (none)
// CHECK-NEXT: order: unordered
// CHECK-NEXT: iteration space: counted nest of depth 2
// CHECK-NEXT: dim 0: i in [off, N)
// CHECK-NEXT: dim 1: j in [0, A.extent(1) - K)
// CHECK-NEXT: parameters: off, N, A.extent(1)
// CHECK-NEXT: arrays:
// CHECK-NEXT: A dense<float, 2>
// CHECK-NEXT: refs:
// CHECK-NEXT: #0 write A(i, j) 15:7 A(i, j)
// CHECK-NEXT: #1 read A(i - off, j + 8) 15:17 A(i - off, j + K)
// CHECK-NEXT: #2 read A(0, 4) 15:37 A(0, half)
// CHECK-NOT: #{{[0-9]}}
