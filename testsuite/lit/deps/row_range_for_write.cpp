// The common idiom `for (double &x : C.row(i)) x = ...` writes the row through the range-for
// reference. Iteration i writes row i and reads C(i + 1, 0), which iteration i + 1 overwrites:
// WAR ([1,1]), no schedule. In the SGD-style loop, `for (float &w : W.row(key[0])) w -= ...`
// updates W's row key[0]: ([0,0], [1,+inf]) on W, so 1D along key[1] is NOT legal.
// Regression test: this was a bug, fixed in the front end / passes.
// It was: orionc records the row of a range-for as two reads `R C(i, :)` (same location, text ':'),
// misses the writes, and proposes 1d (0) for the first loop and 1d (0) / 1d (1) for the second
// (unsound: 1d (1) lets two workers update the same W row).
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = std::atoll(argv[1]), K = std::atoll(argv[2]);
  orion::DenseArray<double, 2> C({N + 1, K});
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    for (double &x : C.row(i))
      x = C(i + 1, 0);
  }
  auto ratings = orion::load_triplets<float>(argv[3]);
  orion::DenseArray<float, 2> W({ratings.extent(0), K});
#pragma orion parallel_for
  for (auto &&[key, r] : ratings) {
    for (float &w : W.row(key[0]))
      w -= 0.01f * r;
  }
}

// CHECK-LABEL: loop 0 at {{.*}}row_range_for_write.cpp:18:3
// CHECK: dependences:
// CHECK-NEXT: WAR ([1,1]){{ +}}on C
// CHECK: legal schedules:
// CHECK-NEXT: (none)
// CHECK: schedule: none

// CHECK-LABEL: loop 1 at {{.*}}row_range_for_write.cpp:25:3
// CHECK: dependences:
// CHECK-NEXT: RAW ([0,0], [1,+inf]){{ +}}on W
// CHECK: legal schedules:
// CHECK-NEXT: 1d (0)
// CHECK-NOT: 1d (1)
// CHECK: schedule: 1d (0)
