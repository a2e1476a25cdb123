// Pragmas from macros: `_Pragma("orion parallel_for ...")` in a macro written before the loop,
// and a macro that expands to both the pragma and the `for` header (the body follows it).
// RUN: %orionc --dump=loops %s | FileCheck %s
#include <orion/orion.hpp>

#define PARALLEL _Pragma("orion parallel_for")
#define PARALLEL_ORDERED _Pragma("orion parallel_for ordered")
#define PARALLEL_RANGE(i, lo, hi)                                                                  \
  _Pragma("orion parallel_for") for (int64_t i = (lo); i < (hi); ++i)

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 64;
  orion::DenseArray<float, 1> A({N}), B({N});
  PARALLEL
  for (int64_t i = 0; i < N; ++i)
    A(i) = 1;
  PARALLEL_ORDERED
  for (int64_t i = 1; i < N; ++i)
    A(i) += A(i - 1);
  PARALLEL_RANGE(i, 1, N - 1)
    B(i) = A(i + 1) - A(i - 1);
  _Pragma("orion parallel_for") for (auto &&[key, b] : B) b *= 2;
}

// CHECK: pragma_macros.cpp: 4 parallel loops
// CHECK-LABEL: loop 0 at {{.*}}pragma_macros.cpp:16:3 in 'main' (pragma on line 15)
// CHECK-NEXT: clauses: (none)
// CHECK-NEXT: order: unordered
// CHECK-NEXT: iteration space: counted nest of depth 1
// CHECK-NEXT: dim 0: i in [0, N)
// CHECK-NEXT: parameters: N
// CHECK-NEXT: arrays:
// CHECK-NEXT: A dense<float, 1>
// CHECK-NEXT: refs:
// CHECK-NEXT: #0 write A(i) 17:5 A(i)
// CHECK-NOT: #{{[0-9]}}
// CHECK-LABEL: loop 1 at {{.*}}pragma_macros.cpp:19:3 in 'main' (pragma on line 18)
// CHECK-NEXT: clauses: ordered
// CHECK-NEXT: order: ordered
// CHECK-NEXT: iteration space: counted nest of depth 1
// CHECK-NEXT: dim 0: i in [1, N)
// CHECK-NEXT: parameters: N
// CHECK-NEXT: arrays:
// CHECK-NEXT: A dense<float, 1>
// CHECK-NEXT: refs:
// CHECK-NEXT: #0 readwrite A(i) 20:5 A(i)
// CHECK-NEXT: #1 read A(i - 1) 20:13 A(i - 1)
// CHECK-NOT: #{{[0-9]}}
// CHECK-LABEL: loop 2 at {{.*}}pragma_macros.cpp:21:3 in 'main' (pragma on line 21)
// CHECK-NEXT: clauses: (none)
// CHECK-NEXT: order: unordered
// CHECK-NEXT: iteration space: counted nest of depth 1
// The bound text is checked in macro_bound_text.cpp.
// CHECK-NEXT: dim 0: i in [{{.+}}, {{.+}})
// CHECK-NEXT: parameters: N
// CHECK-NEXT: arrays:
// CHECK-NEXT: B dense<float, 1>
// CHECK-NEXT: A dense<float, 1>
// CHECK-NEXT: refs:
// CHECK-NEXT: #0 write B(i) 22:5 B(i)
// CHECK-NEXT: #1 read A(i + 1) 22:12 A(i + 1)
// CHECK-NEXT: #2 read A(i - 1) 22:23 A(i - 1)
// CHECK-NOT: #{{[0-9]}}
// CHECK-LABEL: loop 3 at {{.*}}pragma_macros.cpp:23:33 in 'main' (pragma on line 23)
// CHECK-NEXT: clauses: (none)
// CHECK-NEXT: order: unordered
// CHECK-NEXT: iteration space: array 'B' (dense<float, 1>), key 'key', value 'b'
// CHECK-NEXT: dim 0: key[0] in [0, B.extent(0))
// CHECK-NEXT: parameters: B.extent(0)
// CHECK-NEXT: arrays:
// CHECK-NEXT: B dense<float, 1>
// CHECK-NEXT: refs:
// CHECK-NEXT: #0 readwrite B(key[0]) 23:59 b via 'b'
// CHECK-NOT: #{{[0-9]}}
