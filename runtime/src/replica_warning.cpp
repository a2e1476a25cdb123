#include "replica_warning.hpp"

#include "array_sync.hpp"

#include <orion/detail/extent_limit.hpp> // memory_limit_bytes
#include <orion/detail/state.hpp>

#include <algorithm>
#include <cstdio>
#include <string>

namespace orion::detail {

void warn_large_replicas(const LoopRun &run, const PartitionMap &map) {
  RuntimeState &st = state();
  if (st.num_ranks <= 1 || st.rank != 0 || map.candidate == nullptr)
    return;
  const int on_node = std::max(st.ranks_on_node, 1);
  std::int64_t memory = -1, limit = -1; // asked of the system only when a loop replicates
  for (const plan::ArrayRole &r : map.candidate->roles) {
    const auto arg = static_cast<std::size_t>(r.arg);
    if (r.role != model::Role::Replicated || arg >= run.arrays.size() ||
        run.arrays[arg].data == nullptr)
      continue;
    if (limit < 0) {
      memory = memory_limit_bytes();
      limit = st.replica_warning_bytes > 0 ? st.replica_warning_bytes : memory / 4 / on_node;
    }
    if (run.arrays[arg].bytes() <= limit)
      continue;
    const std::string &name = run.plan->arrays[arg].name;
    std::string key = where(run) + " '" + name + "'";
    if (std::find(st.replica_warnings.begin(), st.replica_warnings.end(), key) !=
        st.replica_warnings.end())
      continue;
    st.replica_warnings.push_back(std::move(key));
    const double mb = static_cast<double>(run.arrays[arg].bytes()) / 1e6;
    char copies[256] = "";
    if (on_node > 1)
      std::snprintf(copies, sizeof copies,
                    ", and the %d ranks on this machine hold %.1f MB of its %.1f GB; threads of a "
                    "rank share one copy, so fewer ranks per machine with more --orion-threads "
                    "each hold less",
                    on_node, mb * on_node, static_cast<double>(memory) / 1e9);
    std::fprintf(stderr,
                 "orion: warning: loop %s: '%s' is replicated (the loop only reads it): every rank "
                 "holds all %.1f MB of it, more than the %.1f MB a replica may take here%s\n",
                 where(run).c_str(), name.c_str(), mb, static_cast<double>(limit) / 1e6, copies);
  }
}

} // namespace orion::detail
