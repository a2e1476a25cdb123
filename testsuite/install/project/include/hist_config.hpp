#pragma once

#include <cstdint>

#ifndef HIST_BINS
#error "HIST_BINS comes from the target's compile definitions"
#endif

inline constexpr std::int64_t kBins = HIST_BINS;
