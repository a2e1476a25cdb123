// Driver code that reads the elements of an array orion::load_triplets, load_text,
// load_bag_of_words or load_libsvm (its X, bound by `auto [X, y] = ...`) loaded (on several ranks each rank holds only its share) is a warning at the
// read, with a note at the load: the read gathers the whole array on every rank, where it stays.
// nnz(), empty(), the extents, a parallel loop over the array and an explicit whole() do not warn;
// neither does an array the program builds itself.
// RUN: %orionc --dump=loops %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
#include <orion/orion.hpp>

#include <cstdio>
#include <string_view>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  auto ratings = orion::load_triplets<float>(argv[1]);
  orion::Accumulator<double> sum;
#pragma orion parallel_for
  for (auto &&[key, r] : ratings)
    sum += r;
  std::printf("%lld ratings, %lld rows, sum %f\n", static_cast<long long>(ratings.nnz()),
              static_cast<long long>(ratings.extent(0)), sum.aggregate());
  if (ratings.empty())
    return 1;

  double driver_sum = 0;
  for (auto &&[key, r] : ratings)
    driver_sum += r;
  // CHECK: distributed_reads.cpp:[[@LINE-2]]:26: warning: driver code reads the elements of 'ratings' here (it iterates over it): on several ranks 'ratings' is distributed, each rank holding its share, and this gathers all of it on every rank, where it stays; read it in a '#pragma orion parallel_for' loop instead (sums with an orion::Accumulator) to keep it distributed
  // CHECK: distributed_reads.cpp:14:18: note: 'ratings' is loaded by orion::load_triplets here, which on several ranks leaves each rank its share of the elements
  const auto first = ratings.keys()[0];
  // CHECK: distributed_reads.cpp:[[@LINE-1]]:22: warning: driver code reads the elements of 'ratings' here (it calls keys())
  // CHECK: distributed_reads.cpp:14:18: note: 'ratings' is loaded
  orion::SparseArray<float, 2> copy = ratings;
  // CHECK: distributed_reads.cpp:[[@LINE-1]]:39: warning: driver code reads the elements of 'ratings' here (it copies it)
  // CHECK: distributed_reads.cpp:14:18: note: 'ratings' is loaded
  ratings.whole(); // asked for: no warning

  orion::SparseArray<float, 2> test;
  if (argc > 2)
    test = orion::load_triplets<float>(argv[2]);
  if (orion::is_root())
    for (auto &&[key, r] : test)
      std::printf("%lld %f\n", static_cast<long long>(key[0]), r);
  // CHECK: distributed_reads.cpp:[[@LINE-2]]:28: warning: driver code reads the elements of 'test' here (it iterates over it)
  // CHECK: distributed_reads.cpp:[[@LINE-5]]:12: note: 'test' is loaded by orion::load_triplets here

  auto words = orion::load_text<int, 2>(
      argv[3], [](std::string_view, std::array<int64_t, 2> &key, int &value) {
        key = {0, 0};
        value = 1;
        return true;
      });
  const auto row = words.row(0);
  // CHECK: distributed_reads.cpp:[[@LINE-1]]:20: warning: driver code reads the elements of 'words' here (it calls row())
  // CHECK: distributed_reads.cpp:[[@LINE-8]]:16: note: 'words' is loaded by orion::load_text here

  auto tokens = orion::load_bag_of_words(argv[4]);
  int64_t topics = 0;
  for (auto &&[key, z] : tokens)
    topics += z;
  // CHECK: distributed_reads.cpp:[[@LINE-2]]:26: warning: driver code reads the elements of 'tokens' here (it iterates over it)
  // CHECK: distributed_reads.cpp:[[@LINE-5]]:17: note: 'tokens' is loaded by orion::load_bag_of_words here

  auto [X, y] = orion::load_libsvm<float>(argv[5]);
  const int64_t features = X.extent(1); // the extents, as nnz(), read no element
  double first_values = y(0);
  for (auto &&[f, v] : X.row(0))
    first_values += v * static_cast<double>(features);
  // CHECK: distributed_reads.cpp:[[@LINE-2]]:24: warning: driver code reads the elements of 'X' here (it calls row())
  // CHECK: distributed_reads.cpp:[[@LINE-6]]:17: note: 'X' is loaded by orion::load_libsvm here
  driver_sum += first_values;

  orion::SparseArray<float, 2> built({2, 2}); // built here: whole on every rank
  built.push_back({0, 1}, 1.0f);
  for (auto &&[key, v] : built)
    driver_sum += v;
  std::printf("%f %lld %lld %lld %lld\n", driver_sum, static_cast<long long>(first[0]),
              static_cast<long long>(copy.nnz()), static_cast<long long>(row.size()),
              static_cast<long long>(topics));
  return 0;
}
