// The generated code compiles against the runtime, and the program built by orionc prints what
// the serial build (any C++20 compiler, pragmas ignored) prints: array iteration with a
// `continue`, a triangular counted nest with a `<=` bound, an ordered wavefront nest, a
// reduction.
// RUN: %orionc %s -O1 -o %t
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 %t > %t.parallel.txt
// RUN: c++ -std=c++20 -I%runtime_include %s -o %t.serial
// RUN: %t.serial > %t.serial.txt
// RUN: diff %t.serial.txt %t.parallel.txt
// RUN: FileCheck %s --input-file=%t.parallel.txt
#include <orion/orion.hpp>

#include <cstdio>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = 12;
  orion::DenseArray<double, 2> A({N, N}), G({N, N});
  orion::DenseArray<double, 1> C({N});
  orion::Accumulator<double> total;
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    for (int64_t j = 0; j <= i; ++j)
      A(i, j) = static_cast<double>(i * 100 + j);
#pragma orion parallel_for
  for (auto &&[key, a] : A) {
    if (key[0] < key[1])
      continue;
    a += 1;
    total += a;
  }
#pragma orion parallel_for ordered
  for (int64_t i = 1; i < N - 1; ++i)
    for (int64_t j = 1; j < N - 1; ++j)
      G(i, j) = 1 + 0.25 * (G(i - 1, j) + G(i + 1, j) + G(i, j - 1) + G(i, j + 1));
#pragma orion parallel_for
  for (int64_t j = 0; j < N; ++j)
    C(j) = A(N - 1, j) + G(N / 2, j);
  double c = 0;
  for (int64_t j = 0; j < N; ++j)
    c += C(j);
  if (orion::is_root())
    std::printf("total %.3f c %.6f\n", total.aggregate(), c);
  return 0;
}

// CHECK: total {{[0-9.]+}} c {{[0-9.]+}}
