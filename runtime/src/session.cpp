// MPI lifetime of the distributed backend and the one process-wide state object.
#include <orion/detail/comm.hpp>
#include <orion/detail/state.hpp>
#include <orion/error.hpp>

#include <mpi.h>

#include <cstdio>
#include <cstdlib>

namespace orion::detail {

RuntimeState &state() noexcept {
  static RuntimeState instance;
  return instance;
}

void backend_init(int &argc, char **&argv) {
  int initialized = 0, finalized = 0;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  if (finalized != 0)
    throw Error("MPI has already been finalized: a distributed program can start only one "
                "orion::Session");
  if (initialized == 0) {
    int provided = 0;
    // FUNNELED: worker threads never call MPI; only the thread that started the session does.
    if (MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS)
      throw Error("MPI_Init_thread failed");
    state().backend_owned = true;
  }
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
}

void backend_finalize() noexcept {
  RuntimeState &st = state();
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (st.backend_owned && finalized == 0)
    MPI_Finalize();
  st.backend_owned = false;
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
