// Chased single-assignment locals: `const int64_t u = key[0]` and chains built on it, through
// several declarations and casts, resolve to affine subscripts in the key dimensions.
// RUN: %orionc --dump=loops %s | FileCheck %s
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  orion::SparseArray<float, 2> R({100, 100});
  orion::DenseArray<float, 1> A({300});
  orion::DenseArray<float, 2> B({100, 100});
#pragma orion parallel_for
  for (auto &&[key, r] : R) {
    const int64_t u = key[0];
    const int64_t a = u + 1;
    const int64_t b = 2 * a - key[1];
    int c = static_cast<int>(b);
    auto d = (c + 3);
    A(a) = r;
    A(b) += A(c);
    A(d) -= 1;
    B(u, key[1]) = A(u + a);
  }
}

// CHECK: chased_locals.cpp: 1 parallel loop
// CHECK-LABEL: loop 0 at {{.*}}chased_locals.cpp:12:3 in 'main' (pragma on line 11)
// CHECK-NEXT: clauses: (none)
// CHECK-NEXT: order: unordered
// CHECK-NEXT: iteration space: array 'R' (sparse<float, 2>), key 'key', value 'r'
// CHECK-NEXT: dim 0: key[0] in [0, R.extent(0))
// CHECK-NEXT: dim 1: key[1] in [0, R.extent(1))
// CHECK-NEXT: parameters: R.extent(0), R.extent(1)
// CHECK-NEXT: arrays:
// CHECK-NEXT: R sparse<float, 2>
// CHECK-NEXT: A dense<float, 1>
// CHECK-NEXT: B dense<float, 2>
// CHECK-NEXT: refs:
// CHECK-NEXT: #0 write A(key[0] + 1) 18:5 A(a)
// CHECK-NEXT: #1 read R(key[0], key[1]) 18:12 r via 'r'
// CHECK-NEXT: #2 readwrite A(2*key[0] - key[1] + 2) 19:5 A(b)
// CHECK-NEXT: #3 read A(2*key[0] - key[1] + 2) 19:13 A(c)
// CHECK-NEXT: #4 readwrite A(2*key[0] - key[1] + 5) 20:5 A(d)
// CHECK-NEXT: #5 write B(key[0], key[1]) 21:5 B(u, key[1])
// CHECK-NEXT: #6 read A(2*key[0] + 1) 21:20 A(u + a)
// CHECK-NOT: #{{[0-9]}}
