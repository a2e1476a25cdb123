// A parallel loop in an included header is not supported (only the main file is rewritten).
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s
#include <orion/orion.hpp>
#include "Inputs/pragma_in_header.h"

// CHECK: {{.*}}Inputs{{/|\\}}pragma_in_header.h:5:1: error: #pragma orion parallel_for is only supported in the main source file
// CHECK-NEXT: | #pragma orion parallel_for
// CHECK-NEXT: | ^
// CHECK: 1 error generated.

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  orion::DenseArray<float, 1> A({10});
  fill_ones(A);
}
