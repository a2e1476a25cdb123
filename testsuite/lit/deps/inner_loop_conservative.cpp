// Inner loops the analysis does not model exactly make their index unknown, which is sound:
// a decreasing loop (k from i down to 0), a loop with step 2, and a bound read from data
// (k < idx(i)). Each read or update of A through k may touch any element: ([1,+inf]).
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = std::atoll(argv[1]);
  orion::DenseArray<double, 1> A({N + 8});
  orion::DenseArray<int64_t, 1> idx({N});
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    double sum = 0;
    for (int64_t k = i; k >= 0; --k)
      sum += A(k);
    A(i + 1) = sum;
  }
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    double sum = 0;
    for (int64_t k = 0; k < 6; k += 2)
      sum += A(i + k);
    A(i) = sum;
  }
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    for (int64_t k = 0; k < idx(i); ++k)
      A(i + k) += 1.0;
  }
}

// CHECK-LABEL: loop 0 at {{.*}}inner_loop_conservative.cpp:14:3 in 'main': unordered, counted nest over (i)
// CHECK: references:
// CHECK: #{{[0-9]+}}{{ +}}R A(?){{ +}}17:14{{ +}}A(k)
// CHECK: dependences:
// CHECK-NEXT: WAR ([1,+inf]){{ +}}on A{{ +}}refs
// CHECK-NEXT: RAW ([1,+inf]){{ +}}on A{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: schedule: none
// CHECK-NEXT: why: no 1D, 2D or unimodular schedule keeps these dependences: WAR ([1,+inf]) on 'A' (refs #{{[0-9]+}}->#{{[0-9]+}}); RAW ([1,+inf]) on 'A' (refs #{{[0-9]+}}->#{{[0-9]+}})
// CHECK-NEXT: suggestion: write 'A' through an orion::Buffer if updates applied late are acceptable; relax(A) would need every write of 'A' to be '+=', '-=', '++' or '--' on the element, and 'A(i + 1)' is not
// CHECK-LABEL: loop 1 at {{.*}}inner_loop_conservative.cpp:21:3 in 'main': unordered, counted nest over (i)
// CHECK: references:
// CHECK: #{{[0-9]+}}{{ +}}R A(?){{ +}}24:14{{ +}}A(i + k)
// CHECK: dependences:
// CHECK-NEXT: WAR ([1,+inf]){{ +}}on A{{ +}}refs
// CHECK-NEXT: RAW ([1,+inf]){{ +}}on A{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: schedule: none
// CHECK-NEXT: why: no 1D, 2D or unimodular schedule keeps these dependences: WAR ([1,+inf]) on 'A' (refs #{{[0-9]+}}->#{{[0-9]+}}); RAW ([1,+inf]) on 'A' (refs #{{[0-9]+}}->#{{[0-9]+}})
// CHECK-NEXT: suggestion: write 'A' through an orion::Buffer if updates applied late are acceptable; relax(A) would need every write of 'A' to be '+=', '-=', '++' or '--' on the element, and 'A(i)' is not
// CHECK-LABEL: loop 2 at {{.*}}inner_loop_conservative.cpp:28:3 in 'main': unordered, counted nest over (i)
// CHECK: references:
// CHECK: #{{[0-9]+}}{{ +}}X A(i + k){{ +}}30:7
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
