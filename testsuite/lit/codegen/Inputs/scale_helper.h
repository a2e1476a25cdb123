// A helper outside the main file: analysed through its body, but not given a view overload (the
// view converts to the array, and the whole array counts as accessed when accesses are recorded).
#pragma once
#include <orion/orion.hpp>

inline double cell(const orion::DenseArray<double, 1> &a, int64_t i) { return a(i); }
