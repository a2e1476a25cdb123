// An array that is a data member, used in a loop of a member function: its accesses must be
// refs like those of a local array, never silently dropped.
// Regression test: this was a bug, fixed in the front end.
// It was: orionc dumps the loop with no arrays and no refs: the write to `w(i)` is lost.
// RUN: %orionc --dump=loops %s | FileCheck %s
#include <orion/orion.hpp>

struct Model {
  orion::DenseArray<float, 1> w;
  void decay(float f) {
#pragma orion parallel_for
    for (int64_t i = 0; i < 10; ++i)
      w(i) *= f;
  }
};

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  Model m{orion::DenseArray<float, 1>({10})};
  m.decay(0.5f);
}

// CHECK-LABEL: loop 0 at {{.*}}member_array.cpp:12:5 in 'decay' (pragma on line 11)
// CHECK: arrays:
// CHECK-NEXT: w dense<float, 1>
// CHECK-NEXT: refs:
// CHECK-NEXT: #0 readwrite w(i) 13:7 w(i)
