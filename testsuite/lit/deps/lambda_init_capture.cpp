// A lambda's init-capture (`[prev = A(i - 1)]`) is evaluated where the lambda is written: its
// reads are references of the loop. They were skipped, so this recurrence got no dependence and
// a 1D schedule.
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  orion::DenseArray<double, 1> A({16});
#pragma orion parallel_for ordered
  for (int64_t i = 1; i < 16; ++i)
    A(i) = [prev = A(i - 1)] { return prev + 1; }();
}
// CHECK:      #0   W A(i)
// CHECK-NEXT: #1   R A(i - 1)
// CHECK:      RAW ([1,1])                      on A          refs #0->#1
// CHECK:      schedule: none
