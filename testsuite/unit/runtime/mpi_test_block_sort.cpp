// Sorting a sparse iteration space into blocks in place (runtime/src/block_sort.hpp): every shape
// of key and value the sort specializes (1-3 keys of 4 or 8 bytes of value), the run-time sizes
// (small and large values), and more blocks than a 16-bit block id holds; and the set-up passes
// the rank's threads share (block ids, the histogram clause's counts).
#include "block_sort.hpp"
#include "partition_map.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <cstring>
#include <vector>

namespace {

/// Sorts n elements with `dims` keys and `bytes`-byte values into `blocks` blocks (block of
/// element j: a scrambled function of its first key), then checks the block regions and that
/// every key kept its value.
/// `parts`: the threads the block ids and the swaps use; `stripes`: the sort's stripes (0: its
/// own choice); `order`: how the elements' blocks follow their storage order. Returns the sorted
/// keys.
enum class Order { Scrambled, Descending, Skewed };
/// Byte b of element j's value: j's four low bytes, again and again (plus the repetition), so that
/// no two elements' values are alike.
unsigned char value_byte(std::int64_t j, std::size_t b) {
  return static_cast<unsigned char>((j >> (8 * (b % 4))) + static_cast<std::int64_t>(b / 4));
}
std::vector<std::int64_t> check_sort(int dims, std::size_t bytes, std::int64_t n,
                                     std::int64_t blocks, int parts = 1, int stripes = 0,
                                     Order order = Order::Scrambled,
                                     orion::detail::BlockSortStats *stats = nullptr) {
  CAPTURE(dims, bytes, n, blocks, parts, stripes, static_cast<int>(order));
  const auto d = static_cast<std::size_t>(dims);
  std::vector<std::int64_t> keys(static_cast<std::size_t>(n) * d);
  std::vector<unsigned char> values(static_cast<std::size_t>(n) * bytes);
  // Element j: keys j * 7 + k, and each 4 bytes of its value hold j (value_byte), so that each
  // one's original index and value can be read back from its keys after the sort.
  for (std::int64_t j = 0; j < n; ++j) {
    for (std::size_t k = 0; k < d; ++k)
      keys[static_cast<std::size_t>(j) * d + k] = j * 7 + static_cast<std::int64_t>(k);
    for (std::size_t b = 0; b < bytes; ++b)
      values[static_cast<std::size_t>(j) * bytes + b] = value_byte(j, b);
  }
  orion::detail::LoopRun run;
  run.dims = dims;
  run.keys = keys.data();
  run.values = values.data();
  run.value_size = bytes;
  run.nnz = n;
  const auto block_of_key = [&](const std::int64_t *key) {
    const std::int64_t j = key[0] / 7, scrambled = (key[0] * 2654435761) % blocks;
    switch (order) {
    case Order::Descending: // the last block's elements first, and so on
      return static_cast<std::size_t>(blocks - 1 - j * blocks / n);
    case Order::Skewed: // nine in ten in block 1, which comes first in storage
      return static_cast<std::size_t>(j < n * 9 / 10 ? std::min<std::int64_t>(1, blocks - 1)
                                                     : scrambled);
    default:
      return static_cast<std::size_t>(scrambled);
    }
  };
  const auto block_of = [&](std::int64_t j) { return block_of_key(run.keys + j * dims); };
  std::vector<std::int64_t> offsets(static_cast<std::size_t>(blocks) + 1, 0);
  const orion::detail::BlockSortStats did =
      orion::detail::sort_by_block(run, block_of, offsets, parts, stripes);
  if (stats)
    *stats = did;
  REQUIRE(offsets.front() == 0);
  REQUIRE(offsets.back() == n);
  // Counted, then checked once: an assertion per element made the sanitized MPI tests slow.
  std::int64_t misplaced = 0, broken = 0;
  for (std::int64_t b = 0; b < blocks; ++b)
    for (std::int64_t j = offsets[static_cast<std::size_t>(b)];
         j < offsets[static_cast<std::size_t>(b) + 1]; ++j)
      misplaced += block_of(j) != static_cast<std::size_t>(b);
  std::vector<bool> seen(static_cast<std::size_t>(n));
  for (std::int64_t j = 0; j < n; ++j) {
    const std::int64_t *key = keys.data() + j * dims, from = key[0] / 7;
    bool ok = key[0] % 7 == 0 && from >= 0 && from < n && !seen[static_cast<std::size_t>(from)];
    for (std::size_t k = 1; ok && k < d; ++k)
      ok = key[k] == key[0] + static_cast<std::int64_t>(k);
    for (std::size_t b = 0; ok && b < bytes; ++b)
      ok = values[static_cast<std::size_t>(j) * bytes + b] == value_byte(from, b);
    if (ok)
      seen[static_cast<std::size_t>(from)] = true;
    broken += !ok;
  }
  REQUIRE(misplaced == 0);
  REQUIRE(broken == 0);
  return keys;
}

} // namespace

TEST_CASE("sort_by_block keeps every key with its value, whatever the sizes", "[block_sort]") {
  for (int dims : {1, 2, 3, 4})
    for (std::size_t bytes : {std::size_t{4}, std::size_t{8}, std::size_t{12}, std::size_t{100}})
      check_sort(dims, bytes, 1000, 7);
}

TEST_CASE("sort_by_block takes more blocks than 16-bit ids hold", "[block_sort]") {
  check_sort(2, 4, 200000, 70000);
}

TEST_CASE("sort_by_block computes the block ids on several threads, and sorts alike",
          "[block_sort]") {
  // Ranges of unequal length (n not a multiple of the parts) and more parts than blocks; the
  // order the sort leaves depends only on the ids, so it is the one-thread order. Small: every
  // rank of runtime.mpi runs it, under the sanitizers too, within the test's time limit.
  const std::vector<std::int64_t> wide = check_sort(2, 4, 3001, 5, 1),
                                  narrow = check_sort(1, 12, 999, 13, 1);
  for (int parts : {2, 3, 7}) {
    REQUIRE(check_sort(2, 4, 3001, 5, parts) == wide);
    REQUIRE(check_sort(1, 12, 999, 13, parts) == narrow);
  }
  REQUIRE(check_sort(3, 8, 5, 3, 7) == check_sort(3, 8, 5, 3, 1)); // fewer elements than parts
}

TEST_CASE("the striped sort leaves the same order on any number of threads", "[block_sort]") {
  // Stripes of a few hundred elements, so that the test stays small (the set-up cuts one stripe per
  // 2^18 elements: sort_stripes). Blocks laid out at random, in reverse, and one block holding
  // nine in ten elements.
  for (const Order order : {Order::Scrambled, Order::Descending, Order::Skewed})
    for (int stripes : {2, 3, 8}) {
      const std::vector<std::int64_t> one = check_sort(2, 4, 4001, 6, 1, stripes, order),
                                      wide = check_sort(1, 12, 2999, 300, 1, stripes, order);
      for (int parts : {2, 3, 9}) {
        REQUIRE(check_sort(2, 4, 4001, 6, parts, stripes, order) == one);
        REQUIRE(check_sort(1, 12, 2999, 300, parts, stripes, order) == wide);
      }
    }
  REQUIRE(check_sort(2, 8, 5, 3, 2, 8) ==
          check_sort(2, 8, 5, 3, 1, 8)); // more stripes than elements
  // Blocks ids of 32 bits, striped.
  REQUIRE(check_sort(2, 4, 200000, 70000, 2, 3) == check_sort(2, 4, 200000, 70000, 1, 3));
}

TEST_CASE("the striped rounds place most elements; the flag sort finishes when they stall",
          "[block_sort]") {
  orion::detail::BlockSortStats stats;
  // Few large blocks: each stripe's slices take nearly what the stripe holds.
  check_sort(2, 4, 4001, 6, 2, 2, Order::Scrambled, &stats);
  CHECK(stats.rounds >= 1);
  CHECK(stats.left_to_flag_sort < 4001 / 10);
  // 300 blocks of about 10 elements in 8 stripes: a slice holds one or two, most overflow, the
  // first round does not halve what is out of place, and the flag sort places the rest.
  check_sort(1, 12, 2999, 300, 2, 8, Order::Scrambled, &stats);
  CHECK(stats.rounds == 1);
  CHECK(stats.left_to_flag_sort > 2999 / 2);
  // The set-up's own choice: two stripes from 2^19 elements on.
  const std::int64_t n = std::int64_t{1} << 19;
  REQUIRE(orion::detail::sort_stripes(n) == 2);
  const std::vector<std::int64_t> keys = check_sort(1, 4, n, 16, 2, 0, Order::Scrambled, &stats);
  CHECK(stats.rounds >= 1);
  CHECK(stats.left_to_flag_sort < n / 100);
  REQUIRE(check_sort(1, 4, n, 16, 1) == keys);
}

TEST_CASE("the histogram clause's bounds do not depend on how many threads count", "[block_sort]") {
  // Skewed rows (a few hold most elements) and a transformed row (i + j), on this rank's data
  // only (no shard: nothing is summed across ranks).
  const std::int64_t n = 20011, rows = 997, cols = 5000;
  std::vector<std::int64_t> keys(static_cast<std::size_t>(n) * 2);
  for (std::int64_t j = 0; j < n; ++j) {
    keys[static_cast<std::size_t>(2 * j)] = (j * j) % rows * ((j * 7919) % rows) % rows;
    keys[static_cast<std::size_t>(2 * j + 1)] = (j * 31) % cols;
  }
  orion::detail::LoopRun run;
  run.dims = 2;
  run.keys = keys.data();
  run.nnz = n;
  run.global_nnz = n;
  const orion::detail::Transform identity, skew{{1, 1}, {0, 1}};
  for (int parts : {2, 3, 16}) {
    const auto one = orion::detail::count_histogram_bounds(run, identity, 0, 0, rows, parts, 1);
    const auto skewed =
        orion::detail::count_histogram_bounds(run, skew, 0, 0, rows + cols - 1, parts, 1);
    REQUIRE(one.size() == static_cast<std::size_t>(parts) + 1);
    for (int ranges : {2, 3, 7}) {
      CAPTURE(parts, ranges);
      CHECK(orion::detail::count_histogram_bounds(run, identity, 0, 0, rows, parts, ranges) == one);
      CHECK(orion::detail::count_histogram_bounds(run, skew, 0, 0, rows + cols - 1, parts,
                                                  ranges) == skewed);
    }
  }
}

TEST_CASE("the serial order's row order and key order, and the rotation depth they choose",
          "[block_sort]") {
  using orion::detail::SparseLayout;
  const auto noted = [](std::vector<std::int64_t> keys) {
    orion::detail::LoopRun run;
    run.dims = 2;
    run.keys = keys.data();
    run.nnz = static_cast<std::int64_t>(keys.size() / 2);
    run.sparse = true;
    SparseLayout layout;
    orion::detail::note_storage_order(run, layout);
    return layout;
  };
  // Sorted by row, columns in any order: rows in order, not key order.
  SparseLayout rows = noted({0, 5, 0, 1, 1, 3, 1, 3, 4, 0});
  CHECK(rows.rows_in_order == 1);
  CHECK(rows.stored_in_key_order == 0);
  CHECK(rows.first_out_of_order == 1);
  CHECK(rows.last_row == 4);
  // Key order (a repeated key): both.
  SparseLayout keyed = noted({0, 1, 0, 5, 2, 2, 2, 2});
  CHECK(keyed.rows_in_order == 1);
  CHECK(keyed.stored_in_key_order == 1);
  CHECK_FALSE(keyed.keys_strictly_increasing);
  // A row goes back, late: neither.
  SparseLayout back = noted({0, 1, 1, 1, 2, 0, 1, 7});
  CHECK(back.rows_in_order == 0);
  CHECK(back.stored_in_key_order == 0);
  // Elements appended after a loop sorted the storage into its blocks keep the row order current.
  rows.permuted = true;
  const std::int64_t later[2] = {4, 1}, earlier[2] = {3, 9};
  rows.appended(later, 2, 5);
  CHECK(rows.rows_in_order == 1);
  rows.appended(earlier, 2, 6);
  CHECK(rows.rows_in_order == 0);

  // The depth: the user's, else 1 for rows in order under a candidate whose space dimension is
  // the rows, else 2.
  orion::detail::LoopRun run;
  run.sparse = true;
  SparseLayout layout = noted({0, 5, 0, 1, 1, 3});
  run.layout = &layout;
  orion::plan::Candidate by_rows, by_columns;
  by_rows.protocol = by_columns.protocol = orion::model::Protocol::Rotation;
  by_rows.dims = {0, 1};
  by_columns.dims = {1, 0};
  CHECK(orion::detail::choose_rotation_depth(run, 0, by_rows) == 1);
  CHECK(orion::detail::choose_rotation_depth(run, 0, by_columns) == 2);
  CHECK(orion::detail::choose_rotation_depth(run, 3, by_rows) == 3);
  layout.rows_in_order = 0;
  CHECK(orion::detail::choose_rotation_depth(run, 0, by_rows) == 2);
  run.sparse = false; // a dense space: 2
  layout.rows_in_order = 1;
  CHECK(orion::detail::choose_rotation_depth(run, 0, by_rows) == 2);
}

TEST_CASE("the serial order is noted alike on any number of threads", "[block_sort]") {
  // Orders broken at a seam between the threads' ranges, inside one, or nowhere; equal keys.
  const std::int64_t n = 1000;
  for (const std::int64_t broken : {std::int64_t{-1}, n / 2, n / 3, n - 1}) {
    for (const bool rows_only : {false, true}) {
      for (const bool repeat : {false, true}) {
        std::vector<std::int64_t> keys;
        for (std::int64_t j = 0; j < n; ++j) {
          const std::int64_t row = j / 10;
          keys.push_back(j == broken ? row - 2 : row);
          keys.push_back(rows_only ? (j * 7) % 10 : (repeat && j == 501 ? (j - 1) % 10 : j % 10));
        }
        CAPTURE(broken, rows_only, repeat);
        std::vector<orion::detail::SparseLayout> seen;
        for (const int parts : {1, 2, 3}) {
          orion::detail::LoopRun run;
          run.dims = 2;
          run.keys = keys.data();
          run.nnz = n;
          run.sparse = true;
          orion::detail::SparseLayout layout;
          orion::detail::note_storage_order(run, layout, parts);
          seen.push_back(layout);
        }
        for (const orion::detail::SparseLayout &l : seen) {
          CHECK(l.stored_in_key_order == seen[0].stored_in_key_order);
          CHECK(l.first_out_of_order == seen[0].first_out_of_order);
          CHECK(l.keys_strictly_increasing == seen[0].keys_strictly_increasing);
          CHECK(l.rows_in_order == seen[0].rows_in_order);
          CHECK(l.last_row == seen[0].last_row);
          CHECK(l.last_key == seen[0].last_key);
        }
        CHECK(seen[0].rows_in_order == (broken < 0 ? 1 : 0));
        if (broken >= 0 && !rows_only)
          CHECK(seen[0].first_out_of_order == broken);
      }
    }
  }
}
