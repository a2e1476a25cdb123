// Orion Figure 7(b)/(c): two dependence vectors, (0, inf) through A(key[0]) and (inf, 0)
// through B(key[1]). Unordered (7c): 2D rotation, both (0, 1) and (1, 0). Ordered (7b): the
// same vectors, 2D wavefront (each block waits only for its predecessors), no 1D.
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  auto data = orion::load_triplets<float>(argv[1]);
  const int64_t M = data.extent(0), N = data.extent(1);
  orion::DenseArray<float, 1> A({M}), B({N});
#pragma orion parallel_for
  for (auto &&[key, v] : data) {
    A(key[0]) += v * B(key[1]);
    B(key[1]) += v * A(key[0]);
  }
#pragma orion parallel_for ordered
  for (auto &&[key, v] : data) {
    A(key[0]) += v * B(key[1]);
    B(key[1]) += v * A(key[0]);
  }
}

// CHECK-LABEL: loop 0 at {{.*}}fig7bc_two_vectors.cpp:13:3 in 'main': unordered, array iteration of 'data' over (key[0], key[1])
// CHECK: dependences:
// CHECK-NEXT: RAW ([0,0], [1,+inf]){{ +}}on A{{ +}}refs
// CHECK-NEXT: WAR ([0,0], [1,+inf]){{ +}}on A{{ +}}refs
// CHECK-NEXT: WAR ([1,+inf], [0,0]){{ +}}on B{{ +}}refs
// CHECK-NEXT: RAW ([1,+inf], [0,0]){{ +}}on B{{ +}}refs
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
// CHECK-NEXT: data{{ +}}local
// CHECK-NEXT: A{{ +}}local
// CHECK-NEXT: B{{ +}}rotated
// CHECK-EMPTY:
// CHECK-LABEL: loop 1 at {{.*}}fig7bc_two_vectors.cpp:18:3 in 'main': ordered, array iteration of 'data' over (key[0], key[1])
// CHECK: dependences:
// CHECK-NEXT: RAW ([0,0], [1,+inf]){{ +}}on A{{ +}}refs
// CHECK-NEXT: WAR ([0,0], [1,+inf]){{ +}}on A{{ +}}refs
// CHECK-NEXT: WAW ([0,0], [1,+inf]){{ +}}on A{{ +}}refs
// CHECK-NEXT: WAR ([1,+inf], [0,0]){{ +}}on B{{ +}}refs
// CHECK-NEXT: RAW ([1,+inf], [0,0]){{ +}}on B{{ +}}refs
// CHECK-NEXT: WAW ([1,+inf], [0,0]){{ +}}on B{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: 2d (0, 1){{ +}}2D ordered: space key[0], time key[1], wavefront (each worker waits only for its predecessor)
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (1, 0){{ +}}2D ordered: space key[1], time key[0], wavefront (each worker waits only for its predecessor)
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: 2d (0, 1)
// CHECK-NEXT: why: no 1D schedule is legal; the first legal 2D pair is proposed (which candidate moves fewer bytes depends on array sizes known only at run time: see each candidate's cost)
// CHECK: arrays:
// CHECK-NEXT: data{{ +}}local
// CHECK-NEXT: A{{ +}}local
// CHECK-NEXT: B{{ +}}rotated
