// Pragmas not at the top level of the function: inside an if body (braced) and an else branch
// (unbraced), and inside a nested block in an if inside a while loop.
// RUN: %orionc --dump=loops %s | FileCheck %s
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 64;
  orion::DenseArray<float, 1> A({N});
  if (argc > 1) {
#pragma orion parallel_for
    for (int64_t i = 0; i < N; ++i)
      A(i) += 2;
  } else
#pragma orion parallel_for
    for (int64_t i = 0; i < N; ++i)
      A(i) += 3;
  int iter = 0;
  while (iter++ < 3) {
    if (iter > 1) {
      {
#pragma orion parallel_for
        for (auto &&[key, a] : A)
          a *= 2;
      }
    }
  }
}

// CHECK: pragma_nested_blocks.cpp: 3 parallel loops
// CHECK-LABEL: loop 0 at {{.*}}pragma_nested_blocks.cpp:12:5 in 'main' (pragma on line 11)
// CHECK-NEXT: clauses: (none)
// CHECK-NEXT: order: unordered
// CHECK-NEXT: iteration space: counted nest of depth 1
// CHECK-NEXT: dim 0: i in [0, N)
// CHECK-NEXT: parameters: N
// CHECK-NEXT: arrays:
// CHECK-NEXT: A dense<float, 1>
// CHECK-NEXT: refs:
// CHECK-NEXT: #0 readwrite A(i) 13:7 A(i)
// CHECK-NOT: #{{[0-9]}}
// CHECK-LABEL: loop 1 at {{.*}}pragma_nested_blocks.cpp:16:5 in 'main' (pragma on line 15)
// CHECK-NEXT: clauses: (none)
// CHECK-NEXT: order: unordered
// CHECK-NEXT: iteration space: counted nest of depth 1
// CHECK-NEXT: dim 0: i in [0, N)
// CHECK-NEXT: parameters: N
// CHECK-NEXT: arrays:
// CHECK-NEXT: A dense<float, 1>
// CHECK-NEXT: refs:
// CHECK-NEXT: #0 readwrite A(i) 17:7 A(i)
// CHECK-NOT: #{{[0-9]}}
// CHECK-LABEL: loop 2 at {{.*}}pragma_nested_blocks.cpp:23:9 in 'main' (pragma on line 22)
// CHECK-NEXT: clauses: (none)
// CHECK-NEXT: order: unordered
// CHECK-NEXT: iteration space: array 'A' (dense<float, 1>), key 'key', value 'a'
// CHECK-NEXT: dim 0: key[0] in [0, A.extent(0))
// CHECK-NEXT: parameters: A.extent(0)
// CHECK-NEXT: arrays:
// CHECK-NEXT: A dense<float, 1>
// CHECK-NEXT: refs:
// CHECK-NEXT: #0 readwrite A(key[0]) 24:11 a via 'a'
// CHECK-NOT: #{{[0-9]}}
