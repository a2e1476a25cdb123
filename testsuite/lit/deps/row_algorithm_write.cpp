// Standard algorithms writing a row through its iterators: std::fill over C.row(i + 1) writes
// row i + 1, which iteration i + 1 reads (C(i + 1, 0)): RAW ([1,1]). std::copy from row i + 1
// into row i writes row i and reads row i + 1: WAR ([1,1]). Neither loop has a schedule.
// Regression test: this was a bug, fixed in the front end / passes.
// It was: orionc classifies C.row(...) passed through begin()/end() iterators as reads only (the
// destination row too), finds no dependences and proposes 1d (0) for both loops (unsound).
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>
#include <algorithm>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = std::atoll(argv[1]), K = std::atoll(argv[2]);
  orion::DenseArray<double, 2> C({N + 1, K});
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    std::fill(C.row(i + 1).begin(), C.row(i + 1).end(), C(i, 0));
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    auto dst = C.row(i);
    std::copy(C.row(i + 1).begin(), C.row(i + 1).end(), dst.begin());
  }
}

// CHECK-LABEL: loop 0 at {{.*}}row_algorithm_write.cpp:17:3
// CHECK: dependences:
// CHECK-NEXT: RAW ([1,1]){{ +}}on C
// CHECK: legal schedules:
// CHECK-NEXT: (none)
// CHECK: schedule: none

// std::copy's read/write split is invisible to orionc: iterators of a row are read-write, so the
// dependence is reported as RAW ([1,1]), a superset of the true WAR; the schedule is none either way.
// CHECK-LABEL: loop 1 at {{.*}}row_algorithm_write.cpp:20:3
// CHECK: dependences:
// CHECK-NEXT: RAW ([1,1]){{ +}}on C
// CHECK: legal schedules:
// CHECK-NEXT: (none)
// CHECK: schedule: none
