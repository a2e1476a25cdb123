// Negative coefficients: A(N - 1 - i) = A(N - i) walks the array backwards; iteration i writes
// element N - 1 - i, which iteration i + 1 reads next: RAW exactly ([1,1]). B(i) = B(N - 1 - i)
// mirrors the array onto itself: iteration i and N - 1 - i conflict, at every distance
// N - 1 - 2i >= 1: RAW and WAR ([1,+inf]).
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = std::atoll(argv[1]);
  orion::DenseArray<double, 1> A({N + 1}), B({N});
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    A(N - 1 - i) = A(N - i);
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    B(i) = B(N - 1 - i);
}

// CHECK-LABEL: loop 0 at {{.*}}reverse_index.cpp:14:3 in 'main': unordered, counted nest over (i)
// CHECK: references:
// CHECK: #{{[0-9]+}}{{ +}}W A(-i + N - 1)
// CHECK: #{{[0-9]+}}{{ +}}R A(-i + N)
// CHECK: dependences:
// CHECK-NEXT: RAW ([1,1]){{ +}}on A{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: schedule: none
// CHECK-NEXT: why: no 1D, 2D or unimodular schedule keeps these dependences: RAW ([1,1]) on 'A' (refs #{{[0-9]+}}->#{{[0-9]+}})
// CHECK-NEXT: suggestion: write 'A' through an orion::Buffer if updates applied late are acceptable; relax(A) would need every write of 'A' to be '+=', '-=', '++' or '--' on the element, and 'A(N - 1 - i)' is not
// CHECK-LABEL: loop 1 at {{.*}}reverse_index.cpp:17:3 in 'main': unordered, counted nest over (i)
// CHECK: references:
// CHECK: #{{[0-9]+}}{{ +}}R B(-i + N - 1)
// CHECK: dependences:
// CHECK-NEXT: RAW ([1,+inf]){{ +}}on B{{ +}}refs
// CHECK-NEXT: WAR ([1,+inf]){{ +}}on B{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: schedule: none
// CHECK-NEXT: why: no 1D, 2D or unimodular schedule keeps these dependences: RAW ([1,+inf]) on 'B' (refs #{{[0-9]+}}->#{{[0-9]+}}); WAR ([1,+inf]) on 'B' (refs #{{[0-9]+}}->#{{[0-9]+}})
// CHECK-NEXT: suggestion: write 'B' through an orion::Buffer if updates applied late are acceptable; relax(B) would need every write of 'B' to be '+=', '-=', '++' or '--' on the element, and 'B(i)' is not
