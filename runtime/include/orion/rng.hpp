// Per-worker random numbers: orion::rng() and the orion::Rng engine.
#pragma once

#include <orion/detail/random.hpp>
#include <orion/detail/state.hpp>
#include <orion/detail/worker.hpp>

namespace orion {

/// The calling worker's engine, seeded from (session seed, global worker id); outside a worker
/// context, the replicated engine seeded from the session seed alone, which advances identically
/// on every rank. Usable without a Session in serial builds (seed 42). Not shared between threads:
/// each worker owns its engine, and only the driver thread may use the replicated one.
inline Rng &rng() noexcept {
  if (Rng *engine = detail::tl_worker.rng)
    return *engine;
  return detail::state().replicated_rng;
}

} // namespace orion
