// Subscripts whose coefficients or constants are too large for exact analysis are classified as
// unknown (conservative), never folded with overflow; the dependence analysis still works.
// RUN: %orionc --dump=loops %s | FileCheck %s
// RUN: %orionc --dump=deps %s | FileCheck %s --check-prefix=DEPS
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 8;
  orion::DenseArray<float, 1> A({N});
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    A(i * 4000000000 * 4000000000) = A(i + 9000000000000000000) + 1;
}

// CHECK: #0 write A(?)
// CHECK-NEXT: subscript 0 'i * 4000000000 * 4000000000' is unknown: 'i * 4000000000 * 4000000000' has coefficients too large to analyze
// CHECK: #1 read A(?)
// CHECK-NEXT: subscript 0 'i + 9000000000000000000' is unknown: '9000000000000000000' is too large to analyze
// DEPS: RAW ([1,+inf]) on A
// DEPS: schedule: none
