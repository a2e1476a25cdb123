// SGD matrix factorization, training body: 2-D sparse iteration, chased key locals, two inner
// loops over K, reads and writes of W and H, an accumulator.
// RUN: %orionc --dump=loops %s | FileCheck %s
// RUN: %orionc --dump=loops --format=json %s | FileCheck %s --check-prefix=JSON
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  auto ratings = orion::load_triplets<float>(argv[1]);
  const int64_t U = ratings.extent(0), I = ratings.extent(1);
  const int K = 16;
  const float lr = 0.05f, reg = 0.01f;
  orion::DenseArray<float, 2> W({U, K}), H({I, K});
  orion::Accumulator<double> sq_err;
  for (int epoch = 0; epoch < 10; ++epoch) {
#pragma orion parallel_for
    for (auto &&[key, r] : ratings) {
      const int64_t u = key[0], i = key[1];
      float pred = 0;
      for (int k = 0; k < K; ++k)
        pred += W(u, k) * H(i, k);
      const float e = r - pred;
      for (int k = 0; k < K; ++k) {
        const float w = W(u, k), h = H(i, k);
        W(u, k) = w + lr * (e * h - reg * w);
        H(i, k) = h + lr * (e * w - reg * h);
      }
      sq_err += e * e;
    }
  }
}

// CHECK: sgd_mf_train.cpp: 1 parallel loop
// CHECK: loop 0 at {{.*}}sgd_mf_train.cpp:17:5 in 'main' (pragma on line 16)
// CHECK-NEXT: clauses: (none)
// CHECK-NEXT: order: unordered
// CHECK-NEXT: iteration space: array 'ratings' (sparse<float, 2>), key 'key', value 'r'
// CHECK-NEXT: dim 0: key[0] in [0, ratings.extent(0))
// CHECK-NEXT: dim 1: key[1] in [0, ratings.extent(1))
// CHECK-NEXT: parameters: ratings.extent(0), ratings.extent(1)
// CHECK-NEXT: inner loops:
// CHECK-NEXT: #0 k in [0, K) at line 20
// CHECK-NEXT: #1 k in [0, K) at line 23
// CHECK-NEXT: arrays:
// CHECK-NEXT: ratings sparse<float, 2>
// CHECK-NEXT: W dense<float, 2>
// CHECK-NEXT: H dense<float, 2>
// CHECK-NEXT: sq_err accumulator<double>
// CHECK-NEXT: refs:
// CHECK-NEXT: #0 read W(key[0], k) 21:17 W(u, k)
// CHECK-NEXT: #1 read H(key[1], k) 21:27 H(i, k)
// CHECK-NEXT: #2 read ratings(key[0], key[1]) 22:23 r via 'r'
// CHECK-NEXT: #3 read W(key[0], k) 24:25 W(u, k)
// CHECK-NEXT: #4 read H(key[1], k) 24:38 H(i, k)
// CHECK-NEXT: #5 write W(key[0], k) 25:9 W(u, k)
// CHECK-NEXT: #6 write H(key[1], k) 26:9 H(i, k)
// CHECK-NEXT: #7 reduce sq_err 28:7 sq_err += e * e
// CHECK-NOT: #8

// JSON: "version": 1,
// JSON: "loops": [
// JSON: "line": 17,
// JSON: "pragma_line": 16,
// JSON: "function": "main",
// JSON: "ordered": false,
// JSON: "clauses": [],
// JSON: "iteration_space": {
// JSON-NEXT: "kind": "array",
// JSON-NEXT: "array": "ratings",
// JSON-NEXT: "key": "key",
// JSON-NEXT: "value": "r",
// JSON-NEXT: "dims": [
// JSON-NEXT: "key[0]",
// JSON-NEXT: "key[1]"
// JSON-NEXT: ],
// JSON: "inner_loops": [
// JSON: "var": "k",
// JSON: "upper": {
// JSON-NEXT: "text": "K",
// JSON-NEXT: "affine": "16"
// JSON: "refs": [
// JSON: "id": 5,
// JSON-NEXT: "array": "W",
// JSON-NEXT: "access": "write",
// JSON-NEXT: "subscripts": [
// JSON-NEXT: "key[0]",
// JSON-NEXT: "k"
// JSON-NEXT: ],
// JSON-NEXT: "subscript_kinds": [
// JSON-NEXT: {
// JSON-NEXT: "kind": "affine",
// JSON-NEXT: "text": "u"
// JSON-NEXT: },
// JSON: "inner_loops": [
// JSON-NEXT: 1
// JSON-NEXT: ],
// JSON-NEXT: "line": 25,
// JSON-NEXT: "column": 9,
// JSON: "id": 7,
// JSON-NEXT: "array": "sq_err",
// JSON-NEXT: "access": "reduce",
// JSON-NEXT: "subscripts": [],
