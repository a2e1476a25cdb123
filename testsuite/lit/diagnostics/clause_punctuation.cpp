// Commas go between clauses only, and a clause without arguments takes none: each is an error at
// the offending token, with the valid clauses in a note.
// Regression test: a trailing comma was accepted, and `histogram(4)` said "expected a clause,
// got '('".
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 10;
  orion::DenseArray<float, 1> A({N});
  // CHECK: {{.*}}clause_punctuation.cpp:[[@LINE+1]]:35: error: expected a clause after ','
#pragma orion parallel_for ordered,
  for (int64_t i = 0; i < N; ++i)
    A(i) = 1;
  // CHECK: {{.*}}clause_punctuation.cpp:[[@LINE+2]]:37: error: 'histogram' takes no arguments
  // CHECK-NEXT: | #pragma orion parallel_for histogram(4)
#pragma orion parallel_for histogram(4)
  for (int64_t i = 0; i < N; ++i)
    A(i) = 2;
  // CHECK: 2 errors generated.
}
