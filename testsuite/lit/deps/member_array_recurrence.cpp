// An array that is a data member, in a loop of a member function: w(i) = w(i - 1) * 0.5 is a
// recurrence, RAW ([1,1]) on w, no schedule.
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>
#include <cstdlib>

struct Model {
  orion::DenseArray<float, 1> w;
  void smooth(int64_t n) {
#pragma orion parallel_for
    for (int64_t i = 1; i < n; ++i)
      w(i) = w(i - 1) * 0.5f;
  }
};

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = std::atoll(argv[1]);
  Model m{orion::DenseArray<float, 1>({N})};
  m.smooth(N);
}

// CHECK-LABEL: loop 0 at {{.*}}member_array_recurrence.cpp:11:5 in 'smooth'
// CHECK: dependences:
// CHECK-NEXT: RAW ([1,1]){{ +}}on w
// CHECK: legal schedules:
// CHECK-NEXT: (none)
// CHECK: schedule: none
