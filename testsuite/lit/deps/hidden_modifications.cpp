// Subscripts whose value the analysis must not take from their definition or their type.
// Regression tests (each gave 1d (0), and 2 ranks printed half the serial count):
// - a local written through a conditional, a comma or a cast lvalue (`(c ? m : n) = 0`) kept its
//   initial value `i`;
// - `int32_t j = i * 65536 * 65536 + 5` (an int64_t i) and `i * 65536u * 65536u + 5` (unsigned
//   int arithmetic) are 5 at run time, and were read as 4294967296*i + 5;
// - a branch that a goto or a switch's case enters in the middle kept its condition as a guard.
// RUN: %orionc --dump=deps %s 2>&1 | FileCheck %s
// RUN: %orionc --dump=loops %s 2>&1 | FileCheck %s --check-prefix=WHY
#include <orion/orion.hpp>

#include <cstdint>

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  const int64_t N = 40;
  orion::DenseArray<int64_t, 1> A({N}), B({N}), C({N}), D({N});
  orion::DenseArray<int64_t, 2> M({16, 16});
  orion::DenseArray<int64_t, 1> flag({16});
#pragma orion parallel_for
  // CHECK: loop 0 at {{.*}}hidden_modifications.cpp:[[@LINE+1]]:3
  for (int64_t i = 0; i < N; ++i) {
    int64_t m = i, n = i, p = i;
    (argc > 0 ? m : n) = 0;
    (n += 0, p) = 0;
    reinterpret_cast<uint64_t &>(n) += 1;
    A(m) += 1;
    B(p) += 1;
    C(n) += 1;
  }
  // CHECK: #0 X A(?)
  // CHECK: #1 X B(?)
  // CHECK: #2 X C(?)
  // CHECK: schedule: none
  // WHY: subscript 0 'm' is unknown: 'm' is modified inside the loop
  // WHY: subscript 0 'p' is unknown: 'p' is modified inside the loop
  // WHY: subscript 0 'n' is unknown: 'n' is modified inside the loop
#pragma orion parallel_for
  // CHECK: loop 1 at {{.*}}hidden_modifications.cpp:[[@LINE+1]]:3
  for (int64_t i = 0; i < N; ++i) {
    const int32_t j = i * 65536 * 65536 + 5;
    A(j) += 1;
    D(static_cast<uint32_t>(i) * 65536u * 65536u + 5) += 1;
    const int32_t k = i + 1;
    B(k) = i;
  }
  // CHECK: #0 X A(?)
  // CHECK: #1 X D(?)
  // CHECK: #2 W B(i + 1)
  // CHECK: schedule: none
  // WHY: subscript 0 'j' is unknown: 'j' = i * 65536 * 65536 + 5: 'i * 65536 * 65536 + 5' is computed in or converted to 'int32_t', where it wraps around
  // WHY: subscript 0 'static_cast<uint32_t>(i) * 65536u * 65536u + 5' is unknown: 'static_cast<uint32_t>(i) * 65536u * 65536u' is computed in or converted to 'unsigned int', where it wraps around
#pragma orion parallel_for ordered
  // CHECK: loop 2 at {{.*}}hidden_modifications.cpp:[[@LINE+1]]:3
  for (int64_t i = 0; i < 16; ++i)
    for (int64_t j = 0; j < 16; ++j) {
      if (flag(j) > 0)
        goto inside;
      if (j < i) {
      inside:
        M(i, j) = M(j, i) * 3 + 1;
      }
    }
  // CHECK: #1 W M(i, j)
  // CHECK-NOT: only where
  // CHECK: RAW ([1,15], [-15,-1])
  // CHECK: schedule: unimodular
  return 0;
}
