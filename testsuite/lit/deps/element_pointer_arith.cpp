// A pointer to an element, moved with pointer arithmetic: p = &A(i) and p[1] is A(i + 1).
// Iteration i writes A(i + 1), which iteration i + 1 reads through p[0]: a RAW at distance 1, so
// the loop has no parallel schedule. An address-taken element must not be treated as just A(i):
// the accesses through the pointer are unknown (any element) or at least include A(i + 1).
// Regression test: this was a bug, fixed in the front end / passes.
// It was: orionc records only `X A(i)` for `&A(i)`, finds no dependence and proposes 1d (0), which
// races (unsound).
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = std::atoll(argv[1]);
  orion::DenseArray<double, 1> A({N + 1}), B({N});
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    double *p = &A(i);
    p[1] = p[0] + B(i);
  }
}

// CHECK-LABEL: loop 0 at {{.*}}element_pointer_arith.cpp:17:3
// CHECK: dependences:
// CHECK-NEXT: RAW ([1,{{1|\+inf}}]){{ +}}on A
// CHECK: legal schedules:
// CHECK-NEXT: (none)
// CHECK: schedule: none
