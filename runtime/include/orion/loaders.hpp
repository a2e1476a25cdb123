// Collective text loaders producing SparseArrays.
//
// Every rank reads and parses only the lines that start in its byte range of the file; the ranks
// then agree on errors (all of them throw the same LoadError, naming the first bad line in file
// order) and all-gather the parsed elements in rank order, which is file order. Every rank ends up
// with the whole array, identical to a serial load: in this stage loops and driver code run
// replicated, so every rank needs all the data. Nothing half-loaded is ever returned.
#pragma once

#include <orion/detail/comm.hpp>
#include <orion/detail/file_range.hpp>
#include <orion/detail/state.hpp>
#include <orion/error.hpp>
#include <orion/sparse_array.hpp>

#include <algorithm>
#include <array>
#include <charconv>
#include <chrono>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace orion {

namespace detail {

inline bool is_blank(char c) noexcept {
  return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

/// The line as it appears in an error message: quoted, cut at 80 characters.
inline std::string quote_line(std::string_view line) {
  constexpr std::size_t kMax = 80;
  std::string out = "\"";
  out += line.substr(0, kMax);
  out += line.size() > kMax ? "...\"" : "\"";
  return out;
}

/// Field end: the number must be the whole field, so "12abc" is rejected rather than read as 12.
inline bool field_ends(const char *p, const char *end) noexcept { return p == end || is_blank(*p); }

/// Parses one whitespace-delimited number at p (skipping leading blanks) and advances p past it.
template <class V> bool parse_field(const char *&p, const char *end, V &out) noexcept {
  while (p != end && is_blank(*p))
    ++p;
  if (p != end && *p == '+' && p + 1 != end && p[1] != '-') // from_chars rejects a leading '+'
    ++p;
  const auto [next, ec] = std::from_chars(p, end, out);
  if (ec != std::errc() || next == p || !field_ends(next, end))
    return false;
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

template <class T>
bool parse_triplet(std::string_view line, std::array<std::int64_t, 2> &key, T &value) noexcept {
  const char *p = line.data();
  const char *end = p + line.size();
  if (!parse_field(p, end, key[0]) || !parse_field(p, end, key[1]) || !parse_field(p, end, value))
    return false;
  while (p != end && is_blank(*p))
    ++p;
  return p == end;
}

template <std::size_t N>
void check_extents(const std::string &path, const std::array<std::int64_t, N> &extents) {
  for (std::size_t d = 0; d < N; ++d)
    if (extents[d] < 0)
      throw LoadError("loading '" + path + "': the extents " + format_index(extents.data(), N) +
                          " must not be negative",
                      true);
}

template <std::size_t N>
std::string bad_index(std::int64_t index, std::size_t d, const std::array<std::int64_t, N> *extents,
                      std::string_view line) {
  const std::string what = index < 0
                               ? "negative index " + std::to_string(index)
                               : "index " + std::to_string(index) + " is outside the extent " +
                                     std::to_string((*extents)[d]);
  return what + " in dimension " + std::to_string(d) + ": " + quote_line(line);
}

// Lines read before the loader sizes its vectors from the average line length.
inline constexpr std::int64_t kSampleLines = 4096;

struct LineProblem {
  std::int64_t line; ///< counted from the start of this rank's part
  std::string what;
};

template <class T> std::vector<T> allgather_vector(std::vector<T> &local) {
  const std::vector<std::int64_t> counts = comm_allgather(static_cast<std::int64_t>(local.size()));
  std::vector<std::int64_t> bytes(counts.size());
  std::int64_t total = 0;
  for (std::size_t r = 0; r < counts.size(); ++r) {
    bytes[r] = counts[r] * static_cast<std::int64_t>(sizeof(T));
    total += counts[r];
  }
  std::vector<T> all(static_cast<std::size_t>(total));
  comm_allgatherv_bytes(local.data(), static_cast<std::int64_t>(local.size() * sizeof(T)),
                        all.data(), bytes);
  std::vector<T>().swap(local); // release before the caller gathers the next vector
  return all;
}

/// The shared loader skeleton. parse(line, key, value) -> bool decodes one non-blank,
/// non-comment line; rejected(line) -> std::string explains a false return.
template <class T, std::size_t N, class Parse, class Rejected>
SparseArray<T, N> load_lines(const std::string &path, Parse &&parse, Rejected &&rejected,
                             const std::array<std::int64_t, N> *extents) {
  using key_type = std::array<std::int64_t, N>;
  const auto started = std::chrono::steady_clock::now();
  if (extents != nullptr)
    check_extents(path, *extents);

  // 1. Parse the lines of this rank's byte range.
  std::vector<key_type> keys;
  std::vector<T> values;
  key_type max_key;
  max_key.fill(-1);
  std::int64_t lines = 0;
  std::int64_t bytes = 0;
  std::optional<LineProblem> problem;
  std::optional<std::string> failure;
  try {
    FileRange file(path, comm_rank(), comm_size());
    std::int64_t consumed = 0;
    file.for_each_line([&](std::string_view line) {
      ++lines;
      consumed += static_cast<std::int64_t>(line.size()) + 1;
      if (lines == kSampleLines) { // reserve from the line length seen so far: no regrowth copies
        const double per_byte = static_cast<double>(keys.size()) / static_cast<double>(consumed);
        const auto estimate = static_cast<std::size_t>(per_byte * file.range_size() * 1.05) + 16;
        keys.reserve(estimate);
        values.reserve(estimate);
      }
      if (!line.empty() && line.back() == '\r')
        line.remove_suffix(1);
      std::size_t first = 0;
      while (first < line.size() && is_blank(line[first]))
        ++first;
      if (first == line.size() || line[first] == '#')
        return true;
      key_type key{};
      T value{};
      try {
        if (!parse(line, key, value)) {
          problem = LineProblem{lines, rejected(line)};
          return false;
        }
      } catch (const std::exception &e) {
        problem = LineProblem{lines, std::string("the parser threw \"") + e.what() + "\" on " +
                                         quote_line(line)};
        return false;
      }
      for (std::size_t d = 0; d < N; ++d) {
        if (key[d] < 0 || (extents != nullptr && key[d] >= (*extents)[d])) {
          problem = LineProblem{lines, bad_index(key[d], d, extents, line)};
          return false;
        }
        max_key[d] = std::max(max_key[d], key[d]);
      }
      keys.push_back(key);
      values.push_back(value);
      return true;
    });
    bytes = file.bytes_read();
  } catch (const LoadError &e) {
    failure = e.what();
  } catch (const std::bad_alloc &) {
    failure = "out of memory while loading '" + path + "'";
  }

  const auto parsed = std::chrono::steady_clock::now();

  // 2. Agree on errors. Line numbers: this part's first line follows all lines of lower parts.
  // A part that stopped at a bad line undercounts, which only shifts the numbers of later parts,
  // whose errors lose to its own anyway.
  const std::int64_t lines_before = comm_exscan_sum(lines);
  if (!failure && problem)
    failure = path + ":" + std::to_string(lines_before + problem->line) + ": " + problem->what;
  raise_if_any<LoadError>(failure);

  // 3. Agree on the shape and gather every part's elements in rank (= file) order.
  key_type shape;
  if (extents != nullptr) {
    shape = *extents;
  } else {
    comm_allreduce_max(max_key);
    for (std::size_t d = 0; d < N; ++d)
      shape[d] = max_key[d] + 1;
  }
  if (comm_size() > 1) {
    keys = allgather_vector(keys);
    values = allgather_vector(values);
  }

  RuntimeState &st = state();
  using seconds = std::chrono::duration<double>;
  const double parse_seconds = seconds(parsed - started).count();
  st.loads += 1;
  st.bytes_loaded += bytes;
  st.load_seconds += parse_seconds;
  if (st.options.verbose && comm_rank() == 0)
    std::fprintf(stderr,
                 "orion: loaded '%s': %zu elements; rank 0 parsed %.1f MB in %.3f s, %.3f s in "
                 "all\n",
                 path.c_str(), keys.size(), bytes / 1e6, parse_seconds,
                 seconds(std::chrono::steady_clock::now() - started).count());
  return SparseArray<T, N>(trusted, shape, std::move(keys), std::move(values));
}

} // namespace detail

/// Loads "row col value" lines (0-based indices, whitespace separated; blank lines and lines
/// starting with '#' are skipped) into a SparseArray<T, 2> whose extents are the largest index +
/// 1 in each dimension. Collective. Throws LoadError, on every rank, for a missing or unreadable
/// file, a malformed line or a negative index, naming path:line.
template <class T> SparseArray<T, 2> load_triplets(const std::string &path) {
  static_assert(std::is_arithmetic_v<T> && !std::is_same_v<T, bool>,
                "load_triplets needs a numeric value type");
  return detail::load_lines<T, 2>(
      path,
      [](std::string_view line, std::array<std::int64_t, 2> &key, T &value) {
        return detail::parse_triplet(line, key, value);
      },
      [](std::string_view line) {
        return "expected \"row col value\" (three whitespace-separated numbers), got " +
               detail::quote_line(line);
      },
      nullptr);
}

/// As above with fixed extents; an index outside them is an error naming the line.
template <class T>
SparseArray<T, 2> load_triplets(const std::string &path,
                                const std::array<std::int64_t, 2> &extents) {
  static_assert(std::is_arithmetic_v<T> && !std::is_same_v<T, bool>,
                "load_triplets needs a numeric value type");
  return detail::load_lines<T, 2>(
      path,
      [](std::string_view line, std::array<std::int64_t, 2> &key, T &value) {
        return detail::parse_triplet(line, key, value);
      },
      [](std::string_view line) {
        return "expected \"row col value\" (three whitespace-separated numbers), got " +
               detail::quote_line(line);
      },
      &extents);
}

/// Loads a text file with a user parser `bool(std::string_view line, std::array<int64_t, N>& key,
/// T& value)` called on each non-blank line not starting with '#' (trailing '\r' removed); it
/// returns false for a malformed line. Extents are the largest index + 1 per dimension.
/// Collective; the parser runs on every rank for that rank's lines, so it must not depend on
/// state from other lines.
template <class T, std::size_t N, class Parser>
SparseArray<T, N> load_text(const std::string &path, Parser &&parser) {
  return detail::load_lines<T, N>(
      path, parser,
      [](std::string_view line) {
        return "the parser rejected this line: " + detail::quote_line(line);
      },
      nullptr);
}

/// As above with fixed extents.
template <class T, std::size_t N, class Parser>
SparseArray<T, N> load_text(const std::string &path, Parser &&parser,
                            const std::array<std::int64_t, N> &extents) {
  return detail::load_lines<T, N>(
      path, parser,
      [](std::string_view line) {
        return "the parser rejected this line: " + detail::quote_line(line);
      },
      &extents);
}

} // namespace orion
