// An integer element of a relaxed array updated by a floating-point amount: C++ rounds the sum, so
// the change depends on the value the worker reads, which relax lets lag the other workers'
// updates. Regression test: `bal(acct(t)) -= 1.25` gave 96 where the serial build gave 92 (the
// amount was converted first), and with the conversion fixed, 2 threads still differed. An
// integer amount, or a floating-point array, is fine.
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s --implicit-check-not=error:
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = 64;
  orion::DenseArray<int, 1> bal({4}, 100), cnt({4});
  orion::DenseArray<float, 1> F({4});
  orion::DenseArray<double, 1> amount({N}, 1.25);
#pragma orion parallel_for relax(bal, cnt, F)
  for (int64_t t = 0; t < N; ++t) {
    bal(t % 4) -= amount(t);
    // CHECK: relax_rounded_update.cpp:[[@LINE-1]]:19: error: 'bal' is named in relax(bal) and holds integers, and this update adds a 'double': C++ rounds the sum, so how much 'bal(t % 4)' changes depends on the value it had, and under relax each worker reads a value without the other workers' latest updates; the result would differ from the serial program's. Add an integer ('bal(t % 4) -= static_cast<int>(amount(t))' rounds the amount instead), or make the array floating-point
    bal(t % 4) -= static_cast<int>(amount(t));
    cnt(t % 4) += 1;
    F(t % 4) += amount(t);
  }
  return 0;
}
