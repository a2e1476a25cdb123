// Subscripts combining several index variables with coefficients: A(i + j), B(2*i - j + 1),
// C(i - j + N, 3 * j).
// RUN: %orionc --dump=loops %s | FileCheck %s
// RUN: %orionc --dump=loops --format=json %s | FileCheck %s --check-prefix=JSON
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 64;
  orion::DenseArray<float, 1> A({2 * N}), B({3 * N});
  orion::DenseArray<float, 2> C({2 * N, 3 * N});
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    for (int64_t j = 0; j < N; ++j) {
      A(i + j) += B(2 * i - j + 1);
      C(i - j + N, 3 * j) = C(j * 2 - (i - 1), -j);
    }
}

// CHECK: multi_index_subscripts.cpp: 1 parallel loop
// CHECK-LABEL: loop 0 at {{.*}}multi_index_subscripts.cpp:13:3 in 'main' (pragma on line 12)
// CHECK-NEXT: clauses: (none)
// CHECK-NEXT: order: unordered
// CHECK-NEXT: iteration space: counted nest of depth 2
// CHECK-NEXT: dim 0: i in [0, N)
// CHECK-NEXT: dim 1: j in [0, N)
// CHECK-NEXT: parameters: N
// CHECK-NEXT: arrays:
// CHECK-NEXT: A dense<float, 1>
// CHECK-NEXT: B dense<float, 1>
// CHECK-NEXT: C dense<float, 2>
// CHECK-NEXT: refs:
// CHECK-NEXT: #0 readwrite A(i + j) 15:7 A(i + j)
// CHECK-NEXT: #1 read B(2*i - j + 1) 15:19 B(2 * i - j + 1)
// CHECK-NEXT: #2 write C(i - j + N, 3*j) 16:7 C(i - j + N, 3 * j)
// CHECK-NEXT: #3 read C(-i + 2*j + 1, -j) 16:29 C(j * 2 - (i - 1), -j)
// CHECK-NOT: #{{[0-9]}}

// JSON: "iteration_space": {
// JSON-NEXT: "kind": "counted",
// JSON: "dims": [
// JSON-NEXT: "i",
// JSON-NEXT: "j"
// JSON-NEXT: ],
// JSON: "id": 1,
// JSON-NEXT: "array": "B",
// JSON-NEXT: "access": "read",
// JSON-NEXT: "subscripts": [
// JSON-NEXT: "2*i - j + 1"
// JSON-NEXT: ],
// JSON-NEXT: "subscript_kinds": [
// JSON-NEXT: {
// JSON-NEXT: "kind": "affine",
// JSON-NEXT: "text": "2 * i - j + 1"
// JSON-NEXT: }
// JSON-NEXT: ],
// JSON: "id": 3,
// JSON-NEXT: "array": "C",
// JSON-NEXT: "access": "read",
// JSON-NEXT: "subscripts": [
// JSON-NEXT: "-i + 2*j + 1",
// JSON-NEXT: "-j"
// JSON-NEXT: ],
