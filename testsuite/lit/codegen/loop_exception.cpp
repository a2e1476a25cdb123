// A program that catches an exception thrown by a parallel loop's body and goes on.
// - One worker: the accumulator keeps what the iterations before the throw added, as in the serial
//   program. It used to drop the throwing block's partial (`acc 49545` for the serial `49629`).
// - Several ranks: the other ranks are inside the loop, waiting for this rank's part. The program
//   used to wait forever; now the job ends with the message, naming the rank and the loop.
// RUN: c++ -std=c++20 -Wno-unknown-pragmas -I%runtime_include %s -o %t.serial
// RUN: %t.serial > %t.want
// RUN: %orionc %s -O1 -o %t
// RUN: %t --orion-threads=1 > %t.one
// RUN: diff %t.want %t.one
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 not timeout 120 \
// RUN:   %mpiexec -np 2 %t > %t.two.out 2> %t.two.err
// RUN: FileCheck %s --input-file=%t.two.err
#include <orion/orion.hpp>

#include <cstdint>
#include <cstdio>
#include <stdexcept>

namespace {
int epoch = 0;
int64_t step(int64_t i, int64_t v) {
  if (epoch == 1 && i == 7)
    throw std::runtime_error("bad sample 7");
  return v * 3 + i;
}
} // namespace

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
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

// CHECK: [rank 0] {{.*}}: error: the parallel loop at {{.*}}loop_exception.cpp:37 failed on this rank: bad sample 7 (on several ranks, an exception that leaves a parallel loop ends the job: the other ranks are inside the loop and wait for this one)
