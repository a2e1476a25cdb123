// The Orion programming model in one header. Compiled by any C++20 compiler this is a complete
// serial implementation; compiled by orionc (which defines ORION_DISTRIBUTED and links orion_rt)
// the same calls run distributed over MPI.
#pragma once

#include <orion/accumulator.hpp>
#include <orion/buffer.hpp>
#include <orion/checkpoint.hpp>
#include <orion/dense_array.hpp>
#include <orion/error.hpp>
#include <orion/loaders.hpp>
#include <orion/options.hpp>
#include <orion/rng.hpp>
#include <orion/session.hpp>
#include <orion/sparse_array.hpp>
