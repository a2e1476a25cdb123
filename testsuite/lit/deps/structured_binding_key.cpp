// The key unpacked with a structured binding, `const auto [u, c] = key;`: u and c are key[0] and
// key[1], not loop-invariant values. A(u + key[1]) += v conflicts iff u + c = u' + c', distance
// (d, -d): ([1,+inf], [-inf,-1]), skewed exactly to (d, 0). The SGD body written with `const auto [u, i] = key`
// has the usual vectors ([0,0], [1,+inf]) on W and ([1,+inf], [0,0]) on H, and both 2D pairs.
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  auto R = orion::load_triplets<float>(argv[1]);
  const int64_t M = R.extent(0), N = R.extent(1);
  const int K = 4;
  orion::DenseArray<float, 1> A({M + N});
  orion::DenseArray<float, 2> W({M, K}), H({N, K});
#pragma orion parallel_for
  for (auto &&[key, v] : R) {
    const auto [u, c] = key;
    A(u + key[1]) += v;
  }
#pragma orion parallel_for
  for (auto &&[key, r] : R) {
    const auto [u, i] = key;
    for (int k = 0; k < K; ++k) {
      const float w = W(u, k), h = H(i, k);
      W(u, k) = w + 0.01f * r * h;
      H(i, k) = h + 0.01f * r * w;
    }
  }
}

// CHECK-LABEL: loop 0 at {{.*}}structured_binding_key.cpp:16:3
// CHECK: references:
// CHECK: X A(key[0] + key[1]){{ +}}18:5{{ +}}A(u + key[1])
// CHECK: dependences:
// CHECK-NEXT: RAW ([1,+inf], [-inf,-1]){{ +}}on A
// CHECK-NEXT: WAR ([1,+inf], [-inf,-1]){{ +}}on A
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: unimodular (1){{ +}}unimodular: T = {{\[\[}}1, 0], [1, 1]], then 1D on c1 on the transformed space (c = T·(key[0], key[1]))
// CHECK: schedule: unimodular (1)

// CHECK-LABEL: loop 1 at {{.*}}structured_binding_key.cpp:21:3
// CHECK: references:
// CHECK: R W(key[0], k){{ +}}24:23{{ +}}W(u, k)
// CHECK: dependences:
// CHECK-NEXT: WAR ([0,0], [1,+inf]){{ +}}on W
// CHECK-NEXT: RAW ([0,0], [1,+inf]){{ +}}on W
// CHECK-NEXT: WAR ([1,+inf], [0,0]){{ +}}on H
// CHECK-NEXT: RAW ([1,+inf], [0,0]){{ +}}on H
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: 2d (0, 1)
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (1, 0)
// CHECK: schedule: 2d (0, 1)
