// Only reads of shared arrays (and a write of a private local): no dependences, every dimension
// of the 3-deep nest is a 1D candidate and every ordered pair a 2D candidate. The first 1D
// dimension is chosen.
// RUN: %orionc --dump=deps %s | FileCheck %s
// RUN: %orionc --dump=deps --format=json %s | FileCheck %s --check-prefix=JSON
#include <orion/orion.hpp>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t L = std::atoll(argv[1]), M = std::atoll(argv[2]), N = std::atoll(argv[3]);
  orion::DenseArray<double, 3> A({L, M, N});
  orion::DenseArray<double, 1> w({N});
  orion::Accumulator<double> total;
#pragma orion parallel_for
  for (int64_t i = 0; i < L; ++i)
    for (int64_t j = 0; j < M; ++j)
      for (int64_t k = 0; k < N; ++k) {
        const double v = A(i, j, k) * w(k) + A(0, j, k);
        total += v;
      }
}

// CHECK-LABEL: loop 0 at {{.*}}reads_only.cpp:16:3 in 'main': unordered, counted nest over (i, j, k)
// CHECK: dependences:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: 1d (0){{ +}}1D: partition i across workers; no dependence crosses partitions
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 1d (1){{ +}}1D: partition j across workers; no dependence crosses partitions
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 1d (2){{ +}}1D: partition k across workers; no dependence crosses partitions
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (0, 1){{ +}}2D unordered: space i, time j (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (0, 2){{ +}}2D unordered: space i, time k (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (1, 0){{ +}}2D unordered: space j, time i (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (1, 2){{ +}}2D unordered: space j, time k (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (2, 0){{ +}}2D unordered: space k, time i (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (2, 1){{ +}}2D unordered: space k, time j (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: 1d (0)
// CHECK-NEXT: why: 1D needs no communication during the loop; preferred over 2D
// CHECK: arrays:
// CHECK-NEXT: A{{ +}}replicated
// CHECK-NEXT: w{{ +}}replicated
// CHECK-NEXT: total{{ +}}reduction

// JSON: "version": 1,
// JSON: "line": 16,
// JSON-NEXT: "pragma_line": 15,
// JSON-NEXT: "ordered": false,
// JSON: "dependences": [],
// JSON-NOT: "distance"
// JSON: "candidates": [
// JSON: "kind": "1d",
// JSON-NEXT: "dims": [
// JSON-NEXT: 0
// JSON-NEXT: ],
// JSON: "kind": "1d",
// JSON-NEXT: "dims": [
// JSON-NEXT: 1
// JSON-NEXT: ],
// JSON: "kind": "1d",
// JSON-NEXT: "dims": [
// JSON-NEXT: 2
// JSON-NEXT: ],
// JSON: "kind": "2d",
// JSON-NEXT: "dims": [
// JSON-NEXT: 0,
// JSON-NEXT: 1
// JSON-NEXT: ],
// JSON: "kind": "2d",
// JSON-NEXT: "dims": [
// JSON-NEXT: 0,
// JSON-NEXT: 2
// JSON-NEXT: ],
// JSON: "kind": "2d",
// JSON-NEXT: "dims": [
// JSON-NEXT: 1,
// JSON-NEXT: 0
// JSON-NEXT: ],
// JSON: "kind": "2d",
// JSON-NEXT: "dims": [
// JSON-NEXT: 1,
// JSON-NEXT: 2
// JSON-NEXT: ],
// JSON: "kind": "2d",
// JSON-NEXT: "dims": [
// JSON-NEXT: 2,
// JSON-NEXT: 0
// JSON-NEXT: ],
// JSON: "kind": "2d",
// JSON-NEXT: "dims": [
// JSON-NEXT: 2,
// JSON-NEXT: 1
// JSON-NEXT: ],
// JSON-NOT: "kind"
// JSON: "schedule": {
// JSON-NEXT: "kind": "1d",
// JSON-NEXT: "dims": [
// JSON-NEXT: 0
// JSON-NEXT: ],
// JSON-NEXT: "transform": null,
// JSON-NEXT: "reason": "1D needs no communication during the loop; preferred over 2D",
// JSON: "arrays": [
// JSON: "name": "A",
// JSON-NEXT: "role": "replicated"
// JSON: "name": "w",
// JSON-NEXT: "role": "replicated"
// JSON: "name": "total",
// JSON-NEXT: "role": "reduction"
