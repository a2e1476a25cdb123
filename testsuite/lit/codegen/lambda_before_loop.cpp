// A lambda defined before the loop and called in its body is read like a helper function: its
// captures name the outer arrays, so the loop gets their references, and a dependence through it
// is found. The results match the serial build on threads and ranks.
// Regression test: the lambda's body was not read; the loop had no reference, ran as 1D with no
// exchange, and two ranks printed sum 249500 instead of 999000.
// RUN: %orionc --dump=deps -DCARRY %s | FileCheck %s
// RUN: %orionc %s -O1 -o %t
// RUN: c++ -std=c++20 -Wno-unknown-pragmas -I%runtime_include %s -o %t.serial
// RUN: %t.serial > %t.serial.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 %t --orion-threads=2 > %t.two.txt
// RUN: diff %t.serial.txt %t.two.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 %mpiexec -np 2 %t --orion-threads=1 > %t.np2.txt
// RUN: diff %t.serial.txt %t.np2.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 %mpiexec -np 4 %t --orion-threads=1 > %t.np4.txt
// RUN: diff %t.serial.txt %t.np4.txt
#include <orion/orion.hpp>

#include <cstdio>

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  const int64_t n = 1000;
  orion::DenseArray<int64_t, 1> w({n});
  w.fill(0);
  auto set = [&](int64_t i, int64_t v) { w(i) = v; };
  // CHECK: loop 0 at {{.*}}lambda_before_loop.cpp:[[@LINE+4]]
  // CHECK: W w(i)
  // CHECK: schedule: 1d (0)
#pragma orion parallel_for
  for (int64_t i = 0; i < n; ++i)
    set(i, 2 * i);
#ifdef CARRY
  // A dependence carried through a lambda (a running total through the array) is found: the
  // loop has no parallel schedule (dump only).
  auto carry = [&](int64_t i) { w(i) += w(i - 1); };
  // CHECK: loop 1 at {{.*}}lambda_before_loop.cpp:[[@LINE+4]]
  // CHECK: RAW ([1,1]) on w
  // CHECK: schedule: none
#pragma orion parallel_for ordered
  for (int64_t i = 1; i < n; ++i)
    carry(i);
#endif
  long long s = 0;
  for (int64_t i = 0; i < n; ++i)
    s += w(i);
  if (orion::is_root())
    std::printf("sum %lld last %lld\n", s, static_cast<long long>(w(n - 1)));
  return 0;
}
