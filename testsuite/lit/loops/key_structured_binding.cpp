// The key unpacked with a structured binding, `const auto [u, i] = key;`: u and i are the key
// dimensions (like `const int64_t u = key[0]`), not loop-invariant parameters.
// Regression test: this was a bug, fixed in the front end.
// It was: orionc treats the bindings as parameters: "parameters: R.extent(0), R.extent(1), u, i" and
// the refs "W(u, 0)", "H(i, 1)" (any binding declared in the body is taken as loop-invariant).
// RUN: %orionc --dump=loops %s | FileCheck %s
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  orion::SparseArray<float, 2> R({100, 100});
  orion::DenseArray<float, 2> W({100, 4}), H({100, 4});
#pragma orion parallel_for
  for (auto &&[key, r] : R) {
    const auto [u, i] = key;
    W(u, 0) += r;
    H(i, 1) = W(u, 2);
  }
}

// CHECK: parameters: R.extent(0), R.extent(1){{$}}
// CHECK: refs:
// CHECK-NEXT: #0 readwrite W(key[0], 0) 16:5 W(u, 0)
// CHECK-NEXT: #1 read R(key[0], key[1]) 16:16 r via 'r'
// CHECK-NEXT: #2 write H(key[1], 1) 17:5 H(i, 1)
// CHECK-NEXT: #3 read W(key[0], 2) 17:15 W(u, 2)
