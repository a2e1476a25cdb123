// orion::checkpoint / orion::restore (<orion/checkpoint.hpp>), serial backend: round trips, the
// files left behind, and every way a checkpoint directory can be refused.
#include "cache_support.hpp"

#include <orion/checkpoint.hpp>

#include <catch2/catch.hpp>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

using orion_test::read_file;
using orion_test::TempDir;
using orion_test::write_file;

namespace {

struct Moments {
  double sum;
  float count;
  std::int32_t seen;
};

orion::DenseArray<float, 2> pattern_matrix(std::int64_t rows, std::int64_t cols, float salt) {
  orion::DenseArray<float, 2> a({rows, cols});
  for (std::int64_t r = 0; r < rows; ++r)
    for (std::int64_t c = 0; c < cols; ++c)
      a(r, c) = salt + static_cast<float>(r * cols + c) * 0.5f;
  return a;
}

/// n elements of a 40 x 7 SparseArray, keys repeating (a SparseArray may hold a key twice).
orion::SparseArray<std::int32_t, 2> pattern_tokens(std::int64_t n, std::int32_t salt) {
  orion::SparseArray<std::int32_t, 2> t({40, 7});
  for (std::int64_t i = 0; i < n; ++i)
    t.push_back({i % 40, (i * 3) % 7}, static_cast<std::int32_t>(salt + i));
  return t;
}

template <class F> std::string checkpoint_error_of(F &&f) {
  try {
    f();
  } catch (const orion::CheckpointError &e) {
    return e.what();
  }
  return "(no error)";
}

std::string only_shard(const TempDir &dir) {
  for (const std::string &name : dir.list())
    if (name.starts_with("shard-"))
      return name;
  return "";
}

} // namespace

TEST_CASE("restore of a directory without a checkpoint returns -1 and leaves the arrays alone",
          "[checkpoint]") {
  TempDir dir;
  auto w = pattern_matrix(3, 4, 1.0f);
  CHECK(orion::restore(dir / "never-written", w) == -1);
  CHECK(orion::restore(dir.path(), w) == -1);
  CHECK(w(2, 3) == pattern_matrix(3, 4, 1.0f)(2, 3));
}

TEST_CASE("restore from a path that is not a directory is an error naming it", "[checkpoint]") {
  // Regression test: it returned -1 as if no checkpoint had been written; only the program's
  // first checkpoint, later, failed.
  TempDir dir;
  const std::string file = dir / "a-file";
  std::FILE *f = std::fopen(file.c_str(), "w");
  REQUIRE(f != nullptr);
  std::fclose(f);
  auto w = pattern_matrix(3, 4, 1.0f);
  CHECK_THROWS_WITH(orion::restore(file, w),
                    Catch::Contains("cannot restore from checkpoint directory '" + file + "'") &&
                        Catch::Contains("Not a directory"));
}

TEST_CASE("a checkpoint restores every element, the step and struct elements", "[checkpoint]") {
  TempDir dir;
  auto w = pattern_matrix(5, 3, 2.0f);
  orion::DenseArray<std::int64_t, 1> counts({7});
  for (std::int64_t i = 0; i < 7; ++i)
    counts(i) = i * i - 3;
  orion::DenseArray<Moments, 1> state({4});
  state(2) = {1.5, 2.0f, 9};
  orion::checkpoint(dir / "ckpt", 12, w, counts, state);

  orion::DenseArray<float, 2> w2({5, 3});
  orion::DenseArray<std::int64_t, 1> counts2({7});
  orion::DenseArray<Moments, 1> state2({4});
  REQUIRE(orion::restore(dir / "ckpt", w2, counts2, state2) == 12);
  CHECK(std::vector<float>(w2.data(), w2.data() + w2.size()) ==
        std::vector<float>(w.data(), w.data() + w.size()));
  CHECK(counts2(6) == 33);
  CHECK(state2(2).sum == 1.5);
  CHECK(state2(2).seen == 9);
}

TEST_CASE("a new checkpoint replaces the old one and leaves only its own files", "[checkpoint]") {
  TempDir dir;
  auto w = pattern_matrix(4, 4, 0.0f);
  orion::checkpoint(dir.path(), 1, w);
  const std::string first_shard = only_shard(dir);
  w(0, 0) = 99.0f;
  orion::checkpoint(dir.path(), 2, w);
  const std::vector<std::string> names = dir.list();
  REQUIRE(names.size() == 2);
  CHECK(names[0] == "manifest.orion");
  CHECK(names[1].starts_with("shard-"));
  CHECK(names[1] != first_shard);

  auto back = pattern_matrix(4, 4, 0.0f);
  CHECK(orion::restore(dir.path(), back) == 2);
  CHECK(back(0, 0) == 99.0f);
}

TEST_CASE("files a crashed checkpoint left behind do not matter and are cleaned up",
          "[checkpoint]") {
  TempDir dir;
  auto w = pattern_matrix(4, 4, 0.0f);
  orion::checkpoint(dir.path(), 3, w);
  // What a kill between the shard writes and the rename of the manifest leaves.
  write_file(dir / "shard-17-0.bin", "half of a shard");
  write_file(dir / "manifest.orion.tmp.17", "orion-checkpoint 1\nstep 4\n");
  auto back = pattern_matrix(4, 4, 7.0f);
  CHECK(orion::restore(dir.path(), back) == 3);
  CHECK(back(3, 3) == pattern_matrix(4, 4, 0.0f)(3, 3));
  orion::checkpoint(dir.path(), 4, w);
  CHECK(dir.list().size() == 2);
}

TEST_CASE("a corrupt or cut manifest is refused, naming it", "[checkpoint]") {
  TempDir dir;
  auto w = pattern_matrix(4, 4, 0.0f);
  orion::checkpoint(dir.path(), 3, w);
  const std::string manifest = dir / "manifest.orion";
  const std::string good = read_file(manifest);

  write_file(manifest, good.substr(0, good.size() / 2));
  CHECK(checkpoint_error_of([&] { orion::restore(dir.path(), w); }) ==
        "checkpoint manifest '" + manifest +
            "' is corrupt: its last line is not complete (the file was cut short)");

  std::string flipped = good;
  flipped[flipped.find("step 3") + 5] = '4';
  write_file(manifest, flipped);
  CHECK(checkpoint_error_of([&] { orion::restore(dir.path(), w); }) ==
        "checkpoint manifest '" + manifest +
            "' is corrupt: its checksum does not match its contents");

  write_file(manifest, "not a checkpoint\n");
  CHECK(checkpoint_error_of([&] { orion::restore(dir.path(), w); }) ==
        "checkpoint manifest '" + manifest +
            "' is corrupt: it is not an orion checkpoint manifest");
  CHECK(w(1, 1) == pattern_matrix(4, 4, 0.0f)(1, 1));
}

TEST_CASE("a damaged, cut or missing shard is refused, naming it, and nothing is restored",
          "[checkpoint]") {
  TempDir dir;
  const auto original = pattern_matrix(6, 5, 0.0f);
  orion::checkpoint(dir.path(), 1, original);
  const std::string shard = dir / only_shard(dir);
  const std::string good = read_file(shard);
  auto into = pattern_matrix(6, 5, 100.0f);

  std::string damaged = good;
  damaged[damaged.size() - 3] ^= 0x40;
  write_file(shard, damaged);
  CHECK(checkpoint_error_of([&] { orion::restore(dir.path(), into); }) ==
        "checkpoint file '" + shard + "' is corrupt: its checksum does not match the manifest");

  write_file(shard, good.substr(0, good.size() - 8));
  CHECK(checkpoint_error_of([&] { orion::restore(dir.path(), into); }) ==
        "checkpoint file '" + shard + "' is corrupt: it has " + std::to_string(good.size() - 8) +
            " bytes, the manifest says " + std::to_string(good.size()));

  std::filesystem::remove(shard);
  CHECK(checkpoint_error_of([&] { orion::restore(dir.path(), into); }) ==
        "checkpoint file '" + shard + "' is missing (named by '" + dir.path() +
            "/manifest.orion')");
  CHECK(into(5, 4) == pattern_matrix(6, 5, 100.0f)(5, 4));
}

TEST_CASE("restoring into arrays of another shape, type or count is refused", "[checkpoint]") {
  TempDir dir;
  auto w = pattern_matrix(4, 3, 0.0f);
  orion::DenseArray<int, 1> n({2});
  orion::checkpoint(dir.path(), 0, w, n);
  const std::string manifest = dir / "manifest.orion";

  orion::DenseArray<float, 2> wider({4, 5});
  CHECK(
      checkpoint_error_of([&] { orion::restore(dir.path(), wider, n); }) ==
      "checkpoint '" + manifest +
          "' does not match array 1 of 2: it holds float32 [4 x 3], the array is float32 [4 x 5]");
  orion::DenseArray<double, 2> doubles({4, 3});
  CHECK(
      checkpoint_error_of([&] { orion::restore(dir.path(), doubles, n); }) ==
      "checkpoint '" + manifest +
          "' does not match array 1 of 2: it holds float32 [4 x 3], the array is float64 [4 x 3]");
  CHECK(checkpoint_error_of([&] { orion::restore(dir.path(), w); }) ==
        "checkpoint '" + manifest + "' holds 2 array(s); restore was given 1");
}

TEST_CASE("checkpoint errors name the directory", "[checkpoint]") {
  TempDir dir;
  write_file(dir / "plain-file", "x");
  auto w = pattern_matrix(2, 2, 0.0f);
  CHECK(checkpoint_error_of([&] {
          orion::checkpoint(dir / "plain-file/sub", 1, w);
        }).starts_with("cannot create checkpoint directory '" + (dir / "plain-file/sub") + "'"));
  CHECK(checkpoint_error_of([&] { orion::checkpoint(dir.path(), -1, w); }) ==
        "checkpoint step must be non-negative, got -1");
}

TEST_CASE("manifest text round-trips and rejects foreign shard names", "[checkpoint]") {
  orion::detail::Manifest m;
  m.step = 5;
  m.generation = 42;
  m.arrays = {{"float32", {3, 2}, false, {}, {}}, {"record24", {0}, false, {}, {}}};
  m.shards = {{"shard-42-0.bin", 56, 0x0123456789abcdefULL}};
  const std::string text = orion::detail::format_manifest(m);
  std::string why;
  const auto back = orion::detail::parse_manifest(text, why);
  REQUIRE(back);
  CHECK(back->step == 5);
  CHECK(back->arrays == m.arrays);
  CHECK(back->shards[0].checksum == 0x0123456789abcdefULL);

  m.shards[0].file = "../../etc/passwd";
  CHECK_FALSE(orion::detail::parse_manifest(orion::detail::format_manifest(m), why));
  CHECK(why == "line 8: shard 0 is named '../../etc/passwd', expected 'shard-42-0.bin'");
}

TEST_CASE("a version 1 checkpoint (pieces split by elements, not rows) still restores",
          "[checkpoint]") {
  // Two shards of a 3 x 5 array as version 1 wrote them: elements [0, 7) and [7, 15). Version 2
  // splits by rows ([0, 5) and [5, 15)), so reading this with the new split would shift values.
  TempDir dir;
  const auto want = pattern_matrix(3, 5, 2.0f);
  namespace d = orion::detail;
  d::Manifest m;
  m.step = 9;
  m.generation = 77;
  m.arrays = {{"float32", {3, 5}, false, {}, {}}};
  for (int s = 0; s < 2; ++s) {
    d::ShardHeader h{};
    std::memcpy(h.magic, d::kShardMagic, sizeof h.magic);
    h.version = 1;
    h.byte_order = d::kCheckpointByteOrder;
    h.generation = m.generation;
    h.rank = s;
    h.ranks = 2;
    std::string bytes(reinterpret_cast<const char *>(&h), sizeof h);
    const std::int64_t lo = d::shard_begin(15, s, 2), hi = d::shard_begin(15, s + 1, 2);
    bytes.append(reinterpret_cast<const char *>(want.data() + lo),
                 static_cast<std::size_t>(hi - lo) * sizeof(float));
    const std::string file = d::shard_file_name(m.generation, s);
    write_file(dir / file, bytes);
    m.shards.push_back({file, static_cast<std::int64_t>(bytes.size()), d::text_checksum(bytes)});
  }
  std::string text = d::format_manifest(m);
  text = text.substr(0, text.rfind("checksum "));
  text.replace(0, text.find('\n'), "orion-checkpoint 1");
  write_file(dir / "manifest.orion", text + "checksum " + d::hex64(d::text_checksum(text)) + "\n");

  orion::DenseArray<float, 2> got({3, 5});
  CHECK(orion::restore(dir.path(), got) == 9);
  for (std::int64_t r = 0; r < 3; ++r)
    for (std::int64_t c = 0; c < 5; ++c)
      CHECK(got(r, c) == want(r, c));

  text.replace(0, text.find('\n'), "orion-checkpoint 5");
  write_file(dir / "manifest.orion", text + "checksum " + d::hex64(d::text_checksum(text)) + "\n");
  CHECK(checkpoint_error_of([&] { orion::restore(dir.path(), got); }) ==
        "checkpoint manifest '" + (dir / "manifest.orion") +
            "' is corrupt: it has another format version ('orion-checkpoint 5'; this build reads "
            "versions 1 to 4)");
}

TEST_CASE("a manifest whose shard sizes do not fit its arrays is refused before any read",
          "[checkpoint]") {
  TempDir dir;
  auto w = pattern_matrix(3, 5, 1.0f);
  orion::checkpoint(dir.path(), 2, w);
  const std::string manifest = dir / "manifest.orion";
  std::string why;
  auto m = orion::detail::parse_manifest(read_file(manifest), why);
  REQUIRE(m);
  m->arrays[0].extents = {5, 5}; // consistent checksums, but 25 floats do not fit the shard
  write_file(manifest, orion::detail::format_manifest(*m));
  orion::DenseArray<float, 2> bigger({5, 5});
  CHECK(checkpoint_error_of([&] { orion::restore(dir.path(), bigger); }) ==
        "checkpoint manifest '" + manifest +
            "' is corrupt: shard 0 has 92 bytes, its arrays need " + "132");
}

TEST_CASE("a SparseArray's keys and values are restored, in the order they were written",
          "[checkpoint]") {
  TempDir dir;
  auto w = pattern_matrix(3, 4, 1.0f);
  const auto tokens = pattern_tokens(100, 5);
  orion::checkpoint(dir.path(), 4, w, tokens);
  // The elements in each shard, then what is known of their serial order.
  CHECK(read_file(dir / "manifest.orion").find("\nsparse int32 40 7 elements 100 order ") !=
        std::string::npos);

  // As a program restarts: the same data reloaded, in another order and with other values.
  orion::SparseArray<std::int32_t, 2> back({40, 7});
  for (std::int64_t i = 99; i >= 0; --i)
    back.push_back({i % 40, (i * 3) % 7}, -1);
  std::int64_t before = 0; // builds the reloaded array's row index, which restore must drop
  for (auto &&entry : back.row(std::int64_t{3}))
    before += entry.value;
  CHECK(before == -3);
  auto w2 = pattern_matrix(3, 4, 0.0f);
  REQUIRE(orion::restore(dir.path(), w2, back) == 4);
  REQUIRE(back.nnz() == 100);
  CHECK_FALSE(back.distributed());
  for (std::int64_t i = 0; i < 100; ++i) {
    CHECK(back.key(i) == tokens.key(i));
    CHECK(back.value(i) == tokens.value(i));
  }
  CHECK(w2(2, 3) == w(2, 3));
  // Rows are looked up in the restored storage, not in the one it replaced.
  std::vector<std::int32_t> row;
  for (auto &&[last, value] : back.row(std::int64_t{3}))
    row.push_back(value);
  CHECK(row == std::vector<std::int32_t>{5 + 3, 5 + 43, 5 + 83});
}

TEST_CASE("a restored SparseArray keeps what the checkpoint knew of its serial order",
          "[checkpoint]") {
  namespace d = orion::detail;
  TempDir dir;
  // As a loop left the written array: the order noted (rows in order, keys not from element 40
  // on), the storage sorted into blocks.
  auto tokens = pattern_tokens(100, 5);
  d::SparseLayout &written = *tokens.executor_storage().layout;
  written.stored_in_key_order = 0;
  written.first_out_of_order = 40;
  written.rows_in_order = 1;
  written.last_row = 19;
  written.permuted = true;
  orion::checkpoint(dir.path(), 1, tokens);
  CHECK(read_file(dir / "manifest.orion").find(" elements 100 order 1 0 0 40 1 19\n") !=
        std::string::npos);
  // Restored into an array that knows nothing (a fresh process): the record's facts, and the
  // storage counts as permuted.
  const auto reloaded = [] {
    orion::SparseArray<std::int32_t, 2> a({40, 7});
    for (std::int64_t i = 0; i < 100; ++i)
      a.push_back({i % 40, (i * 3) % 7}, 0);
    return a;
  };
  auto back = reloaded();
  REQUIRE(orion::restore(dir.path(), back) == 1);
  const d::SparseLayout &restored = *back.executor_storage().layout;
  CHECK(restored.stored_in_key_order == 0);
  CHECK(restored.first_out_of_order == 40);
  CHECK(restored.rows_in_order == 1);
  CHECK(restored.last_row == 19);
  CHECK(restored.permuted);

  // Written in the serial order, nothing known yet: the restored storage is the serial order,
  // whatever the array restored into had noted.
  const auto plain = pattern_tokens(100, 5);
  orion::checkpoint(dir.path(), 2, plain);
  auto noted = reloaded();
  noted.executor_storage().layout->stored_in_key_order = 1;
  noted.executor_storage().layout->permuted = true;
  REQUIRE(orion::restore(dir.path(), noted) == 2);
  CHECK(noted.executor_storage().layout->stored_in_key_order == -1);
  CHECK(noted.executor_storage().layout->rows_in_order == -1);
  CHECK_FALSE(noted.executor_storage().layout->permuted);

  // A version 3 checkpoint has no record: what a loop found out about the array restored into
  // (as loaded again, in its file order) carries over, and the storage counts as permuted.
  orion::checkpoint(dir.path(), 3, tokens);
  std::string why;
  auto m = d::parse_manifest(read_file(dir / "manifest.orion"), why);
  REQUIRE(m);
  m->arrays[0].order.reset();
  std::string text = d::format_manifest(*m);
  text = text.substr(0, text.rfind("checksum "));
  text.replace(0, text.find('\n'), "orion-checkpoint 3");
  write_file(dir / "manifest.orion", text + "checksum " + d::hex64(d::text_checksum(text)) + "\n");
  auto old = reloaded();
  d::SparseLayout &found = *old.executor_storage().layout;
  found.stored_in_key_order = 0;
  found.first_out_of_order = 7;
  found.rows_in_order = 0;
  REQUIRE(orion::restore(dir.path(), old) == 3);
  CHECK(old.executor_storage().layout->first_out_of_order == 7);
  CHECK(old.executor_storage().layout->rows_in_order == 0);
  CHECK(old.executor_storage().layout->permuted);
}

TEST_CASE("an empty SparseArray round-trips", "[checkpoint]") {
  TempDir dir;
  const orion::SparseArray<double, 3> none({2, 0, 5});
  orion::checkpoint(dir.path(), 0, none);
  orion::SparseArray<double, 3> back({2, 0, 5});
  CHECK(orion::restore(dir.path(), back) == 0);
  CHECK(back.nnz() == 0);
}

TEST_CASE("restoring a SparseArray of another size, shape or kind is refused, and it is kept",
          "[checkpoint]") {
  TempDir dir;
  orion::checkpoint(dir.path(), 1, pattern_matrix(2, 2, 0.0f), pattern_tokens(100, 0));
  const std::string manifest = dir / "manifest.orion";
  auto w = pattern_matrix(2, 2, 0.0f);
  auto fewer = pattern_tokens(99, 7);
  CHECK(checkpoint_error_of([&] { orion::restore(dir.path(), w, fewer); }) ==
        "checkpoint '" + manifest +
            "' does not match array 2 of 2: it holds sparse int32 [40 x 7] of 100 elements, the "
            "array is sparse int32 [40 x 7] of 99 elements");
  CHECK(fewer.nnz() == 99);
  CHECK(fewer.value(0) == 7);
  orion::DenseArray<std::int32_t, 2> dense({40, 7});
  CHECK(checkpoint_error_of([&] { orion::restore(dir.path(), w, dense); }) ==
        "checkpoint '" + manifest +
            "' does not match array 2 of 2: it holds sparse int32 [40 x 7] of 100 elements, the "
            "array is int32 [40 x 7]");
  orion::SparseArray<float, 2> sparse_w({2, 2});
  for (std::int64_t i = 0; i < 4; ++i)
    sparse_w.push_back({i / 2, i % 2}, 0.0f);
  auto tokens = pattern_tokens(100, 0);
  CHECK(checkpoint_error_of([&] { orion::restore(dir.path(), sparse_w, tokens); }) ==
        "checkpoint '" + manifest +
            "' does not match array 1 of 2: it holds float32 [2 x 2], the array is sparse "
            "float32 [2 x 2] of 4 elements");
}

TEST_CASE("a restored key outside the extents is refused, naming the file, and nothing changes",
          "[checkpoint]") {
  // A checkpoint whose checksums are consistent but whose first key is out of range (as a bug in
  // a writer could leave it): restoring it would let a loop index past an array. The dense array
  // before it in the checkpoint is not restored either.
  TempDir dir;
  orion::checkpoint(dir.path(), 3, pattern_matrix(2, 3, 1.0f), pattern_tokens(10, 0));
  const std::string manifest = dir / "manifest.orion";
  std::string why;
  auto m = orion::detail::parse_manifest(read_file(manifest), why);
  REQUIRE(m);
  const std::string shard = dir / m->shards[0].file;
  std::string bytes = read_file(shard);
  const std::int64_t row = 40; // element 0's first coordinate, one past the extent
  std::memcpy(bytes.data() + sizeof(orion::detail::ShardHeader) + 6 * sizeof(float), &row,
              sizeof row);
  write_file(shard, bytes);
  m->shards[0].checksum = orion::detail::text_checksum(bytes);
  write_file(manifest, orion::detail::format_manifest(*m));

  auto w = pattern_matrix(2, 3, 5.0f);
  auto back = pattern_tokens(10, 9);
  CHECK(checkpoint_error_of([&] { orion::restore(dir.path(), w, back); }) ==
        "checkpoint file '" + shard +
            "' is corrupt: element 0 of array 2 has coordinate 40 in dimension 0 of extent 40");
  CHECK(back.value(0) == 9);
  CHECK(w(1, 2) == pattern_matrix(2, 3, 5.0f)(1, 2));
}

TEST_CASE("a manifest's sparse arrays give one element count per shard", "[checkpoint]") {
  namespace d = orion::detail;
  d::Manifest m;
  m.step = 1;
  m.generation = 5;
  m.arrays = {{"float32", {3, 2}, false, {}, {}}, {"int32", {4, 9}, true, {6, 0}, {}}};
  m.shards = {{"shard-5-0.bin", 104, 1}, {"shard-5-1.bin", 56, 2}};
  std::string why;
  const auto back = d::parse_manifest(d::format_manifest(m), why);
  REQUIRE(back);
  CHECK(back->arrays == m.arrays);
  CHECK(d::shard_bytes(back->arrays, {4, 4}, 0, 2, 3) ==
        32 + 2 * 4 + 6 * (2 * 8 + 4));                                // rows [0, 1)
  CHECK(d::shard_bytes(back->arrays, {4, 4}, 1, 2, 3) == 32 + 4 * 4); // rows [1, 3)

  m.arrays[1].elements = {6};
  CHECK_FALSE(d::parse_manifest(d::format_manifest(m), why));
  CHECK(why == "line 6: it gives element counts for 1 shard(s), the checkpoint has 2");
  // Counts that fit an int64 but whose bytes do not.
  m.arrays[1].elements = {INT64_MAX / 4, 0};
  const auto huge = d::parse_manifest(d::format_manifest(m), why);
  REQUIRE(huge);
  CHECK(d::shard_bytes(huge->arrays, {4, 4}, 0, 2, 3) == -1);
  m.arrays[1].elements = {6, -1};
  CHECK_FALSE(d::parse_manifest(d::format_manifest(m), why));
  CHECK(why == "line 6: bad element count '-1'");

  // What is known of the serial order: the elements sorted into blocks, in key order before.
  m.arrays[1].elements = {6, 0};
  m.arrays[1].order = d::SerialOrderRecord{false, 1, true, -1, 1, 3, {3, 8}};
  const auto ordered = d::parse_manifest(d::format_manifest(m), why);
  REQUIRE(ordered);
  CHECK(ordered->arrays == m.arrays);
  CHECK(d::format_manifest(m).find("\nsparse int32 4 9 elements 6 0 order 1 1 1 -1 1 3 3 8\n") !=
        std::string::npos);
  m.arrays[1].order = d::SerialOrderRecord{true, 0, false, 4, 0, 2, {}};
  const auto unordered = d::parse_manifest(d::format_manifest(m), why);
  REQUIRE(unordered);
  CHECK(unordered->arrays == m.arrays);
  const auto refused = [&](const std::string &from, const std::string &to) {
    std::string text = d::format_manifest(m);
    text = text.substr(0, text.rfind("checksum "));
    text.replace(text.find(from), from.size(), to);
    return !d::parse_manifest(text + "checksum " + d::hex64(d::text_checksum(text)) + "\n", why);
  };
  CHECK(refused("order 0 0 0 4 0 2", "order 0 0 0 4 0"));
  CHECK(why.starts_with("line 6: bad serial order record"));
  CHECK(refused("order 0 0 0 4 0 2", "order 0 2 0 4 0 2"));
  CHECK(refused("order 0 0 0 4 0 2", "order 0 0 0 6 0 2"));     // element 6 of 6
  CHECK(refused("order 0 0 0 4 0 2", "order 0 0 0 4 0 2 3 8")); // a last key out of key order
  CHECK(refused("order 0 0 0 4 0 2", "order 0 1 1 -1 1 2 3"));  // one coordinate of two
  CHECK(refused("orion-checkpoint 4", "orion-checkpoint 3"));
  CHECK(why == "line 6: unexpected 'order' before format version 4");
  m.arrays[1].order.reset();

  // Version 2 had no sparse arrays: such a line there is not one.
  m.arrays[1].elements = {6, 0};
  std::string text = d::format_manifest(m);
  text = text.substr(0, text.rfind("checksum "));
  text.replace(0, text.find('\n'), "orion-checkpoint 2");
  CHECK_FALSE(d::parse_manifest(text + "checksum " + d::hex64(d::text_checksum(text)) + "\n", why));
  CHECK(why == "line 6: expected 'shards <count>' after the arrays");
}
