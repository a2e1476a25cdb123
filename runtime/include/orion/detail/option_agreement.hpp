// The ranks of one job must run with the same runtime options. Each rank parses its own command
// line and environment, and on a cluster they can differ: Open MPI passes an environment variable
// to the ranks on other hosts only with `mpirun -x NAME`. Ranks with different seeds drew
// different streams and printed a result no seed gives; ranks with different merge intervals,
// shard sizes, rotation depths or distribution settings hung or crashed in MPI. So the Session
// compares them once and stops every rank with one message naming the option.
#pragma once

#include <orion/detail/collective_call.hpp>
#include <orion/detail/comm.hpp>
#include <orion/options.hpp>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace orion::detail {

/// How an option's value is written in the message.
enum class OptionShape { Switch, Number, Cache };

/// One option every rank must agree on, as its flag and environment variable name it.
struct AgreedOption {
  const char *flag;
  const char *env; ///< null when only the flag sets it
  OptionShape shape;
  std::int64_t value;
};

/// Every option but the thread count (which the Session reduces to one value itself).
inline std::vector<AgreedOption> agreed_options(const Options &o) {
  using S = OptionShape;
  return {
      {"--orion-check", nullptr, S::Switch, o.check},
      {"--orion-replay-serial", nullptr, S::Switch, o.replay_serial},
      {"--orion-verbose", "ORION_VERBOSE", S::Switch, o.verbose},
      {"--orion-stats", nullptr, S::Switch, o.stats},
      {"--orion-digest", nullptr, S::Switch, o.digest},
      {"--orion-seed", "ORION_SEED", S::Number, static_cast<std::int64_t>(o.seed)},
      {"--orion-cache", "ORION_CACHE", S::Cache, static_cast<std::int64_t>(o.cache)},
      {"--orion-stagger", "ORION_STAGGER", S::Number, o.stagger},
      {"--orion-rotation-depth", "ORION_ROTATION_DEPTH", S::Number, o.rotation_depth},
      {"--orion-merge-every", "ORION_MERGE_EVERY", S::Number, o.merge_every},
      {"--orion-shard-min-bytes", "ORION_SHARD_MIN_BYTES", S::Number, o.shard_min_bytes},
      {"--orion-prefetch", "ORION_PREFETCH", S::Switch, o.prefetch},
      {"--orion-served-cache-mb", "ORION_SERVED_CACHE_MB", S::Number, o.served_cache_mb},
      {"--orion-distribute", "ORION_DISTRIBUTE", S::Switch, o.distribute},
  };
}

inline std::string shown(OptionShape shape, std::int64_t value) {
  switch (shape) {
  case OptionShape::Switch:
    return value ? "on" : "off";
  case OptionShape::Cache:
    return value == static_cast<std::int64_t>(CacheMode::on)    ? "on"
           : value == static_cast<std::int64_t>(CacheMode::off) ? "off"
                                                                : "refresh";
  case OptionShape::Number:
    break;
  }
  // Every number option is non-negative; the seed is unsigned and may use the top bit.
  return std::to_string(static_cast<std::uint64_t>(value));
}

/// The message for the first option whose values `all` (rank-major, one row of
/// agreed_options per rank) differ between ranks, or nothing.
inline std::optional<std::string> options_mismatch(const std::vector<AgreedOption> &options,
                                                   std::span<const std::int64_t> all) {
  const std::size_t n = options.size();
  const std::size_t ranks = n ? all.size() / n : 0;
  for (std::size_t k = 0; k < n; ++k) {
    std::vector<std::int64_t> values(ranks);
    for (std::size_t r = 0; r < ranks; ++r)
      values[r] = all[r * n + k];
    const std::vector<RankGroup> groups = group_ranks(std::span<const std::int64_t>(values));
    if (groups.size() < 2)
      continue;
    const AgreedOption &o = options[k];
    std::string text = std::string("the ranks run with different runtime options: ") + o.flag +
                       (o.env ? std::string(" (or ") + o.env + ")" : std::string()) + " is ";
    for (std::size_t g = 0; g < groups.size(); ++g)
      text += (g ? "; " : "") + shown(o.shape, values[groups[g].first]) + " on " + groups[g].ranks;
    return text + ". Every rank must get the same --orion-* flags and ORION_* environment "
                  "variables: with Open MPI, 'mpirun -x NAME' passes a variable to the ranks "
                  "on every host";
  }
  return std::nullopt;
}

/// Collective: throws OptionError on every rank when the ranks' options differ.
inline void check_same_options(const Options &o) {
  if (comm_size() == 1)
    return;
  const std::vector<AgreedOption> options = agreed_options(o);
  std::vector<std::int64_t> mine;
  for (const AgreedOption &a : options)
    mine.push_back(a.value);
  const std::vector<std::int64_t> all = allgather_vector(mine);
  raise_if_any<OptionError>(options_mismatch(options, all));
}

} // namespace orion::detail
