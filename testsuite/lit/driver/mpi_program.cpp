// A program that includes <mpi.h> and calls MPI itself next to an orion loop: orionc's parser
// finds MPI's headers where the host compiler (mpicxx) finds them, so the program gets through
// --dump=deps, --emit=cpp and a build, and runs on two ranks.
// RUN: %orionc --dump=deps %s | FileCheck %s --check-prefix=DEPS
// RUN: %orionc --emit=cpp %s -o %t.cpp
// RUN: FileCheck %s --input-file=%t.cpp --check-prefix=CPP
// RUN: %orionc %s -o %t
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1 %mpiexec -np 2 %t | FileCheck %s
#include <mpi.h>
#include <orion/orion.hpp>

#include <cstdio>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  int rank = -1, size = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int64_t N = 16;
  orion::DenseArray<double, 1> A({N});
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    A(i) = 2 * i;
  double sum = 0;
  for (int64_t i = 0; i < N; ++i)
    sum += A(i);
  // Every rank holds the whole array: the sum over the ranks is size times the sum.
  double total = 0;
  MPI_Allreduce(&sum, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  int ranks = 0, one = 1;
  MPI_Reduce(&one, &ranks, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0)
    std::printf("ranks %d of %d, sum %.1f, total %.1f\n", ranks, size, sum, total);
  return 0;
}

// DEPS: mpi_program.cpp: dependence report (1 parallel loop
// DEPS: loop 0 at {{.*}}mpi_program.cpp:22:3 in 'main'
// DEPS: schedule: 1d (0)
// CPP: {{^}}#include <mpi.h>
// CHECK: ranks 2 of 2, sum 240.0, total 480.0
