// Parsing the whitespace-separated number fields of text lines, and saying precisely why a field
// is not a number of the wanted type. The fast functions (parse_field) only say yes or no; the
// loaders call the slow ones (why_not, type_name, range_text) once, for the line they report.
//
// What a field may hold:
//   integer types  an optional sign and decimal digits, within the type's range ("2.5" and "2.0"
//                  are not integers, "3000000000" does not fit in int32_t, "-1" not in uint32_t)
//   floating types what std::from_chars accepts (decimal, exponent, "inf", "nan"), optionally
//                  after a '+'. A value too large for the type ("1e50" as float) is an error; a
//                  value too small for it ("1e-50" as float) is not: it becomes the nearest
//                  value of the type, as in C++ source code and strtof: a denormal, or 0 (with the
//                  sign of the text).
// Blanks between fields are spaces, tabs, '\f' and '\v'. A '\r' is not blank: the loaders drop the
// '\r' of a "\r\n" line end and report any other one.
#pragma once

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string>
#include <string_view>
#include <system_error>
#include <type_traits>

#include <locale.h>

namespace orion::detail {

inline bool is_blank(char c) noexcept { return c == ' ' || c == '\t' || c == '\f' || c == '\v'; }

/// The line as it appears in an error message: quoted, cut at 80 characters, with control
/// characters other than tab written as escapes ("\r", "\x00") so that the message stays one
/// readable line.
inline std::string quote_line(std::string_view line) {
  constexpr std::size_t kMax = 80;
  std::string out = "\"";
  for (const char c : line.substr(0, kMax)) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '\r') {
      out += "\\r";
    } else if ((u < 0x20 && c != '\t') || u == 0x7f) {
      char escape[5];
      std::snprintf(escape, sizeof escape, "\\x%02x", u);
      out += escape;
    } else {
      out += c;
    }
  }
  out += line.size() > kMax ? "...\"" : "\"";
  return out;
}

/// Field end: the number must be the whole field, so "12abc" is rejected rather than read as 12.
inline bool field_ends(const char *p, const char *end) noexcept { return p == end || is_blank(*p); }

/// The field starting at the first non-blank character at or after p.
inline std::string_view next_field(const char *p, const char *end) noexcept {
  while (p != end && is_blank(*p))
    ++p;
  const char *q = p;
  while (q != end && !is_blank(*q))
    ++q;
  return std::string_view(p, static_cast<std::size_t>(q - p));
}

/// The "C" locale, for strtod and friends (the program may have set another one, with ',' as the
/// decimal point). Null if it cannot be created, and then the current locale is used.
inline locale_t c_locale() noexcept {
  static const locale_t c = ::newlocale(LC_ALL_MASK, "C", static_cast<locale_t>(nullptr));
  return c;
}

/// A decimal text std::from_chars found out of range for V: its correctly rounded value when that
/// is finite (an underflow: a denormal or a signed zero), false when it overflows.
template <class V> bool parse_out_of_range(const char *first, const char *last, V &out) {
  char small[64];
  std::string big;
  const auto n = static_cast<std::size_t>(last - first);
  char *text = small;
  if (n >= sizeof small) {
    big.assign(first, n);
    text = big.data();
  } else {
    std::char_traits<char>::copy(small, first, n);
    small[n] = '\0';
  }
  char *stop = nullptr;
  const locale_t c = c_locale();
  V value;
  if constexpr (std::is_same_v<V, float>)
    value = c ? ::strtof_l(text, &stop, c) : std::strtof(text, &stop);
  else if constexpr (std::is_same_v<V, double>)
    value = c ? ::strtod_l(text, &stop, c) : std::strtod(text, &stop);
  else
    value = c ? ::strtold_l(text, &stop, c) : std::strtold(text, &stop);
  if (stop != text + n || std::isinf(value))
    return false;
  out = value;
  return true;
}

/// Parses one whitespace-delimited number at p (skipping leading blanks) and advances p past it.
/// False, with p unspecified, when the field is not a number of type V; why_not tells why.
template <class V> bool parse_field(const char *&p, const char *end, V &out) {
  while (p != end && is_blank(*p))
    ++p;
  if (p != end && *p == '+' && p + 1 != end && p[1] != '-') // from_chars rejects a leading '+'
    ++p;
  const auto [next, ec] = std::from_chars(p, end, out);
  if (next == p || !field_ends(next, end))
    return false;
  if (ec != std::errc()) {
    if constexpr (std::is_floating_point_v<V>) {
      if (ec != std::errc::result_out_of_range || !parse_out_of_range(p, next, out))
        return false;
    } else {
      return false;
    }
  }
  p = next;
  return true;
}

/// Indices dominate triplet files; a plain decimal loop is about twice as fast as the generic
/// integer from_chars. Same contract as parse_field.
inline bool parse_field(const char *&p, const char *end, std::int64_t &out) noexcept {
  while (p != end && is_blank(*p))
    ++p;
  bool negative = false;
  if (p != end && (*p == '-' || *p == '+'))
    negative = *p++ == '-';
  const char *digits = p;
  std::uint64_t value = 0;
  constexpr std::uint64_t kLimit = static_cast<std::uint64_t>(INT64_MAX);
  while (p != end && static_cast<unsigned char>(*p - '0') < 10) {
    const auto digit = static_cast<std::uint64_t>(*p - '0');
    if (value > (kLimit + negative - digit) / 10)
      return false; // out of range
    value = value * 10 + digit;
    ++p;
  }
  if (p == digits || !field_ends(p, end))
    return false;
  out = negative ? static_cast<std::int64_t>(0 - value) : static_cast<std::int64_t>(value);
  return true;
}

/// Why a field is not a number of type V.
enum class FieldProblem {
  none,         ///< it is one
  missing,      ///< there is no field
  malformed,    ///< it is not a number at all ("x", "1.5.2", "12abc")
  not_integer,  ///< a number, but V is an integer type and the field is not an integer ("2.5")
  out_of_range, ///< an integer outside V's range, or a floating-point value too large for V
};

/// An optional sign, then decimal digits only.
inline bool integer_syntax(std::string_view field) noexcept {
  if (!field.empty() && (field[0] == '+' || field[0] == '-'))
    field.remove_prefix(1);
  if (field.empty())
    return false;
  for (const char c : field)
    if (static_cast<unsigned char>(c - '0') >= 10)
      return false;
  return true;
}

/// The cold path of parse_field: why `field` (one field, without blanks) is not a V.
template <class V> FieldProblem why_not(std::string_view field) {
  if (field.empty())
    return FieldProblem::missing;
  const char *p = field.data();
  const char *end = p + field.size();
  V value{};
  if (parse_field(p, end, value) && p == end)
    return FieldProblem::none;
  if constexpr (std::is_floating_point_v<V>) {
    const char *q = field.data();
    if (q != end && *q == '+' && q + 1 != end && q[1] != '-')
      ++q;
    const auto [next, ec] = std::from_chars(q, end, value);
    return next == end && ec == std::errc::result_out_of_range ? FieldProblem::out_of_range
                                                               : FieldProblem::malformed;
  } else {
    if (integer_syntax(field))
      return FieldProblem::out_of_range;
    long double real = 0;
    const char *q = field.data();
    if (q != end && *q == '+' && q + 1 != end && q[1] != '-')
      ++q;
    const auto [next, ec] = std::from_chars(q, end, real);
    if (next == end && (ec == std::errc() || ec == std::errc::result_out_of_range))
      return FieldProblem::not_integer;
    return FieldProblem::malformed;
  }
}

/// The name of an arithmetic type in messages: "int32_t", "uint8_t", "float", "double".
template <class V> std::string type_name() {
  if constexpr (std::is_same_v<V, float>)
    return "float";
  else if constexpr (std::is_same_v<V, double>)
    return "double";
  else if constexpr (std::is_same_v<V, long double>)
    return "long double";
  else
    return std::string(std::is_signed_v<V> ? "int" : "uint") + std::to_string(sizeof(V) * 8) + "_t";
}

/// The values a V holds, for messages: "-2147483648 to 2147483647", "magnitudes up to 3.40282e+38".
template <class V> std::string range_text() {
  if constexpr (std::is_floating_point_v<V>) {
    char max[48];
    std::snprintf(max, sizeof max, "%Lg", static_cast<long double>(std::numeric_limits<V>::max()));
    return std::string("magnitudes up to ") + max;
  } else if constexpr (std::is_signed_v<V>) {
    return std::to_string(static_cast<long long>(std::numeric_limits<V>::min())) + " to " +
           std::to_string(static_cast<long long>(std::numeric_limits<V>::max()));
  } else {
    return "0 to " + std::to_string(static_cast<unsigned long long>(std::numeric_limits<V>::max()));
  }
}

/// What is wrong with a value field that why_not<V> reported not_integer or out_of_range:
/// `value "2.5" is not an integer (the values are int32_t)`, `value "1e50" does not fit in float
/// (magnitudes up to 3.40282e+38)`.
template <class V> std::string value_problem_text(FieldProblem problem, std::string_view field) {
  const std::string value = "value " + quote_line(field);
  if (problem == FieldProblem::not_integer)
    return value + " is not an integer (the values are " + type_name<V>() + ")";
  return value + " does not fit in " + type_name<V>() + " (" + range_text<V>() + ")";
}

} // namespace orion::detail
