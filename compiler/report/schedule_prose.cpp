#include "schedule_prose.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace orion::report {
namespace {

std::string matrix_text(const deps::Matrix &m) {
  std::string out = "[";
  for (size_t r = 0; r < m.size(); ++r) {
    out += r ? ", [" : "[";
    for (size_t c = 0; c < m[r].size(); ++c)
      out += fmt::format("{}{}", c ? ", " : "", m[r][c]);
    out += "]";
  }
  return out + "]";
}

/// Dimension d of the space a schedule partitions: the loop's own name, or c<d> when transformed.
std::string dim_name(const ir::Loop &loop, const deps::Schedule &s, int d) {
  if (s.unimodular() || d < 0 || d >= static_cast<int>(loop.space.dims.size()))
    return fmt::format("c{}", d);
  return loop.space.dims[static_cast<size_t>(d)].name;
}

/// The protocol's part of a description on plain dims.
std::string protocol_text(const ir::Loop &loop, const deps::Schedule &s) {
  const auto name = [&](size_t i) { return dim_name(loop, s, i < s.dims.size() ? s.dims[i] : -1); };
  switch (s.protocol) {
  case model::Protocol::OneD:
    return fmt::format("1D: partition {} across workers; no dependence crosses partitions",
                       name(0));
  case model::Protocol::Rotation:
    return fmt::format("2D unordered: space {}, time {} (rotated)", name(0), name(1));
  case model::Protocol::Wavefront:
    return fmt::format("2D ordered: space {}, time {}, wavefront (each worker waits only for its "
                       "predecessor)",
                       name(0), name(1));
  }
  return "?";
}

} // namespace

std::string schedule_description(const ir::Loop &loop, const deps::Schedule &s) {
  if (!s.unimodular())
    return protocol_text(loop, s);
  std::string original;
  for (size_t i = 0; i < loop.space.dims.size(); ++i)
    original += (i ? ", " : "") + loop.space.dims[i].name;
  const std::string inner =
      s.protocol == model::Protocol::OneD
          ? fmt::format("1D on c{}", s.dims.at(0))
          : fmt::format("2D {} on (c{}, c{})",
                        s.protocol == model::Protocol::Wavefront ? "wavefront" : "rotation",
                        s.dims.at(0), s.dims.at(1));
  return fmt::format("unimodular: T = {}, then {} on the transformed space (c = T·({}))",
                     matrix_text(*s.transform), inner, original);
}

std::string choice_reason(const ir::Loop &loop, const deps::DependenceInfo &deps,
                          const deps::ScheduleChoice &choice) {
  switch (choice.reason) {
  case deps::ChoiceReason::RequestedByPartition:
    return "requested by partition(...)";
  case deps::ChoiceReason::PartitionNotLegal: {
    std::string dims;
    for (int d : loop.clauses.partition.value_or(std::vector<int>{}))
      dims += (dims.empty() ? "" : ", ") + loop.space.dims.at(static_cast<size_t>(d)).name;
    return fmt::format("partition({}) is not legal for this loop", dims);
  }
  case deps::ChoiceReason::OneD:
    return "1D needs no communication during the loop; preferred over 2D";
  case deps::ChoiceReason::TwoD:
    return choice.candidates.size() > 1
               ? "no 1D schedule is legal; the first legal 2D pair is proposed (which candidate "
                 "moves fewer bytes depends on array sizes known only at run time: see each "
                 "candidate's cost)"
               : "no 1D schedule is legal; this is the only legal 2D pair";
  case deps::ChoiceReason::Skewed: {
    std::string out = "no 1D or 2D schedule is legal on the original space; the skewed space "
                      "carries every dependence forward";
    if (choice.candidates.size() > 1)
      out += "; on the real extents the runtime takes the cheapest candidate that keeps every "
             "worker busy (a time wavefront over fewer steps than workers does not)";
    return out;
  }
  case deps::ChoiceReason::Blocked:
    break;
  }
  // The first few blocking dependences: the report lists them all.
  constexpr size_t kListed = 3;
  std::string blocking;
  for (size_t i = 0; i < choice.blocking.size() && i < kListed; ++i) {
    const deps::Blocking &b = choice.blocking[i];
    const deps::Dependence &d = deps.dependences.at(static_cast<size_t>(b.dependence));
    std::string kinds;
    for (deps::DependenceKind k : b.kinds)
      kinds += (kinds.empty() ? "" : "/") + std::string(deps::to_string(k));
    blocking += fmt::format("{}{} {} on '{}' (refs #{}->#{})", i ? "; " : "", kinds,
                            deps::to_string(d.distance), loop.arrays[d.array].name,
                            d.refs.front().first, d.refs.front().second);
  }
  if (choice.blocking.size() > kListed)
    blocking += fmt::format("; and {} more", choice.blocking.size() - kListed);
  return fmt::format("no 1D, 2D or unimodular schedule keeps these dependences: {}", blocking);
}

std::string nest_end_note(const ir::IterationSpace::NestEnd &end) {
  const std::string index = end.index.empty() ? "" : fmt::format(" '{}'", end.index);
  return fmt::format("this loop is not part of the parallel nest ({}): it runs inside each "
                     "iteration, and its index{} is a variable the body modifies, so subscripts "
                     "with it are unknown; write it as 'for (int64_t j = lo; j < hi; ++j)' with "
                     "affine bounds, and move any other test into an 'if' in its body",
                     end.why, index);
}

std::string write_conflict_warning(const ir::Loop &loop, const deps::WriteConflicts &conflicts) {
  std::vector<std::string> names;
  for (const int id : conflicts.refs) {
    const ir::ArrayDecl &array = loop.arrays[static_cast<std::size_t>(loop.refs[id].array)];
    const std::string name = fmt::format("'{}'", array.name);
    if (std::find(names.begin(), names.end(), name) == names.end())
      names.push_back(name);
  }
  const ir::ArrayRef &first = loop.refs[static_cast<std::size_t>(conflicts.refs.front())];
  const std::string why = conflicts.refs.size() == 1 && first.partial
                              ? fmt::format("an iteration writes part of one (at '{}')", first.text)
                              : std::string("an iteration writes several of them");
  return fmt::format(
      "iterations of this unordered loop on different workers may write the same elements of {}, "
      "and {}: each element then keeps the value of one of its writers, and together they need "
      "not be what any serial order of the iterations leaves; run it once with --orion-check, "
      "which stops at the first element two workers write; if that happens, give each iteration "
      "elements of its own, or store the values an iteration writes together in one element (a "
      "struct) that it writes whole",
      fmt::join(names, " and "), why);
}

std::vector<std::string> suggestions(const ir::Loop &loop, const deps::ScheduleChoice &choice) {
  std::vector<std::string> out;
  for (const deps::Suggestion &s : choice.suggestions) {
    switch (s.kind) {
    case deps::Suggestion::Kind::RemovePartition:
      out.push_back("remove partition(...) to let orionc choose a legal schedule");
      break;
    case deps::Suggestion::Kind::DropOrdered:
      out.push_back("drop 'ordered' if any serial order of the iterations is acceptable "
                    "(write/write conflicts are then ignored)");
      break;
    case deps::Suggestion::Kind::RelaxArray: {
      const int array = s.arrays.at(0);
      const std::string &name = loop.arrays.at(static_cast<size_t>(array)).name;
      // relax(A) accepts only updates it can merge as deltas: with any other write, naming it
      // would only lead to the next error.
      const auto plain = std::find_if(loop.refs.begin(), loop.refs.end(), [&](const auto &r) {
        return r.array == array && r.access != ir::AccessKind::Read &&
               r.access != ir::AccessKind::Reduce && !r.commutative;
      });
      if (plain == loop.refs.end())
        out.push_back(fmt::format("relax({0}) if stale values of '{0}' are acceptable, or write "
                                  "it through an orion::Buffer",
                                  name));
      else
        out.push_back(fmt::format("write '{0}' through an orion::Buffer if updates applied late "
                                  "are acceptable; relax({0}) would need every write of '{0}' to "
                                  "be '+=', '-=', '++' or '--' on the element, and '{1}' is not",
                                  name, plain->text));
      break;
    }
    case deps::Suggestion::Kind::RelaxSeveral: {
      std::string all;
      for (int array : s.arrays)
        all += (all.empty() ? "" : ", ") + loop.arrays.at(static_cast<size_t>(array)).name;
      out.push_back(fmt::format("no single array's dependences block this loop alone; relax({}) "
                                "or Buffers for several of them would be needed",
                                all));
      break;
    }
    }
  }
  return out;
}

std::string role_reason(const ir::Loop &loop, const deps::Schedule &schedule,
                        const deps::ArrayPlacement &placement) {
  // The iteration dimension partitioned as space (0) or time (1) of the schedule.
  const auto indexed_by = [&](std::size_t which) {
    const int d = which < schedule.dims.size() ? schedule.dims[which] : -1;
    const std::string name = d >= 0 && d < static_cast<int>(loop.space.dims.size())
                                 ? loop.space.dims[static_cast<std::size_t>(d)].name
                                 : "?";
    return fmt::format("indexed by {} in dimension {}", name, placement.array_dim);
  };
  switch (placement.reason) {
  case deps::RoleReason::Accumulator:
    return "accumulator: per-worker values combined at the end";
  case deps::RoleReason::Buffer:
    return "buffer: writes applied in batches";
  case deps::RoleReason::RelaxedUpdate:
    return "updated commutatively: every worker's updates merged into every copy at each "
           "synchronization point";
  case deps::RoleReason::IterationSpace:
    return "the iteration space: partitioned with the iterations";
  case deps::RoleReason::AlignedWithSpace:
    return indexed_by(0);
  case deps::RoleReason::AlignedWithTime:
    return indexed_by(1);
  case deps::RoleReason::ReadOnlyUnknown:
    return "read-only, unknown subscripts";
  case deps::RoleReason::ReadOnlyKnown:
    return "read-only, known subscripts";
  case deps::RoleReason::WrittenInWavefront:
    return "written in a wavefront: passed along with the blocks";
  case deps::RoleReason::WrittenUnaligned:
    return "written, not aligned with a partitioned dimension";
  }
  return "?";
}

std::string slice_outcome(deps::SliceOutcome outcome) {
  switch (outcome) {
  case deps::SliceOutcome::Prefetched:
    return "prefetched";
  case deps::SliceOutcome::NotServed:
    return "not served";
  case deps::SliceOutcome::ServedRead:
    return "fetched on a miss: its subscript reads a served array";
  case deps::SliceOutcome::UnstableVar:
    return "fetched on a miss: its subscript reads a variable the slice cannot compute (written "
           "in the body, or computed from a served read or a call)";
  case deps::SliceOutcome::SideEffects:
    return "fetched on a miss: its subscript calls code that may have side effects";
  case deps::SliceOutcome::Conditional:
    return "fetched on a miss: it runs under a condition or loop the slice cannot evaluate";
  case deps::SliceOutcome::AfterJump:
    return "fetched on a miss: it follows a jump (continue, break, throw) the slice cannot "
           "follow";
  case deps::SliceOutcome::NoOutline:
    return "fetched on a miss: part of the body comes from a macro";
  }
  return "?";
}

} // namespace orion::report
