#include "element_runs.hpp"

#include "partition_map.hpp"

#include <orion/detail/element_streams.hpp>
#include <orion/detail/sparse_layout.hpp>

#include <algorithm>

namespace orion::detail {

std::vector<std::uint64_t> repeated_coordinates(const LoopRun &run,
                                                const std::vector<std::int64_t> &offsets) {
  const std::size_t blocks = offsets.empty() ? 0 : offsets.size() - 1;
  std::vector<std::uint64_t> repeated(blocks, 0);
  const int dims = std::min(run.dims, 64);
  const std::int64_t smallest = std::int64_t{64} * block_streams * block_streams;
  std::vector<std::int64_t> same(static_cast<std::size_t>(dims));
  for (std::size_t b = 0; b < blocks; ++b) {
    const std::int64_t begin = offsets[b], n = offsets[b + 1] - begin;
    if (n < smallest)
      continue;
    const std::int64_t pairs = std::min<std::int64_t>(n - 1, 1024), step = (n - 1) / pairs;
    std::fill(same.begin(), same.end(), 0);
    for (std::int64_t i = 0; i < pairs; ++i) {
      const std::int64_t *x = run.keys + (begin + i * step) * run.dims;
      for (int d = 0; d < dims; ++d)
        same[static_cast<std::size_t>(d)] += x[d] == x[run.dims + d];
    }
    for (int d = 0; d < dims; ++d)
      if (4 * same[static_cast<std::size_t>(d)] >= pairs)
        repeated[b] |= std::uint64_t{1} << d;
  }
  return repeated;
}

int block_stream_count(const LoopRun &run, const PartitionMap &map, std::size_t block) {
  const plan::LoopPlan &plan = *run.plan;
  const std::vector<std::uint64_t> &repeated = run.layout->repeated_coordinates;
  if (plan.ordered || block >= repeated.size() || repeated[block] == 0 ||
      !map.candidate->transform.empty())
    return 1;
  // arrays[0] is the iterated array: writing its values never waits on another element.
  if (std::none_of(plan.arrays.begin() + std::min<std::size_t>(1, plan.arrays.size()),
                   plan.arrays.end(), [](const plan::ArrayInfo &a) { return a.written; }))
    return 1;
  std::uint64_t partitioned = 0;
  for (int d : map.candidate->dims)
    if (d >= 0 && d < 64)
      partitioned |= std::uint64_t{1} << d;
  return (repeated[block] & partitioned) != 0 ? block_streams : 1;
}

std::string describe_streams(const LoopRun &run, const PartitionMap &map) {
  if (!run.sparse)
    return {};
  const std::vector<std::int64_t> &offsets = run.layout->offsets;
  std::int64_t held = 0, interleaved = 0;
  for (std::size_t b = 0; b + 1 < offsets.size(); ++b) {
    if (offsets[b + 1] == offsets[b])
      continue;
    ++held;
    interleaved += block_stream_count(run, map, b) > 1;
  }
  if (interleaved == 0)
    return {};
  const plan::LoopPlan &plan = *run.plan;
  return "loop " + plan.file + ":" + std::to_string(plan.line) + ": " +
         std::to_string(interleaved) + " of the " + std::to_string(held) +
         " blocks rank 0 holds run as " + std::to_string(block_streams) +
         " interleaved streams (neighbouring elements in storage share a key coordinate the "
         "schedule partitions, and the body writes)";
}

} // namespace orion::detail
