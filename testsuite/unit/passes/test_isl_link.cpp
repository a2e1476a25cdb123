#include <catch2/catch.hpp>

#include <isl/ctx.h>
#include <isl/ilp.h>
#include <isl/set.h>
#include <isl/val.h>
#include <isl/version.h>
#include <llvm/Support/raw_ostream.h>

#include <string>

TEST_CASE("the system GMP isl is linked, not the copy inside libLLVM") {
  // Touch LLVM so libLLVM is really loaded next to isl, as in orionc.
  std::string text;
  llvm::raw_string_ostream(text) << "llvm";
  REQUIRE(text == "llvm");
  const std::string version = isl_version();
  INFO("isl_version() = " << version);
  CHECK(version.find("GMP") != std::string::npos);
  CHECK(version.find("IMath") == std::string::npos);
}

TEST_CASE("isl computes with the linked library") {
  isl_ctx *ctx = isl_ctx_alloc();
  isl_set *set = isl_set_read_from_str(ctx, "{ [i] : 0 <= i < 10 }");
  isl_val *max = isl_set_dim_max_val(isl_set_copy(set), 0);
  CHECK(isl_val_get_num_si(max) == 9);
  isl_val_free(max);
  isl_set_free(set);
  isl_ctx_free(ctx);
}
