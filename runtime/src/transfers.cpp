#include "transfers.hpp"

#include "runtime_comm.hpp"

#include <orion/detail/comm.hpp>
#include <orion/error.hpp>

#include <algorithm>
#include <cstring>

namespace orion::detail {

Transfers::Transfers(std::string where, int rank, std::int64_t max_message)
    : where_(std::move(where)), rank_(rank),
      max_message_(
          static_cast<std::size_t>(std::clamp<std::int64_t>(max_message, 1, kMaxMessageBytes))) {}

void Transfers::check(int rc, const char *what) const {
  if (rc == MPI_SUCCESS)
    return;
  char reason[MPI_MAX_ERROR_STRING];
  int length = 0;
  MPI_Error_string(rc, reason, &length);
  throw Error("parallel loop at " + where_ + ": rank " + std::to_string(rank_) + ": " + what +
              " failed: " + std::string(reason, static_cast<std::size_t>(length)));
}

void Transfers::send(std::vector<unsigned char> payload, int dest, int tag) {
  Message m;
  m.data = std::move(payload);
  // An empty message still travels: the receiver posted a receive for it.
  std::size_t done = 0;
  do {
    const std::size_t piece = std::min(m.data.size() - done, max_message_);
    m.pieces.emplace_back();
    check(MPI_Isend(m.data.data() + done, static_cast<int>(piece), MPI_BYTE, dest, tag,
                    runtime_comm(), &m.pieces.back()),
          "MPI_Isend");
    done += piece;
  } while (done < m.data.size());
  in_flight_.push_back(std::move(m));
}

void Transfers::send_sized(std::vector<unsigned char> payload, int dest, int tag) {
  std::vector<unsigned char> size(sizeof(std::uint64_t));
  const std::uint64_t bytes = payload.size();
  std::memcpy(size.data(), &bytes, sizeof bytes);
  send(std::move(size), dest, tag);
  send(std::move(payload), dest, tag);
}

int Transfers::receive(std::size_t bytes, int source, int tag) {
  Message m;
  m.data.resize(bytes);
  m.id = next_id_++;
  std::size_t done = 0;
  do {
    const std::size_t piece = std::min(bytes - done, max_message_);
    m.pieces.emplace_back();
    check(MPI_Irecv(m.data.data() + done, static_cast<int>(piece), MPI_BYTE, source, tag,
                    runtime_comm(), &m.pieces.back()),
          "MPI_Irecv");
    done += piece;
  } while (done < bytes);
  in_flight_.push_back(std::move(m));
  return in_flight_.back().id;
}

void Transfers::recv_pieces(unsigned char *data, std::size_t bytes, int source, int tag) {
  std::size_t done = 0;
  do {
    const std::size_t piece = std::min(bytes - done, max_message_);
    MPI_Status status;
    check(MPI_Recv(data + done, static_cast<int>(piece), MPI_BYTE, source, tag, runtime_comm(),
                   &status),
          "MPI_Recv");
    int count = 0;
    check(MPI_Get_count(&status, MPI_BYTE, &count), "MPI_Get_count");
    if (count == MPI_UNDEFINED || static_cast<std::size_t>(count) != piece)
      throw Error("parallel loop at " + where_ + ": rank " + std::to_string(rank_) +
                  " received a piece of " + std::to_string(count) + " bytes from rank " +
                  std::to_string(source) + ", expected " + std::to_string(piece));
    done += piece;
  } while (done < bytes);
}

std::optional<std::vector<unsigned char>> Transfers::receive_sized(int source, int tag) {
  int arrived = 0;
  check(MPI_Iprobe(source, tag, runtime_comm(), &arrived, MPI_STATUS_IGNORE), "MPI_Iprobe");
  if (!arrived)
    return std::nullopt;
  std::uint64_t bytes = 0;
  recv_pieces(reinterpret_cast<unsigned char *>(&bytes), sizeof bytes, source, tag);
  std::vector<unsigned char> data(static_cast<std::size_t>(bytes));
  recv_pieces(data.data(), data.size(), source, tag);
  return data;
}

std::vector<int> Transfers::poll() {
  std::vector<int> done_now;
  for (Message &m : in_flight_) {
    bool all = true;
    for (MPI_Request &r : m.pieces) {
      if (r == MPI_REQUEST_NULL)
        continue;
      int done = 0;
      check(MPI_Test(&r, &done, MPI_STATUS_IGNORE), m.id < 0 ? "MPI_Test (send)" : "MPI_Test");
      all = all && done != 0;
    }
    if (all && m.id >= 0) {
      done_now.push_back(m.id);
      completed_.emplace_back(m.id, std::move(m.data));
    }
    if (all)
      m.pieces.clear(); // marks it finished
  }
  std::erase_if(in_flight_, [](const Message &m) { return m.pieces.empty(); });
  return done_now;
}

std::vector<unsigned char> Transfers::take(int id) {
  const auto it = std::find_if(completed_.begin(), completed_.end(),
                               [id](const auto &c) { return c.first == id; });
  if (it == completed_.end())
    throw Error("parallel loop at " + where_ + ": receive " + std::to_string(id) +
                " has not completed");
  std::vector<unsigned char> data = std::move(it->second);
  completed_.erase(it);
  return data;
}

bool Transfers::idle() const { return in_flight_.empty(); }

} // namespace orion::detail
