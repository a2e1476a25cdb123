// A program that leaves through std::exit ends its Session as returning from main does.
// Regression test: every rank calling std::exit(0) made mpirun fail the job (rc=1, "exiting
// improperly"), since the Session's destructor never ran and MPI was never finalized. A rank that
// exits while the others go on to a parallel loop stops them with the collective mismatch error.
// RUN: %orionc %s -O1 -o %t
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 %t every 0 | FileCheck %s
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t every 0 > %t.zero.out 2> %t.zero.err
// RUN: FileCheck %s --input-file=%t.zero.out
// RUN: FileCheck %s --input-file=%t.zero.err --check-prefix=QUIET --allow-empty
// The program's status reaches mpirun.
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 not timeout 120 \
// RUN:   %mpiexec -np 2 %t every 3 > %t.three.out 2> %t.three.err
// RUN: FileCheck %s --input-file=%t.three.out
// RUN: FileCheck %s --input-file=%t.three.err --check-prefix=STATUS
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 not timeout 120 \
// RUN:   %mpiexec -np 2 %t root 0 > %t.root.out 2> %t.root.err
// RUN: FileCheck %s --input-file=%t.root.err --check-prefix=ROOT
#include <orion/orion.hpp>

#include <cstdio>
#include <cstdlib>
#include <string>

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  const std::string mode = argc > 2 ? argv[1] : "every";
  const int status = argc > 2 ? std::atoi(argv[2]) : 0;
  const int64_t N = 64;
  orion::DenseArray<double, 1> out({N});
  if (mode == "root" && orion::is_root())
    std::exit(status);
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    out(i) = 2.0 * i;
  double sum = 0;
  for (int64_t i = 0; i < N; ++i)
    sum += out(i);
  if (orion::is_root())
    std::printf("sum %.1f\n", sum);
  std::fflush(stdout);
  std::exit(status);
}
// CHECK: sum 4032.0
// QUIET-NOT: {{.}}
// STATUS: Exit code: 3
// ROOT: error: collective call mismatch: rank 0 reached the end of the program (orion::Session destroyed, or exit() called); rank 1 started the parallel loop at line [[@LINE-14]]
