// A cast that only adds or drops qualifiers (`static_cast<const A2 &>(A)`, `const_cast`, a C-style
// cast, of the array or of a reference to it) names the array itself, for the analysis and for the
// generated body: the body gets the runtime's view, not the array behind it. Regression test: the
// cast converted the view to the whole array, so --orion-check took every element as read and
// stopped an ordered 1D loop with a false conflict ("block 0 (worker 0) wrote A(1, 1), which
// block 1 (worker 1) accessed"), and a served array was made whole for the read.
// RUN: %orionc --dump=deps %s | FileCheck %s --check-prefix=DEPS
// RUN: %orionc --emit=cpp %s -o %t.cpp
// RUN: FileCheck %s --check-prefix=EMIT < %t.cpp
// RUN: %orionc %s -O1 -o %t
// RUN: c++ -std=c++20 -Wno-unknown-pragmas -I%runtime_include %s -o %t.serial
// RUN: %t.serial > %t.serial.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   %t --orion-check > %t.check.txt
// RUN: diff %t.serial.txt %t.check.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t --orion-check > %t.np2check.txt
// RUN: diff %t.serial.txt %t.np2check.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 3 %t --orion-threads=2 --orion-shard-min-bytes=0 > %t.np3.txt
// RUN: diff %t.serial.txt %t.np3.txt
#include <orion/orion.hpp>

#include <cstdint>
#include <cstdio>

using A1 = orion::DenseArray<int64_t, 1>;
using A2 = orion::DenseArray<int64_t, 2>;

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  const int64_t N = 40, M = 7;
  A2 A({N, M});
  A1 idx({N}), w({N}), out({N});
  for (int64_t i = 0; i < N; ++i) {
    idx(i) = (i * 13) % N;
    w(i) = i * i;
    for (int64_t j = 0; j < M; ++j)
      A(i, j) = i * 10 + j;
  }
  auto &alias = A;

  // EMIT: A(i, j) += std::as_const(A)(i - 1, j);
  // EMIT: A(i, j) += std::as_const(A)(i - 1, j) + (A)(i, j) % 3;
#pragma orion parallel_for ordered
  for (int64_t i = 1; i < N; ++i)
    for (int64_t j = 0; j < M; ++j)
      A(i, j) += static_cast<const A2 &>(A)(i - 1, j);
#pragma orion parallel_for ordered
  for (int64_t i = 1; i < N; ++i)
    for (int64_t j = 0; j < M; ++j)
      A(i, j) += static_cast<const A2 &>(alias)(i - 1, j) + ((A2 &)A)(i, j) % 3;

  // w is served (an unknown subscript, only read).
  // DEPS: w served read-only, unknown subscripts
  // EMIT: out(i) = std::as_const(w)(idx(i)) + std::as_const(w)(i);
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    out(i) = const_cast<const A1 &>(w)(idx(i)) + const_cast<const A1 &>(w)(i);

  uint64_t h = 0; // unsigned: the hash wraps around (defined, and UBSan-clean)
  for (int64_t i = 0; i < N; ++i) {
    h = h * 31 + static_cast<uint64_t>(out(i));
    for (int64_t j = 0; j < M; ++j)
      h = h * 31 + static_cast<uint64_t>(A(i, j));
  }
  if (orion::is_root())
    std::printf("h=%llu\n", static_cast<unsigned long long>(h));
}
