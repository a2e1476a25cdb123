// A document-only Gibbs step: doc_topic(d, t) at a data-dependent topic and the value written.
// Iterations conflict only within one document: ([0,0], [1,+inf]) on doc_topic, 1D on key[0]
// (the word dimension is free). The second loop also reads word_topic (never written): still 1D.
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  orion::SparseArray<int, 2> tokens = orion::load_triplets<int>(argv[1]);
  const int64_t D = tokens.extent(0), V = tokens.extent(1);
  const int T = 8;
  orion::DenseArray<int, 2> doc_topic({D, T}), word_topic({V, T});
#pragma orion parallel_for
  for (auto &&[key, value] : tokens) {
    doc_topic(key[0], value) -= 1;
    value = static_cast<int>(orion::rng()() % T);
    doc_topic(key[0], value) += 1;
  }
#pragma orion parallel_for
  for (auto &&[key, value] : tokens) {
    int best = 0;
    for (int t = 1; t < T; ++t)
      if (word_topic(key[1], t) > word_topic(key[1], best))
        best = t;
    doc_topic(key[0], value) -= 1;
    value = best;
    doc_topic(key[0], best) += 1;
  }
}

// CHECK-LABEL: loop 0 at {{.*}}lda_doc_only.cpp:14:3 in 'main': unordered, array iteration of 'tokens' over (key[0], key[1])
// CHECK: dependences:
// CHECK-NEXT: RAW ([0,0], [1,+inf]){{ +}}on doc_topic{{ +}}refs
// CHECK-NEXT: WAR ([0,0], [1,+inf]){{ +}}on doc_topic{{ +}}refs
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
// CHECK-NEXT: tokens{{ +}}local
// CHECK-NEXT: doc_topic{{ +}}local
// CHECK-EMPTY:
// CHECK-LABEL: loop 1 at {{.*}}lda_doc_only.cpp:20:3 in 'main': unordered, array iteration of 'tokens' over (key[0], key[1])
// CHECK: dependences:
// CHECK-NEXT: RAW ([0,0], [1,+inf]){{ +}}on doc_topic{{ +}}refs
// CHECK-NEXT: WAR ([0,0], [1,+inf]){{ +}}on doc_topic{{ +}}refs
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
// CHECK-NEXT: tokens{{ +}}local
// CHECK-NEXT: word_topic{{ +}}served
// CHECK-NEXT: doc_topic{{ +}}local
