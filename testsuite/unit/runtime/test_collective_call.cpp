// The message every rank raises when the ranks enter different collective calls
// (<orion/detail/collective_call.hpp>); the MPI side is tested by runtime.mpi.fatal_* and
// lit codegen/collective_mismatch.cpp.
#include <orion/detail/collective_call.hpp>
#include <orion/detail/option_agreement.hpp>

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
                         "destroyed, or exit() called); rank 4 started the parallel loop at line "
                         "40. Every rank must make the same collective calls"));
  CHECK(text.find("if (orion::is_root())") != std::string::npos);
}

TEST_CASE("a collective mismatch names the accumulators the ranks aggregate", "[collective]") {
  const CollectiveCall first{CollectiveKind::Aggregate, 1};
  const CollectiveCall second{CollectiveKind::Aggregate, 2};
  const std::vector<CollectiveCall> calls = {second, first};
  CHECK(orion::detail::collective_mismatch(calls).starts_with(
      "collective call mismatch: rank 0 called Accumulator::aggregate() of accumulator #2 "
      "(numbered in the order driver code created them); rank 1 called "
      "Accumulator::aggregate() of accumulator #1"));
}

TEST_CASE("ranks with different options get one message naming the option", "[collective]") {
  orion::Options a, b;
  b.seed = 7;
  const std::vector<orion::detail::AgreedOption> options = orion::detail::agreed_options(a);
  std::vector<std::int64_t> all;
  for (const orion::Options &o : {a, b, a, a})
    for (const orion::detail::AgreedOption &option : orion::detail::agreed_options(o))
      all.push_back(option.value);
  const std::optional<std::string> message = orion::detail::options_mismatch(options, all);
  REQUIRE(message);
  CHECK(message->starts_with("the ranks run with different runtime options: --orion-seed (or "
                             "ORION_SEED) is 42 on ranks 0, 2-3; 7 on rank 1. Every rank must"));
  // The same options on every rank: nothing to say.
  std::vector<std::int64_t> same(all.begin(), all.begin() + options.size());
  same.insert(same.end(), same.begin(), same.end());
  CHECK_FALSE(orion::detail::options_mismatch(options, same));
  // A switch and the cache mode are written as their flags take them.
  orion::Options c = a;
  c.cache = orion::CacheMode::refresh;
  std::vector<std::int64_t> cache_differs(same.begin(), same.begin() + options.size());
  for (const orion::detail::AgreedOption &option : orion::detail::agreed_options(c))
    cache_differs.push_back(option.value);
  CHECK(orion::detail::options_mismatch(options, cache_differs)
            ->find("is on on rank 0; refresh on "
                   "rank 1") != std::string::npos);
}
