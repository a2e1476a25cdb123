// A parallel loop whose iteration space differs between ranks: each rank would partition its own
// space and run its share of it, so the blocks would not fit together. A bound computed from the
// rank is a warning at the bound; at run time every rank compares its space with the others' when
// the loop starts (with the check that they start the same loop) and the run stops, naming each
// rank's space. Before, two ranks stopped in MPI_Allgatherv with "message truncated", and three
// ranks over a sparse array one rank had appended to printed a total without a word.
// RUN: %orionc --dump=loops %s 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %orionc %s -o %t 2>/dev/null
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 timeout 120 \
// RUN:   %mpiexec -np 1 %t 100 > %t.np1
// RUN: FileCheck %s --input-file=%t.np1 --check-prefix=ONE
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   not %mpiexec -np 3 %t 100 > %t.np3 2>&1
// RUN: FileCheck %s --input-file=%t.np3 --check-prefix=DENSE
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   not %mpiexec -np 3 %t 100 sparse > %t.sparse 2>&1
// RUN: FileCheck %s --input-file=%t.sparse --check-prefix=SPARSE
#include <orion/orion.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  if (argc < 2)
    return 2;
  const int64_t base = std::atoll(argv[1]);
  if (argc > 2 && std::string(argv[2]) == "sparse") {
    orion::SparseArray<float, 2> R({10, 10});
    for (int64_t i = 0; i < 10; ++i)
      R.push_back({i, (i * 3) % 10}, 1.0f);
    // Read on each rank from its own input (here the rank itself stands in for it).
    const int64_t extra = argc > 3 ? 0 : orion::rank();
    for (int64_t e = 0; e < extra; ++e)
      R.push_back({e, 9 - e}, 2.0f);
    orion::Accumulator<double> total;
#pragma orion parallel_for
    for (auto &&[k, v] : R)
      total += v * static_cast<double>(k[0] + 1);
    const double t = total.aggregate();
    if (orion::is_root())
      std::printf("total %.1f\n", t);
    return 0;
  }
  const int64_t n = base + (orion::rank() == 1 ? 5 : 0);
  const int64_t lo = orion::is_root() ? 0 : 1;
  orion::DenseArray<int64_t, 2> A({200, 8});
#pragma orion parallel_for
  for (int64_t i = 0; i < n; ++i)
    // CHECK: rank_dependent_loop_bounds.cpp:[[@LINE-1]]:27: warning: the bounds of this parallel loop depend on the rank: every rank runs its share of one iteration space, so with bounds that differ between ranks the run stops with 'different iteration spaces'; compute them from values every rank has
    for (int64_t j = lo; j < 8; ++j)
      // CHECK: rank_dependent_loop_bounds.cpp:[[@LINE-1]]:22: warning: the bounds of this parallel loop depend on the rank
      A(i, j) = i + j;
  // The rank only decides what to print: no warning.
  const int64_t m = A.extent(0);
#pragma orion parallel_for
  for (int64_t i = 0; i < m; ++i)
    A(i, 0) += 1;
  uint64_t h = 0;
  for (int64_t i = 0; i < 200; ++i)
    h = h * 31 + static_cast<uint64_t>(A(i, 0) + A(i, 7));
  if (orion::is_root())
    std::printf("h %llu\n", static_cast<unsigned long long>(h));
  return 0;
}

// ONE: h {{[0-9]+}}

// DENSE: error: the parallel loop at line 52 runs over different iteration spaces on different ranks: rank 0 over [0, 100) x [0, 8); rank 1 over [0, 105) x [1, 8); rank 2 over [0, 100) x [1, 8). Each rank runs its share of one iteration space: compute the loop's bounds, and the arrays it iterates, from values every rank has (not from orion::rank(), nor from a file or input that only some ranks read)

// SPARSE: error: the parallel loop at line 41 runs over different iteration spaces on different ranks: rank 0 over 10 elements of [0, 10) x [0, 10); rank 1 over 11 elements of [0, 10) x [0, 10); rank 2 over 12 elements of [0, 10) x [0, 10).
