// Included by pragma_in_header.cpp: a parallel loop in a header.
#include <orion/orion.hpp>

inline void fill_ones(orion::DenseArray<float, 1> &A) {
#pragma orion parallel_for
  for (int64_t i = 0; i < 10; ++i)
    A(i) = 1;
}
