// Which blocks of a sparse layout run as interleaved streams (runtime/src/element_runs.hpp): those
// whose consecutive elements repeat a partitioned coordinate, in a loop that may run them in any
// order and writes a dense array.
#include "element_runs.hpp"
#include "partition_map.hpp"

#include <orion/detail/element_streams.hpp>
#include <orion/detail/sparse_layout.hpp>

#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

namespace {

/// Three blocks of two-coordinate keys: 600 elements in runs of 10 of one row (a row-sorted
/// file's order), 600 with a different row each time, and 200 in runs of one row (too few to cut
/// into streams).
struct Blocks {
  std::vector<std::int64_t> keys, offsets{0, 600, 1200, 1400};
  Blocks() {
    for (std::int64_t j = 0; j < 600; ++j)
      keys.insert(keys.end(), {j / 10, (j * 37) % 50});
    for (std::int64_t j = 0; j < 600; ++j)
      keys.insert(keys.end(), {(j * 7919) % 1000, (j * 37) % 50});
    for (std::int64_t j = 0; j < 200; ++j)
      keys.insert(keys.end(), {j / 10, 3});
  }
};

/// A loop over `ratings` that writes W (and reads H when `reads_h`).
orion::plan::LoopPlan writing_plan(bool reads_h) {
  orion::plan::LoopPlan plan;
  plan.arrays = {{"ratings"}, {"W"}};
  if (reads_h)
    plan.arrays.push_back({"H"});
  plan.arrays[1].written = true;
  return plan;
}

/// A rotation whose space dimension is the rows (0) and time dimension the columns (1).
orion::plan::Candidate rows_rotation() {
  orion::plan::Candidate by_rows;
  by_rows.protocol = orion::model::Protocol::Rotation;
  by_rows.dims = {0, 1};
  return by_rows;
}

} // namespace

TEST_CASE("repeated_coordinates marks the blocks whose neighbours share a coordinate",
          "[element_runs]") {
  Blocks b;
  orion::detail::LoopRun run;
  run.dims = 2;
  run.keys = b.keys.data();
  run.nnz = 1400;
  const std::vector<std::uint64_t> repeated = orion::detail::repeated_coordinates(run, b.offsets);
  REQUIRE(repeated.size() == 3);
  CHECK(repeated[0] == 0b01); // rows repeat, columns do not
  CHECK(repeated[1] == 0);
  CHECK(repeated[2] == 0); // small: never cut
}

TEST_CASE("block_stream_count cuts only where a written row repeats", "[element_runs]") {
  Blocks b;
  orion::detail::SparseLayout layout;
  layout.offsets = b.offsets;
  orion::detail::LoopRun run;
  run.dims = 2;
  run.keys = b.keys.data();
  run.nnz = 1400;
  run.sparse = true;
  run.layout = &layout;
  layout.repeated_coordinates = orion::detail::repeated_coordinates(run, b.offsets);
  orion::plan::LoopPlan plan = writing_plan(true);
  run.plan = &plan;
  const orion::plan::Candidate by_rows = rows_rotation();
  orion::detail::PartitionMap map;
  map.candidate = &by_rows;
  const auto streams = [&](std::size_t block) {
    return orion::detail::block_stream_count(run, map, block);
  };
  CHECK(streams(0) == orion::detail::block_streams);
  CHECK(streams(1) == 1);
  CHECK(streams(2) == 1);
  // A loop that only reads its arrays has no updates to wait for.
  plan.arrays[1].written = false;
  CHECK(streams(0) == 1);
  // Writing the iterated array's values does not chain consecutive elements either.
  plan.arrays[0].written = true;
  CHECK(streams(0) == 1);
  plan.arrays[1].written = true;
  // An ordered loop runs each block in the serial order.
  plan.ordered = true;
  CHECK(streams(0) == 1);
  plan.ordered = false;
  // The repeated coordinate must be one the schedule partitions (in its own coordinates).
  orion::plan::Candidate by_columns = by_rows;
  by_columns.protocol = orion::model::Protocol::OneD;
  by_columns.dims = {1};
  map.candidate = &by_columns;
  CHECK(streams(0) == 1);
  orion::plan::Candidate skewed = by_rows;
  skewed.transform = {{1, 0}, {1, 1}};
  map.candidate = &skewed;
  CHECK(streams(0) == 1);
  // No layout information (the blocks keep the serial order): storage order.
  map.candidate = &by_rows;
  layout.repeated_coordinates.clear();
  CHECK(streams(0) == 1);
}

TEST_CASE("an unordered loop reusing an ordered loop's layout finds the same runs",
          "[element_runs]") {
  // A checkpoint restore sorts the storage again and finds the runs; so must a loop that reuses
  // the layout an ordered loop left (same partition map), or the two would run different orders.
  std::vector<std::int64_t> keys;
  std::vector<float> values;
  for (std::int64_t j = 0; j < 2000; ++j) {
    keys.insert(keys.end(), {j / 20, (j * 7) % 50}); // rows in order, 20 elements each
    values.push_back(static_cast<float>(j));
  }
  orion::detail::SparseLayout layout;
  orion::detail::LoopRun run;
  run.dims = 2;
  run.sparse = true;
  run.keys = keys.data();
  run.values = reinterpret_cast<unsigned char *>(values.data());
  run.value_size = sizeof(float);
  run.nnz = run.global_nnz = 2000;
  run.layout = &layout;
  orion::plan::LoopPlan plan = writing_plan(false);
  plan.ordered = true;
  run.plan = &plan;
  const orion::plan::Candidate by_rows = rows_rotation();
  orion::detail::PartitionMap map;
  map.candidate = &by_rows;
  map.schedule = orion::model::Protocol::Rotation;
  map.space_parts = map.time_parts = 2;
  map.space_bounds = {0, 50, 100};
  map.time_bounds = {0, 25, 50};
  const std::vector<std::int64_t> ordered_offsets = orion::detail::sparse_layout(run, map);
  REQUIRE(ordered_offsets.size() == 5);
  REQUIRE(layout.repeated_coordinates.size() == 4);
  plan.ordered = false;
  REQUIRE(orion::detail::sparse_layout(run, map) == ordered_offsets); // reused, not sorted again
  for (int b = 0; b < 4; ++b) {
    CAPTURE(b);
    CHECK((layout.repeated_coordinates[static_cast<std::size_t>(b)] & 1) == 1);
    const orion::detail::BlockTask task =
        orion::detail::block_task(run, map, {b / 2, b / 2, b % 2});
    CHECK(task.streams == orion::detail::block_streams);
  }
}
