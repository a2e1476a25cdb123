// Constant offsets: A(i, j + 2) = A(i, j) is a RAW at exactly distance ([0,0], [2,2]) (1D along
// i); A(i + 3, j) = A(i, j) - 1 is ([3,3], [0,0]) (1D along j). A(i - 2, j) = A(i + 1, j)
// reads three rows ahead of the write: a WAR at ([3,3], [0,0]).
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = std::atoll(argv[1]);
  orion::DenseArray<double, 2> A({N + 4, N + 4});
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    for (int64_t j = 0; j < N; ++j)
      A(i, j + 2) = A(i, j);
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    for (int64_t j = 0; j < N; ++j)
      A(i + 3, j) = A(i, j) - 1.0;
#pragma orion parallel_for
  for (int64_t i = 2; i < N; ++i)
    for (int64_t j = 0; j < N; ++j)
      A(i - 2, j) = A(i + 1, j);
}

// CHECK-LABEL: loop 0 at {{.*}}offsets.cpp:13:3 in 'main': unordered, counted nest over (i, j)
// CHECK: dependences:
// CHECK-NEXT: RAW ([0,0], [2,2]){{ +}}on A{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: 1d (0){{ +}}1D: partition i across workers; no dependence crosses partitions
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (0, 1){{ +}}2D unordered: space i, time j (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (1, 0){{ +}}2D unordered: space j, time i (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: 1d (0)
// CHECK-NEXT: why: 1D needs no communication during the loop; preferred over 2D
// CHECK: arrays:
// CHECK-NEXT: A{{ +}}local
// CHECK-EMPTY:
// CHECK-LABEL: loop 1 at {{.*}}offsets.cpp:17:3 in 'main': unordered, counted nest over (i, j)
// CHECK: dependences:
// CHECK-NEXT: RAW ([3,3], [0,0]){{ +}}on A{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: 1d (1){{ +}}1D: partition j across workers; no dependence crosses partitions
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (0, 1){{ +}}2D unordered: space i, time j (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (1, 0){{ +}}2D unordered: space j, time i (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: 1d (1)
// CHECK-NEXT: why: 1D needs no communication during the loop; preferred over 2D
// CHECK: arrays:
// CHECK-NEXT: A{{ +}}local
// CHECK-EMPTY:
// CHECK-LABEL: loop 2 at {{.*}}offsets.cpp:21:3 in 'main': unordered, counted nest over (i, j)
// CHECK: dependences:
// CHECK-NEXT: WAR ([3,3], [0,0]){{ +}}on A{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: 1d (1){{ +}}1D: partition j across workers; no dependence crosses partitions
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (0, 1){{ +}}2D unordered: space i, time j (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (1, 0){{ +}}2D unordered: space j, time i (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: 1d (1)
// CHECK-NEXT: why: 1D needs no communication during the loop; preferred over 2D
// CHECK: arrays:
// CHECK-NEXT: A{{ +}}local
