// Loads that must fail; run by check_fatal.cmake under mpirun, which checks that every rank exits
// non-zero, quickly, with the one-line message of a collective error (printed once, by rank 0).
//   fifo     the input is a FIFO nobody writes to (a blocking open would hang every rank)
//   huge     the last line, in the last rank's range, holds an index whose extent overflows
//   changed  rank 0 truncates the file while the ranks load it
// The input lives in a directory of its own, removed before the error ends the program.
#include <orion/orion.hpp>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

#include <sys/stat.h>
#include <unistd.h>

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  const std::string mode = argc > 1 ? argv[1] : "";
  std::string dir;
  if (orion::is_root()) {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "orion_fatal_loaders_XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr)
      throw std::runtime_error("mkdtemp failed");
    dir = pattern;
  }
  dir = orion::detail::comm_bcast_string(dir, 0);
  const std::string path = dir + "/input.txt";
  if (orion::is_root()) {
    if (mode == "fifo") {
      ::mkfifo(path.c_str(), 0600);
    } else {
      std::ofstream out(path, std::ios::binary);
      for (int i = 0; i < (mode == "changed" ? 600000 : 100); ++i)
        out << i % 100 << " " << i % 7 << " 0.5\n";
      if (mode == "huge")
        out << "9223372036854775807 0 1\n";
    }
  }
  orion::detail::comm_barrier();
  try {
    if (mode == "changed") {
      bool done = false;
      orion::load_text<float, 2>(
          path, [&](std::string_view line, std::array<std::int64_t, 2> &key, float &value) {
            if (!done && orion::is_root()) {
              done = true;
              if (::truncate(path.c_str(), 0) != 0)
                std::perror("truncate");
            }
            return orion::detail::parse_triplet(line, key, value);
          });
    } else {
      orion::load_triplets<float>(path);
    }
  } catch (const orion::LoadError &) {
    orion::detail::comm_barrier(); // a collective error: every rank is here
    if (orion::is_root())
      std::filesystem::remove_all(dir);
    throw;
  }
  if (orion::is_root())
    std::filesystem::remove_all(dir);
  std::printf("unexpected: mode '%s' did not fail\n", mode.c_str());
  return 0;
}
