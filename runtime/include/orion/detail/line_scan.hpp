// The first half of every collective text load (load_lines for load_triplets and load_text,
// load_libsvm, load_bag_of_words): every rank parses the lines of its byte range, the ranks agree
// on the file (one version of it, or all throw the same LoadError) and on the first bad line in
// file order. What is left to the loader: numbering its records globally (the counts scan_lines
// returns), its own checks across lines, and gathering the elements (allgather_vector).
#pragma once

#include <orion/detail/binary_cache.hpp>
#include <orion/detail/collective_call.hpp>
#include <orion/detail/comm.hpp>
#include <orion/detail/file_identity.hpp>
#include <orion/detail/file_range.hpp>
#include <orion/detail/parse_field.hpp>
#include <orion/detail/state.hpp>
#include <orion/error.hpp>

#include <algorithm>
#include <array>
#include <cerrno>
#include <chrono>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <exception>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

namespace orion::detail {

// Lines read before the loader sizes its vectors from the average line length.
inline constexpr std::int64_t kSampleLines = 4096;

struct LineProblem {
  std::int64_t line; ///< counted from the start of this rank's part
  std::string what;
};

/// The stamps the ranks opened, gathered into their spread (see ranks_disagree). A rank passes
/// nothing if it could not open the file; then `spread` is meaningful only if some rank opened it.
/// Collective.
inline StampSpread spread_of_stamps(const std::optional<SourceStamp> &mine,
                                    std::int64_t opened_ns) {
  constexpr std::size_t kFields = 6;
  auto fields = [](SourceStamp &s) {
    return std::array<std::int64_t *, kFields>{&s.size,      &s.mtime_sec,  &s.mtime_nsec,
                                               &s.ctime_sec, &s.ctime_nsec, &s.inode};
  };
  // Maxima of the fields, then of their complements (~x = -x - 1 orders the other way round and
  // cannot overflow), then of the complemented open time.
  std::array<std::int64_t, 2 * kFields + 1> v;
  v.fill(INT64_MIN);
  if (mine) {
    SourceStamp s = *mine;
    const auto f = fields(s);
    for (std::size_t i = 0; i < kFields; ++i) {
      v[i] = *f[i];
      v[kFields + i] = ~*f[i];
    }
    v[2 * kFields] = ~opened_ns;
  }
  comm_allreduce_max(v);
  StampSpread spread;
  const auto hi = fields(spread.hi);
  const auto lo = fields(spread.lo);
  for (std::size_t i = 0; i < kFields; ++i) {
    *hi[i] = v[i];
    *lo[i] = ~v[kFields + i];
  }
  spread.first_open_ns = ~v[2 * kFields];
  return spread;
}

/// A checksum of the `size` bytes of the file at `path`, or why they could not be read.
inline std::variant<std::uint64_t, std::string> whole_file_checksum(const std::string &path,
                                                                    std::int64_t size) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return std::string(std::strerror(errno));
  FdCloser closer(fd);
  Checksum sum;
  std::vector<unsigned char> buffer(std::size_t{1} << 20);
  for (std::int64_t left = size; left > 0;) {
    const std::size_t chunk = static_cast<std::size_t>(
        std::min<std::int64_t>(left, static_cast<std::int64_t>(buffer.size())));
    if (const int err = read_fully(fd, buffer.data(), chunk))
      return err < 0 ? std::string("it ended early") : std::string(std::strerror(err));
    sum.update(buffer.data(), chunk);
    left -= static_cast<std::int64_t>(chunk);
  }
  return sum.value();
}

/// Collective, when the ranks opened different files of one size, all older than the load (copies
/// on each node's disk, ranks_disagree): each rank reads all of its copy once more and the ranks
/// compare checksums, since each parsed only its own byte range of its own copy, and copies that
/// differ would give a mixture of them. Why the load fails, or nothing.
inline std::optional<std::string> copies_differ(const std::string &path, std::int64_t size) {
  const std::variant<std::uint64_t, std::string> mine = whole_file_checksum(path, size);
  const std::string *unreadable = std::get_if<std::string>(&mine);
  const std::vector<std::int64_t> sums = comm_allgather(
      unreadable ? -1 : static_cast<std::int64_t>(std::get<std::uint64_t>(mine) >> 1));
  if (std::all_of(sums.begin(), sums.end(), [&](std::int64_t s) { return s == sums[0]; }))
    return std::nullopt;
  if (unreadable)
    return "cannot read '" + path +
           "' again to compare it with the other ranks' copies: " + *unreadable;
  std::string groups;
  for (const RankGroup &g : group_ranks(std::span<const std::int64_t>(sums)))
    groups += (groups.empty() ? "" : ", ") + g.ranks + (groups.empty() ? " read one" : " another");
  return different_copies(path, "each rank its own copy of " + std::to_string(size) +
                                    " bytes, and their contents differ: " + groups);
}

/// What scan_lines learnt, beyond what the loader's callback kept.
struct LineScan {
  std::int64_t lines_before = 0;   ///< lines (of any kind) in the parts of lower ranks
  std::int64_t records_before = 0; ///< data lines (non-blank, not '#') in the parts of lower ranks
  std::int64_t records = 0;        ///< data lines in this rank's part
  std::int64_t records_total = 0;  ///< data lines in the file
  std::int64_t bytes = 0;          ///< bytes this rank read
  SourceStamp stamp;               ///< of the file this rank read
  std::chrono::steady_clock::time_point started, parsed;
};

/// Parses this rank's part of `path`. For each data line, on_line(line, local_line, record) ->
/// std::optional<std::string> is called with the line (its "\r\n" end's '\r' removed), its 1-based
/// number within this part and its 0-based data-line number within this part; a returned text
/// names what is wrong with the line and stops the scan. grow(double factor) is called once, early,
/// with the factor by which this part's data so far will roughly grow (to reserve vectors).
/// Collective; throws LoadError on every rank for a bad file or the first bad line in file order.
template <class OnLine, class Grow>
LineScan scan_lines(const std::string &path, OnLine &&on_line, Grow &&grow) {
  LineScan scan;
  scan.started = std::chrono::steady_clock::now();
  std::int64_t lines = 0;
  std::optional<LineProblem> problem;
  std::optional<std::string> failure; // about the file as a whole: wins over any line's problem
  std::optional<SourceStamp> stamp;
  const std::int64_t opened_ns = wall_clock_ns();
  try {
    FileRange file(path, comm_rank(), comm_size());
    stamp = file.stamp();
    std::int64_t consumed = 0;
    file.for_each_line([&](std::string_view line) {
      ++lines;
      consumed += static_cast<std::int64_t>(line.size()) + 1;
      if (lines == kSampleLines)
        grow(static_cast<double>(file.range_size()) / static_cast<double>(consumed) * 1.05);
      if (!line.empty() && line.back() == '\r')
        line.remove_suffix(1);
      std::size_t first = 0;
      while (first < line.size() && is_blank(line[first]))
        ++first;
      if (first == line.size() || line[first] == '#')
        return true;
      try {
        if (std::optional<std::string> what = on_line(line, lines, scan.records)) {
          problem = LineProblem{lines, std::move(*what)};
          return false;
        }
      } catch (const std::bad_alloc &) {
        throw;
      } catch (const std::exception &e) {
        problem = LineProblem{lines, std::string("the parser threw \"") + e.what() + "\" on " +
                                         quote_line(line)};
        return false;
      }
      ++scan.records;
      return true;
    });
    scan.bytes = file.bytes_read();
    file.check_unchanged(); // also after a bad line: a torn file explains bad lines
  } catch (const LoadError &e) {
    failure = e.what();
  } catch (const std::bad_alloc &) {
    failure = "out of memory while loading '" + path + "'";
  }
  scan.parsed = std::chrono::steady_clock::now();

  const StampSpread spread = spread_of_stamps(stamp, opened_ns);
  if (!failure && stamp)
    failure = ranks_disagree(path, spread);
  raise_if_any<LoadError>(failure);
  if (!(spread.lo == spread.hi))
    raise_if_any<LoadError>(copies_differ(path, spread.lo.size));
  scan.stamp = *stamp;

  // A part that stopped at a bad line undercounts, which only shifts the numbers of later parts,
  // whose errors lose to its own anyway.
  scan.lines_before = comm_exscan_sum(lines);
  std::optional<std::string> bad_line;
  if (problem)
    bad_line =
        path + ":" + std::to_string(scan.lines_before + problem->line) + ": " + problem->what;
  raise_if_any<LoadError>(bad_line);

  scan.records_before = comm_exscan_sum(scan.records);
  for (const std::int64_t n : comm_allgather(scan.records))
    scan.records_total += n;
  return scan;
}

/// Counts a finished load in the --orion-stats totals and prints its --orion-verbose line.
inline void note_load(const std::string &path, const LineScan &scan, std::int64_t elements) {
  using seconds = std::chrono::duration<double>;
  RuntimeState &st = state();
  const double parse_seconds = seconds(scan.parsed - scan.started).count();
  st.loads += 1;
  st.bytes_loaded += scan.bytes;
  st.load_seconds += parse_seconds;
  if (st.options.verbose && comm_rank() == 0)
    std::fprintf(stderr,
                 "orion: loaded '%s': %lld elements; rank 0 parsed %.1f MB in %.3f s, %.3f s in "
                 "all\n",
                 path.c_str(), static_cast<long long>(elements), scan.bytes / 1e6, parse_seconds,
                 seconds(std::chrono::steady_clock::now() - scan.started).count());
}

/// Collective: throws LoadError on every rank if any rank found a problem with a line; the
/// problem of the lowest rank wins, so each rank must pass its first problem in file order.
inline void raise_line_problem(const std::string &path, const LineScan &scan,
                               const std::optional<LineProblem> &problem) {
  std::optional<std::string> text;
  if (problem)
    text = path + ":" + std::to_string(scan.lines_before + problem->line) + ": " + problem->what;
  raise_if_any<LoadError>(text);
}

} // namespace orion::detail
