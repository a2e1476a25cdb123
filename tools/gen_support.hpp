// What the synthetic data generators share: a portable random engine (the same numbers on every
// platform and standard library, so a seed names a data set) and an output file that appears
// under its name only once it is complete.
#pragma once

#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace orion_gen {

using std::uint64_t;

// xoshiro256** seeded by splitmix64: identical on every platform.
class Rng {
public:
  Rng(uint64_t seed, uint64_t stream) {
    uint64_t sm = seed ^ (stream * 0xd1b54a32d192ed03ULL);
    for (auto &w : s_) {
      uint64_t z = (sm += 0x9e3779b97f4a7c15ULL);
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
      w = z ^ (z >> 31);
    }
  }
  uint64_t next() {
    const uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; } // [0, 1)
  uint64_t below(uint64_t n) {
    return static_cast<uint64_t>((static_cast<unsigned __int128>(next()) * n) >> 64);
  }
  double normal() { // Marsaglia's polar method
    for (;;) {
      const double x = 2.0 * uniform() - 1.0, y = 2.0 * uniform() - 1.0;
      const double s = x * x + y * y;
      if (s > 0.0 && s < 1.0)
        return x * std::sqrt(-2.0 * std::log(s) / s);
    }
  }

private:
  static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  uint64_t s_[4];
};

// Buffered output to a temporary file renamed to `path` on commit(): a failed run never leaves a
// half-written file under the requested name.
class OutFile {
public:
  explicit OutFile(std::string path)
      : path_(std::move(path)), tmp_(path_ + ".tmp." + std::to_string(::getpid())) {
    f_ = std::fopen(tmp_.c_str(), "wb");
    if (!f_)
      throw std::runtime_error("cannot create " + tmp_ + ": " + std::strerror(errno));
  }
  OutFile(const OutFile &) = delete;
  OutFile &operator=(const OutFile &) = delete;
  ~OutFile() {
    if (f_) {
      std::fclose(f_);
      std::remove(tmp_.c_str());
    }
  }
  /// Room for at least `n` more characters.
  char *reserve(std::size_t n) {
    if (buf_.size() - used_ < n)
      flush();
    if (buf_.size() < n)
      buf_.resize(n);
    return buf_.data() + used_;
  }
  void advance(char *p) { used_ = static_cast<std::size_t>(p - buf_.data()); }
  void commit() {
    flush();
    const bool failed = std::fflush(f_) != 0 || std::ferror(f_);
    const int rc = std::fclose(f_);
    f_ = nullptr;
    if (failed || rc != 0 || std::rename(tmp_.c_str(), path_.c_str()) != 0) {
      std::remove(tmp_.c_str());
      throw std::runtime_error("cannot write " + path_);
    }
  }

private:
  void flush() {
    if (used_ > 0 && std::fwrite(buf_.data(), 1, used_, f_) != used_)
      throw std::runtime_error("write error on " + tmp_);
    used_ = 0;
  }
  std::string path_, tmp_;
  std::FILE *f_ = nullptr;
  std::vector<char> buf_ = std::vector<char>(std::size_t{1} << 22);
  std::size_t used_ = 0;
};

} // namespace orion_gen
