// A row passed as a mutable std::span to a function whose body is not visible may be written
// (docs/architecture.md: an unknown write). Iteration i may write row i + 1, which iteration i + 1
// reads (C(i + 1, 0)): RAW ([1,1]), no schedule. A std::span<const double> is only a read.
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>
#include <cstdlib>
#include <span>

void touch_row(std::span<double> r);
double first(std::span<const double> r);

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = std::atoll(argv[1]), K = std::atoll(argv[2]);
  orion::DenseArray<double, 2> C({N + 1, K});
  orion::DenseArray<double, 1> B({N});
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    touch_row(C.row(i + 1));
    B(i) = C(i, 0) + first(C.row(i));
  }
}

// CHECK-LABEL: loop 0 at {{.*}}row_span_call.cpp:18:3
// CHECK: references:
// CHECK: X C(i + 1, :){{ +}}19:15
// CHECK: R C(i, :){{ +}}20:28
// CHECK: dependences:
// CHECK-NEXT: RAW ([1,1]){{ +}}on C
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: (none)
// CHECK: schedule: none
