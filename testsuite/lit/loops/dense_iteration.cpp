// Iteration over a DenseArray: `for (auto&& [key, v] : D)`; the value is written and read.
// RUN: %orionc --dump=loops %s | FileCheck %s
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  orion::DenseArray<float, 2> D({argc * 10, 20});
  orion::DenseArray<float, 1> colsum({20});
#pragma orion parallel_for
  for (auto &&[key, v] : D) {
    v = v * 2 + colsum(key[1]);
    colsum(key[1]) += v;
  }
}

// CHECK: dense_iteration.cpp: 1 parallel loop
// CHECK-LABEL: loop 0 at {{.*}}dense_iteration.cpp:10:3 in 'main' (pragma on line 9)
// CHECK-NEXT: clauses: (none)
// CHECK-NEXT: order: unordered
// CHECK-NEXT: iteration space: array 'D' (dense<float, 2>), key 'key', value 'v'
// CHECK-NEXT: dim 0: key[0] in [0, D.extent(0))
// CHECK-NEXT: dim 1: key[1] in [0, D.extent(1))
// CHECK-NEXT: parameters: D.extent(0), D.extent(1)
// CHECK-NEXT: arrays:
// CHECK-NEXT: D dense<float, 2>
// CHECK-NEXT: colsum dense<float, 1>
// CHECK-NEXT: refs:
// CHECK-NEXT: #0 write D(key[0], key[1]) 11:5 v via 'v'
// CHECK-NEXT: #1 read D(key[0], key[1]) 11:9 v via 'v'
// CHECK-NEXT: #2 read colsum(key[1]) 11:17 colsum(key[1])
// CHECK-NEXT: #3 readwrite colsum(key[1]) 12:5 colsum(key[1])
// CHECK-NEXT: #4 read D(key[0], key[1]) 12:23 v via 'v'
// CHECK-NOT: #{{[0-9]}}
