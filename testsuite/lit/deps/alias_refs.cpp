// Aliases through references: `auto &w = W(u, k)` makes every use of w an access to W(u, k),
// and a write through it a write of W. Only W is updated (H is read): one vector, 1D on key[0].
// The second loop writes H through an alias of a row element and reads W: 1D on key[1].
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
    const int64_t u = key[0], i = key[1];
    for (int k = 0; k < K; ++k) {
      auto &w = W(u, k);
      w += lr * (r - w * H(i, k));
    }
  }
#pragma orion parallel_for
  for (auto &&[key, r] : ratings) {
    auto h = H.row(key[1]);
    for (int k = 0; k < K; ++k) {
      float &hk = h[k];
      hk -= lr * r * W(key[0], k);
    }
  }
}

// CHECK-LABEL: loop 0 at {{.*}}alias_refs.cpp:15:3 in 'main': unordered, array iteration of 'ratings' over (key[0], key[1])
// CHECK: references:
// CHECK: #{{[0-9]+}}{{ +}}X W(key[0], k){{ +}}19:7{{ +}}w
// CHECK: #{{[0-9]+}}{{ +}}R W(key[0], k){{ +}}19:22{{ +}}w
// CHECK: #{{[0-9]+}}{{ +}}R H(key[1], k)
// CHECK: dependences:
// CHECK-NEXT: RAW ([0,0], [1,+inf]){{ +}}on W{{ +}}refs
// CHECK-NEXT: WAR ([0,0], [1,+inf]){{ +}}on W{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: 1d (0){{ +}}1D: partition key[0] across workers; no dependence crosses partitions
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (0, 1){{ +}}2D unordered: space key[0], time key[1] (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (1, 0){{ +}}2D unordered: space key[1], time key[0] (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: 1d (0)
// CHECK-NEXT: why: 1D needs no communication during the loop; preferred over 2D
// CHECK: arrays:
// CHECK-NEXT: ratings{{ +}}local
// CHECK-NEXT: W{{ +}}local
// CHECK-NEXT: H{{ +}}replicated
// CHECK-EMPTY:
// CHECK-LABEL: loop 1 at {{.*}}alias_refs.cpp:23:3 in 'main': unordered, array iteration of 'ratings' over (key[0], key[1])
// CHECK: references:
// CHECK: #{{[0-9]+}}{{ +}}X H(key[1], k){{ +}}27:7{{ +}}hk
// CHECK: #{{[0-9]+}}{{ +}}R W(key[0], k)
// CHECK: dependences:
// CHECK-NEXT: RAW ([1,+inf], [0,0]){{ +}}on H{{ +}}refs
// CHECK-NEXT: WAR ([1,+inf], [0,0]){{ +}}on H{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: 1d (1){{ +}}1D: partition key[1] across workers; no dependence crosses partitions
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (0, 1){{ +}}2D unordered: space key[0], time key[1] (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (1, 0){{ +}}2D unordered: space key[1], time key[0] (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: 1d (1)
// CHECK-NEXT: why: 1D needs no communication during the loop; preferred over 2D
// CHECK: arrays:
// CHECK-NEXT: ratings{{ +}}local
// CHECK-NEXT: H{{ +}}local
// CHECK-NEXT: W{{ +}}replicated
