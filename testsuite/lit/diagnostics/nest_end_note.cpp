// A for loop directly inside a counted nest that does not extend it (a condition with '&&', a
// bound with std::min, an index the body modifies) runs inside each iteration, and its index is a
// variable the body modifies. When the loop then has no schedule, a note at that loop says why
// and how to write it; before, the error only suggested an orion::Buffer, which does not keep the
// serial order a Gauss-Seidel sweep needs. Written as suggested, the sweep builds.
// RUN: not %orionc -DAND_BOUND %s -o %t 2>&1 | FileCheck %s --check-prefix=AND
// RUN: not %orionc -DMIN_BOUND %s -o %t 2>&1 | FileCheck %s --check-prefix=MIN
// RUN: %orionc --dump=deps %s | FileCheck %s --check-prefix=FIXED
#include <orion/orion.hpp>

#include <algorithm>
#include <cstdint>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = 10;
  orion::DenseArray<double, 2> A({N, N});
#pragma orion parallel_for ordered
  for (int64_t i = 1; i < N; ++i)
#if defined(AND_BOUND)
    for (int64_t j = 1; j < N && j <= i + 3; ++j)
#elif defined(MIN_BOUND)
    for (int64_t j = 1; j < std::min(N, i + 4); ++j)
#else
    for (int64_t j = 1; j < N; ++j)
      if (j <= i + 3)
#endif
      A(i, j) = A(i - 1, j) + A(i, j - 1);
  return 0;
}

// AND: nest_end_note.cpp:18:1: error: no parallel schedule for this loop: no 1D, 2D or unimodular schedule keeps these dependences: RAW
// AND: nest_end_note.cpp:21:5: note: this loop is not part of the parallel nest (the condition must be 'j < hi' or 'j <= hi'): it runs inside each iteration, and its index 'j' is a variable the body modifies, so subscripts with it are unknown; write it as 'for (int64_t j = lo; j < hi; ++j)' with affine bounds, and move any other test into an 'if' in its body

// MIN: nest_end_note.cpp:23:5: note: this loop is not part of the parallel nest (its bound 'std::min(N, i + 4)' is not affine in the indices around it): it runs inside each iteration

// FIXED: schedule: 2d
