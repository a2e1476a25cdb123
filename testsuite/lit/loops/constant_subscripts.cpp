// Constant subscripts: literals, a constexpr and a const-initialized local fold to numbers.
// RUN: %orionc --dump=loops %s | FileCheck %s
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 64;
  constexpr int kLast = 7;
  const int64_t two = 2;
  orion::DenseArray<float, 2> A({8, N});
#pragma orion parallel_for
  for (int64_t j = 0; j < N; ++j) {
    A(0, j) = A(kLast, j) + A(two, j);
    A(1 + 2, j) += A(kLast - 1, 0);
  }
}

// CHECK: constant_subscripts.cpp: 1 parallel loop
// CHECK-LABEL: loop 0 at {{.*}}constant_subscripts.cpp:12:3 in 'main' (pragma on line 11)
// CHECK-NEXT: clauses: (none)
// CHECK-NEXT: order: unordered
// CHECK-NEXT: iteration space: counted nest of depth 1
// CHECK-NEXT: dim 0: j in [0, N)
// CHECK-NEXT: parameters: N
// CHECK-NEXT: arrays:
// CHECK-NEXT: A dense<float, 2>
// CHECK-NEXT: refs:
// CHECK-NEXT: #0 write A(0, j) 13:5 A(0, j)
// CHECK-NEXT: #1 read A(7, j) 13:15 A(kLast, j)
// CHECK-NEXT: #2 read A(2, j) 13:29 A(two, j)
// CHECK-NEXT: #3 readwrite A(3, j) 14:5 A(1 + 2, j)
// CHECK-NEXT: #4 read A(6, 0) 14:20 A(kLast - 1, 0)
// CHECK-NOT: #{{[0-9]}}
