// The pragma must be followed by a for loop; the note points at the statement that follows.
// A failed run writes no output file (binary, --emit=cpp, or dump).
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s
// RUN: rm -f %t && not %orionc %s -o %t
// RUN: not test -e %t
// RUN: rm -f %t.cpp && not %orionc --emit=cpp %s -o %t.cpp
// RUN: not test -e %t.cpp
// RUN: rm -f %t.txt && not %orionc --dump=loops %s -o %t.txt
// RUN: not test -e %t.txt
#include <orion/orion.hpp>
#include <vector>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 10;
  orion::DenseArray<float, 1> A({N});
  // CHECK: {{.*}}not_followed_by_for.cpp:[[@LINE+6]]:1: error: #pragma orion parallel_for must be followed by a for loop{{$}}
  // CHECK-NEXT: | #pragma orion parallel_for
  // CHECK-NEXT: | ^
  // CHECK-NEXT: {{.*}}not_followed_by_for.cpp:[[@LINE+4]]:3: note: the next statement is not a for loop
  // CHECK-NEXT: | A(0) = 1;
  // CHECK-NEXT: | ^
#pragma orion parallel_for
  A(0) = 1;
  for (int64_t i = 0; i < N; ++i)
    A(i) = 2;
  // CHECK: 1 error generated.
}
