// A plain C++ error: clang's diagnostic, exit status 1, no loop analysis and no output file.
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s
// RUN: rm -f %t.cpp && not %orionc --emit=cpp %s -o %t.cpp
// RUN: not test -e %t.cpp
#include <orion/orion.hpp>
#include <vector>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 10;
  orion::DenseArray<float, 1> A({N});
  // CHECK: {{.*}}cxx_error.cpp:[[@LINE+5]]:12: error: use of undeclared identifier 'undeclared_thing'
  // CHECK-NEXT: | A(i) = undeclared_thing;
  // CHECK-NEXT: | ^
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    A(i) = undeclared_thing;
  // CHECK: 1 error generated.
  // CHECK-NOT: parallel loop
}
