// Gauss-Seidel 2-D in place, ordered: the 5-point stencil reads A(i-1, j) and A(i, j-1) written
// earlier (RAW) and A(i+1, j), A(i, j+1) written later (WAR): exactly (1, 0) and (0, 1). No 1D;
// 2D wavefront in both orientations (all distances non-negative).
// RUN: %orionc --dump=deps %s | FileCheck %s
// RUN: %orionc --dump=deps --format=json %s | FileCheck %s --check-prefix=JSON
#include <orion/orion.hpp>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = std::atoll(argv[1]);
  orion::DenseArray<double, 2> A({N, N});
#pragma orion parallel_for ordered
  for (int64_t i = 1; i < N - 1; ++i)
    for (int64_t j = 1; j < N - 1; ++j)
      A(i, j) = 0.25 * (A(i - 1, j) + A(i + 1, j) + A(i, j - 1) + A(i, j + 1));
}

// CHECK-LABEL: loop 0 at {{.*}}gauss_seidel_ordered.cpp:14:3 in 'main': ordered, counted nest over (i, j)
// CHECK: dependences:
// CHECK-NEXT: RAW ([0,0], [1,1]){{ +}}on A{{ +}}refs
// CHECK-NEXT: WAR ([0,0], [1,1]){{ +}}on A{{ +}}refs
// CHECK-NEXT: RAW ([1,1], [0,0]){{ +}}on A{{ +}}refs
// CHECK-NEXT: WAR ([1,1], [0,0]){{ +}}on A{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: 2d (0, 1){{ +}}2D ordered: space i, time j, wavefront (each worker waits only for its predecessor)
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (1, 0){{ +}}2D ordered: space j, time i, wavefront (each worker waits only for its predecessor)
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: 2d (0, 1)
// CHECK-NEXT: why: no 1D schedule is legal; the first legal 2D pair is proposed (which candidate moves fewer bytes depends on array sizes known only at run time: see each candidate's cost)
// CHECK: arrays:
// CHECK-NEXT: A{{ +}}served

// JSON: "version": 1,
// JSON: "line": 14,
// JSON-NEXT: "pragma_line": 13,
// JSON-NEXT: "ordered": true,
// JSON: "dependences": [
// JSON: "distance": [
// JSON-NEXT: [
// JSON-NEXT: 0,
// JSON-NEXT: 0
// JSON-NEXT: ],
// JSON-NEXT: [
// JSON-NEXT: 1,
// JSON-NEXT: 1
// JSON-NEXT: ]
// JSON-NEXT: ],
// JSON-NEXT: "level": 1,
// JSON-NEXT: "kind": "RAW",
// JSON-NEXT: "array": "A",
// JSON: "distance": [
// JSON-NEXT: [
// JSON-NEXT: 0,
// JSON-NEXT: 0
// JSON-NEXT: ],
// JSON-NEXT: [
// JSON-NEXT: 1,
// JSON-NEXT: 1
// JSON-NEXT: ]
// JSON-NEXT: ],
// JSON-NEXT: "level": 1,
// JSON-NEXT: "kind": "WAR",
// JSON-NEXT: "array": "A",
// JSON: "distance": [
// JSON-NEXT: [
// JSON-NEXT: 1,
// JSON-NEXT: 1
// JSON-NEXT: ],
// JSON-NEXT: [
// JSON-NEXT: 0,
// JSON-NEXT: 0
// JSON-NEXT: ]
// JSON-NEXT: ],
// JSON-NEXT: "level": 0,
// JSON-NEXT: "kind": "RAW",
// JSON-NEXT: "array": "A",
// JSON: "distance": [
// JSON-NEXT: [
// JSON-NEXT: 1,
// JSON-NEXT: 1
// JSON-NEXT: ],
// JSON-NEXT: [
// JSON-NEXT: 0,
// JSON-NEXT: 0
// JSON-NEXT: ]
// JSON-NEXT: ],
// JSON-NEXT: "level": 0,
// JSON-NEXT: "kind": "WAR",
// JSON-NEXT: "array": "A",
// JSON-NOT: "distance"
// JSON: "candidates": [
// JSON: "kind": "2d",
// JSON-NEXT: "dims": [
// JSON-NEXT: 0,
// JSON-NEXT: 1
// JSON-NEXT: ],
// JSON: "kind": "2d",
// JSON-NEXT: "dims": [
// JSON-NEXT: 1,
// JSON-NEXT: 0
// JSON-NEXT: ],
// JSON-NOT: "kind"
// JSON: "schedule": {
// JSON-NEXT: "kind": "2d",
// JSON-NEXT: "dims": [
// JSON-NEXT: 0,
// JSON-NEXT: 1
// JSON-NEXT: ],
// JSON-NEXT: "transform": null,
// JSON-NEXT: "reason": "no 1D schedule is legal; the first legal 2D pair is proposed (which candidate moves fewer bytes depends on array sizes known only at run time: see each candidate's cost)",
// JSON: "arrays": [
// JSON: "name": "A",
// JSON-NEXT: "role": "served"
