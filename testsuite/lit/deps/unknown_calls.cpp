// Subscripts computed by a call are unknown (bucket(i)); so is an array passed whole to a
// function whose body orionc does not analyze (scale(A) may write any element). Both give
// dependences at every distance and no schedule. A read-only call argument (a value) is fine.
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>
#include <cstdlib>

int64_t bucket(int64_t i);
void scale(orion::DenseArray<double, 1> &a, int64_t i);

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = std::atoll(argv[1]);
  orion::DenseArray<double, 1> A({N}), B({N});
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    A(bucket(i)) += B(i);
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    scale(A, i);
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    B(i) = static_cast<double>(bucket(i)) * A(i);
}

// CHECK-LABEL: loop 0 at {{.*}}unknown_calls.cpp:16:3 in 'main': unordered, counted nest over (i)
// CHECK: references:
// CHECK: #{{[0-9]+}}{{ +}}X A(?){{ +}}17:5{{ +}}A(bucket(i))
// CHECK: dependences:
// CHECK-NEXT: RAW ([1,+inf]){{ +}}on A{{ +}}refs
// CHECK-NEXT: WAR ([1,+inf]){{ +}}on A{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: schedule: none
// CHECK-NEXT: why: no 1D, 2D or unimodular schedule keeps these dependences: RAW/WAR ([1,+inf]) on 'A' (refs #{{[0-9]+}}->#{{[0-9]+}})
// CHECK-NEXT: suggestion: relax(A) if stale values of 'A' are acceptable, or write it through an orion::Buffer
// CHECK-LABEL: loop 1 at {{.*}}unknown_calls.cpp:19:3 in 'main': unordered, counted nest over (i)
// CHECK: references:
// CHECK: #{{[0-9]+}}{{ +}}X A(?){{ +}}20:11{{ +}}A
// CHECK: dependences:
// CHECK-NEXT: RAW ([1,+inf]){{ +}}on A{{ +}}refs
// CHECK-NEXT: WAR ([1,+inf]){{ +}}on A{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: schedule: none
// CHECK-NEXT: why: no 1D, 2D or unimodular schedule keeps these dependences: RAW/WAR ([1,+inf]) on 'A' (refs #{{[0-9]+}}->#{{[0-9]+}})
// CHECK-NEXT: suggestion: write 'A' through an orion::Buffer if updates applied late are acceptable; relax(A) would need every write of 'A' to be '+=', '-=', '++' or '--' on the element, and 'A' is not
// CHECK-LABEL: loop 2 at {{.*}}unknown_calls.cpp:22:3 in 'main': unordered, counted nest over (i)
// CHECK: references:
// CHECK: #{{[0-9]+}}{{ +}}R A(i){{ +}}23:45
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
// CHECK-NEXT: B{{ +}}local
// CHECK-NEXT: A{{ +}}local
