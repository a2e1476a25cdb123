// A range-for over a std::vector is not an orion array iteration (with or without a structured binding).
// An orion array that is a data member is one, but must be named by a variable: the message says
// how (it used to say the member was not an orion array).
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s
#include <orion/orion.hpp>
#include <vector>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 10;
  orion::DenseArray<float, 1> A({N});
  std::vector<float> v(10);
  std::vector<std::pair<int, float>> pairs(10);
  // CHECK: {{.*}}range_for_over_vector.cpp:[[@LINE+5]]:19: error: unsupported loop form for #pragma orion parallel_for: the range is not a variable of type orion::SparseArray or orion::DenseArray; expected array iteration 'for (auto&& [key, value] : A)' over an orion::SparseArray or orion::DenseArray
  // CHECK-NEXT: | for (auto &&x : v)
  // CHECK-NEXT: | ^
  // CHECK: {{.*}}range_for_over_vector.cpp:[[@LINE+5]]:24: error: unsupported loop form for #pragma orion parallel_for: the range is not a variable of type orion::SparseArray or orion::DenseArray;
#pragma orion parallel_for
  for (auto &&x : v)
    x = 1;
#pragma orion parallel_for
  for (auto &&[k, x] : pairs)
    x = 1;
  struct Model {
    orion::DenseArray<float, 1> w{{10}};
  } m;
  // CHECK: {{.*}}range_for_over_vector.cpp:[[@LINE+2]]:24: error: unsupported loop form for #pragma orion parallel_for: the range is an orion array, but not a variable (a data member, a call, ...): bind it to a local reference before the loop ('auto &A = ...;') and iterate over that
#pragma orion parallel_for
  for (auto &&[k, x] : m.w)
    x = 1;
  // CHECK: 3 errors generated.
}
