// Writes into a part of an element are writes of the element: through the element type's own
// operator[] (a std::array), a member array, a reference or a pointer into the element, the value
// binding of an array iteration. `a(i)[0] = 1` used to count as a read of a(i): the loop then
// wrote nothing as far as the runtime knew, and on several ranks each rank kept only its own
// partition's values (a loop with no dependence at all printed 0 for 390 at np 2, exit 0).
// RUN: %orionc --dump=loops %s | FileCheck %s
#include <orion/orion.hpp>

#include <array>
#include <utility>

struct P {
  double x;
  std::array<double, 2> v;
  double c[3];
};

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = 10;
  orion::DenseArray<std::array<int64_t, 2>, 1> a({N});
  orion::DenseArray<P, 1> p({N});
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    a(i)[0] = 1;
    p(i).v[1] = 6;
    std::swap(a(i)[0], a(i)[1]);
    auto &e = a(i);
    e[1] = 9;
    auto &f = p(i).x;
    f = 2;
    double *c = p(i).c;
    c[0] = 1;
    *c = 3;
    const double r = a(i)[1] + p(i).v[0];
    p(i).x = r;
  }
  orion::DenseArray<std::array<int32_t, 2>, 1> d({N});
#pragma orion parallel_for
  for (auto &&[k, v] : d)
    v[0] = static_cast<int32_t>(k[0]);
}
// CHECK:      #0   write     a(i)
// CHECK-NEXT: #1   write     p(i)
// CHECK-NEXT: #2   readwrite a(i)
// CHECK-NEXT: #3   readwrite a(i)
// CHECK-NEXT: #4   write     a(i) {{.*}} via 'e'
// CHECK-NEXT: #5   read      p(i)
// CHECK-NEXT: #6   write     p(i) {{.*}} via 'f'
// CHECK-NEXT: #7   read      p(i)
// CHECK-NEXT: #8   write     p(i) {{.*}} via 'c'
// CHECK-NEXT: #9   write     p(i) {{.*}} via 'c'
// CHECK-NEXT: #10  read      a(i)
// CHECK-NEXT: #11  read      p(i)
// CHECK-NEXT: #12  write     p(i)
// CHECK:      #0   write     d(k[0])
