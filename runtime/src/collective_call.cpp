// The check that every rank enters the same collective call (detail/collective_call.hpp): one
// 8-byte MPI_Allgather on the runtime's communicator.
#include <orion/detail/collective_call.hpp>
#include <orion/detail/comm.hpp>
#include <orion/error.hpp>

#include <algorithm>
#include <vector>

namespace orion::detail {

void enter_collective(CollectiveCall call) {
  if (comm_size() == 1)
    return;
  const std::vector<std::int64_t> codes = comm_allgather(call.code());
  if (std::all_of(codes.begin(), codes.end(), [&](std::int64_t c) { return c == codes[0]; }))
    return;
  std::vector<CollectiveCall> calls;
  calls.reserve(codes.size());
  for (std::int64_t c : codes)
    calls.push_back(CollectiveCall::from_code(c));
  throw Error(collective_mismatch(calls), true);
}

} // namespace orion::detail
