// Collective text loaders producing SparseArrays.
//
// Every rank reads and parses only the lines that start in its byte range of the file; the ranks
// then agree on errors (all of them throw the same LoadError: first about the file, if any rank
// found it unreadable, not a regular file or changing under the load, then naming the first bad
// line in file order) and all-gather the parsed elements in rank order, which is file order. Every
// rank ends up with the whole array, identical to a serial load: in this stage loops and driver
// code run replicated, so every rank needs all the data. Nothing half-loaded is ever returned.
//
// Pieces: <orion/detail/line_scan.hpp> is the skeleton all text loaders share (parse this rank's
// lines, agree on the file and on the first bad line), <orion/detail/file_range.hpp> reads a
// rank's lines, <orion/detail/file_identity.hpp> decides whether the file changed during the
// load, <orion/detail/parse_field.hpp> parses numbers and explains the ones it refuses,
// <orion/detail/extent_limit.hpp> bounds the indices. load_libsvm and load_bag_of_words, included
// at the end, are other formats on the same skeleton.
//
// load_triplets also keeps a binary cache next to the text file (<orion/detail/binary_cache.hpp>,
// --orion-cache): a reload reads raw arrays instead of parsing. load_text does not: its result
// depends on a parser the cache could not tell apart from the next build's.
#pragma once

#include <orion/detail/binary_cache.hpp>
#include <orion/detail/check.hpp>
#include <orion/detail/collective_call.hpp>
#include <orion/detail/comm.hpp>
#include <orion/detail/equal_shares.hpp>
#include <orion/detail/extent_limit.hpp>
#include <orion/detail/file_identity.hpp>
#include <orion/detail/file_range.hpp>
#include <orion/detail/line_scan.hpp>
#include <orion/detail/parse_field.hpp>
#include <orion/detail/placement_headroom.hpp>
#include <orion/detail/state.hpp>
#include <orion/error.hpp>
#include <orion/sparse_array.hpp>

#include <algorithm>
#include <array>
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

/// Parses "row col value" (fast path: yes or no; explain_triplet says why not).
template <class T>
bool parse_triplet(std::string_view line, std::array<std::int64_t, 2> &key, T &value) {
  const char *p = line.data();
  const char *end = p + line.size();
  if (!parse_field(p, end, key[0]) || !parse_field(p, end, key[1]) || !parse_field(p, end, value))
    return false;
  while (p != end && is_blank(*p))
    ++p;
  return p == end;
}

/// Why parse_triplet<T> rejected a line (without its '\n', and without the '\r' of a "\r\n" end).
template <class T> std::string explain_triplet(std::string_view line) {
  if (line.find('\r') != std::string_view::npos)
    return "a carriage return ('\\r') inside the line (only \"\\r\\n\" line ends are "
           "accepted): " +
           quote_line(line);
  const std::string format =
      "expected \"row col value\" (three whitespace-separated numbers), got " + quote_line(line);
  const char *p = line.data();
  const char *end = p + line.size();
  for (std::size_t d = 0; d < 2; ++d) {
    const std::string_view field = next_field(p, end);
    switch (why_not<std::int64_t>(field)) {
    case FieldProblem::none:
      break;
    case FieldProblem::not_integer:
      return "index " + quote_line(field) + " in dimension " + std::to_string(d) +
             " is not an integer: " + quote_line(line);
    case FieldProblem::out_of_range:
      return "index " + quote_line(field) + " in dimension " + std::to_string(d) +
             " does not fit in int64_t: " + quote_line(line);
    default:
      return format;
    }
    p = field.data() + field.size();
  }
  const std::string_view field = next_field(p, end);
  const FieldProblem problem = why_not<T>(field);
  if (problem == FieldProblem::not_integer || problem == FieldProblem::out_of_range)
    return value_problem_text<T>(problem, field) + ": " + quote_line(line);
  return format; // a missing, malformed or extra field
}

template <std::size_t N>
void check_extents(const std::string &path, const std::array<std::int64_t, N> &extents) {
  for (std::size_t d = 0; d < N; ++d)
    if (extents[d] < 0)
      throw LoadError("loading '" + path + "': the extents " + format_index(extents.data(), N) +
                          " must not be negative",
                      true);
}

/// Why an index a line decoded is refused: negative, outside the explicit extents, or (without
/// them) too large for the arrays built from it (see <orion/detail/extent_limit.hpp>).
template <std::size_t N>
std::string bad_index(std::int64_t index, std::size_t d, const std::array<std::int64_t, N> *extents,
                      std::int64_t max_extent, std::string_view line) {
  std::string what;
  if (index < 0)
    what = "negative index " + std::to_string(index) + " in dimension " + std::to_string(d);
  else if (extents != nullptr)
    what = "index " + std::to_string(index) + " is outside the extent " +
           std::to_string((*extents)[d]) + " in dimension " + std::to_string(d);
  else
    what = index_too_large(index, d, max_extent);
  return what + ": " + quote_line(line);
}

/// The loader skeleton for one element per line, on scan_lines. parse(line, key, value) -> bool
/// decodes one non-blank, non-comment line; rejected(line) -> std::string explains a false
/// return. Without extents an index must be below max_extent (agreed_max_extent()). bounds_out,
/// if given, receives the largest index + 1 in each dimension, whatever the extents; stamp_out, if
/// given, the stamp of the file this rank read.
template <class T, std::size_t N, class Parse, class Rejected>
SparseArray<T, N> load_lines(const std::string &path, Parse &&parse, Rejected &&rejected,
                             const std::array<std::int64_t, N> *extents, std::int64_t max_extent,
                             std::array<std::int64_t, N> *bounds_out = nullptr,
                             SourceStamp *stamp_out = nullptr) {
  using key_type = std::array<std::int64_t, N>;
  if (extents != nullptr)
    check_extents(path, *extents);
  key_type limit; // every index must be below it
  for (std::size_t d = 0; d < N; ++d)
    limit[d] = extents != nullptr ? (*extents)[d] : max_extent;

  std::vector<key_type> keys;
  std::vector<T> values;
  key_type max_key;
  max_key.fill(-1);
  const LineScan scan = scan_lines(
      path,
      [&](std::string_view line, std::int64_t, std::int64_t) -> std::optional<std::string> {
        key_type key{};
        T value{};
        if (!parse(line, key, value))
          return rejected(line);
        for (std::size_t d = 0; d < N; ++d) {
          if (key[d] < 0 || key[d] >= limit[d])
            return bad_index(key[d], d, extents, max_extent, line);
          max_key[d] = std::max(max_key[d], key[d]);
        }
        keys.push_back(key);
        values.push_back(value);
        return std::nullopt;
      },
      [&](double factor) { // no regrowth copies
        auto estimate = static_cast<std::size_t>(static_cast<double>(keys.size()) * factor) + 16;
        if (comm_size() > 1 && state().options.distribute)
          estimate = capacity_for_placement(estimate);
        keys.reserve(estimate);
        values.reserve(estimate);
      });
  if (stamp_out != nullptr)
    *stamp_out = scan.stamp;

  // Agree on the shape and gather every part's elements in rank (= file) order. The bounds are
  // reduced with explicit extents too: the cache records them. No index reaches INT64_MAX, so
  // max_key + 1 does not overflow.
  comm_allreduce_max(max_key);
  key_type bounds;
  for (std::size_t d = 0; d < N; ++d)
    bounds[d] = max_key[d] + 1;
  if (bounds_out != nullptr)
    *bounds_out = bounds;
  const key_type shape = extents != nullptr ? *extents : bounds;
  if (comm_size() > 1 && state().options.distribute) {
    std::int64_t total = static_cast<std::int64_t>(keys.size());
    comm_allreduce_sum(std::span<std::int64_t>(&total, 1));
    note_load(path, scan, total);
    equal_shares(keys, values, total); // the shares a load from the cache gives
    return SparseArray<T, N>(distributed, shape, std::move(keys), std::move(values), total);
  }
  if (comm_size() > 1) {
    keys = allgather_vector(keys);
    values = allgather_vector(values);
  }
  note_load(path, scan, static_cast<std::int64_t>(keys.size()));
  return SparseArray<T, N>(trusted, shape, std::move(keys), std::move(values));
}

/// The --orion-verbose line for a cache the ranks could not all use, naming the first rank that
/// could not and why.
inline std::string cache_not_used_line(const std::string &cache, std::int64_t rank,
                                       const std::string &why) {
  return "orion: not using cache '" + cache +
         "': " + (rank == 0 ? std::string() : "rank " + std::to_string(rank) + ": ") + why + "\n";
}

/// A load through the binary cache, for loaders whose result depends only on the file's bytes,
/// T, N and the extents. text_load(max_extent, bounds_out, stamp_out) is the collective text load
/// (load_lines' last three parameters). Collective.
template <class T, std::size_t N, class TextLoad>
SparseArray<T, N> load_cached(const std::string &path, const std::array<std::int64_t, N> *extents,
                              TextLoad &&text_load) {
  using seconds = std::chrono::duration<double>;
  using Read = CacheRead<T, N>;
  const auto started = std::chrono::steady_clock::now();
  const std::int64_t started_ns = wall_clock_ns();
  if (extents != nullptr)
    check_extents(path, *extents);
  const Options &options = state().options;
  const CacheMode mode = options.cache;
  const bool root = comm_rank() == 0;
  const bool distribute = comm_size() > 1 && options.distribute;
  const std::string cache = cache_path_for(path);
  const std::int64_t max_extent = extents != nullptr ? INT64_MAX : agreed_max_extent();
  const std::optional<SourceStamp> before = mode == CacheMode::off ? std::nullopt : stamp_of(path);

  // 1. Every rank reads the cache on its own, then they agree: a rank returning from the cache
  // would leave the others alone in the collective text load.
  Read read;
  if (mode == CacheMode::on && before) {
    read = distribute ? read_cache<T, N>(cache, path, *before, comm_rank(), comm_size())
                      : read_cache<T, N>(cache, path, *before);
    if (read.status == Read::Status::loaded && extents != nullptr) {
      bool fits = true;
      for (std::size_t d = 0; d < N; ++d)
        fits &= read.contents.bounds[d] <= (*extents)[d];
      if (!fits) // the text load reports the line that does not fit
        read = Read::rejected("its elements do not fit the extents " +
                              format_index(extents->data(), N));
    }
    if (read.status == Read::Status::loaded && extents == nullptr) {
      // The rule of the text load (<orion/detail/extent_limit.hpp>), which reports the line.
      bool fits = true;
      for (std::size_t d = 0; d < N; ++d)
        fits &= read.contents.bounds[d] <= max_extent;
      if (!fits)
        read = Read::rejected("its elements need the extents " +
                              format_index(read.contents.bounds.data(), N) + ", more than the " +
                              gigabytes(static_cast<double>(max_extent)) +
                              " of memory available allow");
    }
    // A cache read while its text file changed may hold the text's old version.
    if (read.status == Read::Status::loaded && stamp_of(path) != before)
      read = Read::rejected("'" + path + "' changed while the cache was being read");
  }
  // Ranks that opened different files (copies on each node's disk) each validated their cache
  // against their own copy: the text load compares the copies' contents first.
  if (comm_size() > 1 && mode == CacheMode::on) {
    const StampSpread spread = spread_of_stamps(before, started_ns);
    if (read.status == Read::Status::loaded && !(spread.lo == spread.hi))
      read = Read::rejected("the ranks opened different files named '" + path + "'");
  }
  const bool usable = read.status == Read::Status::loaded;
  const int ranks = comm_size();
  const std::int64_t first_unusable = -comm_allreduce_max(-(usable ? ranks : comm_rank()));
  if (first_unusable >= ranks) {
    CacheContents<T, N> &c = read.contents;
    const double took = seconds(std::chrono::steady_clock::now() - started).count();
    RuntimeState &st = state();
    ++st.cache_loads;
    st.cache_bytes_loaded += static_cast<std::int64_t>(c.file_bytes);
    st.cache_load_seconds += took;
    if (root && (options.verbose || options.stats))
      std::fprintf(stderr, "orion: loaded '%s' from cache '%s': %lld elements, %.1f MB in %.3f s\n",
                   path.c_str(), cache.c_str(), static_cast<long long>(c.nnz), c.file_bytes / 1e6,
                   took);
    const auto shape = extents != nullptr ? *extents : c.bounds;
    if (distribute)
      return SparseArray<T, N>(distributed, shape, std::move(c.keys), std::move(c.values), c.nnz);
    return SparseArray<T, N>(trusted, shape, std::move(c.keys), std::move(c.values));
  }
  const bool absent = read.status == Read::Status::absent;
  const std::string why = comm_bcast_string(
      absent ? std::string("there is no cache file") : read.why, static_cast<int>(first_unusable));
  if (root && options.verbose && mode == CacheMode::on && !(first_unusable == 0 && absent))
    std::fputs(cache_not_used_line(cache, first_unusable, why).c_str(), stderr);
  read = Read(); // free rank 0's copy before the text load allocates another

  // 2. The text, the source of truth.
  std::array<std::int64_t, N> bounds{};
  SourceStamp seen;
  SparseArray<T, N> result = text_load(max_extent, &bounds, &seen);

  // 3. Root (re)writes the cache, unless its own was fine and only another rank could not use it.
  bool write = root && before && mode != CacheMode::off && !(mode == CacheMode::on && usable);
  if (write)
    if (const auto blocker = cache_write_blocker(path, seen, stamp_of(path), started_ns)) {
      if (options.verbose)
        std::fprintf(stderr, "orion: not writing cache '%s': %s\n", cache.c_str(),
                     blocker->c_str());
      write = false;
    }
  // A distributed array's shares travel to the root for the write (only then: the next load
  // reads the cache, a share per rank).
  std::vector<std::array<std::int64_t, N>> gathered_keys;
  std::vector<T> gathered_values;
  if (result.distributed()) {
    if (comm_allreduce_max(write ? 1 : 0) == 0)
      return result;
    gathered_keys = gather_to_root(result.local_keys());
    gathered_values = gather_to_root(result.local_values());
  }
  if (!write)
    return result;
  const auto all_keys = result.distributed()
                            ? std::span<const std::array<std::int64_t, N>>(gathered_keys)
                            : result.keys();
  const auto all_values =
      result.distributed() ? std::span<const T>(gathered_values) : std::as_const(result).values();
  const auto write_started = std::chrono::steady_clock::now();
  const std::optional<std::string> failure =
      write_cache<T, N>(cache, seen, bounds, all_keys, all_values);
  if (failure) {
    std::vector<std::string> &warned = state().cache_warnings;
    if (std::find(warned.begin(), warned.end(), cache) == warned.end()) {
      warned.push_back(cache);
      std::fprintf(stderr,
                   "orion: warning: cannot write cache '%s': %s (loaded '%s' from its text; "
                   "--orion-cache=off skips caching)\n",
                   cache.c_str(), failure->c_str(), path.c_str());
    }
  } else if (options.verbose) {
    const double bytes = static_cast<double>(sizeof(CacheHeader) + sizeof(bounds)) +
                         static_cast<double>(result.nnz()) * (sizeof(bounds) + sizeof(T));
    std::fprintf(stderr, "orion: wrote cache '%s': %.1f MB in %.3f s\n", cache.c_str(), bytes / 1e6,
                 seconds(std::chrono::steady_clock::now() - write_started).count());
  }
  return result;
}

template <class T>
SparseArray<T, 2> load_triplets(const std::string &path,
                                const std::array<std::int64_t, 2> *extents) {
  static_assert(std::is_arithmetic_v<T> && !std::is_same_v<T, bool>,
                "load_triplets needs a numeric value type");
  return load_cached<T, 2>(
      path, extents,
      [&](std::int64_t max_extent, std::array<std::int64_t, 2> *bounds, SourceStamp *stamp) {
        return load_lines<T, 2>(
            path,
            [](std::string_view line, std::array<std::int64_t, 2> &key, T &value) {
              return parse_triplet(line, key, value);
            },
            [](std::string_view line) { return explain_triplet<T>(line); }, extents, max_extent,
            bounds, stamp);
      });
}

} // namespace detail

/// Loads "row col value" lines (0-based indices, whitespace separated; blank lines and lines
/// starting with '#' are skipped; "\r\n" line ends are accepted) into a SparseArray<T, 2> whose
/// extents are the largest index + 1 in each dimension. Collective. Throws LoadError, on every
/// rank, naming path:line for a malformed line, an index that is negative, not an integer or too
/// large (<orion/detail/extent_limit.hpp>), a value that is not a T ("2.5" for an integer type, or
/// out of T's range; a floating-point value too small for T becomes 0 or a denormal), or a '\r'
/// that does not end the line; and naming the path for a file that is missing, unreadable, not a
/// regular file (a FIFO, a directory, a device) or that changed while it was being loaded
/// (<orion/detail/file_identity.hpp>). Reloads come from the binary cache `path.orion-cache` while
/// the file is unchanged (see --orion-cache).
template <class T> SparseArray<T, 2> load_triplets(const std::string &path) {
  detail::enter_collective({detail::CollectiveKind::Load});
  return detail::load_triplets<T>(path, nullptr);
}

/// As above with fixed extents; an index outside them is an error naming the line (and any index
/// inside them is accepted, however large).
template <class T>
SparseArray<T, 2> load_triplets(const std::string &path,
                                const std::array<std::int64_t, 2> &extents) {
  detail::enter_collective({detail::CollectiveKind::Load});
  return detail::load_triplets<T>(path, &extents);
}

/// Loads a text file with a user parser `bool(std::string_view line, std::array<int64_t, N>& key,
/// T& value)` called on each non-blank line not starting with '#' (the '\r' of a "\r\n" line end
/// removed; any other '\r' is the parser's to judge); it returns false for a malformed line.
/// Extents are the largest index + 1 per dimension. The keys are checked as load_triplets checks
/// its indices, and the file as it checks its file. Collective; the parser runs on every rank for
/// that rank's lines, so it must not depend on state from other lines.
template <class T, std::size_t N, class Parser>
SparseArray<T, N> load_text(const std::string &path, Parser &&parser) {
  detail::enter_collective({detail::CollectiveKind::Load});
  return detail::load_lines<T, N>(
      path, parser,
      [](std::string_view line) {
        return "the parser rejected this line: " + detail::quote_line(line);
      },
      nullptr, detail::agreed_max_extent());
}

/// As above with fixed extents.
template <class T, std::size_t N, class Parser>
SparseArray<T, N> load_text(const std::string &path, Parser &&parser,
                            const std::array<std::int64_t, N> &extents) {
  detail::enter_collective({detail::CollectiveKind::Load});
  return detail::load_lines<T, N>(
      path, parser,
      [](std::string_view line) {
        return "the parser rejected this line: " + detail::quote_line(line);
      },
      &extents, INT64_MAX);
}

} // namespace orion

// The loaders of other formats, on the same skeleton (<orion/detail/line_scan.hpp>).
#include <orion/bag_of_words_loader.hpp>
#include <orion/libsvm_loader.hpp>
