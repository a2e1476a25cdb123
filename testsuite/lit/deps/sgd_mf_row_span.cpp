// SGD matrix factorization written with row() spans: W.row(u) and H.row(i) are range subscripts
// over the last dimension. The dependences are those of the element-wise version.
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  auto ratings = orion::load_triplets<float>(argv[1]);
  const int64_t U = ratings.extent(0), I = ratings.extent(1);
  const int K = 8;
  const float lr = 0.05f;
  orion::DenseArray<float, 2> W({U, K}), H({I, K});
#pragma orion parallel_for
  for (auto &&[key, r] : ratings) {
    auto w = W.row(key[0]);
    auto h = H.row(key[1]);
    float pred = 0;
    for (int k = 0; k < K; ++k)
      pred += w[k] * h[k];
    const float e = r - pred;
    for (int k = 0; k < K; ++k) {
      const float wk = w[k];
      w[k] += lr * e * h[k];
      h[k] += lr * e * wk;
    }
  }
}

// CHECK-LABEL: loop 0 at {{.*}}sgd_mf_row_span.cpp:14:3 in 'main': unordered, array iteration of 'ratings' over (key[0], key[1])
// CHECK: references:
// CHECK: #{{[0-9]+}}{{ +}}R W(key[0], k){{ +}}19:15{{ +}}w[k]
// CHECK: #{{[0-9]+}}{{ +}}X W(key[0], k){{ +}}23:7{{ +}}w[k]
// CHECK: #{{[0-9]+}}{{ +}}X H(key[1], k){{ +}}24:7{{ +}}h[k]
// CHECK: dependences:
// CHECK-NEXT: WAR ([0,0], [1,+inf]){{ +}}on W{{ +}}refs
// CHECK-NEXT: RAW ([0,0], [1,+inf]){{ +}}on W{{ +}}refs
// CHECK-NEXT: WAR ([1,+inf], [0,0]){{ +}}on H{{ +}}refs
// CHECK-NEXT: RAW ([1,+inf], [0,0]){{ +}}on H{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: 2d (0, 1){{ +}}2D unordered: space key[0], time key[1] (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (1, 0){{ +}}2D unordered: space key[1], time key[0] (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: 2d (0, 1)
// CHECK-NEXT: why: no 1D schedule is legal; the first legal 2D pair is proposed (which candidate moves fewer bytes depends on array sizes known only at run time: see each candidate's cost)
// CHECK: arrays:
// CHECK-NEXT: ratings{{ +}}local
// CHECK-NEXT: W{{ +}}local
// CHECK-NEXT: H{{ +}}rotated
