// A macro that expands to the pragma and the `for` header: the bounds are shown as the user
// wrote them at the call site (the macro arguments), not as the macro parameter names.
// Regression test: this was a bug, fixed in the front end.
// It was: the text dump shows "dim 0: i in [(lo), (hi))" (the spelling inside the macro definition);
// the affine forms are right ("1" and "N - 1").
// RUN: %orionc --dump=loops %s | FileCheck %s
// RUN: %orionc --dump=loops --format=json %s | FileCheck %s --check-prefix=JSON
#include <orion/orion.hpp>

#define PARALLEL_RANGE(i, lo, hi)                                                                  \
  _Pragma("orion parallel_for") for (int64_t i = (lo); i < (hi); ++i)

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 64;
  orion::DenseArray<float, 1> A({N});
  PARALLEL_RANGE(i, 1, N - 1)
    A(i) += 1;
}

// CHECK: dim 0: i in [{{\(?}}1{{\)?}}, {{\(?}}N - 1{{\)?}})
// JSON: "lower": {
// JSON-NEXT: "text": "{{\(?}}1{{\)?}}",
// JSON-NEXT: "affine": "1"
// JSON: "upper": {
// JSON-NEXT: "text": "{{\(?}}N - 1{{\)?}}",
// JSON-NEXT: "affine": "N - 1"
