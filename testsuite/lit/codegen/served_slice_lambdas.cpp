// Lambdas in a loop body and the prefetch slice. A lambda that only reads what it captures by
// reference (`[&](int64_t k) { return j * k; }`) leaves `j` computable, so table(j) is prefetched;
// before, any by-reference capture counted as a write and every such access became a miss. A
// lambda that writes a capture (`[&] { j = ...; }`), a generic lambda writing through its
// parameter, and a lambda that hands out a reference to `j` keep `j` out of the slice. Every run
// prints what the serial build prints.
// RUN: %orionc --dump=deps %s | FileCheck %s --check-prefix=DUMP
// RUN: %orionc %s -O1 -o %t
// RUN: c++ -std=c++20 -Wno-unknown-pragmas -I%runtime_include %s -o %t.serial
// RUN: %t.serial > %t.serial.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t --orion-threads=1 --orion-shard-min-bytes=0 > %t.np2.txt
// RUN: diff %t.serial.txt %t.np2.txt
#include <orion/orion.hpp>

#include <cstdint>
#include <cstdio>

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  const int64_t N = 400, T = 4000;
  orion::DenseArray<int64_t, 1> idx({N}), out({N}), table({T});
  idx.fill_uniform(0, T, 1);
  table.fill_uniform(0, 1000, 3);
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    const int64_t j = idx(i);
    auto scaled = [&](int64_t k) { return j * k; };
    out(i) = table(j) + scaled(2);
  }
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    int64_t j = idx(i);
    auto ref = [&]() -> int64_t & { return j; };
    ref() = (j + 1) % T;
    out(i) += table(j);
  }
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    int64_t j = idx(i);
    auto setj = [&] { j = (j + 2) % T; };
    setj();
    out(i) += table(j);
  }
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    int64_t j = idx(i);
    auto bump = [](auto &x, int64_t t) { x = (x + 3) % t; };
    bump(j, T);
    out(i) += table(j);
  }
  int64_t s = 0;
  for (int64_t i = 0; i < N; ++i)
    s += out(i);
  if (orion::is_root())
    std::printf("%lld\n", static_cast<long long>(s));
}

// DUMP: prefetch slice (served arrays sharded across ranks):
// DUMP-NEXT: table(j) {{.*}} prefetched
// DUMP: prefetch slice (served arrays sharded across ranks):
// DUMP-NEXT: table(j) {{.*}} fetched on a miss: its subscript reads a variable the slice cannot compute
// DUMP: prefetch slice (served arrays sharded across ranks):
// DUMP-NEXT: table(j) {{.*}} fetched on a miss: its subscript reads a variable the slice cannot compute
// DUMP: prefetch slice (served arrays sharded across ranks):
// DUMP-NEXT: table(j) {{.*}} fetched on a miss: its subscript reads a variable the slice cannot compute
