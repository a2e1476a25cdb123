// Sparse logistic regression: the weights are read and updated at feature ids loaded from the
// data, so their subscripts are unknown ("depends on the value of ..."), directly or through a
// chased local.
// RUN: %orionc --dump=loops %s | FileCheck %s
#include <orion/orion.hpp>
#include <cmath>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 1000, F = argc * 5000;
  constexpr int64_t kSlots = 16;
  orion::DenseArray<int64_t, 2> feat({N, kSlots});
  orion::DenseArray<float, 2> X({N, kSlots});
  orion::DenseArray<float, 1> label({N}), w({F});
  orion::Accumulator<double> loss;
  const float lr = 0.1f;
#pragma orion parallel_for
  for (auto &&[key, y] : label) {
    const int64_t n = key[0];
    float margin = 0;
    for (int64_t j = 0; j < kSlots; ++j)
      margin += w(feat(n, j)) * X(n, j);
    const float p = 1.0f / (1.0f + std::exp(-margin));
    const float g = p - y;
    for (int64_t j = 0; j < kSlots; ++j) {
      const int64_t f = feat(n, j);
      w(f) -= lr * g * X(n, j);
    }
    loss += g * g;
  }
}

// CHECK: slr_sparse.cpp: 1 parallel loop
// CHECK-LABEL: loop 0 at {{.*}}slr_sparse.cpp:18:3 in 'main' (pragma on line 17)
// CHECK-NEXT: clauses: (none)
// CHECK-NEXT: order: unordered
// CHECK-NEXT: iteration space: array 'label' (dense<float, 1>), key 'key', value 'y'
// CHECK-NEXT: dim 0: key[0] in [0, label.extent(0))
// CHECK-NEXT: parameters: label.extent(0)
// CHECK-NEXT: inner loops:
// CHECK-NEXT: #0 j in [0, kSlots) at line 21
// CHECK-NEXT: #1 j in [0, kSlots) at line 25
// CHECK-NEXT: arrays:
// CHECK-NEXT: label dense<float, 1>
// CHECK-NEXT: w dense<float, 1>
// CHECK-NEXT: feat dense<int64_t, 2>
// CHECK-NEXT: X dense<float, 2>
// CHECK-NEXT: loss accumulator<double>
// CHECK-NEXT: refs:
// CHECK-NEXT: #0 read w(?) 22:17 w(feat(n, j))
// CHECK-NEXT: subscript 0 'feat(n, j)' is unknown: depends on the value of 'feat(n, j)'
// CHECK-NEXT: #1 read feat(key[0], j) 22:19 feat(n, j)
// CHECK-NEXT: #2 read X(key[0], j) 22:33 X(n, j)
// CHECK-NEXT: #3 read label(key[0]) 24:25 y via 'y'
// CHECK-NEXT: #4 read feat(key[0], j) 26:25 feat(n, j)
// CHECK-NEXT: #5 readwrite w(?) 27:7 w(f)
// CHECK-NEXT: subscript 0 'f' is unknown: 'f' = feat(n, j): depends on the value of 'feat(n, j)'
// CHECK-NEXT: #6 read X(key[0], j) 27:24 X(n, j)
// CHECK-NEXT: #7 reduce loss 29:5 loss += g * g
// CHECK-NOT: #{{[0-9]}}
