// A compound update's self-pair lists every kind that occurs. C(i) += A(i, j) touches the same
// element in every later j of one i, and the reference both reads and writes: the pair is a RAW
// and a WAR with the same vector ([0,0], [1,+inf]), and a WAW only when the loop is ordered
// (unordered loops may reorder writes). Both loops are 1D over i.
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = std::atoll(argv[1]);
  orion::DenseArray<double, 2> A({N, N});
  orion::DenseArray<double, 1> C({N});
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    for (int64_t j = 0; j < N; ++j)
      C(i) += A(i, j);
#pragma orion parallel_for ordered
  for (int64_t i = 0; i < N; ++i)
    for (int64_t j = 0; j < N; ++j)
      C(i) += A(i, j);
  return 0;
}

// CHECK-LABEL: loop 0 at {{.*}}compound_self_pair.cpp:15:3 in 'main': unordered, counted nest over (i, j)
// CHECK: dependences:
// CHECK-NEXT: RAW ([0,0], [1,+inf]){{ +}}on C{{ +}}refs #0->#0
// CHECK-NEXT: WAR ([0,0], [1,+inf]){{ +}}on C{{ +}}refs #0->#0
// CHECK-EMPTY:
// CHECK: schedule: 1d (0)
// CHECK-LABEL: loop 1 at {{.*}}compound_self_pair.cpp:19:3 in 'main': ordered, counted nest over (i, j)
// CHECK: dependences:
// CHECK-NEXT: RAW ([0,0], [1,+inf]){{ +}}on C{{ +}}refs #0->#0
// CHECK-NEXT: WAR ([0,0], [1,+inf]){{ +}}on C{{ +}}refs #0->#0
// CHECK-NEXT: WAW ([0,0], [1,+inf]){{ +}}on C{{ +}}refs #0->#0
// CHECK-EMPTY:
// CHECK: schedule: 1d (0)
