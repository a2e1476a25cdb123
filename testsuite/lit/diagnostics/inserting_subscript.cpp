// `m[k]` on a std::map or std::unordered_map declared outside the loop inserts the key when it is
// missing, so even a read writes the container. Regression test: a std::map of accumulators filled
// on first use (`cnt[lab(i)] += 1`) was accepted, and 2 ranks printed `label 0: 200` ... `label
// 4: 200` and nothing for labels 5-9, where the serial build printed `label k: 100` for all ten
// (each rank's map held only its keys, and aggregate() paired different keys' accumulators); a
// read `out(i) = m[k]` raced on one rank's map between its workers. Lookups that do not insert
// (`at`, `find`) are fine.
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s --implicit-check-not=error:
#include <orion/orion.hpp>

#include <map>
#include <unordered_map>

struct Model {
  std::map<int, double> scale;
  orion::DenseArray<double, 1> w{{16}};
  void apply() {
#pragma orion parallel_for
    for (int64_t i = 0; i < 16; ++i)
      w(i) *= scale[static_cast<int>(i % 4)];
    // CHECK: inserting_subscript.cpp:[[@LINE-1]]:15: error: 'scale[static_cast<int>(i % 4)]' inserts the key into 'scale' when it is missing: 'scale' is a 'std::map<int, double>' declared outside the parallel loop, whose operator[] inserts; each worker would insert into its rank's own copy, racing with the rank's other workers, and the ranks' copies would end up with different keys; insert every key before the loop, and look keys up with 'scale.at(...)' or 'scale.find(...)'
  }
};

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  const int64_t N = 100;
  orion::DenseArray<int, 1> lab({N});
  orion::DenseArray<double, 1> out({N});
  std::map<int, orion::Accumulator<long long>> cnt, seen;
  std::unordered_map<int, double> weight;
  for (int k = 0; k < 10; ++k)
    seen[k];
  const std::unordered_map<int, double> &w = weight;
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    cnt[lab(i)] += 1;
    // CHECK: inserting_subscript.cpp:[[@LINE-1]]:5: error: 'cnt[lab(i)]' inserts the key into 'cnt' when it is missing: 'cnt' is a 'std::map<int, orion::Accumulator<long long> >'
    out(i) = weight[lab(i)];
    // CHECK: inserting_subscript.cpp:[[@LINE-1]]:14: error: 'weight[lab(i)]' inserts the key into 'weight' when it is missing: 'weight' is a 'std::unordered_map<int, double>'
    seen.at(lab(i)) += 1;
    seen.find(lab(i))->second += 1;
    out(i) += w.at(lab(i)) + (w.find(0) != w.end() ? 1.0 : 0.0);
  }
  Model m;
  m.apply();
  return 0;
}
