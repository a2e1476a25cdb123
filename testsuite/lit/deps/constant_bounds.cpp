// Small constant bounds give finite distance ranges, and inclusive bounds count: over i in
// [0, 4] (written `i <= 4`), A(i) = A(i - 4) + 1 has the single RAW distance 4 (i = 4 reads
// what i = 0 wrote); the mirrored test `4 >= i` is the same bound. A(0) += B(i) over [0, 8)
// conflicts at distances 1..7: ([1,7]). With a symbolic offset M, A(i) = A(i + M) over [0, 8)
// conflicts at |M| <= 7: ([1,7]) for both RAW and WAR.
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t M = std::atoll(argv[1]), N = std::atoll(argv[2]);
  orion::DenseArray<double, 1> A({N}), B({N});
#pragma orion parallel_for
  for (int64_t i = 0; i <= 4; ++i)
    A(i) = A(i - 4) + 1;
#pragma orion parallel_for
  for (int64_t i = 0; 4 >= i; ++i)
    A(i + 4) = A(i) + 1;
#pragma orion parallel_for
  for (int64_t i = 0; i < 8; ++i)
    A(0) += B(i);
#pragma orion parallel_for
  for (int64_t i = 0; i < 8; ++i)
    A(i) = A(i + M);
}

// CHECK-LABEL: loop 0 at {{.*}}constant_bounds.cpp:15:3 in 'main': unordered, counted nest over (i)
// CHECK: dependences:
// CHECK-NEXT: RAW ([4,4]){{ +}}on A{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: schedule: none
// CHECK-NEXT: why: no 1D, 2D or unimodular schedule keeps these dependences: RAW ([4,4]) on 'A' (refs #{{[0-9]+}}->#{{[0-9]+}})
// CHECK-NEXT: suggestion: write 'A' through an orion::Buffer if updates applied late are acceptable; relax(A) would need every write of 'A' to be '+=', '-=', '++' or '--' on the element, and 'A(i)' is not
// CHECK-LABEL: loop 1 at {{.*}}constant_bounds.cpp:18:3 in 'main': unordered, counted nest over (i)
// CHECK: dependences:
// CHECK-NEXT: RAW ([4,4]){{ +}}on A{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: schedule: none
// CHECK-NEXT: why: no 1D, 2D or unimodular schedule keeps these dependences: RAW ([4,4]) on 'A' (refs #{{[0-9]+}}->#{{[0-9]+}})
// CHECK-NEXT: suggestion: write 'A' through an orion::Buffer if updates applied late are acceptable; relax(A) would need every write of 'A' to be '+=', '-=', '++' or '--' on the element, and 'A(i + 4)' is not
// CHECK-LABEL: loop 2 at {{.*}}constant_bounds.cpp:21:3 in 'main': unordered, counted nest over (i)
// CHECK: dependences:
// CHECK-NEXT: RAW ([1,7]){{ +}}on A{{ +}}refs
// CHECK-NEXT: WAR ([1,7]){{ +}}on A{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: schedule: none
// CHECK-NEXT: why: no 1D, 2D or unimodular schedule keeps these dependences: RAW/WAR ([1,7]) on 'A' (refs #{{[0-9]+}}->#{{[0-9]+}})
// CHECK-NEXT: suggestion: relax(A) if stale values of 'A' are acceptable, or write it through an orion::Buffer
// CHECK-LABEL: loop 3 at {{.*}}constant_bounds.cpp:24:3 in 'main': unordered, counted nest over (i)
// CHECK: dependences:
// CHECK-NEXT: RAW ([1,7]){{ +}}on A{{ +}}refs
// CHECK-NEXT: WAR ([1,7]){{ +}}on A{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: schedule: none
// CHECK-NEXT: why: no 1D, 2D or unimodular schedule keeps these dependences: RAW ([1,7]) on 'A' (refs #{{[0-9]+}}->#{{[0-9]+}}); WAR ([1,7]) on 'A' (refs #{{[0-9]+}}->#{{[0-9]+}})
// CHECK-NEXT: suggestion: write 'A' through an orion::Buffer if updates applied late are acceptable; relax(A) would need every write of 'A' to be '+=', '-=', '++' or '--' on the element, and 'A(i)' is not
