// Served arrays sharded across ranks: the prefetch slice orionc synthesizes (what --dump=deps says
// of each access, the lambda --emit=cpp shows), misses for what it cannot name (a subscript read
// from a served array, an access under a condition that reads one), a 2-D served array read by
// rows, and driver code that reads sharded arrays on every rank and on the root only (orionc
// gathers the arrays an `if (orion::is_root())` names before it, on every rank). Integer results:
// every run prints what the serial build prints, sharded or not, with or without the prefetch.
// RUN: %orionc --dump=deps %s | FileCheck %s --check-prefix=DUMP
// RUN: %orionc --emit=cpp %s -o %t.cpp
// RUN: FileCheck %s --input-file=%t.cpp --check-prefix=CODE
// RUN: %orionc %s -O1 -o %t
// RUN: c++ -std=c++20 -Wno-unknown-pragmas -I%runtime_include %s -o %t.serial
// RUN: %t.serial > %t.serial.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 3 %t --orion-threads=2 --orion-shard-min-bytes=0 --orion-verbose \
// RUN:   --orion-stats > %t.np3.txt 2> %t.np3.err
// RUN: diff %t.serial.txt %t.np3.txt
// RUN: FileCheck %s --input-file=%t.np3.err --check-prefix=STATS
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t --orion-threads=1 --orion-shard-min-bytes=0 --orion-prefetch=off \
// RUN:   > %t.miss.txt
// RUN: diff %t.serial.txt %t.miss.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t --orion-threads=2 > %t.whole.txt
// RUN: diff %t.serial.txt %t.whole.txt
#include <orion/orion.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>

namespace {

// Driver code that reads an array: whole on every rank by then.
int64_t checksum(const orion::DenseArray<int64_t, 1> &a) {
  int64_t s = 0;
  for (int64_t i = 0; i < a.extent(0); ++i)
    s = (s * 31 + a(i)) % 1000003;
  return s;
}

} // namespace

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  const int64_t n = 3000, m = 257, k = 4;
  orion::DenseArray<int64_t, 1> item({n}), next({m}), counts({m}), weight({m});
  orion::DenseArray<int64_t, 2> table({m, k});
  for (int64_t i = 0; i < n; ++i)
    item(i) = (i * 7919 + 13) % m;
  for (int64_t b = 0; b < m; ++b) {
    next(b) = (b * 31 + 7) % m;
    weight(b) = b % 5;
    for (int64_t c = 0; c < k; ++c)
      table(b, c) = b * k + c;
  }
  orion::Accumulator<int64_t> total;
  for (int pass = 0; pass < 2; ++pass) {
#pragma orion parallel_for relax(counts)
    for (int64_t i = 0; i < n; ++i) {
      const int64_t b = item(i);
      const int64_t c = std::min<int64_t>(b + 1, m - 1);
      counts(b) += weight(c);
      const int64_t chased = next(b); // a served read: what it indexes is fetched on a miss
      counts(chased) += 1;
      if (weight(b) > 2) // a condition that reads a served array
        counts(next(c)) -= 1;
      int64_t row_sum = 0;
      for (int64_t x : table.row(c))
        row_sum += x;
      total += row_sum % 7;
    }
  }
  const long long all = total.aggregate(), check = checksum(counts);
  if (orion::is_root())
    std::printf("total %lld checksum %lld\n", all, check);
  if (orion::is_root()) {
    long long sum = 0;
    for (int64_t b = 0; b < m; ++b)
      sum += counts(b);
    std::printf("root: sum %lld counts[5] %lld\n", sum, static_cast<long long>(counts(5)));
  }
  return 0;
}

// DUMP: prefetch slice (served arrays sharded across ranks):
// DUMP-NEXT: counts(b) {{.*}} prefetched
// DUMP-NEXT: weight(c) {{.*}} prefetched
// DUMP-NEXT: next(b) {{.*}} prefetched
// DUMP-NEXT: counts(chased) {{.*}} fetched on a miss: its subscript reads a variable the slice cannot compute
// DUMP-NEXT: weight(b) {{.*}} prefetched
// DUMP-NEXT: next(c) {{.*}} fetched on a miss: it runs under a condition or loop the slice cannot evaluate
// DUMP-NEXT: counts(next(c)) {{.*}} fetched on a miss: it runs under a condition or loop the slice cannot evaluate
// DUMP-NEXT: table.row(c) {{.*}} prefetched

// CODE: {{^[^/]*}}auto orion_prefetch = [&]({{.*}}auto &item, {{.*}}auto &counts, {{.*}}auto &weight, {{.*}}auto &next, {{.*}}auto &table, const ::orion::parallel::Block<1> &orion_block)
// CODE: {{^ *}}const int64_t b = item(i);
// CODE-NEXT: const int64_t c = std::min<int64_t>(b + 1, m - 1);
// CODE-NEXT: { counts(b); weight(c); }
// CODE-NEXT: next(b); // a served read: what it indexes is fetched on a miss
// CODE-NEXT: ;
// CODE-NEXT: weight(b);
// CODE-NEXT: ;
// CODE-NEXT: table.row(c);
// CODE: {{^[^/]*}}::orion::parallel::arrays(item, ::orion::parallel::relaxed(counts), ::orion::parallel::served(weight), ::orion::parallel::served(next), ::orion::parallel::served(table))
// CODE: {{^ *}}}, ::orion::parallel::prefetch(orion_prefetch));
// CODE: {{^ *}}{ ::orion::detail::make_whole(counts); if (orion::is_root()) {

// STATS: 'counts' {{.*}} sharded across 3 ranks
// STATS: served arrays: prefetch named {{[1-9][0-9]*}} row(s)
