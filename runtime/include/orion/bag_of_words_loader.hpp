// orion::load_bag_of_words: corpora in the UCI "bag of words" docword format.
#pragma once

#include <orion/detail/collective_call.hpp>
#include <orion/detail/extent_limit.hpp>
#include <orion/detail/line_scan.hpp>
#include <orion/detail/placement_headroom.hpp>
#include <orion/detail/state.hpp>
#include <orion/sparse_array.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <new>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace orion {

namespace detail {

/// One line of a docword file, as parsed before the ranks know which lines are the header.
struct DocwordLine {
  std::int64_t line;                 ///< 1-based, within this rank's part
  std::array<std::int64_t, 3> field; ///< the header value in field[0], or doc, word, count
  int fields;
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

/// What load_bag_of_words keeps of the lines it parses, beyond the tokens: only what can still
/// turn out to be a problem once the header is known, never a record per line (on a corpus, a
/// record per "doc word count" line took more memory than the tokens).
struct DocwordScan {
  /// A line with its 0-based data-line number within this rank's part.
  struct Record {
    std::int64_t record;
    DocwordLine line;
  };
  std::vector<Record> early; ///< the part's first three records: header lines, if it holds any
  /// The part's first line that is wrong whatever the header says (a malformed line, one with
  /// the wrong number of fields or a non-positive id or count); nothing after it is kept.
  std::optional<Record> bad;
  std::string bad_text; ///< for a malformed `bad`, the line (never blank); else empty
  /// The lines whose document (word) id is larger than every one before them: the first line
  /// whose id passes D (W) is among them.
  std::vector<Record> doc_highs, word_highs;
  /// (record, line) wherever a record's line is not the one after the previous record's (blank
  /// and comment lines in between): the line of any record, for the one past NNZ.
  std::vector<std::pair<std::int64_t, std::int64_t>> line_jumps;
  std::int64_t next_line = 1;
  std::int64_t tokens = 0, max_count = 0;
  bool too_many = false; ///< more tokens than memory can hold: nothing more is expanded

  std::int64_t line_of(std::int64_t record) const {
    auto it = std::upper_bound(
        line_jumps.begin(), line_jumps.end(), record,
        [](std::int64_t r, const std::pair<std::int64_t, std::int64_t> &j) { return r < j.first; });
    if (it == line_jumps.begin())
      return record + 1;
    --it;
    return it->second + (record - it->first);
  }
};

/// This part's first bad line in file order, given the header agreed by the ranks.
inline std::optional<LineProblem> first_docword_problem(const DocwordScan &s, const LineScan &scan,
                                                        const std::array<std::int64_t, 3> &header,
                                                        std::int64_t max_extent) {
  std::optional<LineProblem> first;
  std::int64_t first_record = std::numeric_limits<std::int64_t>::max();
  auto consider = [&](std::int64_t record, const DocwordLine &l) {
    if (record >= first_record)
      return;
    if (auto what = docword_problem(l, scan.records_before + record, header, max_extent)) {
      first = LineProblem{l.line, *what};
      first_record = record;
    }
  };
  for (const DocwordScan::Record &r : s.early)
    consider(r.record, r.line);
  for (const std::size_t field : {0, 1})
    for (const DocwordScan::Record &r : field == 0 ? s.doc_highs : s.word_highs)
      if (r.line.field[field] > header[field]) {
        consider(r.record, r.line);
        break;
      }
  // The first record past the NNZ the header announces: a three-field line unless it is among
  // those above (an early record or the bad one).
  // (Compared before it is computed: NNZ may be as large as an int64_t gets.)
  if (header[2] < scan.records_before + scan.records - 3 && header[2] >= scan.records_before) {
    const std::int64_t past = header[2] + 3 - scan.records_before;
    if (!s.bad || past < s.bad->record)
      consider(past, DocwordLine{s.line_of(past), {1, 1, 1}, 3});
  }
  if (s.bad && s.bad->record < first_record) {
    if (s.bad_text.empty()) {
      consider(s.bad->record, s.bad->line);
    } else {
      const std::int64_t record = scan.records_before + s.bad->record;
      const std::string expected =
          record < 3 ? std::string("expected header line ") + std::to_string(record + 1) +
                           " of 3, " + kDocwordHeader[record] + ", as one integer"
                     : std::string("expected \"doc word count\" (three integers)");
      first = LineProblem{s.bad->line.line, expected + ", got " + quote_line(s.bad_text)};
    }
  }
  return first;
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
/// load_triplets returns), unless --orion-distribute=off. The tokens are expanded as the lines
/// are read, before the header is known (it may lie in another rank's part): what is kept of the
/// lines is only what can still be wrong (DocwordScan), so the loader's peak is about the tokens.
inline SparseArray<std::int32_t, 3> load_bag_of_words(const std::string &path) {
  using namespace detail;
  enter_collective({CollectiveKind::Load});
  const std::int64_t max_extent = agreed_max_extent();
  const bool distribute = comm_size() > 1 && state().options.distribute;
  using Key = std::array<std::int64_t, 3>;
  // Each count is at most max_extent, so the sum cannot overflow before it passes the limit.
  const std::int64_t token_limit = max_extent / static_cast<std::int64_t>(sizeof(Key));
  std::vector<Key> keys;
  DocwordScan s;
  const LineScan scan = scan_lines(
      path,
      [&](std::string_view line, std::int64_t number,
          std::int64_t record) -> std::optional<std::string> {
        // This part's first definite problem is known: the rest cannot matter.
        if (s.bad)
          return std::nullopt;
        if (number != s.next_line)
          s.line_jumps.emplace_back(record, number);
        s.next_line = number + 1;
        DocwordLine l{number, {}, 0};
        if (line.find('\r') != std::string_view::npos || !parse_docword_line(line, l)) {
          s.bad = DocwordScan::Record{record, l};
          s.bad_text = std::string(line);
          return std::nullopt;
        }
        // Any of the first three records of a part may be a header line; no later one can.
        if (record < 3)
          s.early.push_back({record, l});
        if (l.fields != 3) {
          if (record >= 3)
            s.bad = DocwordScan::Record{record, l};
          return std::nullopt;
        }
        const auto [doc, word, count] = l.field;
        if (doc < 1 || word < 1 || count < 1 || count > max_extent) {
          if (record >= 3)
            s.bad = DocwordScan::Record{record, l};
          return std::nullopt;
        }
        if (doc > (s.doc_highs.empty() ? 0 : s.doc_highs.back().line.field[0]))
          s.doc_highs.push_back({record, l});
        if (word > (s.word_highs.empty() ? 0 : s.word_highs.back().line.field[1]))
          s.word_highs.push_back({record, l});
        if (s.too_many || count > token_limit - s.tokens) {
          s.too_many = true;
          return std::nullopt;
        }
        s.tokens += count;
        s.max_count = std::max(s.max_count, count);
        // Grown by a quarter, not doubled, when the estimate falls short. Memory that runs out
        // here is reported after the lines' problems, as before the tokens were expanded while
        // reading: a line past NNZ with a huge count must be named, not hidden behind it.
        try {
          if (keys.capacity() - keys.size() < static_cast<std::size_t>(count))
            keys.reserve(keys.size() + static_cast<std::size_t>(count) + keys.size() / 4 + 1024);
        } catch (const std::bad_alloc &) {
          s.too_many = true;
          return std::nullopt;
        }
        for (std::int64_t k = 0; k < count; ++k)
          keys.push_back({doc - 1, word - 1, k});
        return std::nullopt;
      },
      [&](double factor) { // tokens per byte so far, over the whole part: no regrowth copies
        // Capped by what memory allows: a sample of dense lines before a long comment would
        // extrapolate to more than that, and a failed reservation is no error.
        const double estimate = std::min(static_cast<double>(keys.size()) * factor + 16,
                                         static_cast<double>(token_limit));
        const auto n = static_cast<std::size_t>(estimate);
        try {
          // A share that the first loop's placement may grow gets room to grow in place.
          keys.reserve(distribute ? capacity_for_placement(n) : n);
        } catch (const std::bad_alloc &) {    // the vector grows as the tokens come
        } catch (const std::length_error &) { // likewise
        }
      });

  // 1. The header, from whichever ranks hold its lines, with their line numbers.
  std::array<std::int64_t, 6> header{-1, -1, -1, -1, -1, -1};
  for (const DocwordScan::Record &r : s.early) {
    const std::int64_t record = scan.records_before + r.record;
    if (record < 3 && r.line.fields == 1) {
      header[static_cast<std::size_t>(record)] = r.line.field[0];
      header[static_cast<std::size_t>(record) + 3] = scan.lines_before + r.line.line;
    }
  }
  comm_allreduce_max(header);
  const std::array<std::int64_t, 3> dwn{header[0], header[1], header[2]};

  // 2. Each rank's first bad line, in file order.
  raise_line_problem(path, scan, first_docword_problem(s, scan, dwn, max_extent));

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
  std::optional<std::string> failure;
  if (s.too_many)
    failure = "out of memory while loading '" + path + "'";
  raise_if_any<LoadError>(failure);

  // 4. The tokens, expanded already: every line kept is a data line (a header line has one field,
  // and any other line in a header position was reported above).
  const std::int64_t max_count = comm_allreduce_max(s.max_count);
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
