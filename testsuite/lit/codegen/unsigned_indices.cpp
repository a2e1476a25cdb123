// Unsigned arithmetic in loop headers and subscripts (found by a helper writing programs as a new
// user; each used to give another answer than the serial build, at every worker count or on
// several workers):
// - a 64-bit unsigned index (`uint64_t`, `size_t`) in a skewed nest: a block's upper bound may be
//   negative, and compared as unsigned it ran past the array (3 threads: out of bounds; -DNDEBUG:
//   a crash). The generated header compares the index as int64_t.
// - a signed index compared with an unsigned bound (`j < band.size()`): C++ converts the index to
//   unsigned, so the loop does not run while it is negative. An inner loop of that form runs as
//   written in the body; an outer one that may start negative is a build error.
// - `A(i + 4294967295u)` on an unsigned i is A(i - 1) in 32-bit arithmetic: the subscript is
//   unknown (it was read as i + 4294967295, with no dependence); so is `40u + i * 4294967295u`.
// RUN: %orionc --emit=cpp %s -o %t.cpp
// RUN: FileCheck %s --input-file=%t.cpp --check-prefix=EMIT
// RUN: %orionc --dump=deps -DWRAP %s | FileCheck %s --check-prefix=WRAP
// RUN: not %orionc --dump=loops -DOUTER %s 2>&1 | FileCheck %s --check-prefix=OUTER
// RUN: %orionc %s -O1 -o %t
// RUN: c++ -std=c++20 -Wno-unknown-pragmas -I%runtime_include %s -o %t.serial
// RUN: %t.serial > %t.serial.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 %t --orion-threads=3 > %t.t3.txt
// RUN: diff %t.serial.txt %t.t3.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 3 %t --orion-threads=2 > %t.np3.txt
// RUN: diff %t.serial.txt %t.np3.txt
#include <orion/orion.hpp>

#include <cstdint>
#include <cstdio>
#include <vector>

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  const uint64_t N = 30;
  orion::DenseArray<int64_t, 2> A({30, 30}), B({8, 10});
  orion::DenseArray<int64_t, 1> C({40});
#ifdef OUTER
  const uint64_t n = 8;
  // OUTER: unsigned_indices.cpp:[[@LINE+2]]:28: error: unsupported loop form for #pragma orion parallel_for: the condition compares the signed index 'i' with the unsigned bound 'n', so C++ converts 'i' to unsigned and the loop ends at once while 'i' is negative; compare in the index's type ('i < static_cast<int64_t>(n)')
#pragma orion parallel_for
  for (int64_t i = -2; i < n; ++i)
    C(i + 2) = 1;
#endif
  // EMIT: for (uint64_t j = orion_block.lower(1, (0), i); static_cast<::std::int64_t>(j) < orion_block.upper(1, (N - 1), i); ++j)
#pragma orion parallel_for
  for (uint64_t i = 1; i < N; ++i)
    for (uint64_t j = 0; j < N - 1; ++j)
      A(i, j) = A(i - 1, j + 1) + 1;

  const std::vector<long> band = {1, 2, 3, 4, 5, 6, 7, 8};
#pragma orion parallel_for
  for (int64_t i = 0; i < 8; ++i)
    for (int64_t j = i - 2; j < band.size(); ++j) // runs from j = 0 only where i >= 2
      B(i, j + 2) += 1;

#ifdef WRAP
  // WRAP-LABEL: loop 2 at
  // WRAP: R C(?)
  // WRAP: schedule: none
  const unsigned minus_one = 4294967295u;
#pragma orion parallel_for ordered
  for (unsigned i = 1; i < 40; ++i)
    C(i) = C(i + minus_one) + 1;
  // WRAP-LABEL: loop 3 at
  // WRAP: R C(?)
  // WRAP: schedule: none
#pragma orion parallel_for ordered
  for (unsigned i = 1; i < 40; ++i)
    C(i) = C(40u + i * minus_one) + 1; // C(40 - i)
#endif

  uint64_t h = 0; // unsigned: the hash wraps around (defined, and UBSan-clean)
  for (int64_t i = 0; i < 30; ++i)
    for (int64_t j = 0; j < 30; ++j)
      h = h * 31 + static_cast<uint64_t>(A(i, j));
  for (int64_t i = 0; i < 8; ++i)
    for (int64_t j = 0; j < 10; ++j)
      h = h * 31 + static_cast<uint64_t>(B(i, j));
  if (orion::is_root())
    std::printf("h %llu\n", static_cast<unsigned long long>(h));
  return 0;
}
