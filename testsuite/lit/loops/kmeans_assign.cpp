// k-means assignment step: a 1-deep counted nest with two nested inner loops, reads of the points
// and the centroids, a write of the assignment, accumulators.
// RUN: %orionc --dump=loops %s | FileCheck %s
#include <orion/orion.hpp>
#include <limits>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = 1000, D = 4, C = 8;
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

// CHECK: kmeans_assign.cpp: 1 parallel loop
// CHECK-LABEL: loop 0 at {{.*}}kmeans_assign.cpp:15:3 in 'main' (pragma on line 14)
// CHECK-NEXT: clauses: (none)
// CHECK-NEXT: order: unordered
// CHECK-NEXT: iteration space: counted nest of depth 1
// CHECK-NEXT: dim 0: p in [0, N)
// CHECK-NEXT: inner loops:
// CHECK-NEXT: #0 c in [0, C) at line 18
// CHECK-NEXT: #1 d in [0, D) at line 20, inside #0
// CHECK-NEXT: arrays:
// CHECK-NEXT: X dense<float, 2>
// CHECK-NEXT: centroids dense<float, 2>
// CHECK-NEXT: assign dense<int64_t, 1>
// CHECK-NEXT: changed accumulator<int64_t>
// CHECK-NEXT: objective accumulator<double>
// CHECK-NEXT: refs:
// CHECK-NEXT: #0 read X(p, d) 21:29 X(p, d)
// CHECK-NEXT: #1 read centroids(c, d) 21:39 centroids(c, d)
// CHECK-NEXT: #2 read assign(p) 29:9 assign(p)
// CHECK-NEXT: #3 reduce changed 30:7 changed += 1
// CHECK-NEXT: #4 write assign(p) 31:5 assign(p)
// CHECK-NEXT: #5 reduce objective 32:5 objective += best_dist
// CHECK-NOT: #{{[0-9]}}
