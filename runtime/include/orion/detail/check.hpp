// Cold paths shared by the containers: building an index error message must not bloat the
// inlined element access it guards.
#pragma once

#include <orion/error.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

namespace orion::detail {

inline std::string format_index(const std::int64_t *values, std::size_t n) {
  std::string out = "(";
  for (std::size_t d = 0; d < n; ++d) {
    if (d > 0)
      out += ", ";
    out += std::to_string(values[d]);
  }
  return out + ")";
}

[[noreturn, gnu::cold, gnu::noinline]] inline void
throw_index_error(const char *what, const std::int64_t *index, std::size_t given,
                  const std::int64_t *extents, std::size_t n) {
  throw Error(std::string(what) + " index " + format_index(index, given) +
              " is out of bounds for extents " + format_index(extents, n));
}

/// throw_index_error for indices passed by value (DenseArray::check_indices): the caller keeps
/// them in registers.
template <std::size_t N, class... I>
[[noreturn, gnu::cold, gnu::noinline]] void
index_error_at(const char *what, const std::array<std::int64_t, N> &extents, I... index) {
  // std::array: `row()` of a 1-D array has no index, and a zero-length C array is ill-formed.
  const std::array<std::int64_t, sizeof...(I)> given{index...};
  throw_index_error(what, given.data(), sizeof...(I), extents.data(), N);
}

/// Rejects negative extents (and a total size that does not fit in int64).
template <std::size_t N>
std::int64_t checked_volume(const char *what, const std::array<std::int64_t, N> &extents) {
  std::int64_t volume = 1;
  for (std::size_t d = 0; d < N; ++d) {
    if (extents[d] < 0)
      throw Error(std::string(what) + " extents " + format_index(extents.data(), N) +
                  " must not be negative");
    if (extents[d] != 0 && volume > INT64_MAX / extents[d])
      throw Error(std::string(what) + " extents " + format_index(extents.data(), N) +
                  " are too large");
    volume *= extents[d];
  }
  return volume;
}

} // namespace orion::detail
