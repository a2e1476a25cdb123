// SGD matrix factorization with per-user and per-item biases: bu(u) and bi(i) are 1-D arrays
// indexed by one key each, so they add the same two vectors as the factors.
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  auto ratings = orion::load_triplets<float>(argv[1]);
  const int64_t U = ratings.extent(0), I = ratings.extent(1);
  const float lr = 0.05f, mu = 3.5f;
  orion::DenseArray<float, 1> bu({U}), bi({I});
#pragma orion parallel_for
  for (auto &&[key, r] : ratings) {
    const float e = r - (mu + bu(key[0]) + bi(key[1]));
    bu(key[0]) += lr * e;
    bi(key[1]) += lr * e;
  }
}

// CHECK-LABEL: loop 0 at {{.*}}sgd_mf_bias.cpp:13:3 in 'main': unordered, array iteration of 'ratings' over (key[0], key[1])
// CHECK: dependences:
// CHECK-NEXT: WAR ([0,0], [1,+inf]){{ +}}on bu{{ +}}refs
// CHECK-NEXT: RAW ([0,0], [1,+inf]){{ +}}on bu{{ +}}refs
// CHECK-NEXT: WAR ([1,+inf], [0,0]){{ +}}on bi{{ +}}refs
// CHECK-NEXT: RAW ([1,+inf], [0,0]){{ +}}on bi{{ +}}refs
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
// CHECK-NEXT: bu{{ +}}local
// CHECK-NEXT: bi{{ +}}rotated
