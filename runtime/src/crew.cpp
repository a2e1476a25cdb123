#include "crew.hpp"

#include <orion/detail/state.hpp>

#include <memory>

namespace orion::detail {

Crew &rank_crew(int at_least) {
  std::shared_ptr<void> &slot = state().crew;
  auto *crew = static_cast<Crew *>(slot.get());
  if (crew == nullptr || crew->size() < static_cast<std::size_t>(at_least)) {
    slot.reset(); // its threads end before the new ones start
    auto fresh = std::make_shared<Crew>(at_least);
    crew = fresh.get();
    slot = std::move(fresh);
  }
  return *crew;
}

} // namespace orion::detail
