// A relaxed element copied on its way into a variable is a snapshot, as the int the serial
// program copies: through std::min (which returns a reference that `auto` copies), a tuple and a
// structured binding. (Passing it straight to a by-value deduced parameter hands over the proxy
// itself, with no copy: diagnostics/relax_plain_write.cpp.) The copy used to stay a live proxy that followed the worker's later updates: 0
// increments seen where the serial build saw 100, at one worker too. A reference (`auto &&`)
// stays live, in both builds.
// RUN: %orionc %s -O1 -o %t
// RUN: c++ -std=c++20 -Wno-unknown-pragmas -I%runtime_include %s -o %t.serial
// RUN: %t.serial > %t.serial.txt
// RUN: FileCheck %s --input-file=%t.serial.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 %t --orion-threads=1 > %t.one.txt
// RUN: diff %t.serial.txt %t.one.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 %t --orion-threads=2 > %t.two.txt
// RUN: diff %t.serial.txt %t.two.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 %mpiexec -np 2 %t > %t.np2.txt
// RUN: diff %t.serial.txt %t.np2.txt
#include <orion/orion.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <tuple>

template <class T> T keep(T x) { return x; }

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  orion::DenseArray<std::int64_t, 1> cnt({4}, 0), x({100});
  for (std::int64_t i = 0; i < 100; ++i)
    x(i) = i % 4;
  orion::Accumulator<std::int64_t> by_min, by_template, by_tuple, by_reference;
#pragma orion parallel_for relax(cnt)
  for (auto &&[k, v] : x) {
    auto a = std::min(cnt(v), cnt(v));
    auto b = keep(static_cast<std::int64_t>(cnt(v)));
    auto [c] = std::tuple(cnt(v));
    auto &&live = cnt(v);
    cnt(v) += 1;
    by_min += cnt(v) - a;
    by_template += cnt(v) - b;
    by_tuple += cnt(v) - c;
    by_reference += cnt(v) - live;
  }
  const std::int64_t m = by_min.aggregate(), t = by_template.aggregate(),
                     u = by_tuple.aggregate(), r = by_reference.aggregate();
  if (orion::is_root())
    std::printf("%lld %lld %lld %lld\n", (long long)m, (long long)t, (long long)u, (long long)r);
}
// CHECK: 100 100 100 0
