#include "frontend.hpp"

#include "diagnostics.hpp"
#include "driver_gathers.hpp"
#include "held_elements.hpp"
#include "loop_binder.hpp"
#include "loop_builder.hpp"
#include "nested_parallel_loops.hpp"
#include "pragma_handler.hpp"
#include "rank_dependent_collectives.hpp"

#include <clang/AST/ASTConsumer.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Frontend/Utils.h>
#include <clang/Lex/Preprocessor.h>
#include <clang/Tooling/CompilationDatabase.h>
#include <clang/Tooling/Tooling.h>

#include <algorithm>

namespace orion::frontend {
namespace {

/// Loops in the order of their pragmas.
void sort_loops(ir::Program &program) {
  std::sort(program.loops.begin(), program.loops.end(), [](const ir::Loop &a, const ir::Loop &b) {
    return std::pair(a.pragma_location.line, a.pragma_location.column) <
           std::pair(b.pragma_location.line, b.pragma_location.column);
  });
}

/// DiagnosticSink on the front end's engine: LoopIR locations are lines and columns of the main
/// file.
class EngineSink final : public DiagnosticSink {
public:
  EngineSink(clang::DiagnosticsEngine &engine, const clang::SourceManager &sm)
      : engine_(engine), sm_(sm) {}
  void error(ir::SourceLocation at, const std::string &message) override {
    report(clang::DiagnosticsEngine::Error, at, message);
  }
  void warning(ir::SourceLocation at, const std::string &message) override {
    report(clang::DiagnosticsEngine::Warning, at, message);
  }
  void note(ir::SourceLocation at, const std::string &message) override {
    report(clang::DiagnosticsEngine::Note, at, message);
  }
  bool has_errors() const override { return engine_.hasErrorOccurred(); }

private:
  void report(clang::DiagnosticsEngine::Level level, ir::SourceLocation at,
              const std::string &message) {
    const clang::SourceLocation loc = sm_.translateLineCol(sm_.getMainFileID(), at.line, at.column);
    engine_.Report(loc, engine_.getCustomDiagID(level, "%0")) << message;
  }
  clang::DiagnosticsEngine &engine_;
  const clang::SourceManager &sm_;
};

/// After parsing: binds pragmas to loops and builds LoopIR for each.
class LoopConsumer : public clang::ASTConsumer {
public:
  LoopConsumer(const std::vector<PragmaRecord> &pragmas, const unsigned &pragma_errors,
               ir::Program &program, const AfterParse &after_parse)
      : pragmas_(pragmas), pragma_errors_(pragma_errors), program_(program),
        after_parse_(after_parse) {}

  void HandleTranslationUnit(clang::ASTContext &ast) override {
    Diagnostics diags(ast.getDiagnostics());
    // After C++ errors the AST may be incomplete; after a bad pragma the rest is still checked.
    if (diags.engine().getClient()->getNumErrors() > pragma_errors_)
      return;
    const clang::SourceManager &sm = ast.getSourceManager();
    std::vector<const clang::Stmt *> seen;
    std::vector<AnnotatedLoop> annotated;
    for (const BoundPragma &b : bind_pragmas(ast, pragmas_)) {
      const clang::SourceLocation at = b.pragma->location;
      if (!sm.isWrittenInMainFile(sm.getExpansionLoc(at))) {
        diags.report(at, Diag::PragmaNotInMainFile);
        continue;
      }
      if (!b.inside_function) {
        diags.report(at, Diag::PragmaOutsideFunction);
        continue;
      }
      if (b.in_template) {
        diags.report(at, Diag::PragmaInTemplate);
        continue;
      }
      if (!b.next) {
        diags.report(at, Diag::PragmaAtEndOfBlock);
        continue;
      }
      if (!llvm::isa<clang::ForStmt, clang::CXXForRangeStmt>(b.next)) {
        diags.report(at, Diag::NotFollowedByFor);
        diags.report(b.next->getBeginLoc(), Diag::FoundStatementNote);
        continue;
      }
      if (std::find(seen.begin(), seen.end(), b.next) != seen.end()) {
        diags.report(at, Diag::DuplicatePragma);
        continue;
      }
      seen.push_back(b.next);
      annotated.push_back({b.next, b.function});
      if (auto loop = build_loop(ast, b, diags))
        program_.loops.push_back(std::move(*loop));
    }
    warn_rank_dependent_collectives(ast, seen, diags);
    program_.driver_gathers = find_driver_gathers(ast, seen);
    program_.driver_pins = find_held_elements(ast, seen);
    report_nested_parallel_loops(ast, annotated, diags);
    // The later stages report while this engine is alive: before the diagnostic client ends the
    // file (which is when --verify compares).
    if (after_parse_ && !diags.engine().hasErrorOccurred()) {
      sort_loops(program_);
      EngineSink sink(diags.engine(), sm);
      after_parse_(program_, sink);
    }
  }

private:
  const std::vector<PragmaRecord> &pragmas_;
  const unsigned &pragma_errors_;
  ir::Program &program_;
  const AfterParse &after_parse_;
};

/// Registers the `orion` pragma handler for the file being parsed.
class LoopAction : public clang::ASTFrontendAction {
public:
  LoopAction(ir::Program &program, const AfterParse &after_parse)
      : program_(program), after_parse_(after_parse) {}

  bool BeginSourceFileAction(clang::CompilerInstance &ci) override {
    ci.getPreprocessor().AddPragmaHandler(new OrionPragmaHandler(pragmas_, pragma_errors_));
    inputs_.attachToPreprocessor(ci.getPreprocessor());
    return true;
  }
  void EndSourceFileAction() override {
    for (const std::string &file : inputs_.getDependencies())
      program_.inputs.push_back(file);
  }
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance &,
                                                        llvm::StringRef) override {
    return std::make_unique<LoopConsumer>(pragmas_, pragma_errors_, program_, after_parse_);
  }

private:
  std::vector<PragmaRecord> pragmas_;
  unsigned pragma_errors_ = 0;
  ir::Program &program_;
  const AfterParse &after_parse_;
  /// The main file and every non-system header it includes (Clang's own -MMD collector).
  clang::DependencyCollector inputs_;
};

class LoopActionFactory : public clang::tooling::FrontendActionFactory {
public:
  LoopActionFactory(ir::Program &program, const AfterParse &after_parse)
      : program_(program), after_parse_(after_parse) {}
  std::unique_ptr<clang::FrontendAction> create() override {
    return std::make_unique<LoopAction>(program_, after_parse_);
  }

private:
  ir::Program &program_;
  const AfterParse &after_parse_;
};

} // namespace

std::optional<ir::Program> run_frontend(const FrontendOptions &options) {
  ir::Program program;
  program.source = options.source;
  clang::tooling::FixedCompilationDatabase database(".", options.compiler_args);
  clang::tooling::ClangTool tool(database, {options.source});
  tool.setPrintErrorMessage(false); // the diagnostics already said what went wrong
  if (options.contents)
    tool.mapVirtualFile(options.source, *options.contents);
  LoopActionFactory factory(program, options.after_parse);
  if (tool.run(&factory) != 0)
    return std::nullopt;
  sort_loops(program);
  return program;
}

} // namespace orion::frontend
