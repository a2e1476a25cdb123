// A clause list without its closing parenthesis, followed by another clause or by the end of the line.
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 10;
  orion::DenseArray<float, 1> A({N});
  // CHECK: {{.*}}missing_rparen.cpp:[[@LINE+2]]:40: error: expected ',' or ')' in 'partition(...)', got 'histogram'
  // CHECK: {{.*}}missing_rparen.cpp:[[@LINE+4]]:35: error: expected ',' or ')' in 'relax(...)', got end of line
#pragma orion parallel_for partition(0 histogram
  for (int64_t i = 0; i < N; ++i)
    A(i) = 2;
#pragma orion parallel_for relax(A
  for (int64_t i = 0; i < N; ++i)
    A(i) = 3;
  // CHECK: 2 errors generated.
}
