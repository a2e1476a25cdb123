// A structured binding of the loop's own value (`auto &[a, b] = v;` over struct elements) writes
// the element through its bindings. Regression test: the bindings named nothing the analysis knew,
// so the loop did not write the values as far as the runtime knew; on several ranks the writes
// stayed on the rank that made them and the driver code read stale values, also under
// --orion-check (found by a helper writing programs as a new user: last=94 for the serial 170).
// RUN: %orionc %s -O1 -o %t
// RUN: c++ -std=c++20 -Wno-unknown-pragmas -I%runtime_include %s -o %t.serial
// RUN: %t.serial > %t.serial.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 %t --orion-threads=2 > %t.two.txt
// RUN: diff %t.serial.txt %t.two.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t --orion-threads=1 > %t.np2.txt
// RUN: diff %t.serial.txt %t.np2.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 3 %t --orion-threads=2 > %t.np3.txt
// RUN: diff %t.serial.txt %t.np3.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t --orion-threads=1 --orion-check > %t.check.txt
// RUN: diff %t.serial.txt %t.check.txt
#include <orion/orion.hpp>

#include <cstdint>
#include <cstdio>

struct E {
  int64_t a, b;
};

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  const int64_t R = 30, C = 8;
  orion::SparseArray<E, 2> S({R, C});
  orion::DenseArray<E, 2> D({R, C});
  for (int64_t i = 0; i < R; ++i)
    for (int64_t j = 0; j < C; ++j) {
      S.push_back({i, j}, E{i, j});
      D(i, j) = E{j, i};
    }
#pragma orion parallel_for
  for (auto &&[key, v] : S) {
    auto &[a, b] = v;
    a += 5;
    b = a * 2;
  }
#pragma orion parallel_for
  for (auto &&[key, v] : D) {
    auto &[a, b] = v;
    a += 7;
    b = a * 3;
  }
  long long h = 0;
  for (auto &&[key, v] : S)
    h = (h * 131 + v.a * 3 + v.b) % 1000000007;
  for (int64_t i = 0; i < R; ++i)
    for (int64_t j = 0; j < C; ++j)
      h = (h * 131 + D(i, j).a * 5 + D(i, j).b) % 1000000007;
  if (orion::is_root())
    std::printf("h %lld\n", h);
  return 0;
}
