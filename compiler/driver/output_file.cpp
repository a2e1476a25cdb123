#include "output_file.hpp"

#include <fmt/format.h>
#include <llvm/ADT/SmallString.h>
#include <llvm/Support/Errc.h>
#include <llvm/Support/Error.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/Signals.h>
#include <llvm/Support/raw_ostream.h>

#include <cerrno>
#include <climits>
#include <csignal>
#include <iterator>
#include <unistd.h>

namespace orion::driver {
namespace {

namespace fs = llvm::sys::fs;

std::string shown_name(const std::string &path) {
  return path == "-" ? "standard output" : fmt::format("'{}'", path);
}

bool report(const std::string &path, const std::string &why) {
  fmt::print(stderr, "orionc: error: cannot write {}: {}\n", shown_name(path), why);
  return false;
}

/// Follows the chain of symbolic links starting at `path`; the result is not a link (it may not
/// exist: a dangling link's target is where the output goes).
std::error_code follow_links(const std::string &path, std::string &resolved) {
  resolved = path;
  for (int depth = 0; depth < 40; ++depth) {
    fs::file_status st;
    if (std::error_code ec = fs::status(resolved, st, /*Follow=*/false))
      return ec == std::errc::no_such_file_or_directory ? std::error_code() : ec;
    if (st.type() != fs::file_type::symlink_file)
      return {};
    char buffer[PATH_MAX];
    const ssize_t n = ::readlink(resolved.c_str(), buffer, sizeof buffer);
    if (n < 0)
      return std::error_code(errno, std::generic_category());
    if (static_cast<size_t>(n) == sizeof buffer)
      return std::make_error_code(std::errc::filename_too_long);
    llvm::StringRef target(buffer, n);
    if (llvm::sys::path::is_absolute(target)) {
      resolved = target.str();
    } else {
      llvm::SmallString<256> next(llvm::sys::path::parent_path(resolved));
      llvm::sys::path::append(next, target);
      resolved = std::string(next);
    }
  }
  return std::make_error_code(std::errc::too_many_symbolic_link_levels);
}

/// Writes `content` into an existing special file (or stdout), without creating or replacing
/// anything.
bool write_in_place(const OutputTarget &target, const std::string &shown, llvm::StringRef content) {
  int fd = STDOUT_FILENO;
  const bool is_stdout = target.path == "-";
  if (!is_stdout) {
    if (std::error_code ec = fs::openFileForWrite(target.path, fd, fs::CD_OpenExisting))
      return report(shown, ec.message());
  }
  llvm::raw_fd_ostream out(fd, /*shouldClose=*/!is_stdout);
  out << content;
  out.flush();
  if (!is_stdout)
    out.close();
  if (out.has_error()) {
    const std::string why = out.error().message();
    out.clear_error(); // or raw_fd_ostream aborts in its destructor
    return report(shown, why);
  }
  return true;
}

/// After LLVM's handler removed the temporary files (and restored the handling orionc started
/// with): die of SIGPIPE like a program without handlers, e.g. `orionc -o - ... | head -c 4`.
void die_of_sigpipe() { ::raise(SIGPIPE); }

} // namespace

void init_signal_handling() {
  constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR2, SIGPIPE};
  bool ignored[std::size(kSignals)];
  for (size_t i = 0; i < std::size(kSignals); ++i) {
    struct sigaction action;
    ::sigaction(kSignals[i], nullptr, &action);
    ignored[i] = action.sa_handler == SIG_IGN;
  }
  // Registers LLVM's handlers, SIGPIPE's included (it needs this function set first).
  llvm::sys::SetOneShotPipeSignalFunction(die_of_sigpipe);
  for (size_t i = 0; i < std::size(kSignals); ++i)
    if (ignored[i])
      ::signal(kSignals[i], SIG_IGN);
}

std::optional<OutputTarget> resolve_output(const std::string &path) {
  if (path == "-")
    return OutputTarget{"-", true};
  OutputTarget target;
  if (std::error_code ec = follow_links(path, target.path)) {
    report(path, ec.message());
    return std::nullopt;
  }
  fs::file_status st;
  if (std::error_code ec = fs::status(target.path, st)) {
    if (ec == std::errc::no_such_file_or_directory) {
      // A new regular file, in a directory that must exist: found out only when writing it, an
      // output written earlier (the program, before its --depfile) would stay behind.
      const llvm::StringRef parent = llvm::sys::path::parent_path(target.path);
      if (!parent.empty() && !fs::is_directory(parent)) {
        report(path, fmt::format("directory '{}' does not exist", parent.str()));
        return std::nullopt;
      }
      return target;
    }
    report(path, ec.message());
    return std::nullopt;
  }
  switch (st.type()) {
  case fs::file_type::regular_file:
    return target;
  case fs::file_type::directory_file:
    report(path, "it is a directory");
    return std::nullopt;
  default:
    // A device, a FIFO, a socket: written in place, never replaced.
    target.special = true;
    return target;
  }
}

bool same_file(const std::string &a, const std::string &b) {
  if (a == "-" || b == "-")
    return false;
  bool result = false;
  return !fs::equivalent(a, b, result) && result;
}

bool same_path(const std::string &a, const std::string &b) {
  if (same_file(a, b))
    return true;
  if (a == "-" || b == "-")
    return false;
  // Not both there yet (outputs): the same path once made absolute, `.` and `..` resolved.
  const auto normal = [](const std::string &p) {
    llvm::SmallString<256> path(p);
    fs::make_absolute(path);
    llvm::sys::path::remove_dots(path, true);
    return std::string(path);
  };
  return normal(a) == normal(b);
}

bool write_output(const std::string &path, llvm::StringRef content) {
  const auto target = resolve_output(path);
  if (!target)
    return false;
  if (target->special)
    return write_in_place(*target, path, content);
  auto temporary = TemporaryOutput::create(*target, path);
  // On failure the temporary file goes with `temporary`.
  return temporary && temporary->write(content, path) && temporary->commit(*target, path);
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

TemporaryOutput::TemporaryOutput(fs::TempFile file) : file_(std::move(file)) {}

TemporaryOutput::~TemporaryOutput() {
  if (file_)
    llvm::consumeError(file_->discard());
}

std::optional<TemporaryOutput> TemporaryOutput::create(const OutputTarget &target,
                                                       const std::string &shown,
                                                       llvm::StringRef suffix, unsigned mode) {
  llvm::SmallString<256> model;
  if (target.special) {
    // Nothing can be created next to /dev/null or stdout: build in the temporary directory.
    llvm::sys::path::system_temp_directory(/*ErasedOnReboot=*/true, model);
    llvm::sys::path::append(model, "orionc-tmp-%%%%%%%%");
  } else {
    model = target.path;
    model += ".orionc-tmp-%%%%%%";
  }
  model += suffix;
  // TempFile schedules the file for removal if orionc is interrupted.
  auto file = fs::TempFile::create(model, mode);
  if (!file) {
    const std::string why = llvm::toString(file.takeError());
    // The usual cause: the output's directory does not exist; name it rather than the
    // temporary file nobody asked for.
    const llvm::StringRef dir = llvm::sys::path::parent_path(target.path);
    if (!target.special && !dir.empty() && !fs::exists(dir))
      report(shown, fmt::format("directory '{}' does not exist", dir.str()));
    else
      report(shown, fmt::format("cannot create a temporary file: {}", why));
    return std::nullopt;
  }
  return TemporaryOutput(std::move(*file));
}

bool TemporaryOutput::write(llvm::StringRef content, const std::string &shown) {
  llvm::raw_fd_ostream out(fd(), /*shouldClose=*/false);
  out << content;
  out.flush();
  if (out.has_error()) {
    const std::string why = out.error().message();
    out.clear_error();
    return report(shown, why);
  }
  return true;
}

bool TemporaryOutput::commit(const OutputTarget &target, const std::string &shown) {
  if (target.special) {
    // The writer may have replaced the file under the same name: read it by name. The
    // destructor removes the temporary file.
    auto buffer = llvm::MemoryBuffer::getFile(path(), /*IsText=*/false,
                                              /*RequiresNullTerminator=*/false);
    if (!buffer)
      return report(shown, buffer.getError().message());
    return write_in_place(target, shown, (*buffer)->getBuffer());
  }
  if (std::error_code ec = fs::rename(path(), target.path))
    return report(shown, ec.message()); // the destructor removes the temporary file
  llvm::Error closed = file_->keep();   // renamed: no longer to be removed; closes the descriptor
  file_.reset();
  if (closed)
    return report(shown, llvm::toString(std::move(closed)));
  return true;
}

} // namespace orion::driver
