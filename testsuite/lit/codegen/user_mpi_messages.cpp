// A program that uses MPI itself: a receive for any source and any tag, posted on MPI_COMM_WORLD
// before a 2D rotation loop that sends its rotated parts between the ranks, must not catch the
// runtime's messages (the runtime talks on its own duplicate of MPI_COMM_WORLD). The loop's result
// and the program's own message are the same whether the receive is posted before the loop or
// after it. Regression test: the runtime sent on MPI_COMM_WORLD with the time part as the tag.
// RUN: %orionc %s -O1 -o %t
// RUN: %orionc --dump=deps %s | FileCheck %s --check-prefix=DEPS
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t late --orion-threads=1 > %t.late.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t early --orion-threads=1 > %t.early.txt
// RUN: diff %t.late.txt %t.early.txt
// RUN: FileCheck %s --input-file=%t.early.txt
#include <mpi.h>
#include <orion/orion.hpp>

#include <cstdio>
#include <cstring>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const bool early = argc > 1 && std::strcmp(argv[1], "early") == 0;
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int64_t n = 64;
  orion::DenseArray<double, 2> R({n, n});
  orion::DenseArray<double, 1> W({n}), H({n});
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < n; ++j)
      R(i, j) = static_cast<double>((i * 7 + j * 3) % 11) / 11.0;
  W.fill(0.5);
  H.fill(0.25);

  int got = -1;
  MPI_Request request = MPI_REQUEST_NULL;
  MPI_Status status;
  if (early)
    MPI_Irecv(&got, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &request);
  for (int pass = 0; pass < 3; ++pass) {
#pragma orion parallel_for
    for (auto &&[key, r] : R) {
      const double w = W(key[0]), h = H(key[1]);
      W(key[0]) = w + 0.01 * (r - w * h) * h;
      H(key[1]) = h + 0.01 * (r - w * h) * w;
    }
  }
  if (!early)
    MPI_Irecv(&got, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &request);
  const int mine = 100 + rank;
  MPI_Send(&mine, 1, MPI_INT, (rank + 1) % size, 7, MPI_COMM_WORLD);
  MPI_Wait(&request, &status);
  double sum = 0;
  for (int64_t i = 0; i < n; ++i)
    sum += W(i) + H(i);
  if (rank == 0)
    std::printf("sum %.12f\n", sum);
  // What each rank received, printed by rank 0 (the ranks' own output could interleave).
  const int mine_got[3] = {got, status.MPI_SOURCE, status.MPI_TAG};
  int all_got[3 * 16] = {};
  MPI_Gather(mine_got, 3, MPI_INT, all_got, 3, MPI_INT, 0, MPI_COMM_WORLD);
  if (rank == 0)
    for (int r = 0; r < size && r < 16; ++r)
      std::printf("rank %d got %d from %d with tag %d\n", r, all_got[3 * r], all_got[3 * r + 1],
                  all_got[3 * r + 2]);
  return 0;
}

// DEPS: schedule: 2d
// CHECK: sum
// CHECK: rank 0 got 101 from 1 with tag 7
// CHECK: rank 1 got 100 from 0 with tag 7
