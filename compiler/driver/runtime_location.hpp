// Where orionc finds the Orion runtime (headers and library) that programs are parsed and linked
// against: next to an installed orionc, or in the build tree orionc was built in.
#pragma once

#include <string>

namespace orion::driver {

/// The runtime a program is parsed and built against.
struct RuntimeLocation {
  std::string include_dir; ///< holds orion/orion.hpp
  std::string library;     ///< the static distributed runtime (liborion_rt.a)
};

/// The installed layout (<prefix>/bin/orionc, <prefix>/include/orion, <prefix>/lib/liborion_rt.a)
/// when this orionc sits in one, so that an installed orionc never reaches back into the tree it
/// was built in; otherwise the build tree's runtime. Decided once per process.
const RuntimeLocation &runtime_location();

} // namespace orion::driver
