// SGD matrix factorization, evaluation body: W and H are only read, the error goes to an
// accumulator. No dependences: 1D along either dimension is legal and preferred.
// RUN: %orionc --dump=deps %s | FileCheck %s
// RUN: %orionc --dump=deps --format=json %s | FileCheck %s --check-prefix=JSON
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  auto test = orion::load_triplets<float>(argv[1]);
  const int64_t U = test.extent(0), I = test.extent(1);
  const int K = 8;
  orion::DenseArray<float, 2> W({U, K}), H({I, K});
  orion::Accumulator<double> test_sq_err;
#pragma orion parallel_for
  for (auto &&[key, r] : test) {
    const int64_t u = key[0], i = key[1];
    float pred = 0;
    for (int k = 0; k < K; ++k)
      pred += W(u, k) * H(i, k);
    const float e = r - pred;
    test_sq_err += e * e;
  }
}

// CHECK-LABEL: loop 0 at {{.*}}sgd_mf_eval.cpp:15:3 in 'main': unordered, array iteration of 'test' over (key[0], key[1])
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
// CHECK-NEXT: test{{ +}}local
// CHECK-NEXT: W{{ +}}local
// CHECK-NEXT: H{{ +}}replicated
// CHECK-NEXT: test_sq_err{{ +}}reduction

// JSON: "version": 1,
// JSON: "line": 15,
// JSON-NEXT: "pragma_line": 14,
// JSON-NEXT: "ordered": false,
// JSON: "dependences": [],
// JSON-NOT: "distance"
// JSON: "candidates": [
// JSON: "kind": "1d",
// JSON-NEXT: "dims": [
// JSON-NEXT: 0
// JSON-NEXT: ],
// JSON: "kind": "1d",
// JSON-NEXT: "dims": [
// JSON-NEXT: 1
// JSON-NEXT: ],
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
// JSON-NEXT: "kind": "1d",
// JSON-NEXT: "dims": [
// JSON-NEXT: 0
// JSON-NEXT: ],
// JSON-NEXT: "transform": null,
// JSON-NEXT: "reason": "1D needs no communication during the loop; preferred over 2D",
// JSON: "arrays": [
// JSON: "name": "test",
// JSON-NEXT: "role": "local"
// JSON: "name": "W",
// JSON-NEXT: "role": "local"
// JSON: "name": "H",
// JSON-NEXT: "role": "replicated"
// JSON: "name": "test_sq_err",
// JSON-NEXT: "role": "reduction"
