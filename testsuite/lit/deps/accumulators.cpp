// Accumulators are reductions, not dependences: `sum += A(i)`, `hi += ...` with a max combiner,
// in a loop that otherwise only reads: no dependences, 1D, the accumulators have the reduction
// role. An accumulator updated next to a real recurrence does not hide it: RAW ([1,1]) on A.
// Accumulators held in a container (buckets[i % 4] += ...) are reductions too, whatever the
// (non-affine) index into the container.
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>
#include <cstdlib>
#include <vector>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = std::atoll(argv[1]);
  orion::DenseArray<double, 1> A({N});
  orion::Accumulator<double> sum;
  orion::Accumulator<double, orion::Max> hi;
  orion::Accumulator<int64_t> count;
  std::vector<orion::Accumulator<double>> buckets(4);
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    sum += A(i);
    hi += A(i) * A(i);
    if (A(i) > 0)
      count += 1;
  }
#pragma orion parallel_for
  for (int64_t i = 1; i < N; ++i) {
    A(i) = A(i - 1) * 0.5;
    sum += A(i);
  }
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    buckets[i % 4] += A(i);
}

// CHECK-LABEL: loop 0 at {{.*}}accumulators.cpp:20:3 in 'main': unordered, counted nest over (i)
// CHECK: references:
// CHECK: #{{[0-9]+}}{{ +}}+ sum{{ +}}21:5
// CHECK: #{{[0-9]+}}{{ +}}+ hi{{ +}}22:5
// CHECK: #{{[0-9]+}}{{ +}}+ count{{ +}}24:7
// CHECK: dependences:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: 1d (0){{ +}}1D: partition i across workers; no dependence crosses partitions
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: 1d (0)
// CHECK-NEXT: why: 1D needs no communication during the loop; preferred over 2D
// CHECK: arrays:
// CHECK-NEXT: sum{{ +}}reduction
// CHECK-NEXT: A{{ +}}local
// CHECK-NEXT: hi{{ +}}reduction
// CHECK-NEXT: count{{ +}}reduction
// CHECK-EMPTY:
// CHECK-LABEL: loop 1 at {{.*}}accumulators.cpp:27:3 in 'main': unordered, counted nest over (i)
// CHECK: dependences:
// CHECK-NEXT: RAW ([1,1]){{ +}}on A{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: schedule: none
// CHECK-NEXT: why: no 1D, 2D or unimodular schedule keeps these dependences: RAW ([1,1]) on 'A' (refs #{{[0-9]+}}->#{{[0-9]+}})
// CHECK-NEXT: suggestion: write 'A' through an orion::Buffer if updates applied late are acceptable; relax(A) would need every write of 'A' to be '+=', '-=', '++' or '--' on the element, and 'A(i)' is not
// CHECK-LABEL: loop 2 at {{.*}}accumulators.cpp:32:3 in 'main': unordered, counted nest over (i)
// CHECK: references:
// CHECK: #{{[0-9]+}}{{ +}}+ buckets{{ +}}33:5
// CHECK: dependences:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: 1d (0){{ +}}1D: partition i across workers; no dependence crosses partitions
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: 1d (0)
// CHECK-NEXT: why: 1D needs no communication during the loop; preferred over 2D
// CHECK: arrays:
// CHECK-NEXT: buckets{{ +}}reduction
// CHECK-NEXT: A{{ +}}local
