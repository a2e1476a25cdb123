// The value of an array iteration used as a subscript (directly, through a chased local, and in
// a sum) is data: the subscript is unknown because it depends on the stored value.
// Regression test: this was a bug, fixed in the front end.
// It was: orionc gives the reason "'value' is not an integer" (the binding has a reference type).
// RUN: %orionc --dump=loops %s | FileCheck %s
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  orion::SparseArray<int, 2> tokens({100, 50});
  orion::DenseArray<float, 1> A({10});
#pragma orion parallel_for
  for (auto &&[key, value] : tokens) {
    const int t = value;
    A(t) += 1;
    A(value) += 2;
    A(key[1] + value) += 3;
  }
}

// CHECK: #0 read tokens(key[0], key[1]) 14:19 value via 'value'
// CHECK-NEXT: #1 readwrite A(?) 15:5 A(t)
// CHECK-NEXT: subscript 0 't' is unknown: 't' = value: depends on the value of 'value'
// CHECK-NEXT: #2 readwrite A(?) 16:5 A(value)
// CHECK-NEXT: subscript 0 'value' is unknown: depends on the value of 'value'
// CHECK-NEXT: #3 read tokens(key[0], key[1]) 16:7 value via 'value'
// CHECK-NEXT: #4 readwrite A(?) 17:5 A(key[1] + value)
// CHECK-NEXT: subscript 0 'key[1] + value' is unknown: depends on the value of 'value'
// CHECK-NEXT: #5 read tokens(key[0], key[1]) 17:16 value via 'value'
// CHECK-NOT: #{{[0-9]}}
