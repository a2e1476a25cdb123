#include "diagnostics.hpp"

namespace orion::frontend {
namespace {

struct DiagInfo {
  clang::DiagnosticsEngine::Level level;
  const char *format;
};

DiagInfo info(Diag diag) {
  using L = clang::DiagnosticsEngine::Level;
  switch (diag) {
  case Diag::MissingDirective:
    return {L::Error, "expected an orion directive after '#pragma orion'; the only directive is "
                      "'parallel_for'"};
  case Diag::UnknownDirective:
    return {L::Error, "unknown orion directive '%0'; the only directive is 'parallel_for'"};
  case Diag::BadClause:
    return {L::Error, "%0"};
  case Diag::ValidClausesNote:
    return {L::Note, "valid clauses are: %0"};
  case Diag::PragmaInTemplate:
    return {L::Error, "#pragma orion parallel_for inside a template or a generic lambda is not "
                      "supported yet; move the loop into a function whose parameters have "
                      "concrete types"};
  case Diag::NotFollowedByFor:
    return {L::Error, "#pragma orion parallel_for must be followed by a for loop"};
  case Diag::FoundStatementNote:
    return {L::Note, "the next statement is not a for loop"};
  case Diag::PragmaAtEndOfBlock:
    return {L::Error, "#pragma orion parallel_for must be followed by a for loop, but the block "
                      "ends here"};
  case Diag::PragmaOutsideFunction:
    return {L::Error, "#pragma orion parallel_for must be inside a function body, directly "
                      "before a for loop"};
  case Diag::PragmaNotInMainFile:
    return {L::Error, "#pragma orion parallel_for is only supported in the main source file"};
  case Diag::DuplicatePragma:
    return {L::Error, "more than one #pragma orion parallel_for on the same loop"};
  case Diag::UnsupportedRangeFor:
    return {L::Error, "unsupported loop form for #pragma orion parallel_for: %0; expected "
                      "array iteration 'for (auto&& [key, value] : A)' over an "
                      "orion::SparseArray or orion::DenseArray"};
  case Diag::UnsupportedCountedFor:
    return {L::Error, "unsupported loop form for #pragma orion parallel_for: %0; expected a "
                      "counted loop 'for (int64_t i = lo; i < hi; ++i)' with bounds affine in "
                      "outer loop indices and loop-invariant values"};
  case Diag::PartitionDimOutOfRange:
    return {L::Error, "partition(%0) names dimension %1, but the iteration space has %2 "
                      "dimension%s2"};
  case Diag::RelaxBuffer:
    return {L::Error, "relax(%0): '%0' is an orion::Buffer, whose updates the runtime already "
                      "merges; name its target array in relax only when the body updates the "
                      "target itself with '+=', '-=', '++' or '--'"};
  case Diag::ReservedName:
    return {L::Error, "'%0': names starting with 'orion_' are reserved for the code orionc "
                      "generates around a parallel loop's body; rename it"};
  case Diag::RelaxAccumulator:
    return {L::Error, "relax(%0): '%0' is an orion::Accumulator, whose '+=' every worker already "
                      "makes to a slot of its own; relax names dense arrays: remove '%0' from it"};
  case Diag::RelaxUnknownArray:
    return {L::Error, "relax(%0): '%0' is not an orion array referenced in this loop"};
  case Diag::IterationKeyWrite:
    return {L::Error, "'%0' is the key of the array iteration and cannot be written in a parallel "
                      "loop: orionc reads '%0[d]' as the iteration's coordinates; copy it first "
                      "('auto k2 = %0;') and change the copy"};
  case Diag::RelaxIteratedSparseArray:
    return {L::Error,
            "relax(%0): '%0' is the SparseArray this loop iterates over; relax applies to "
            "dense arrays the loop does not iterate over, and the loop writes '%0' only "
            "through its value binding"};
  case Diag::RelaxIteratedArray:
    return {L::Error, "relax(%0): '%0' is the array this loop iterates over, whose elements are "
                      "partitioned with the iterations; relax an array the loop does not iterate "
                      "over (iterate over an index range instead), or update '%0' through an "
                      "orion::Buffer"};
  case Diag::WriteToOuterVariable:
    return {L::Error, "'%0' is declared outside the parallel loop and cannot be written inside "
                      "it: the loop's iterations run on many workers, which would each write "
                      "their own copy or race on a shared one"};
  case Diag::OuterVariableDeclaredNote:
    return {L::Note, "'%0' declared here"};
  case Diag::OuterVariableFixNote:
    return {L::Note, "to combine values across iterations use an orion::Accumulator (e.g. "
                     "'orion::Accumulator<double> %0;' and '%0 += x;', then '%0.aggregate()' "
                     "after the loop); for a scratch value, declare it inside the loop body"};
  case Diag::ReturnInBody:
    return {L::Error, "'return' inside a parallel loop body: in the serial program it ends the "
                      "function at one iteration, but the parallel loop runs its iterations on "
                      "many workers in no fixed order; set a flag (an orion::Accumulator) and "
                      "return after the loop"};
  case Diag::BreakInBody:
    return {L::Error, "'break' out of a parallel loop: its iterations run on many workers in no "
                      "fixed order, so there is no iteration to stop at; use 'continue' to skip "
                      "the rest of an iteration"};
  case Diag::GotoOutOfBody:
    return {L::Error, "'goto' out of a parallel loop body: its iterations run on many workers in "
                      "no fixed order; use 'continue' to skip the rest of an iteration"};
  case Diag::ThrowInBody:
    return {L::Error, "'throw' out of a parallel loop body: other iterations may already have run "
                      "or still be running on other workers, so the loop cannot stop where the "
                      "serial program stops; check the input before the loop (an exception "
                      "thrown by a function the body calls still ends every rank with its "
                      "message)"};
  case Diag::RelaxedUpdateInHelper:
    return {L::Error, "'%0' is named in relax(%0), and this update is inside %1 that the loop body "
                      "calls: there '%0' is the array itself, not the view that merges every "
                      "worker's updates, so the update would overwrite other workers'; write the "
                      "'+=' (or '-=', '++', '--') in the loop body itself"};
  case Diag::RelaxedRoundedUpdate:
    return {L::Error, "'%0' is named in relax(%0) and holds integers, and this update adds a '%1': "
                      "C++ rounds the sum, so how much '%2' changes depends on the value it had, "
                      "and under relax each worker reads a value without the other workers' "
                      "latest updates; the result would differ from the serial program's. Add an "
                      "integer ('%2 %3 static_cast<%4>(%5)' rounds the amount instead), or make "
                      "the array floating-point"};
  case Diag::RelaxedPlainWrite:
    return {L::Error, "'%0' is named in relax(%0), so the loop body may only update its elements "
                      "with '+=', '-=', '++' or '--' written on the element itself (the runtime "
                      "merges those updates from every worker); this write would overwrite other "
                      "workers' updates"};
  case Diag::RelaxedRowUpdate:
    return {L::Error, "'%0' is named in relax(%0): an update through a row of it ('%1') is not "
                      "merged, since a row of a relaxed array is read-only in the loop body; write "
                      "the '+=', '-=', '++' or '--' on the element itself ('%0(..., k) += ...')"};
  case Diag::RelaxedPassedWhole:
    return {L::Error, "'%0' is named in relax(%0) and passed whole to %1, which may write it "
                      "through a non-const reference: such a write is not merged (only '+=', "
                      "'-=', '++' or '--' on an element of '%0' in the loop body are); pass it as "
                      "'const', or write the update on the element in the body"};
  case Diag::ArrayNameHidden:
    return {L::Error, "the parallel loop reaches the array '%0' declared at %1, but at the loop "
                      "'%0' names another variable, declared at %2: orionc passes each "
                      "array to the loop under its own name, so rename one of them"};
  case Diag::ArrayNameClash:
    return {L::Error, "the parallel loop reaches two different arrays named '%0', declared at "
                      "%1 and %2: orionc passes each array to the loop under its own name, "
                      "so rename one of them"};
  case Diag::ArrayNotCaptured:
    return {L::Error, "the parallel loop reaches the array '%0' through another name, but the "
                      "lambda at %1 does not capture '%0' itself: orionc passes each array to the "
                      "loop under its own name, so capture it ('[&%0]' or '[&]')"};
  case Diag::StaleSparseView:
    return {L::Error, "'%0' is a view of '%1' taken before a parallel loop over '%1' and used "
                      "after it: the loop lays out '%1''s elements again (and moves them between "
                      "ranks), so '%0' would name other elements; take the view after the loop"};
  case Diag::StaleSparseViewLoopNote:
    return {L::Note, "the parallel loop over '%0' is here"};
  case Diag::RelaxedAutoCopy:
    return {L::Error, "'%0' is declared 'auto' from an element of '%1', which is named in "
                      "relax(%1): inside the parallel loop that element is a proxy whose value "
                      "follows this worker's later updates; declare '%0' with the element type "
                      "('%2 %0 = ...') to copy the value"};
  case Diag::RelaxedDeducedCopy:
    return {L::Error, "parameter '%0' of '%1' deduces its type from an element of '%2', which is "
                      "named in relax(%2): inside the parallel loop that element is a proxy, which "
                      "the parameter would hold instead of a copy, following this worker's later "
                      "updates; pass a copy of the value ('%3(%2(...))')"};
  case Diag::RelaxedDeducedPattern:
    return {L::Error, "parameter '%0' of '%1' deduces its template arguments from an element of "
                      "'%2', which is named in relax(%2): inside the parallel loop that element is "
                      "a proxy, not a '%4', so the call does not compile; copy the element first "
                      "('const %3 v = %2(...);') and pass the copy"};
  case Diag::RelaxedElementMember:
    return {L::Error, "a member ('%1') of an element of '%0', which is named in relax(%0), is read "
                      "here: inside the parallel loop that element is a proxy, which has no "
                      "members of its own; copy the element first ('const %2 e = %0(...);') and "
                      "read 'e.%1'"};
  case Diag::RelaxedSubscript:
    return {L::Error, "this subscript of '%0' is an element of '%1', which is named in relax(%1): "
                      "inside the parallel loop that element is a proxy, not an integer (the "
                      "generated code would not compile); copy it first ('const %2 k = "
                      "%1(...);') and subscript with the copy"};
  case Diag::RelaxedDeducedConflict:
    return {L::Error, "'%1' deduces '%0' from this element of '%2' and from another argument: "
                      "'%2' is named in relax(%2), so inside the parallel loop the element is a "
                      "proxy, not a '%3', and the two deductions disagree (the generated code "
                      "would not compile); pass a copy of the value ('%3(%2(...))')"};
  case Diag::RelaxedBufferNote:
    return {L::Note, "for any other update, write it through an orion::Buffer with an apply "
                     "function: 'orion::Buffer<T, N> wb(%0, apply, orion::max_delay(n));' and "
                     "'wb(i...) += update;'"};
  case Diag::RankDependentCollective:
    return {L::Warning, "%0 is collective, but only some ranks reach it here: every rank must make "
                        "the same collective calls in the same order, so this run stops with a "
                        "collective call mismatch; make the call on every rank and branch on the "
                        "rank only for what follows (e.g. printing the result)"};
  case Diag::RankDependentArrayWrite:
    return {L::Warning, "'%0' is changed only on some ranks here: every rank holds its own copy of "
                        "every orion array, Buffer and accumulator, and parallel loops and "
                        "aggregate() read them, so the ranks would compute with different data; "
                        "change it on every rank and branch on the rank only for output"};
  case Diag::RankDependentRng:
    return {L::Warning, "orion::rng() is drawn from only on some ranks here: every rank draws the "
                        "same stream in step, so the ranks' later draws would differ; draw on "
                        "every rank and branch on the rank only for output"};
  case Diag::RankDependentLoopBounds:
    return {L::Warning, "the bounds of this parallel loop depend on the rank: every rank runs its "
                        "share of one iteration space, so with bounds that differ between ranks "
                        "the run stops with 'different iteration spaces'; compute them from values "
                        "every rank has"};
  case Diag::RankConditionNote:
    return {L::Note, "this condition depends on the rank"};
  case Diag::DriverReadsDistributedArray:
    return {L::Warning, "driver code reads the elements of '%0' here (it %1): on several ranks "
                        "'%0' is distributed, each rank holding its share, and this gathers all of "
                        "it on every rank, where it stays; read it in a '#pragma orion "
                        "parallel_for' loop instead (sums with an orion::Accumulator) to keep it "
                        "distributed"};
  case Diag::DistributedLoadNote:
    return {L::Note, "'%0' is loaded by orion::%1 here, which on several ranks leaves each rank "
                     "its share of the elements"};
  case Diag::OpaqueArray:
    return {L::Error, "'%0' reaches an orion array through %1, which orionc cannot follow: the "
                      "loop's dependences and what the ranks exchange would leave out its "
                      "accesses; bind the array to a reference before the loop ('auto &%2 = "
                      "%0;') and use '%2' in the body"};
  case Diag::OpaqueArrayInCall:
    return {L::Error, "'%0', called in the parallel loop, reaches an orion array through %1, "
                      "which orionc cannot follow: the loop's dependences and what the ranks "
                      "exchange would leave out its accesses; pass the array to '%0' as a "
                      "reference parameter, or call a function orionc can read as inlined (a "
                      "free function or a lambda with a body in this file)"};
  case Diag::NestedParallelLoopCall:
    return {L::Error, "this call in a parallel loop reaches '%0', which runs a parallel loop of "
                      "its own: parallel loops cannot nest (the outer loop's workers are all the "
                      "workers), so every run would stop when the inner loop starts; remove the "
                      "inner pragma, or call '%0' outside the parallel loop"};
  case Diag::WriteToStaticVariable:
    return {L::Error, "'%0' has static storage and cannot be written inside a parallel loop: "
                      "every worker of a rank shares it (a race) and every rank has its own "
                      "(each counts its share only); to combine values across iterations use an "
                      "orion::Accumulator declared before the loop"};
  case Diag::InsertingSubscript:
    return {L::Error, "'%0' inserts the key into '%1' when it is missing: '%1' is a '%2' declared "
                      "outside the parallel loop, whose operator[] inserts; each worker would "
                      "insert into its rank's own copy, racing with the rank's other workers, and "
                      "the ranks' copies would end up with different keys; insert every key "
                      "before the loop, and look keys up with '%1.at(...)' or '%1.find(...)'"};
  case Diag::ElementHoldsAddress:
    return {L::Error, "the parallel loop writes '%0', whose elements ('%1') hold %2: the ranks "
                      "exchange elements as bytes, so on another rank the address would point "
                      "into the sender's memory; store what the address refers to, or an index "
                      "into a table every rank has (an int into a std::vector<std::string>)"};
  case Diag::CalleeWritesStatic:
    return {L::Error, "'%0', called in the parallel loop, writes '%1', which has static storage: "
                      "every worker of a rank shares it (a race) and every rank has its own, so "
                      "the result would depend on the workers; compute the value from the "
                      "iteration instead, or combine values in an orion::Accumulator"};
  case Diag::CalleeNotVisible:
    return {L::Warning, "'%0', called in the parallel loop, is defined in another source file, "
                        "which orionc does not read: it assumes '%0' writes no global or static "
                        "variable and reaches orion arrays only through its arguments (a write "
                        "to shared state there would race between workers and count only each "
                        "rank's share); define it in this file or a header it includes, so that "
                        "orionc checks it"};
  case Diag::WrappedLambdaCaptures:
    return {L::Error, "'%0', called in the parallel loop, is a %1 that holds a lambda capturing "
                      "%2 by reference, and orionc does not follow calls through a %1: the "
                      "lambda's accesses would be left out of the loop's dependences and of what "
                      "the ranks exchange; declare the lambda itself ('auto %0 = [&](...) "
                      "{...};'), which orionc reads as inlined, or pass what it needs as "
                      "arguments"};
  case Diag::WrappedCalleeUnknown:
    return {L::Warning, "'%0', called in the parallel loop, is a %1, and orionc cannot tell which "
                        "function it calls: it assumes that function writes no global, static or "
                        "captured variable and reaches orion arrays only through its arguments "
                        "(such a write would race between workers and count only each rank's "
                        "share); call a function or a lambda declared with 'auto', which orionc "
                        "reads"};
  case Diag::CalleeWrappedLambdaCaptures:
    return {L::Error, "'%0', called in the parallel loop, calls '%1', a %2 that holds a lambda "
                      "capturing %3 by reference, and orionc does not follow calls through a %2: "
                      "the lambda's accesses would be left out of the loop's dependences and of "
                      "what the ranks exchange; hold the lambda by its own type (a template "
                      "parameter: 'template <class F> struct ... { F %1; }'), which orionc reads, "
                      "or pass what it needs as arguments"};
  case Diag::CalleeWrappedUnknown:
    return {L::Warning, "'%0', called in the parallel loop, calls '%1', a %2, and orionc cannot "
                        "tell which function that runs: it assumes the function writes no global, "
                        "static or captured variable and reaches orion arrays only through its "
                        "arguments (such a write would race between workers and count only each "
                        "rank's share); hold a lambda by its own type (a template parameter), "
                        "which orionc reads"};
  case Diag::DeducedArrayParameter:
    return {L::Error, "'%0', called in the parallel loop, is a function template whose parameter "
                      "'%1' deduces its template arguments from '%2': in a parallel loop the body "
                      "passes the runtime's view of the array, from which they cannot be deduced; "
                      "make the array's type a template parameter of its own ('template <class "
                      "Array> ... (Array &%1, ...)')"};
  case Diag::DefaultArrayArgument:
    return {L::Error, "the call of '%0' in the parallel loop leaves out the argument '%1', whose "
                      "default is the orion array '%2': orionc hands the loop's arrays to the body "
                      "by name, and a default argument would bypass it; pass '%2' at the call"};
  case Diag::OuterReferenceIntoArray:
    return {L::Error, "'%0' refers into the orion array '%1' (it is declared before the loop as "
                      "'%2'), so the loop cannot see which elements it reads or writes; name the "
                      "element in the body ('%1(...)'), or copy the value into a variable that is "
                      "not a reference or pointer before the loop"};
  case Diag::AccumulatorMethodInBody:
    return {L::Error, "'%0' inside a parallel loop: during the loop an orion::Accumulator holds "
                      "per-worker partial values, so %1() would see only this worker's share "
                      "(and aggregate() is collective); only '+=' (or the accumulator's own "
                      "operator) may be used in the body; read the result after the loop"};
  case Diag::OuterLambdaNotRedeclarable:
    return {L::Error, "'%0', called in the parallel loop, is a lambda defined before it that "
                      "reaches the orion object '%1', and %2: orionc declares such a lambda again "
                      "inside the loop, so that '%1' there is the partition the worker runs (the "
                      "lambda as defined reaches this rank's own copy, where the other ranks never "
                      "see its writes); define the lambda inside the loop body, or capture by "
                      "reference in a lambda of its own declaration"};
  case Diag::OuterLambdaHereNote:
    return {L::Note, "'%0' is defined here"};
  case Diag::InnerParallelLoopNote:
    return {L::Note, "the inner parallel loop"};
  case Diag::WrappedCallHereNote:
    return {L::Note, "'%0' is called here"};
  case Diag::MemberWriteNote:
    return {L::Note, "'%0' writes here through its %1 '%2'"};
  case Diag::OpaqueArrayHereNote:
    return {L::Note, "the array is reached here, as '%0'"};
  }
  return {L::Error, "internal error: unknown diagnostic"};
}

} // namespace

clang::DiagnosticBuilder Diagnostics::report(clang::SourceLocation loc, Diag diag) {
  DiagInfo d = info(diag);
  unsigned id = engine_.getDiagnosticIDs()->getCustomDiagID(
      static_cast<clang::DiagnosticIDs::Level>(d.level), d.format);
  return engine_.Report(loc, id);
}

} // namespace orion::frontend
