// The point-to-point messages of the schedule protocols (a rotation's time parts, a wavefront's
// chain steps), on the runtime's own communicator (runtime_comm.hpp). Sizes are bytes of any
// size: MPI counts are ints, so a message is sent as consecutive pieces of at most
// kMaxMessageBytes with one tag, which MPI delivers in order between one pair of ranks. Every MPI
// failure and every piece of the wrong size is an orion::Error naming the loop and the rank.
#pragma once

#include <orion/detail/comm.hpp>

#include <mpi.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace orion::detail {

/// The transfers one rank has in flight during one loop execution. Not thread-safe: only the
/// communicating thread uses it.
class Transfers {
public:
  /// `where` names the loop for messages (file:line); `rank` is this rank; messages travel in
  /// pieces of at most `max_message` bytes (smaller only in tests).
  Transfers(std::string where, int rank, std::int64_t max_message = kMaxMessageBytes);
  Transfers(const Transfers &) = delete;
  Transfers &operator=(const Transfers &) = delete;

  /// Starts sending `payload` to `dest` with `tag`; the payload is kept until the send completes.
  void send(std::vector<unsigned char> payload, int dest, int tag);
  /// Sends the size first, then the payload: for receivers that cannot know it (receive_sized).
  void send_sized(std::vector<unsigned char> payload, int dest, int tag);
  /// Starts receiving exactly `bytes` from `source` with `tag`; returns an id that poll() reports
  /// once the data is in a buffer of its own (taken with take()).
  int receive(std::size_t bytes, int source, int tag);
  /// The data of a message from `source` with `tag` sent by send_sized, if its size has arrived
  /// (then it waits for the rest); nullopt when nothing has arrived yet.
  std::optional<std::vector<unsigned char>> receive_sized(int source, int tag);

  /// Tests every transfer in flight; returns the ids of the receives that completed now.
  std::vector<int> poll();
  /// The buffer of a completed receive (once).
  std::vector<unsigned char> take(int id);
  /// Every send and receive completed.
  bool idle() const;

private:
  struct Message {
    std::vector<unsigned char> data;
    std::vector<MPI_Request> pieces;
    int id = -1; ///< receives: what poll() reports; sends: -1
  };
  void check(int rc, const char *what) const;
  void recv_pieces(unsigned char *data, std::size_t bytes, int source, int tag);

  std::string where_;
  int rank_;
  std::size_t max_message_;
  std::vector<Message> in_flight_;
  std::vector<std::pair<int, std::vector<unsigned char>>> completed_;
  int next_id_ = 0;
};

} // namespace orion::detail
