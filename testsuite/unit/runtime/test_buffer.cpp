// orion::Buffer in the serial backend (one worker): every update is applied at once, which is what
// the parallel runtime does with one worker in total; combining, the pending slots and their merge
// are exercised as the executor uses them.
#include <orion/buffer.hpp>
#include <orion/detail/shared_updates.hpp>
#include <orion/error.hpp>

#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

using orion::Buffer;
using orion::DenseArray;

namespace {
struct Param {
  float w = 0, g2 = 0;
};
} // namespace

TEST_CASE("serial Buffer applies each update at once", "[buffer]") {
  DenseArray<double, 1> target({4});
  int applied = 0;
  Buffer<double, 1> wb(
      target,
      [&](double &v, const double &u) {
        v = 2 * v + u; // not a sum: the order of applications shows
        ++applied;
      },
      orion::max_delay(100));
  wb(1) += 1.0;
  wb(1) += 3.0;
  CHECK(target(1) == 5.0); // (2*0 + 1)*2 + 3
  CHECK(applied == 2);
  CHECK(wb.max_delay() == 100);
}

TEST_CASE("Buffer arguments are checked", "[buffer]") {
  DenseArray<float, 1> target({2});
  CHECK_THROWS_WITH(orion::max_delay(0), "orion::max_delay(0): the delay must be >= 1");
  CHECK_THROWS_AS((Buffer<float, 1>(target, nullptr, orion::max_delay(1))), orion::Error);
  CHECK_THROWS_AS((Buffer<float, 1>(
                      target, [](float &, const float &) {}, orion::max_delay(1), nullptr)),
                  orion::Error);
}

TEST_CASE("pending slots combine per element and pack what was touched", "[buffer]") {
  orion::detail::PendingSlot<std::int64_t> slot;
  slot.resize(10);
  bool fresh = false;
  slot.at(7, fresh) += 2;
  CHECK(fresh);
  slot.at(7, fresh) += 3;
  CHECK_FALSE(fresh);
  slot.at(2, fresh) += 1;
  REQUIRE(slot.find(7) != nullptr);
  CHECK(*slot.find(7) == 5);
  CHECK(slot.find(3) == nullptr);
  std::vector<unsigned char> packed;
  slot.pack(packed);
  CHECK(slot.find(7) == nullptr); // packing clears
  std::vector<std::pair<std::int64_t, std::int64_t>> seen;
  const unsigned char *p = packed.data();
  orion::detail::PendingSlot<std::int64_t>::unpack(
      p, [&](std::int64_t off, std::int64_t v) { seen.emplace_back(off, v); });
  CHECK(p == packed.data() + packed.size());
  CHECK(seen == std::vector<std::pair<std::int64_t, std::int64_t>>{{7, 5}, {2, 1}});
}

TEST_CASE("a struct element with a combiner merges through apply once per combined update",
          "[buffer]") {
  DenseArray<Param, 1> params({3});
  int applied = 0;
  Buffer<Param, 1> pb(
      params,
      [&](Param &p, const Param &u) {
        p.g2 += u.w * u.w;
        p.w -= u.w;
        ++applied;
      },
      orion::max_delay(10), [](const Param &a, const Param &b) { return Param{a.w + b.w, 0}; });
  // Two workers' slots, as the executor opens them; updates combine in each slot.
  pb.open(0, 2, false);
  {
    orion::detail::WorkerScope w0(0);
    pb(1) += Param{1, 0};
    pb(1) += Param{2, 0};
  }
  CHECK(params(1).w == 0); // pending, not applied
  std::vector<unsigned char> packed;
  pb.pack(0, packed);
  pb.pack(1, packed);
  const unsigned char *p = packed.data();
  pb.apply(p);
  pb.apply(p);
  pb.close();
  CHECK(applied == 1);
  CHECK(params(1).w == -3);
  CHECK(params(1).g2 == 9);
}

TEST_CASE("pending slots are reused from loop to loop, clean even after a failed loop",
          "[buffer]") {
  // A loop that fails closes its slots without merging them: the next loop must not see its
  // updates. Slots of another size are not reused.
  orion::detail::state().slot_pools.clear();
  orion::detail::SlotSet<std::int64_t> first;
  first.open(0, 2, false, 10);
  bool fresh = false;
  first.of(1)->at(4, fresh) = 9;
  first.close(); // no pack: the loop failed
  CHECK(orion::detail::slot_pool<std::int64_t>().size() == 2);

  orion::detail::SlotSet<std::int64_t> second;
  second.open(0, 2, false, 10);
  CHECK(orion::detail::slot_pool<std::int64_t>().empty()); // both taken from the pool
  for (std::int64_t w = 0; w < 2; ++w) {
    CHECK(second.of(w)->find(4) == nullptr);
    CHECK(second.of(w)->at(4, fresh) == 0);
    CHECK(fresh);
  }
  second.close();

  orion::detail::SlotSet<std::int64_t> other_size;
  other_size.open(0, 1, false, 11);
  CHECK(other_size.of(0)->size() == 11);
  CHECK(orion::detail::slot_pool<std::int64_t>().size() == 2);
  other_size.close();
  CHECK(orion::detail::slot_pool<std::int64_t>().size() == 3);
  orion::detail::state().slot_pools.clear();
}
