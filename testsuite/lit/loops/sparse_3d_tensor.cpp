// Tensor factorization: iteration over a 3-D SparseArray; three factor matrices indexed by the
// three key dimensions.
// RUN: %orionc --dump=loops %s | FileCheck %s
// RUN: %orionc --dump=loops --format=json %s | FileCheck %s --check-prefix=JSON
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  orion::SparseArray<double, 3> T({50, 40, 30});
  constexpr int R = 4;
  orion::DenseArray<double, 2> A({T.extent(0), R}), B({T.extent(1), R}), C({T.extent(2), R});
  const double lr = 0.01;
#pragma orion parallel_for partition(0, 2)
  for (auto &&[idx, x] : T) {
    double pred = 0;
    for (int r = 0; r < R; ++r)
      pred += A(idx[0], r) * B(idx[1], r) * C(idx[2], r);
    const double e = x - pred;
    for (int r = 0; r < R; ++r) {
      A(idx[0], r) += lr * e * B(idx[1], r) * C(idx[2], r);
      B(idx[1], r) += lr * e * A(idx[0], r) * C(idx[2], r);
      C(idx[2], r) += lr * e * A(idx[0], r) * B(idx[1], r);
    }
  }
}

// CHECK: sparse_3d_tensor.cpp: 1 parallel loop
// CHECK-LABEL: loop 0 at {{.*}}sparse_3d_tensor.cpp:14:3 in 'main' (pragma on line 13)
// CHECK-NEXT: clauses: partition(0, 2)
// CHECK-NEXT: order: unordered
// CHECK-NEXT: iteration space: array 'T' (sparse<double, 3>), key 'idx', value 'x'
// CHECK-NEXT: dim 0: idx[0] in [0, T.extent(0))
// CHECK-NEXT: dim 1: idx[1] in [0, T.extent(1))
// CHECK-NEXT: dim 2: idx[2] in [0, T.extent(2))
// CHECK-NEXT: parameters: T.extent(0), T.extent(1), T.extent(2)
// CHECK-NEXT: inner loops:
// CHECK-NEXT: #0 r in [0, R) at line 16
// CHECK-NEXT: #1 r in [0, R) at line 19
// CHECK-NEXT: arrays:
// CHECK-NEXT: T sparse<double, 3>
// CHECK-NEXT: A dense<double, 2>
// CHECK-NEXT: B dense<double, 2>
// CHECK-NEXT: C dense<double, 2>
// CHECK-NEXT: refs:
// CHECK-NEXT: #0 read A(idx[0], r) 17:15 A(idx[0], r)
// CHECK-NEXT: #1 read B(idx[1], r) 17:30 B(idx[1], r)
// CHECK-NEXT: #2 read C(idx[2], r) 17:45 C(idx[2], r)
// CHECK-NEXT: #3 read T(idx[0], idx[1], idx[2]) 18:22 x via 'x'
// CHECK-NEXT: #4 readwrite A(idx[0], r) 20:7 A(idx[0], r)
// CHECK-NEXT: #5 read B(idx[1], r) 20:32 B(idx[1], r)
// CHECK-NEXT: #6 read C(idx[2], r) 20:47 C(idx[2], r)
// CHECK-NEXT: #7 readwrite B(idx[1], r) 21:7 B(idx[1], r)
// CHECK-NEXT: #8 read A(idx[0], r) 21:32 A(idx[0], r)
// CHECK-NEXT: #9 read C(idx[2], r) 21:47 C(idx[2], r)
// CHECK-NEXT: #10 readwrite C(idx[2], r) 22:7 C(idx[2], r)
// CHECK-NEXT: #11 read A(idx[0], r) 22:32 A(idx[0], r)
// CHECK-NEXT: #12 read B(idx[1], r) 22:47 B(idx[1], r)
// CHECK-NOT: #{{[0-9]}}

// JSON: "clauses": [
// JSON-NEXT: "partition(0, 2)"
// JSON-NEXT: ],
// JSON-NEXT: "iteration_space": {
// JSON-NEXT: "kind": "array",
// JSON-NEXT: "array": "T",
// JSON-NEXT: "key": "idx",
// JSON-NEXT: "value": "x",
// JSON-NEXT: "dims": [
// JSON-NEXT: "idx[0]",
// JSON-NEXT: "idx[1]",
// JSON-NEXT: "idx[2]"
// JSON-NEXT: ],
// JSON: "dim": "idx[2]",
// JSON-NEXT: "lower": {
// JSON-NEXT: "text": "0",
// JSON-NEXT: "affine": "0"
// JSON-NEXT: },
// JSON-NEXT: "upper": {
// JSON-NEXT: "text": "T.extent(2)",
// JSON-NEXT: "affine": "T.extent(2)"
// JSON-NEXT: }
// JSON: "parameters": [
// JSON-NEXT: "T.extent(0)",
// JSON-NEXT: "T.extent(1)",
// JSON-NEXT: "T.extent(2)"
// JSON-NEXT: ],
// JSON: "name": "T",
// JSON-NEXT: "kind": "sparse",
// JSON-NEXT: "element": "double",
// JSON-NEXT: "rank": 3
// JSON: "id": 3,
// JSON-NEXT: "array": "T",
// JSON-NEXT: "access": "read",
// JSON-NEXT: "subscripts": [
// JSON-NEXT: "idx[0]",
// JSON-NEXT: "idx[1]",
// JSON-NEXT: "idx[2]"
// JSON-NEXT: ],
