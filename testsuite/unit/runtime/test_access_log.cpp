// The access log behind recorded writes and --orion-check: one entry per element, holding the
// value from before the block's first access, however often the block touches it.
#include <orion/detail/access_log.hpp>

#include <catch2/catch.hpp>

#include <cstdint>
#include <cstring>

using orion::detail::AccessLog;

namespace {
double old_double(const AccessLog &log, const AccessLog::Entry &e) {
  double v = 0;
  std::memcpy(&v, log.old_value(e), sizeof v);
  return v;
}
} // namespace

TEST_CASE("the access log keeps an element's first access only, with its value from before",
          "[access_log]") {
  AccessLog log;
  double a[4] = {1.5, 2.5, 3.5, 4.5};
  log.record(0, 2, &a[2], sizeof(double));
  a[2] = 9.0; // written in the block
  log.record(0, 2, &a[2], sizeof(double));
  log.record(0, 1, &a[1], sizeof(double));
  log.record(0, 2, &a[2], sizeof(double));
  log.record(1, 2, &a[3], sizeof(double)); // same offset, another array
  REQUIRE(log.entries().size() == 3);
  CHECK(log.entries()[0].offset == 2);
  CHECK(old_double(log, log.entries()[0]) == 1.5 + 2.0); // a[2] before the write
  CHECK(log.entries()[1].offset == 1);
  CHECK(log.entries()[2].arg == 1);

  // After clear() the next block logs every element afresh, offsets beyond the first bitmap too.
  log.clear();
  CHECK(log.entries().empty());
  log.record(0, 2, &a[2], sizeof(double));
  log.record(0, 1000, &a[0], sizeof(double));
  log.record(0, 1000, &a[1], sizeof(double));
  REQUIRE(log.entries().size() == 2);
  CHECK(old_double(log, log.entries()[0]) == 9.0);
  CHECK(old_double(log, log.entries()[1]) == 1.5);
}

TEST_CASE("the access log records a range element by element", "[access_log]") {
  AccessLog log;
  const std::int32_t v[5] = {10, 11, 12, 13, 14};
  log.record_range(3, 100, 5, v, sizeof(std::int32_t));
  log.record_range(3, 102, 2, v + 2, sizeof(std::int32_t)); // already logged
  REQUIRE(log.entries().size() == 5);
  for (std::int64_t i = 0; i < 5; ++i) {
    std::int32_t old = 0;
    std::memcpy(&old, log.old_value(log.entries()[static_cast<std::size_t>(i)]), sizeof old);
    CHECK(log.entries()[static_cast<std::size_t>(i)].offset == 100 + i);
    CHECK(old == 10 + i);
  }
}
