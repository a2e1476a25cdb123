// partition(...) chooses among the legal candidates: the SGD body with partition(1, 0) gets the
// 2D schedule with space key[1] and time key[0] (H local, W rotated); Jacobi with partition(1)
// gets 1D along j instead of i.
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  auto ratings = orion::load_triplets<float>(argv[1]);
  const int64_t U = ratings.extent(0), I = ratings.extent(1);
  const int K = 4;
  orion::DenseArray<float, 2> W({U, K}), H({I, K});
#pragma orion parallel_for partition(1, 0)
  for (auto &&[key, r] : ratings) {
    for (int k = 0; k < K; ++k) {
      const float w = W(key[0], k), h = H(key[1], k);
      W(key[0], k) = w + 0.01f * r * h;
      H(key[1], k) = h + 0.01f * r * w;
    }
  }
  const int64_t N = std::atoll(argv[2]);
  orion::DenseArray<double, 2> Aold({N, N}), Anew({N, N});
#pragma orion parallel_for partition(1)
  for (int64_t i = 1; i < N - 1; ++i)
    for (int64_t j = 1; j < N - 1; ++j)
      Anew(i, j) = 0.25 * (Aold(i - 1, j) + Aold(i + 1, j) + Aold(i, j - 1) + Aold(i, j + 1));
}

// CHECK-LABEL: loop 0 at {{.*}}partition_legal.cpp:15:3 in 'main': unordered, array iteration of 'ratings' over (key[0], key[1])
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
// CHECK-NEXT: schedule: 2d (1, 0)
// CHECK-NEXT: why: requested by partition(...)
// CHECK: arrays:
// CHECK-NEXT: ratings{{ +}}local
// CHECK-NEXT: W{{ +}}rotated
// CHECK-NEXT: H{{ +}}local
// CHECK-EMPTY:
// CHECK-LABEL: loop 1 at {{.*}}partition_legal.cpp:25:3 in 'main': unordered, counted nest over (i, j)
// CHECK: dependences:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: 1d (0){{ +}}1D: partition i across workers; no dependence crosses partitions
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 1d (1){{ +}}1D: partition j across workers; no dependence crosses partitions
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (0, 1){{ +}}2D unordered: space i, time j (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (1, 0){{ +}}2D unordered: space j, time i (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: 1d (1)
// CHECK-NEXT: why: requested by partition(...)
// CHECK: arrays:
// CHECK-NEXT: Anew{{ +}}local
// CHECK-NEXT: Aold{{ +}}replicated
