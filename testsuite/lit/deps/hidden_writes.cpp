// Writes the analysis used to miss or count as reads, each in an ordered loop whose only
// dependence goes through them (A(i, j) += A(i - 1, j), carried by i): a structured binding of an
// element, a reference bound to a conditional, a pair of references, a lambda of the body taking a
// reference, a helper returning a reference, a span assigned a row after its declaration,
// std::ranges::swap, a lambda returning a reference, an array of row views, a std::views pipe over
// a row (loops 5 and 10 carry
// it on their only dimension: no schedule); and reads it missed: through static_cast<const Arr &>(A), and through a
// narrowing conversion in a subscript (uint8_t k = i + 255 is i - 1). Each form now makes the
// dependence visible, so the schedule partitions j, not i (found by a helper writing programs as a
// new user: 1d (0) ran them with other results on several ranks).
// RUN: %orionc --dump=deps %s | FileCheck %s
// RUN: %orionc --dump=loops %s | FileCheck %s --check-prefix=WHY
// WHY: subscript 0 'k' is unknown: 'k' = static_cast<uint8_t>(i + 255): 'static_cast<uint8_t>(i + 255)' converts to 'uint8_t', which may change its value
#include <orion/orion.hpp>

#include <algorithm>
#include <cstdint>
#include <ranges>
#include <span>
#include <utility>

using A2 = orion::DenseArray<int64_t, 2>;
struct E {
  int64_t a, b;
};

static int64_t &at(A2 &X, int64_t i, int64_t j) { return X(i, j); }

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = 40, M = 6;
  A2 A({N, M});
  orion::DenseArray<E, 2> S({N, M});
  const bool c = argc > 5;
  // CHECK-LABEL: loop 0 at
  // CHECK: X S(i, j)
  // CHECK: schedule: 1d (1)
#pragma orion parallel_for ordered
  for (int64_t i = 1; i < N; ++i)
    for (int64_t j = 0; j < M; ++j) {
      auto &[a, b] = S(i, j);
      a += S(i - 1, j).a;
      b = a;
    }
  // CHECK-LABEL: loop 1 at
  // CHECK: X A(i, j)
  // CHECK: schedule: 1d (1)
#pragma orion parallel_for ordered
  for (int64_t i = 1; i < N; ++i)
    for (int64_t j = 0; j < M; ++j) {
      auto &x = c ? A(i, j) : A(i, j);
      x += A(i - 1, j);
    }
  // CHECK-LABEL: loop 2 at
  // CHECK: X A(i, j)
  // CHECK: schedule: 1d (1)
#pragma orion parallel_for ordered
  for (int64_t i = 1; i < N; ++i)
    for (int64_t j = 0; j < M; ++j) {
      std::pair<int64_t &, int64_t &> p{A(i, j), A(i - 1, j)};
      p.first += p.second;
    }
  // CHECK-LABEL: loop 3 at
  // CHECK: X A(i, j)
  // CHECK: schedule: 1d (1)
#pragma orion parallel_for ordered
  for (int64_t i = 1; i < N; ++i)
    for (int64_t j = 0; j < M; ++j) {
      auto add = [](int64_t &x, int64_t y) { x += y; };
      add(A(i, j), A(i - 1, j));
    }
  // CHECK-LABEL: loop 4 at
  // CHECK: X A(i, j)
  // CHECK: schedule: 1d (1)
#pragma orion parallel_for ordered
  for (int64_t i = 1; i < N; ++i)
    for (int64_t j = 0; j < M; ++j)
      at(A, i, j) += A(i - 1, j);
  // CHECK-LABEL: loop 5 at
  // CHECK: X A(i, :)
  // CHECK: schedule: none
#pragma orion parallel_for ordered
  for (int64_t i = 1; i < N; ++i) {
    std::span<int64_t> r;
    r = A.row(i);
    for (int64_t j = 0; j < M; ++j)
      r[static_cast<std::size_t>(j)] += A(i - 1, j);
  }
  // CHECK-LABEL: loop 6 at
  // CHECK: X A(i - 1, j)
  // CHECK: X A(i, j)
  // CHECK: schedule: 1d (1)
#pragma orion parallel_for ordered
  for (int64_t i = 1; i < N; ++i)
    for (int64_t j = 0; j < M; ++j)
      std::ranges::swap(A(i - 1, j), A(i, j));
  // CHECK-LABEL: loop 7 at
  // CHECK: R A(i - 1, j)
  // CHECK: schedule: 1d (1)
#pragma orion parallel_for ordered
  for (int64_t i = 1; i < N; ++i)
    for (int64_t j = 0; j < M; ++j)
      A(i, j) += static_cast<const A2 &>(A)(i - 1, j);
  // CHECK-LABEL: loop 8 at
  // CHECK: R A(?, j)
  // CHECK: schedule: 1d (1)
#pragma orion parallel_for ordered
  for (int64_t i = 1; i < N; ++i)
    for (int64_t j = 0; j < M; ++j) {
      const uint8_t k = static_cast<uint8_t>(i + 255);
      A(i, j) += A(k, j);
    }
  // CHECK-LABEL: loop 9 at
  // CHECK: X A(i, j)
  // CHECK: schedule: 1d (1)
#pragma orion parallel_for ordered
  for (int64_t i = 1; i < N; ++i)
    for (int64_t j = 0; j < M; ++j) {
      auto get = [&]() -> int64_t & { return A(i, j); };
      get() += A(i - 1, j);
    }
  // CHECK-LABEL: loop 10 at
  // CHECK: X A(i, :)
  // CHECK: X A(i - 1, :)
  // CHECK: schedule: none
#pragma orion parallel_for ordered
  for (int64_t i = 1; i < N; ++i) {
    std::span<int64_t> rows[2] = {A.row(i), A.row(i - 1)};
    for (int64_t j = 0; j < M; ++j)
      rows[0][static_cast<std::size_t>(j)] += rows[1][static_cast<std::size_t>(j)];
  }
  // CHECK-LABEL: loop 11 at
  // CHECK: X A(i, :)
  // CHECK: schedule: 1d (1)
#pragma orion parallel_for ordered
  for (int64_t i = 1; i < N; ++i)
    for (int64_t j = 0; j < M; ++j)
      if (j == 0)
        for (auto &x : A.row(i) | std::views::take(2))
          x += A(i - 1, 0);
  return 0;
}
