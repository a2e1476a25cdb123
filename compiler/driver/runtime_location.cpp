#include "runtime_location.hpp"

#include "config.hpp"

#include <llvm/ADT/SmallString.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>

namespace orion::driver {

namespace {

/// The directory of the running executable, or "" when the system cannot tell.
std::string executable_dir() {
  static int anchor;
  std::string exe = llvm::sys::fs::getMainExecutable(nullptr, &anchor);
  if (exe.empty())
    return {};
  return llvm::sys::path::parent_path(exe).str();
}

/// `base/relative`, normalized (no "..").
std::string joined(const std::string &base, const char *relative) {
  llvm::SmallString<256> path(base);
  llvm::sys::path::append(path, relative);
  llvm::sys::path::remove_dots(path, /*remove_dot_dot=*/true);
  return std::string(path);
}

RuntimeLocation locate() {
  const std::string bin = executable_dir();
  if (!bin.empty()) {
    RuntimeLocation installed{joined(bin, config::kInstalledIncludeFromBin),
                              joined(bin, config::kInstalledLibraryFromBin)};
    if (llvm::sys::fs::exists(installed.include_dir + "/orion/orion.hpp") &&
        llvm::sys::fs::exists(installed.library))
      return installed;
  }
  return {config::kRuntimeInclude, config::kRuntimeLibrary};
}

} // namespace

const RuntimeLocation &runtime_location() {
  static const RuntimeLocation location = locate();
  return location;
}

} // namespace orion::driver
