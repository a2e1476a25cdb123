// Clauses are shown as spelled, with exactly one space after each comma (checked with
// --strict-whitespace, which plain CHECK lines do not catch).
// Regression test: this was a bug, fixed in the front end.
// It was: the spelling has two spaces after a comma: "partition(1,  0)", "relax(A,  B)".
// RUN: %orionc --dump=loops %s | FileCheck %s --strict-whitespace
// RUN: %orionc --dump=loops --format=json %s | FileCheck %s --strict-whitespace --check-prefix=JSON
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  orion::DenseArray<float, 2> A({argc * 10, 10}), B({10, 10});
#pragma orion parallel_for partition(1,0) relax(A ,B)
  for (int64_t i = 0; i < 10; ++i)
    for (int64_t j = 0; j < 10; ++j)
      A(i, j) += B(j, i);
}

// CHECK: clauses: partition(1, 0) relax(A, B){{$}}
// JSON: "partition(1, 0)",{{$}}
// JSON-NEXT: "relax(A, B)"{{$}}
