// Generic C++ in a loop body that orionc used to misread (found by a helper writing programs as a
// new user):
// - the discarded branch of `if constexpr` was analysed: its `B(i + 1)` made a RAW dependence
//   that cannot happen, and the loop had no schedule;
// - the index handed to a standard function taking it as a forwarding reference
//   (`std::make_pair(i, x)`, `v.emplace_back(i)`) counted as modified, so the loop form was
//   rejected ("the index 'i' is modified in the loop body"). std::swap still modifies it.
// RUN: %orionc --dump=deps %s | FileCheck %s
// RUN: not %orionc --dump=loops %s -DSWAP 2>&1 | FileCheck %s --check-prefix=SWAP
#include <orion/orion.hpp>

#include <cstdint>
#include <utility>
#include <vector>

constexpr bool kShift = false;

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 40;
  orion::DenseArray<double, 1> A({N}), B({N + 1});

  // CHECK: loop 0 at {{.*}}: unordered, counted nest over (i)
  // CHECK: schedule: 1d (0)
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    if constexpr (kShift)
      B(i + 1) = B(i) + A(i);
    else
      B(i) = 2 * A(i);
  }

  // CHECK: loop 1 at {{.*}}: unordered, counted nest over (i)
  // CHECK: schedule: 1d (0)
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    const auto pair = std::make_pair(i, A(i));
    std::vector<int64_t> seen;
    seen.emplace_back(i);
    B(pair.first) = pair.second + static_cast<double>(seen.size());
  }

#ifdef SWAP
  int64_t j = 0;
  // SWAP: error: unsupported loop form for #pragma orion parallel_for: the index 'i' is modified in the loop body
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    int64_t k = 0;
    std::swap(i, k);
    B(i) = static_cast<double>(j + k);
  }
#endif
  return 0;
}
