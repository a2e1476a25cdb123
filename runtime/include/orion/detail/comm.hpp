// The backend interface: everything the headers need from the process group. Without
// ORION_DISTRIBUTED these are inline single-process definitions (the serial backend); with it they
// are declarations implemented over MPI in the orion_rt library, so no public header ever needs
// <mpi.h>.
#pragma once

#include <climits>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace orion::detail {

/// Largest message handed to MPI in one call: MPI counts are int.
inline constexpr std::int64_t kMaxMessageBytes = INT_MAX;

#ifdef ORION_DISTRIBUTED

inline constexpr bool kDistributed = true;

/// MPI_Init_thread(FUNNELED) unless MPI is already initialized (then the caller owns it).
void backend_init(int &argc, char **&argv);
/// MPI_Finalize if backend_init initialized MPI.
void backend_finalize() noexcept;
/// Ends the process with exit status 1 after an unrecoverable error: a collective error finalizes
/// MPI (every rank is on its way out), a local one aborts the job so no rank hangs.
[[noreturn]] void backend_fail(bool collective) noexcept;

/// 0 / 1 when MPI is not running (before the Session, after it).
int comm_rank() noexcept;
int comm_size() noexcept;
/// Ranks sharing this node's memory (MPI_COMM_TYPE_SHARED).
int comm_node_size();
void comm_barrier();
/// Sum over lower ranks; 0 on rank 0.
std::int64_t comm_exscan_sum(std::int64_t value);
/// Element-wise maximum over all ranks, in place.
void comm_allreduce_max(std::span<std::int64_t> values);
/// Element-wise sum over all ranks, in place.
void comm_allreduce_sum(std::span<std::int64_t> values);
/// Every rank returns root's string.
std::string comm_bcast_string(const std::string &value, int root);
/// Every rank returns all ranks' values in rank order.
std::vector<std::int64_t> comm_allgather(std::int64_t value);
/// Concatenates every rank's bytes in rank order into recv (sized by the caller from
/// recv_bytes[r], the byte count of rank r). Messages above max_message bytes are split.
void comm_allgatherv_bytes(const void *send, std::int64_t send_bytes, void *recv,
                           std::span<const std::int64_t> recv_bytes,
                           std::int64_t max_message = kMaxMessageBytes);
/// In place: rank r's bytes[r] bytes at base + displs[r] go to the same place on every rank. The
/// regions must not overlap, and each must end within kMaxMessageBytes of base.
void comm_allgatherv_in_place(void *base, std::span<const std::int64_t> bytes,
                              std::span<const std::int64_t> displs);
/// Every rank receives root's `bytes` bytes at `data`, in pieces that fit MPI's int counts.
void comm_bcast_bytes(void *data, std::int64_t bytes, int root);
/// One value to each rank: recv[q] is what rank q put in its send[this rank].
std::vector<std::int64_t> comm_alltoall(std::span<const std::int64_t> send);
/// Personalized exchange: rank r sends send_bytes[q] bytes to rank q (consecutive in `send`, in
/// rank order) and receives recv_bytes[q] bytes from each q (consecutive in `recv`). Messages of
/// any size: above int counts it goes pairwise, in pieces.
void comm_alltoallv_bytes(const void *send, std::span<const std::int64_t> send_bytes, void *recv,
                          std::span<const std::int64_t> recv_bytes);

#else

inline constexpr bool kDistributed = false;

inline void backend_init(int &, char **&) {}
inline void backend_finalize() noexcept {}
[[noreturn]] inline void backend_fail(bool) noexcept { std::_Exit(1); }
inline int comm_rank() noexcept { return 0; }
inline int comm_size() noexcept { return 1; }
inline int comm_node_size() { return 1; }
inline void comm_barrier() {}
inline std::int64_t comm_exscan_sum(std::int64_t) { return 0; }
inline void comm_allreduce_max(std::span<std::int64_t>) {}
inline void comm_allreduce_sum(std::span<std::int64_t>) {}
inline std::string comm_bcast_string(const std::string &value, int) { return value; }
inline std::vector<std::int64_t> comm_allgather(std::int64_t value) { return {value}; }
inline void comm_allgatherv_bytes(const void *send, std::int64_t send_bytes, void *recv,
                                  std::span<const std::int64_t>, std::int64_t = kMaxMessageBytes) {
  if (send_bytes > 0)
    std::memcpy(recv, send, static_cast<std::size_t>(send_bytes));
}
inline void comm_allgatherv_in_place(void *, std::span<const std::int64_t>,
                                     std::span<const std::int64_t>) {}
inline void comm_bcast_bytes(void *, std::int64_t, int) {}
inline std::vector<std::int64_t> comm_alltoall(std::span<const std::int64_t> send) {
  return {send.begin(), send.end()};
}
inline void comm_alltoallv_bytes(const void *send, std::span<const std::int64_t> send_bytes,
                                 void *recv, std::span<const std::int64_t>) {
  if (!send_bytes.empty() && send_bytes[0] > 0)
    std::memcpy(recv, send, static_cast<std::size_t>(send_bytes[0]));
}

#endif

/// comm_alltoallv_bytes in elements of a trivially copyable type: send[q] elements to rank q,
/// recv[q] from it.
template <class E>
void comm_alltoallv(const E *send, std::vector<std::int64_t> send_counts, E *recv,
                    std::vector<std::int64_t> recv_counts) {
  for (std::int64_t &n : send_counts)
    n *= static_cast<std::int64_t>(sizeof(E));
  for (std::int64_t &n : recv_counts)
    n *= static_cast<std::int64_t>(sizeof(E));
  comm_alltoallv_bytes(send, send_counts, recv, recv_counts);
}

inline std::int64_t comm_allreduce_max(std::int64_t value) {
  comm_allreduce_max(std::span<std::int64_t>(&value, 1));
  return value;
}

/// Every rank's elements of `local` in rank order, on every rank; `local` ends empty.
template <class T> std::vector<T> allgather_vector(std::vector<T> &local) {
  const std::vector<std::int64_t> counts = comm_allgather(static_cast<std::int64_t>(local.size()));
  std::vector<std::int64_t> bytes(counts.size());
  std::int64_t total = 0;
  for (std::size_t r = 0; r < counts.size(); ++r) {
    bytes[r] = counts[r] * static_cast<std::int64_t>(sizeof(T));
    total += counts[r];
  }
  std::vector<T> all(static_cast<std::size_t>(total));
  comm_allgatherv_bytes(local.data(), static_cast<std::int64_t>(local.size() * sizeof(T)),
                        all.data(), bytes);
  std::vector<T>().swap(local); // release before the caller gathers the next vector
  return all;
}

/// Every rank's elements of `local` in rank order, on rank 0 (empty elsewhere).
template <class T> std::vector<T> gather_to_root(std::span<const T> local) {
  const std::vector<std::int64_t> counts = comm_allgather(static_cast<std::int64_t>(local.size()));
  const std::size_t ranks = counts.size();
  const bool root = comm_rank() == 0;
  std::vector<std::int64_t> send(ranks, 0), recv(ranks, 0);
  send[0] = static_cast<std::int64_t>(local.size_bytes());
  std::int64_t total = 0;
  for (std::size_t r = 0; r < ranks; ++r) {
    recv[r] = root ? counts[r] * static_cast<std::int64_t>(sizeof(T)) : 0;
    total += root ? counts[r] : 0;
  }
  std::vector<T> all(static_cast<std::size_t>(total));
  comm_alltoallv_bytes(local.data(), send, all.data(), recv);
  return all;
}

/// Collective: the message of the lowest rank that passes one, on every rank, or nothing if no
/// rank does. Lets every rank clean up before a collective error is raised.
inline std::optional<std::string> first_failure(const std::optional<std::string> &mine) {
  const int size = comm_size();
  const std::int64_t first = -comm_allreduce_max(-(mine ? comm_rank() : size));
  if (first >= size)
    return std::nullopt;
  return comm_bcast_string(mine ? *mine : std::string(), static_cast<int>(first));
}

/// Turns per-rank failures into one collective error: if any rank passes a message, every rank
/// throws E with the message of the lowest failing rank (for loaders: the first bad line in file
/// order), marked collective. Must be called by all ranks.
template <class E> void raise_if_any(const std::optional<std::string> &mine) {
  if (std::optional<std::string> failure = first_failure(mine))
    throw E(*failure, true);
}

} // namespace orion::detail
