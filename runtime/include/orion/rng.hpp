// Per-worker random numbers: orion::rng() and the orion::Rng engine.
#pragma once

#include <orion/detail/random.hpp>
#include <orion/detail/state.hpp>
#include <orion/detail/worker.hpp>

namespace orion {

/// Outside a worker context: the replicated engine, seeded from the session seed alone, which
/// advances identically on every rank. In a worker (a parallel loop body): with one worker in
/// total, that same replicated engine, so the program draws exactly the serial build's numbers;
/// with more, the worker's own engine, seeded from (session seed, global worker id + 1), and the
/// replicated stream is not advanced by loop bodies. Usable without a Session in serial builds
/// (seed 42). Not shared between threads: each worker owns its engine, and the replicated one is
/// used by the driver, or by the single worker while the driver waits for the loop.
inline Rng &rng() noexcept {
  if (Rng *engine = detail::tl_worker.rng)
    return *engine;
  return detail::state().replicated_rng;
}

} // namespace orion
