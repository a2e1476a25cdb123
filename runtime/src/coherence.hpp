// Keeping the ranks' copies of the arrays a parallel loop writes consistent. Every rank holds
// every array; a schedule decides who writes what, and these helpers move exactly that: slabs of
// arrays aligned with a partitioned dimension, and recorded write sets of the others.
#pragma once

#include <orion/detail/executor.hpp>

#include <cstdint>
#include <optional>
#include <vector>

namespace orion::detail {

/// A contiguous byte range of an array (or of a sparse array's values) and the rank whose copy
/// is authoritative for it.
struct Span {
  unsigned char *data = nullptr;
  std::size_t bytes = 0;
  int owner = 0;
  int array = -1; ///< the loop argument it belongs to (0: the iterated array), for --orion-stats
};

/// Appends the spans of the slab [lo, hi) along dimension `dim` of argument `array`, whose handle
/// is `h` (row-major: one span per combination of the indices before `dim`).
void slab_spans(const DenseHandle &h, int array, int dim, std::int64_t lo, std::int64_t hi,
                int owner, std::vector<Span> &out);

/// One array's part of an exchange done in place: rank r's bytes are at base + displs[r].
struct InPlaceRun {
  unsigned char *base = nullptr;
  std::vector<std::int64_t> bytes, displs;
};

/// The exchange as one in-place all-gather per array, when every rank owns at most one contiguous
/// run of each array (adjacent spans of one owner merged) and the runs do not overlap; nullopt
/// otherwise. The spans of one array id must lie in one allocation; every rank passes the same
/// structure, so every rank decides the same way.
std::optional<std::vector<InPlaceRun>> in_place_runs(const std::vector<Span> &spans, int size);

/// Collective: every rank ends with the owner's bytes in every span. All ranks pass the same list.
void exchange_spans(const std::vector<Span> &spans);

/// Packs / unpacks a list of spans (same list on both sides) into one buffer.
void pack_spans(const std::vector<Span> &spans, std::vector<unsigned char> &out);
/// The calling thread's receive scratch (RuntimeState::exchange_in), at least `bytes` long; valid
/// until the next call.
unsigned char *gather_buffer(std::int64_t bytes);
void unpack_spans(const std::vector<Span> &spans, const unsigned char *in);

/// The elements a block touched (sorted, unique) and the ones it changed.
struct BlockAccess {
  std::vector<std::pair<int, std::int64_t>> accessed, written;
};

/// Write records are runs: (int32 arg, int64 offset, int64 count, count new values).

/// Reads a block's log: fills `access` (if non-null) and appends a write record for every element
/// it changed to `writes` (if non-null).
void summarize(const LoopRun &run, const AccessLog &log, BlockAccess *access,
               std::vector<unsigned char> *writes);

/// Appends write records for every element of array a that differs from `before[a]` (runs of
/// changed elements); arrays with an empty `before[a]` are skipped.
void diff_writes(const LoopRun &run, const std::vector<std::vector<unsigned char>> &before,
                 std::vector<unsigned char> &writes);

/// Applies write records produced by summarize or diff_writes (on any rank).
void apply_writes(const LoopRun &run, const unsigned char *records, std::size_t bytes);

/// Collective: every rank's write records are applied on every rank, in rank order.
void exchange_writes(const LoopRun &run, const std::vector<unsigned char> &mine);

/// Collective: root's copy of argument `array` (handle `h`) goes to every rank.
void broadcast_array(const DenseHandle &h, int array, int root);

/// --orion-stats: `bytes` sent for loop argument `array` (-1: for none, e.g. the access sets of
/// --orion-check), added to the loop's total and to the array's.
void count_sent(int array, std::int64_t bytes);
/// Counts the spans' bytes `copies` times (an all-gather sends each byte to every other rank).
void count_sent(const std::vector<Span> &spans, std::int64_t copies);
/// Counts write records by the argument each belongs to, `copies` times.
void count_records_sent(const LoopRun &run, const unsigned char *records, std::size_t bytes,
                        std::int64_t copies);

/// Element index of `offset` in `h`, for messages: "(3, 7)".
std::string element_index(const DenseHandle &h, std::int64_t offset);

} // namespace orion::detail
