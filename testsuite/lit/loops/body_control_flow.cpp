// Refs inside if/else branches, a conditional expression, and a nested lambda called in the body.
// RUN: %orionc --dump=loops %s | FileCheck %s
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 64;
  orion::DenseArray<float, 1> A({N}), B({N}), C({N});
#pragma orion parallel_for
  for (int64_t i = 1; i < N; ++i) {
    auto update = [&]() { const int64_t j = i - 1; C(i) += A(j); };
    if (A(i) > 0) {
      B(i) = A(i);
    } else if (A(i) < -1) {
      B(i - 1) -= 1;
    } else {
      update();
    }
    C(i) = B(i) > 0 ? A(i) : B(i);
    (i % 2 ? A(i) : B(i)) = 0;
  }
}

// CHECK: body_control_flow.cpp: 1 parallel loop
// CHECK-LABEL: loop 0 at {{.*}}body_control_flow.cpp:10:3 in 'main' (pragma on line 9)
// CHECK-NEXT: clauses: (none)
// CHECK-NEXT: order: unordered
// CHECK-NEXT: iteration space: counted nest of depth 1
// CHECK-NEXT: dim 0: i in [1, N)
// CHECK-NEXT: parameters: N
// CHECK-NEXT: arrays:
// CHECK-NEXT: C dense<float, 1>
// CHECK-NEXT: A dense<float, 1>
// CHECK-NEXT: B dense<float, 1>
// CHECK-NEXT: refs:
// CHECK-NEXT: #0 readwrite C(i) 11:52 C(i)
// CHECK-NEXT: #1 read A(i - 1) 11:60 A(j)
// CHECK-NEXT: #2 read A(i) 12:9 A(i)
// CHECK-NEXT: #3 write B(i) 13:7 B(i)
// CHECK-NEXT: #4 read A(i) 13:14 A(i)
// CHECK-NEXT: #5 read A(i) 14:16 A(i)
// CHECK-NEXT: #6 readwrite B(i - 1) 15:7 B(i - 1)
// CHECK-NEXT: #7 write C(i) 19:5 C(i)
// CHECK-NEXT: #8 read B(i) 19:12 B(i)
// CHECK-NEXT: #9 read A(i) 19:23 A(i)
// CHECK-NEXT: #10 read B(i) 19:30 B(i)
// CHECK-NEXT: #11 write A(i) 20:14 A(i)
// CHECK-NEXT: #12 write B(i) 20:21 B(i)
// CHECK-NOT: #{{[0-9]}}
