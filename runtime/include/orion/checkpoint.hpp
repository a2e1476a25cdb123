// orion::checkpoint and orion::restore: a collective, atomic on-disk snapshot of dense and sparse
// arrays and a step counter, readable under any rank or thread count. The format and why a crash
// never loses the previous checkpoint: <orion/detail/checkpoint_format.hpp>.
#pragma once

#include <orion/dense_array.hpp>
#include <orion/detail/checkpoint_format.hpp>
#include <orion/detail/collective_call.hpp>
#include <orion/detail/comm.hpp>
#include <orion/detail/file_io.hpp>
#include <orion/error.hpp>
#include <orion/sparse_array.hpp>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <system_error>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace orion {

namespace detail {

template <class A> struct is_dense_array : std::false_type {};
template <class T, std::size_t N> struct is_dense_array<DenseArray<T, N>> : std::true_type {};
template <class A> struct is_sparse_array : std::false_type {};
template <class T, std::size_t N> struct is_sparse_array<SparseArray<T, N>> : std::true_type {};
template <class A>
inline constexpr bool is_checkpointable = is_dense_array<A>::value || is_sparse_array<A>::value;

/// An array's piece of one shard file: `count` elements from `data` (a DenseArray's rows; a
/// SparseArray's keys, its values following from `values`).
struct ShardPiece {
  const unsigned char *data = nullptr;
  const unsigned char *values = nullptr;
  std::int64_t count = 0;
};

/// A SparseArray's part of a checkpoint: the elements this rank writes, and for restore how the
/// array's elements are replaced by the pieces this rank read (`total` on all ranks together).
struct SparseBytes {
  ShardPiece mine;
  std::function<void(const std::vector<ShardPiece> &pieces, std::int64_t total,
                     const std::optional<SerialOrderRecord> &order)>
      replace;
};

/// Raw bytes of one array, whatever its element type. For a DenseArray `data` is the whole
/// extent's storage; on an array that parallel loops left sharded across the ranks, only this
/// rank's rows there are current, which are the rows its checkpoint piece holds
/// (checkpoint_format.hpp). A SparseArray has `sparse` instead.
struct ArrayBytes {
  CheckpointArray shape;
  unsigned char *data = nullptr;
  std::int64_t element_bytes = 0;
  /// Before restore writes every element: the array stops being sharded (nothing to gather,
  /// since every row is overwritten). Empty for a whole array.
  std::function<void()> drop_shard;
  SparseBytes sparse;
};

template <class T, std::size_t N> ArrayBytes array_bytes(const DenseArray<T, N> &a) {
  ArrayBytes b;
  b.shape.element = element_name<T>();
  b.shape.extents.assign(a.extents().begin(), a.extents().end());
  b.element_bytes = static_cast<std::int64_t>(sizeof(T));
#ifdef ORION_DISTRIBUTED
  // A shard split like the checkpoint's pieces (rows over all ranks, nearly equal ranges) is
  // written as it is; anything else (a slab left by a loop) is made whole first.
  const std::unique_ptr<Shard> &shard = DenseAccess::shard(a);
  if (shard && shard->ranks == comm_size() && shard->rows == a.extent(0) && shard->equal_split()) {
    b.data = reinterpret_cast<unsigned char *>(DenseAccess::data(a));
    b.drop_shard = [&a] { DenseAccess::shard(a).reset(); };
    return b;
  }
#endif
  b.data = reinterpret_cast<unsigned char *>(const_cast<T *>(a.data()));
  return b;
}

/// What this rank's layout knows of the serial order of a SparseArray's elements (whether the
/// storage is in it is agreed by the ranks when the checkpoint is written).
inline SerialOrderRecord serial_order_record(const SparseLayout &layout) {
  SerialOrderRecord o;
  o.written_in_serial_order = !layout.permuted;
  o.stored_in_key_order = layout.stored_in_key_order;
  o.keys_strictly_increasing = layout.keys_strictly_increasing;
  o.first_out_of_order = layout.first_out_of_order;
  o.rows_in_order = layout.rows_in_order;
  o.last_row = layout.last_row;
  if (layout.stored_in_key_order == 1)
    o.last_key = layout.last_key;
  return o;
}

/// The layout of elements restored from a checkpoint that recorded `o`: nothing about blocks.
inline SparseLayout restored_layout(const SerialOrderRecord &o) {
  SparseLayout layout;
  layout.permuted = !o.written_in_serial_order;
  layout.stored_in_key_order = static_cast<int>(o.stored_in_key_order);
  layout.keys_strictly_increasing = o.keys_strictly_increasing;
  layout.first_out_of_order = o.first_out_of_order;
  layout.rows_in_order = static_cast<int>(o.rows_in_order);
  layout.last_row = o.last_row;
  layout.last_key = o.last_key;
  return layout;
}

/// What this rank writes of a SparseArray: its share of a distributed array, or its balanced
/// range of a whole one (every rank holds the same elements then). Nothing is gathered.
template <class T, std::size_t N> ArrayBytes array_bytes(const SparseArray<T, N> &a) {
  ArrayBytes b;
  b.shape.element = element_name<T>();
  b.shape.extents.assign(a.extents().begin(), a.extents().end());
  b.shape.sparse = true;
  b.shape.elements = {a.nnz()};
  b.element_bytes = static_cast<std::int64_t>(sizeof(T));
  b.shape.order = serial_order_record(*a.executor_storage().layout);
  const auto keys = a.local_keys();
  const auto values = a.local_values();
  std::int64_t lo = 0, hi = static_cast<std::int64_t>(keys.size());
  if (!a.distributed()) {
    lo = shard_begin(hi, comm_rank(), comm_size());
    hi = shard_begin(hi, comm_rank() + 1, comm_size());
  }
  b.sparse.mine = {reinterpret_cast<const unsigned char *>(keys.data() + lo),
                   reinterpret_cast<const unsigned char *>(values.data() + lo), hi - lo};
  return b;
}

/// The arrays restore fills: a SparseArray's elements are replaced by the pieces this rank
/// reads, leaving it distributed over the ranks as a loader would (whole with
/// --orion-distribute=off, and always on one rank).
template <class T, std::size_t N> ArrayBytes restore_target(DenseArray<T, N> &a) {
  return array_bytes(a);
}
template <class T, std::size_t N> ArrayBytes restore_target(SparseArray<T, N> &a) {
  ArrayBytes b = array_bytes(a);
  b.sparse.replace = [&a](const std::vector<ShardPiece> &pieces, std::int64_t total,
                          const std::optional<SerialOrderRecord> &order) {
    using Key = typename SparseArray<T, N>::key_type;
    std::int64_t n = 0;
    for (const ShardPiece &p : pieces)
      n += p.count;
    std::vector<Key> keys(static_cast<std::size_t>(n));
    std::vector<T> values(static_cast<std::size_t>(n));
    std::size_t at = 0;
    for (const ShardPiece &p : pieces) {
      const auto count = static_cast<std::size_t>(p.count);
      if (count > 0) {
        std::memcpy(static_cast<void *>(keys.data() + at), p.data, count * sizeof(Key));
        std::memcpy(static_cast<void *>(values.data() + at), p.values, count * sizeof(T));
      }
      at += count;
    }
    const Key extents = a.extents();
    // The restored elements are in the order the writing ranks held them, which a loop may have
    // sorted into its blocks: the rotation depth (choose_rotation_depth) and an ordered loop's
    // return to the serial order depend on what the checkpoint knew of the serial order.
    // A checkpoint older than that record: what a loop found out about the array as loaded again
    // (its file order), if one ran, is the best there is.
    const SparseLayout before = *a.executor_storage().layout;
    a = SparseArray<T, N>(distributed, extents, std::move(keys), std::move(values), total);
    if (order)
      *a.executor_storage().layout = restored_layout(*order);
    else if (before.stored_in_key_order >= 0)
      *a.executor_storage().layout = before.serial_order_only(true);
    if (!state().options.distribute)
      a.whole();
  };
  return b;
}

inline std::string errno_text(int err) { return std::strerror(err); }

/// fsync of a directory, so that a rename inside it is on disk.
inline int sync_directory(const std::string &dir) {
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0)
    return errno;
  FdCloser closer(fd);
  if (::fsync(fd) != 0 && errno != EINVAL) // some file systems cannot sync a directory
    return errno;
  return closer.close();
}

/// Writes `bytes` pieces to a new file `path` and syncs it; returns why it failed.
inline std::optional<std::string>
write_synced(const std::string &path,
             const std::vector<std::pair<const void *, std::size_t>> &parts, int flags) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | flags, 0666);
  if (fd < 0)
    return "cannot create checkpoint file '" + path + "': " + errno_text(errno);
  FdCloser closer(fd);
  int err = 0;
  for (const auto &[data, size] : parts)
    if (err == 0)
      err = write_fully(fd, data, size);
  if (err == 0 && ::fsync(fd) != 0)
    err = errno;
  if (const int close_err = closer.close(); err == 0)
    err = close_err;
  if (err != 0) {
    ::unlink(path.c_str());
    return "cannot write checkpoint file '" + path + "': " + errno_text(err);
  }
  return std::nullopt;
}

/// Reads a whole file; nothing on success, else errno (ENOENT when it does not exist).
inline int read_whole_file(const std::string &path, std::string &out) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return errno;
  FdCloser closer(fd);
  struct stat st {};
  if (::fstat(fd, &st) != 0)
    return errno;
  if (!S_ISREG(st.st_mode))
    return EISDIR;
  out.assign(static_cast<std::size_t>(st.st_size), '\0');
  if (const int err = read_fully(fd, out.data(), out.size()); err != 0)
    return err < 0 ? EIO : err;
  return 0;
}

/// Rank 0 removes the shard files of other generations and stale temporary manifests: what a
/// crash or an earlier checkpoint left behind. Only names this format writes are touched.
inline void remove_stale_files(const std::string &dir, std::int64_t generation) {
  const std::string keep = "shard-" + std::to_string(generation) + "-";
  std::error_code ec;
  for (const auto &entry : std::filesystem::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    const bool old_shard =
        name.starts_with("shard-") && name.ends_with(".bin") && !name.starts_with(keep);
    const bool old_temp = name.starts_with(std::string(kManifestName) + ".tmp.");
    if (old_shard || old_temp)
      ::unlink(entry.path().c_str());
  }
}

/// The manifest text as rank 0 read it, on every rank: nothing when there is none.
inline std::optional<std::string> read_manifest_everywhere(const std::string &dir) {
  const std::string path = dir + "/" + kManifestName;
  std::string text;
  std::optional<std::string> failure;
  bool none = false;
  if (comm_rank() == 0) {
    const int err = read_whole_file(path, text);
    // A missing directory holds no checkpoint; a path that is not a directory is a mistake the
    // program's first checkpoint would only find later.
    if (err == ENOENT)
      none = true;
    else if (err == ENOTDIR)
      failure = "cannot restore from checkpoint directory '" + dir + "': " + errno_text(err);
    else if (err != 0)
      failure = "cannot read checkpoint manifest '" + path + "': " + errno_text(err);
  }
  raise_if_any<CheckpointError>(failure);
  const std::string shared = comm_bcast_string(none ? std::string("N") : "M" + text, 0);
  if (shared == "N")
    return std::nullopt;
  return shared.substr(1);
}

inline void checkpoint_arrays(const std::string &dir, std::int64_t step,
                              const std::vector<ArrayBytes> &arrays) {
  if (step < 0)
    throw CheckpointError("checkpoint step must be non-negative, got " + std::to_string(step),
                          true);
  const int rank = comm_rank(), ranks = comm_size();
  std::optional<std::string> failure;
  if (rank == 0) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec)
      failure = "cannot create checkpoint directory '" + dir + "': " + ec.message();
  }
  raise_if_any<CheckpointError>(failure);
  // A generation no earlier checkpoint or crashed attempt in this directory has used.
  const std::int64_t generation = std::stoll(comm_bcast_string(std::to_string(wall_clock_ns()), 0));

  Manifest m;
  m.step = step;
  m.generation = generation;
  std::vector<std::int64_t> sizes;
  for (const ArrayBytes &a : arrays) {
    m.arrays.push_back(a.shape);
    if (a.shape.sparse) { // how many elements each rank writes, and whether in the serial order
      m.arrays.back().elements = comm_allgather(a.sparse.mine.count);
      m.arrays.back().order->written_in_serial_order =
          comm_allreduce_max(a.shape.order->written_in_serial_order ? 0 : 1) == 0;
    }
    sizes.push_back(a.element_bytes);
  }

  // Phase 1: every rank writes and syncs its shard.
  ShardHeader header{};
  std::memcpy(header.magic, kShardMagic, sizeof header.magic);
  header.version = static_cast<std::uint32_t>(kCheckpointVersion);
  header.byte_order = kCheckpointByteOrder;
  header.generation = generation;
  header.rank = rank;
  header.ranks = ranks;
  std::vector<std::pair<const void *, std::size_t>> parts{{&header, sizeof header}};
  Checksum sum;
  sum.update(&header, sizeof header);
  const auto add_part = [&](const void *p, std::size_t n) {
    parts.emplace_back(p, n);
    sum.update(p, n);
  };
  for (const ArrayBytes &a : arrays) {
    if (a.shape.sparse) {
      const auto n = static_cast<std::size_t>(a.sparse.mine.count);
      add_part(a.sparse.mine.data, n * a.shape.extents.size() * sizeof(std::int64_t));
      add_part(a.sparse.mine.values, n * static_cast<std::size_t>(a.element_bytes));
      continue;
    }
    const std::int64_t lo = piece_begin(a.shape.extents, rank, ranks, kCheckpointVersion),
                       hi = piece_begin(a.shape.extents, rank + 1, ranks, kCheckpointVersion);
    add_part(a.data + lo * a.element_bytes, static_cast<std::size_t>((hi - lo) * a.element_bytes));
  }
  const std::string shard_path = dir + "/" + shard_file_name(generation, rank);
  failure = write_synced(shard_path, parts, 0);
  if (std::optional<std::string> any = first_failure(failure)) {
    ::unlink(shard_path.c_str());
    throw CheckpointError(*any, true);
  }

  // Phase 2: rank 0 commits the manifest naming them (temporary file, sync, rename, sync).
  const std::vector<std::int64_t> checksums =
      comm_allgather(static_cast<std::int64_t>(sum.value()));
  for (int r = 0; r < ranks; ++r)
    m.shards.push_back({shard_file_name(generation, r),
                        shard_bytes(m.arrays, sizes, r, ranks, kCheckpointVersion),
                        static_cast<std::uint64_t>(checksums[static_cast<std::size_t>(r)])});
  const std::string manifest_path = dir + "/" + kManifestName;
  if (rank == 0) {
    const std::string text = format_manifest(m);
    const std::string temp = manifest_path + ".tmp." + std::to_string(generation);
    failure = write_synced(temp, {{text.data(), text.size()}}, O_EXCL);
    if (!failure && ::rename(temp.c_str(), manifest_path.c_str()) != 0) {
      failure = "cannot replace checkpoint manifest '" + manifest_path + "': " + errno_text(errno);
      ::unlink(temp.c_str());
    }
    if (!failure)
      if (const int err = sync_directory(dir); err != 0)
        failure = "cannot sync checkpoint directory '" + dir + "': " + errno_text(err);
  }
  if (std::optional<std::string> any = first_failure(failure)) {
    ::unlink(shard_path.c_str());
    throw CheckpointError(*any, true);
  }

  // Phase 3: every rank must see what rank 0 committed (a directory that is not on a file system
  // all ranks share would make a restart read nothing, or another job's files).
  failure.reset();
  if (rank != 0) {
    std::string text, why;
    const int err = read_whole_file(manifest_path, text);
    const std::optional<Manifest> seen = err == 0 ? parse_manifest(text, why) : std::nullopt;
    if (!seen || seen->generation != generation)
      failure = "checkpoint directory '" + dir + "' is not shared by all ranks: rank " +
                std::to_string(rank) + " does not see the manifest rank 0 wrote";
  }
  raise_if_any<CheckpointError>(failure);
  if (rank == 0)
    remove_stale_files(dir, generation);
  comm_barrier();
}

/// Why shard file `s` cannot be used, or nothing; on success its bytes after the header are in
/// `out`.
inline std::optional<std::string> read_shard(const std::string &dir, const Manifest &m,
                                             std::size_t s, std::string &out) {
  const CheckpointShard &shard = m.shards[s];
  const std::string path = dir + "/" + shard.file;
  const auto corrupt = [&](const std::string &why) {
    return "checkpoint file '" + path + "' is corrupt: " + why;
  };
  if (const int err = read_whole_file(path, out); err != 0)
    return err == ENOENT ? "checkpoint file '" + path + "' is missing (named by '" + dir + "/" +
                               kManifestName + "')"
                         : "cannot read checkpoint file '" + path + "': " + errno_text(err);
  if (static_cast<std::int64_t>(out.size()) != shard.bytes)
    return corrupt("it has " + std::to_string(out.size()) + " bytes, the manifest says " +
                   std::to_string(shard.bytes));
  if (text_checksum(out) != shard.checksum)
    return corrupt("its checksum does not match the manifest");
  ShardHeader h{};
  std::memcpy(&h, out.data(), sizeof h);
  if (std::memcmp(h.magic, kShardMagic, sizeof h.magic) != 0 || h.generation != m.generation ||
      h.rank != static_cast<std::int32_t>(s) ||
      h.ranks != static_cast<std::int32_t>(m.shards.size()))
    return corrupt("its header does not match the manifest");
  out.erase(0, sizeof h);
  return std::nullopt;
}

/// Where argument `arg`'s piece of each shard file this rank read ([first, last), whose bytes
/// after the header are `mine`) starts, given where the previous argument's ended (`offset`,
/// advanced past this one's). A SparseArray's pieces are also checked: a key outside the extents
/// would be an out-of-bounds access in a loop. Returns why the checkpoint is refused, or nothing.
inline std::optional<std::string>
locate_pieces(const std::string &dir, const Manifest &m, std::size_t arg, const ArrayBytes &a,
              std::int64_t first, std::int64_t last, const std::vector<std::string> &mine,
              std::vector<std::size_t> &offset, std::vector<ShardPiece> &pieces) {
  const CheckpointArray &shape = m.arrays[arg];
  const std::size_t dims = shape.extents.size();
  const auto shards = static_cast<std::int64_t>(m.shards.size());
  for (std::int64_t s = first; s < last; ++s) {
    std::size_t &at = offset[static_cast<std::size_t>(s - first)];
    const std::int64_t n = piece_elements(shape, s, shards, m.version);
    ShardPiece p;
    p.count = n;
    p.data =
        reinterpret_cast<const unsigned char *>(mine[static_cast<std::size_t>(s - first)].data()) +
        at;
    at += static_cast<std::size_t>(n * shape.stored_bytes(a.element_bytes));
    if (!shape.sparse) {
      pieces.push_back(p); // the rows' bytes
      continue;
    }
    p.values = p.data + static_cast<std::size_t>(n) * dims * sizeof(std::int64_t);
    for (std::size_t i = 0; i < static_cast<std::size_t>(n) * dims; ++i) {
      std::int64_t x = 0;
      std::memcpy(&x, p.data + i * sizeof x, sizeof x);
      if (x < 0 || x >= shape.extents[i % dims])
        return "checkpoint file '" + dir + "/" + m.shards[static_cast<std::size_t>(s)].file +
               "' is corrupt: element " + std::to_string(i / dims) + " of array " +
               std::to_string(arg + 1) + " has coordinate " + std::to_string(x) + " in dimension " +
               std::to_string(i % dims) + " of extent " + std::to_string(shape.extents[i % dims]);
    }
    pieces.push_back(p);
  }
  return std::nullopt;
}

inline std::int64_t restore_arrays(const std::string &dir, const std::vector<ArrayBytes> &arrays) {
  const std::optional<std::string> text = read_manifest_everywhere(dir);
  if (!text)
    return -1;
  const std::string manifest_path = dir + "/" + kManifestName;
  std::string why;
  const std::optional<Manifest> parsed = parse_manifest(*text, why);
  if (!parsed)
    throw CheckpointError("checkpoint manifest '" + manifest_path + "' is corrupt: " + why, true);
  const Manifest &m = *parsed;
  if (m.byte_order != kCheckpointByteOrder)
    throw CheckpointError(
        "checkpoint '" + manifest_path + "' was written on a machine of another byte order", true);
  if (m.arrays.size() != arrays.size())
    throw CheckpointError("checkpoint '" + manifest_path + "' holds " +
                              std::to_string(m.arrays.size()) + " array(s); restore was given " +
                              std::to_string(arrays.size()),
                          true);
  for (std::size_t a = 0; a < arrays.size(); ++a)
    if (!m.arrays[a].restores_into(arrays[a].shape))
      throw CheckpointError("checkpoint '" + manifest_path + "' does not match array " +
                                std::to_string(a + 1) + " of " + std::to_string(arrays.size()) +
                                ": it holds " + m.arrays[a].describe() + ", the array is " +
                                arrays[a].shape.describe(),
                            true);

  // Each rank reads a contiguous run of shard files (any number of them: the writer may have had
  // more or fewer ranks) and the ranks then all-gather each array from those runs.
  const int rank = comm_rank(), ranks = comm_size();
  const auto shards = static_cast<std::int64_t>(m.shards.size());
  const std::int64_t first = shard_begin(shards, rank, ranks);
  const std::int64_t last = shard_begin(shards, rank + 1, ranks);
  // The manifest's shard sizes must be what its arrays need, or a piece would be read past the end
  // of its file.
  std::vector<std::int64_t> sizes;
  for (const ArrayBytes &a : arrays)
    sizes.push_back(a.element_bytes);
  for (std::int64_t s = 0; s < shards; ++s) {
    const std::int64_t need = shard_bytes(m.arrays, sizes, s, shards, m.version);
    if (m.shards[static_cast<std::size_t>(s)].bytes != need)
      throw CheckpointError(
          "checkpoint manifest '" + manifest_path + "' is corrupt: shard " + std::to_string(s) +
              " has " + std::to_string(m.shards[static_cast<std::size_t>(s)].bytes) +
              " bytes, its arrays need " +
              (need < 0 ? std::string("more than a file can hold") : std::to_string(need)),
          true);
  }
  std::vector<std::string> mine(static_cast<std::size_t>(last - first));
  std::optional<std::string> failure;
  for (std::int64_t s = first; s < last && !failure; ++s)
    failure =
        read_shard(dir, m, static_cast<std::size_t>(s), mine[static_cast<std::size_t>(s - first)]);
  raise_if_any<CheckpointError>(failure);

  // Every piece located and checked before any array changes: a refused checkpoint leaves them all
  // as they were.
  std::vector<std::size_t> offset(mine.size(), 0); // how far into each shard's data we are
  std::vector<std::vector<ShardPiece>> pieces(arrays.size());
  for (std::size_t arg = 0; arg < arrays.size() && !failure; ++arg)
    failure = locate_pieces(dir, m, arg, arrays[arg], first, last, mine, offset, pieces[arg]);
  raise_if_any<CheckpointError>(failure);

  for (std::size_t arg = 0; arg < arrays.size(); ++arg) {
    const ArrayBytes &a = arrays[arg];
    if (a.shape.sparse) {
      a.sparse.replace(pieces[arg], m.arrays[arg].nnz(), m.arrays[arg].order);
      continue;
    }
    if (a.drop_shard)
      a.drop_shard();
    std::vector<unsigned char> send;
    for (const ShardPiece &p : pieces[arg])
      send.insert(send.end(), p.data, p.data + static_cast<std::size_t>(p.count * a.element_bytes));
    const auto begin = [&](std::int64_t s) {
      return piece_begin(a.shape.extents, s, shards, m.version);
    };
    std::vector<std::int64_t> recv_bytes(static_cast<std::size_t>(ranks));
    for (int r = 0; r < ranks; ++r) {
      const std::int64_t lo = shard_begin(shards, r, ranks), hi = shard_begin(shards, r + 1, ranks);
      recv_bytes[static_cast<std::size_t>(r)] = (begin(hi) - begin(lo)) * a.element_bytes;
    }
    comm_allgatherv_bytes(send.data(), static_cast<std::int64_t>(send.size()), a.data, recv_bytes);
  }
  return m.step;
}

} // namespace detail

/// Collective: writes `arrays` (DenseArrays and SparseArrays) and `step` to directory `dir`
/// (created if missing) as a new checkpoint replacing the one there. Each rank writes its own rows
/// or elements; none gathers an array. A crash at any moment leaves the previous checkpoint
/// readable. `dir` must be on a file system every rank sees.
template <class... Arrays>
void checkpoint(const std::string &dir, std::int64_t step, const Arrays &...arrays) {
  static_assert((detail::is_checkpointable<Arrays> && ...),
                "orion::checkpoint takes DenseArrays and SparseArrays");
  detail::enter_collective({detail::CollectiveKind::Checkpoint});
  detail::checkpoint_arrays(dir, step, {detail::array_bytes(arrays)...});
}

/// Collective: fills `arrays` from the checkpoint in `dir` and returns its step, or returns -1 (and
/// leaves the arrays alone) when `dir` holds no checkpoint. The arrays must have the element types
/// and extents they had when written, and a SparseArray as many elements; its keys and values are
/// replaced by the checkpoint's, in the order they were written, each rank keeping the elements of
/// the shard files it read. A checkpoint written under another rank or thread count restores the
/// same values. Throws CheckpointError naming the file for anything else.
template <class... Arrays> std::int64_t restore(const std::string &dir, Arrays &...arrays) {
  static_assert((detail::is_checkpointable<Arrays> && ...),
                "orion::restore takes DenseArrays and SparseArrays");
  detail::enter_collective({detail::CollectiveKind::Restore});
  return detail::restore_arrays(dir, {detail::restore_target(arrays)...});
}

} // namespace orion
