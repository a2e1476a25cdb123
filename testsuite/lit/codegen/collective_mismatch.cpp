// A collective call made on some ranks only ends every rank with one error that says which rank
// was where, instead of hanging. Regression test: `if (orion::is_root()) ... sum.aggregate()` left
// rank 0 waiting in MPI forever while rank 1 finished. So did a parallel loop on some ranks while
// the others called aggregate() or finished (the loop's check sent 16 bytes, the others 8).
// RUN: %orionc %s -O1 -o %t
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 %t aggregate | FileCheck %s --check-prefix=ONE
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 not timeout 120 \
// RUN:   %mpiexec -np 2 %t aggregate > %t.aggregate.out 2> %t.aggregate.err
// RUN: FileCheck %s --input-file=%t.aggregate.err --check-prefix=AGGREGATE
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 not timeout 120 \
// RUN:   %mpiexec -np 4 %t loops > %t.loops.out 2> %t.loops.err
// RUN: FileCheck %s --input-file=%t.loops.err --check-prefix=LOOPS
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t same | FileCheck %s --check-prefix=SAME
// Two accumulators aggregated in different orders on different ranks.
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 not timeout 120 \
// RUN:   %mpiexec -np 2 %t order > %t.order.out 2> %t.order.err
// RUN: FileCheck %s --input-file=%t.order.err --check-prefix=ORDER
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 not timeout 120 \
// RUN:   %mpiexec -np 2 %t loop_or_aggregate > %t.la.out 2> %t.la.err
// RUN: FileCheck %s --input-file=%t.la.err --check-prefix=LOOP-AGGREGATE
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 not timeout 120 \
// RUN:   %mpiexec -np 3 %t loop_or_end > %t.le.out 2> %t.le.err
// RUN: FileCheck %s --input-file=%t.le.err --check-prefix=LOOP-END
// Ranks started with different runtime options (an environment variable that reached only some
// hosts) used to hang, crash in MPI or print a result no seed gives.
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 not timeout 120 \
// RUN:   %mpiexec -np 2 %t same : -np 1 -x ORION_MERGE_EVERY=5 %t same > %t.opt.out 2> %t.opt.err
// RUN: FileCheck %s --input-file=%t.opt.err --check-prefix=OPTIONS

#include <orion/orion.hpp>

#include <cstdio>
#include <string_view>

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  const std::string_view mode = argc > 1 ? argv[1] : "";
  orion::DenseArray<double, 1> a({100});
  orion::Accumulator<double> sum;
  orion::Accumulator<long> count;
#pragma orion parallel_for
  for (int64_t i = 0; i < 100; ++i) {
    a(i) = static_cast<double>(i);
    sum += static_cast<double>(i);
  }
  if (mode == "aggregate") {
    // The mistake: aggregate() is collective, but only the root calls it.
    if (orion::is_root())
      std::printf("sum %.0f\n", sum.aggregate());
  } else if (mode == "loops") {
    if (orion::rank() == 2) {
#pragma orion parallel_for
      for (int64_t i = 0; i < 100; ++i)
        a(i) *= 2.0;
    } else {
#pragma orion parallel_for
      for (int64_t i = 0; i < 100; ++i)
        a(i) += 1.0;
    }
  } else if (mode == "loop_or_aggregate" || mode == "loop_or_end") {
    if (orion::rank() == 1) {
      if (mode == "loop_or_end")
        return 0;
      std::printf("sum %.0f\n", sum.aggregate());
    }
#pragma orion parallel_for
    for (int64_t i = 0; i < 100; ++i)
      a(i) += 1.0;
  } else if (mode == "order") {
    // Both accumulators on every rank, in another order on the root (as printf's arguments may
    // be evaluated): each rank combined the other's slots, and 2 ranks printed garbage, rc=0.
    if (orion::is_root()) {
      const long n = count.aggregate();
      std::printf("sum %.0f count %ld\n", sum.aggregate(), n);
    } else {
      (void)sum.aggregate();
      (void)count.aggregate();
    }
  } else if (mode == "same") {
    const double total = sum.aggregate();
    if (orion::is_root())
      std::printf("sum %.0f\n", total);
  }
  return 0;
}

// One rank: nothing to mismatch.
// ONE: sum 4950

// AGGREGATE: error: collective call mismatch: rank 0 called Accumulator::aggregate() of accumulator #1 (numbered in the order driver code created them); rank 1 reached the end of the program (orion::Session destroyed, or exit() called). Every rank must make the same collective calls (aggregate(), parallel loops, loaders, checkpoint and restore) in the same order: do not make them on some ranks only, e.g. under `if (orion::is_root())`
// AGGREGATE-NOT: [rank

// LOOPS: error: collective call mismatch: ranks 0-1, 3 started the parallel loop at line 64; rank 2 started the parallel loop at line 60.
// LOOPS-NOT: [rank

// SAME: sum 4950

// ORDER: error: collective call mismatch: rank 0 called Accumulator::aggregate() of accumulator #2 (numbered in the order driver code created them); rank 1 called Accumulator::aggregate() of accumulator #1 (numbered in the order driver code created them).
// ORDER-NOT: [rank

// LOOP-AGGREGATE: error: collective call mismatch: rank 0 started the parallel loop at line 74; rank 1 called Accumulator::aggregate() of accumulator #1 (numbered in the order driver code created them).
// LOOP-AGGREGATE-NOT: [rank

// LOOP-END: error: collective call mismatch: ranks 0, 2 started the parallel loop at line 74; rank 1 reached the end of the program (orion::Session destroyed, or exit() called).

// OPTIONS: error: the ranks run with different runtime options: --orion-merge-every (or ORION_MERGE_EVERY) is 0 on ranks 0-1; 5 on rank 2. Every rank must get the same --orion-* flags and ORION_* environment variables: with Open MPI, 'mpirun -x NAME' passes a variable to the ranks on every host
// OPTIONS-NOT: [rank
