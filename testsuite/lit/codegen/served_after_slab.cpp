// A served array whose rows a loop in between left as a slab shard, on other ranges than the equal
// split it was served with before: a `repeated` loop must not reuse the row lists it computed
// under the old ranges. Regression test: it reused them, so every row that had changed owner was
// fetched on a miss instead of by the prefetch (results stayed right; --orion-stats showed the
// misses). Integer sums: every run prints what the serial build prints.
// RUN: %orionc %s -O1 -o %t
// RUN: c++ -std=c++20 -Wno-unknown-pragmas -I%runtime_include %s -o %t.serial
// RUN: %t.serial > %t.serial.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t --orion-threads=1 --orion-shard-min-bytes=0 --orion-verbose \
// RUN:   --orion-stats > %t.np2.txt 2> %t.np2.err
// RUN: diff %t.serial.txt %t.np2.txt
// RUN: FileCheck %s --input-file=%t.np2.err
#include <orion/orion.hpp>

#include <cstdint>
#include <cstdio>

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  const int64_t U = 600, I = 40, N = 3000;
  orion::SparseArray<int64_t, 2> R({U, I});
  for (int64_t e = 0; e < 6000; ++e)
    R.push_back({(e % 150) * (e % 4 + 1), (e * 7919) % I}, e % 7 + 1);
  orion::DenseArray<int64_t, 2> W({U, 4}), H({I, 4});
  orion::DenseArray<int64_t, 1> idx({N});
  for (int64_t n = 0; n < N; ++n)
    idx(n) = (n * 7919) % U;
  orion::Accumulator<int64_t> sum;
  for (int pass = 0; pass < 3; ++pass) {
    // W served: read with subscripts from the data, row lists kept per sub-round.
#pragma orion parallel_for repeated
    for (int64_t n = 0; n < N; ++n)
      sum += W(idx(n), 0) * (n % 3 + 1);
    // W local: its rows stay on the ranks that wrote them, split by the ratings (histogram).
#pragma orion parallel_for histogram
    for (auto &&[key, v] : R) {
      W(key[0], 0) += v;
      H(key[1], 0) += v;
    }
  }
  const int64_t total = sum.aggregate();
  int64_t check = 0;
  for (int64_t u = 0; u < U; ++u)
    check = (check * 31 + W(u, 0)) % 1000003;
  if (orion::is_root())
    std::printf("sum %lld W %lld\n", static_cast<long long>(total), static_cast<long long>(check));
  return 0;
}

// CHECK: orion: loop {{.*}}served_after_slab.cpp:{{[0-9]+}}: 'W' ({{.*}} MB) stays on the ranks that write it
// CHECK: orion: stats: rank 0 served arrays: prefetch named {{[0-9]+}} row(s) of other ranks ({{.*}}; 0 row(s) fetched on a miss
