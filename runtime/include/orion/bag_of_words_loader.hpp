// orion::load_bag_of_words: corpora in the UCI "bag of words" docword format.
#pragma once

#include <orion/detail/collective_call.hpp>
#include <orion/detail/extent_limit.hpp>
#include <orion/detail/line_scan.hpp>
#include <orion/detail/placement_headroom.hpp>
#include <orion/detail/state.hpp>
#include <orion/sparse_array.hpp>

#include <array>
#include <cstdint>
#include <new>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace orion {

namespace detail {

/// One data line of a docword file, as parsed before the ranks know which lines are the header.
struct DocwordLine {
  std::int64_t line;                 ///< 1-based, within this rank's part
  std::array<std::int64_t, 3> field; ///< the header value in field[0], or doc, word, count
  int fields;
};

/// A line that is not one to three integers: reported once the ranks know what it should be.
struct DocwordMalformed {
  std::int64_t line;
  std::int64_t record; ///< local data-line number
  std::string text;
};

inline constexpr const char *kDocwordHeader[3] = {"D (the number of documents)",
                                                  "W (the number of words)",
                                                  "NNZ (the number of \"doc word count\" lines)"};

/// Up to three integers; false if the line has more fields or one that is not an int64_t.
inline bool parse_docword_line(std::string_view line, DocwordLine &out) {
  const char *p = line.data();
  const char *end = p + line.size();
  out.fields = 0;
  while (!next_field(p, end).empty()) {
    if (out.fields == 3 || !parse_field(p, end, out.field[static_cast<std::size_t>(out.fields)]))
      return false;
    ++out.fields;
  }
  return true;
}

/// What is wrong with the data line whose 0-based number in the file is `record`, given the
/// header values agreed so far (-1 where unknown), or nothing.
inline std::optional<std::string> docword_problem(const DocwordLine &l, std::int64_t record,
                                                  const std::array<std::int64_t, 3> &header,
                                                  std::int64_t max_extent) {
  if (record < 3) {
    const std::string expected = std::string("header line ") + std::to_string(record + 1) +
                                 " of 3 must be " + kDocwordHeader[record];
    if (l.fields != 1)
      return expected + ", one integer, but this line has " + std::to_string(l.fields);
    if (l.field[0] < 0)
      return expected + ", not negative: " + std::to_string(l.field[0]);
    if (record < 2 && l.field[0] > max_extent)
      return expected + ": " + std::to_string(l.field[0]) + " is too large (arrays indexed by it " +
             "would need more than the " + gigabytes(static_cast<double>(max_extent)) +
             " of memory here)";
    return std::nullopt;
  }
  const auto [D, W, NNZ] = header;
  if (l.fields != 3)
    return "expected \"doc word count\" (three integers), but this line has " +
           std::to_string(l.fields) + " field" + (l.fields == 1 ? "" : "s");
  if (record - 3 >= NNZ)
    return "more \"doc word count\" lines than the NNZ = " + std::to_string(NNZ) +
           " the header announces";
  const auto [doc, word, count] = l.field;
  if (doc < 1 || doc > D)
    return "document id " + std::to_string(doc) + " is outside 1.." + std::to_string(D) +
           " (D = " + std::to_string(D) + ")";
  if (word < 1 || word > W)
    return "word id " + std::to_string(word) + " is outside 1.." + std::to_string(W) +
           " (W = " + std::to_string(W) + ")";
  if (count < 1)
    return "count " + std::to_string(count) + " is not positive";
  if (count > max_extent)
    return "count " + std::to_string(count) + " is too large: the occurrence " +
           index_too_large(count - 1, 2, max_extent, "check the counts in the file");
  return std::nullopt;
}

} // namespace detail

/// Loads a UCI bag-of-words file (docword.*.txt): three header lines D, W and NNZ, then NNZ lines
/// "doc word count" with 1-based document and word ids. A count c becomes c elements keyed (doc -
/// 1, word - 1, k) for k = 0..c-1, each with value 0, so a loop over the array visits every token
/// of the corpus once (the value is free for a per-token variable such as a topic). Extents (D, W,
/// largest count). Blank lines and lines starting with '#' are skipped; "\r\n" line ends are
/// accepted. A repeated (doc, word) pair is not detected: its tokens are added again. Collective.
/// Throws LoadError, on every rank, naming path:line for a header line that is not one
/// non-negative integer, a data line that is not three integers, a document id outside 1..D, a
/// word id outside 1..W, a count below 1, or more data lines than NNZ; naming the NNZ line when
/// the file has fewer data lines than NNZ; and naming the path for a file without the three header
/// lines, missing, unreadable, not a regular file or changed while loading. Not cached. On several
/// ranks each rank keeps the tokens of its part of the file (a distributed SparseArray, as
/// load_triplets returns), unless --orion-distribute=off.
inline SparseArray<std::int32_t, 3> load_bag_of_words(const std::string &path) {
  using namespace detail;
  enter_collective({CollectiveKind::Load});
  const std::int64_t max_extent = agreed_max_extent();
  std::vector<DocwordLine> lines;
  std::optional<DocwordMalformed> malformed;
  const LineScan scan = scan_lines(
      path,
      [&](std::string_view line, std::int64_t number,
          std::int64_t record) -> std::optional<std::string> {
        if (malformed)
          return std::nullopt; // this part's first problem is known; the rest cannot matter
        DocwordLine l{number, {}, 0};
        if (line.find('\r') != std::string_view::npos || !parse_docword_line(line, l))
          malformed = DocwordMalformed{number, record, std::string(line)};
        else
          lines.push_back(l);
        return std::nullopt;
      },
      [&](double factor) { lines.reserve(static_cast<std::size_t>(lines.size() * factor) + 16); });

  // 1. The header, from whichever ranks hold its lines, with their line numbers.
  std::array<std::int64_t, 6> header{-1, -1, -1, -1, -1, -1};
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::int64_t record = scan.records_before + static_cast<std::int64_t>(i);
    if (record < 3 && lines[i].fields == 1) {
      header[static_cast<std::size_t>(record)] = lines[i].field[0];
      header[static_cast<std::size_t>(record) + 3] = scan.lines_before + lines[i].line;
    }
  }
  comm_allreduce_max(header);
  const std::array<std::int64_t, 3> dwn{header[0], header[1], header[2]};

  // 2. Each rank's first bad line, in file order. Records before a malformed line are checked
  // first; `lines` holds exactly those, as the scan keeps nothing after one.
  std::optional<LineProblem> problem;
  for (std::size_t i = 0; i < lines.size() && !problem; ++i)
    if (auto what = docword_problem(lines[i], scan.records_before + static_cast<std::int64_t>(i),
                                    dwn, max_extent))
      problem = LineProblem{lines[i].line, *what};
  if (!problem && malformed) {
    const std::int64_t record = scan.records_before + malformed->record;
    const std::string expected =
        record < 3 ? std::string("expected header line ") + std::to_string(record + 1) + " of 3, " +
                         kDocwordHeader[record] + ", as one integer"
                   : std::string("expected \"doc word count\" (three integers)");
    problem = LineProblem{malformed->line, expected + ", got " + quote_line(malformed->text)};
  }
  raise_line_problem(path, scan, problem);

  // 3. The file as a whole against its header.
  if (scan.records_total < 3)
    throw LoadError("loading '" + path +
                        "': expected three header lines (D, W and NNZ) before the \"doc word "
                        "count\" lines, but the file has " +
                        std::to_string(scan.records_total) + " line" +
                        (scan.records_total == 1 ? "" : "s"),
                    true);
  if (scan.records_total - 3 < dwn[2])
    throw LoadError(path + ":" + std::to_string(header[5]) + ": the header announces NNZ = " +
                        std::to_string(dwn[2]) + " \"doc word count\" lines, but the file has " +
                        std::to_string(scan.records_total - 3),
                    true);

  // 4. The tokens.
  const bool distribute = comm_size() > 1 && state().options.distribute;
  std::int64_t max_count = 0;
  std::vector<std::array<std::int64_t, 3>> keys;
  std::optional<std::string> failure;
  try {
    // Each count is at most max_extent, so the sum cannot overflow before it passes the limit.
    const std::int64_t limit = max_extent / static_cast<std::int64_t>(sizeof(keys[0]));
    std::int64_t tokens = 0;
    for (std::size_t i = 0; i < lines.size() && tokens <= limit; ++i)
      if (scan.records_before + static_cast<std::int64_t>(i) >= 3)
        tokens += lines[i].field[2];
    if (tokens > limit)
      throw std::bad_alloc();
    // A share that the first loop's placement may grow gets room to grow in place.
    keys.reserve(distribute ? capacity_for_placement(static_cast<std::size_t>(tokens))
                            : static_cast<std::size_t>(tokens));
    for (std::size_t i = 0; i < lines.size(); ++i) {
      if (scan.records_before + static_cast<std::int64_t>(i) < 3)
        continue;
      const auto [doc, word, count] = lines[i].field;
      max_count = std::max(max_count, count);
      for (std::int64_t k = 0; k < count; ++k)
        keys.push_back({doc - 1, word - 1, k});
    }
  } catch (const std::bad_alloc &) {
    failure = "out of memory while loading '" + path + "'";
  }
  std::vector<DocwordLine>().swap(lines);
  raise_if_any<LoadError>(failure);
  max_count = comm_allreduce_max(max_count);
  const std::array<std::int64_t, 3> shape{dwn[0], dwn[1], max_count};
  if (distribute) {
    // Each rank keeps the tokens of its lines, as load_triplets does: a loop over the tokens
    // places them where it runs them, and driver code that reads them gathers them.
    std::int64_t total = static_cast<std::int64_t>(keys.size());
    comm_allreduce_sum(std::span<std::int64_t>(&total, 1));
    note_load(path, scan, total);
    std::vector<std::int32_t> values;
    values.reserve(keys.capacity());
    values.resize(keys.size(), 0);
    return SparseArray<std::int32_t, 3>(distributed, shape, std::move(keys), std::move(values),
                                        total);
  }
  if (comm_size() > 1)
    keys = allgather_vector(keys);
  note_load(path, scan, static_cast<std::int64_t>(keys.size()));
  std::vector<std::int32_t> values(keys.size(), 0);
  return SparseArray<std::int32_t, 3>(trusted, shape, std::move(keys), std::move(values));
}

} // namespace orion
