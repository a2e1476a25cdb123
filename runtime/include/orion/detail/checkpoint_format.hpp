// The on-disk format of a checkpoint directory (written by orion::checkpoint, read by
// orion::restore; <orion/checkpoint.hpp>).
//
//   DIR/manifest.orion          text, written last: the step, the arrays and the shard files
//   DIR/shard-<gen>-<r>.bin     one per writing rank: a ShardHeader, then for every array in order
//                               its piece. A DenseArray's piece is its rows
//                               [shard_begin(R, r, S), shard_begin(R, r + 1, S)) of its R rows
//                               (extent 0), row-major, as raw bytes. A SparseArray's piece is the
//                               elements rank r held: their keys (N int64 coordinates each), then
//                               their values; the manifest records how many each shard holds.
//
// The pieces follow rows because an array that parallel loops sharded across the ranks is split
// the same way (detail/shard.hpp): each rank writes the rows it owns from its own storage, and
// nothing is gathered. A distributed SparseArray's elements are spread over the ranks by the loops
// that ran on it, so each rank writes its own share; a whole one is split into balanced ranges of
// its storage order. The array's elements in order are the shards' pieces in shard order. Version 1
// split a dense array's n elements instead ([shard_begin(n, r, S), ...)); version 2 had no sparse
// arrays, version 3 no order record of a sparse array. All are still read.
//
// A checkpoint is one generation: shard files named with a fresh generation, then the manifest
// naming them, renamed over the old one. Until that rename the old manifest names old files that
// are still there, so a crash at any moment leaves the previous checkpoint readable; files of other
// generations are removed only after it. The manifest ends with a checksum of everything before
// its last line and records the size and checksum of every shard file, so a torn or damaged file
// is refused, never read.
//
// The manifest, line by line (every number decimal, checksums 16 hex digits):
//
//   orion-checkpoint 3
//   byte-order 01020304           the writer's byte order (04030201 reads back on the other one)
//   step 7
//   generation 1732444800123456789
//   array float32 1000 16         element type and extents, one line per array, in argument order
//   sparse int32 500 800 elements 1200 1187 order 0 1 1 -1 1 499 499 799
//                                 a SparseArray: element type, extents, elements in each shard,
//                                 and what is known of the serial program's order of its elements
//                                 (SerialOrderRecord, in its field order; the last key only when
//                                 key-order is 1)
//   shards 2
//   shard shard-1732444800123456789-0.bin 83232 0123456789abcdef
//   shard shard-1732444800123456789-1.bin 83180 fedcba9876543210
//   checksum 0123456789abcdef
#pragma once

#include <orion/detail/file_io.hpp>

#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace orion::detail {

inline constexpr const char *kManifestName = "manifest.orion";
inline constexpr std::int64_t kCheckpointVersion = 4;
/// The oldest format version this build reads.
inline constexpr std::int64_t kCheckpointOldestVersion = 1;
inline constexpr std::uint32_t kCheckpointByteOrder = 0x01020304;
inline constexpr char kShardMagic[8] = {'O', 'R', 'I', 'O', 'N', 'C', 'K', 'P'};

/// The fixed-size start of a shard file.
struct ShardHeader {
  char magic[8];
  std::uint32_t version;
  std::uint32_t byte_order;
  std::int64_t generation;
  std::int32_t rank;  ///< which shard this is
  std::int32_t ranks; ///< how many shards the checkpoint has
};
static_assert(sizeof(ShardHeader) == 32 && std::is_trivially_copyable_v<ShardHeader>,
              "the shard header is written as raw bytes");

/// "float32", "int64", "uint8", or "record24" for a trivially copyable struct of 24 bytes: restore
/// refuses a checkpoint whose element type differs from the array's.
template <class T> std::string element_name() {
  const std::string bits = std::to_string(sizeof(T) * 8);
  if constexpr (std::is_floating_point_v<T>)
    return "float" + bits;
  else if constexpr (std::is_integral_v<T> && std::is_signed_v<T>)
    return "int" + bits;
  else if constexpr (std::is_integral_v<T>)
    return "uint" + bits;
  else
    return "record" + std::to_string(sizeof(T));
}

/// What a SparseArray's checkpoint says of the serial program's order of its elements
/// (detail/sparse_layout.hpp). The elements are written in their storage order, which a parallel
/// loop may have changed; after restore, in a fresh process too, an ordered loop must still run
/// them in the serial order and a rotation must still know whether rows came in order.
struct SerialOrderRecord {
  /// The elements were written in the serial order (no loop had sorted them into its blocks).
  bool written_in_serial_order = true;
  /// SparseLayout's fields of the same names; -1 unknown.
  std::int64_t stored_in_key_order = -1;
  bool keys_strictly_increasing = false;
  std::int64_t first_out_of_order = -1;
  std::int64_t rows_in_order = -1;
  std::int64_t last_row = -1;
  std::vector<std::int64_t> last_key; ///< with stored_in_key_order 1
  friend bool operator==(const SerialOrderRecord &, const SerialOrderRecord &) = default;
};

/// One array as the manifest records it.
struct CheckpointArray {
  std::string element;
  std::vector<std::int64_t> extents;
  /// A SparseArray (the others are DenseArrays).
  bool sparse = false;
  /// A SparseArray's elements in each shard; for the array a program passes to restore, one
  /// entry, its nnz().
  std::vector<std::int64_t> elements;
  /// A SparseArray's serial order, when the manifest records it (format version 4 on).
  std::optional<SerialOrderRecord> order;
  std::int64_t nnz() const {
    std::int64_t n = 0;
    for (std::int64_t e : elements)
      n += e;
    return n;
  }
  /// "float32 [1000 x 16]" or "sparse int32 [500 x 800] of 2387 elements", for messages.
  std::string describe() const {
    std::string s = (sparse ? "sparse " : "") + element + " [";
    for (std::size_t d = 0; d < extents.size(); ++d)
      s += (d ? " x " : "") + std::to_string(extents[d]);
    s += "]";
    if (sparse)
      s += " of " + std::to_string(nnz()) + " elements";
    return s;
  }
  /// Whether a checkpoint's array can be restored into `array`: the same kind, element type and
  /// extents, and for a SparseArray as many elements (however the shards divide them).
  bool restores_into(const CheckpointArray &array) const {
    return sparse == array.sparse && element == array.element && extents == array.extents &&
           (!sparse || nnz() == array.nnz());
  }
  /// Bytes of one element in a shard file: a SparseArray's also carry their key.
  std::int64_t stored_bytes(std::int64_t element_bytes) const {
    return element_bytes +
           (sparse ? static_cast<std::int64_t>(extents.size() * sizeof(std::int64_t)) : 0);
  }
  friend bool operator==(const CheckpointArray &, const CheckpointArray &) = default;
};

/// One shard file as the manifest records it.
struct CheckpointShard {
  std::string file; ///< a name inside the checkpoint directory
  std::int64_t bytes = 0;
  std::uint64_t checksum = 0;
};

/// Everything a manifest says.
struct Manifest {
  std::int64_t version = kCheckpointVersion;
  std::int64_t step = 0;
  std::int64_t generation = 0;
  std::uint32_t byte_order = kCheckpointByteOrder;
  std::vector<CheckpointArray> arrays;
  std::vector<CheckpointShard> shards; ///< shard r was written by rank r
};

/// First element of shard s of `shards` of an array of n elements (shard_begin(n, shards, shards)
/// is n): balanced contiguous ranges, the same on the writer and the reader.
inline std::int64_t shard_begin(std::int64_t n, std::int64_t s, std::int64_t shards) {
  // floor(n * s / shards) without overflowing n * s: shards (ranks) is small, n may not be.
  return n / shards * s + n % shards * s / shards;
}

/// First element of shard s of `shards` of an array of this shape, in a checkpoint of format
/// `version`: the first element of its first row (version 2), or of a balanced range of elements
/// (version 1).
inline std::int64_t piece_begin(const std::vector<std::int64_t> &extents, std::int64_t s,
                                std::int64_t shards, std::int64_t version) {
  std::int64_t n = 1;
  for (std::int64_t e : extents)
    n *= e;
  if (version < 2 || extents.empty() || extents[0] == 0)
    return shard_begin(n, s, shards);
  return shard_begin(extents[0], s, shards) * (n / extents[0]);
}

/// Elements of the array in shard `rank` of `shards`.
inline std::int64_t piece_elements(const CheckpointArray &array, std::int64_t rank,
                                   std::int64_t shards, std::int64_t version) {
  if (array.sparse)
    return array.elements[static_cast<std::size_t>(rank)];
  return piece_begin(array.extents, rank + 1, shards, version) -
         piece_begin(array.extents, rank, shards, version);
}

inline std::string shard_file_name(std::int64_t generation, int rank) {
  return "shard-" + std::to_string(generation) + "-" + std::to_string(rank) + ".bin";
}

// Shard sizes in 128 bits (GCC and Clang both have it; __extension__ keeps -Wpedantic quiet).
__extension__ typedef __int128 ManifestWide;

/// Bytes of shard file `rank` of `shards` in format `version` for these arrays, element sizes in
/// `element_bytes`; -1 when that is more than an int64 holds.
inline std::int64_t shard_bytes(const std::vector<CheckpointArray> &arrays,
                                const std::vector<std::int64_t> &element_bytes, std::int64_t rank,
                                std::int64_t shards, std::int64_t version) {
  // In 128 bits: a manifest's element counts are only bounded by int64 each, and a size that does
  // not fit is reported as -1, which no file has.
  ManifestWide bytes = sizeof(ShardHeader);
  for (std::size_t a = 0; a < arrays.size(); ++a)
    bytes += static_cast<ManifestWide>(piece_elements(arrays[a], rank, shards, version)) *
             arrays[a].stored_bytes(element_bytes[a]);
  return bytes > INT64_MAX ? -1 : static_cast<std::int64_t>(bytes);
}

inline std::string hex64(std::uint64_t v) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string s(16, '0');
  for (int i = 15; i >= 0; --i, v >>= 4)
    s[static_cast<std::size_t>(i)] = kDigits[v & 15];
  return s;
}

inline std::uint64_t text_checksum(std::string_view text) {
  Checksum sum;
  sum.update(text.data(), text.size());
  return sum.value();
}

inline std::string format_manifest(const Manifest &m) {
  std::string s = "orion-checkpoint " + std::to_string(kCheckpointVersion) + "\n";
  s += "byte-order " + hex64(m.byte_order).substr(8) + "\n";
  s += "step " + std::to_string(m.step) + "\n";
  s += "generation " + std::to_string(m.generation) + "\n";
  for (const CheckpointArray &a : m.arrays) {
    s += (a.sparse ? "sparse " : "array ") + a.element;
    for (std::int64_t e : a.extents)
      s += " " + std::to_string(e);
    if (a.sparse) {
      s += " elements";
      for (std::int64_t n : a.elements)
        s += " " + std::to_string(n);
    }
    if (a.sparse && a.order) {
      const SerialOrderRecord &o = *a.order;
      s += " order";
      for (std::int64_t v : {std::int64_t{!o.written_in_serial_order}, o.stored_in_key_order,
                             std::int64_t{o.keys_strictly_increasing}, o.first_out_of_order,
                             o.rows_in_order, o.last_row})
        s += " " + std::to_string(v);
      if (o.stored_in_key_order == 1)
        for (std::int64_t k : o.last_key)
          s += " " + std::to_string(k);
    }
    s += "\n";
  }
  s += "shards " + std::to_string(m.shards.size()) + "\n";
  for (const CheckpointShard &sh : m.shards)
    s += "shard " + sh.file + " " + std::to_string(sh.bytes) + " " + hex64(sh.checksum) + "\n";
  return s + "checksum " + hex64(text_checksum(s)) + "\n";
}

namespace manifest_parse {

inline std::vector<std::string_view> words(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t at = 0;
  while (at < line.size()) {
    const std::size_t end = std::min(line.find(' ', at), line.size());
    out.push_back(line.substr(at, end - at));
    at = end + 1;
  }
  return out;
}

template <class I> bool number(std::string_view w, I &out, int base = 10) {
  const auto [p, ec] = std::from_chars(w.data(), w.data() + w.size(), out, base);
  return ec == std::errc() && p == w.data() + w.size() && !w.empty() && w[0] != '+';
}

inline bool element_type(std::string_view w) {
  for (std::string_view prefix : {"float", "int", "uint", "record"})
    if (w.starts_with(prefix)) {
      unsigned bits = 0;
      return number(w.substr(prefix.size()), bits) && bits > 0;
    }
  return false;
}

/// The fields after 'order' in a sparse array's line, from words[at]: see SerialOrderRecord.
inline bool parse_order(const std::vector<std::string_view> &w, std::size_t at, std::size_t dims,
                        std::int64_t nnz, SerialOrderRecord &o) {
  std::int64_t v[6];
  for (std::int64_t &x : v) {
    if (at >= w.size() || !number(w[at++], x))
      return false;
  }
  const auto tri = [](std::int64_t x) { return x >= -1 && x <= 1; };
  const auto flag = [](std::int64_t x) { return x == 0 || x == 1; };
  if (!flag(v[0]) || !tri(v[1]) || !flag(v[2]) || v[3] < -1 ||
      v[3] >= std::max<std::int64_t>(nnz, 1) || !tri(v[4]) || v[5] < -1)
    return false;
  o.written_in_serial_order = v[0] == 0;
  o.stored_in_key_order = v[1];
  o.keys_strictly_increasing = v[2] == 1;
  o.first_out_of_order = v[3];
  o.rows_in_order = v[4];
  o.last_row = v[5];
  o.last_key.clear();
  if (at == w.size()) // no last key: none was known, or the array has no elements
    return true;
  if (o.stored_in_key_order != 1 || w.size() - at != dims)
    return false;
  for (; at < w.size(); ++at) {
    std::int64_t k = 0;
    if (!number(w[at], k) || k < 0)
      return false;
    o.last_key.push_back(k);
  }
  return true;
}

} // namespace manifest_parse

/// Parses a manifest's text; on failure returns nothing and says why (for "... is corrupt: why").
inline std::optional<Manifest> parse_manifest(std::string_view text, std::string &why) {
  using namespace manifest_parse;
  std::vector<std::string_view> lines;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t nl = text.find('\n', at);
    if (nl == std::string_view::npos) {
      why = "its last line is not complete (the file was cut short)";
      return std::nullopt;
    }
    lines.push_back(text.substr(at, nl - at));
    at = nl + 1;
  }
  const auto fail = [&](std::size_t line, const std::string &what) {
    why = "line " + std::to_string(line + 1) + ": " + what;
    return std::nullopt;
  };
  std::int64_t version = 0;
  if (lines.empty() || !lines[0].starts_with("orion-checkpoint ")) {
    why = "it is not an orion checkpoint manifest";
    return std::nullopt;
  }
  if (!number(lines[0].substr(17), version) || version < kCheckpointOldestVersion ||
      version > kCheckpointVersion) {
    why = "it has another format version ('" + std::string(lines[0]) + "'; this build reads " +
          "versions " + std::to_string(kCheckpointOldestVersion) + " to " +
          std::to_string(kCheckpointVersion) + ")";
    return std::nullopt;
  }
  // The checksum line first: what it covers must be intact before anything else is believed.
  const std::vector<std::string_view> last = words(lines.back());
  std::uint64_t recorded = 0;
  if (lines.size() < 2 || last.size() != 2 || last[0] != "checksum" || last[1].size() != 16 ||
      !number(last[1], recorded, 16)) {
    why = "its last line is not its checksum (the file was cut short)";
    return std::nullopt;
  }
  if (text_checksum(text.substr(0, text.size() - lines.back().size() - 1)) != recorded) {
    why = "its checksum does not match its contents";
    return std::nullopt;
  }

  Manifest m;
  m.version = version;
  std::size_t at = 1;
  const auto field = [&](std::string_view key) -> std::optional<std::vector<std::string_view>> {
    if (at + 1 >= lines.size())
      return std::nullopt;
    std::vector<std::string_view> w = words(lines[at]);
    if (w.empty() || w[0] != key)
      return std::nullopt;
    ++at;
    return w;
  };
  auto bo = field("byte-order");
  if (!bo || bo->size() != 2 || !number((*bo)[1], m.byte_order, 16))
    return fail(at, "expected 'byte-order <8 hex digits>'");
  auto step = field("step");
  if (!step || step->size() != 2 || !number((*step)[1], m.step) || m.step < 0)
    return fail(at, "expected 'step <non-negative integer>'");
  auto gen = field("generation");
  if (!gen || gen->size() != 2 || !number((*gen)[1], m.generation))
    return fail(at, "expected 'generation <integer>'");
  std::vector<std::size_t> array_line; // where each array was, for messages
  for (;;) {
    array_line.push_back(at);
    const bool sparse = version >= 3 && at + 1 < lines.size() && lines[at].starts_with("sparse ");
    const auto a = field(sparse ? "sparse" : "array");
    if (!a)
      break;
    CheckpointArray arr;
    arr.sparse = sparse;
    if (a->size() < 3 || !element_type((*a)[1]))
      return fail(at - 1, sparse
                              ? "expected 'sparse <element type> <extent>... elements <count>...'"
                              : "expected 'array <element type> <extent>...'");
    arr.element = std::string((*a)[1]);
    std::int64_t volume = 1;
    std::size_t i = 2;
    for (; i < a->size() && (*a)[i] != "elements"; ++i) {
      std::int64_t e = 0;
      if (!number((*a)[i], e) || e < 0 || (e > 0 && volume > INT64_MAX / e))
        return fail(at - 1, "bad extent '" + std::string((*a)[i]) + "'");
      volume *= e;
      arr.extents.push_back(e);
    }
    if (sparse != (i < a->size()) || arr.extents.empty())
      return fail(at - 1, sparse
                              ? "expected 'sparse <element type> <extent>... elements <count>...'"
                              : "expected 'array <element type> <extent>...'");
    std::int64_t total = 0;
    for (++i; i < a->size() && (*a)[i] != "order"; ++i) {
      std::int64_t n = 0;
      if (!number((*a)[i], n) || n < 0 || n > INT64_MAX - total)
        return fail(at - 1, "bad element count '" + std::string((*a)[i]) + "'");
      total += n;
      arr.elements.push_back(n);
    }
    if (i < a->size() && version < 4)
      return fail(at - 1, "unexpected 'order' before format version 4");
    if (i < a->size() && !parse_order(*a, i + 1, arr.extents.size(), total, arr.order.emplace()))
      return fail(at - 1, "bad serial order record (expected 'order <permuted 0/1> <key order "
                          "-1/0/1> <strict 0/1> <first out of order> <rows in order -1/0/1> "
                          "<last row> [<last key>...]')");
    m.arrays.push_back(std::move(arr));
  }
  auto shards = field("shards");
  std::int64_t count = 0;
  if (!shards || shards->size() != 2 || !number((*shards)[1], count) || count < 1 ||
      count > (1 << 24))
    return fail(at, "expected 'shards <count>' after the arrays");
  for (std::int64_t r = 0; r < count; ++r) {
    auto sh = field("shard");
    CheckpointShard s;
    if (!sh || sh->size() != 4 || !number((*sh)[2], s.bytes) || s.bytes < 0 ||
        (*sh)[3].size() != 16 || !number((*sh)[3], s.checksum, 16))
      return fail(at, "expected 'shard <file> <bytes> <checksum>' (shard " + std::to_string(r) +
                          " of " + std::to_string(count) + ")");
    s.file = std::string((*sh)[1]);
    if (s.file != shard_file_name(m.generation, static_cast<int>(r)))
      return fail(at - 1, "shard " + std::to_string(r) + " is named '" + s.file + "', expected '" +
                              shard_file_name(m.generation, static_cast<int>(r)) + "'");
    m.shards.push_back(std::move(s));
  }
  for (std::size_t a = 0; a < m.arrays.size(); ++a)
    if (m.arrays[a].sparse && m.arrays[a].elements.size() != m.shards.size())
      return fail(array_line[a],
                  "it gives element counts for " + std::to_string(m.arrays[a].elements.size()) +
                      " shard(s), the checkpoint has " + std::to_string(m.shards.size()));
  if (at + 1 != lines.size())
    return fail(at, "unexpected '" + std::string(lines[at]) + "'");
  return m;
}

} // namespace orion::detail
