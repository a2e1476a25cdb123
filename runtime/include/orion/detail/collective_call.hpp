// Every collective call driver code makes first checks that every rank makes the same one. A
// program that calls one on some ranks only (`if (orion::is_root()) total = acc.aggregate();`)
// would otherwise leave those ranks waiting forever in MPI while the others go on, or finish.
// With the check, every rank stops with one error that says which rank was where.
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace orion::detail {

/// The collective operations driver code starts (and the end of the Session, which is one too:
/// a rank that finishes while another waits in a collective must not leave it waiting).
enum class CollectiveKind : std::int32_t {
  SessionEnd,
  Aggregate,
  ParallelLoop,
  Load,
  Checkpoint,
  Restore,
  GatherArray,
};

/// One collective call as the ranks compare it: the operation, and for a parallel loop the line
/// of its pragma (two different loops do not match either), for aggregate() the accumulator's
/// number (detail::next_accumulator_number).
struct CollectiveCall {
  CollectiveKind kind = CollectiveKind::SessionEnd;
  std::int32_t line = 0;

  std::int64_t code() const noexcept {
    return static_cast<std::int64_t>(kind) << 32 | static_cast<std::uint32_t>(line);
  }
  static CollectiveCall from_code(std::int64_t code) noexcept {
    return {static_cast<CollectiveKind>(code >> 32), static_cast<std::int32_t>(code & 0xffffffff)};
  }
  friend bool operator==(const CollectiveCall &, const CollectiveCall &) = default;
};

/// What a rank did: "called Accumulator::aggregate()", "started the parallel loop at line 12", ...
inline std::string describe(const CollectiveCall &call) {
  switch (call.kind) {
  case CollectiveKind::SessionEnd:
    return "reached the end of the program (orion::Session destroyed, or exit() called)";
  case CollectiveKind::Aggregate:
    return call.line > 0
               ? "called Accumulator::aggregate() of accumulator #" + std::to_string(call.line) +
                     " (numbered in the order driver code created them)"
               : "called Accumulator::aggregate()";
  case CollectiveKind::ParallelLoop:
    return "started the parallel loop at line " + std::to_string(call.line);
  case CollectiveKind::Load:
    return "called a loader (load_triplets, load_text, load_libsvm or load_bag_of_words)";
  case CollectiveKind::Checkpoint:
    return "called orion::checkpoint()";
  case CollectiveKind::Restore:
    return "called orion::restore()";
  case CollectiveKind::GatherArray:
    return "touched the elements of an array sharded or distributed across ranks (an element, a "
           "row, data(), iteration or a copy), which gathers it";
  }
  return "made an unknown collective call";
}

/// One group of ranks that did the same thing: "ranks 1-2, 5" or "rank 4", and the first of them.
struct RankGroup {
  std::string ranks;
  std::size_t first = 0;
};

/// The ranks grouped by equal `items[r]`, in the order of each group's first rank; a group's
/// consecutive ranks are written as a run ("ranks 1-3").
template <class T> std::vector<RankGroup> group_ranks(std::span<const T> items) {
  std::vector<RankGroup> groups;
  std::vector<bool> listed(items.size(), false);
  for (std::size_t r = 0; r < items.size(); ++r) {
    if (listed[r])
      continue;
    std::string ranks;
    int count = 0;
    for (std::size_t q = r; q < items.size(); ++q) {
      if (listed[q] || !(items[q] == items[r]))
        continue;
      std::size_t end = q; // a run of consecutive ranks with this item
      while (end + 1 < items.size() && items[end + 1] == items[r])
        ++end;
      for (std::size_t s = q; s <= end; ++s)
        listed[s] = true;
      ranks += (ranks.empty() ? "" : ", ") + std::to_string(q) +
               (end > q ? "-" + std::to_string(end) : std::string());
      count += static_cast<int>(end - q + 1);
      q = end;
    }
    groups.push_back({std::string(count > 1 ? "ranks " : "rank ") + ranks, r});
  }
  return groups;
}

/// The error every rank raises when the calls differ; `calls[r]` is rank r's call. Ranks that
/// made the same call are listed together ("ranks 1-3").
inline std::string collective_mismatch(std::span<const CollectiveCall> calls) {
  std::string text = "collective call mismatch: ";
  bool first_group = true;
  for (const RankGroup &g : group_ranks(calls)) {
    text += (first_group ? "" : "; ") + g.ranks + " " + describe(calls[g.first]);
    first_group = false;
  }
  const bool gather = std::any_of(calls.begin(), calls.end(), [](const CollectiveCall &c) {
    return c.kind == CollectiveKind::GatherArray;
  });
  if (gather)
    text += ". A parallel loop left the array sharded (or a loader distributed it), and code "
            "that only some ranks run reads it: call orion::gather(array) for a DenseArray, or "
            "array.whole() for a SparseArray, on every rank before that code";
  return text + ". Every rank must make the same collective calls (aggregate(), parallel loops, "
                "loaders, checkpoint and restore) in the same order: do not make them on some "
                "ranks only, e.g. under `if (orion::is_root())`";
}

/// A parallel loop's iteration space as the ranks compare it: the bounding box of a counted nest
/// or an array's extents, and the number of elements of a SparseArray it iterates (-1 for none).
/// Ranks that run one loop over different spaces would each partition their own, and the blocks
/// would not fit together.
struct LoopSpace {
  std::int64_t elements = -1;
  std::vector<std::int64_t> lo, hi;
  friend bool operator==(const LoopSpace &, const LoopSpace &) = default;
};

/// "[0, 100) x [0, 50)", or "1200 elements of [0, 40) x [0, 7)".
inline std::string describe(const LoopSpace &space) {
  std::string text = space.elements >= 0 ? std::to_string(space.elements) + " elements of " : "";
  for (std::size_t d = 0; d < space.lo.size(); ++d)
    text +=
        (d ? " x [" : "[") + std::to_string(space.lo[d]) + ", " + std::to_string(space.hi[d]) + ")";
  return text;
}

/// The error every rank raises when the ranks start the parallel loop at `line` over different
/// spaces; `spaces[r]` is rank r's.
inline std::string loop_space_mismatch(std::int32_t line, std::span<const LoopSpace> spaces) {
  std::string text = "the parallel loop at line " + std::to_string(line) +
                     " runs over different iteration spaces on different ranks: ";
  bool first_group = true;
  for (const RankGroup &g : group_ranks(spaces)) {
    text += (first_group ? "" : "; ") + g.ranks + " over " + describe(spaces[g.first]);
    first_group = false;
  }
  return text + ". Each rank runs its share of one iteration space: compute the loop's bounds, "
                "and the arrays it iterates, from values every rank has (not from "
                "orion::rank(), nor from a file or input that only some ranks read)";
}

#ifdef ORION_DISTRIBUTED
/// Collective: compares this rank's call with every other rank's and, when they differ, throws
/// a collective orion::Error from collective_mismatch on every rank. Free with one rank.
void enter_collective(CollectiveCall call);
/// Collective: enter_collective for the parallel loop at `line`, which then also compares the
/// ranks' iteration spaces (loop_space_mismatch). One all-gather of 16 bytes per rank while they
/// agree.
void enter_parallel_loop(std::int32_t line, const LoopSpace &space);
#else
inline void enter_collective(CollectiveCall) {}
inline void enter_parallel_loop(std::int32_t, const LoopSpace &) {}
#endif

} // namespace orion::detail
