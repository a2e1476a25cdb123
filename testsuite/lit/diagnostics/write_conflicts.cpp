// An unordered loop ignores write/write dependences: when iterations on different workers write
// the same element, it keeps one writer's value. That is some serial order's result only while
// each iteration writes at most one such element, whole. Two elements written together (an id
// and a label, or two entries of one array) can end with values of different iterations: two
// ranks printed `out(0)=1 out(1)=2`, where every serial order gives (0, 2) or (1, 1), without a
// word. Now a warning at the loop names the arrays and says what to do, with a note at each write.
// RUN: %orionc --emit=cpp -o %t.cpp %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
#include <orion/orion.hpp>

#include <cstdint>

struct Flags {
  int32_t low = 0;
  int32_t high = 0;
};

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = 8;
  orion::DenseArray<int64_t, 1> e1({N}), e2({N}), v({N}), out({N}), ids({N}), labels({N});
  orion::DenseArray<Flags, 1> flags({N});
  orion::DenseArray<double, 2> W({N, 4}), H({N, 4}), S({N, 4});

  // Two entries of one array per iteration.
#pragma orion parallel_for
  // CHECK: write_conflicts.cpp:[[@LINE-1]]:1: warning: iterations of this unordered loop on different workers may write the same elements of 'out', and an iteration writes several of them: each element then keeps the value of one of its writers, and together they need not be what any serial order of the iterations leaves; run it once with --orion-check, which stops at the first element two workers write; if that happens, give each iteration elements of its own, or store the values an iteration writes together in one element (a struct) that it writes whole
  for (int64_t i = 0; i < N; ++i) {
    out(e1(i)) = v(i);
    // CHECK: write_conflicts.cpp:[[@LINE-1]]:5: note: written here
    out(e2(i)) = v(i);
    // CHECK: write_conflicts.cpp:[[@LINE-1]]:5: note: written here
  }

  // An id and a label stored together in two arrays.
#pragma orion parallel_for
  // CHECK: write_conflicts.cpp:[[@LINE-1]]:1: warning: {{.*}} may write the same elements of 'ids' and 'labels', and an iteration writes several of them
  for (int64_t i = 0; i < N; ++i) {
    ids(e1(i)) = i;
    // CHECK: write_conflicts.cpp:[[@LINE-1]]:5: note: written here
    labels(e1(i)) = v(i);
    // CHECK: write_conflicts.cpp:[[@LINE-1]]:5: note: written here
  }

  // One field of a struct: another worker's write of the other field may be lost.
#pragma orion parallel_for
  // CHECK: write_conflicts.cpp:[[@LINE-1]]:1: warning: {{.*}} may write the same elements of 'flags', and an iteration writes part of one (at 'flags(e1(i))')
  for (int64_t i = 0; i < N; ++i) {
    flags(e1(i)).low = 1;
    // CHECK: write_conflicts.cpp:[[@LINE-1]]:5: note: written here
  }

  // One reference in an inner loop writes several elements per iteration.
#pragma orion parallel_for
  // CHECK: write_conflicts.cpp:[[@LINE-1]]:1: warning: {{.*}} may write the same elements of 'S', and an iteration writes several of them
  for (int64_t i = 0; i < N; ++i) {
    const double scale = static_cast<double>(v(i));
    for (int64_t k = 0; k < 4; ++k) {
      S(e1(i), k) = scale * W(i, k);
      // CHECK: write_conflicts.cpp:[[@LINE-1]]:7: note: written here
    }
  }

  // A write in a while loop of the body may write several elements per iteration.
#pragma orion parallel_for
  // CHECK: write_conflicts.cpp:[[@LINE-1]]:1: warning: {{.*}} may write the same elements of 'out', and an iteration writes several of them
  for (int64_t i = 0; i < N; ++i) {
    int64_t j = e1(i);
    while (j < e2(i))
      out(j++) = v(i);
    // CHECK: write_conflicts.cpp:[[@LINE-1]]:7: note: written here
  }

  // No warning: one whole element per iteration, a scalar or a struct (some serial order leaves
  // each element's value), writes with the partitioned index, and a 2D rotation, whose workers
  // write a rotated array's elements one block after another.
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    out(e1(i)) = v(i);
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    flags(e2(i)) = Flags{1, static_cast<int32_t>(i)};
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    ids(i) = e1(i);
    labels(i) = v(i);
    flags(i).high = 2;
  }
#pragma orion parallel_for
  for (int64_t u = 0; u < N; ++u)
    for (int64_t j = 0; j < N; ++j)
      for (int64_t k = 0; k < 4; ++k) {
        const double e = W(u, k) * H(j, k);
        W(u, k) -= 0.1 * e;
        H(j, k) = H(j, k) - 0.1 * e;
      }
  return 0;
}
