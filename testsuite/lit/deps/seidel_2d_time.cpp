// seidel-2d (PolyBench) with its time loop: a 3-deep ordered nest, 9-point stencil in place.
// Distances (dt, di, dj): at level 0, dt >= 1 with di, dj each exactly one of -1, 0, 1 (one
// vector per reference pair); at level 1, (0, 1, -1..1); at level 2, (0, 0, 1). Negative entries
// rule out 1D and 2D; the Wolf-Lam skew T = [[1, 0, 0], [1, 1, 0], [2, 1, 1]] makes every
// transformed distance non-negative, then a 2D wavefront on (c0, c1).
// RUN: %orionc --dump=deps %s | FileCheck %s
// RUN: %orionc --dump=deps --format=json %s | FileCheck %s --check-prefix=JSON
#include <orion/orion.hpp>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t T = std::atoll(argv[1]), N = std::atoll(argv[2]);
  orion::DenseArray<double, 2> A({N, N});
#pragma orion parallel_for ordered
  for (int64_t t = 0; t < T; ++t)
    for (int64_t i = 1; i <= N - 2; ++i)
      for (int64_t j = 1; j <= N - 2; ++j)
        A(i, j) = (A(i - 1, j - 1) + A(i - 1, j) + A(i - 1, j + 1) + A(i, j - 1) + A(i, j) +
                   A(i, j + 1) + A(i + 1, j - 1) + A(i + 1, j) + A(i + 1, j + 1)) /
                  9.0;
}

// CHECK-LABEL: loop 0 at {{.*}}seidel_2d_time.cpp:16:3 in 'main': ordered, counted nest over (t, i, j)
// CHECK: dependences:
// CHECK-NEXT: RAW ([0,0], [0,0], [1,1]){{ +}}on A{{ +}}refs
// CHECK-NEXT: WAR ([0,0], [0,0], [1,1]){{ +}}on A{{ +}}refs
// CHECK-NEXT: RAW ([0,0], [1,1], [-1,-1]){{ +}}on A{{ +}}refs
// CHECK-NEXT: WAR ([0,0], [1,1], [-1,-1]){{ +}}on A{{ +}}refs
// CHECK-NEXT: RAW ([0,0], [1,1], [0,0]){{ +}}on A{{ +}}refs
// CHECK-NEXT: WAR ([0,0], [1,1], [0,0]){{ +}}on A{{ +}}refs
// CHECK-NEXT: RAW ([0,0], [1,1], [1,1]){{ +}}on A{{ +}}refs
// CHECK-NEXT: WAR ([0,0], [1,1], [1,1]){{ +}}on A{{ +}}refs
// CHECK-NEXT: RAW ([1,+inf], [-1,-1], [-1,-1]){{ +}}on A{{ +}}refs
// CHECK-NEXT: WAR ([1,+inf], [-1,-1], [-1,-1]){{ +}}on A{{ +}}refs
// CHECK-NEXT: RAW ([1,+inf], [-1,-1], [0,0]){{ +}}on A{{ +}}refs
// CHECK-NEXT: WAR ([1,+inf], [-1,-1], [0,0]){{ +}}on A{{ +}}refs
// CHECK-NEXT: RAW ([1,+inf], [-1,-1], [1,1]){{ +}}on A{{ +}}refs
// CHECK-NEXT: WAR ([1,+inf], [-1,-1], [1,1]){{ +}}on A{{ +}}refs
// CHECK-NEXT: RAW ([1,+inf], [0,0], [-1,-1]){{ +}}on A{{ +}}refs
// CHECK-NEXT: WAR ([1,+inf], [0,0], [-1,-1]){{ +}}on A{{ +}}refs
// CHECK-NEXT: WAW ([1,+inf], [0,0], [0,0]){{ +}}on A{{ +}}refs
// CHECK-NEXT: RAW ([1,+inf], [0,0], [0,0]){{ +}}on A{{ +}}refs
// CHECK-NEXT: WAR ([1,+inf], [0,0], [0,0]){{ +}}on A{{ +}}refs
// CHECK-NEXT: RAW ([1,+inf], [0,0], [1,1]){{ +}}on A{{ +}}refs
// CHECK-NEXT: WAR ([1,+inf], [0,0], [1,1]){{ +}}on A{{ +}}refs
// CHECK-NEXT: RAW ([1,+inf], [1,1], [-1,-1]){{ +}}on A{{ +}}refs
// CHECK-NEXT: WAR ([1,+inf], [1,1], [-1,-1]){{ +}}on A{{ +}}refs
// CHECK-NEXT: RAW ([1,+inf], [1,1], [0,0]){{ +}}on A{{ +}}refs
// CHECK-NEXT: WAR ([1,+inf], [1,1], [0,0]){{ +}}on A{{ +}}refs
// CHECK-NEXT: RAW ([1,+inf], [1,1], [1,1]){{ +}}on A{{ +}}refs
// CHECK-NEXT: WAR ([1,+inf], [1,1], [1,1]){{ +}}on A{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: unimodular (0, 1){{ +}}unimodular: T = {{\[\[}}1, 0, 0], [1, 1, 0], [2, 1, 1]], then 2D wavefront on (c0, c1) on the transformed space (c = T·(t, i, j))
// CHECK-NEXT: transformed ([0,0], [0,0], [1,1]) -> ([0,0], [0,0], [1,1])
// CHECK-NEXT: transformed ([0,0], [1,1], [-1,-1]) -> ([0,0], [1,1], [0,0])
// CHECK-NEXT: transformed ([0,0], [1,1], [0,0]) -> ([0,0], [1,1], [1,1])
// CHECK-NEXT: transformed ([0,0], [1,1], [1,1]) -> ([0,0], [1,1], [2,2])
// CHECK-NEXT: transformed ([1,+inf], [-1,-1], [-1,-1]) -> ([1,+inf], [0,+inf], [0,+inf])
// CHECK-NEXT: transformed ([1,+inf], [-1,-1], [0,0]) -> ([1,+inf], [0,+inf], [1,+inf])
// CHECK-NEXT: transformed ([1,+inf], [-1,-1], [1,1]) -> ([1,+inf], [0,+inf], [2,+inf])
// CHECK-NEXT: transformed ([1,+inf], [0,0], [-1,-1]) -> ([1,+inf], [1,+inf], [1,+inf])
// CHECK-NEXT: transformed ([1,+inf], [0,0], [0,0]) -> ([1,+inf], [1,+inf], [2,+inf])
// CHECK-NEXT: transformed ([1,+inf], [0,0], [1,1]) -> ([1,+inf], [1,+inf], [3,+inf])
// CHECK-NEXT: transformed ([1,+inf], [1,1], [-1,-1]) -> ([1,+inf], [2,+inf], [2,+inf])
// CHECK-NEXT: transformed ([1,+inf], [1,1], [0,0]) -> ([1,+inf], [2,+inf], [3,+inf])
// CHECK-NEXT: transformed ([1,+inf], [1,1], [1,1]) -> ([1,+inf], [2,+inf], [4,+inf])
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: unimodular (1, 2){{ +}}unimodular: T = {{\[\[}}1, 0, 0], [1, 1, 0], [2, 1, 1]], then 2D wavefront on (c1, c2) on the transformed space (c = T·(t, i, j))
// CHECK-NEXT: transformed vectors as above
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: unimodular (0, 1)
// CHECK-NEXT: why: no 1D or 2D schedule is legal on the original space; the skewed space carries every dependence forward; on the real extents the runtime takes the cheapest candidate that keeps every worker busy (a time wavefront over fewer steps than workers does not)
// CHECK: arrays:
// CHECK-NEXT: A{{ +}}rotated

// JSON: "version": 1,
// JSON: "line": 16,
// JSON-NEXT: "pragma_line": 15,
// JSON-NEXT: "ordered": true,
// JSON: "dependences": [
// JSON: "distance": [
// JSON-NEXT: [
// JSON-NEXT: 0,
// JSON-NEXT: 0
// JSON-NEXT: ],
// JSON-NEXT: [
// JSON-NEXT: 0,
// JSON-NEXT: 0
// JSON-NEXT: ],
// JSON-NEXT: [
// JSON-NEXT: 1,
// JSON-NEXT: 1
// JSON-NEXT: ]
// JSON-NEXT: ],
// JSON-NEXT: "level": 2,
// JSON-NEXT: "kind": "RAW",
// JSON-NEXT: "array": "A",
// JSON: "distance": [
// JSON-NEXT: [
// JSON-NEXT: 0,
// JSON-NEXT: 0
// JSON-NEXT: ],
// JSON-NEXT: [
// JSON-NEXT: 0,
// JSON-NEXT: 0
// JSON-NEXT: ],
// JSON-NEXT: [
// JSON-NEXT: 1,
// JSON-NEXT: 1
// JSON-NEXT: ]
// JSON-NEXT: ],
// JSON-NEXT: "level": 2,
// JSON-NEXT: "kind": "WAR",
// JSON-NEXT: "array": "A",
// JSON: "candidates": [
// JSON: "kind": "unimodular",
// JSON-NEXT: "dims": [
// JSON-NEXT: 0,
// JSON-NEXT: 1
// JSON-NEXT: ],
// JSON-NEXT: "transform": [
// JSON-NEXT: [
// JSON-NEXT: 1,
// JSON-NEXT: 0,
// JSON-NEXT: 0
// JSON-NEXT: ],
// JSON-NEXT: [
// JSON-NEXT: 1,
// JSON-NEXT: 1,
// JSON-NEXT: 0
// JSON-NEXT: ],
// JSON-NEXT: [
// JSON-NEXT: 2,
// JSON-NEXT: 1,
// JSON-NEXT: 1
// JSON-NEXT: ]
// JSON-NEXT: ],
// The space wavefront, on the same transform.
// JSON: "kind": "unimodular",
// JSON-NEXT: "dims": [
// JSON-NEXT: 1,
// JSON-NEXT: 2
// JSON-NEXT: ],
// JSON-NOT: "kind"
// JSON: "schedule": {
// JSON-NEXT: "kind": "unimodular",
// JSON-NEXT: "dims": [
// JSON-NEXT: 0,
// JSON-NEXT: 1
// JSON-NEXT: ],
// JSON-NEXT: "transform": [
// JSON-NEXT: [
// JSON-NEXT: 1,
// JSON-NEXT: 0,
// JSON-NEXT: 0
// JSON-NEXT: ],
// JSON-NEXT: [
// JSON-NEXT: 1,
// JSON-NEXT: 1,
// JSON-NEXT: 0
// JSON-NEXT: ],
// JSON-NEXT: [
// JSON-NEXT: 2,
// JSON-NEXT: 1,
// JSON-NEXT: 1
// JSON-NEXT: ]
// JSON-NEXT: ],
// JSON-NEXT: "reason": "no 1D or 2D schedule is legal on the original space; the skewed space carries every dependence forward; on the real extents the runtime takes the cheapest candidate that keeps every worker busy (a time wavefront over fewer steps than workers does not)",
// JSON: "arrays": [
// JSON: "name": "A",
// JSON-NEXT: "role": "rotated"
