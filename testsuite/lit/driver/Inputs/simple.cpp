// Input for the driver tests: one parallel loop.
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  orion::DenseArray<float, 1> A({argc * 10});
#pragma orion parallel_for
  for (int64_t i = 0; i < A.extent(0); ++i)
    A(i) = 1;
}
