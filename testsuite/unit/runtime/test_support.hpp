// Helpers shared by the runtime unit tests.
#pragma once

#include <orion/error.hpp>

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
  ~TempFile() {
    std::remove(path_.c_str());
    std::remove((path_ + ".orion-cache").c_str()); // in case a load cached it
  }
  TempFile(const TempFile &) = delete;
  TempFile &operator=(const TempFile &) = delete;
  const std::string &path() const { return path_; }

private:
  std::string path_;
};

/// The message of the orion::LoadError that load() throws, or "(no error)".
template <class F> std::string load_error_of(F &&load) {
  try {
    load();
  } catch (const orion::LoadError &e) {
    return e.what();
  }
  return "(no error)";
}

} // namespace orion_test
