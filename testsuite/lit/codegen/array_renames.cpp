// A loop body that names an array of the loop under another name: `this->w` in a member function,
// a reference declared before the loop (`auto &H2 = H;`). The analysis takes both for the array;
// the lambda the body becomes must name the runtime's view of it, not the array itself, or the
// updates bypass the merge (1500 for 3000 at np2, replicated) and a sharded array is read raw
// (a run-time error inside the loop). orionc writes the array's own name there. Every run prints
// what the serial build prints.
// RUN: %orionc --emit=cpp %s -o %t.cpp
// RUN: FileCheck %s --input-file=%t.cpp --check-prefix=CODE
// RUN: %orionc %s -O1 -o %t
// RUN: c++ -std=c++20 -Wno-unknown-pragmas -I%runtime_include %s -o %t.serial
// RUN: %t.serial > %t.serial.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t --orion-threads=1 > %t.np2.txt
// RUN: diff %t.serial.txt %t.np2.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t --orion-threads=2 --orion-shard-min-bytes=0 > %t.sharded.txt
// RUN: diff %t.serial.txt %t.sharded.txt
#include <orion/orion.hpp>

#include <cstdint>
#include <cstdio>

namespace {

struct Model {
  orion::DenseArray<int64_t, 1> w;
  explicit Model(int64_t m) : w({m}) {}

  void train(const orion::DenseArray<int64_t, 1> &key) {
#pragma orion parallel_for relax(w)
    for (int64_t i = 0; i < key.extent(0); ++i)
      this->w(key(i)) += 1;
  }
};

int64_t total(const orion::DenseArray<int64_t, 1> &a) {
  int64_t s = 0;
  for (int64_t i = 0; i < a.extent(0); ++i)
    s += a(i) * (i + 1);
  return s;
}

} // namespace

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  const int64_t N = 3000, M = 200;
  orion::DenseArray<int64_t, 1> key({N});
  for (int64_t i = 0; i < N; ++i)
    key(i) = (i * 7919 + 13) % M;

  Model model(M);
  model.train(key);

  orion::DenseArray<int64_t, 1> H({M}), S({M}), out({N});
  for (int64_t b = 0; b < M; ++b)
    S(b) = b % 11;
  auto &H2 = H;
  const auto &S2 = S;
#pragma orion parallel_for relax(H)
  for (int64_t i = 0; i < N; ++i) {
    H(key(i)) += 1;
    H2((key(i) + 1) % M) += S2(key(i));
    out(i) = S2((key(i) + 3) % M);
  }
  if (orion::is_root())
    std::printf("this->w %lld H %lld out %lld\n", static_cast<long long>(total(model.w)),
                static_cast<long long>(total(H)), static_cast<long long>(total(out)));
  return 0;
}

// CODE: {{^ +}}w(key(i)) += 1;
// CODE: {{^ +}}H((key(i) + 1) % M) += S(key(i));
// CODE-NEXT: out(i) = S((key(i) + 3) % M);
