#include "frontend.hpp"

#include "diagnostics.hpp"
#include "distributed_reads.hpp"
#include "driver_gathers.hpp"
#include "held_elements.hpp"
#include "loop_binder.hpp"
#include "loop_builder.hpp"
#include "nested_parallel_loops.hpp"
#include "pragma_handler.hpp"
#include "prefix_pch.hpp"
#include "rank_dependent_collectives.hpp"
#include "stale_sparse_views.hpp"

#include <clang/AST/ASTConsumer.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Frontend/Utils.h>
#include <clang/Lex/Preprocessor.h>
#include <clang/Tooling/CompilationDatabase.h>
#include <clang/Tooling/Tooling.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Path.h>

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
      if (b.pragma->malformed) { // reported: its loop is not driver code either
        if (b.next && llvm::isa<clang::ForStmt, clang::CXXForRangeStmt>(b.next))
          seen.push_back(b.next);
        continue;
      }
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
    warn_distributed_reads(ast, seen, diags);
    program_.driver_gathers = find_driver_gathers(ast, seen);
    program_.driver_pins = find_held_elements(ast, seen);
    report_stale_sparse_views(ast, seen, diags);
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

/// The main file and every non-system header it includes (Clang's own -MMD collector), also those
/// a precompiled <orion/orion.hpp> stands for, but not the PCH file itself.
class InputFiles : public clang::DependencyCollector {
public:
  /// `pch_dir`: the PCH cache, whose files (the PCH and the one-line header it was built from)
  /// are not the program's inputs.
  explicit InputFiles(std::string pch_dir) : pch_dir_(std::move(pch_dir)) {}
  bool sawDependency(llvm::StringRef file, bool from_module, bool is_system, bool is_module_file,
                     bool is_missing) override {
    return !is_module_file && (pch_dir_.empty() || !file.starts_with(pch_dir_)) &&
           clang::DependencyCollector::sawDependency(file, from_module, is_system, is_module_file,
                                                     is_missing);
  }

private:
  std::string pch_dir_;
};

/// Registers the `orion` pragma handler for the file being parsed.
class LoopAction : public clang::ASTFrontendAction {
public:
  LoopAction(ir::Program &program, const AfterParse &after_parse, const std::string &pch_dir)
      : program_(program), after_parse_(after_parse),
        inputs_(std::make_shared<InputFiles>(pch_dir)) {}

  bool BeginSourceFileAction(clang::CompilerInstance &ci) override {
    ci.getPreprocessor().AddPragmaHandler(new OrionPragmaHandler(pragmas_, pragma_errors_));
    inputs_->attachToPreprocessor(ci.getPreprocessor());
    ci.addDependencyCollector(inputs_); // the headers inside a PCH, when one is loaded
    return true;
  }
  void EndSourceFileAction() override {
    for (const std::string &file : inputs_->getDependencies())
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
  std::shared_ptr<InputFiles> inputs_;
};

class LoopActionFactory : public clang::tooling::FrontendActionFactory {
public:
  LoopActionFactory(ir::Program &program, const AfterParse &after_parse, std::string pch_dir)
      : program_(program), after_parse_(after_parse), pch_dir_(std::move(pch_dir)) {}
  std::unique_ptr<clang::FrontendAction> create() override {
    return std::make_unique<LoopAction>(program_, after_parse_, pch_dir_);
  }

private:
  ir::Program &program_;
  const AfterParse &after_parse_;
  std::string pch_dir_;
};

/// A cached PCH of <orion/orion.hpp> that can stand in for the program's first line, if any
/// (prefix_pch.hpp). -verify changes nothing in the header's parse, so it is not part of the key.
std::optional<std::string> precompiled_prefix(const FrontendOptions &options) {
  if (!options.use_pch)
    return std::nullopt;
  const std::optional<std::string> dir = prefix_pch_cache_dir();
  if (!dir)
    return std::nullopt;
  std::string file_text;
  if (!options.contents) {
    auto buffer = llvm::MemoryBuffer::getFile(options.source);
    if (!buffer)
      return std::nullopt; // the parse reports it
    file_text = (*buffer)->getBuffer().str();
  }
  if (!starts_with_orion_include(options.contents ? *options.contents : file_text))
    return std::nullopt;
  std::vector<std::string> args;
  for (std::size_t i = 0; i < options.compiler_args.size(); ++i) {
    if (options.compiler_args[i] == "-Xclang" && i + 1 < options.compiler_args.size() &&
        options.compiler_args[i + 1] == "-verify") {
      ++i;
      continue;
    }
    args.push_back(options.compiler_args[i]);
  }
  return prefix_pch(args, *dir);
}

} // namespace

std::optional<ir::Program> run_frontend(const FrontendOptions &options) {
  ir::Program program;
  program.source = options.source;
  std::vector<std::string> args = options.compiler_args;
  std::string pch_dir;
  if (std::optional<std::string> pch = precompiled_prefix(options)) {
    args.insert(args.end(), {"-include-pch", *pch});
    pch_dir = llvm::sys::path::parent_path(*pch).str();
  }
  // C++ whatever the file is called (`prog.txt`, no extension), as the host compile takes it.
  args.push_back("-xc++");
  clang::tooling::FixedCompilationDatabase database(".", args);
  clang::tooling::ClangTool tool(database, {options.source});
  tool.setPrintErrorMessage(false); // the diagnostics already said what went wrong
  if (options.contents)
    tool.mapVirtualFile(options.source, *options.contents);
  LoopActionFactory factory(program, options.after_parse, pch_dir);
  if (tool.run(&factory) != 0)
    return std::nullopt;
  sort_loops(program);
  return program;
}

} // namespace orion::frontend
