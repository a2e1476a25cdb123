// A pragma outside any function body (at namespace scope).
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s
#include <orion/orion.hpp>

// CHECK: {{.*}}pragma_at_file_scope.cpp:[[@LINE+3]]:1: error: #pragma orion parallel_for must be inside a function body, directly before a for loop
// CHECK-NEXT: | #pragma orion parallel_for
// CHECK-NEXT: | ^
#pragma orion parallel_for
int global = 0;

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  return global;
}
// CHECK: 1 error generated.
