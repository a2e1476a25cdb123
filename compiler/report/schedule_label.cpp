#include "schedule_label.hpp"

#include <fmt/format.h>

namespace orion::report {

std::string schedule_label(const deps::Schedule &s) {
  std::string dims;
  for (size_t i = 0; i < s.dims.size(); ++i)
    dims += fmt::format("{}{}", i ? ", " : "", s.dims[i]);
  return fmt::format("{} ({})", deps::to_string(s.kind), dims);
}

} // namespace orion::report
