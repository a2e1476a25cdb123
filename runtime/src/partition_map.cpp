#include "partition_map.hpp"

#include "array_sync.hpp"
#include "block_sort.hpp"
#include "element_runs.hpp"

#include <orion/detail/comm.hpp>
#include <orion/error.hpp>

#include <algorithm>
#include <cstring>
#include <limits>
#include <numeric>

namespace orion::detail {
namespace {

std::int64_t coordinate(const Transform &t, int row, const std::int64_t *x, int dims) {
  if (t.empty())
    return x[row];
  std::int64_t c = 0;
  for (int m = 0; m < dims; ++m)
    c += t[static_cast<std::size_t>(row)][static_cast<std::size_t>(m)] * x[m];
  return c;
}

bool lower_unit_triangular(const Transform &t, int dims) {
  if (t.empty())
    return true;
  if (static_cast<int>(t.size()) != dims)
    return false;
  for (int r = 0; r < dims; ++r) {
    if (static_cast<int>(t[static_cast<std::size_t>(r)].size()) != dims)
      return false;
    for (int c = r; c < dims; ++c)
      if (t[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] != (r == c ? 1 : 0))
        return false;
  }
  return true;
}

std::vector<std::int64_t> equal_bounds(std::int64_t lo, std::int64_t hi, int parts) {
  std::vector<std::int64_t> b(static_cast<std::size_t>(parts) + 1);
  const __int128 span = std::max<std::int64_t>(0, hi - lo);
  for (int p = 0; p <= parts; ++p)
    b[static_cast<std::size_t>(p)] = lo + static_cast<std::int64_t>(span * p / parts);
  return b;
}

/// count_histogram_bounds, computed once per array and query and then kept on its layout.
std::vector<std::int64_t> histogram_bounds(const LoopRun &run, const Transform &t, int row,
                                           std::int64_t lo, std::int64_t hi, int parts,
                                           int threads) {
  std::vector<std::int64_t> query{run.global_nnz, row, lo, hi, parts};
  if (!t.empty())
    query.insert(query.end(), t[static_cast<std::size_t>(row)].begin(),
                 t[static_cast<std::size_t>(row)].end());
  auto &cache = run.layout->histogram_bounds;
  std::erase_if(cache, [&](const SparseLayout::Bounds &c) { return c.query[0] != run.global_nnz; });
  for (const SparseLayout::Bounds &c : cache)
    if (c.query == query)
      return c.bounds;
  // Counted on the rank's threads, each range into a histogram of its own, when the histograms
  // are small next to the keys (at most 2 bytes per element each).
  const int ranges = hi - lo <= run.nnz / 4 ? setup_parts(run.nnz, threads) : 1;
  std::vector<std::int64_t> bounds = count_histogram_bounds(run, t, row, lo, hi, parts, ranges);
  cache.push_back({std::move(query), bounds});
  return bounds;
}

int part_of(const std::vector<std::int64_t> &bounds, std::int64_t c) {
  const auto it = std::upper_bound(bounds.begin(), bounds.end(), c);
  const auto p = static_cast<int>(it - bounds.begin()) - 1;
  return std::clamp(p, 0, static_cast<int>(bounds.size()) - 2);
}

} // namespace

std::vector<std::int64_t> count_histogram_bounds(const LoopRun &run, const Transform &t, int row,
                                                 std::int64_t lo, std::int64_t hi, int parts,
                                                 int ranges) {
  const std::int64_t range = hi - lo;
  if (range <= 0 || range > (std::int64_t{1} << 28) || run.global_nnz == 0)
    return equal_bounds(lo, hi, parts);
  std::vector<std::int64_t> count(static_cast<std::size_t>(range), 0);
  count_over_ranges(
      run.nnz, ranges, count, [&](std::int64_t begin, std::int64_t end, std::int64_t *c) {
        for (std::int64_t j = begin; j < end; ++j)
          ++c[static_cast<std::size_t>(coordinate(t, row, run.keys + j * run.dims, run.dims) - lo)];
      });
  if (run.shard != nullptr) // every rank counted its share
    comm_allreduce_sum(count);
  std::vector<std::int64_t> b{lo};
  std::int64_t seen = 0;
  std::int64_t v = lo;
  for (int p = 1; p < parts; ++p) {
    const std::int64_t target =
        static_cast<std::int64_t>(static_cast<__int128>(run.global_nnz) * p / parts);
    while (v < hi && seen + count[static_cast<std::size_t>(v - lo)] <= target)
      seen += count[static_cast<std::size_t>(v++ - lo)];
    b.push_back(std::max(b.back(), v));
  }
  b.push_back(hi);
  return b;
}

/// part_of for every element of an array: a table from coordinate to part when the box is narrow
/// enough (the sort asks twice per element, and binary searches dominated it), else part_of.
class PartLookup {
public:
  PartLookup(const std::vector<std::int64_t> &bounds, std::int64_t elements) : bounds_(bounds) {
    const std::int64_t lo = bounds.front(), hi = bounds.back();
    const __int128 range = static_cast<__int128>(hi) - lo; // 1D time bounds span all of int64
    if (range <= 0 || range > std::min<std::int64_t>(elements, std::int64_t{1} << 26))
      return;
    lo_ = lo;
    table_.resize(static_cast<std::size_t>(hi - lo));
    for (std::size_t p = 0; p + 1 < bounds.size(); ++p)
      std::fill(table_.begin() + (bounds[p] - lo), table_.begin() + (bounds[p + 1] - lo),
                static_cast<std::int32_t>(p));
  }
  int operator()(std::int64_t c) const {
    const std::int64_t i = c - lo_;
    if (i >= 0 && i < static_cast<std::int64_t>(table_.size()))
      return table_[static_cast<std::size_t>(i)];
    return part_of(bounds_, c);
  }

private:
  const std::vector<std::int64_t> &bounds_;
  std::int64_t lo_ = 0;
  std::vector<std::int32_t> table_;
};

namespace {

struct Box {
  std::vector<std::int64_t> lo, hi; ///< half-open
};

/// The bounding box of the iteration space in a candidate's coordinates (transformed by T).
/// Sparse spaces too: the box is the array's extents.
Box candidate_box(const LoopRun &run, const Transform &transform) {
  const std::vector<std::int64_t> &olo = run.box_lo, &ohi = run.box_hi;
  Box box{olo, ohi};
  if (transform.empty())
    return box;
  for (int r = 0; r < run.dims; ++r) {
    std::int64_t lo = 0, hi = 0;
    for (int m = 0; m < run.dims; ++m) {
      const std::int64_t c = transform[r][m];
      const std::int64_t a = c * olo[m], b = c * std::max(olo[m], ohi[m] - 1);
      lo += std::min(a, b);
      hi += std::max(a, b);
    }
    box.lo[r] = lo;
    box.hi[r] = hi + 1;
  }
  return box;
}

} // namespace

std::vector<Task> PartitionMap::tasks_of(std::int64_t worker) const {
  std::vector<Task> tasks;
  const int g = static_cast<int>(worker);
  switch (protocol()) {
  case model::Protocol::OneD:
    tasks.push_back({worker, g, 0});
    break;
  case model::Protocol::Rotation:
    for (int s = 0; s < time_parts; ++s)
      tasks.push_back({worker, g, (g * rotation_depth + s) % time_parts});
    break;
  case model::Protocol::Wavefront:
    for (int b = 0; b < time_parts; ++b)
      tasks.push_back({worker, g, b});
    break;
  }
  return tasks;
}

std::pair<std::int64_t, std::int64_t> PartitionMap::space_of_rank(int r) const {
  const auto bound = [&](int rank) {
    const std::int64_t g = std::min<std::int64_t>(std::int64_t{rank} * threads, workers);
    return space_bounds[static_cast<std::size_t>(g)];
  };
  return {bound(r), std::max(bound(r), bound(r + 1))};
}

int PartitionMap::step_of(std::int64_t worker, int t) const {
  const int offset = static_cast<int>(worker % workers) * rotation_depth % time_parts;
  return ((t - offset) % time_parts + time_parts) % time_parts;
}

std::vector<std::vector<Task>> PartitionMap::rounds() const {
  std::vector<std::vector<Task>> out;
  switch (protocol()) {
  case model::Protocol::OneD:
    out.emplace_back();
    for (std::int64_t g = 0; g < workers; ++g)
      out.back().push_back({g, static_cast<int>(g), 0});
    break;
  case model::Protocol::Rotation:
    for (int s = 0; s < time_parts; ++s) {
      out.emplace_back();
      for (std::int64_t g = 0; g < workers; ++g)
        out.back().push_back(
            {g, static_cast<int>(g), static_cast<int>((g * rotation_depth + s) % time_parts)});
    }
    break;
  case model::Protocol::Wavefront:
    for (std::int64_t d = 0; d < workers + time_parts - 1; ++d) {
      out.emplace_back();
      for (std::int64_t g = 0; g < workers; ++g)
        if (d - g >= 0 && d - g < time_parts)
          out.back().push_back({g, static_cast<int>(g), static_cast<int>(d - g)});
    }
    break;
  }
  return out;
}

namespace {

/// What CostOnExtents counts: the hand-offs between workers (the cost that chooses a schedule:
/// a hand-off between threads moves cache lines if not bytes), or only the bytes that leave a
/// rank in a pass of the given kind.
struct Counting {
  bool between_ranks = false;
  PassKind pass = PassKind::Normal;
};

/// model::cost_term's quantities on the real extents of one loop argument.
struct CostOnExtents {
  const PartitionMap &map;
  const LoopRun &run;
  int arg;
  double iterations_;
  Counting counting = {};

  double workers_minus_one() const {
    if (!counting.between_ranks)
      return static_cast<double>(map.workers - 1);
    // A rotated array the loop only reads stays where it is: nothing travels the ring.
    return dense_written(run, arg) ? hops_between_ranks(map, counting.pass) : 0;
  }
  double ranks_minus_one() const {
    if (counting.between_ranks) {
      // A lockstep pass broadcast every rotated time part as it went: nothing is left to send.
      if (counting.pass == PassKind::Lockstep && rotated())
        return 0;
      // A distributed space's values stay on the ranks that run them (final_sync).
      if (arg == 0 && run.sparse && run.shard != nullptr)
        return 0;
    }
    return static_cast<double>(map.ranks - 1);
  }
  bool rotated() const {
    for (const plan::ArrayRole &r : map.candidate->roles)
      if (r.arg == arg && r.role == model::Role::Rotated)
        return true;
    return false;
  }
  double array_bytes() const {
    if (arg == 0 && run.sparse) // the iterated sparse array: its values
      return static_cast<double>(run.global_nnz) * static_cast<double>(run.value_size);
    return static_cast<double>(handle().bytes());
  }
  double iterations() const { return iterations_; }
  double element_bytes() const { return static_cast<double>(handle().element_size); }
  const DenseHandle &handle() const { return run.arrays.at(static_cast<std::size_t>(arg)); }
  double count(int n) const { return n; }
  double times(double x, double y) const { return x * y; }
};

} // namespace

double cost_of(const LoopRun &run, const PartitionMap &map, model::CostKind kind, int arg) {
  double cost = 0;
  for (const plan::CostTerm &term : map.candidate->cost)
    if (term.kind == kind && term.arg == arg)
      cost += model::cost_term(CostOnExtents{map, run, term.arg, iterations_of(run)}, term.kind,
                               term.accesses);
  return cost;
}

double bytes_between_ranks(const LoopRun &run, const PartitionMap &map, PassKind kind) {
  double bytes = 0;
  for (const plan::CostTerm &term : map.candidate->cost)
    bytes += model::cost_term(
        CostOnExtents{map, run, term.arg, iterations_of(run), Counting{true, kind}}, term.kind,
        term.accesses);
  return bytes;
}

double hops_between_ranks(const PartitionMap &map, PassKind kind) {
  if (map.ranks <= 1)
    return 0;
  const double ranks = map.ranks;
  if (kind == PassKind::Lockstep)
    return static_cast<double>(map.workers) * (ranks - 1);
  if (map.protocol() != model::Protocol::Rotation || map.time_bounds.size() < 2)
    return ranks - 1;
  // Rows of each time part, and whether its first user is the last worker of a rank: then the
  // part ends on the next rank and skips that one hop between ranks.
  double rows = 0, skipping = 0;
  for (int t = 0; t < map.time_parts; ++t) {
    const auto n = static_cast<double>(
        std::max<std::int64_t>(0, map.time_bounds[static_cast<std::size_t>(t) + 1] -
                                      map.time_bounds[static_cast<std::size_t>(t)]));
    rows += n;
    if ((t / map.rotation_depth) % map.threads == map.threads - 1)
      skipping += n;
  }
  return rows > 0 ? ranks - skipping / rows : ranks - 1.0 / map.threads;
}

double iterations_of(const LoopRun &run) {
  if (run.sparse)
    return static_cast<double>(run.global_nnz);
  double iterations = 1;
  for (int d = 0; d < run.dims; ++d)
    iterations *= static_cast<double>(std::max<std::int64_t>(0, run.box_hi[d] - run.box_lo[d]));
  return iterations;
}

int choose_rotation_depth(const LoopRun &run, int requested, const plan::Candidate &cand) {
  if (requested > 0)
    return requested;
  const bool rows_in_order = run.sparse && run.layout != nullptr && run.layout->rows_in_order == 1;
  return rows_in_order && cand.transform.empty() && !cand.dims.empty() && cand.dims[0] == 0 ? 1 : 2;
}

PartitionMap make_partition_map(const LoopRun &run, int ranks, int threads, bool stagger,
                                int rotation_depth) {
  const plan::LoopPlan &plan = *run.plan;
  const auto where = [&] { return plan.file + ":" + std::to_string(plan.line); };
  if (plan.candidates.empty())
    throw Error("parallel loop at " + where() + " has no schedule candidate");
  PartitionMap map;
  map.ranks = ranks;
  map.threads = threads;
  map.workers = static_cast<std::int64_t>(ranks) * threads;

  // Cost of every candidate on the real extents; the compiler's order breaks ties.
  const double iterations = iterations_of(run);
  // A candidate whose partitioned dimension has fewer points than there are workers leaves some
  // of them idle (a time wavefront over fewer time steps than workers): bytes are compared only
  // among the candidates that keep the most workers busy.
  int best = -1;
  // On several ranks a loop that writes the dense array it iterates over runs only under a
  // candidate that keeps the array with its iterations (unskewed): prefer those when there are
  // any; without one the executor stops with an error naming the loop.
  const auto keeps_iterated = [&](const plan::Candidate &cand) {
    return ranks == 1 || run.sparse || !dense_written(run, 0) ||
           (cand.transform.empty() && iterated_array_partitioned(cand));
  };
  const bool some_keep_iterated =
      std::any_of(plan.candidates.begin(), plan.candidates.end(), keeps_iterated);
  for (std::size_t c = 0; c < plan.candidates.size(); ++c) {
    const plan::Candidate &cand = plan.candidates[c];
    double cost = 0;
    for (const plan::CostTerm &term : cand.cost)
      cost +=
          model::cost_term(CostOnExtents{map, run, term.arg, iterations}, term.kind, term.accesses);
    map.costs.push_back(cost);
    std::int64_t width = map.workers;
    const bool runnable = lower_unit_triangular(cand.transform, run.dims) &&
                          (!some_keep_iterated || keeps_iterated(cand));
    if (runnable) {
      const Box box = candidate_box(run, cand.transform);
      for (int d : cand.dims)
        if (d >= 0 && d < run.dims)
          width = std::min(width, std::max<std::int64_t>(1, box.hi[d] - box.lo[d]));
    }
    map.widths.push_back(width);
    if (!runnable)
      continue; // reported below if nothing else can run
    const auto b = static_cast<std::size_t>(best);
    if (best < 0 || width > map.widths[b] || (width == map.widths[b] && cost < map.costs[b]))
      best = static_cast<int>(c);
  }
  if (best < 0)
    throw Error("parallel loop at " + where() + ": the runtime runs lower unit-triangular " +
                "transforms only, and candidate '" + plan.candidates[0].label() +
                "' has another one");
  map.candidate_index = best;
  map.candidate = &plan.candidates[static_cast<std::size_t>(best)];
  const plan::Candidate &cand = *map.candidate;
  map.rotation_depth = choose_rotation_depth(run, rotation_depth, cand);
  map.schedule = cand.protocol == model::Protocol::Rotation && stagger && map.workers > 1
                     ? model::Protocol::Wavefront
                     : cand.protocol;
  const int needed = cand.protocol == model::Protocol::OneD ? 1 : 2;
  if (static_cast<int>(cand.dims.size()) < needed)
    throw Error("parallel loop at " + where() + ": candidate '" + cand.label() +
                "' names too few dimensions");
  for (int d : cand.dims)
    if (d < 0 || d >= run.dims)
      throw Error("parallel loop at " + where() + ": candidate '" + cand.label() +
                  "' partitions dimension " + std::to_string(d) + " of a " +
                  std::to_string(run.dims) + "-d space");

  Box box = candidate_box(run, cand.transform);
  map.lo = std::move(box.lo);
  map.hi = std::move(box.hi);

  // One worker has nobody to rotate with and no pipeline to fill: one block, run in the serial
  // program's order (storage order for sparse data), so even the order of its orion::rng() draws
  // is the serial build's.
  std::int64_t time_parts = 1;
  if (map.workers > 1 && cand.protocol == model::Protocol::Rotation)
    time_parts = map.workers * map.rotation_depth;
  else if (map.workers > 1 && cand.protocol == model::Protocol::Wavefront)
    time_parts = map.workers * 4; // more time blocks than workers, so the pipeline fills quickly
  // P x kP blocks: the sparse layout and the rounds hold a few words per block.
  if (map.workers * time_parts > kMaxBlocks)
    throw Error("parallel loop at " + where() + ": " + std::to_string(map.workers) + " workers (" +
                    std::to_string(ranks) + " rank(s) x " + std::to_string(threads) +
                    " thread(s)) would cut schedule '" + cand.label() + "' into " +
                    std::to_string(map.workers * time_parts) + " blocks, more than the " +
                    std::to_string(kMaxBlocks) + " the runtime allows; use fewer workers",
                true);
  map.space_parts = static_cast<int>(map.workers);
  map.time_parts = static_cast<int>(time_parts);
  const int s = cand.dims[0];
  auto bounds = [&](int row, int parts) {
    return plan.histogram && run.sparse ? histogram_bounds(run, cand.transform, row, map.lo[row],
                                                           map.hi[row], parts, threads)
                                        : equal_bounds(map.lo[row], map.hi[row], parts);
  };
  map.space_bounds = bounds(s, map.space_parts);
  if (needed == 2)
    map.time_bounds = bounds(cand.dims[1], map.time_parts);
  else
    map.time_bounds = {std::numeric_limits<std::int64_t>::min(),
                       std::numeric_limits<std::int64_t>::max()};
  return map;
}

namespace {

/// A wavefront runs its blocks, and each block's elements, in key order: the serial program's
/// order only if the elements were stored in key order.
[[noreturn]] void wavefront_order_error(const LoopRun &run, const SparseLayout &layout) {
  const plan::LoopPlan &plan = *run.plan;
  throw Error("ordered parallel loop at " + plan.file + ":" + std::to_string(plan.line) +
                  " runs as a wavefront over a sparse array whose elements are not stored in "
                  "key order (element " +
                  std::to_string(layout.first_out_of_order) +
                  " has a smaller key than the one before it): the wavefront runs them in key "
                  "order, which is not the serial program's storage order; sort the data by key "
                  "(e.g. the file), drop 'ordered' if any order will do, or run on one worker",
              true); // every rank has the same layout: it fails the same way
}

} // namespace

const std::vector<std::int64_t> &sparse_layout(LoopRun &run, const PartitionMap &map) {
  const plan::Candidate &cand = *map.candidate;
  std::vector<std::int64_t> signature{run.nnz, map.space_parts, map.time_parts};
  for (int d : cand.dims)
    signature.push_back(d);
  for (const auto &row : cand.transform)
    signature.insert(signature.end(), row.begin(), row.end());
  signature.insert(signature.end(), map.space_bounds.begin(), map.space_bounds.end());
  signature.insert(signature.end(), map.time_bounds.begin(), map.time_bounds.end());
  SparseLayout &layout = *run.layout;
  const bool ordered = run.plan->ordered;
  if (layout.signature == signature && (!ordered || layout.serial_within_blocks))
    return layout.offsets;

  const std::size_t blocks = static_cast<std::size_t>(map.space_parts) * map.time_parts;
  const bool two = cand.dims.size() > 1 && map.time_parts > 1;
  const PartLookup space_part(map.space_bounds, run.nnz);
  const PartLookup time_part(two ? map.time_bounds : map.space_bounds, two ? run.nnz : 0);
  auto block_of = [&](std::int64_t j) {
    const std::int64_t *x = run.keys + j * run.dims;
    const int sp = space_part(coordinate(cand.transform, cand.dims[0], x, run.dims));
    const int tp = two ? time_part(coordinate(cand.transform, cand.dims[1], x, run.dims)) : 0;
    return static_cast<std::size_t>(sp) * map.time_parts + tp;
  };
  std::vector<std::int64_t> offsets(blocks + 1, 0);
  // An ordered loop runs each block in the serial order: storage that an earlier loop sorted
  // into its blocks goes back to that order first (or the loop stops with an error).
  if (ordered && blocks > 1 && map.protocol() == model::Protocol::Wavefront &&
      layout.stored_in_key_order == 0)
    wavefront_order_error(run, layout); // the more precise message: no order would do
  if (ordered)
    restore_serial_order(run, layout);
  // While the storage is in the serial order: whether that order is key order.
  note_storage_order(run, layout, setup_parts(run.nnz, map.threads));
  if (blocks == 1) {
    offsets[1] = run.nnz; // storage order is block order
  } else if (!ordered) {
    sort_by_block(run, block_of, offsets, setup_parts(run.nnz, map.threads));
  } else if (map.protocol() != model::Protocol::Wavefront) {
    stable_sort_by_block(run, block_of, offsets); // conflicts stay within a block
  } else {
    // A wavefront orders its blocks by key: the serial program's order only if that is the
    // order the elements were stored in.
    if (layout.stored_in_key_order == 0)
      wavefront_order_error(run, layout);
    stable_sort_by_block(run, block_of, offsets);
    sort_blocks_by_key(run, offsets);
  }
  // A single block leaves the storage as it was; every sort moves elements out of serial order.
  if (blocks > 1)
    layout.permuted = true;
  layout.serial_within_blocks = ordered || (blocks == 1 && !layout.permuted);
  // Found for an ordered loop's layout too: an unordered loop may reuse it (same signature), and
  // must then find what it would find after sorting the same storage itself (a restored
  // checkpoint does that).
  layout.repeated_coordinates.clear();
  if (blocks > 1)
    layout.repeated_coordinates = repeated_coordinates(run, offsets);
  layout.signature = std::move(signature);
  layout.offsets = std::move(offsets);
  return layout.offsets;
}

std::vector<std::int64_t> ownership_signature(const PartitionMap &map) {
  const plan::Candidate &cand = *map.candidate;
  std::vector<std::int64_t> signature{map.ranks, map.threads, map.space_parts, cand.dims[0]};
  if (!cand.transform.empty()) {
    const auto &row = cand.transform[static_cast<std::size_t>(cand.dims[0])];
    signature.insert(signature.end(), row.begin(), row.end());
  }
  signature.insert(signature.end(), map.space_bounds.begin(), map.space_bounds.end());
  return signature;
}

ElementOwner::ElementOwner(const LoopRun &run, const PartitionMap &map)
    : map_(map), transform_(map.candidate->transform), dim_(map.candidate->dims[0]),
      dims_(run.dims), space_part_(std::make_unique<PartLookup>(map.space_bounds, run.nnz)) {}

ElementOwner::~ElementOwner() = default;

int ElementOwner::operator()(const std::int64_t *key) const {
  return map_.rank_of((*space_part_)(coordinate(transform_, dim_, key, dims_)));
}

BlockTask block_task(const LoopRun &run, const PartitionMap &map, const Task &task) {
  BlockTask b;
  b.worker = task.worker;
  b.space_part = task.space;
  b.time_part = task.time;
  b.transform = &map.transform();
  if (run.sparse) {
    const std::size_t block = static_cast<std::size_t>(map.block(task));
    b.begin = run.layout->offsets[block];
    b.end = run.layout->offsets[block + 1];
    b.streams = block_stream_count(run, map, block);
    return b;
  }
  b.lo = map.lo;
  b.hi = map.hi;
  const auto &dims = map.candidate->dims;
  b.lo[dims[0]] = map.space_bounds[task.space];
  b.hi[dims[0]] = map.space_bounds[task.space + 1];
  if (dims.size() > 1 && map.protocol() != model::Protocol::OneD) {
    b.lo[dims[1]] = map.time_bounds[task.time];
    b.hi[dims[1]] = map.time_bounds[task.time + 1];
  }
  return b;
}

std::string describe(const LoopRun &run, const PartitionMap &map) {
  const plan::LoopPlan &plan = *run.plan;
  const plan::Candidate &cand = *map.candidate;
  std::string out = "loop " + plan.file + ":" + std::to_string(plan.line) + ": " + cand.label() +
                    " [" + std::string(model::runtime_name(cand.protocol)) +
                    (cand.transform.empty() ? "" : " on the transformed space") +
                    (map.staggered() ? ", this pass staggered as a wavefront" : "") + "], " +
                    std::to_string(map.workers) + " worker(s) (" + std::to_string(map.ranks) +
                    " rank(s) x " + std::to_string(map.threads) + " thread(s)), " +
                    std::to_string(map.space_parts) + " x " + std::to_string(map.time_parts) +
                    " blocks; roles:";
  for (const plan::ArrayRole &r : cand.roles) {
    out += " " + plan.arrays[static_cast<std::size_t>(r.arg)].name + " " +
           std::string(model::spelling(r.role));
    if (r.array_dim >= 0)
      out += " (dim " + std::to_string(r.array_dim) + ")";
    out += ",";
  }
  for (const std::string &name : plan.reductions)
    out += " " + name + " reduction,";
  if (out.back() == ',')
    out.pop_back();
  out += "; cost per pass:";
  for (std::size_t c = 0; c < plan.candidates.size(); ++c) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.3g", map.costs[c]);
    const std::int64_t width = map.widths[c];
    out += " " + plan.candidates[c].label() + " = " + buf + " B" +
           (width < map.workers ? " (keeps " + std::to_string(width) + " of " +
                                      std::to_string(map.workers) + " workers busy)"
                                : "") +
           (static_cast<int>(c) == map.candidate_index ? " (chosen)" : "") +
           (c + 1 < plan.candidates.size() ? "," : "");
  }
  return out;
}

} // namespace orion::detail
