#include "cpp_literal.hpp"

#include <fmt/format.h>

#include <limits>

namespace orion::codegen {

std::string string_literal(std::string_view text) {
  std::string out = "\"";
  for (char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    switch (c) {
    case '\\':
      out += "\\\\";
      break;
    case '"':
      out += "\\\"";
      break;
    case '\n':
      out += "\\n";
      break;
    case '\t':
      out += "\\t";
      break;
    default:
      // Octal escapes stop after three digits, so a following digit cannot extend them.
      if (byte < 0x20 || byte == 0x7f)
        out += fmt::format("\\{:03o}", byte);
      else
        out += c;
    }
  }
  return out + "\"";
}

std::string int_literal(std::int64_t value) {
  if (value == std::numeric_limits<std::int64_t>::min())
    return fmt::format("({} - 1)", value + 1);
  return std::to_string(value);
}

} // namespace orion::codegen
