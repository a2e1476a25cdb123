// Sparse logistic regression: the weights are read and updated at feature ids loaded from the
// data (feat(n, j)), so the subscript of w is unknown and any two samples may touch the same
// weight: a dependence at every level. No schedule; the report says why and suggests relax(w)
// or an orion::Buffer.
// RUN: %orionc --dump=deps %s | FileCheck %s
// RUN: %orionc --dump=deps --format=json %s | FileCheck %s --check-prefix=JSON
#include <orion/orion.hpp>
#include <cmath>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = std::atoll(argv[1]), F = std::atoll(argv[2]);
  const int64_t S = 4;
  orion::DenseArray<int64_t, 2> feat({N, S});
  orion::DenseArray<float, 2> X({N, S});
  orion::DenseArray<float, 1> label({N}), w({F});
  orion::Accumulator<double> loss;
  const float lr = 0.1f;
#pragma orion parallel_for
  for (auto &&[key, y] : label) {
    const int64_t n = key[0];
    float margin = 0;
    for (int64_t j = 0; j < S; ++j)
      margin += w(feat(n, j)) * X(n, j);
    const float p = 1.0f / (1.0f + std::exp(-margin));
    const float g = p - y;
    for (int64_t j = 0; j < S; ++j) {
      const int64_t f = feat(n, j);
      w(f) -= lr * g * X(n, j);
    }
    loss += g * g;
  }
}

// CHECK-LABEL: loop 0 at {{.*}}slr_unknown.cpp:21:3 in 'main': unordered, array iteration of 'label' over (key[0])
// CHECK: references:
// CHECK: #{{[0-9]+}}{{ +}}R w(?){{ +}}25:17{{ +}}w(feat(n, j))
// CHECK: #{{[0-9]+}}{{ +}}X w(?){{ +}}30:7{{ +}}w(f)
// CHECK: dependences:
// CHECK-NEXT: WAR ([1,+inf]){{ +}}on w{{ +}}refs
// CHECK-NEXT: RAW ([1,+inf]){{ +}}on w{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: schedule: none
// CHECK-NEXT: why: no 1D, 2D or unimodular schedule keeps these dependences: WAR ([1,+inf]) on 'w' (refs #{{[0-9]+}}->#{{[0-9]+}}); RAW ([1,+inf]) on 'w' (refs #{{[0-9]+}}->#{{[0-9]+}})
// CHECK-NEXT: suggestion: relax(w) if stale values of 'w' are acceptable, or write it through an orion::Buffer

// JSON: "version": 1,
// JSON: "line": 21,
// JSON-NEXT: "pragma_line": 20,
// JSON-NEXT: "ordered": false,
// JSON: "dependences": [
// JSON: "distance": [
// JSON-NEXT: [
// JSON-NEXT: 1,
// JSON-NEXT: "+inf"
// JSON-NEXT: ]
// JSON-NEXT: ],
// JSON-NEXT: "level": 0,
// JSON-NEXT: "kind": "WAR",
// JSON-NEXT: "array": "w",
// JSON: "distance": [
// JSON-NEXT: [
// JSON-NEXT: 1,
// JSON-NEXT: "+inf"
// JSON-NEXT: ]
// JSON-NEXT: ],
// JSON-NEXT: "level": 0,
// JSON-NEXT: "kind": "RAW",
// JSON-NEXT: "array": "w",
// JSON-NOT: "distance"
// JSON: "candidates": [],
// JSON-NOT: "kind"
// JSON: "schedule": {
// JSON-NEXT: "kind": "none",
// JSON-NEXT: "dims": [],
// JSON-NEXT: "transform": null,
// JSON-NEXT: "reason": "no 1D, 2D or unimodular schedule keeps these dependences: WAR ([1,+inf]) on 'w' (refs #{{[0-9]+}}->#{{[0-9]+}}); RAW ([1,+inf]) on 'w' (refs #{{[0-9]+}}->#{{[0-9]+}})",
// JSON: "arrays": []
