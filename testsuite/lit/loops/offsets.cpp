// Constant offsets in both directions and on both sides of an assignment.
// RUN: %orionc --dump=loops %s | FileCheck %s
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 64;
  orion::DenseArray<float, 1> A({N + 8}), B({N + 8});
#pragma orion parallel_for ordered
  for (int64_t i = 3; i < N; ++i) {
    A(i + 2) = A(i - 3) + B(i + 1) - B(-1 + i);
    B(i - 1) += A(5 + i);
  }
}

// CHECK: offsets.cpp: 1 parallel loop
// CHECK-LABEL: loop 0 at {{.*}}offsets.cpp:10:3 in 'main' (pragma on line 9)
// CHECK-NEXT: clauses: ordered
// CHECK-NEXT: order: ordered
// CHECK-NEXT: iteration space: counted nest of depth 1
// CHECK-NEXT: dim 0: i in [3, N)
// CHECK-NEXT: parameters: N
// CHECK-NEXT: arrays:
// CHECK-NEXT: A dense<float, 1>
// CHECK-NEXT: B dense<float, 1>
// CHECK-NEXT: refs:
// CHECK-NEXT: #0 write A(i + 2) 11:5 A(i + 2)
// CHECK-NEXT: #1 read A(i - 3) 11:16 A(i - 3)
// CHECK-NEXT: #2 read B(i + 1) 11:27 B(i + 1)
// CHECK-NEXT: #3 read B(i - 1) 11:38 B(-1 + i)
// CHECK-NEXT: #4 readwrite B(i - 1) 12:5 B(i - 1)
// CHECK-NEXT: #5 read A(i + 5) 12:17 A(5 + i)
// CHECK-NOT: #{{[0-9]}}
