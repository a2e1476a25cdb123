// Writing a variable declared outside the loop is a warning (the write is private to each
// worker), with a note at the declaration, once per variable; the loop is still analysed and
// orionc succeeds.
// RUN: %orionc --dump=loops %s 2>&1 | FileCheck %s
// RUN: %orionc --dump=loops %s 2>/dev/null | FileCheck %s --check-prefix=DUMP
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 10;
  orion::DenseArray<float, 1> A({N});
  float last = 0;
  int64_t count = 0;
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    const float local = A(i);
    // CHECK: {{.*}}write_to_outer_variable.cpp:[[@LINE+10]]:5: warning: 'last' is declared outside the parallel loop; writes to it inside the loop are private to each worker and are lost after the loop (use an orion::Accumulator to combine values)
    // CHECK-NEXT: | last = local;
    // CHECK-NEXT: | ^
    // CHECK-NEXT: {{.*}}write_to_outer_variable.cpp:[[@LINE-8]]:9: note: 'last' declared here
    // CHECK-NEXT: | float last = 0;
    // CHECK-NEXT: | ^
    // CHECK-NEXT: {{.*}}write_to_outer_variable.cpp:[[@LINE+5]]:7: warning: 'count' is declared outside the parallel loop;
    // CHECK-NEXT: | ++count;
    // CHECK-NEXT: | ^
    // CHECK-NEXT: {{.*}}write_to_outer_variable.cpp:[[@LINE-13]]:11: note: 'count' declared here
    last = local;
    ++count;
    count += 2;
  }
  // CHECK-NOT: warning
  // CHECK: 2 warnings generated.
  // CHECK-NOT: error
  // CHECK: write_to_outer_variable.cpp: 1 parallel loop
  return static_cast<int>(last) + static_cast<int>(count) - 1;
}

// DUMP: write_to_outer_variable.cpp: 1 parallel loop
// DUMP: refs:
// DUMP-NEXT: #0 read A(i) 16:25 A(i)
// DUMP-NOT: #1
