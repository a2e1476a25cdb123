// MPI lifetime of the distributed backend, the one process-wide state object, and the system's
// limits on threads (which bound --orion-threads).
#include <orion/detail/comm.hpp>
#include <orion/detail/state.hpp>
#include <orion/error.hpp>
#include <orion/session.hpp>

#include "runtime_comm.hpp"

#include <mpi.h>
#include <sys/resource.h>
#include <unistd.h>

#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace orion::detail {

RuntimeState &state() noexcept {
  static RuntimeState instance;
  return instance;
}

namespace {

/// Open MPI chooses its point-to-point layer (pml) by opening every one it was built with, and
/// opening `cm` initializes the OFI and PSM libraries: 0.2 s of MPI_Init and MPI_Finalize on a
/// machine without such a network (0.30 s -> 0.10 s for an empty program at 1 or 2 ranks, 0.35 s
/// -> 0.15 s at 4), after which it picks `ob1` anyway. So without an InfiniBand, Omni-Path or EFA
/// device (they all appear under /sys/class/infiniband) orion asks for ob1 directly, unless the
/// user chose a pml (OMPI_MCA_pml, which `mpirun --mca pml X` also sets) or ORION_MPI_PML=default
/// says to leave Open MPI's choice alone. Other MPI libraries ignore the variable.
void prefer_ob1_without_fast_network() {
  const char *choice = std::getenv("ORION_MPI_PML");
  if (std::getenv("OMPI_MCA_pml") != nullptr ||
      (choice != nullptr && std::string(choice) == "default"))
    return;
  std::error_code ec;
  const std::filesystem::directory_iterator devices("/sys/class/infiniband", ec);
  if (!ec && devices != std::filesystem::directory_iterator())
    return;
  setenv("OMPI_MCA_pml", "ob1", 0);
}

/// A program started without mpirun is an MPI singleton, and Open MPI then forks a daemon (orted)
/// for it by default, in case the program spawns or connects to other jobs, which orion programs
/// never do: 0.1 s of every start (an SGD MF program loading 200,000 ratings from its cache: 0.15
/// -> 0.06 s). The isolated singleton starts without it. The variable only concerns singletons
/// (under mpirun or a batch system's launcher another component starts the process), and a value
/// the user set, 0 included, is kept.
void isolate_singleton() { setenv("OMPI_MCA_ess_singleton_isolated", "1", 0); }

} // namespace

void backend_init(int &argc, char **&argv) {
  int initialized = 0, finalized = 0;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  if (finalized != 0)
    throw Error("MPI has already been finalized: a distributed program can start only one "
                "orion::Session");
  if (initialized == 0) {
    prefer_ob1_without_fast_network();
    isolate_singleton();
    int provided = 0;
    // FUNNELED: worker threads never call MPI; only the thread that started the session does.
    if (MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS)
      throw Error("MPI_Init_thread failed");
    state().backend_owned = true;
  }
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  open_runtime_comm(); // inherits the error handler
}

void backend_finalize() noexcept {
  RuntimeState &st = state();
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (finalized == 0)
    close_runtime_comm();
  if (st.backend_owned && finalized == 0)
    MPI_Finalize();
  st.backend_owned = false;
}

namespace {

/// The first word of a file as a non-negative integer; -1 if missing or not a number ("max").
std::int64_t read_count(const std::string &path) {
  std::ifstream in(path);
  std::string word;
  if (!(in >> word))
    return -1;
  std::int64_t value = -1;
  const auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), value);
  return ec == std::errc() && end == word.data() + word.size() && value >= 0 ? value : -1;
}

/// pids.max - pids.current of this process's pids cgroup (v2, or the v1 pids controller).
std::int64_t cgroup_pids_free() {
  std::ifstream in("/proc/self/cgroup");
  for (std::string line; std::getline(in, line);) {
    // hierarchy-id:controllers:path
    const auto first = line.find(':'), second = line.find(':', first + 1);
    if (first == std::string::npos || second == std::string::npos)
      continue;
    const std::string controllers = line.substr(first + 1, second - first - 1);
    const std::string path = line.substr(second + 1);
    std::string dir;
    if (line.compare(0, first, "0") == 0 && controllers.empty())
      dir = "/sys/fs/cgroup" + path;
    else if (("," + controllers + ",").find(",pids,") != std::string::npos)
      dir = "/sys/fs/cgroup/pids" + path;
    else
      continue;
    const std::int64_t max = read_count(dir + "/pids.max"),
                       current = read_count(dir + "/pids.current");
    if (max >= 0 && current >= 0)
      return std::max<std::int64_t>(0, max - current);
  }
  return -1;
}

} // namespace

SystemThreadLimits system_thread_limits() {
  SystemThreadLimits out;
  rlimit nproc{};
  // Root is exempt from RLIMIT_NPROC.
  if (::geteuid() != 0 && ::getrlimit(RLIMIT_NPROC, &nproc) == 0 && nproc.rlim_cur != RLIM_INFINITY)
    out.nproc = static_cast<std::int64_t>(nproc.rlim_cur);
  out.threads_max = read_count("/proc/sys/kernel/threads-max");
  out.pid_max = read_count("/proc/sys/kernel/pid_max");
  out.pids_free = cgroup_pids_free();
  out.max_map_count = read_count("/proc/sys/vm/max_map_count");
  return out;
}

void backend_fail(bool collective) noexcept {
  int initialized = 0, finalized = 0;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  if (initialized != 0 && finalized == 0) {
    if (collective)
      MPI_Finalize(); // every rank raised the same error and is on its way here
    else
      MPI_Abort(MPI_COMM_WORLD, 1); // take the ranks that wait for this one down with it
  }
  std::fflush(nullptr);
  std::_Exit(1);
}

} // namespace orion::detail
