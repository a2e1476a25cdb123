// Every diagnostic orionc's front end can emit, in one place, so each has a golden test
// (testsuite/lit/diagnostics) and consistent wording.
#pragma once

#include <clang/Basic/Diagnostic.h>

namespace orion::frontend {

/// The front end's diagnostics; the text lives in diagnostics.cpp.
enum class Diag {
  MissingDirective,
  UnknownDirective,
  BadClause,
  ValidClausesNote,
  PragmaInTemplate,
  NotFollowedByFor,
  FoundStatementNote,
  PragmaAtEndOfBlock,
  PragmaOutsideFunction,
  PragmaNotInMainFile,
  DuplicatePragma,
  UnsupportedRangeFor,
  UnsupportedCountedFor,
  PartitionDimOutOfRange,
  RelaxUnknownArray,
  RelaxIteratedArray,
  RelaxIteratedSparseArray,
  IterationKeyWrite,
  WriteToOuterVariable,
  OuterVariableDeclaredNote,
  OuterVariableFixNote,
  ReturnInBody,
  BreakInBody,
  GotoOutOfBody,
  ThrowInBody,
  RelaxedPlainWrite,
  RelaxedRoundedUpdate,
  RelaxedUpdateInHelper,
  RelaxedRowUpdate,
  RelaxedPassedWhole,
  ArrayNameHidden,
  ArrayNameClash,
  ElementHoldsAddress,
  ArrayNotCaptured,
  StaleSparseView,
  RelaxBuffer,
  RelaxAccumulator,
  ReservedName,
  StaleSparseViewLoopNote,
  RelaxedBufferNote,
  RelaxedAutoCopy,
  RelaxedDeducedCopy,
  RelaxedDeducedConflict,
  RelaxedDeducedPattern,
  RelaxedElementMember,
  RankDependentCollective,
  RankDependentArrayWrite,
  RankDependentRng,
  RankDependentLoopBounds,
  RankConditionNote,
  DriverReadsDistributedArray,
  DistributedLoadNote,
  OpaqueArray,
  OpaqueArrayInCall,
  OpaqueArrayHereNote,
  NestedParallelLoopCall,
  InnerParallelLoopNote,
  WriteToStaticVariable,
  InsertingSubscript,
  MemberWriteNote,
  CalleeWritesStatic,
  CalleeNotVisible,
  WrappedLambdaCaptures,
  WrappedCalleeUnknown,
  CalleeWrappedLambdaCaptures,
  CalleeWrappedUnknown,
  WrappedCallHereNote,
  DeducedArrayParameter,
  DefaultArrayArgument,
  RelaxedSubscript,
  OuterReferenceIntoArray,
  AccumulatorMethodInBody,
  OuterLambdaNotRedeclarable,
  OuterLambdaHereNote,
};

/// Thin wrapper that registers the custom diagnostic ids with a Clang DiagnosticsEngine.
class Diagnostics {
public:
  explicit Diagnostics(clang::DiagnosticsEngine &engine) : engine_(engine) {}
  clang::DiagnosticBuilder report(clang::SourceLocation loc, Diag diag);
  clang::DiagnosticsEngine &engine() { return engine_; }

private:
  clang::DiagnosticsEngine &engine_;
};

} // namespace orion::frontend
