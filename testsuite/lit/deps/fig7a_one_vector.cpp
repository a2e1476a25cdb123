// Orion Figure 7(a): a single dependence vector (0, inf). The loop writes A(key[0]) only, so two
// iterations conflict iff they share key[0]: ([0,0], [1,+inf]). 1D along key[0]; 2D is legal too
// but 1D is preferred. The mirror loop writes B(key[1]): ([1,+inf], [0,0]), 1D along key[1].
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  auto data = orion::load_triplets<float>(argv[1]);
  const int64_t M = data.extent(0), N = data.extent(1);
  orion::DenseArray<float, 1> A({M}), B({N});
#pragma orion parallel_for
  for (auto &&[key, v] : data)
    A(key[0]) += v;
#pragma orion parallel_for
  for (auto &&[key, v] : data)
    B(key[1]) = B(key[1]) * v;
}

// CHECK-LABEL: loop 0 at {{.*}}fig7a_one_vector.cpp:13:3 in 'main': unordered, array iteration of 'data' over (key[0], key[1])
// CHECK: dependences:
// CHECK-NEXT: RAW ([0,0], [1,+inf]){{ +}}on A{{ +}}refs
// CHECK-NEXT: WAR ([0,0], [1,+inf]){{ +}}on A{{ +}}refs
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
// CHECK-NEXT: data{{ +}}local
// CHECK-NEXT: A{{ +}}local
// CHECK-EMPTY:
// CHECK-LABEL: loop 1 at {{.*}}fig7a_one_vector.cpp:16:3 in 'main': unordered, array iteration of 'data' over (key[0], key[1])
// CHECK: dependences:
// CHECK-NEXT: RAW ([1,+inf], [0,0]){{ +}}on B{{ +}}refs
// CHECK-NEXT: WAR ([1,+inf], [0,0]){{ +}}on B{{ +}}refs
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
// CHECK-NEXT: data{{ +}}local
// CHECK-NEXT: B{{ +}}local
