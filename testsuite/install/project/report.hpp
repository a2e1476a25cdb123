#pragma once

#include <cstdint>
#include <vector>

void print_report(const std::vector<std::int64_t> &counts, double sum);
