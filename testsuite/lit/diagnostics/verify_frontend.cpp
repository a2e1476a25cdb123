// --verify checks the front end's own diagnostics against `expected-*` comments too, and a
// warning and an error of the front end in one file; codegen's errors (a loop produced by a
// macro) are reported through the same engine.
// RUN: %orionc --verify %s
// RUN: %orionc --verify -DCODEGEN %s
#include <orion/orion.hpp>

#define PARALLEL_RANGE(i, lo, hi)                                                                  \
  _Pragma("orion parallel_for") for (int64_t i = (lo); i < (hi); ++i)

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 8;
  orion::DenseArray<double, 1> A({N}), B({N});
#ifndef CODEGEN
  double total = 0; // expected-note {{'total' declared here}}
#pragma orion parallel_for relax(C) // expected-error {{relax(C): 'C' is not an orion array referenced in this loop}}
  for (int64_t i = 0; i < N; ++i)
    A(i) = 1;
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    total += A(i); // expected-error {{'total' is declared outside the parallel loop}} expected-note {{orion::Accumulator}}
#else
  PARALLEL_RANGE(i, 1, N - 1) // expected-error {{cannot transform a parallel loop produced by a macro expansion}}
    B(i) = A(i + 1) - A(i - 1);
#endif
}
