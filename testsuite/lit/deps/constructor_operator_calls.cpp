// A constructor or a free operator that the body calls with an array: its accesses are the
// loop's. Regression test: `Step s(W, i);` and `W << Put{i, i};`, each writing W(i) from W(i - 1),
// left the loop with no reference at all; it got 1d (0), and 2 ranks printed 692681581 where the
// serial build printed 1462571137.
// RUN: %orionc --dump=deps %s 2>&1 | FileCheck %s
#include <orion/orion.hpp>

using Arr = orion::DenseArray<int64_t, 1>;

struct Step {
  Step(Arr &W, int64_t i) { W(i) = (W(i - 1) * 3 + i) % 1000003; }
};
struct Put {
  int64_t i;
};
Arr &operator<<(Arr &W, Put p) {
  W(p.i) = (W(p.i - 1) * 3 + p.i) % 1000003;
  return W;
}

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  const int64_t N = 100;
  Arr W({N}), V({N});
#pragma orion parallel_for
  for (int64_t i = 1; i < N; ++i)
    Step s(W, i);
#pragma orion parallel_for
  for (int64_t i = 1; i < N; ++i)
    V << Put{i};
  return 0;
}
// CHECK: #0 X W(?){{ +}}27:12 W
// CHECK: schedule: none
// CHECK: #0 W V(?){{ +}}17:3 W(p.i)
// CHECK: #1 R V(?){{ +}}17:13 W(p.i - 1)
// CHECK: schedule: none
