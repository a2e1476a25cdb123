// Array iteration over a DenseArray: `v` is the element A(key[0], key[1]). Scaling it in place
// touches only the iteration's own element: no dependences, 1D on either key. Adding the row's
// first element, v += A(key[0], 0), reads what iteration (key[0], 0) wrote: RAW ([0,0],
// [1,+inf]), 1D along key[0]. Adding the transposed element of a square array, v += S(key[1],
// key[0]), pairs (a, b) with (b, a): ([1,+inf], [-inf,-1]) RAW and WAR, skewed exactly to (k, 0).
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t M = std::atoll(argv[1]), N = std::atoll(argv[2]);
  orion::DenseArray<double, 2> A({M, N});
#pragma orion parallel_for
  for (auto &&[key, v] : A)
    v = 2.0 * v;
#pragma orion parallel_for
  for (auto &&[key, v] : A)
    v += A(key[0], 0);
  orion::DenseArray<double, 2> S({N, N});
#pragma orion parallel_for
  for (auto &&[key, v] : S)
    v += S(key[1], key[0]);
}

// CHECK-LABEL: loop 0 at {{.*}}dense_iteration.cpp:15:3 in 'main': unordered, array iteration of 'A' over (key[0], key[1])
// CHECK: references:
// CHECK: #{{[0-9]+}}{{ +}}W A(key[0], key[1]){{ +}}16:5{{ +}}v
// CHECK: #{{[0-9]+}}{{ +}}R A(key[0], key[1]){{ +}}16:15{{ +}}v
// CHECK: dependences:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: 1d (0){{ +}}1D: partition key[0] across workers; no dependence crosses partitions
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 1d (1){{ +}}1D: partition key[1] across workers; no dependence crosses partitions
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (0, 1){{ +}}2D unordered: space key[0], time key[1] (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (1, 0){{ +}}2D unordered: space key[1], time key[0] (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: 1d (0)
// CHECK-NEXT: why: 1D needs no communication during the loop; preferred over 2D
// CHECK: arrays:
// CHECK-NEXT: A{{ +}}local
// CHECK-EMPTY:
// CHECK-LABEL: loop 1 at {{.*}}dense_iteration.cpp:18:3 in 'main': unordered, array iteration of 'A' over (key[0], key[1])
// CHECK: references:
// CHECK: #{{[0-9]+}}{{ +}}X A(key[0], key[1]){{ +}}19:5{{ +}}v
// CHECK: #{{[0-9]+}}{{ +}}R A(key[0], 0)
// CHECK: dependences:
// CHECK-NEXT: RAW ([0,0], [1,+inf]){{ +}}on A{{ +}}refs
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
// CHECK-NEXT: A{{ +}}local
// CHECK-EMPTY:
// CHECK-LABEL: loop 2 at {{.*}}dense_iteration.cpp:22:3 in 'main': unordered, array iteration of 'S' over (key[0], key[1])
// CHECK: references:
// CHECK: #{{[0-9]+}}{{ +}}R S(key[1], key[0])
// CHECK: dependences:
// CHECK-NEXT: RAW ([1,+inf], [-inf,-1]){{ +}}on S{{ +}}refs
// CHECK-NEXT: WAR ([1,+inf], [-inf,-1]){{ +}}on S{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: unimodular (1){{ +}}unimodular: T = {{\[\[}}1, 0], [1, 1]], then 1D on c1 on the transformed space (c = T·(key[0], key[1]))
// CHECK-NEXT: transformed ([1,+inf], [-inf,-1]) -> ([1,+inf], [0,0])
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: unimodular (1)
// CHECK-NEXT: why: no 1D or 2D schedule is legal on the original space; the skewed space carries every dependence forward
