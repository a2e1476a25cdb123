// A row alias defined outside an inner loop and indexed by that loop's index: the ref is inside
// the inner loop (its subscript uses k), so its inner_loops must list that loop.
// Regression test: this was a bug, fixed in the front end.
// It was: refs through `row` get the inner loops of the alias's definition ([]), not of the use.
// RUN: %orionc --dump=loops --format=json %s | FileCheck %s
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  orion::DenseArray<float, 2> W({argc * 10, 8});
  orion::DenseArray<float, 1> bias({argc * 10});
#pragma orion parallel_for
  for (auto &&[key, b] : bias) {
    auto row = W.row(key[0]);
    for (int k = 0; k < 8; ++k)
      row[k] = row[k] + b;
  }
}

// CHECK: "id": 0,
// CHECK-NEXT: "array": "W",
// CHECK-NEXT: "access": "write",
// CHECK-NEXT: "subscripts": [
// CHECK-NEXT: "key[0]",
// CHECK-NEXT: "k"
// CHECK-NEXT: ],
// CHECK: "inner_loops": [
// CHECK-NEXT: 0
// CHECK-NEXT: ],
// CHECK-NEXT: "line": 16,
// CHECK: "id": 1,
// CHECK-NEXT: "array": "W",
// CHECK-NEXT: "access": "read",
// CHECK: "inner_loops": [
// CHECK-NEXT: 0
// CHECK-NEXT: ],
// CHECK-NEXT: "line": 16,
