// partition(...) naming an illegal schedule: 1D along key[0] for the SGD body (H conflicts cross
// key[0] partitions) is not legal, and the loop gets no schedule, with the reason and the
// suggestion to remove the clause. Same for partition(0) on Gauss-Seidel (needs 2D).
// RUN: %orionc --dump=deps %s | FileCheck %s
// RUN: %orionc --dump=deps --format=json %s | FileCheck %s --check-prefix=JSON
#include <orion/orion.hpp>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  auto ratings = orion::load_triplets<float>(argv[1]);
  const int64_t U = ratings.extent(0), I = ratings.extent(1);
  const int K = 4;
  orion::DenseArray<float, 2> W({U, K}), H({I, K});
#pragma orion parallel_for partition(0)
  for (auto &&[key, r] : ratings) {
    for (int k = 0; k < K; ++k) {
      const float w = W(key[0], k), h = H(key[1], k);
      W(key[0], k) = w + 0.01f * r * h;
      H(key[1], k) = h + 0.01f * r * w;
    }
  }
  const int64_t N = std::atoll(argv[2]);
  orion::DenseArray<double, 2> A({N, N});
#pragma orion parallel_for partition(0)
  for (int64_t i = 1; i < N - 1; ++i)
    for (int64_t j = 1; j < N - 1; ++j)
      A(i, j) = 0.25 * (A(i - 1, j) + A(i + 1, j) + A(i, j - 1) + A(i, j + 1));
}

// CHECK-LABEL: loop 0 at {{.*}}partition_illegal.cpp:16:3 in 'main': unordered, array iteration of 'ratings' over (key[0], key[1])
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
// CHECK-NEXT: schedule: none
// CHECK-NEXT: why: partition(key[0]) is not legal for this loop
// CHECK-NEXT: suggestion: remove partition(...) to let orionc choose a legal schedule
// CHECK-LABEL: loop 1 at {{.*}}partition_illegal.cpp:26:3 in 'main': unordered, counted nest over (i, j)
// CHECK: dependences:
// CHECK-NEXT: RAW ([0,0], [1,1]){{ +}}on A{{ +}}refs
// CHECK-NEXT: WAR ([0,0], [1,1]){{ +}}on A{{ +}}refs
// CHECK-NEXT: RAW ([1,1], [0,0]){{ +}}on A{{ +}}refs
// CHECK-NEXT: WAR ([1,1], [0,0]){{ +}}on A{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: 2d (0, 1){{ +}}2D unordered: space i, time j (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (1, 0){{ +}}2D unordered: space j, time i (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: none
// CHECK-NEXT: why: partition(i) is not legal for this loop
// CHECK-NEXT: suggestion: remove partition(...) to let orionc choose a legal schedule

// JSON: "version": 1,
// JSON: "line": 16,
// JSON-NEXT: "pragma_line": 15,
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
// JSON-NEXT: "kind": "none",
// JSON-NEXT: "dims": [],
// JSON-NEXT: "transform": null,
// JSON-NEXT: "reason": "partition(key[0]) is not legal for this loop",
// JSON: "arrays": []
// JSON: "line": 26,
// JSON-NEXT: "pragma_line": 25,
// JSON-NEXT: "ordered": false,
// JSON: "dependences": [
// JSON: "distance": [
// JSON-NEXT: [
// JSON-NEXT: 0,
// JSON-NEXT: 0
// JSON-NEXT: ],
// JSON-NEXT: [
// JSON-NEXT: 1,
// JSON-NEXT: 1
// JSON-NEXT: ]
// JSON-NEXT: ],
// JSON-NEXT: "level": 1,
// JSON-NEXT: "kind": "RAW",
// JSON-NEXT: "array": "A",
// JSON: "distance": [
// JSON-NEXT: [
// JSON-NEXT: 0,
// JSON-NEXT: 0
// JSON-NEXT: ],
// JSON-NEXT: [
// JSON-NEXT: 1,
// JSON-NEXT: 1
// JSON-NEXT: ]
// JSON-NEXT: ],
// JSON-NEXT: "level": 1,
// JSON-NEXT: "kind": "WAR",
// JSON-NEXT: "array": "A",
// JSON: "distance": [
// JSON-NEXT: [
// JSON-NEXT: 1,
// JSON-NEXT: 1
// JSON-NEXT: ],
// JSON-NEXT: [
// JSON-NEXT: 0,
// JSON-NEXT: 0
// JSON-NEXT: ]
// JSON-NEXT: ],
// JSON-NEXT: "level": 0,
// JSON-NEXT: "kind": "RAW",
// JSON-NEXT: "array": "A",
// JSON: "distance": [
// JSON-NEXT: [
// JSON-NEXT: 1,
// JSON-NEXT: 1
// JSON-NEXT: ],
// JSON-NEXT: [
// JSON-NEXT: 0,
// JSON-NEXT: 0
// JSON-NEXT: ]
// JSON-NEXT: ],
// JSON-NEXT: "level": 0,
// JSON-NEXT: "kind": "WAR",
// JSON-NEXT: "array": "A",
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
// JSON-NEXT: "kind": "none",
// JSON-NEXT: "dims": [],
// JSON-NEXT: "transform": null,
// JSON-NEXT: "reason": "partition(i) is not legal for this loop",
// JSON: "arrays": []
