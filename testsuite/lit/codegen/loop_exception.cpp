// A program that catches an exception thrown by a parallel loop's body and goes on.
// - One worker: the accumulator keeps what the iterations before the throw added, as in the serial
//   program. It used to drop the throwing block's partial (`acc 49545` for the serial `49629`).
// - Several ranks, 1D: the ranks agree on the failure after the blocks, make their copies
//   consistent, and every rank leaves the loop with it (the others with an orion::Error naming
//   the rank), so the program catches it everywhere and goes on. It used to wait forever.
// - Several ranks, 2D: the ranks talk during the loop, so they cannot all reach an agreement;
//   the job ends with the message, naming the rank and the loop.
// RUN: c++ -std=c++20 -Wno-unknown-pragmas -I%runtime_include %s -o %t.serial
// RUN: %t.serial > %t.want
// RUN: %orionc %s -O1 -o %t
// RUN: %t --orion-threads=1 > %t.one
// RUN: diff %t.want %t.one
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t > %t.two.out
// RUN: FileCheck %s --input-file=%t.two.out --check-prefix=CAUGHT
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 not timeout 120 \
// RUN:   %mpiexec -np 2 %t 2d > %t.2d.out 2> %t.2d.err
// RUN: FileCheck %s --input-file=%t.2d.err --check-prefix=ENDS
#include <orion/orion.hpp>

#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <string_view>

namespace {
int epoch = 0;
int64_t step(int64_t i, int64_t v) {
  if (epoch == 1 && i == 7)
    throw std::runtime_error("bad sample 7");
  return v * 3 + i;
}
} // namespace

double pair_step(int64_t u, int64_t j) {
  if (u == 0 && j == 3)
    throw std::runtime_error("bad pair (0, 3)");
  return 0.001 * static_cast<double>(u + j);
}

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  if (argc > 1 && std::string_view(argv[1]) == "2d") {
    orion::DenseArray<double, 1> W({64}), H({64});
    try {
#pragma orion parallel_for
      for (int64_t u = 0; u < 64; ++u)
        for (int64_t j = 0; j < 64; ++j) {
          W(u) += H(j) * pair_step(u, j);
          H(j) += 0.5 * W(u);
        }
    } catch (const std::exception &e) {
      std::printf("caught %s\n", e.what());
    }
    return 0;
  }
  const int64_t N = 1000;
  orion::DenseArray<int64_t, 1> A({N});
  orion::Accumulator<int64_t> s;
  for (epoch = 0; epoch < 3; ++epoch) {
    try {
#pragma orion parallel_for
      for (int64_t i = 0; i < N; ++i) {
        A(i) = step(i, A(i));
        s += A(i) % 101;
      }
    } catch (const std::exception &e) {
      if (orion::is_root())
        std::printf("epoch %d: %s\n", epoch, e.what());
    }
    const int64_t total = s.aggregate();
    uint64_t h = 0;
    for (int64_t i = 0; i < N; ++i)
      h = h * 31 + static_cast<uint64_t>(A(i));
    if (orion::is_root())
      std::printf("epoch %d acc %lld hash %llu\n", epoch, static_cast<long long>(total),
                  static_cast<unsigned long long>(h));
  }
  return 0;
}

// CAUGHT: epoch 0 acc 49545
// CAUGHT-NEXT: epoch 1: bad sample 7
// CAUGHT-NEXT: epoch 1 acc
// CAUGHT-NEXT: epoch 2 acc

// ENDS: [rank 0] {{.*}}: error: the parallel loop at {{.*}}loop_exception.cpp:{{[0-9]+}} failed on this rank: bad pair (0, 3) (on several ranks, an exception that leaves a parallel loop ends the job: the other ranks are inside the loop and wait for this one)
