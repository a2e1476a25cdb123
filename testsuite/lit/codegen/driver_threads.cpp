// Driver code that reads orion arrays from threads it starts (std::thread). An array a loop left
// sharded across ranks, or a fill not written yet, is gathered (or filled) by its first access,
// collectively: several threads did that at once, and read zeros, crashed in MPI or hung. Now the
// first such access from another thread stops with an error that says what to do; after
// orion::gather(array) on the Session's thread, the threads read it and match the serial build.
// RUN: c++ -std=c++20 -Wno-unknown-pragmas -I%runtime_include %s -o %t.serial -pthread
// RUN: %t.serial gathered > %t.want
// RUN: %orionc %s -O1 -o %t
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t gathered --orion-shard-min-bytes=0 > %t.gathered
// RUN: diff %t.want %t.gathered
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 not timeout 120 \
// RUN:   %mpiexec -np 2 %t threads --orion-shard-min-bytes=0 > %t.threads.out 2> %t.threads.err
// RUN: FileCheck %s --input-file=%t.threads.err
#include <orion/orion.hpp>

#include <cstdint>
#include <cstdio>
#include <string_view>
#include <thread>
#include <vector>

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  const bool gathered = argc > 1 && std::string_view(argv[1]) == "gathered";
  const int64_t N = 4096;
  orion::DenseArray<double, 1> F({N}), W({N});
  F.fill_normal(0.0, 1.0, 5);
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    W(i) = static_cast<double>(i % 97) * 0.5;
  if (gathered)
    orion::gather(F, W);
  std::vector<double> part(4);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (int64_t i = t; i < N; i += 4)
        part[static_cast<std::size_t>(t)] += F(i) + W(i);
    });
  for (std::thread &t : threads)
    t.join();
  if (orion::is_root())
    std::printf("%.17g %.17g %.17g %.17g\n", part[0], part[1], part[2], part[3]);
  return 0;
}

// CHECK: error: a thread the program started touched an orion::DenseArray sharded across ranks or not yet filled, which first gathers it on every rank (collective): only the thread that created the orion::Session may do that; call orion::gather(array) (array.whole() for a SparseArray) before starting the threads, which may then read it
