// Tensor factorization over a 3-D sparse iteration space: U(key[0], k), V(key[1], k) and
// W(key[2], k) are all updated. Conflicts on U need the same key[0] (free key[1], key[2]), on V
// the same key[1], on W the same key[2]. Every pair of dimensions is crossed by one of them, so
// no 1D or 2D schedule; entries at -inf rule out skewing: schedule none, with the reason and
// the relax/Buffer suggestions.
// RUN: %orionc --dump=deps %s | FileCheck %s
// RUN: %orionc --dump=deps --format=json %s | FileCheck %s --check-prefix=JSON
#include <orion/orion.hpp>
#include <string_view>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  auto parse = [](std::string_view, std::array<int64_t, 3> &, float &) { return true; };
  auto X = orion::load_text<float, 3>(argv[1], parse);
  const int64_t I = X.extent(0), J = X.extent(1), L = X.extent(2);
  const int K = 4;
  const float lr = 0.01f;
  orion::DenseArray<float, 2> U({I, K}), V({J, K}), W({L, K});
#pragma orion parallel_for
  for (auto &&[key, x] : X) {
    float pred = 0;
    for (int k = 0; k < K; ++k)
      pred += U(key[0], k) * V(key[1], k) * W(key[2], k);
    const float e = x - pred;
    for (int k = 0; k < K; ++k) {
      const float u = U(key[0], k), v = V(key[1], k), w = W(key[2], k);
      U(key[0], k) = u + lr * e * v * w;
      V(key[1], k) = v + lr * e * u * w;
      W(key[2], k) = w + lr * e * u * v;
    }
  }
}

// CHECK-LABEL: loop 0 at {{.*}}tensor_3d.cpp:20:3 in 'main': unordered, array iteration of 'X' over (key[0], key[1], key[2])
// CHECK: dependences:
// CHECK-NEXT: WAR ([0,0], [0,0], [1,+inf]){{ +}}on U{{ +}}refs
// CHECK-NEXT: RAW ([0,0], [0,0], [1,+inf]){{ +}}on U{{ +}}refs
// CHECK-NEXT: WAR ([0,0], [1,+inf], [-inf,+inf]){{ +}}on U{{ +}}refs
// CHECK-NEXT: RAW ([0,0], [1,+inf], [-inf,+inf]){{ +}}on U{{ +}}refs
// CHECK-NEXT: WAR ([0,0], [0,0], [1,+inf]){{ +}}on V{{ +}}refs
// CHECK-NEXT: RAW ([0,0], [0,0], [1,+inf]){{ +}}on V{{ +}}refs
// CHECK-NEXT: WAR ([1,+inf], [0,0], [-inf,+inf]){{ +}}on V{{ +}}refs
// CHECK-NEXT: RAW ([1,+inf], [0,0], [-inf,+inf]){{ +}}on V{{ +}}refs
// CHECK-NEXT: WAR ([0,0], [1,+inf], [0,0]){{ +}}on W{{ +}}refs
// CHECK-NEXT: RAW ([0,0], [1,+inf], [0,0]){{ +}}on W{{ +}}refs
// CHECK-NEXT: WAR ([1,+inf], [-inf,+inf], [0,0]){{ +}}on W{{ +}}refs
// CHECK-NEXT: RAW ([1,+inf], [-inf,+inf], [0,0]){{ +}}on W{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: schedule: none
// CHECK-NEXT: why: no 1D, 2D or unimodular schedule keeps these dependences: WAR ([0,0], [0,0], [1,+inf]) on 'U' (refs #{{[0-9]+}}->#{{[0-9]+}}); RAW ([0,0], [0,0], [1,+inf]) on 'U' (refs #{{[0-9]+}}->#{{[0-9]+}}); WAR ([0,0], [1,+inf], [-inf,+inf]) on 'U' (refs #{{[0-9]+}}->#{{[0-9]+}}); and 9 more
// CHECK-NEXT: suggestion: write 'U' through an orion::Buffer if updates applied late are acceptable; relax(U) would need every write of 'U' to be '+=', '-=', '++' or '--' on the element, and 'U(key[0], k)' is not
// CHECK-NEXT: suggestion: write 'V' through an orion::Buffer if updates applied late are acceptable; relax(V) would need every write of 'V' to be '+=', '-=', '++' or '--' on the element, and 'V(key[1], k)' is not
// CHECK-NEXT: suggestion: write 'W' through an orion::Buffer if updates applied late are acceptable; relax(W) would need every write of 'W' to be '+=', '-=', '++' or '--' on the element, and 'W(key[2], k)' is not

// JSON: "version": 1,
// JSON: "line": 20,
// JSON-NEXT: "pragma_line": 19,
// JSON-NEXT: "ordered": false,
// JSON: "dependences": [
// JSON: "distance": [
// JSON-NEXT: [
// JSON-NEXT: 0,
// JSON-NEXT: 0
// JSON-NEXT: ],
// JSON-NEXT: [
// JSON-NEXT: 0,
// JSON-NEXT: 0
// JSON-NEXT: ],
// JSON-NEXT: [
// JSON-NEXT: 1,
// JSON-NEXT: "+inf"
// JSON-NEXT: ]
// JSON-NEXT: ],
// JSON-NEXT: "level": 2,
// JSON-NEXT: "kind": "WAR",
// JSON-NEXT: "array": "U",
// JSON: "distance": [
// JSON-NEXT: [
// JSON-NEXT: 0,
// JSON-NEXT: 0
// JSON-NEXT: ],
// JSON-NEXT: [
// JSON-NEXT: 0,
// JSON-NEXT: 0
// JSON-NEXT: ],
// JSON-NEXT: [
// JSON-NEXT: 1,
// JSON-NEXT: "+inf"
// JSON-NEXT: ]
// JSON-NEXT: ],
// JSON-NEXT: "level": 2,
// JSON-NEXT: "kind": "RAW",
// JSON-NEXT: "array": "U",
// JSON: "distance": [
// JSON-NEXT: [
// JSON-NEXT: 0,
// JSON-NEXT: 0
// JSON-NEXT: ],
// JSON-NEXT: [
// JSON-NEXT: 1,
// JSON-NEXT: "+inf"
// JSON-NEXT: ],
// JSON-NEXT: [
// JSON-NEXT: "-inf",
// JSON-NEXT: "+inf"
// JSON-NEXT: ]
// JSON-NEXT: ],
// JSON-NEXT: "level": 1,
// JSON-NEXT: "kind": "WAR",
// JSON-NEXT: "array": "U",
// JSON: "distance": [
// JSON-NEXT: [
// JSON-NEXT: 0,
// JSON-NEXT: 0
// JSON-NEXT: ],
// JSON-NEXT: [
// JSON-NEXT: 1,
// JSON-NEXT: "+inf"
// JSON-NEXT: ],
// JSON-NEXT: [
// JSON-NEXT: "-inf",
// JSON-NEXT: "+inf"
// JSON-NEXT: ]
// JSON-NEXT: ],
// JSON-NEXT: "level": 1,
// JSON-NEXT: "kind": "RAW",
// JSON-NEXT: "array": "U",
// JSON: "distance": [
// JSON-NEXT: [
// JSON-NEXT: 0,
// JSON-NEXT: 0
// JSON-NEXT: ],
// JSON-NEXT: [
// JSON-NEXT: 0,
// JSON-NEXT: 0
// JSON-NEXT: ],
// JSON-NEXT: [
// JSON-NEXT: 1,
// JSON-NEXT: "+inf"
// JSON-NEXT: ]
// JSON-NEXT: ],
// JSON-NEXT: "level": 2,
// JSON-NEXT: "kind": "WAR",
// JSON-NEXT: "array": "V",
// JSON: "distance": [
// JSON-NEXT: [
// JSON-NEXT: 0,
// JSON-NEXT: 0
// JSON-NEXT: ],
// JSON-NEXT: [
// JSON-NEXT: 0,
// JSON-NEXT: 0
// JSON-NEXT: ],
// JSON-NEXT: [
// JSON-NEXT: 1,
// JSON-NEXT: "+inf"
// JSON-NEXT: ]
// JSON-NEXT: ],
// JSON-NEXT: "level": 2,
// JSON-NEXT: "kind": "RAW",
// JSON-NEXT: "array": "V",
// JSON: "distance": [
// JSON-NEXT: [
// JSON-NEXT: 1,
// JSON-NEXT: "+inf"
// JSON-NEXT: ],
// JSON-NEXT: [
// JSON-NEXT: 0,
// JSON-NEXT: 0
// JSON-NEXT: ],
// JSON-NEXT: [
// JSON-NEXT: "-inf",
// JSON-NEXT: "+inf"
// JSON-NEXT: ]
// JSON-NEXT: ],
// JSON-NEXT: "level": 0,
// JSON-NEXT: "kind": "WAR",
// JSON-NEXT: "array": "V",
// JSON: "distance": [
// JSON-NEXT: [
// JSON-NEXT: 1,
// JSON-NEXT: "+inf"
// JSON-NEXT: ],
// JSON-NEXT: [
// JSON-NEXT: 0,
// JSON-NEXT: 0
// JSON-NEXT: ],
// JSON-NEXT: [
// JSON-NEXT: "-inf",
// JSON-NEXT: "+inf"
// JSON-NEXT: ]
// JSON-NEXT: ],
// JSON-NEXT: "level": 0,
// JSON-NEXT: "kind": "RAW",
// JSON-NEXT: "array": "V",
// JSON: "distance": [
// JSON-NEXT: [
// JSON-NEXT: 0,
// JSON-NEXT: 0
// JSON-NEXT: ],
// JSON-NEXT: [
// JSON-NEXT: 1,
// JSON-NEXT: "+inf"
// JSON-NEXT: ],
// JSON-NEXT: [
// JSON-NEXT: 0,
// JSON-NEXT: 0
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
// JSON-NEXT: ],
// JSON-NEXT: [
// JSON-NEXT: 0,
// JSON-NEXT: 0
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
// JSON-NEXT: "-inf",
// JSON-NEXT: "+inf"
// JSON-NEXT: ],
// JSON-NEXT: [
// JSON-NEXT: 0,
// JSON-NEXT: 0
// JSON-NEXT: ]
// JSON-NEXT: ],
// JSON-NEXT: "level": 0,
// JSON-NEXT: "kind": "WAR",
// JSON-NEXT: "array": "W",
// JSON: "distance": [
// JSON-NEXT: [
// JSON-NEXT: 1,
// JSON-NEXT: "+inf"
// JSON-NEXT: ],
// JSON-NEXT: [
// JSON-NEXT: "-inf",
// JSON-NEXT: "+inf"
// JSON-NEXT: ],
// JSON-NEXT: [
// JSON-NEXT: 0,
// JSON-NEXT: 0
// JSON-NEXT: ]
// JSON-NEXT: ],
// JSON-NEXT: "level": 0,
// JSON-NEXT: "kind": "RAW",
// JSON-NEXT: "array": "W",
// JSON-NOT: "distance"
// JSON: "candidates": [],
// JSON-NOT: "kind"
// JSON: "schedule": {
// JSON-NEXT: "kind": "none",
// JSON-NEXT: "dims": [],
// JSON-NEXT: "transform": null,
// JSON-NEXT: "reason": "no 1D, 2D or unimodular schedule keeps these dependences: WAR ([0,0], [0,0], [1,+inf]) on 'U' (refs #{{[0-9]+}}->#{{[0-9]+}}); RAW ([0,0], [0,0], [1,+inf]) on 'U' (refs #{{[0-9]+}}->#{{[0-9]+}}); WAR ([0,0], [1,+inf], [-inf,+inf]) on 'U' (refs #{{[0-9]+}}->#{{[0-9]+}}); and 9 more",
// JSON: "arrays": []
