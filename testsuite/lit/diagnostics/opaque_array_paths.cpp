// An orion array reached by a path orionc cannot follow (a member of another object, a pointer, a
// container, a function's result, a conditional) is an error at the expression, once per path,
// suggesting a reference bound before the loop; so is a method the body calls that reaches an
// array through its object or a global, with a note where. A write through an outer pointer is a
// write to an outer variable.
// Regression test: all of these compiled, the loop got no reference to the array, and on two
// ranks the writes of all but one rank were lost (sum 249500 instead of 999000), exit 0.
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s
// RUN: not %orionc %s -o %t 2>&1 | FileCheck %s --check-prefix=BUILD
// RUN: test ! -e %t
#include <orion/orion.hpp>

#include <vector>

struct Model {
  orion::DenseArray<int64_t, 1> w;
  explicit Model(int64_t n) : w({n}) {}
  void step(int64_t i) const { bump(i); }
  void bump(int64_t i) const { (void)i; }
};

struct Holder {
  orion::DenseArray<int64_t, 1> &w;
  void set(int64_t i, int64_t v) const { w(i) = v; }
};

orion::DenseArray<int64_t, 1> *global_w = nullptr;
orion::DenseArray<int64_t, 1> &the_w() { return *global_w; }

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = 1000;
  Model m(N);
  orion::DenseArray<int64_t, 1> a({N}), b({N});
  global_w = &a;
  orion::DenseArray<int64_t, 1> *pa = &a;
  std::vector<orion::DenseArray<int64_t, 1>> layers;
  Holder h{a};
  int64_t total = 0;
  int64_t *pt = &total;
  const bool first = argc > 1;
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    // CHECK: {{.*}}opaque_array_paths.cpp:[[@LINE+1]]:5: error: 'm.w' reaches an orion array through a member of another object, which orionc cannot follow: the loop's dependences and what the ranks exchange would leave out its accesses; bind the array to a reference before the loop ('auto &w = m.w;') and use 'w' in the body
    m.w(i) = 2 * i;
    // CHECK: {{.*}}opaque_array_paths.cpp:[[@LINE+1]]:6: error: '*pa' reaches an orion array through a pointer, {{.*}} ('auto &a = *pa;') and use 'a' in the body
    (*pa)(i) += 1;
    // CHECK: {{.*}}opaque_array_paths.cpp:[[@LINE+1]]:5: error: 'layers[0]' reaches an orion array through an element of a container, {{.*}} ('auto &a = layers[0];')
    layers[0](i) = 1;
    // CHECK: {{.*}}opaque_array_paths.cpp:[[@LINE+1]]:5: error: 'the_w()' reaches an orion array through a function's result
    the_w()(i) = 3;
    // CHECK: {{.*}}opaque_array_paths.cpp:[[@LINE+1]]:6: error: 'first ? a : b' reaches an orion array through a conditional expression
    (first ? a : b)(i) = 4;
    // CHECK: {{.*}}opaque_array_paths.cpp:[[@LINE+3]]:5: error: 'set', called in the parallel loop, reaches an orion array through a member of the object it is called on, which orionc cannot follow: the loop's dependences and what the ranks exchange would leave out its accesses; pass the array to 'set' as a reference parameter, or call a function orionc can read as inlined (a free function or a lambda with a body in this file)
    // CHECK-NEXT: | h.set(i, 5);
    // CHECK: {{.*}}opaque_array_paths.cpp:24:42: note: the array is reached here, as 'w'
    h.set(i, 5);
    // A method that reaches no array is fine.
    m.step(i);
    // CHECK: {{.*}}opaque_array_paths.cpp:[[@LINE+1]]:5: error: 'pt' is declared outside the parallel loop and cannot be written inside it
    *pt += i;
    // Once per path.
    m.w(i) += 1;
  }
  // CHECK-NOT: error:
  // BUILD: error: 'm.w' reaches an orion array through a member of another object
  return 0;
}
