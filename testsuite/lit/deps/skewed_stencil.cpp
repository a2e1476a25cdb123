// The skewed dependence A(i, j) = A(i - 1, j + 1): one RAW vector ([1,1], [-1,-1]). No 1D (both
// entries non-zero), no 2D (not zero in either); T = [[1, 0], [1, 1]] maps it to ([1,1], [0,0]),
// and c1 = i + j is then a legal 1D dimension. Same result ordered and unordered (no WAW: each
// element is written once).
// RUN: %orionc --dump=deps %s | FileCheck %s
// RUN: %orionc --dump=deps --format=json %s | FileCheck %s --check-prefix=JSON
#include <orion/orion.hpp>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = std::atoll(argv[1]);
  orion::DenseArray<double, 2> A({N, N});
#pragma orion parallel_for
  for (int64_t i = 1; i < N; ++i)
    for (int64_t j = 0; j < N - 1; ++j)
      A(i, j) = A(i - 1, j + 1);
#pragma orion parallel_for ordered
  for (int64_t i = 1; i < N; ++i)
    for (int64_t j = 0; j < N - 1; ++j)
      A(i, j) = A(i - 1, j + 1) + 1.0;
}

// CHECK-LABEL: loop 0 at {{.*}}skewed_stencil.cpp:15:3 in 'main': unordered, counted nest over (i, j)
// CHECK: dependences:
// CHECK-NEXT: RAW ([1,1], [-1,-1]){{ +}}on A{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: unimodular (1){{ +}}unimodular: T = {{\[\[}}1, 0], [1, 1]], then 1D on c1 on the transformed space (c = T·(i, j))
// CHECK-NEXT: transformed ([1,1], [-1,-1]) -> ([1,1], [0,0])
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: unimodular (1)
// CHECK-NEXT: why: no 1D or 2D schedule is legal on the original space; the skewed space carries every dependence forward
// CHECK: arrays:
// CHECK-NEXT: A{{ +}}rotated
// CHECK-EMPTY:
// CHECK-LABEL: loop 1 at {{.*}}skewed_stencil.cpp:19:3 in 'main': ordered, counted nest over (i, j)
// CHECK: dependences:
// CHECK-NEXT: RAW ([1,1], [-1,-1]){{ +}}on A{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: unimodular (1){{ +}}unimodular: T = {{\[\[}}1, 0], [1, 1]], then 1D on c1 on the transformed space (c = T·(i, j))
// CHECK-NEXT: transformed ([1,1], [-1,-1]) -> ([1,1], [0,0])
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: unimodular (1)
// CHECK-NEXT: why: no 1D or 2D schedule is legal on the original space; the skewed space carries every dependence forward
// CHECK: arrays:
// CHECK-NEXT: A{{ +}}rotated

// JSON: "version": 1,
// JSON: "line": 15,
// JSON-NEXT: "pragma_line": 14,
// JSON-NEXT: "ordered": false,
// JSON: "dependences": [
// JSON: "distance": [
// JSON-NEXT: [
// JSON-NEXT: 1,
// JSON-NEXT: 1
// JSON-NEXT: ],
// JSON-NEXT: [
// JSON-NEXT: -1,
// JSON-NEXT: -1
// JSON-NEXT: ]
// JSON-NEXT: ],
// JSON-NEXT: "level": 0,
// JSON-NEXT: "kind": "RAW",
// JSON-NEXT: "array": "A",
// JSON-NOT: "distance"
// JSON: "candidates": [
// JSON: "kind": "unimodular",
// JSON-NEXT: "dims": [
// JSON-NEXT: 1
// JSON-NEXT: ],
// JSON-NEXT: "transform": [
// JSON-NEXT: [
// JSON-NEXT: 1,
// JSON-NEXT: 0
// JSON-NEXT: ],
// JSON-NEXT: [
// JSON-NEXT: 1,
// JSON-NEXT: 1
// JSON-NEXT: ]
// JSON-NEXT: ],
// JSON-NOT: "kind"
// JSON: "schedule": {
// JSON-NEXT: "kind": "unimodular",
// JSON-NEXT: "dims": [
// JSON-NEXT: 1
// JSON-NEXT: ],
// JSON-NEXT: "transform": [
// JSON-NEXT: [
// JSON-NEXT: 1,
// JSON-NEXT: 0
// JSON-NEXT: ],
// JSON-NEXT: [
// JSON-NEXT: 1,
// JSON-NEXT: 1
// JSON-NEXT: ]
// JSON-NEXT: ],
// JSON-NEXT: "reason": "no 1D or 2D schedule is legal on the original space; the skewed space carries every dependence forward",
// JSON: "arrays": [
// JSON: "name": "A",
// JSON-NEXT: "role": "rotated"
// JSON: "line": 19,
// JSON-NEXT: "pragma_line": 18,
// JSON-NEXT: "ordered": true,
// JSON: "dependences": [
// JSON: "distance": [
// JSON-NEXT: [
// JSON-NEXT: 1,
// JSON-NEXT: 1
// JSON-NEXT: ],
// JSON-NEXT: [
// JSON-NEXT: -1,
// JSON-NEXT: -1
// JSON-NEXT: ]
// JSON-NEXT: ],
// JSON-NEXT: "level": 0,
// JSON-NEXT: "kind": "RAW",
// JSON-NEXT: "array": "A",
// JSON-NOT: "distance"
// JSON: "candidates": [
// JSON: "kind": "unimodular",
// JSON-NEXT: "dims": [
// JSON-NEXT: 1
// JSON-NEXT: ],
// JSON-NEXT: "transform": [
// JSON-NEXT: [
// JSON-NEXT: 1,
// JSON-NEXT: 0
// JSON-NEXT: ],
// JSON-NEXT: [
// JSON-NEXT: 1,
// JSON-NEXT: 1
// JSON-NEXT: ]
// JSON-NEXT: ],
// JSON-NOT: "kind"
// JSON: "schedule": {
// JSON-NEXT: "kind": "unimodular",
// JSON-NEXT: "dims": [
// JSON-NEXT: 1
// JSON-NEXT: ],
// JSON-NEXT: "transform": [
// JSON-NEXT: [
// JSON-NEXT: 1,
// JSON-NEXT: 0
// JSON-NEXT: ],
// JSON-NEXT: [
// JSON-NEXT: 1,
// JSON-NEXT: 1
// JSON-NEXT: ]
// JSON-NEXT: ],
// JSON-NEXT: "reason": "no 1D or 2D schedule is legal on the original space; the skewed space carries every dependence forward",
// JSON: "arrays": [
// JSON: "name": "A",
// JSON-NEXT: "role": "rotated"
