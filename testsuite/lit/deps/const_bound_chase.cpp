// A const local computed before the loop from variables that keep their value until it runs
// (`const int64_t lo = k + 1;`) is a parameter defined by the others: the model knows
// lo = k + 1, so A(k) and A(i) for i >= lo never meet and the loop is 1D, as with `i = k + 1`
// written in place. Before, 'lo' was a parameter unrelated to 'k', and the loop had no
// schedule. The driver loop's increment of k does not count: lo is declared again in each of its
// iterations. (The oracle, oracle.deps, checks this loop with lo computed from k.)
// When k may change between the declaration and the loop (a later write, its address taken), or
// the loop is in a lambda, 'lo' stays unrelated to the others, and the dependence stays.
// RUN: %orionc --dump=deps %s 2>&1 | FileCheck %s
// RUN: c++ -std=c++20 -Wno-unknown-pragmas -I%runtime_include -DRUN_ONLY %s -o %t.serial
// RUN: %t.serial > %t.serial.txt
// RUN: %orionc -DRUN_ONLY %s -o %t
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 %mpiexec -np 2 %t > %t.np2.txt
// RUN: diff %t.serial.txt %t.np2.txt
#include <orion/orion.hpp>

#include <cstdint>
#include <cstdio>

int main(int argc, char **argv) {
  orion::Session sess(argc, argv);
  orion::DenseArray<int64_t, 1> A({20}, 1);
  for (int64_t k = 0; k < 19; ++k) {
    const int64_t lo = k + 1;
#pragma orion parallel_for
    for (int64_t i = lo; i < 20; ++i)
      A(i) = (A(i) + A(k)) % 1000003;
  }
  // CHECK: loop 0 at
  // CHECK: schedule: 1d
#ifndef RUN_ONLY
  int64_t m = argc;
  const int64_t first = m + 1;
  m = 0; // m changes after 'first' is computed: A(m) may be any element
#pragma orion parallel_for
  for (int64_t i = first; i < 20; ++i)
    A(i) = A(i) + A(m);
  // CHECK: loop 1 at
  // CHECK: schedule: none
  int64_t n = argc;
  int64_t *p = &n;
  const int64_t start = n + 1;
  *p = 0;
#pragma orion parallel_for
  for (int64_t i = start; i < 20; ++i)
    A(i) = A(i) + A(n);
  // CHECK: loop 2 at
  // CHECK: schedule: none
  const int64_t q = argc, from = q + 1;
  auto run = [&A, from, q] {
#pragma orion parallel_for
    for (int64_t i = from; i < 20; ++i)
      A(i) = A(i) + A(q);
  };
  run();
  // CHECK: loop 3 at
  // CHECK: schedule: none
#endif
  uint64_t h = 0;
  for (int64_t i = 0; i < 20; ++i)
    h = h * 31 + static_cast<uint64_t>(A(i));
  if (orion::is_root())
    std::printf("h %llu\n", static_cast<unsigned long long>(h));
  return 0;
}
