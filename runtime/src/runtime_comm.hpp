// The communicator the runtime talks on. The Session duplicates MPI_COMM_WORLD when it starts, so a
// program's own messages on MPI_COMM_WORLD (even an MPI_ANY_SOURCE / MPI_ANY_TAG receive posted
// around a parallel loop) never match the runtime's, whose tags are the runtime's own business.
#pragma once

#include <mpi.h>

namespace orion::detail {

/// The runtime's duplicate of MPI_COMM_WORLD; MPI_COMM_WORLD itself before the Session made it.
MPI_Comm runtime_comm() noexcept;
/// Collective: duplicates MPI_COMM_WORLD (after MPI_Init and its error handler are set).
void open_runtime_comm();
/// Collective: frees the duplicate (before MPI_Finalize).
void close_runtime_comm() noexcept;

} // namespace orion::detail
