// Helpers for the distributed tests.
#pragma once

#include <orion/detail/comm.hpp>
#include <orion/session.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

namespace orion_test {

/// A temp file every rank can read: rank 0 writes it under a name it broadcasts, and removes it
/// once every rank is done. Constructor and destructor are collective.
class SharedFile {
public:
  explicit SharedFile(const std::string &content) {
    static int counter = 0;
    std::string name;
    if (orion::is_root()) {
      name =
          (std::filesystem::temp_directory_path() /
           ("orion_rt_mpi_" + std::to_string(::getpid()) + "_" + std::to_string(counter) + ".txt"))
              .string();
      std::ofstream(name, std::ios::binary) << content;
    }
    ++counter;
    path_ = orion::detail::comm_bcast_string(name, 0);
    orion::detail::comm_barrier();
  }
  ~SharedFile() {
    orion::detail::comm_barrier();
    if (orion::is_root()) {
      std::remove(path_.c_str());
      std::remove((path_ + ".orion-cache").c_str()); // in case a load cached it
    }
  }
  SharedFile(const SharedFile &) = delete;
  SharedFile &operator=(const SharedFile &) = delete;
  const std::string &path() const { return path_; }

private:
  std::string path_;
};

} // namespace orion_test
