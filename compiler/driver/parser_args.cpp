#include "parser_args.hpp"

#include "config.hpp"
#include "runtime_location.hpp"

#include <llvm/ADT/SmallVector.h>
#include <llvm/ADT/StringRef.h>

namespace orion::driver {

std::vector<std::string> parser_args(const std::string &std_flag,
                                     const std::vector<std::string> &preprocessor_args) {
  std::vector<std::string> args{std_flag, "-DORION_DISTRIBUTED",
                                std::string("-resource-dir=") + config::kClangResourceDir};
  args.insert(args.end(), preprocessor_args.begin(), preprocessor_args.end());
  args.push_back("-I" + runtime_location().include_dir);
  // The host compiler (mpicxx) finds <mpi.h> on its own; the parser must see it too.
  llvm::SmallVector<llvm::StringRef, 4> mpi_dirs;
  llvm::StringRef(config::kMpiIncludeDirs).split(mpi_dirs, ';', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef dir : mpi_dirs) {
    args.push_back("-isystem");
    args.push_back(dir.str());
  }
  return args;
}

} // namespace orion::driver
