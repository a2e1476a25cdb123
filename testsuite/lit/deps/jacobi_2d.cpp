// Jacobi 2-D: the new grid is computed from the old one (two arrays): Aold is only read, each
// Anew(i, j) written once. No dependences: 1D along i or j (i preferred). The copy-back loop
// is the same with the arrays swapped.
// RUN: %orionc --dump=deps %s | FileCheck %s
// RUN: %orionc --dump=deps --format=json %s | FileCheck %s --check-prefix=JSON
#include <orion/orion.hpp>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = std::atoll(argv[1]);
  orion::DenseArray<double, 2> Aold({N, N}), Anew({N, N});
#pragma orion parallel_for
  for (int64_t i = 1; i < N - 1; ++i)
    for (int64_t j = 1; j < N - 1; ++j)
      Anew(i, j) = 0.25 * (Aold(i - 1, j) + Aold(i + 1, j) + Aold(i, j - 1) + Aold(i, j + 1));
#pragma orion parallel_for
  for (int64_t i = 1; i < N - 1; ++i)
    for (int64_t j = 1; j < N - 1; ++j)
      Aold(i, j) = Anew(i, j);
}

// CHECK-LABEL: loop 0 at {{.*}}jacobi_2d.cpp:14:3 in 'main': unordered, counted nest over (i, j)
// CHECK: dependences:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: 1d (0){{ +}}1D: partition i across workers; no dependence crosses partitions
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 1d (1){{ +}}1D: partition j across workers; no dependence crosses partitions
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (0, 1){{ +}}2D unordered: space i, time j (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (1, 0){{ +}}2D unordered: space j, time i (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: 1d (0)
// CHECK-NEXT: why: 1D needs no communication during the loop; preferred over 2D
// CHECK: arrays:
// CHECK-NEXT: Anew{{ +}}local
// CHECK-NEXT: Aold{{ +}}replicated
// CHECK-EMPTY:
// CHECK-LABEL: loop 1 at {{.*}}jacobi_2d.cpp:18:3 in 'main': unordered, counted nest over (i, j)
// CHECK: dependences:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: 1d (0){{ +}}1D: partition i across workers; no dependence crosses partitions
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 1d (1){{ +}}1D: partition j across workers; no dependence crosses partitions
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (0, 1){{ +}}2D unordered: space i, time j (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (1, 0){{ +}}2D unordered: space j, time i (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: 1d (0)
// CHECK-NEXT: why: 1D needs no communication during the loop; preferred over 2D
// CHECK: arrays:
// CHECK-NEXT: Aold{{ +}}local
// CHECK-NEXT: Anew{{ +}}local

// JSON: "version": 1,
// JSON: "line": 14,
// JSON-NEXT: "pragma_line": 13,
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
// JSON-NEXT: "kind": "1d",
// JSON-NEXT: "dims": [
// JSON-NEXT: 0
// JSON-NEXT: ],
// JSON-NEXT: "transform": null,
// JSON-NEXT: "reason": "1D needs no communication during the loop; preferred over 2D",
// JSON: "arrays": [
// JSON: "name": "Anew",
// JSON-NEXT: "role": "local"
// JSON: "name": "Aold",
// JSON-NEXT: "role": "replicated"
// JSON: "line": 18,
// JSON-NEXT: "pragma_line": 17,
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
// JSON-NEXT: "kind": "1d",
// JSON-NEXT: "dims": [
// JSON-NEXT: 0
// JSON-NEXT: ],
// JSON-NEXT: "transform": null,
// JSON-NEXT: "reason": "1D needs no communication during the loop; preferred over 2D",
// JSON: "arrays": [
// JSON: "name": "Aold",
// JSON-NEXT: "role": "local"
// JSON: "name": "Anew",
// JSON-NEXT: "role": "local"
