// relax(A) never loses an update: a body that updates a relaxed array with `+=`, `-=`, `++` or
// `--` gets per-worker deltas that the runtime merges into every copy, so integer counts are exact
// on any number of ranks and threads, and --orion-replay-serial and --orion-check reproduce the
// parallel run's merges bit for bit (same digests). Reading a relaxed array is fine anywhere.
// Regression test: `counts(b) += 1` under relax(counts) printed N/2 on two ranks, with exit 0
// (and later refused to run on more than one worker).
// RUN: %orionc --emit=cpp %s -o %t.cpp
// RUN: FileCheck %s --input-file=%t.cpp --check-prefix=PLAN
// RUN: %orionc %s -O1 -o %t
// RUN: c++ -std=c++20 -Wno-unknown-pragmas -I%runtime_include %s -o %t.serial
// RUN: %t.serial > %t.serial.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 %t --orion-threads=1 > %t.one.txt
// RUN: diff %t.serial.txt %t.one.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 %t --orion-threads=2 > %t.two.txt
// RUN: diff %t.serial.txt %t.two.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t --orion-threads=2 --orion-digest > %t.np2.txt 2> %t.np2.digest
// RUN: diff %t.serial.txt %t.np2.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t --orion-threads=2 --orion-digest --orion-replay-serial \
// RUN:   > %t.replay.txt 2> %t.replay.digest
// RUN: diff %t.np2.digest %t.replay.digest
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t --orion-threads=2 --orion-digest --orion-check \
// RUN:   > %t.check.txt 2> %t.check.digest
// RUN: diff %t.np2.digest %t.check.digest
// RUN: FileCheck %s --input-file=%t.np2.digest --check-prefix=DIGEST
// Sharded across the ranks (every array, however small), with and without the prefetch slice:
// the same digests as the replicated run, the same output as the serial build.
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t --orion-threads=2 --orion-digest --orion-shard-min-bytes=0 \
// RUN:   > %t.shard.txt 2> %t.shard.digest
// RUN: diff %t.serial.txt %t.shard.txt
// RUN: diff %t.np2.digest %t.shard.digest
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 4 %t --orion-threads=1 --orion-digest --orion-shard-min-bytes=0 \
// RUN:   --orion-prefetch=off > %t.miss.txt 2> %t.miss.digest
// RUN: diff %t.serial.txt %t.miss.txt
#include <orion/orion.hpp>

#include <cstdio>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t n = 1000;
  orion::DenseArray<int64_t, 1> values({n}), counts({8}), scale({8});
  orion::DenseArray<double, 1> mass({8});
  for (int64_t i = 0; i < n; ++i)
    values(i) = (i * 37) % 101;
  scale.fill(2);
  orion::Accumulator<int64_t> scaled;
  // Reads a relaxed array only: nothing to merge.
#pragma orion parallel_for relax(scale)
  for (int64_t i = 0; i < n; ++i)
    scaled += scale(values(i) % 8) * values(i);
#pragma orion parallel_for relax(counts, mass)
  for (int64_t i = 0; i < n; ++i) {
    counts(values(i) % 8) += 1;
    ++counts((values(i) + 1) % 8);
    counts((values(i) + 1) % 8)--;
    mass(values(i) % 8) -= 0.25 * static_cast<double>(values(i));
  }
  int64_t total = 0;
  double m = 0;
  for (int64_t b = 0; b < 8; ++b) {
    total += counts(b);
    m += mass(b);
  }
  const int64_t all = scaled.aggregate();
  if (orion::is_root())
    std::printf("%lld %lld %lld %.2f\n", static_cast<long long>(all),
                static_cast<long long>(total), static_cast<long long>(counts(3)), m);
}

// PLAN: {{^ *}}.arrays = {{[{][{]}}"", false}, {"scale", false, true, true}, {"values", false}},
// PLAN: {{^[^/]*}}::orion::parallel::arrays(::orion::parallel::served(scale), values)
// PLAN: {{^ *}}.arrays = {{[{][{]}}"", false}, {"counts", true, true, true}, {"values", false}, {"mass", true, true, true}},
// PLAN: {{^[^/]*}}auto orion_prefetch = [&]({{\[\[maybe_unused\]\]}} auto &counts, {{\[\[maybe_unused\]\]}} auto &values, {{\[\[maybe_unused\]\]}} auto &mass, const ::orion::parallel::Block<1> &orion_block)
// PLAN-NEXT: #line 62
// PLAN-NEXT: {
// PLAN-NEXT: counts(values(i) % 8);
// PLAN-NEXT: counts((values(i) + 1) % 8);
// PLAN-NEXT: counts((values(i) + 1) % 8);
// PLAN-NEXT: mass(values(i) % 8);
// PLAN-NEXT: }
// PLAN: {{^[^/]*}}::orion::parallel::arrays(::orion::parallel::relaxed(counts), values, ::orion::parallel::relaxed(mass))
// PLAN: {{^ *}}}, ::orion::parallel::prefetch(orion_prefetch));
// DIGEST: orion: digest {{.*}}relax_merged.cpp:61 pass 0: counts {{[0-9a-f]+}} mass {{[0-9a-f]+}}
