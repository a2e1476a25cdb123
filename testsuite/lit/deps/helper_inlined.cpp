// Helper functions called from a loop body are analysed as if inlined: their parameters stand for
// the arrays and index values passed, so the accesses keep exact subscripts (locations in the
// helper) and the loop gets the schedule it would get with the accesses written in the body.
// Regression test: the arrays passed counted as written anywhere, and the loop was refused.
// RUN: %orionc --dump=deps %S/../../e2e/inputs/helper_functions.cpp | FileCheck %s
// CHECK-LABEL: loop 0 at {{.*}}helper_functions.cpp:64:5
// CHECK:      #1 R W(key[0], k) 23:12 users(u, k)
// CHECK-NEXT: #2 R H(key[1], k) 23:26 items(i, k)
// CHECK-NEXT: #3 R W(key[0], k) 30:21 users(u, k)
// CHECK-NEXT: #4 R H(key[1], k) 30:38 items(i, k)
// CHECK-NEXT: #5 W W(key[0], k) 31:5 users(u, k)
// CHECK-NEXT: #6 W H(key[1], k) 32:5 items(i, k)
// CHECK:      schedule: 2d (0, 1)
// CHECK:      W local indexed by key[0] in dimension 0
// CHECK-NEXT: H rotated indexed by key[1] in dimension 0
// CHECK-LABEL: loop 1 at {{.*}}helper_functions.cpp:72:5
// CHECK:      #0 X W(u, k) 41:5 m(row, k)
// CHECK:      schedule: 1d (0)
