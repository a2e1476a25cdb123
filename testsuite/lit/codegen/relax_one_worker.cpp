// A loop that updates an array named in relax(...) runs on one worker only, until the runtime
// merges the workers' updates of relaxed arrays: on more workers it stops with an error naming the
// loop and the array instead of losing updates. Reading a relaxed array is fine anywhere.
// Regression test: `counts(b) += 1` under relax(counts) printed N/2 on two workers, with exit 0.
// RUN: %orionc --emit=cpp %s -o %t.cpp
// RUN: FileCheck %s --input-file=%t.cpp --check-prefix=PLAN
// RUN: %orionc %s -O1 -o %t
// RUN: c++ -std=c++20 -Wno-unknown-pragmas -I%runtime_include %s -o %t.serial
// RUN: %t.serial > %t.serial.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 %t --orion-threads=1 > %t.one.txt
// RUN: diff %t.serial.txt %t.one.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 not %t --orion-threads=2 2>&1 | FileCheck %s --check-prefix=TWO
#include <orion/orion.hpp>

#include <cstdio>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t n = 1000;
  orion::DenseArray<int64_t, 1> values({n}), counts({8}), scale({8});
  for (int64_t i = 0; i < n; ++i)
    values(i) = (i * 37) % 101;
  scale.fill(2);
  orion::Accumulator<int64_t> scaled;
  // Reads a relaxed array only: runs on every worker.
#pragma orion parallel_for relax(scale)
  for (int64_t i = 0; i < n; ++i)
    scaled += scale(values(i) % 8) * values(i);
#pragma orion parallel_for relax(counts)
  for (int64_t i = 0; i < n; ++i)
    counts(values(i) % 8) += 1;
  int64_t total = 0;
  for (int64_t b = 0; b < 8; ++b)
    total += counts(b);
  std::printf("%lld %lld\n", static_cast<long long>(scaled.aggregate()),
              static_cast<long long>(total));
}

// PLAN: .arrays = {{[{][{]}}"", false}, {"scale", false, true}, {"values", false}},
// PLAN: .arrays = {{[{][{]}}"", false}, {"counts", true, true}, {"values", false}},
// TWO: error: parallel loop at {{.*}}relax_one_worker.cpp:29 writes 'counts', which it names in relax(counts): this version of the runtime does not merge the workers' updates of a relaxed array, so on 2 workers updates would be lost; run it on one worker (one rank, --orion-threads=1)
