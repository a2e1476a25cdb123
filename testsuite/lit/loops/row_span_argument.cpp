// A row passed to a function as a mutable std::span<float> (by value) may be written through:
// the ref is read-write, as for a non-const reference; a std::span<const float> is a read.
// Regression test: this was a bug, fixed in the front end.
// It was: both rows are classified `read`, so the write done by zero() is invisible.
// RUN: %orionc --dump=loops %s | FileCheck %s
#include <orion/orion.hpp>
#include <span>

void zero(std::span<float> r) {
  for (float &x : r)
    x = 0;
}
float first(std::span<const float> r) { return r[0]; }

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  orion::DenseArray<float, 2> W({100, 4});
  orion::DenseArray<float, 1> b({100});
#pragma orion parallel_for
  for (auto &&[key, x] : b) {
    zero(W.row(key[0]));
    auto row = W.row(key[0]);
    zero(row);
    x = first(W.row(key[0]));
  }
}

// CHECK: refs:
// CHECK-NEXT: #0 readwrite W(key[0], :) 21:10 W.row(key[0])
// CHECK-NEXT: #1 readwrite W(key[0], :) 23:10 row via 'row'
// CHECK-NEXT: #2 write b(key[0]) 24:5 x via 'x'
// CHECK-NEXT: #3 read W(key[0], :) 24:15 W.row(key[0])
