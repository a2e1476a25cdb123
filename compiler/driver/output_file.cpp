#include "output_file.hpp"

#include <fmt/format.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/raw_ostream.h>

#include <unistd.h>

namespace orion::driver {

bool write_file_atomically(const std::string &path, const std::string &content) {
  if (path == "-") {
    fmt::print("{}", content);
    return true;
  }
  const std::string temporary = fmt::format("{}.orionc-tmp-{}", path, ::getpid());
  {
    std::error_code ec;
    llvm::raw_fd_ostream out(temporary, ec);
    if (ec) {
      fmt::print(stderr, "orionc: error: cannot write '{}': {}\n", path, ec.message());
      return false;
    }
    out << content;
    out.close();
    if (out.has_error()) {
      fmt::print(stderr, "orionc: error: cannot write '{}': {}\n", path, out.error().message());
      out.clear_error();
      llvm::sys::fs::remove(temporary);
      return false;
    }
  }
  if (auto ec = llvm::sys::fs::rename(temporary, path)) {
    llvm::sys::fs::remove(temporary);
    fmt::print(stderr, "orionc: error: cannot write '{}': {}\n", path, ec.message());
    return false;
  }
  return true;
}

bool read_file(const std::string &path, std::string &content) {
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!buffer) {
    fmt::print(stderr, "orionc: error: cannot read '{}': {}\n", path, buffer.getError().message());
    return false;
  }
  content = (*buffer)->getBuffer().str();
  return true;
}

} // namespace orion::driver
