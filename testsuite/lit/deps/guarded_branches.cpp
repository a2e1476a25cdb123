// Affine conditions of `if` statements and `?:` are part of the iteration domain of the
// references they control: `if (j < i)` restricts its branch to the lower triangle, the else
// branch to the rest. Conditions the model cannot express exactly (unsigned comparisons, which
// wrap; `!=`; non-affine terms) are left out, which only widens the domains. The dependence
// oracle checks these loops by brute force with the guards evaluated.
// RUN: %orionc --dump=deps %s | FileCheck %s
// RUN: %orionc --dump=loops %s | FileCheck %s --check-prefix=LOOPS
#include <orion/orion.hpp>

#include <cstdint>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 40;
  orion::DenseArray<double, 2> A({N, N}), B({N, N});
  orion::DenseArray<double, 1> v({N});
  const uint64_t M = static_cast<uint64_t>(N);

  // The lower triangle is written from the upper one: no two iterations conflict.
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    for (int64_t j = 0; j < N; ++j) {
      if (j < i)
        A(i, j) = A(j, i) * 0.5;
    }

  // The else branch writes the upper triangle (and the diagonal) that the then branch reads.
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    for (int64_t j = 0; j < N; ++j) {
      if (j < i)
        B(i, j) = B(j, i) + 1.0;
      else
        B(i, j) = 0.0;
    }

  // One affine conjunct is kept (`B(0, i) > 0` is not affine): v(i + 20) is written only for
  // i < 20, from v(i), so nothing written is read and 1D is legal. Unguarded, i and i + 20 would
  // conflict.
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    if (i < 20 && B(0, i) > 0)
      v(i + 20) = v(i) * 0.5;
  }

  // An unsigned comparison is no guard (u - 1 wraps at u = 0), nor is `!=`.
#pragma orion parallel_for
  for (uint64_t u = 0; u < M; ++u) {
    if (u - 1 < M)
      B(0, 0) += 1.0;
    if (u != 3)
      v(0) = v(0) + 1.0;
  }
}

// CHECK-LABEL: loop 0 at {{.*}}guarded_branches.cpp:21:3
// CHECK: dependences:
// CHECK-NEXT: (none)
// CHECK: schedule: 1d (0)

// CHECK-LABEL: loop 1 at {{.*}}guarded_branches.cpp:29:3
// CHECK: dependences:
// CHECK-NEXT: RAW ([1,+inf], [-inf,-1]) on B refs #2->#1
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:

// CHECK-LABEL: loop 2 at {{.*}}guarded_branches.cpp:41:3
// CHECK: dependences:
// CHECK-NEXT: (none)
// CHECK: schedule: 1d (0)

// CHECK-LABEL: loop 3 at {{.*}}guarded_branches.cpp:48:3
// CHECK: dependences:
// CHECK-NEXT: RAW ([1,+inf]) on B refs #0->#0
// CHECK-NEXT: WAR ([1,+inf]) on B refs #0->#0
// CHECK-NEXT: RAW ([1,+inf]) on v refs #1->#2
// CHECK-NEXT: WAR ([1,+inf]) on v refs #2->#1

// LOOPS-LABEL: loop 0 at {{.*}}guarded_branches.cpp:21:3
// LOOPS: #0 write A(i, j) 24:9 A(i, j)
// LOOPS-NEXT: only where j < i (i - j - 1 >= 0)
// LOOPS-NEXT: #1 read A(j, i) 24:19 A(j, i)
// LOOPS-NEXT: only where j < i (i - j - 1 >= 0)
// LOOPS-LABEL: loop 1 at
// LOOPS: #2 write B(i, j) 34:9 B(i, j)
// LOOPS-NEXT: only where !(j < i) (-i + j >= 0)
// LOOPS-LABEL: loop 2 at
// LOOPS: #0 read B(0, i) 42:19 B(0, i)
// LOOPS-NEXT: #1 write v(i + 20) 43:7 v(i + 20)
// LOOPS-NEXT: only where i < 20 (-i + 19 >= 0)
// LOOPS-LABEL: loop 3 at
// LOOPS-NOT: only where
