// The generated call declares the lambda's parameters and the copies of outer scalars under the
// user's names, so that the body, copied as written, reaches them; that is shadowing on purpose.
// A program that builds cleanly with -Wshadow -Werror serially must build cleanly through orionc
// too (CMake projects compile the transformed source with their own flags), with GCC and Clang,
// for both loop forms, with and without scalar copies. A declaration the body itself makes is
// still checked, at the user's line.
// Regression test: GCC warned 10 times on examples/slr.cpp's transformed source with -Wshadow.
// RUN: c++ -std=c++20 -Wall -Wextra -Wshadow -Werror -Wno-unknown-pragmas -I%runtime_include -fsyntax-only %s
// RUN: %orionc --emit=cpp %s -o %t.cpp
// RUN: env OMPI_CXX=g++ mpicxx -std=c++20 -DORION_DISTRIBUTED -I%runtime_include -Wall -Wextra -Wshadow -Werror -fsyntax-only %t.cpp
// RUN: env OMPI_CXX=clang++-19 mpicxx -std=c++20 -DORION_DISTRIBUTED -I%runtime_include -Wall -Wextra -Wshadow-all -Werror -Wno-unused-command-line-argument -fsyntax-only %t.cpp
// RUN: %orionc --emit=cpp -DBODY_SHADOW %s -o %t.body.cpp
// RUN: not env OMPI_CXX=g++ mpicxx -std=c++20 -DORION_DISTRIBUTED -DBODY_SHADOW -I%runtime_include -Wshadow -Werror -fsyntax-only %t.body.cpp 2>&1 | FileCheck %s --check-prefix=BODY
#include <orion/orion.hpp>

#include <cstdio>

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  const int64_t n = 100;
  const double scale = 0.5;
  orion::DenseArray<double, 1> a({n}), b({n});
  orion::Accumulator<double> total;
  for (int64_t i = 0; i < n; ++i)
    b(i) = static_cast<double>(i);
  // Counted loop: arrays as parameters, `scale` copied, `total` a per-block partial.
#pragma orion parallel_for
  for (int64_t i = 0; i < n; ++i) {
    a(i) = scale * b(i);
    total += a(i);
  }
  // Iteration over an array, the body a compound statement of its own.
#pragma orion parallel_for
  for (auto &&[key, v] : a) {
    b(key[0]) = 2 * v;
  }
#ifdef BODY_SHADOW
#pragma orion parallel_for
  for (int64_t i = 0; i < n; ++i) {
    const double scale = 2; // BODY: shadow_warnings.cpp:[[@LINE]]:{{[0-9]+}}: error: declaration of 'scale' shadows a previous local
    a(i) = scale * b(i);
  }
#endif
  const double sum = total.aggregate();
  if (orion::is_root())
    std::printf("%.1f\n", sum);
}
