// The words for what passes/ decided about a loop's schedule: each candidate's description, why
// the compiler proposes one (or none), what would make a `none` loop parallel, and why an array
// has its role. passes/ records the facts (deps::ChoiceReason, deps::Suggestion,
// deps::RoleReason); --dump=deps, its JSON and HTML, the remarks and the driver's errors all say
// them through here.
#pragma once

#include "orion/passes/loop_analysis.hpp"
#include "orion/passes/write_conflicts.hpp"

#include <string>
#include <vector>

namespace orion::report {

/// E.g. `2D unordered: space u, time i (rotated)`.
std::string schedule_description(const ir::Loop &loop, const deps::Schedule &schedule);

/// Why `choice.chosen`, or why there is none, e.g. `1D needs no communication ...`.
std::string choice_reason(const ir::Loop &loop, const deps::DependenceInfo &deps,
                          const deps::ScheduleChoice &choice);

/// One line per suggestion, e.g. `relax(A) if stale values of 'A' are acceptable, ...`.
std::vector<std::string> suggestions(const ir::Loop &loop, const deps::ScheduleChoice &choice);
/// The note at a loop that ends a counted nest (IterationSpace::nest_end), for a loop without a
/// schedule: why, and how to write it so that it extends the nest.
std::string nest_end_note(const ir::IterationSpace::NestEnd &end);

/// The warning at an unordered loop whose workers may write the same elements in a way no serial
/// order explains (conflicts.beyond_serial): which arrays, why, and what to do.
std::string write_conflict_warning(const ir::Loop &loop, const deps::WriteConflicts &conflicts);

/// E.g. `indexed by u in dimension 0` or `read-only, unknown subscripts`.
std::string role_reason(const ir::Loop &loop, const deps::Schedule &schedule,
                        const deps::ArrayPlacement &placement);

/// What became of an access of a served array in the prefetch slice, e.g. `prefetched`, `fetched
/// on a miss: its subscript reads a served array`.
std::string slice_outcome(deps::SliceOutcome outcome);

} // namespace orion::report
