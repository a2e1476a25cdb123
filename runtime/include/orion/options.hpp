// Runtime options: the --orion-* command-line flags and the ORION_* environment variables.
#pragma once

#include <orion/error.hpp>

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace orion {

/// --orion-cache: whether the loaders use the binary cache next to a text file
/// (<orion/detail/binary_cache.hpp>).
enum class CacheMode {
  on,     ///< read a valid cache; after a text load, write one
  off,    ///< neither read nor write
  refresh ///< ignore an existing cache, load the text and rewrite the cache
};

/// The options a Session was started with. Executors read them through orion::options().
struct Options {
  /// Worker threads per rank as requested; 0 means "my share of this node's cores".
  int threads = 0;
  /// Where `threads` was set, for messages: "--orion-threads", "environment variable
  /// ORION_THREADS", or empty (the default).
  std::string threads_source;
  /// --orion-check: record read/write sets of concurrently running partitions and fail on conflict.
  bool check = false;
  /// --orion-replay-serial: replay a parallel run's partition order on one worker.
  bool replay_serial = false;
  bool verbose = false;
  bool stats = false;
  /// --orion-digest: after every parallel loop, print a checksum of each array it wrote.
  bool digest = false;
  /// Seeds orion::rng(); the same seed gives the same streams on every run and every rank.
  std::uint64_t seed = 42;
  CacheMode cache = CacheMode::on;
  /// --orion-stagger=N: the first N passes of each unordered 2D loop start staggered, as a
  /// wavefront (worker w begins once w - 1 has handed it its first block), instead of with every
  /// worker at once. From a random start, blocks that begin together each fit the data in a
  /// latent basis of their own (SGD matrix factorization: the W and H of different blocks end up
  /// rotated against each other) and later passes spend epochs reconciling them; a staggered
  /// pass grows one basis from block (0, 0). It idles (P - 1) of the pass's kP + P - 1 steps.
  int stagger = 1;
  /// --orion-rotation-depth=K: a rotation on P workers cuts the rotated dimension into K * P time
  /// parts (K parts per worker). A larger K gives a worker slack to run ahead of its neighbour
  /// (it waits for the part it needs next, not for a whole ring step); a smaller one splits each
  /// row of the data into fewer pieces per pass, which on data sorted by row keeps more of the
  /// serial order's consecutive updates of a row (docs/bench-convergence.md). 0 (the default):
  /// chosen per loop (detail::choose_rotation_depth): 1 over sparse data sorted by row (the
  /// rotation's space dimension), else 2.
  int rotation_depth = 0;
  /// --orion-merge-every=N: a loop that updates a relaxed array merges the workers' updates at
  /// least every N iterations of a worker, besides at the end of each block (0, the default: at
  /// the end of each block only). Staleness against merge cost: a 1D loop has a single block per
  /// worker, and a merge costs a round trip of every worker (and of every rank).
  std::int64_t merge_every = 0;
  /// --orion-shard-min-bytes=N: on several ranks, a served array (read with subscripts no
  /// schedule partitions, or updated through relax(...) or a Buffer) of at least N bytes is
  /// sharded across the ranks by rows instead of held whole by each (docs/runtime.md, "Served
  /// arrays"). Smaller arrays cost less to replicate than to serve. The same bound applies to a
  /// local array whose rows stay on the ranks that wrote them ("Local arrays stay with their
  /// rows").
  std::int64_t shard_min_bytes = std::int64_t{1} << 20;
  /// --orion-prefetch=on|off: before each block, fetch the rows of sharded arrays that the
  /// loop's prefetch slice names in bulk; off, every such row is fetched when first read (a miss).
  bool prefetch = true;
  /// --orion-served-cache-mb=N: once the rows a rank has cached of a sharded array (counted at
  /// least a page each) pass N MiB, their pages go back to the system when the loop ends.
  std::int64_t served_cache_mb = 256;
  /// --orion-distribute=on|off: on several ranks, the triplet and text loaders leave each rank
  /// only its share of the elements and parallel loops place them on the ranks that run them
  /// (docs/runtime.md, "Distributed sparse data"); off, every rank holds the whole array.
  bool distribute = true;
};

/// Looks up an environment variable; injectable so that option parsing is testable.
using EnvLookup = const char *(*)(const char *name);

inline const char *system_env(const char *name) { return std::getenv(name); }

namespace detail {

inline constexpr std::string_view kValidFlags =
    "--orion-threads=N, --orion-check, --orion-replay-serial, --orion-verbose, --orion-stats, "
    "--orion-digest, --orion-seed=N, --orion-cache=on|off|refresh, --orion-stagger=N, "
    "--orion-rotation-depth=K, --orion-merge-every=N, --orion-shard-min-bytes=N, "
    "--orion-prefetch=on|off, --orion-served-cache-mb=N, --orion-distribute=on|off";

[[noreturn]] inline void option_error(const std::string &what) {
  throw OptionError(what + "; valid flags: " + std::string(kValidFlags));
}

template <class Int> std::optional<Int> parse_integer(std::string_view text) {
  Int value{};
  const char *first = text.data(), *last = text.data() + text.size();
  auto [end, ec] = std::from_chars(first, last, value);
  if (text.empty() || ec != std::errc() || end != last)
    return std::nullopt;
  return value;
}

/// Most worker threads per rank. A parallel loop on P workers is cut into up to 4P^2 blocks (a
/// 2D wavefront; a rotation has 2P^2), and the sparse layout and the rounds of --orion-check and
/// --orion-replay-serial keep a few words per block: at 4096 workers that is 2^26 blocks, about
/// 1 GiB, and beyond it grows quadratically (65536 threads would need 256 GiB). The system's own
/// limits can lower it further (session.hpp: detail::thread_limit).
inline constexpr int kMaxThreads = 4096;

inline int parse_threads(std::string_view text, const std::string &source) {
  auto n = parse_integer<int>(text);
  if (!n || *n < 1)
    option_error("invalid value \"" + std::string(text) + "\" for " + source +
                 " (expected a positive integer)");
  if (*n > kMaxThreads) // a valid flag with too large a value: no list of flags
    throw OptionError("invalid value \"" + std::string(text) + "\" for " + source + ": at most " +
                      std::to_string(kMaxThreads) + " worker threads per rank");
  return *n;
}

inline int parse_stagger(std::string_view text, const std::string &source) {
  auto n = parse_integer<int>(text);
  if (!n || *n < 0)
    option_error("invalid value \"" + std::string(text) + "\" for " + source +
                 " (expected a number of passes, 0 or more)");
  return *n;
}

/// Most time parts per worker: the blocks of a rotation grow with K * P^2 (kMaxBlocks).
inline constexpr int kMaxRotationDepth = 64;

inline int parse_rotation_depth(std::string_view text, const std::string &source) {
  auto n = parse_integer<int>(text);
  if (!n || *n < 1 || *n > kMaxRotationDepth)
    option_error("invalid value \"" + std::string(text) + "\" for " + source +
                 " (expected a number of time parts per worker, 1 to " +
                 std::to_string(kMaxRotationDepth) + ")");
  return *n;
}

inline std::int64_t parse_merge_every(std::string_view text, const std::string &source) {
  auto n = parse_integer<std::int64_t>(text);
  if (!n || *n < 0)
    option_error("invalid value \"" + std::string(text) + "\" for " + source +
                 " (expected a number of iterations, 0 or more)");
  return *n;
}

/// A count of at least 0 (bytes, MiB): `what` names the unit for the message.
inline std::int64_t parse_count(std::string_view text, const std::string &source,
                                const char *what) {
  auto n = parse_integer<std::int64_t>(text);
  if (!n || *n < 0)
    option_error("invalid value \"" + std::string(text) + "\" for " + source + " (expected " +
                 what + ", 0 or more)");
  return *n;
}

inline std::uint64_t parse_seed(std::string_view text, const std::string &source) {
  auto n = parse_integer<std::uint64_t>(text);
  if (!n)
    option_error("invalid value \"" + std::string(text) + "\" for " + source +
                 " (expected an unsigned 64-bit integer)");
  return *n;
}

inline bool parse_bool(std::string_view text, const std::string &source) {
  if (text == "1" || text == "true" || text == "yes" || text == "on")
    return true;
  if (text == "0" || text == "false" || text == "no" || text == "off")
    return false;
  option_error("invalid value \"" + std::string(text) + "\" for " + source +
               " (expected 0/1, true/false, yes/no or on/off)");
}

inline CacheMode parse_cache_mode(std::string_view text, const std::string &source) {
  if (text == "on")
    return CacheMode::on;
  if (text == "off")
    return CacheMode::off;
  if (text == "refresh")
    return CacheMode::refresh;
  option_error("invalid value \"" + std::string(text) + "\" for " + source +
               " (expected on, off or refresh)");
}

} // namespace detail

/// Reads ORION_THREADS, ORION_SEED, ORION_VERBOSE, ORION_CACHE and ORION_STAGGER, then the
/// --orion-* flags of argv (flags win), and removes those flags from argv so the program only sees
/// its own arguments. Scanning stops at "--", which is left in place. Throws OptionError on an
/// unknown --orion-* flag or a malformed value.
inline Options parse_options(int &argc, char **argv, EnvLookup env = &system_env) {
  Options options;
  auto from_env = [&](const char *name) -> std::optional<std::string_view> {
    const char *value = env ? env(name) : nullptr;
    if (value == nullptr || *value == '\0')
      return std::nullopt;
    return std::string_view(value);
  };
  if (auto v = from_env("ORION_THREADS")) {
    options.threads_source = "environment variable ORION_THREADS";
    options.threads = detail::parse_threads(*v, options.threads_source);
  }
  if (auto v = from_env("ORION_SEED"))
    options.seed = detail::parse_seed(*v, "environment variable ORION_SEED");
  if (auto v = from_env("ORION_VERBOSE"))
    options.verbose = detail::parse_bool(*v, "environment variable ORION_VERBOSE");
  if (auto v = from_env("ORION_CACHE"))
    options.cache = detail::parse_cache_mode(*v, "environment variable ORION_CACHE");
  if (auto v = from_env("ORION_STAGGER"))
    options.stagger = detail::parse_stagger(*v, "environment variable ORION_STAGGER");
  if (auto v = from_env("ORION_ROTATION_DEPTH"))
    options.rotation_depth =
        detail::parse_rotation_depth(*v, "environment variable ORION_ROTATION_DEPTH");
  if (auto v = from_env("ORION_MERGE_EVERY"))
    options.merge_every = detail::parse_merge_every(*v, "environment variable ORION_MERGE_EVERY");
  if (auto v = from_env("ORION_SHARD_MIN_BYTES"))
    options.shard_min_bytes =
        detail::parse_count(*v, "environment variable ORION_SHARD_MIN_BYTES", "a number of bytes");
  if (auto v = from_env("ORION_PREFETCH"))
    options.prefetch = detail::parse_bool(*v, "environment variable ORION_PREFETCH");
  if (auto v = from_env("ORION_SERVED_CACHE_MB"))
    options.served_cache_mb =
        detail::parse_count(*v, "environment variable ORION_SERVED_CACHE_MB", "a number of MiB");
  if (auto v = from_env("ORION_DISTRIBUTE"))
    options.distribute = detail::parse_bool(*v, "environment variable ORION_DISTRIBUTE");

  if (argc <= 0 || argv == nullptr)
    return options;
  // Collected first and committed at the end, so argv is untouched when a flag is rejected.
  std::vector<char *> kept(argv, argv + 1);
  bool scanning = true;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (!scanning || !arg.starts_with("--orion-")) {
      scanning = scanning && arg != "--";
      kept.push_back(argv[i]);
      continue;
    }
    const auto eq = arg.find('=');
    const bool has_value = eq != std::string_view::npos;
    const std::string name(arg.substr(0, eq));
    const std::string_view value = has_value ? arg.substr(eq + 1) : std::string_view();
    auto require_value = [&](const char *placeholder = "N") {
      if (!has_value)
        detail::option_error(name + " needs a value (" + name + "=" + placeholder + ")");
      return value;
    };
    auto flag = [&](bool &target) {
      if (has_value)
        detail::option_error(name + " takes no value, got \"" + std::string(arg) + "\"");
      target = true;
    };
    if (name == "--orion-threads") {
      options.threads = detail::parse_threads(require_value(), name);
      options.threads_source = name;
    } else if (name == "--orion-seed")
      options.seed = detail::parse_seed(require_value(), name);
    else if (name == "--orion-cache")
      options.cache = detail::parse_cache_mode(require_value("on|off|refresh"), name);
    else if (name == "--orion-stagger")
      options.stagger = detail::parse_stagger(require_value(), name);
    else if (name == "--orion-rotation-depth")
      options.rotation_depth = detail::parse_rotation_depth(require_value("K"), name);
    else if (name == "--orion-merge-every")
      options.merge_every = detail::parse_merge_every(require_value(), name);
    else if (name == "--orion-shard-min-bytes")
      options.shard_min_bytes = detail::parse_count(require_value(), name, "a number of bytes");
    else if (name == "--orion-prefetch")
      options.prefetch = detail::parse_bool(require_value("on|off"), name);
    else if (name == "--orion-served-cache-mb")
      options.served_cache_mb = detail::parse_count(require_value(), name, "a number of MiB");
    else if (name == "--orion-distribute")
      options.distribute = detail::parse_bool(require_value("on|off"), name);
    else if (name == "--orion-check")
      flag(options.check);
    else if (name == "--orion-replay-serial")
      flag(options.replay_serial);
    else if (name == "--orion-verbose")
      flag(options.verbose);
    else if (name == "--orion-stats")
      flag(options.stats);
    else if (name == "--orion-digest")
      flag(options.digest);
    else
      detail::option_error("unknown flag \"" + std::string(arg) + "\"");
  }
  std::copy(kept.begin(), kept.end(), argv);
  argc = static_cast<int>(kept.size());
  argv[argc] = nullptr;
  return options;
}

} // namespace orion
