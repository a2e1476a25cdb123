// Appending and reading plain values in byte buffers (messages between ranks).
#pragma once

#include <cstring>
#include <vector>

namespace orion::detail {

template <class T> void put(std::vector<unsigned char> &out, const T &v) {
  const auto *p = reinterpret_cast<const unsigned char *>(&v);
  out.insert(out.end(), p, p + sizeof(T));
}

template <class T> T get(const unsigned char *&p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  p += sizeof(T);
  return v;
}

} // namespace orion::detail
