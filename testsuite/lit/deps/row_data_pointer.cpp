// Writes through the raw pointer of a row: d = C.row(i).data(), d[k] = C(i + 1, k) writes row i
// and reads row i + 1, which the next iteration overwrites: a WAR at distance 1, no schedule.
// Regression test: this was a bug, fixed in the front end / passes.
// It was: orionc classifies `C.row(i)` under `.data()` as a read, finds no dependence and proposes
// 1d (0) (unsound: the write to row i is invisible).
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = std::atoll(argv[1]), K = std::atoll(argv[2]);
  orion::DenseArray<double, 2> C({N + 1, K});
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    double *d = C.row(i).data();
    for (int64_t k = 0; k < K; ++k)
      d[k] = C(i + 1, k);
  }
}

// CHECK-LABEL: loop 0 at {{.*}}row_data_pointer.cpp:15:3
// CHECK: references:
// CHECK-NOT: R C(i, :)
// CHECK: dependences:
// CHECK-NEXT: WAR ([1,{{1|\+inf}}]){{ +}}on C
// CHECK: legal schedules:
// CHECK-NEXT: (none)
// CHECK: schedule: none
