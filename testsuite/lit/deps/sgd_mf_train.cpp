// SGD MF training body (docs/pragma-reference.md): W(u, k) and H(i, k) are read and
// written at the rating's row and column. Conflicts on W need the same key[0], on H the same
// key[1]: ([0,0], [1,+inf]) on W and ([1,+inf], [0,0]) on H (RAW and WAR; unordered, so no WAW).
// No 1D schedule; both 2D pairs are legal (Orion Figure 6).
// RUN: %orionc --dump=deps %s | FileCheck %s
// RUN: %orionc --dump=deps --format=json %s | FileCheck %s --check-prefix=JSON
// RUN: %orionc --dump=deps %s | FileCheck %s --check-prefix=NO1D
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  auto ratings = orion::load_triplets<float>(argv[1]);
  const int64_t U = ratings.extent(0), I = ratings.extent(1);
  const int K = 8;
  const float lr = 0.05f, reg = 0.01f;
  orion::DenseArray<float, 2> W({U, K}), H({I, K});
  orion::Accumulator<double> sq_err;
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

// CHECK-LABEL: loop 0 at {{.*}}sgd_mf_train.cpp:19:3 in 'main': unordered, array iteration of 'ratings' over (key[0], key[1])
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
// CHECK-NEXT: schedule: 2d (0, 1)
// CHECK-NEXT: why: no 1D schedule is legal; the first legal 2D pair is proposed (which candidate moves fewer bytes depends on array sizes known only at run time: see each candidate's cost)
// CHECK: arrays:
// CHECK-NEXT: ratings{{ +}}local
// CHECK-NEXT: W{{ +}}local
// CHECK-NEXT: H{{ +}}rotated
// CHECK-NEXT: sq_err{{ +}}reduction

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
// JSON-NEXT: "kind": "WAR",
// JSON-NEXT: "array": "W",
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
// JSON-NEXT: "array": "W",
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
// JSON-NEXT: "kind": "WAR",
// JSON-NEXT: "array": "H",
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
// JSON-NEXT: "array": "H",
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
// JSON: "name": "ratings",
// JSON-NEXT: "role": "local"
// JSON: "name": "W",
// JSON-NEXT: "role": "local"
// JSON: "name": "H",
// JSON-NEXT: "role": "rotated"
// JSON: "name": "sq_err",
// JSON-NEXT: "role": "reduction"

// No 1D schedule anywhere between the dependences and the chosen schedule.
// NO1D: dependences:
// NO1D-NOT: 1d
// NO1D: schedule: 2d (0, 1)
