// Helpers shared by the runtime unit tests.
#pragma once

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

namespace orion_test {

/// A file under the temp directory holding `content`, removed when the object dies. The name is
/// unique per process and per call so tests can run in parallel.
class TempFile {
public:
  explicit TempFile(const std::string &content, const std::string &stem = "data") {
    static int counter = 0;
    path_ = (std::filesystem::temp_directory_path() /
             ("orion_rt_" + stem + "_" + std::to_string(::getpid()) + "_" +
              std::to_string(counter++) + ".txt"))
                .string();
    std::ofstream(path_, std::ios::binary) << content;
  }
  ~TempFile() { std::remove(path_.c_str()); }
  TempFile(const TempFile &) = delete;
  TempFile &operator=(const TempFile &) = delete;
  const std::string &path() const { return path_; }

private:
  std::string path_;
};

} // namespace orion_test
