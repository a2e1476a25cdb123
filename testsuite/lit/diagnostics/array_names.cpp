// orionc passes each array to a parallel loop under the array's own name, written at the loop. An
// array the loop reaches through another name (a reference declared before it, a lambda's
// capture, a lambda defined before the loop) whose own name means another variable at the loop,
// two arrays of one loop with the same name, and a lambda around the loop that captures only the
// other name are build errors. Regression test (found by a helper writing programs as a new
// user): the generated loop updated the other array, at every worker count, even one.
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s
// RUN: not %orionc --dump=loops -DCAPTURE %s 2>&1 | FileCheck %s --check-prefix=CAPTURE
// Names starting with orion_ are the generated code's: a user's orion_plan read in the body met
// the generated one, and the build failed in the host compiler.
// RUN: not %orionc --dump=loops -DRESERVED %s 2>&1 | FileCheck %s --check-prefix=RESERVED
// An alias of a member used only in the loop stays used in the generated code (it was
// -Wunused-variable there, an error under -Werror where the serial build is clean), and an alias
// whose array's name means the array at the loop builds and runs as the serial build does.
// RUN: %orionc -DALIAS %s -O1 -Wall -Wextra -Werror -o %t
// RUN: c++ -std=c++20 -DALIAS -Wall -Wextra -Werror -Wno-unknown-pragmas -I%runtime_include %s -o %t.serial
// RUN: %t.serial > %t.serial.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 %t --orion-threads=2 > %t.two.txt
// RUN: diff %t.serial.txt %t.two.txt
#include <orion/orion.hpp>

#include <cstdint>
#include <cstdio>

using Arr = orion::DenseArray<int64_t, 1>;

#if defined(ALIAS)
struct Solver {
  Arr A{{8}};
  void step() {
    auto &X = A; // used only in the loop
#pragma orion parallel_for
    for (int64_t i = 0; i < 8; ++i)
      X(i) += i + 1;
  }
};

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  Solver s;
  s.step();
  Arr B({8});
  auto &Y = B;
  auto &sa = s.A;
#pragma orion parallel_for
  for (int64_t i = 0; i < 8; ++i)
    Y(i) = sa(i) * 2;
  if (orion::is_root())
    std::printf("%lld %lld\n", static_cast<long long>(s.A(7)), static_cast<long long>(B(7)));
  return 0;
}
#elif defined(RESERVED)
int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  Arr A({8});
  const int64_t orion_plan = 3;
#pragma orion parallel_for
  for (int64_t i = 0; i < 8; ++i)
    A(i) = i * orion_plan;
  // RESERVED: array_names.cpp:[[@LINE-1]]:16: error: 'orion_plan': names starting with 'orion_' are reserved for the code orionc generates around a parallel loop's body; rename it
  return 0;
}
#elif defined(CAPTURE)
int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  Arr A({8});
  auto &X = A;
  // CAPTURE: array_names.cpp:[[@LINE+3]]:5: error: the parallel loop reaches the array 'A' through another name, but the lambda at [[@LINE+1]]:14 does not capture 'A' itself: orionc passes each array to the loop under its own name, so capture it ('[&A]' or '[&]')
  auto run = [&X]() {
#pragma orion parallel_for
    for (int64_t i = 0; i < 8; ++i)
      X(i) = i + 1;
  };
  run();
  return 0;
}
#else
int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  Arr A({8});
  auto &X = A;
  {
    Arr A({8}); // hides the outer A at the loop
    // CHECK: array_names.cpp:[[@LINE+2]]:5: error: the parallel loop reaches the array 'A' declared at 80:7, but at the loop 'A' names another variable, declared at [[@LINE-1]]:9: orionc passes each array to the loop under its own name, so rename one of them
#pragma orion parallel_for
    for (int64_t i = 0; i < 8; ++i)
      X(i) = i + 1;
  }
  auto &out = A;
  const auto twice = [&](const Arr &A) {
    // CHECK: array_names.cpp:[[@LINE+2]]:5: error: the parallel loop reaches two different arrays named 'A', declared at 80:7 and [[@LINE-1]]:37: orionc passes each array to the loop under its own name, so rename one of them
#pragma orion parallel_for
    for (int64_t i = 0; i < 8; ++i)
      out(i) += A(i) + 1;
  };
  twice(A);
  return 0;
}
#endif
