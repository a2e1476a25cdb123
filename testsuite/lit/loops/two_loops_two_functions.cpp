// Two parallel loops in one function and one more in another function:
// the dump lists them in source order with their enclosing function.
// RUN: %orionc --dump=loops %s | FileCheck %s
#include <orion/orion.hpp>

void init(orion::DenseArray<float, 1> &A, orion::DenseArray<float, 1> &B) {
  const int64_t N = A.extent(0);
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    A(i) = 1;
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    B(i) = A(i);
}

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  orion::DenseArray<float, 1> A({argc * 10}), B({argc * 10});
  init(A, B);
#pragma orion parallel_for
  for (auto &&[key, b] : B)
    A(key[0]) += b;
}

// CHECK: two_loops_two_functions.cpp: 3 parallel loops
// CHECK-LABEL: loop 0 at {{.*}}two_loops_two_functions.cpp:9:3 in 'init' (pragma on line 8)
// CHECK-NEXT: clauses: (none)
// CHECK-NEXT: order: unordered
// CHECK-NEXT: iteration space: counted nest of depth 1
// CHECK-NEXT: dim 0: i in [0, N)
// CHECK-NEXT: parameters: N
// CHECK-NEXT: arrays:
// CHECK-NEXT: A dense<float, 1>
// CHECK-NEXT: refs:
// CHECK-NEXT: #0 write A(i) 10:5 A(i)
// CHECK-NOT: #{{[0-9]}}
// CHECK-LABEL: loop 1 at {{.*}}two_loops_two_functions.cpp:12:3 in 'init' (pragma on line 11)
// CHECK-NEXT: clauses: (none)
// CHECK-NEXT: order: unordered
// CHECK-NEXT: iteration space: counted nest of depth 1
// CHECK-NEXT: dim 0: i in [0, N)
// CHECK-NEXT: parameters: N
// CHECK-NEXT: arrays:
// CHECK-NEXT: B dense<float, 1>
// CHECK-NEXT: A dense<float, 1>
// CHECK-NEXT: refs:
// CHECK-NEXT: #0 write B(i) 13:5 B(i)
// CHECK-NEXT: #1 read A(i) 13:12 A(i)
// CHECK-NOT: #{{[0-9]}}
// CHECK-LABEL: loop 2 at {{.*}}two_loops_two_functions.cpp:21:3 in 'main' (pragma on line 20)
// CHECK-NEXT: clauses: (none)
// CHECK-NEXT: order: unordered
// CHECK-NEXT: iteration space: array 'B' (dense<float, 1>), key 'key', value 'b'
// CHECK-NEXT: dim 0: key[0] in [0, B.extent(0))
// CHECK-NEXT: parameters: B.extent(0)
// CHECK-NEXT: arrays:
// CHECK-NEXT: B dense<float, 1>
// CHECK-NEXT: A dense<float, 1>
// CHECK-NEXT: refs:
// CHECK-NEXT: #0 readwrite A(key[0]) 22:5 A(key[0])
// CHECK-NEXT: #1 read B(key[0]) 22:18 b via 'b'
// CHECK-NOT: #{{[0-9]}}
