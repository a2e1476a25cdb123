// The check that every rank enters the same collective call (detail/collective_call.hpp): one
// small all-gather on the runtime's communicator, the same for every kind of call.
#include <orion/detail/collective_call.hpp>
#include <orion/detail/comm.hpp>
#include <orion/detail/file_io.hpp>
#include <orion/error.hpp>

#include <algorithm>
#include <numeric>
#include <vector>

namespace orion::detail {

namespace {

/// Throws collective_mismatch on every rank when the ranks' `codes` differ.
void check_same_call(const std::vector<std::int64_t> &codes) {
  if (std::all_of(codes.begin(), codes.end(), [&](std::int64_t c) { return c == codes[0]; }))
    return;
  std::vector<CollectiveCall> calls;
  calls.reserve(codes.size());
  for (std::int64_t c : codes)
    calls.push_back(CollectiveCall::from_code(c));
  throw Error(collective_mismatch(calls), true);
}

/// The space as int64s: elements, dimensions, then lo and hi of each.
std::vector<std::int64_t> encoded(const LoopSpace &space) {
  std::vector<std::int64_t> out{space.elements, static_cast<std::int64_t>(space.lo.size())};
  out.insert(out.end(), space.lo.begin(), space.lo.end());
  out.insert(out.end(), space.hi.begin(), space.hi.end());
  return out;
}

LoopSpace decoded(const std::int64_t *at) {
  LoopSpace space;
  space.elements = at[0];
  const auto dims = static_cast<std::size_t>(at[1]);
  space.lo.assign(at + 2, at + 2 + dims);
  space.hi.assign(at + 2 + dims, at + 2 + 2 * dims);
  return space;
}

/// Every rank's (call code, detail) pair. Every check sends the same 16 bytes with the same MPI
/// call, whatever the collective: a rank in a parallel loop's check and one in aggregate()'s must
/// meet in one operation and see the mismatch. (When the loop's check sent 16 bytes and the others
/// 8, the two calls never matched, and every rank waited forever.)
std::vector<std::int64_t> exchange_calls(CollectiveCall call, std::int64_t detail) {
  const int ranks = comm_size();
  const std::int64_t pair[2] = {call.code(), detail};
  std::vector<std::int64_t> all(2 * static_cast<std::size_t>(ranks));
  comm_allgatherv_bytes(pair, sizeof pair, all.data(),
                        std::vector<std::int64_t>(static_cast<std::size_t>(ranks), sizeof pair));
  return all;
}

/// The call codes of exchange_calls's pairs.
std::vector<std::int64_t> codes_of(const std::vector<std::int64_t> &pairs) {
  std::vector<std::int64_t> codes(pairs.size() / 2);
  for (std::size_t r = 0; r < codes.size(); ++r)
    codes[r] = pairs[2 * r];
  return codes;
}

} // namespace

void enter_collective(CollectiveCall call) {
  if (comm_size() == 1)
    return;
  check_same_call(codes_of(exchange_calls(call, 0)));
}

void enter_parallel_loop(std::int32_t line, const LoopSpace &space) {
  if (comm_size() == 1)
    return;
  const std::vector<std::int64_t> mine = encoded(space);
  Checksum sum;
  sum.update(mine.data(), mine.size() * sizeof(std::int64_t));
  const std::vector<std::int64_t> all =
      exchange_calls({CollectiveKind::ParallelLoop, line}, static_cast<std::int64_t>(sum.value()));
  check_same_call(codes_of(all));
  bool same_space = true;
  for (std::size_t r = 0; r < all.size(); r += 2)
    same_space = same_space && all[r + 1] == all[1];
  if (same_space)
    return;
  // Every rank saw the difference: they all gather the spaces to say what each rank had.
  const std::vector<std::int64_t> sizes = comm_allgather(static_cast<std::int64_t>(mine.size()));
  std::vector<std::int64_t> bytes(sizes.size());
  std::transform(sizes.begin(), sizes.end(), bytes.begin(), [](std::int64_t n) {
    return n * static_cast<std::int64_t>(sizeof(std::int64_t));
  });
  std::vector<std::int64_t> every(
      static_cast<std::size_t>(std::accumulate(sizes.begin(), sizes.end(), std::int64_t{0})));
  comm_allgatherv_bytes(mine.data(), bytes[static_cast<std::size_t>(comm_rank())], every.data(),
                        bytes);
  std::vector<LoopSpace> spaces;
  std::size_t at = 0;
  for (std::int64_t n : sizes) {
    spaces.push_back(decoded(every.data() + at));
    at += static_cast<std::size_t>(n);
  }
  throw Error(loop_space_mismatch(line, spaces), true);
}

} // namespace orion::detail
