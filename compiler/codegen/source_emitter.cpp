#include "source_emitter.hpp"

#include "cpp_literal.hpp"
#include "loop_call.hpp"
#include "source_text.hpp"
#include "view_overloads.hpp"

#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/DiagnosticOptions.h>
#include <clang/Basic/FileManager.h>
#include <clang/Basic/LangOptions.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Rewrite/Core/Rewriter.h>
#include <fmt/format.h>
#include <llvm/Support/MemoryBuffer.h>

namespace orion::codegen {
namespace {

/// The pragma as a comment that keeps the line count: `#pragma` lines become `//` comments
/// (continuation lines joined, then as many line breaks), `_Pragma(...)` or a macro use that
/// expands to it becomes a `/* */` comment, since code may follow on its line.
std::string pragma_comment(const ir::Loop &loop, const SourceText &source, size_t n) {
  const std::string_view text = source.slice(loop.text.pragma);
  if (!loop.text.pragma_is_directive) {
    std::string body(text);
    for (size_t at = body.find("*/"); at != std::string::npos; at = body.find("*/", at))
      body.insert(at + 1, " ");
    return fmt::format("/* orionc: {} (loop {}) */", body, n);
  }
  std::string joined, breaks;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n') {
      breaks += '\n';
      joined += ' ';
    } else if (text[i] == '\\' && i + 1 < text.size() &&
               (text[i + 1] == '\n' || text[i + 1] == '\r')) {
      continue;
    } else if (text[i] != '\r') {
      joined += text[i];
    }
  }
  return fmt::format("// orionc: {} (loop {}){}", joined, n, breaks);
}

/// Splices the original text through clang::Rewriter over an in-memory copy of the file.
class Splicer {
public:
  Splicer(const std::string &text, const std::string &path)
      : files_(clang::FileSystemOptions()),
        diags_(new clang::DiagnosticIDs(), new clang::DiagnosticOptions(),
               new clang::IgnoringDiagConsumer()),
        sources_(diags_, files_), rewriter_(sources_, clang::LangOptions()) {
    file_ = sources_.createFileID(llvm::MemoryBuffer::getMemBufferCopy(text, path));
    sources_.setMainFileID(file_);
  }

  void replace(ir::ByteRange range, const std::string &with) {
    rewriter_.ReplaceText(sources_.getLocForStartOfFile(file_).getLocWithOffset(range.begin),
                          range.end - range.begin, with);
  }

  void insert(unsigned offset, const std::string &text) {
    rewriter_.InsertTextBefore(sources_.getLocForStartOfFile(file_).getLocWithOffset(offset), text);
  }

  std::string result(const std::string &original) const {
    const clang::RewriteBuffer *buffer = rewriter_.getRewriteBufferFor(file_);
    return buffer ? std::string(buffer->begin(), buffer->end()) : original;
  }

private:
  clang::FileManager files_;
  clang::DiagnosticsEngine diags_;
  clang::SourceManager sources_;
  clang::Rewriter rewriter_;
  clang::FileID file_;
};

} // namespace

char CodegenError::ID = 0;

void CodegenError::log(llvm::raw_ostream &os) const {
  os << at.line << ":" << at.column << ": " << message;
}

llvm::Expected<std::string> emit_source(const ir::Program &program,
                                        const std::vector<deps::LoopAnalysis> &analyses,
                                        const std::string &original_text,
                                        const std::string &original_path) {
  const SourceText source(original_text, original_path);
  Splicer splicer(original_text, original_path);
  llvm::Error errors = llvm::Error::success();
  const auto fail = [&](ir::SourceLocation at, std::string message) {
    errors =
        llvm::joinErrors(std::move(errors), llvm::make_error<CodegenError>(at, std::move(message)));
  };
  for (size_t n = 0; n < program.loops.size(); ++n) {
    const ir::Loop &loop = program.loops[n];
    if (!loop.text.rewritable) {
      fail(loop.location, loop.text.why);
      continue;
    }
    // Splices must not overlap: a parallel loop inside another one would be edited twice.
    bool nested = false;
    for (const ir::Loop &other : program.loops)
      nested = nested || (&other != &loop && other.text.rewritable &&
                          other.text.statement.begin <= loop.text.pragma.begin &&
                          loop.text.statement.end <= other.text.statement.end);
    if (nested) {
      fail(loop.pragma_location, "a parallel loop cannot be nested in another parallel loop; "
                                 "remove one of the pragmas");
      continue;
    }
    if (n >= analyses.size() || !analyses[n].chosen) {
      fail(loop.pragma_location, "no parallel schedule for this loop");
      continue;
    }
    llvm::Expected<std::string> generated = loop_call(loop, analyses[n], source, original_path);
    if (!generated) {
      llvm::handleAllErrors(generated.takeError(), [&](const llvm::StringError &e) {
        fail(loop.location, e.getMessage());
      });
      continue;
    }
    std::string call = std::move(*generated);
    // Back to the user's numbering after the loop, at the column where the rest of its line
    // continues (or on the next line, taking the line break along).
    ir::ByteRange statement = loop.text.statement;
    if (statement.end < original_text.size() && original_text[statement.end] == '\n') {
      ++statement.end;
      call += "\n" + source.line_directive(source.line(statement.end)) + "\n";
    } else {
      call += "\n" + source.line_directive(source.line(statement.end)) + "\n" +
              source.indent_to(statement.end);
    }
    splicer.replace(loop.text.pragma, pragma_comment(loop, source, n));
    splicer.replace(statement, call);
  }
  if (errors)
    return errors;
  std::vector<ir::ViewOverload> overloads;
  for (const ir::Loop &loop : program.loops)
    overloads.insert(overloads.end(), loop.view_overloads.begin(), loop.view_overloads.end());
  for (const Insertion &insertion : view_overload_insertions(overloads, source))
    splicer.insert(insertion.at, insertion.text);
  // Arrays a parallel loop may have left sharded, or a loader or restore distributed (also in a
  // file without parallel loops), named by code that some ranks only run: every rank gathers them
  // first: in braces around an if, which may be the body of a loop or an else; before a statement
  // of a block otherwise.
  for (const ir::DriverGather &g : program.driver_gathers) {
    std::string names;
    for (const std::string &a : g.arrays)
      names += (names.empty() ? "" : ", ") + a;
    if (g.place == ir::DriverGather::Place::Before) {
      splicer.insert(g.statement.begin, fmt::format("::orion::detail::make_whole({}); ", names));
      continue;
    }
    splicer.insert(g.statement.begin, fmt::format("{{ ::orion::detail::make_whole({}); ", names));
    splicer.insert(g.statement.end, " }");
  }
  // Arrays driver code keeps pointers or references into: whole from there on (a shard would
  // leave them pointing at stale rows).
  if (!program.loops.empty())
    for (const ir::DriverPin &p : program.driver_pins) {
      std::string names;
      for (const std::string &a : p.arrays)
        names += (names.empty() ? "" : ", ") + a;
      splicer.insert(p.at, fmt::format("::orion::detail::pin({}); ", names));
    }
  // The runtime's entry points for the calls; a file without parallel loops needs nothing.
  const char *include = program.loops.empty() ? "" : "#include <orion/parallel.hpp>\n";
  return fmt::format("// Generated by orionc from {} ({} parallel loop{}).\n{}#line 1 {}\n{}",
                     original_path, program.loops.size(), program.loops.size() == 1 ? "" : "s",
                     include, string_literal(original_path), splicer.result(original_text));
}

} // namespace orion::codegen
