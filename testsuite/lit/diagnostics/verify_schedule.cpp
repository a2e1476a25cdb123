// --verify checks the diagnostics of the stages after the front end like Clang's own: the
// analysis' "no parallel schedule" error and its notes go through the front end's diagnostics
// engine, so `expected-error` and `expected-note` comments match them. Nothing is written.
// RUN: rm -f %t
// RUN: %orionc --verify %s -o %t
// RUN: not test -e %t
// A wrong expectation fails, naming both sides.
// RUN: not %orionc --verify -DWRONG %s -o %t 2>&1 | FileCheck %s
// RUN: not test -e %t
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 8;
  orion::DenseArray<double, 1> A({N});
#ifndef WRONG
  // expected-error@+2 {{no parallel schedule for this loop: no 1D, 2D or unimodular schedule keeps these dependences: RAW ([1,1]) on 'A'}}
  // expected-note@+1 {{suggestion: write 'A' through an orion::Buffer if updates applied late are acceptable}}
#pragma orion parallel_for
  for (int64_t i = 1; i < N; ++i) // expected-note {{run 'orionc --dump=deps' on this file}}
    A(i) = A(i - 1) + 1;
#else
  // expected-error@+1 {{a legal schedule}}
#pragma orion parallel_for
  for (int64_t i = 1; i < N; ++i)
    A(i) = A(i - 1) + 1;
#endif
}
// CHECK: error: 'expected-error' diagnostics expected but not seen:
// CHECK-NEXT: File {{.*}}verify_schedule.cpp Line 24 {{.*}}: a legal schedule
// CHECK: error: 'expected-error' diagnostics seen but not expected:
// CHECK-NEXT: File {{.*}}verify_schedule.cpp Line 24: no parallel schedule for this loop
// CHECK: error: 'expected-note' diagnostics seen but not expected:
// CHECK: 4 errors generated.
