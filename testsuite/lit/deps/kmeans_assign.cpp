// k-means assignment step: each point reads its coordinates and every centroid, writes its own
// assignment and adds to accumulators. No dependences: 1D on the point dimension.
// RUN: %orionc --dump=deps %s | FileCheck %s
// RUN: %orionc --dump=deps --format=json %s | FileCheck %s --check-prefix=JSON
#include <orion/orion.hpp>
#include <cstdlib>
#include <limits>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = std::atoll(argv[1]), D = std::atoll(argv[2]), C = std::atoll(argv[3]);
  orion::DenseArray<float, 2> X({N, D}), centroids({C, D});
  orion::DenseArray<int64_t, 1> assign({N});
  orion::Accumulator<double> objective;
  orion::Accumulator<int64_t> changed;
#pragma orion parallel_for
  for (int64_t p = 0; p < N; ++p) {
    int64_t best = 0;
    double best_dist = std::numeric_limits<double>::infinity();
    for (int64_t c = 0; c < C; ++c) {
      double dist = 0;
      for (int64_t d = 0; d < D; ++d) {
        const double diff = X(p, d) - centroids(c, d);
        dist += diff * diff;
      }
      if (dist < best_dist) {
        best_dist = dist;
        best = c;
      }
    }
    if (assign(p) != best)
      changed += 1;
    assign(p) = best;
    objective += best_dist;
  }
}

// CHECK-LABEL: loop 0 at {{.*}}kmeans_assign.cpp:17:3 in 'main': unordered, counted nest over (p)
// CHECK: dependences:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: 1d (0){{ +}}1D: partition p across workers; no dependence crosses partitions
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: 1d (0)
// CHECK-NEXT: why: 1D needs no communication during the loop; preferred over 2D
// CHECK: arrays:
// CHECK-NEXT: X{{ +}}local
// CHECK-NEXT: centroids{{ +}}replicated
// CHECK-NEXT: assign{{ +}}local
// CHECK-NEXT: changed{{ +}}reduction
// CHECK-NEXT: objective{{ +}}reduction

// JSON: "version": 1,
// JSON: "line": 17,
// JSON-NEXT: "pragma_line": 16,
// JSON-NEXT: "ordered": false,
// JSON: "dependences": [],
// JSON-NOT: "distance"
// JSON: "candidates": [
// JSON: "kind": "1d",
// JSON-NEXT: "dims": [
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
// JSON: "name": "X",
// JSON-NEXT: "role": "local"
// JSON: "name": "centroids",
// JSON-NEXT: "role": "replicated"
// JSON: "name": "assign",
// JSON-NEXT: "role": "local"
// JSON: "name": "changed",
// JSON-NEXT: "role": "reduction"
// JSON: "name": "objective",
// JSON-NEXT: "role": "reduction"
