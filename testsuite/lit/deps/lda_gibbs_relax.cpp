// LDA Gibbs sampling body with relax(summary): the token's topic is read from and written to
// the iteration's value; doc_topic(d, t) and word_topic(w, t) are updated with ++/-- at
// data-dependent topics, so only the known subscript (the document, the word) separates
// iterations: ([0,0], [1,+inf]) on doc_topic and ([1,+inf], [0,0]) on word_topic. The topic
// summary row is relaxed: no dependence through it. The value write touches only the
// iteration's own element: no dependence on tokens. 2D, like SGD MF (Orion's LDA).
// RUN: %orionc --dump=deps %s | FileCheck %s
// RUN: %orionc --dump=deps --format=json %s | FileCheck %s --check-prefix=JSON
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  orion::SparseArray<int, 2> tokens = orion::load_triplets<int>(argv[1]);
  const int64_t D = tokens.extent(0), V = tokens.extent(1);
  const int T = 8;
  orion::DenseArray<int, 2> doc_topic({D, T}), word_topic({V, T});
  orion::DenseArray<int, 1> summary({T});
#pragma orion parallel_for relax(summary)
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

// CHECK-LABEL: loop 0 at {{.*}}lda_gibbs_relax.cpp:19:3 in 'main': unordered, array iteration of 'tokens' over (key[0], key[1])
// CHECK: references:
// CHECK: #{{[0-9]+}}{{ +}}R tokens(key[0], key[1]){{ +}}21:27{{ +}}value
// CHECK: #{{[0-9]+}}{{ +}}X doc_topic(key[0], ?)
// CHECK: #{{[0-9]+}}{{ +}}X word_topic(key[1], ?)
// CHECK: #{{[0-9]+}}{{ +}}X summary(?)
// CHECK: #{{[0-9]+}}{{ +}}W tokens(key[0], key[1]){{ +}}26:5{{ +}}value
// CHECK: dependences:
// CHECK-NEXT: RAW ([0,0], [1,+inf]){{ +}}on doc_topic{{ +}}refs
// CHECK-NEXT: WAR ([0,0], [1,+inf]){{ +}}on doc_topic{{ +}}refs
// CHECK-NEXT: RAW ([1,+inf], [0,0]){{ +}}on word_topic{{ +}}refs
// CHECK-NEXT: WAR ([1,+inf], [0,0]){{ +}}on word_topic{{ +}}refs
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
// CHECK-NEXT: tokens{{ +}}local
// CHECK-NEXT: doc_topic{{ +}}local
// CHECK-NEXT: word_topic{{ +}}rotated
// CHECK-NEXT: summary{{ +}}relaxed

// JSON: "version": 1,
// JSON: "line": 19,
// JSON-NEXT: "pragma_line": 18,
// JSON-NEXT: "ordered": false,
// JSON: "dependences": [
// JSON: "distance": [
// JSON-NEXT: [
// JSON-NEXT: 0,
// JSON-NEXT: 0
// JSON-NEXT: ],
// JSON-NEXT: [
// JSON-NEXT: 1,
// JSON-NEXT: "+inf"
// JSON-NEXT: ]
// JSON-NEXT: ],
// JSON-NEXT: "level": 1,
// JSON-NEXT: "kind": "RAW",
// JSON-NEXT: "array": "doc_topic",
// JSON: "kind": "WAR",
// JSON-NEXT: "array": "doc_topic",
// JSON: "distance": [
// JSON-NEXT: [
// JSON-NEXT: 1,
// JSON-NEXT: "+inf"
// JSON-NEXT: ],
// JSON-NEXT: [
// JSON-NEXT: 0,
// JSON-NEXT: 0
// JSON-NEXT: ]
// JSON-NEXT: ],
// JSON-NEXT: "level": 0,
// JSON-NEXT: "kind": "RAW",
// JSON-NEXT: "array": "word_topic",
// JSON: "kind": "WAR",
// JSON-NEXT: "array": "word_topic",
// JSON-NOT: "distance"
// JSON: "candidates": [
// JSON: "kind": "2d",
// JSON-NEXT: "dims": [
// JSON-NEXT: 0,
// JSON-NEXT: 1
// JSON-NEXT: ],
// JSON: "kind": "2d",
// JSON-NEXT: "dims": [
// JSON-NEXT: 1,
// JSON-NEXT: 0
// JSON-NEXT: ],
// JSON-NOT: "kind"
// JSON: "schedule": {
// JSON-NEXT: "kind": "2d",
// JSON-NEXT: "dims": [
// JSON-NEXT: 0,
// JSON-NEXT: 1
// JSON-NEXT: ],
// JSON-NEXT: "transform": null,
// JSON-NEXT: "reason": "no 1D schedule is legal; the first legal 2D pair is proposed (which candidate moves fewer bytes depends on array sizes known only at run time: see each candidate's cost)",
// JSON: "arrays": [
// JSON: "name": "tokens",
// JSON-NEXT: "role": "local"
// JSON: "name": "doc_topic",
// JSON-NEXT: "role": "local"
// JSON: "name": "word_topic",
// JSON-NEXT: "role": "rotated"
// JSON: "name": "summary",
// JSON-NEXT: "role": "relaxed"
