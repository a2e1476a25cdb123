// A macro expanding to `_Pragma("orion parallel_for")` followed by a statement that is not a for
// loop: the error is at the macro use, with the expansion note and the note on the statement.
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s
#include <orion/orion.hpp>

#define PARALLEL_STMT(s) _Pragma("orion parallel_for") s;

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  orion::DenseArray<float, 1> A({argc * 10});
  // CHECK: {{.*}}macro_pragma_not_for.cpp:[[@LINE+10]]:3: error: #pragma orion parallel_for must be followed by a for loop{{$}}
  // CHECK-NEXT: | PARALLEL_STMT(A(0) = 1)
  // CHECK-NEXT: | ^
  // CHECK-NEXT: {{.*}}macro_pragma_not_for.cpp:6:26: note: expanded from macro 'PARALLEL_STMT'
  // CHECK-NEXT: | #define PARALLEL_STMT(s) _Pragma("orion parallel_for") s;
  // CHECK-NEXT: | ^
  // CHECK-NEXT: {{.*}}macro_pragma_not_for.cpp:[[@LINE+4]]:17: note: the next statement is not a for loop
  // CHECK-NEXT: | PARALLEL_STMT(A(0) = 1)
  // CHECK-NEXT: | ^
  // CHECK: 1 error generated.
  PARALLEL_STMT(A(0) = 1)
}
