// LDA Gibbs sampling body without relax(summary): summary(t) is updated at a data-dependent
// topic, so any two iterations may conflict on it. Every lexicographically positive distance is
// a dependence: ([0,0], [1,+inf]) and ([1,+inf], [-inf,+inf]) on summary. No schedule; the
// report suggests relax(summary).
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  orion::SparseArray<int, 2> tokens = orion::load_triplets<int>(argv[1]);
  const int64_t D = tokens.extent(0), V = tokens.extent(1);
  const int T = 8;
  orion::DenseArray<int, 2> doc_topic({D, T}), word_topic({V, T});
  orion::DenseArray<int, 1> summary({T});
#pragma orion parallel_for
  for (auto &&[key, value] : tokens) {
    const int64_t d = key[0], w = key[1];
    const int old_topic = value;
    doc_topic(d, old_topic)--;
    word_topic(w, old_topic)--;
    summary(old_topic)--;
    const int new_topic = static_cast<int>(orion::rng()() % T);
    value = new_topic;
    ++doc_topic(d, new_topic);
    ++word_topic(w, new_topic);
    summary(new_topic) += 1;
  }
}

// CHECK-LABEL: loop 0 at {{.*}}lda_gibbs_summary.cpp:16:3 in 'main': unordered, array iteration of 'tokens' over (key[0], key[1])
// CHECK: dependences:
// CHECK-NEXT: RAW ([0,0], [1,+inf]){{ +}}on doc_topic{{ +}}refs
// CHECK-NEXT: WAR ([0,0], [1,+inf]){{ +}}on doc_topic{{ +}}refs
// CHECK-NEXT: RAW ([1,+inf], [0,0]){{ +}}on word_topic{{ +}}refs
// CHECK-NEXT: WAR ([1,+inf], [0,0]){{ +}}on word_topic{{ +}}refs
// CHECK-NEXT: RAW ([0,0], [1,+inf]){{ +}}on summary{{ +}}refs
// CHECK-NEXT: WAR ([0,0], [1,+inf]){{ +}}on summary{{ +}}refs
// CHECK-NEXT: RAW ([1,+inf], [-inf,+inf]){{ +}}on summary{{ +}}refs
// CHECK-NEXT: WAR ([1,+inf], [-inf,+inf]){{ +}}on summary{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: schedule: none
// CHECK-NEXT: why: no 1D, 2D or unimodular schedule keeps these dependences: RAW/WAR ([0,0], [1,+inf]) on 'doc_topic' (refs #{{[0-9]+}}->#{{[0-9]+}}); RAW/WAR ([1,+inf], [0,0]) on 'word_topic' (refs #{{[0-9]+}}->#{{[0-9]+}}); RAW/WAR ([0,0], [1,+inf]) on 'summary' (refs #{{[0-9]+}}->#{{[0-9]+}}); and 1 more
// Only the topic summary blocks a 2D schedule (doc_topic and word_topic follow the two dims):
// relax(summary) is exactly Orion's fix for LDA.
// CHECK-NEXT: suggestion: relax(summary) if stale values of 'summary' are acceptable, or write it through an orion::Buffer
// CHECK-NOT: suggestion: relax(doc_topic)
