// relax(...) removes the dependences through the named arrays only. A(i) += A(i - 1) + B(i - 1)
// with B(i) = ... also written: relax(A) leaves the RAW on B ([1,1]) (still no schedule);
// relax(A, B), with B updated by `+=` as relax requires, leaves nothing (1D). The SGD body with
// relax(H) keeps W's vector only: 1D along key[0].
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = std::atoll(argv[1]);
  orion::DenseArray<double, 1> A({N}), B({N});
#pragma orion parallel_for relax(A)
  for (int64_t i = 1; i < N; ++i) {
    A(i) += A(i - 1) + B(i - 1);
    B(i) = 0.5 * A(i);
  }
#pragma orion parallel_for relax(A, B)
  for (int64_t i = 1; i < N; ++i) {
    A(i) += A(i - 1) + B(i - 1);
    B(i) += 0.5 * A(i);
  }
  auto ratings = orion::load_triplets<float>(argv[2]);
  const int64_t U = ratings.extent(0), I = ratings.extent(1);
  const int K = 4;
  orion::DenseArray<float, 2> W({U, K}), H({I, K});
#pragma orion parallel_for relax(H)
  for (auto &&[key, r] : ratings) {
    for (int k = 0; k < K; ++k) {
      const float w = W(key[0], k), h = H(key[1], k);
      W(key[0], k) = w + 0.01f * r * h;
      H(key[1], k) += 0.01f * r * w;
    }
  }
}

// CHECK-LABEL: loop 0 at {{.*}}relax_clause.cpp:14:3 in 'main': unordered, counted nest over (i)
// CHECK: dependences:
// CHECK-NEXT: RAW ([1,1]){{ +}}on B{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: schedule: none
// CHECK-NEXT: why: no 1D, 2D or unimodular schedule keeps these dependences: RAW ([1,1]) on 'B' (refs #{{[0-9]+}}->#{{[0-9]+}})
// CHECK-NEXT: suggestion: write 'B' through an orion::Buffer if updates applied late are acceptable; relax(B) would need every write of 'B' to be '+=', '-=', '++' or '--' on the element, and 'B(i)' is not
// CHECK-LABEL: loop 1 at {{.*}}relax_clause.cpp:19:3 in 'main': unordered, counted nest over (i)
// CHECK: dependences:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: 1d (0){{ +}}1D: partition i across workers; no dependence crosses partitions
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: 1d (0)
// CHECK-NEXT: why: 1D needs no communication during the loop; preferred over 2D
// CHECK: arrays:
// CHECK-NEXT: A{{ +}}relaxed
// CHECK-NEXT: B{{ +}}relaxed
// CHECK-EMPTY:
// CHECK-LABEL: loop 2 at {{.*}}relax_clause.cpp:28:3 in 'main': unordered, array iteration of 'ratings' over (key[0], key[1])
// CHECK: dependences:
// CHECK-NEXT: WAR ([0,0], [1,+inf]){{ +}}on W{{ +}}refs
// CHECK-NEXT: RAW ([0,0], [1,+inf]){{ +}}on W{{ +}}refs
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
// CHECK-NEXT: H{{ +}}relaxed
