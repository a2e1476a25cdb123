#include "orion/passes/write_conflicts.hpp"

#include <algorithm>

namespace orion::deps {

namespace {

/// Whether iterations `vector` apart may run on different workers: the distance can be non-zero
/// in the space dimension, the one that gives iterations to workers.
bool on_different_workers(const DistanceVector &vector, const Schedule &schedule) {
  if (schedule.dims.empty())
    return true;
  const std::vector<Interval> entries =
      schedule.transform ? transform(*schedule.transform, vector.entries) : vector.entries;
  const auto space = static_cast<std::size_t>(schedule.dims.front());
  return space >= entries.size() || !entries[space].is_zero();
}

/// Writes to the array reach its other writers in the order the blocks run: it is local (one
/// worker writes each element) or rotated (its partitions travel with the blocks). Any other
/// written array is merged after the loop, each rank's changed elements in rank order.
bool written_in_block_order(const Candidate &candidate, int array) {
  return std::any_of(
      candidate.arrays.begin(), candidate.arrays.end(), [&](const ArrayPlacement &p) {
        return p.array == array && (p.role == model::Role::Local || p.role == model::Role::Rotated);
      });
}

/// The reference may write more than one element per iteration, or only part of one.
bool writes_more_or_part(const ir::ArrayRef &ref) {
  if (!ref.inner_loops.empty() || ref.repeated || ref.partial)
    return true;
  return std::any_of(ref.subscripts.begin(), ref.subscripts.end(),
                     [](const ir::Subscript &s) { return s.kind == ir::SubscriptKind::Range; });
}

} // namespace

WriteConflicts cross_worker_writes(const ir::Loop &loop, const DependenceInfo &deps,
                                   const Candidate &candidate) {
  WriteConflicts out;
  if (loop.clauses.ordered)
    return out;
  for (const Dependence &d : deps.ignored_waw) {
    if (written_in_block_order(candidate, d.array) ||
        !on_different_workers(d.distance, candidate.schedule))
      continue;
    for (const auto &[source, sink] : d.refs)
      for (const int ref : {source, sink})
        if (std::find(out.refs.begin(), out.refs.end(), ref) == out.refs.end())
          out.refs.push_back(ref);
  }
  std::sort(out.refs.begin(), out.refs.end());
  out.beyond_serial = out.refs.size() > 1 ||
                      (out.refs.size() == 1 &&
                       writes_more_or_part(loop.refs[static_cast<std::size_t>(out.refs.front())]));
  return out;
}

} // namespace orion::deps
