// MPI implementation of the collective half of the backend interface (detail/comm.hpp).
#include <orion/detail/comm.hpp>
#include <orion/error.hpp>

#include "runtime_comm.hpp"

#include <mpi.h>

#include <algorithm>
#include <string>

namespace orion::detail {
namespace {

// Set between the Session's start and its end; file-local because its type is MPI's.
MPI_Comm g_runtime_comm = MPI_COMM_NULL;

bool mpi_running() noexcept {
  int initialized = 0, finalized = 0;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  return initialized != 0 && finalized == 0;
}

// Collectives need MPI, which only a Session starts.
void require_mpi(const char *operation) {
  if (!mpi_running())
    throw Error(std::string("orion: ") + operation +
                " is collective and needs a running orion::Session (make it the first line of "
                "main)");
}

// The Session sets MPI_ERRORS_RETURN, so failures come back here as one clear local error.
void check(int rc, const char *operation) {
  if (rc == MPI_SUCCESS)
    return;
  char reason[MPI_MAX_ERROR_STRING];
  int length = 0;
  MPI_Error_string(rc, reason, &length);
  throw Error(std::string("MPI failure in ") + operation + ": " + std::string(reason, length));
}

// Broadcasts bytes in pieces that fit MPI's int counts.
void bcast_bytes(char *data, std::int64_t bytes, int root, std::int64_t max_message) {
  for (std::int64_t done = 0; done < bytes;) {
    const std::int64_t piece = std::min(bytes - done, max_message);
    check(MPI_Bcast(data + done, static_cast<int>(piece), MPI_BYTE, root, runtime_comm()),
          "MPI_Bcast");
    done += piece;
  }
}

} // namespace

MPI_Comm runtime_comm() noexcept {
  return g_runtime_comm != MPI_COMM_NULL ? g_runtime_comm : MPI_COMM_WORLD;
}

void open_runtime_comm() {
  if (g_runtime_comm == MPI_COMM_NULL)
    check(MPI_Comm_dup(MPI_COMM_WORLD, &g_runtime_comm), "MPI_Comm_dup");
}

void close_runtime_comm() noexcept {
  if (g_runtime_comm != MPI_COMM_NULL)
    MPI_Comm_free(&g_runtime_comm);
  g_runtime_comm = MPI_COMM_NULL;
}

int comm_rank() noexcept {
  int rank = 0;
  if (mpi_running())
    MPI_Comm_rank(runtime_comm(), &rank);
  return rank;
}

int comm_size() noexcept {
  int size = 1;
  if (mpi_running())
    MPI_Comm_size(runtime_comm(), &size);
  return size;
}

int comm_node_size() {
  require_mpi("counting the ranks of a node");
  MPI_Comm node = MPI_COMM_NULL;
  check(MPI_Comm_split_type(runtime_comm(), MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node),
        "MPI_Comm_split_type");
  int size = 1;
  MPI_Comm_size(node, &size);
  MPI_Comm_free(&node);
  return size;
}

void comm_barrier() {
  require_mpi("barrier");
  check(MPI_Barrier(runtime_comm()), "MPI_Barrier");
}

std::int64_t comm_exscan_sum(std::int64_t value) {
  require_mpi("exscan");
  std::int64_t result = 0;
  check(MPI_Exscan(&value, &result, 1, MPI_INT64_T, MPI_SUM, runtime_comm()), "MPI_Exscan");
  return comm_rank() == 0 ? 0 : result; // MPI leaves rank 0's result undefined
}

void comm_allreduce_max(std::span<std::int64_t> values) {
  require_mpi("allreduce");
  check(MPI_Allreduce(MPI_IN_PLACE, values.data(), static_cast<int>(values.size()), MPI_INT64_T,
                      MPI_MAX, runtime_comm()),
        "MPI_Allreduce");
}

void comm_allreduce_sum(std::span<std::int64_t> values) {
  require_mpi("allreduce");
  check(MPI_Allreduce(MPI_IN_PLACE, values.data(), static_cast<int>(values.size()), MPI_INT64_T,
                      MPI_SUM, runtime_comm()),
        "MPI_Allreduce");
}

std::string comm_bcast_string(const std::string &value, int root) {
  require_mpi("broadcast");
  std::int64_t length = static_cast<std::int64_t>(value.size());
  check(MPI_Bcast(&length, 1, MPI_INT64_T, root, runtime_comm()), "MPI_Bcast");
  std::string result =
      comm_rank() == root ? value : std::string(static_cast<std::size_t>(length), '\0');
  bcast_bytes(result.data(), length, root, kMaxMessageBytes);
  return result;
}

std::vector<std::int64_t> comm_allgather(std::int64_t value) {
  require_mpi("allgather");
  std::vector<std::int64_t> all(static_cast<std::size_t>(comm_size()));
  check(MPI_Allgather(&value, 1, MPI_INT64_T, all.data(), 1, MPI_INT64_T, runtime_comm()),
        "MPI_Allgather");
  return all;
}

void comm_allgatherv_bytes(const void *send, std::int64_t send_bytes, void *recv,
                           std::span<const std::int64_t> recv_bytes, std::int64_t max_message) {
  require_mpi("allgatherv");
  const int size = comm_size(), rank = comm_rank();
  if (recv_bytes.size() != static_cast<std::size_t>(size) || recv_bytes[rank] != send_bytes)
    throw Error("orion: comm_allgatherv_bytes: the byte counts do not match the ranks' messages");
  max_message = std::clamp<std::int64_t>(max_message, 1, kMaxMessageBytes);
  std::vector<std::int64_t> displs(recv_bytes.size());
  std::int64_t total = 0;
  for (int r = 0; r < size; ++r) {
    displs[r] = total;
    total += recv_bytes[r];
  }
  char *out = static_cast<char *>(recv);
  if (total <= max_message) { // one MPI_Allgatherv: every count and displacement fits an int
    std::vector<int> counts(size), offsets(size);
    for (int r = 0; r < size; ++r) {
      counts[r] = static_cast<int>(recv_bytes[r]);
      offsets[r] = static_cast<int>(displs[r]);
    }
    check(MPI_Allgatherv(send, static_cast<int>(send_bytes), MPI_BYTE, out, counts.data(),
                         offsets.data(), MPI_BYTE, runtime_comm()),
          "MPI_Allgatherv");
    return;
  }
  // Too big for int counts: every rank broadcasts its part straight into place, in pieces.
  if (send_bytes > 0)
    std::copy_n(static_cast<const char *>(send), send_bytes, out + displs[rank]);
  for (int r = 0; r < size; ++r)
    bcast_bytes(out + displs[r], recv_bytes[r], r, max_message);
}

void comm_allgatherv_in_place(void *base, std::span<const std::int64_t> bytes,
                              std::span<const std::int64_t> displs) {
  require_mpi("allgatherv");
  const int size = comm_size();
  if (bytes.size() != static_cast<std::size_t>(size) || displs.size() != bytes.size())
    throw Error("orion: comm_allgatherv_in_place: one byte count and offset per rank expected");
  std::vector<int> counts(static_cast<std::size_t>(size)), offsets(counts.size());
  for (std::size_t r = 0; r < counts.size(); ++r) {
    if (bytes[r] < 0 || displs[r] < 0 || displs[r] + bytes[r] > kMaxMessageBytes)
      throw Error("orion: comm_allgatherv_in_place: a region outside int range");
    counts[r] = static_cast<int>(bytes[r]);
    offsets[r] = static_cast<int>(displs[r]);
  }
  check(MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, base, counts.data(), offsets.data(),
                       MPI_BYTE, runtime_comm()),
        "MPI_Allgatherv");
}

void comm_bcast_bytes(void *data, std::int64_t bytes, int root) {
  require_mpi("broadcast");
  bcast_bytes(static_cast<char *>(data), bytes, root, kMaxMessageBytes);
}

std::vector<std::int64_t> comm_alltoall(std::span<const std::int64_t> send) {
  require_mpi("alltoall");
  const int size = comm_size();
  if (send.size() != static_cast<std::size_t>(size))
    throw Error("orion: comm_alltoall: one value per rank expected");
  std::vector<std::int64_t> recv(send.size());
  check(MPI_Alltoall(send.data(), 1, MPI_INT64_T, recv.data(), 1, MPI_INT64_T, runtime_comm()),
        "MPI_Alltoall");
  return recv;
}

void comm_alltoallv_bytes(const void *send, std::span<const std::int64_t> send_bytes, void *recv,
                          std::span<const std::int64_t> recv_bytes) {
  require_mpi("alltoallv");
  const int size = comm_size(), rank = comm_rank();
  if (send_bytes.size() != static_cast<std::size_t>(size) || recv_bytes.size() != send_bytes.size())
    throw Error("orion: comm_alltoallv_bytes: one byte count per rank expected");
  std::vector<std::int64_t> sdispl(send_bytes.size()), rdispl(recv_bytes.size());
  std::int64_t stotal = 0, rtotal = 0;
  for (std::size_t q = 0; q < send_bytes.size(); ++q) {
    sdispl[q] = stotal;
    rdispl[q] = rtotal;
    stotal += send_bytes[q];
    rtotal += recv_bytes[q];
  }
  // Whether every rank fits int counts: all must take the same path.
  const std::int64_t largest = comm_allreduce_max(std::max(stotal, rtotal));
  const auto *out = static_cast<const char *>(send);
  auto *in = static_cast<char *>(recv);
  if (largest <= kMaxMessageBytes) {
    std::vector<int> sc(send_bytes.size()), sd(sc.size()), rc(sc.size()), rd(sc.size());
    for (std::size_t q = 0; q < sc.size(); ++q) {
      sc[q] = static_cast<int>(send_bytes[q]);
      sd[q] = static_cast<int>(sdispl[q]);
      rc[q] = static_cast<int>(recv_bytes[q]);
      rd[q] = static_cast<int>(rdispl[q]);
    }
    check(MPI_Alltoallv(out, sc.data(), sd.data(), MPI_BYTE, in, rc.data(), rd.data(), MPI_BYTE,
                        runtime_comm()),
          "MPI_Alltoallv");
    return;
  }
  // Pairwise, in pieces of int size: with shift k, send to rank + k and receive from rank - k.
  // Every rank runs the same number of steps per shift (enough for the largest message anyone
  // has), so each step's send meets the partner's receive, if need be with zero bytes.
  constexpr int kTag = 0x0a11;
  const std::int64_t steps = (largest + kMaxMessageBytes - 1) / kMaxMessageBytes;
  for (int k = 0; k < size; ++k) {
    const int to = (rank + k) % size, from = (rank - k + size) % size;
    std::int64_t sent = 0, got = 0;
    for (std::int64_t step = 0; step < steps; ++step) {
      const int s = static_cast<int>(std::min(send_bytes[to] - sent, kMaxMessageBytes));
      const int r = static_cast<int>(std::min(recv_bytes[from] - got, kMaxMessageBytes));
      check(MPI_Sendrecv(out + sdispl[to] + sent, s, MPI_BYTE, to, kTag, in + rdispl[from] + got, r,
                         MPI_BYTE, from, kTag, runtime_comm(), MPI_STATUS_IGNORE),
            "MPI_Sendrecv");
      sent += s;
      got += r;
    }
  }
}

} // namespace orion::detail
