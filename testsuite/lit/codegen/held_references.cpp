// Driver code that keeps an element's address inside another value keeps the array whole (a
// pin before the statement): std::addressof, std::ref, std::tie, a std::tuple of references, a
// struct with a reference member, and a std::reference_wrapper pushed into a vector. Regression
// test (found by a helper writing programs as a new user): these left the array unpinned, a
// relaxed loop sharded it across the ranks, and the kept references read the shard's stale copy
// (serial 3 3 3 4 4 4, two ranks 0 0 0 0 0 0). A copy of an element's value pins nothing.
// RUN: %orionc --emit=cpp %s -o %t.cpp
// RUN: FileCheck %s --input-file=%t.cpp
// RUN: %orionc %s -O1 -o %t
// RUN: c++ -std=c++20 -Wno-unknown-pragmas -I%runtime_include %s -o %t.serial
// RUN: %t.serial > %t.serial.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t --orion-threads=1 --orion-shard-min-bytes=0 > %t.np2.txt
// RUN: diff %t.serial.txt %t.np2.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 3 %t --orion-threads=2 --orion-shard-min-bytes=0 > %t.np3.txt
// RUN: diff %t.serial.txt %t.np3.txt
#include <orion/orion.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <tuple>
#include <vector>

struct Holder {
  int64_t &ref;
};

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  const int64_t F = 4096;
  orion::DenseArray<int64_t, 1> w({F}), v({F}), u({F});
  // CHECK: ::orion::detail::pin(w); int64_t *q = std::addressof(w(F - 1));
  int64_t *q = std::addressof(w(F - 1));
  // CHECK: ::orion::detail::pin(w); Holder h{w(F - 2)};
  Holder h{w(F - 2)};
  // CHECK: ::orion::detail::pin(w); auto t = std::tie(w(F - 3));
  auto t = std::tie(w(F - 3));
  // CHECK: ::orion::detail::pin(v); std::tuple<int64_t &> tv(v(F - 1));
  std::tuple<int64_t &> tv(v(F - 1));
  // CHECK: ::orion::detail::pin(v); auto r = std::ref(v(F - 2));
  auto r = std::ref(v(F - 2));
  std::vector<std::reference_wrapper<int64_t>> refs;
  // CHECK: ::orion::detail::pin(v); refs.push_back(std::ref(v(F - 3)));
  refs.push_back(std::ref(v(F - 3)));
  // A value: no pin.
  // CHECK-NOT: {{^ *}}::orion::detail::pin(u)
  const int64_t copy = std::max(u(0), u(1));
#pragma orion parallel_for relax(w, v, u)
  for (int64_t s = 0; s < 9; ++s) {
    w(F - 1 - s % 3) += 1;
    v(F - 1 - s % 3) += s < 3 ? 2 : 1;
    u(s) += 1;
  }
  if (orion::is_root())
    std::printf("%lld %lld %lld %lld %lld %lld %lld\n", static_cast<long long>(*q),
                static_cast<long long>(h.ref), static_cast<long long>(std::get<0>(t)),
                static_cast<long long>(std::get<0>(tv)), static_cast<long long>(r.get()),
                static_cast<long long>(refs[0].get()), static_cast<long long>(copy + u(8)));
  return 0;
}
