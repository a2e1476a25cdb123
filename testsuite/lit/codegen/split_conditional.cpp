// orionc replaces a parallel loop's bytes as a whole, so a preprocessor conditional must not start
// or end inside them: an unbraced body between `#ifdef` and `#else` ends at its active branch, and
// the rewrite left a dangling `#endif` that failed in the host compiler ("#endif without #if").
// Now it is orionc's own error at the loop, and nothing is written; --dump=loops still works.
// Braces around the body, or the whole loop inside the conditional, build and run as the serial
// build does.
// RUN: rm -f %t.cpp
// RUN: not %orionc --emit=cpp -DSPLIT %s -o %t.cpp 2>&1 | FileCheck %s
// RUN: test ! -e %t.cpp
// RUN: not %orionc --emit=cpp -DSPLIT -DTWICE %s -o %t.cpp 2>&1 | FileCheck %s
// RUN: %orionc --dump=loops -DSPLIT %s | FileCheck %s --check-prefix=DUMP
// RUN: c++ -std=c++20 -Wno-unknown-pragmas -I%runtime_include %s -o %t.serial
// RUN: %t.serial > %t.serial.txt
// RUN: %orionc %s -o %t
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 %mpiexec -np 2 %t > %t.np2.txt
// RUN: diff %t.serial.txt %t.np2.txt
// RUN: FileCheck %s --input-file=%t.np2.txt --check-prefix=OUT
#include <orion/orion.hpp>

#include <cstdint>
#include <cstdio>

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  orion::DenseArray<int64_t, 1> A({8}), B({8});
#ifdef SPLIT
#pragma orion parallel_for
  for (int64_t i = 0; i < 8; ++i)
#ifdef TWICE
    A(i) = 2 * i;
#else
    A(i) = i;
#endif
  // CHECK: split_conditional.cpp:[[@LINE-6]]:3: error: a preprocessor conditional (#if, #ifdef, #else, #endif) starts or ends inside this parallel loop, which orionc rewrites as a whole: put the loop's body in braces with the conditional inside them, or the whole loop inside the conditional
  // DUMP: counted nest of depth 1
#endif
#pragma orion parallel_for
  for (int64_t i = 0; i < 8; ++i) {
#ifdef TWICE
    A(i) = 2 * i;
#else
    A(i) = i + 1;
#endif
  }
#if !defined(TWICE)
#pragma orion parallel_for
  for (int64_t i = 0; i < 8; ++i)
    B(i) = A(i) * 3;
#endif
  if (orion::is_root())
    std::printf("A(7) = %lld B(7) = %lld\n", static_cast<long long>(A(7)),
                static_cast<long long>(B(7)));
  return 0;
}

// OUT: A(7) = 8 B(7) = 24
