// orion::Buffer: a body writes `wb(i) += update`; each worker's updates are combined per element
// (with `+`, or the combiner) and applied by `apply` on every copy at least every max_delay
// iterations and at loop end. One worker applies each update at once, exactly as the serial
// build does (bit-identical output); on several workers the flushes happen at the same points in
// --orion-replay-serial and --orion-check (same digests), and the output depends only on the
// number of workers, not on how they are spread over ranks. A sum through a Buffer is exact.
// RUN: %orionc --dump=deps %s | FileCheck %s
// RUN: %orionc --emit=cpp %s -o %t.cpp
// RUN: FileCheck %s --input-file=%t.cpp --check-prefix=CALL
// RUN: %orionc %s -O1 -o %t
// RUN: c++ -std=c++20 -O1 -Wno-unknown-pragmas -I%runtime_include %s -o %t.serial
// RUN: %t.serial > %t.serial.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 %t --orion-threads=1 > %t.one.txt
// RUN: diff %t.serial.txt %t.one.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 %t --orion-threads=2 > %t.t2.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t --orion-threads=1 > %t.np2.txt
// RUN: diff %t.t2.txt %t.np2.txt
// RUN: FileCheck %s --input-file=%t.np2.txt --check-prefix=OUT
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t --orion-threads=2 --orion-digest > %t.w4.txt 2> %t.w4.digest
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t --orion-threads=2 --orion-digest --orion-replay-serial \
// RUN:   > %t.replay.txt 2> %t.replay.digest
// RUN: diff %t.w4.digest %t.replay.digest
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t --orion-threads=2 --orion-digest --orion-check \
// RUN:   > %t.check.txt 2> %t.check.digest
// RUN: diff %t.w4.digest %t.check.digest
// RUN: FileCheck %s --input-file=%t.w4.txt --check-prefix=OUT
// The Buffers' targets sharded across the ranks: the owners apply the flushes, the driver's reads
// after the loops gather the arrays again; the same digests and output as the replicated run.
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t --orion-threads=2 --orion-digest --orion-shard-min-bytes=0 \
// RUN:   > %t.shard.txt 2> %t.shard.digest
// RUN: diff %t.w4.digest %t.shard.digest
// RUN: diff %t.w4.txt %t.shard.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 not %t --bad-delay 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DELAY
#include <orion/orion.hpp>

#include <cmath>
#include <cstdio>
#include <cstring>

/// AdaGrad state lives in the element: the update carries a gradient in `w`.
struct Param {
  float w = 0, g2 = 0;
};

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  const int64_t delay = argc > 1 && std::strcmp(argv[1], "--bad-delay") == 0 ? 0 : 1000;
  const int64_t n = 20000, d = 50;
  orion::DenseArray<float, 1> x({n});
  for (int64_t i = 0; i < n; ++i)
    x(i) = static_cast<float>((i * 7919) % 1000) / 1000.0f;
  orion::DenseArray<Param, 1> params({d});
  orion::DenseArray<double, 1> sums({d});
  orion::Buffer<Param, 1> pb(
      params,
      [](Param &p, const Param &u) {
        p.g2 += u.w * u.w;
        p.w -= 0.1f * u.w / std::sqrt(p.g2 + 1e-6f);
      },
      orion::max_delay(delay), [](const Param &a, const Param &b) { return Param{a.w + b.w, 0}; });
  orion::Buffer<double, 1> sb(sums, [](double &s, const double &u) { s += u; },
                              orion::max_delay(500));
  for (int epoch = 0; epoch < 3; ++epoch) {
#pragma orion parallel_for
    for (auto &&[key, v] : x) {
      const int64_t f = key[0] % d;
      const float grad = params(f).w - v;
      pb(f) += Param{grad, 0};
      sb(f) += v;
    }
  }
  double total = 0, w = 0;
  for (int64_t f = 0; f < d; ++f) {
    total += sums(f);
    w += params(f).w;
  }
  if (orion::is_root())
    std::printf("sum %.4f mean w %.6f\n", total, w / d);
}

// CHECK: schedule: 1d (0)
// CHECK: params{{ +}}served
// CHECK-NEXT: pb{{ +}}buffered
// CHECK-NEXT: sb{{ +}}buffered
// CALL: {{^ *}}.arrays = {{[{][{]}}"x", false}, {"params", false, false, true}, {"pb", true, false, true}, {"sb", true, false, true}},
// CALL: {{^[^/]*}}auto orion_prefetch = [&]({{\[\[maybe_unused\]\]}} auto &params, {{\[\[maybe_unused\]\]}} auto &pb, {{\[\[maybe_unused\]\]}} auto &sb, {{\[\[maybe_unused\]\]}} const auto &key, {{\[\[maybe_unused\]\]}} const auto &v)
// CALL: {{^ *}}const int64_t f = key[0] % d;
// CALL-NEXT: params(f);
// CALL: {{^[^/]*}}::orion::parallel::for_each(orion_plan, x, ::orion::parallel::arrays(::orion::parallel::served(params), pb, sb), [&](auto &params, auto &pb, auto &sb, {{\[\[maybe_unused\]\]}} const auto &key, {{\[\[maybe_unused\]\]}} auto &v)
// CALL: {{^ *}}}, ::orion::parallel::prefetch(orion_prefetch));
// OUT: sum 29970.0000 mean w 0.4
// DELAY: orion::max_delay(0): the delay must be >= 1
