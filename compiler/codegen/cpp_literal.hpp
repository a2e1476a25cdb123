// C++ literals for generated code: user text (file names, array names, cost formulas) ends up in
// string literals and `#line` directives, so it must be escaped, never pasted.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace orion::codegen {

/// `"text"` with backslashes, quotes and control characters escaped.
std::string string_literal(std::string_view text);

/// A 64-bit integer literal that is valid for every value (INT64_MIN has no literal).
std::string int_literal(std::int64_t value);

} // namespace orion::codegen
