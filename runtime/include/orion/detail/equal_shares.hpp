// A text load on several ranks leaves each rank the lines of its byte range of the file; a load
// from the binary cache leaves rank r the elements [nnz r / P, nnz (r + 1) / P). The first parallel
// loop then places every element where it runs, and each rank sorts its share into its blocks in
// the order the elements arrived, so the elements inside a block came in another order after a
// text load than after a cache load: the same command printed other numbers the second time, once
// a cache existed (and e2e's witness runs, one loading the text and writing the cache, the next
// reading it, disagreed). equal_shares gives a text load the cache's shares.
#pragma once

#include <orion/detail/comm.hpp>

#include <algorithm>
#include <cstdint>
#include <span>
#include <type_traits>
#include <vector>

namespace orion::detail {

/// Collective: moves elements between neighbouring shares so that rank r holds elements
/// [total r / P, total (r + 1) / P) of the file order (each rank's keys and values are its
/// share, in file order, and the shares follow each other in rank order). What a rank sends is
/// a prefix (to lower ranks) or a suffix (to higher ranks) of its share; it receives into the
/// front and back, so the share stays in file order.
template <class K, class V>
void equal_shares(std::vector<K> &keys, std::vector<V> &values, std::int64_t total) {
  const int ranks = comm_size(), me = comm_rank();
  if (ranks <= 1)
    return;
  __extension__ typedef __int128 Wide; // total * ranks may pass 64 bits
  const auto first = [&](int r) {      // the first element of rank r's new share
    return static_cast<std::int64_t>(static_cast<Wide>(total) * r / ranks);
  };
  const auto n = static_cast<std::int64_t>(keys.size());
  const std::int64_t begin = comm_exscan_sum(n);
  std::vector<std::int64_t> send(static_cast<std::size_t>(ranks), 0);
  std::int64_t moving = 0;
  for (int q = 0; q < ranks; ++q) {
    const std::int64_t lo = std::max(begin, first(q));
    const std::int64_t hi = std::min(begin + n, first(q + 1));
    if (q != me && lo < hi) {
      send[static_cast<std::size_t>(q)] = hi - lo;
      moving += hi - lo;
    }
  }
  std::int64_t any = moving;
  comm_allreduce_sum(std::span<std::int64_t>(&any, 1));
  if (any == 0)
    return; // the byte ranges happened to split the elements evenly
  const std::vector<std::int64_t> recv = comm_alltoall(send);
  std::int64_t below = 0, above = 0; // received from lower and from higher ranks
  std::int64_t prefix = 0;           // sent to lower ranks: the front of this share
  for (int q = 0; q < ranks; ++q) {
    const auto i = static_cast<std::size_t>(q);
    (q < me ? below : above) += q == me ? 0 : recv[i];
    if (q < me)
      prefix += send[i];
  }
  const std::int64_t stay = n - moving;
  const auto move = [&](auto &v) {
    using E = typename std::remove_reference_t<decltype(v)>::value_type;
    std::vector<E> out;
    out.reserve(static_cast<std::size_t>(moving));
    out.insert(out.end(), v.begin(), v.begin() + prefix);
    out.insert(out.end(), v.begin() + prefix + stay, v.end());
    std::vector<E> in(static_cast<std::size_t>(below + above));
    comm_alltoallv(out.data(), send, in.data(), recv);
    // Keep the middle, then add what came from below at the front and from above at the back.
    v.erase(v.begin() + prefix + stay, v.end());
    v.erase(v.begin(), v.begin() + prefix);
    v.insert(v.begin(), in.begin(), in.begin() + below);
    v.insert(v.end(), in.begin() + below, in.end());
  };
  move(keys);
  move(values);
}

} // namespace orion::detail
