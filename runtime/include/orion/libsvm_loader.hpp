// orion::load_libsvm: LIBSVM / SVMlight classification and regression data.
#pragma once

#include <orion/dense_array.hpp>
#include <orion/detail/collective_call.hpp>
#include <orion/detail/extent_limit.hpp>
#include <orion/detail/line_scan.hpp>
#include <orion/detail/state.hpp>
#include <orion/sparse_array.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace orion {

/// What load_libsvm returns: X(sample, feature) holds the feature values, y(sample) the labels.
/// An aggregate, so `auto [X, y] = orion::load_libsvm<float>(path);` works.
template <class T> struct LibsvmData {
  SparseArray<T, 2> X;
  DenseArray<T, 1> y;
};

namespace detail {

/// Why the value field of a "fid:val" token or a label is not a T.
template <class T>
std::string libsvm_value_problem(std::string_view what, std::string_view field,
                                 std::string_view line) {
  if (field.empty())
    return std::string(what) + " is missing: " + quote_line(line);
  const FieldProblem problem = why_not<T>(field);
  if (problem == FieldProblem::not_integer || problem == FieldProblem::out_of_range)
    return std::string(what) + " " + value_problem_text<T>(problem, field).substr(6) + ": " +
           quote_line(line); // substr: drop value_problem_text's leading "value "
  return std::string(what) + " " + quote_line(field) + " is not a number: " + quote_line(line);
}

/// Parses one "label fid:val fid:val ..." line, the sample `row`: appends its features to keys
/// (row, fid - 1) and vals and its label to labels, or says what is wrong. `max_fid` is the largest
/// feature id seen so far.
template <class T>
std::optional<std::string>
parse_libsvm_line(std::string_view line, std::int64_t row, std::int64_t max_extent,
                  std::vector<std::array<std::int64_t, 2>> &keys, std::vector<T> &vals,
                  std::vector<T> &labels, std::int64_t &max_fid) {
  if (line.find('\r') != std::string_view::npos)
    return "a carriage return ('\\r') inside the line (only \"\\r\\n\" line ends are accepted): " +
           quote_line(line);
  const char *p = line.data();
  const char *end = p + line.size();
  T label{};
  if (!parse_field(p, end, label))
    return libsvm_value_problem<T>("label", next_field(line.data(), end), line);
  labels.push_back(label);
  const std::size_t first = keys.size();
  std::int64_t previous = 0;
  for (;;) {
    const std::string_view token = next_field(p, end);
    if (token.empty() || token[0] == '#') // SVMlight lets a "# info" comment end the line
      break;
    p = token.data() + token.size();
    const std::size_t colon = token.find(':');
    if (token.substr(0, 4) == "qid:")
      return "\"qid:\" tokens (SVMlight ranking data) are not supported: " + quote_line(line);
    if (colon == std::string_view::npos)
      return "expected \"feature:value\", got " + quote_line(token) + ": " + quote_line(line);
    const std::string_view id_text = token.substr(0, colon);
    const std::string_view value_text = token.substr(colon + 1);
    const char *q = id_text.data();
    std::int64_t fid = 0;
    if (!integer_syntax(id_text) || !parse_field(q, id_text.data() + id_text.size(), fid))
      return "feature id " + quote_line(id_text) + " in " + quote_line(token) +
             " is not an integer that fits in int64_t: " + quote_line(line);
    if (fid < 1)
      return "feature id " + std::to_string(fid) + " in " + quote_line(token) +
             " is not positive (LIBSVM ids start at 1): " + quote_line(line);
    if (fid <= previous)
      return "feature id " + std::to_string(fid) + " follows " + std::to_string(previous) +
             " (the ids of a line must be strictly increasing): " + quote_line(line);
    if (fid - 1 >= max_extent)
      return "feature id " + std::to_string(fid) + " (" +
             index_too_large(fid - 1, 1, max_extent, "number the feature ids densely from 1") +
             "): " + quote_line(line);
    const char *v = value_text.data();
    T value{};
    if (!parse_field(v, value_text.data() + value_text.size(), value))
      return libsvm_value_problem<T>("feature value", value_text, line);
    previous = fid;
    keys.push_back({row, fid - 1});
    vals.push_back(value);
  }
  if (keys.size() > first)
    max_fid = std::max(max_fid, previous);
  return std::nullopt;
}

} // namespace detail

/// Loads LIBSVM / SVMlight data: one sample per line, `label fid:val fid:val ...`, whitespace
/// separated, feature ids 1-based and strictly increasing within a line. X is keyed (sample,
/// feature) with feature = id - 1; sample counts the data lines from 0. Blank lines and lines
/// starting with '#' are skipped (and do not count as samples), as load_triplets skips them; a '#'
/// token ends a line (SVMlight's "# info"); "\r\n" line ends are accepted. A line with a label and
/// no features is a sample with an empty row. Extents: X (samples, largest feature id), y
/// (samples). Labels are T values ("+1", "-1", "0", "2.5"). Collective. Throws LoadError, on every
/// rank, naming path:line for a malformed label or "fid:val" token, a feature id that is not a
/// positive integer, not above the previous one, or too large (<orion/detail/extent_limit.hpp>), a
/// label or value that is not a T, or a "qid:" token (ranking data is not supported); and naming
/// the path for a file that is missing, unreadable, not a regular file or changed while loading.
/// Not cached (--orion-cache does not apply).
template <class T> LibsvmData<T> load_libsvm(const std::string &path) {
  static_assert(std::is_arithmetic_v<T> && !std::is_same_v<T, bool>,
                "load_libsvm needs a numeric value type");
  using namespace detail;
  enter_collective({CollectiveKind::Load});
  const std::int64_t max_extent = agreed_max_extent();
  // Keyed by the sample's number within this rank's part until the parts before it are counted:
  // the keys are the only per-element record (no separate row and column vectors to combine).
  std::vector<std::array<std::int64_t, 2>> keys;
  std::vector<T> vals;
  std::vector<T> labels;
  std::int64_t max_fid = 0;
  const LineScan scan = scan_lines(
      path,
      [&](std::string_view line, std::int64_t, std::int64_t sample) {
        return parse_libsvm_line<T>(line, sample, max_extent, keys, vals, labels, max_fid);
      },
      [&](double factor) {
        const auto grown = [&](std::size_t n) { return static_cast<std::size_t>(n * factor) + 16; };
        keys.reserve(grown(keys.size()));
        vals.reserve(grown(vals.size()));
        labels.reserve(grown(labels.size()));
      });

  for (std::array<std::int64_t, 2> &key : keys)
    key[0] += scan.records_before;
  max_fid = comm_allreduce_max(max_fid);
  // X stays distributed on several ranks: each rank keeps the samples it parsed, whole rows in
  // order, and a loop over the samples fetches only the rows its rank runs and lacks
  // (runtime/src/sparse_rows.hpp). The labels are small: every rank gets all of them.
  const bool distribute = comm_size() > 1 && state().options.distribute;
  const RowShare rows{true, scan.records_before,
                      scan.records_before + static_cast<std::int64_t>(labels.size())};
  std::int64_t total = static_cast<std::int64_t>(keys.size());
  if (distribute) {
    comm_allreduce_sum(std::span<std::int64_t>(&total, 1));
  } else if (comm_size() > 1) {
    keys = allgather_vector(keys);
    vals = allgather_vector(vals);
    total = static_cast<std::int64_t>(keys.size());
  }
  if (comm_size() > 1)
    labels = allgather_vector(labels);
  note_load(path, scan, total);
  const std::array<std::int64_t, 2> shape{scan.records_total, max_fid};
  LibsvmData<T> data{
      distribute
          ? SparseArray<T, 2>(distributed, shape, std::move(keys), std::move(vals), total, rows)
          : SparseArray<T, 2>(trusted, shape, std::move(keys), std::move(vals)),
      DenseArray<T, 1>({scan.records_total})};
  if (!labels.empty())
    std::memcpy(data.y.data(), labels.data(), labels.size() * sizeof(T));
  return data;
}

} // namespace orion
