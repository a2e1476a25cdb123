// Range subscripts: `W.row(u)` covers the whole last dimension (`:`), `W.row(u)[k]` refines it to
// one element; a row passed whole to a function is a range too (the function's own loop, seen
// through its body, is an inner loop of the parallel loop).
// RUN: %orionc --dump=loops %s | FileCheck %s
#include <orion/orion.hpp>
#include <span>

static float dot(std::span<const float> a, std::span<const float> b) {
  float s = 0;
  for (size_t k = 0; k < a.size(); ++k)
    s += a[k] * b[k];
  return s;
}

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  auto ratings = orion::load_triplets<float>(argv[1]);
  const int64_t U = ratings.extent(0), I = ratings.extent(1);
  constexpr int K = 8;
  orion::DenseArray<float, 2> W({U, K}), H({I, K});
#pragma orion parallel_for
  for (auto &&[key, r] : ratings) {
    const float e = r - dot(W.row(key[0]), H.row(key[1]));
    for (int k = 0; k < K; ++k)
      W.row(key[0])[k] += e * H.row(key[1])[k];
  }
}

// CHECK: row_range.cpp: 1 parallel loop
// CHECK-LABEL: loop 0 at {{.*}}row_range.cpp:22:3 in 'main' (pragma on line 21)
// CHECK-NEXT: clauses: (none)
// CHECK-NEXT: order: unordered
// CHECK-NEXT: iteration space: array 'ratings' (sparse<float, 2>), key 'key', value 'r'
// CHECK-NEXT: dim 0: key[0] in [0, ratings.extent(0))
// CHECK-NEXT: dim 1: key[1] in [0, ratings.extent(1))
// CHECK-NEXT: parameters: ratings.extent(0), ratings.extent(1)
// CHECK-NEXT: inner loops:
// CHECK-NEXT: #0 k in [0, a.size() (not affine)) at line 10
// CHECK-NEXT: #1 k in [0, K) at line 24
// CHECK-NEXT: arrays:
// CHECK-NEXT: ratings sparse<float, 2>
// CHECK-NEXT: W dense<float, 2>
// CHECK-NEXT: H dense<float, 2>
// CHECK-NEXT: refs:
// CHECK-NEXT: #0 read ratings(key[0], key[1]) 23:21 r via 'r'
// CHECK-NEXT: #1 read W(key[0], :) 23:29 W.row(key[0])
// CHECK-NEXT: #2 read H(key[1], :) 23:44 H.row(key[1])
// CHECK-NEXT: #3 readwrite W(key[0], k) 25:7 W.row(key[0])[k]
// CHECK-NEXT: #4 read H(key[1], k) 25:31 H.row(key[1])[k]
// CHECK-NOT: #{{[0-9]}}
