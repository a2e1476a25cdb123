#include "host_build.hpp"

#include "config.hpp"
#include "runtime_location.hpp"

#include <fmt/format.h>
#include <llvm/ADT/SmallString.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/Program.h>

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

extern char **environ;

namespace orion::driver {
namespace {

// While the host compiler runs, these signals stop it (and everything it started) before
// orionc's own handling (LLVM's: remove the temporary files, then die) goes on. Otherwise
// SIGTERM to orionc alone would leave the compiler running, and it would write the temporary
// executable after orionc had removed it.
constexpr int kStopSignals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
struct sigaction g_previous[std::size(kStopSignals)];
bool g_installed[std::size(kStopSignals)];
volatile sig_atomic_t g_child_group = 0; // the host compiler's pid, also its process group

extern "C" void stop_host_compiler(int signal) {
  const pid_t group = g_child_group;
  if (group > 0) {
    ::kill(-group, SIGTERM);
    // orionc is the group's subreaper: the compiler's orphaned children (g++ under mpicxx, the
    // linker) become orionc's, so this returns when the whole group is gone.
    while (::waitpid(-group, nullptr, 0) > 0 || errno == EINTR) {
    }
  }
  for (size_t i = 0; i < std::size(kStopSignals); ++i)
    if (kStopSignals[i] == signal)
      ::sigaction(signal, &g_previous[i], nullptr);
  ::raise(signal); // delivered, to the previous handler, when this one returns
}

/// Runs `argv` as `program` in a process group of its own; returns its wait status, or -1 with
/// `error` set if it could not be started.
int run_host_compiler(const std::string &program, const std::vector<std::string> &args,
                      std::string &error) {
  std::vector<char *> argv;
  for (const std::string &a : args)
    argv.push_back(const_cast<char *>(a.c_str()));
  argv.push_back(nullptr);

  sigset_t stop_signals, old_mask;
  sigemptyset(&stop_signals);
  for (int s : kStopSignals)
    sigaddset(&stop_signals, s);
  struct sigaction action {};
  action.sa_handler = stop_host_compiler;
  action.sa_mask = stop_signals;
#ifdef __linux__
  ::prctl(PR_SET_CHILD_SUBREAPER, 1);
#endif

  // No stop signal between starting the compiler and knowing its pid.
  ::sigprocmask(SIG_BLOCK, &stop_signals, &old_mask);
  for (size_t i = 0; i < std::size(kStopSignals); ++i) {
    ::sigaction(kStopSignals[i], nullptr, &g_previous[i]);
    g_installed[i] = g_previous[i].sa_handler != SIG_IGN;
    if (g_installed[i])
      ::sigaction(kStopSignals[i], &action, nullptr);
  }
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK);
  posix_spawnattr_setpgroup(&attributes, 0);
  posix_spawnattr_setsigmask(&attributes, &old_mask);
  pid_t pid = 0;
  const int spawned =
      ::posix_spawn(&pid, program.c_str(), nullptr, &attributes, argv.data(), environ);
  posix_spawnattr_destroy(&attributes);
  if (spawned == 0)
    g_child_group = pid;
  ::sigprocmask(SIG_SETMASK, &old_mask, nullptr);

  int status = -1;
  if (spawned == 0) {
    while (::waitpid(pid, &status, 0) < 0) {
      if (errno != EINTR) {
        error = std::strerror(errno);
        status = -1;
        break;
      }
    }
  } else {
    error = std::strerror(spawned);
  }

  ::sigprocmask(SIG_BLOCK, &stop_signals, nullptr);
  g_child_group = 0;
  for (size_t i = 0; i < std::size(kStopSignals); ++i)
    if (g_installed[i])
      ::sigaction(kStopSignals[i], &g_previous[i], nullptr);
  ::sigprocmask(SIG_SETMASK, &old_mask, nullptr);
  return status;
}

} // namespace

std::vector<std::string> host_command(const Options &options, const std::string &source,
                                      const std::string &output) {
  const char *env = std::getenv("ORION_CXX");
  std::vector<std::string> cmd{env && *env ? env : config::kHostCxx, options.std_flag,
                               "-DORION_DISTRIBUTED"};
  // The transformed source may live elsewhere: keep the user's quoted includes working.
  llvm::SmallString<256> dir(options.input);
  llvm::sys::fs::make_absolute(dir);
  llvm::sys::path::remove_filename(dir);
  cmd.push_back("-iquote" + std::string(dir));
  cmd.insert(cmd.end(), options.preprocessor_args.begin(), options.preprocessor_args.end());
  // A system directory, as CMake's Orion::runtime is: the user's -W flags (-Wconversion -Werror)
  // apply to the program, not to the runtime's headers, as in the serial build.
  cmd.push_back("-isystem" + runtime_location().include_dir);
  cmd.insert(cmd.end(), options.codegen_args.begin(), options.codegen_args.end());
  if (*config::kSanitize)
    cmd.push_back(std::string("-fsanitize=") + config::kSanitize);
  cmd.insert(cmd.end(), {"-x", "c++", source, "-x", "none", runtime_location().library, "-pthread",
                         "-o", output});
  return cmd;
}

bool build_executable(const Options &options, const std::string &source, const OutputTarget &target,
                      const std::string &shown) {
  // Executable bits from the start, in case the linker writes into the file it is given.
  auto temporary = TemporaryOutput::create(target, shown, "", llvm::sys::fs::all_all);
  if (!temporary)
    return false;
  std::vector<std::string> cmd = host_command(options, source, temporary->path());
  if (options.verbose) {
    std::string line;
    for (const std::string &a : cmd)
      line += (line.empty() ? "" : " ") + a;
    fmt::print(stderr, "{}\n", line);
  }
  auto program = llvm::sys::findProgramByName(cmd[0]);
  if (!program) {
    fmt::print(stderr, "orionc: error: host compiler '{}' not found (set ORION_CXX)\n", cmd[0]);
    return false;
  }
  std::string error;
  const int status = run_host_compiler(*program, cmd, error);
  if (status == -1) {
    fmt::print(stderr, "orionc: error: cannot run host compiler '{}': {}\n", cmd[0], error);
    return false;
  }
  if (WIFSIGNALED(status)) {
    fmt::print(stderr, "orionc: error: host compiler '{}' was killed by signal {} ({})\n", cmd[0],
               WTERMSIG(status), strsignal(WTERMSIG(status)));
    return false;
  }
  if (WEXITSTATUS(status) != 0) {
    fmt::print(stderr, "orionc: error: host compiler '{}' failed (exit status {})\n", cmd[0],
               WEXITSTATUS(status));
    return false;
  }
  return temporary->commit(target, shown);
}

} // namespace orion::driver
