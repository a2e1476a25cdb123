// --orion-stats names each parallel loop (file:line of its pragma and the schedule it ran) with
// its runs, time, phases and bytes sent, so the loop that dominates a program can be found; the
// loops' shares add up to the totals line. A loop that ran more than once has its first run (with
// the setup) apart from the later ones, and the bytes it sent are split by array, so the array
// that dominates is named too (and they add up to the loop's). One rank with two threads and two
// ranks.
// RUN: %orionc %s -O1 -o %t
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 %t --orion-threads=2 --orion-stats 2> %t.one.err | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --input-file=%t.one.err
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t --orion-threads=1 --orion-stats 2> %t.np2.err | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --input-file=%t.np2.err
// RUN: FileCheck %s --input-file=%t.np2.err --check-prefix=NP2
// RUN: FileCheck %s --input-file=%t.one.err --check-prefix=ONE
// RUN: %system_python %S/Inputs/check_stats_sum.py %t.one.err %t.np2.err

#include <orion/orion.hpp>

#include <cstdio>

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  const int64_t N = 20000;
  orion::DenseArray<double, 1> a({N}), b({N});
  for (int pass = 0; pass < 3; ++pass) {
#pragma orion parallel_for
    for (int64_t i = 0; i < N; ++i)
      a(i) += static_cast<double>(i % 7);
  }
  orion::Accumulator<double> sum;
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    b(i) = 2.0 * a(i);
    sum += b(i);
  }
  const double total = sum.aggregate();
  if (orion::is_root())
    std::printf("total %.0f\n", total);
  return 0;
}

// OUT: total 359982

// CHECK: orion: stats: rank 0 ran 4 parallel loop(s) in
// CHECK-DAG: orion: stats: rank 0 loop {{.*}}stats_per_loop.cpp:27 [1d (0)]: 3 run(s), {{[0-9.]+}} s ({{[0-9]+}}% of the loops' time, {{[0-9.]+}} s per run) = setup {{[0-9.]+}} + blocks {{[0-9.]+}} + exchange {{[0-9.]+}}; per worker compute {{[0-9.]+}}, waiting {{[0-9.]+}}; sent {{[0-9.]+}} MB
// CHECK-DAG: orion: stats: rank 0 loop {{.*}}stats_per_loop.cpp:32 [1d (0)]: 1 run(s),
// CHECK-DAG: orion: stats: rank 0 loop {{.*}}stats_per_loop.cpp:27: first run {{[0-9.]+}} ms (setup {{[0-9.]+}}), later runs {{[0-9.]+}} ms each (setup {{[0-9.]+}}, blocks {{[0-9.]+}}, exchange {{[0-9.]+}})
// CHECK: orion: stats: rank 0 session

// On two ranks each 1D loop sends the slabs of the one array it writes (the other is only read).
// NP2-DAG: orion: stats: rank 0 loop {{.*}}stats_per_loop.cpp:27 sent, by array: a {{[0-9.]+}} MB (100%)
// NP2-DAG: orion: stats: rank 0 loop {{.*}}stats_per_loop.cpp:32 sent, by array: b {{[0-9.]+}} MB (100%)
// Each rank writes back its half of the written array: all ranks together send what the cost
// model's coherence term says, (R - 1) * 160 kB per run.
// NP2-DAG: orion: stats: loop {{.*}}stats_per_loop.cpp:27: all 2 rank(s) sent 0.160 MB per run; the cost model predicted 0.160 MB per pass (sent / model 1.000){{$}}
// NP2-DAG: orion: stats: loop {{.*}}stats_per_loop.cpp:32: all 2 rank(s) sent 0.160 MB per run; the cost model predicted 0.160 MB per pass (sent / model 1.000){{$}}
// On one rank nothing is sent, and a loop that ran once has no first/later line.
// ONE-NOT: rank(s) sent
// ONE-NOT: sent, by array
// ONE-NOT: stats_per_loop.cpp:32: first run
