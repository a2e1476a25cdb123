// k-means update step written as a parallel loop: sums(assign(p), d) += X(p, d) accumulates at
// a data-dependent centroid, so every pair of points may conflict on sums and counts: no
// schedule (suggest relax or a Buffer). With relax(sums, counts) the loop is 1D.
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = std::atoll(argv[1]), D = std::atoll(argv[2]), C = std::atoll(argv[3]);
  orion::DenseArray<float, 2> X({N, D}), sums({C, D});
  orion::DenseArray<int64_t, 1> assign({N}), counts({C});
#pragma orion parallel_for
  for (int64_t p = 0; p < N; ++p) {
    const int64_t c = assign(p);
    for (int64_t d = 0; d < D; ++d)
      sums(c, d) += X(p, d);
    counts(c) += 1;
  }
#pragma orion parallel_for relax(sums, counts)
  for (int64_t p = 0; p < N; ++p) {
    const int64_t c = assign(p);
    for (int64_t d = 0; d < D; ++d)
      sums(c, d) += X(p, d);
    counts(c) += 1;
  }
}

// CHECK-LABEL: loop 0 at {{.*}}kmeans_update.cpp:14:3 in 'main': unordered, counted nest over (p)
// CHECK: dependences:
// CHECK-NEXT: RAW ([1,+inf]){{ +}}on sums{{ +}}refs
// CHECK-NEXT: WAR ([1,+inf]){{ +}}on sums{{ +}}refs
// CHECK-NEXT: RAW ([1,+inf]){{ +}}on counts{{ +}}refs
// CHECK-NEXT: WAR ([1,+inf]){{ +}}on counts{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: schedule: none
// CHECK-NEXT: why: no 1D, 2D or unimodular schedule keeps these dependences: RAW/WAR ([1,+inf]) on 'sums' (refs #{{[0-9]+}}->#{{[0-9]+}}); RAW/WAR ([1,+inf]) on 'counts' (refs #{{[0-9]+}}->#{{[0-9]+}})
// Both arrays block on their own, so no single relax(...) is suggested.
// CHECK-NEXT: suggestion: no single array's dependences block this loop alone; relax(sums, counts) or Buffers for several of them would be needed
// CHECK-LABEL: loop 1 at {{.*}}kmeans_update.cpp:21:3 in 'main': unordered, counted nest over (p)
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
// CHECK-NEXT: assign{{ +}}local
// CHECK-NEXT: sums{{ +}}relaxed
// CHECK-NEXT: X{{ +}}local
// CHECK-NEXT: counts{{ +}}relaxed
