// Inner loops inside the body: bounds affine in the loop index, nested inner loops, a `<=` bound,
// and refs in the inner loops subscripted by the inner indices.
// RUN: %orionc --dump=loops %s | FileCheck %s
// RUN: %orionc --dump=loops --format=json %s | FileCheck %s --check-prefix=JSON
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 64, K = argc * 4;
  orion::DenseArray<float, 2> A({N, N}), B({N, K});
  orion::DenseArray<float, 1> out({N});
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    float sum = 0;
    for (int64_t j = i; j < N; ++j)
      for (int64_t k = 0; k <= K - 1; ++k)
        sum += A(i, j) * B(j, k);
    for (int64_t j = 0; j < i; ++j)
      sum -= A(j, i);
    out(i) = sum;
  }
}

// CHECK: inner_loop_ranges.cpp: 1 parallel loop
// CHECK-LABEL: loop 0 at {{.*}}inner_loop_ranges.cpp:13:3 in 'main' (pragma on line 12)
// CHECK-NEXT: clauses: (none)
// CHECK-NEXT: order: unordered
// CHECK-NEXT: iteration space: counted nest of depth 1
// CHECK-NEXT: dim 0: i in [0, N)
// CHECK-NEXT: parameters: N, K
// CHECK-NEXT: inner loops:
// CHECK-NEXT: #0 j in [i, N) at line 15
// CHECK-NEXT: #1 k in [0, K) at line 16, inside #0
// CHECK-NEXT: #2 j in [0, i) at line 18
// CHECK-NEXT: arrays:
// CHECK-NEXT: A dense<float, 2>
// CHECK-NEXT: B dense<float, 2>
// CHECK-NEXT: out dense<float, 1>
// CHECK-NEXT: refs:
// CHECK-NEXT: #0 read A(i, j) 17:16 A(i, j)
// CHECK-NEXT: #1 read B(j, k) 17:26 B(j, k)
// CHECK-NEXT: #2 read A(j, i) 19:14 A(j, i)
// CHECK-NEXT: #3 write out(i) 20:5 out(i)
// CHECK-NOT: #{{[0-9]}}
// Which inner loops enclose each ref, and the parent of each inner loop.
// JSON: "inner_loops": [
// JSON-NEXT: {
// JSON-NEXT: "var": "j",
// JSON-NEXT: "line": 15,
// JSON-NEXT: "parent": -1,
// JSON-NEXT: "lower": {
// JSON-NEXT: "text": "i",
// JSON-NEXT: "affine": "i"
// JSON-NEXT: },
// JSON: "var": "k",
// JSON-NEXT: "line": 16,
// JSON-NEXT: "parent": 0,
// JSON: "upper": {
// JSON-NEXT: "text": "K",
// JSON-NEXT: "affine": "K"
// JSON: "var": "j",
// JSON-NEXT: "line": 18,
// JSON-NEXT: "parent": -1,
// JSON: "id": 0,
// JSON-NEXT: "array": "A",
// JSON: "inner_loops": [
// JSON-NEXT: 0,
// JSON-NEXT: 1
// JSON-NEXT: ],
// JSON: "id": 1,
// JSON-NEXT: "array": "B",
// JSON: "inner_loops": [
// JSON-NEXT: 0,
// JSON-NEXT: 1
// JSON-NEXT: ],
// JSON: "id": 2,
// JSON-NEXT: "array": "A",
// JSON: "inner_loops": [
// JSON-NEXT: 2
// JSON-NEXT: ],
// JSON: "id": 3,
// JSON-NEXT: "array": "out",
// JSON: "inner_loops": [],
