// An inner loop whose index is assigned in its body does not stay in its bounds: here k starts
// at 2 but is reset to 0 once, so iteration i updates A(i), A(i + 1) and A(i + 2). Iterations up
// to 2 apart conflict: a RAW whose distance range contains [1,2] (exactly ([1,2]), or ([1,+inf])
// if k is taken as unknown); no schedule.
// Regression test: this was a bug, fixed in the front end / passes.
// It was: orionc trusts the header bounds k in [2, 3) (A(i + k) is A(i + 2) only), finds no
// dependence and proposes 1d (0) (unsound).
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = std::atoll(argv[1]);
  orion::DenseArray<double, 1> A({N + 3});
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    bool first = true;
    for (int64_t k = 2; k < 3; ++k) {
      if (first) {
        first = false;
        k = 0;
      }
      A(i + k) += 1.0;
    }
  }
}

// CHECK-LABEL: loop 0 at {{.*}}inner_index_modified.cpp:17:3
// CHECK: dependences:
// CHECK-NEXT: RAW ([1,{{2|\+inf}}]){{ +}}on A
// CHECK: legal schedules:
// CHECK-NEXT: (none)
// CHECK: schedule: none
