// LDA Gibbs sampling body: the doc-word SparseArray stores the topic of each token in its value
// (read, then written with `value = new_topic`); doc_topic and word_topic are updated with ++/--
// at data-dependent topics; the topic-summary row is relaxed; randomness from orion::rng().
// RUN: %orionc --dump=loops %s | FileCheck %s
// RUN: %orionc --dump=loops --format=json %s | FileCheck %s --check-prefix=JSON
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  orion::SparseArray<int, 2> tokens({100, 50});
  const int64_t D = tokens.extent(0), V = tokens.extent(1);
  constexpr int T = 10;
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

// CHECK: lda_gibbs.cpp: 1 parallel loop
// CHECK-LABEL: loop 0 at {{.*}}lda_gibbs.cpp:16:3 in 'main' (pragma on line 15)
// CHECK-NEXT: clauses: relax(summary)
// CHECK-NEXT: order: unordered
// CHECK-NEXT: iteration space: array 'tokens' (sparse<int, 2>), key 'key', value 'value'
// CHECK-NEXT: dim 0: key[0] in [0, tokens.extent(0))
// CHECK-NEXT: dim 1: key[1] in [0, tokens.extent(1))
// CHECK-NEXT: parameters: tokens.extent(0), tokens.extent(1)
// CHECK-NEXT: arrays:
// CHECK-NEXT: tokens sparse<int, 2>
// CHECK-NEXT: doc_topic dense<int, 2>
// CHECK-NEXT: word_topic dense<int, 2>
// CHECK-NEXT: summary dense<int, 1>
// CHECK-NEXT: refs:
// CHECK-NEXT: #0 read tokens(key[0], key[1]) 18:27 value via 'value'
// CHECK-NEXT: #1 readwrite doc_topic(key[0], ?) 19:5 doc_topic(d, old_topic)
// CHECK-NEXT: subscript 1 'old_topic' is unknown: 'old_topic' = value: {{.+}}
// CHECK-NEXT: #2 readwrite word_topic(key[1], ?) 20:5 word_topic(w, old_topic)
// CHECK-NEXT: subscript 1 'old_topic' is unknown: 'old_topic' = value: {{.+}}
// CHECK-NEXT: #3 readwrite summary(?) 21:5 summary(old_topic)
// CHECK-NEXT: subscript 0 'old_topic' is unknown: 'old_topic' = value: {{.+}}
// CHECK-NEXT: #4 write tokens(key[0], key[1]) 23:5 value via 'value'
// CHECK-NEXT: #5 readwrite doc_topic(key[0], ?) 24:7 doc_topic(d, new_topic)
// CHECK-NEXT: subscript 1 'new_topic' is unknown: 'new_topic' = static_cast<int>(orion::rng()() % T): 'orion::rng()() % T' is not affine (operator '%')
// CHECK-NEXT: #6 readwrite word_topic(key[1], ?) 25:7 word_topic(w, new_topic)
// CHECK-NEXT: subscript 1 'new_topic' is unknown: {{.*}}(operator '%')
// CHECK-NEXT: #7 readwrite summary(?) 26:5 summary(new_topic)
// CHECK-NEXT: subscript 0 'new_topic' is unknown: {{.*}}(operator '%')
// CHECK-NOT: #{{[0-9]}}

// JSON: "pragma_line": 15,
// JSON: "clauses": [
// JSON-NEXT: "relax(summary)"
// JSON-NEXT: ],
// JSON: "id": 1,
// JSON-NEXT: "array": "doc_topic",
// JSON-NEXT: "access": "readwrite",
// JSON-NEXT: "subscripts": [
// JSON-NEXT: "key[0]",
// JSON-NEXT: "?"
// JSON-NEXT: ],
// JSON-NEXT: "subscript_kinds": [
// JSON-NEXT: {
// JSON-NEXT: "kind": "affine",
// JSON-NEXT: "text": "d"
// JSON-NEXT: },
// JSON-NEXT: {
// JSON-NEXT: "kind": "unknown",
// JSON-NEXT: "text": "old_topic",
// JSON-NEXT: "reason": "'old_topic' = value: {{.+}}"
// JSON-NEXT: }
// JSON-NEXT: ],
// JSON: "id": 4,
// JSON-NEXT: "array": "tokens",
// JSON-NEXT: "access": "write",
// JSON: "text": "value",
// JSON-NEXT: "via": "value"
