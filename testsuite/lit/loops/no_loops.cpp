// A program without parallel loops (and with an ordinary, unannotated for loop): the dump says so,
// in text and JSON.
// RUN: %orionc --dump=loops %s | FileCheck %s
// RUN: %orionc --dump=loops --format=json %s | FileCheck %s --check-prefix=JSON
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  orion::DenseArray<float, 1> A({argc * 10});
  for (int64_t i = 0; i < A.extent(0); ++i)
    A(i) = 1;
}

// CHECK: no_loops.cpp: 0 parallel loops
// CHECK-NOT: loop
// JSON: "version": 1,
// JSON-NEXT: "source": "{{.*}}no_loops.cpp",
// JSON-NEXT: "loops": []
