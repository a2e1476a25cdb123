#include "orion/passes/isl_context.hpp"

#include <isl/options.h>

namespace orion::deps {

IslContext::IslContext(unsigned long max_operations)
    : ctx_(isl_ctx_alloc()), max_operations_(max_operations) {
  // isl's default is to print and abort; the C++ bindings throw instead when told to continue.
  isl_options_set_on_error(ctx_, ISL_ON_ERROR_CONTINUE);
  isl_ctx_set_max_operations(ctx_, max_operations);
}

IslContext::~IslContext() { isl_ctx_free(ctx_); }

void IslContext::start_step() {
  isl_ctx_reset_operations(ctx_);
  isl_ctx_reset_error(ctx_);
}

IslContext::Unlimited::Unlimited(IslContext &isl) : isl_(isl) {
  isl_ctx_set_max_operations(isl_.ctx_, 0);
  isl_.start_step();
}

IslContext::Unlimited::~Unlimited() {
  isl_ctx_set_max_operations(isl_.ctx_, isl_.max_operations_);
  isl_.start_step();
}

} // namespace orion::deps
