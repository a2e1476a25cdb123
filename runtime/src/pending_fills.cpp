#include "pending_fills.hpp"

#include "array_sync.hpp"

#include <orion/detail/comm.hpp>
#include <orion/detail/pending_fill.hpp>
#include <orion/detail/state.hpp>

#include <cstdio>
#include <memory>

namespace orion::detail {
namespace {

std::int64_t row_elements(const DenseHandle &h) {
  std::int64_t n = 1;
  for (std::size_t d = 1; d < h.extents.size(); ++d)
    n *= h.extents[d];
  return n;
}

/// Writes elements [first, last) of the handle's pending fill and drops it.
void write_part(const DenseHandle &h, std::int64_t first, std::int64_t last) {
  const std::unique_ptr<PendingFill> fill = std::move(*h.pending);
  fill->write(h.data, static_cast<std::size_t>(first), static_cast<std::size_t>(last));
}

} // namespace

void write_pending_rows(const LoopRun &run, std::size_t a, std::int64_t lo, std::int64_t hi) {
  const DenseHandle &h = run.arrays[a];
  if (h.pending == nullptr || !*h.pending)
    return;
  const std::int64_t row = row_elements(h);
  write_part(h, lo * row, hi * row);
  if (state().options.verbose && comm_rank() == 0)
    std::fprintf(stderr,
                 "orion: loop %s: the fill of '%s' that driver code asked for is written on each "
                 "rank in the rows it holds (rows [%lld, %lld) on rank 0), not whole\n",
                 where(run).c_str(), run.plan->arrays[a].name.c_str(), static_cast<long long>(lo),
                 static_cast<long long>(hi));
}

void write_pending_fills(const LoopRun &run) {
  for (const DenseHandle &h : run.arrays)
    if (h.pending != nullptr && *h.pending) // an array passed twice shares the slot
      write_part(h, 0, h.extents.empty() ? 0 : h.extents[0] * row_elements(h));
}

} // namespace orion::detail
