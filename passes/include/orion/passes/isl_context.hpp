// An owned isl context configured for orionc: errors become C++ exceptions (so they can be
// turned into diagnostics) and every analysis step runs under an operation quota.
#pragma once

#include <isl/cpp.h>

#include <sstream>
#include <string>

namespace orion::deps {

/// RAII owner of an isl_ctx.
class IslContext {
public:
  /// `max_operations` bounds each step started with `start_step()` (0 = unbounded).
  explicit IslContext(unsigned long max_operations = 2'000'000);
  ~IslContext();
  IslContext(const IslContext &) = delete;
  IslContext &operator=(const IslContext &) = delete;

  isl::ctx get() const { return isl::ctx(ctx_); }
  /// Resets the operation counter: the quota applies to each step separately.
  void start_step();

  /// Lifts the quota for the scope of the object (for cheap steps that must not fail).
  class Unlimited {
  public:
    explicit Unlimited(IslContext &isl);
    ~Unlimited();
    Unlimited(const Unlimited &) = delete;
    Unlimited &operator=(const Unlimited &) = delete;

  private:
    IslContext &isl_;
  };

private:
  isl_ctx *ctx_;
  unsigned long max_operations_;
};

/// isl's own printing of an object (sets, maps, values).
template <typename T> std::string to_text(const T &object) {
  std::ostringstream out;
  out << object;
  return out.str();
}

} // namespace orion::deps
