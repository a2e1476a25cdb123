// The message every rank raises when the ranks enter different collective calls
// (<orion/detail/collective_call.hpp>); the MPI side is tested by runtime.mpi.fatal_* and
// lit codegen/collective_mismatch.cpp.
#include <orion/detail/collective_call.hpp>

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using orion::detail::CollectiveCall;
using orion::detail::CollectiveKind;

TEST_CASE("a collective call survives the trip through its 64-bit code", "[collective]") {
  for (const CollectiveCall call : {CollectiveCall{CollectiveKind::SessionEnd, 0},
                                    CollectiveCall{CollectiveKind::ParallelLoop, 123456},
                                    CollectiveCall{CollectiveKind::Restore, 7}})
    CHECK(CollectiveCall::from_code(call.code()) == call);
  // The line is part of a loop's identity: two loops do not match.
  CHECK(CollectiveCall{CollectiveKind::ParallelLoop, 12}.code() !=
        CollectiveCall{CollectiveKind::ParallelLoop, 13}.code());
}

TEST_CASE("a collective mismatch names what each group of ranks did", "[collective]") {
  const CollectiveCall aggregate{CollectiveKind::Aggregate, 0};
  const CollectiveCall end{CollectiveKind::SessionEnd, 0};
  const CollectiveCall loop{CollectiveKind::ParallelLoop, 40};
  const std::vector<CollectiveCall> calls = {aggregate, end, end, aggregate, loop, end};
  const std::string text = orion::detail::collective_mismatch(calls);
  CHECK(text.starts_with("collective call mismatch: ranks 0, 3 called Accumulator::aggregate(); "
                         "ranks 1-2, 5 reached the end of the program (orion::Session "
                         "destroyed); rank 4 started the parallel loop at line 40. Every rank "
                         "must make the same collective calls"));
  CHECK(text.find("if (orion::is_root())") != std::string::npos);
}
