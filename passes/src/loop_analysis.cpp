#include "orion/passes/loop_analysis.hpp"

namespace orion::deps {

std::vector<LoopAnalysis> analyze_program(const ir::Program &program, IslContext &isl) {
  std::vector<LoopAnalysis> out;
  for (const ir::Loop &loop : program.loops) {
    LoopAnalysis a;
    try {
      a.dependences = analyze_dependences(loop, isl);
      a.schedules = select_schedules(loop, a.dependences, isl);
      for (const Schedule &s : a.schedules.candidates)
        a.candidates.push_back(make_candidate(loop, s));
      if (a.schedules.chosen)
        a.chosen = make_candidate(loop, *a.schedules.chosen);
      a.prefetch = plan_prefetch_slice(loop, sliced_arrays(loop, a.candidates));
    } catch (const isl::exception &e) {
      a = LoopAnalysis{};
      a.error = e.what();
    }
    out.push_back(std::move(a));
  }
  return out;
}

} // namespace orion::deps
