#include "coherence.hpp"

#include "bytes.hpp"
#include "runtime_comm.hpp"

#include <orion/detail/comm.hpp>
#include <orion/detail/state.hpp>
#include <orion/error.hpp>

#include <mpi.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <numeric>
#include <optional>
#include <string>

namespace orion::detail {
void slab_spans(const DenseHandle &h, int array, int dim, std::int64_t lo, std::int64_t hi,
                int owner, std::vector<Span> &out) {
  if (hi <= lo)
    return;
  std::int64_t outer = 1, inner = 1;
  for (int d = 0; d < dim; ++d)
    outer *= h.extents[static_cast<std::size_t>(d)];
  for (std::size_t d = static_cast<std::size_t>(dim) + 1; d < h.extents.size(); ++d)
    inner *= h.extents[d];
  const std::int64_t extent = h.extents[static_cast<std::size_t>(dim)];
  lo = std::clamp<std::int64_t>(lo, 0, extent);
  hi = std::clamp<std::int64_t>(hi, 0, extent);
  if (hi <= lo || inner == 0)
    return;
  for (std::int64_t o = 0; o < outer; ++o) {
    const std::int64_t first = (o * extent + lo) * inner;
    out.push_back({h.data + static_cast<std::size_t>(first) * h.element_size,
                   static_cast<std::size_t>((hi - lo) * inner) * h.element_size, owner, array});
  }
}

void pack_spans(const std::vector<Span> &spans, std::vector<unsigned char> &out) {
  for (const Span &s : spans)
    out.insert(out.end(), s.data, s.data + s.bytes);
}

void unpack_spans(const std::vector<Span> &spans, const unsigned char *in) {
  for (const Span &s : spans) {
    std::memcpy(s.data, in, s.bytes);
    in += s.bytes;
  }
}

unsigned char *gather_buffer(std::int64_t bytes) {
  std::vector<unsigned char> &in = state().exchange_in;
  if (in.size() < static_cast<std::size_t>(bytes))
    in.resize(static_cast<std::size_t>(bytes));
  return in.data();
}

std::optional<std::vector<InPlaceRun>> in_place_runs(const std::vector<Span> &spans, int size) {
  std::map<int, std::vector<Span>> by_array;
  for (const Span &s : spans)
    if (s.bytes > 0)
      by_array[s.array].push_back(s);
  std::vector<InPlaceRun> runs;
  for (auto &[array, list] : by_array) {
    std::sort(list.begin(), list.end(),
              [](const Span &a, const Span &b) { return a.data < b.data; });
    InPlaceRun run{list.front().data, std::vector<std::int64_t>(std::size_t(size), 0),
                   std::vector<std::int64_t>(std::size_t(size), 0)};
    std::vector<bool> seen(static_cast<std::size_t>(size), false);
    for (std::size_t i = 0; i < list.size();) {
      const Span &first = list[i];
      const auto owner = static_cast<std::size_t>(first.owner);
      std::size_t bytes = first.bytes;
      for (++i;
           i < list.size() && list[i].owner == first.owner && list[i].data == first.data + bytes;
           ++i)
        bytes += list[i].bytes;
      if (seen[owner] || (i < list.size() && list[i].data < first.data + bytes))
        return std::nullopt; // a second run of one owner, or overlapping spans
      seen[owner] = true;
      run.bytes[owner] = static_cast<std::int64_t>(bytes);
      run.displs[owner] = first.data - run.base;
      if (run.displs[owner] + run.bytes[owner] > kMaxMessageBytes)
        return std::nullopt; // MPI counts and displacements are ints
    }
    runs.push_back(std::move(run));
  }
  return runs;
}

void exchange_spans(const std::vector<Span> &spans) {
  const int rank = comm_rank(), size = comm_size();
  if (size == 1)
    return;
  std::vector<std::vector<Span>> by_owner(static_cast<std::size_t>(size));
  for (const Span &s : spans)
    by_owner[static_cast<std::size_t>(s.owner)].push_back(s);
  // Packing the spans, gathering the packs and unpacking them copies every byte twice more than
  // MPI does: at the end of a rotation that was a tenth of an epoch of SGD MF on two ranks.
  if (const auto runs = in_place_runs(spans, size)) {
    for (const InPlaceRun &run : *runs)
      comm_allgatherv_in_place(run.base, run.bytes, run.displs);
    count_sent(by_owner[static_cast<std::size_t>(rank)], size - 1);
    return;
  }
  RuntimeState &st = state();
  std::vector<unsigned char> &mine = st.exchange_out;
  mine.clear();
  pack_spans(by_owner[static_cast<std::size_t>(rank)], mine);
  const std::vector<std::int64_t> bytes = comm_allgather(static_cast<std::int64_t>(mine.size()));
  const std::int64_t total = std::accumulate(bytes.begin(), bytes.end(), std::int64_t{0});
  unsigned char *all = gather_buffer(total);
  comm_allgatherv_bytes(mine.data(), static_cast<std::int64_t>(mine.size()), all, bytes);
  count_sent(by_owner[static_cast<std::size_t>(rank)], size - 1);
  std::size_t at = 0;
  for (int r = 0; r < size; ++r) {
    if (r != rank)
      unpack_spans(by_owner[static_cast<std::size_t>(r)], all + at);
    at += static_cast<std::size_t>(bytes[static_cast<std::size_t>(r)]);
  }
}

namespace {

/// Appends one run record: `count` consecutive elements of array `arg` from `offset`.
void put_run(std::vector<unsigned char> &out, int arg, std::int64_t offset, std::int64_t count,
             const unsigned char *values, std::size_t element_size) {
  put(out, static_cast<std::int32_t>(arg));
  put(out, offset);
  put(out, count);
  out.insert(out.end(), values, values + static_cast<std::size_t>(count) * element_size);
}

} // namespace

void summarize(const LoopRun &run, const AccessLog &log, BlockAccess *access,
               std::vector<unsigned char> *writes) {
  const auto &entries = log.entries();
  std::vector<std::size_t> order(entries.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  // The log has one entry per element (its first access): sorted, the lists come out unique.
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    const auto &x = entries[a], &y = entries[b];
    return x.arg != y.arg ? x.arg < y.arg : x.offset < y.offset;
  });
  // Consecutive changed elements of one array extend the current run record.
  std::size_t count_at = 0;
  int run_arg = -1;
  std::int64_t run_next = -1;
  for (std::size_t i = 0; i < order.size(); ++i) {
    const AccessLog::Entry &e = entries[order[i]];
    const DenseHandle &h = run.arrays[static_cast<std::size_t>(e.arg)];
    const unsigned char *now = h.data + static_cast<std::size_t>(e.offset) * h.element_size;
    const bool changed = std::memcmp(now, log.old_value(e), h.element_size) != 0;
    if (access) {
      access->accessed.emplace_back(e.arg, e.offset);
      if (changed)
        access->written.emplace_back(e.arg, e.offset);
    }
    if (!writes || !changed)
      continue;
    if (e.arg == run_arg && e.offset == run_next) {
      std::int64_t count = 0;
      std::memcpy(&count, writes->data() + count_at, sizeof count);
      ++count;
      std::memcpy(writes->data() + count_at, &count, sizeof count);
      writes->insert(writes->end(), now, now + h.element_size);
    } else {
      count_at = writes->size() + sizeof(std::int32_t) + sizeof(std::int64_t);
      put_run(*writes, e.arg, e.offset, 1, now, h.element_size);
      run_arg = e.arg;
    }
    run_next = e.offset + 1;
  }
}

void apply_writes(const LoopRun &run, const unsigned char *p, std::size_t bytes) {
  const unsigned char *end = p + bytes;
  while (p < end) {
    const auto arg = get<std::int32_t>(p);
    const auto offset = get<std::int64_t>(p);
    const auto count = get<std::int64_t>(p);
    const DenseHandle &h = run.arrays.at(static_cast<std::size_t>(arg));
    const std::size_t n = static_cast<std::size_t>(count) * h.element_size;
    std::memcpy(h.data + static_cast<std::size_t>(offset) * h.element_size, p, n);
    p += n;
  }
}

void diff_writes(const LoopRun &run, const std::vector<std::vector<unsigned char>> &before,
                 std::vector<unsigned char> &writes) {
  for (std::size_t a = 0; a < before.size(); ++a) {
    if (before[a].empty())
      continue;
    const DenseHandle &h = run.arrays[a];
    const std::size_t size = h.element_size;
    const std::int64_t elements = static_cast<std::int64_t>(before[a].size() / size);
    const unsigned char *now = h.data, *old = before[a].data();
    // Whole blocks of equal bytes are skipped with one memcmp; changed elements form runs.
    constexpr std::int64_t kStride = 64;
    std::int64_t run_start = -1;
    for (std::int64_t e = 0; e < elements;) {
      const std::int64_t n = std::min(kStride, elements - e);
      if (run_start < 0 && std::memcmp(now + e * size, old + e * size, n * size) == 0) {
        e += n;
        continue;
      }
      const bool changed = std::memcmp(now + e * size, old + e * size, size) != 0;
      if (changed && run_start < 0)
        run_start = e;
      else if (!changed && run_start >= 0) {
        put_run(writes, static_cast<int>(a), run_start, e - run_start, now + run_start * size,
                size);
        run_start = -1;
      }
      ++e;
    }
    if (run_start >= 0)
      put_run(writes, static_cast<int>(a), run_start, elements - run_start, now + run_start * size,
              size);
  }
}

void exchange_writes(const LoopRun &run, const std::vector<unsigned char> &mine) {
  const int size = comm_size();
  if (size == 1)
    return;
  const std::vector<std::int64_t> bytes = comm_allgather(static_cast<std::int64_t>(mine.size()));
  const std::int64_t total = std::accumulate(bytes.begin(), bytes.end(), std::int64_t{0});
  unsigned char *all = gather_buffer(total);
  comm_allgatherv_bytes(mine.data(), static_cast<std::int64_t>(mine.size()), all, bytes);
  count_records_sent(run, mine.data(), mine.size(), size - 1);
  // In rank order = worker order, so of two writes to one element the later worker's wins, as
  // in the serial replay.
  apply_writes(run, all, static_cast<std::size_t>(total));
}

void broadcast_array(const DenseHandle &h, int array, int root) {
  std::int64_t n = h.bytes();
  unsigned char *p = h.data;
  while (n > 0) {
    const int chunk = static_cast<int>(std::min<std::int64_t>(n, kMaxMessageBytes));
    if (MPI_Bcast(p, chunk, MPI_BYTE, root, runtime_comm()) != MPI_SUCCESS)
      throw Error("MPI_Bcast of a parallel loop's array failed");
    if (comm_rank() == root)
      count_sent(array, static_cast<std::int64_t>(chunk) * (comm_size() - 1));
    p += chunk;
    n -= chunk;
  }
}

void count_sent(int array, std::int64_t bytes) {
  RuntimeState &st = state();
  st.loops.bytes_sent += bytes;
  if (array >= 0 && static_cast<std::size_t>(array) < st.sent_by_array.size())
    st.sent_by_array[static_cast<std::size_t>(array)] += bytes;
}

void count_sent(const std::vector<Span> &spans, std::int64_t copies) {
  for (const Span &s : spans)
    count_sent(s.array, static_cast<std::int64_t>(s.bytes) * copies);
}

void count_records_sent(const LoopRun &run, const unsigned char *p, std::size_t bytes,
                        std::int64_t copies) {
  const unsigned char *end = p + bytes;
  while (p < end) {
    const unsigned char *start = p;
    const auto arg = get<std::int32_t>(p);
    get<std::int64_t>(p); // the offset
    const auto count = get<std::int64_t>(p);
    p +=
        static_cast<std::size_t>(count) * run.arrays.at(static_cast<std::size_t>(arg)).element_size;
    count_sent(arg, static_cast<std::int64_t>(p - start) * copies);
  }
}

std::string element_index(const DenseHandle &h, std::int64_t offset) {
  std::vector<std::int64_t> index(h.extents.size());
  for (std::size_t d = h.extents.size(); d-- > 0;) {
    const std::int64_t e = std::max<std::int64_t>(1, h.extents[d]);
    index[d] = offset % e;
    offset /= e;
  }
  std::string out = "(";
  for (std::size_t d = 0; d < index.size(); ++d)
    out += (d ? ", " : "") + std::to_string(index[d]);
  return out + ")";
}

} // namespace orion::detail
