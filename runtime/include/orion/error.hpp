// Error types raised by the Orion runtime.
#pragma once

#include <stdexcept>
#include <string>

namespace orion {

/// Base of every error the runtime raises. An error is *collective* when every rank raised the
/// same error at the same point of the program (for example a loader that agreed on the first bad
/// line): reporting it once and finalizing MPI is then safe, whereas a rank-local error must abort
/// the whole job so that no other rank waits forever in a collective.
class Error : public std::runtime_error {
public:
  explicit Error(const std::string &what, bool collective = false)
      : std::runtime_error(what), collective_(collective) {}

  bool collective() const noexcept { return collective_; }

private:
  bool collective_;
};

/// A file could not be read or parsed; the message names the path (and line, when there is one).
class LoadError : public Error {
public:
  using Error::Error;
};

/// A bad `--orion-*` flag or `ORION_*` environment variable; the message lists the valid flags.
class OptionError : public Error {
public:
  using Error::Error;
};

/// A checkpoint could not be written, or the one found cannot be restored; the message names the
/// file.
class CheckpointError : public Error {
public:
  using Error::Error;
};

} // namespace orion
