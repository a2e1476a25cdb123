// A reference to a whole array is the same array: `auto &Aref = A;` (before the loop) or
// `auto &a = A;` (in the body). Aref(i) = A(i - 1) is the recurrence A(i) = A(i - 1): RAW ([1,1])
// on A, no schedule.
// Regression test: this was a bug, fixed in the front end / passes.
// It was: orionc treats `Aref` and `a` as arrays of their own ("W Aref(i)", role local), finds no
// dependence between them and A, and proposes 1d (0) for both loops (unsound).
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = std::atoll(argv[1]);
  orion::DenseArray<double, 1> A({N});
  auto &Aref = A;
#pragma orion parallel_for
  for (int64_t i = 1; i < N; ++i)
    Aref(i) = A(i - 1);
#pragma orion parallel_for
  for (int64_t i = 1; i < N; ++i) {
    auto &a = A;
    a(i) = A(i - 1);
  }
}

// CHECK-LABEL: loop 0 at {{.*}}array_reference_alias.cpp:17:3
// CHECK: dependences:
// CHECK-NEXT: RAW ([1,1]){{ +}}on A
// CHECK: schedule: none

// CHECK-LABEL: loop 1 at {{.*}}array_reference_alias.cpp:20:3
// CHECK: dependences:
// CHECK-NEXT: RAW ([1,1]){{ +}}on A
// CHECK: schedule: none
