// Writing a variable declared outside the loop is an error at the write (every worker would write
// its own copy, or race on a shared one), with a note at the declaration and one suggesting an
// orion::Accumulator or a local; once per variable. Reading it is fine.
// Regression test: this was a warning, and the printed total depended on the worker count.
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s
// RUN: not %orionc %s -o %t 2>&1 | FileCheck %s --check-prefix=BUILD
// RUN: test ! -e %t
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 10;
  orion::DenseArray<float, 1> A({N});
  float last = 0;
  int64_t count = 0;
  double total = 0;
  const float scale = 2;
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    const float local = A(i) * scale;
    // CHECK: {{.*}}write_to_outer_variable.cpp:[[@LINE+15]]:5: error: 'last' is declared outside the parallel loop and cannot be written inside it: the loop's iterations run on many workers, which would each write their own copy or race on a shared one
    // CHECK-NEXT: | last = local;
    // CHECK-NEXT: | ^
    // CHECK-NEXT: {{.*}}write_to_outer_variable.cpp:[[@LINE-10]]:9: note: 'last' declared here
    // CHECK-NEXT: | float last = 0;
    // CHECK-NEXT: | ^
    // CHECK-NEXT: {{.*}}write_to_outer_variable.cpp:[[@LINE+9]]:5: note: to combine values across iterations use an orion::Accumulator (e.g. 'orion::Accumulator<double> last;' and 'last += x;', then 'last.aggregate()' after the loop); for a scratch value, declare it inside the loop body
    // CHECK: {{.*}}write_to_outer_variable.cpp:[[@LINE+9]]:7: error: 'count' is declared outside the parallel loop
    // CHECK-NEXT: | ++count;
    // CHECK-NEXT: | ^
    // CHECK-NEXT: {{.*}}write_to_outer_variable.cpp:[[@LINE-16]]:11: note: 'count' declared here
    // CHECK: {{.*}}write_to_outer_variable.cpp:[[@LINE+6]]:5: error: 'total' is declared outside the parallel loop
    // CHECK-NEXT: | total += A(i);
    // CHECK-NEXT: | ^
    // CHECK-NEXT: {{.*}}write_to_outer_variable.cpp:[[@LINE-19]]:10: note: 'total' declared here
    last = local;
    ++count;
    total += A(i);
    count += 2;
  }
  // CHECK-NOT: error:
  // CHECK: 3 errors generated.
  // BUILD: 3 errors generated.
  return static_cast<int>(last) + static_cast<int>(count) + static_cast<int>(total) - 1;
}
