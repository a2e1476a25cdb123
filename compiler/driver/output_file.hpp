// Writes orionc's outputs without ever destroying a file it was not asked to write:
// - a regular output appears all-or-nothing (temporary file next to it + rename), so an error or
//   an interrupt never leaves a half-written file;
// - a symbolic link is written through: its target is replaced, the link stays;
// - a special file (/dev/null, a FIFO, a terminal) is opened and written in place, never
//   replaced by a regular file;
// - "-" is stdout; a failed write (e.g. `> /dev/full`) is an error, not an abort;
// - temporary files are removed if orionc is interrupted (llvm::sys::RemoveFileOnSignal).
#pragma once

#include <llvm/ADT/StringRef.h>
#include <llvm/Support/FileSystem.h>

#include <optional>
#include <string>

namespace orion::driver {

/// Installs LLVM's signal handlers, which remove the temporary files when orionc is interrupted,
/// and keeps ignored the signals orionc was started with ignored (nohup, background jobs):
/// LLVM's handlers would catch those too, remove the files, and let orionc go on without them.
/// Call first thing in main.
void init_signal_handling();

/// Where an output really goes.
struct OutputTarget {
  std::string path;     ///< after following symbolic links; "-" for stdout
  bool special = false; ///< stdout or an existing non-regular file: written in place
};

/// Follows `path`'s symbolic links (also a dangling one: its target is created) and classifies
/// what is there. On failure (a directory, a link loop, ...) prints an error naming `path`.
std::optional<OutputTarget> resolve_output(const std::string &path);

/// True when `a` and `b` name one existing file (same device and inode: through symbolic links,
/// hard links, `..`). "-" is never a file.
bool same_file(const std::string &a, const std::string &b);
/// Whether two paths name the same file, or would once written: same_file, or the same path made
/// absolute (an output that does not exist yet).
bool same_path(const std::string &a, const std::string &b);

/// Writes `content` to `path` ("-" means stdout) as described above. On failure prints an error
/// naming the path and returns false.
bool write_output(const std::string &path, llvm::StringRef content);

/// Reads a whole file; on failure prints an error naming the path.
bool read_file(const std::string &path, std::string &content);

/// A temporary file for an output produced by another program (the host compiler): created
/// next to the output's target (so that the final rename is atomic), or in the system temporary
/// directory when the output is written in place. Removed if orionc is interrupted, and on
/// destruction unless committed.
class TemporaryOutput {
public:
  /// `suffix` ends the temporary name (e.g. ".cpp"); `mode` is masked by the umask. On failure
  /// prints an error naming the output as `shown`.
  static std::optional<TemporaryOutput>
  create(const OutputTarget &target, const std::string &shown, llvm::StringRef suffix = "",
         unsigned mode = llvm::sys::fs::all_read | llvm::sys::fs::all_write);
  TemporaryOutput(TemporaryOutput &&other) : file_(std::move(other.file_)) { other.file_.reset(); }
  TemporaryOutput &operator=(TemporaryOutput &&) = delete;
  ~TemporaryOutput();

  const std::string &path() const { return file_->TmpName; }
  /// The file descriptor of the temporary file, open for writing.
  int fd() const { return file_->FD; }

  /// Writes `content` into the temporary file (from its start). On failure prints an error
  /// naming the output as `shown`.
  bool write(llvm::StringRef content, const std::string &shown);

  /// Moves the temporary file to `target` (rename), or copies its bytes into it when it is
  /// written in place, then removes it. `shown` names the output in errors.
  bool commit(const OutputTarget &target, const std::string &shown);

private:
  explicit TemporaryOutput(llvm::sys::fs::TempFile file);
  std::optional<llvm::sys::fs::TempFile> file_;
};

} // namespace orion::driver
