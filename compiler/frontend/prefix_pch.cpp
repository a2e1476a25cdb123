#include "prefix_pch.hpp"

#include <clang/Basic/Version.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendActions.h>
#include <clang/Frontend/Utils.h>
#include <clang/Tooling/CompilationDatabase.h>
#include <clang/Tooling/Tooling.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Support/xxhash.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <sstream>

namespace orion::frontend {
namespace {

namespace fs = llvm::sys::fs;

/// Keeps this many PCHs (one per argument list); older ones are removed when one is built.
constexpr std::size_t kMaxCached = 8;

/// One file a PCH was built from, as it was then.
struct Input {
  std::string path;
  std::uint64_t size = 0;
  std::int64_t mtime_ns = 0;
};

std::optional<Input> stat_input(const std::string &path) {
  fs::file_status status;
  if (fs::status(path, status))
    return std::nullopt;
  const auto mtime = status.getLastModificationTime().time_since_epoch();
  return Input{path, status.getSize(),
               std::chrono::duration_cast<std::chrono::nanoseconds>(mtime).count()};
}

/// Every file the PCH build read, system headers included (the standard library may be updated).
class AllInputs : public clang::DependencyCollector {
public:
  bool needSystemDependencies() override { return true; }
};

class BuildPch : public clang::GeneratePCHAction {
public:
  explicit BuildPch(std::shared_ptr<AllInputs> inputs) : inputs_(std::move(inputs)) {}
  bool BeginSourceFileAction(clang::CompilerInstance &ci) override {
    inputs_->attachToPreprocessor(ci.getPreprocessor());
    return clang::GeneratePCHAction::BeginSourceFileAction(ci);
  }

private:
  std::shared_ptr<AllInputs> inputs_;
};

class BuildPchFactory : public clang::tooling::FrontendActionFactory {
public:
  explicit BuildPchFactory(std::shared_ptr<AllInputs> inputs) : inputs_(std::move(inputs)) {}
  std::unique_ptr<clang::FrontendAction> create() override {
    return std::make_unique<BuildPch>(inputs_);
  }

private:
  std::shared_ptr<AllInputs> inputs_;
};

std::string format_inputs(const std::vector<Input> &inputs) {
  std::string text;
  for (const Input &in : inputs)
    text += std::to_string(in.size) + " " + std::to_string(in.mtime_ns) + " " + in.path + "\n";
  return text;
}

/// The PCH's bytes, hashed: a PCH damaged on disk would make the parse fail, not this cache.
std::optional<std::uint64_t> file_hash(const std::string &path) {
  auto buffer =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!buffer)
    return std::nullopt;
  return llvm::xxh3_64bits(llvm::arrayRefFromStringRef((*buffer)->getBuffer()));
}

/// The PCH is the one recorded in `deps_path` (its first line: "pch <hash>"), and the recorded
/// inputs are all still as they were.
bool pch_current(const std::string &pch, const std::string &deps_path) {
  auto buffer = llvm::MemoryBuffer::getFile(deps_path);
  if (!buffer)
    return false;
  std::istringstream lines((*buffer)->getBuffer().str());
  std::string line, tag;
  std::uint64_t recorded_hash = 0;
  if (!std::getline(lines, line) ||
      !(std::istringstream(line) >> tag >> std::hex >> recorded_hash) || tag != "pch" ||
      file_hash(pch) != recorded_hash)
    return false;
  std::size_t count = 0;
  while (std::getline(lines, line)) {
    std::istringstream fields(line);
    Input recorded;
    fields >> recorded.size >> recorded.mtime_ns;
    fields.get(); // the space before the path, which may contain spaces
    std::getline(fields, recorded.path);
    const std::optional<Input> now = stat_input(recorded.path);
    if (!fields || !now || now->size != recorded.size || now->mtime_ns != recorded.mtime_ns)
      return false;
    ++count;
  }
  return count > 0;
}

/// Writes `text` to `path` through a temporary file in the same directory and a rename, so that
/// a concurrent reader sees the old file or the new one, never half of one.
bool write_atomically(const std::string &path, const std::string &text) {
  llvm::SmallString<256> temp;
  int fd = -1;
  if (fs::createUniqueFile(path + ".tmp-%%%%%%%%", fd, temp))
    return false;
  {
    llvm::raw_fd_ostream out(fd, /*shouldClose=*/true);
    out << text;
    out.close();
    if (out.has_error()) {
      out.clear_error();
      fs::remove(temp);
      return false;
    }
  }
  if (fs::rename(temp, path)) {
    fs::remove(temp);
    return false;
  }
  return true;
}

/// Removes the oldest PCHs (and their input lists) beyond kMaxCached.
void evict(const std::string &dir) {
  std::vector<std::pair<std::int64_t, std::string>> pchs;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; it != end && !ec; it.increment(ec)) {
    const std::string path = it->path();
    if (!llvm::StringRef(path).ends_with(".pch"))
      continue;
    if (std::optional<Input> in = stat_input(path))
      pchs.emplace_back(in->mtime_ns, path);
  }
  if (pchs.size() <= kMaxCached)
    return;
  std::sort(pchs.begin(), pchs.end());
  for (std::size_t i = 0; i + kMaxCached < pchs.size(); ++i) {
    const std::string base = llvm::StringRef(pchs[i].second).drop_back(4).str();
    for (const char *suffix : {".pch", ".inputs", ".hpp"})
      fs::remove(base + suffix);
  }
}

/// Whether a line (without its newline) ends in a backslash that splices it to the next one.
bool ends_in_splice(std::string_view line) {
  std::size_t end = line.size();
  while (end > 0 && (line[end - 1] == ' ' || line[end - 1] == '\t' || line[end - 1] == '\r' ||
                     line[end - 1] == '\f' || line[end - 1] == '\v'))
    --end;
  return end > 0 && line[end - 1] == '\\';
}

/// Skips blanks, newlines and comments from `at`; false inside an unterminated comment.
bool skip_blanks_and_comments(std::string_view s, std::size_t &at) {
  while (at < s.size()) {
    if (s[at] == ' ' || s[at] == '\t' || s[at] == '\n' || s[at] == '\r' || s[at] == '\f' ||
        s[at] == '\v') {
      ++at;
    } else if (s.substr(at, 2) == "//") {
      // A line comment ends at the first newline not spliced away by a backslash before it
      // (Clang, like GCC, also splices a backslash followed by blanks). Lit's RUN lines end so.
      std::size_t nl = s.find('\n', at);
      while (nl != std::string_view::npos && ends_in_splice(s.substr(at, nl - at)))
        nl = s.find('\n', nl + 1);
      at = nl == std::string_view::npos ? s.size() : nl + 1;
    } else if (s.substr(at, 2) == "/*") {
      const std::size_t end = s.find("*/", at + 2);
      if (end == std::string_view::npos)
        return false;
      at = end + 2;
    } else {
      return true;
    }
  }
  return true;
}

} // namespace

std::optional<std::string> prefix_pch_cache_dir() {
  if (const char *dir = std::getenv("ORIONC_PCH_CACHE"); dir && *dir)
    return std::string_view(dir) == "off" ? std::nullopt : std::optional<std::string>(dir);
  llvm::SmallString<256> path;
  if (const char *xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
    path = xdg;
  else if (const char *home = std::getenv("HOME"); home && *home)
    llvm::sys::path::append(path = home, ".cache");
  else
    return std::nullopt;
  llvm::sys::path::append(path, "orionc");
  return std::string(path);
}

bool starts_with_orion_include(std::string_view source) {
  std::size_t at = 0;
  if (!skip_blanks_and_comments(source, at) || at >= source.size() || source[at] != '#')
    return false;
  ++at;
  while (at < source.size() && (source[at] == ' ' || source[at] == '\t'))
    ++at;
  if (source.substr(at, 7) != "include")
    return false;
  at += 7;
  while (at < source.size() && (source[at] == ' ' || source[at] == '\t'))
    ++at;
  const std::string_view rest = source.substr(at);
  for (std::string_view spelling : {"<orion/orion.hpp>", "\"orion/orion.hpp\""})
    if (rest.starts_with(spelling)) {
      // Nothing but blanks or a comment may follow on the line.
      std::size_t end = spelling.size();
      while (end < rest.size() && (rest[end] == ' ' || rest[end] == '\t' || rest[end] == '\r'))
        ++end;
      return end == rest.size() || rest[end] == '\n' || rest.substr(end, 2) == "//";
    }
  return false;
}

std::optional<std::string> prefix_pch(const std::vector<std::string> &args,
                                      const std::string &cache_dir) {
  // Headers forced in before the program's first line would come before the PCH's.
  for (const std::string &a : args)
    if (llvm::StringRef(a).starts_with("-include") || llvm::StringRef(a).starts_with("-imacros"))
      return std::nullopt;
  std::string key_text = clang::getClangFullVersion() + '\0';
  for (const std::string &a : args)
    key_text += a + '\0';
  char key[17];
  std::snprintf(key, sizeof key, "%016llx",
                static_cast<unsigned long long>(llvm::xxh3_64bits(llvm::StringRef(key_text))));
  llvm::SmallString<256> base(cache_dir);
  llvm::sys::path::append(base, std::string("orion-") + key);
  const std::string pch = std::string(base) + ".pch", inputs = std::string(base) + ".inputs";
  if (pch_current(pch, inputs))
    return pch;

  if (fs::create_directories(cache_dir))
    return std::nullopt;
  // The one-line header the PCH is built from. Written once: it is one of the PCH's inputs, and a
  // new modification time would invalidate the PCH that a concurrent orionc has just built.
  const std::string header = std::string(base) + ".hpp", line = "#include <orion/orion.hpp>\n";
  auto existing = llvm::MemoryBuffer::getFile(header);
  if ((!existing || (*existing)->getBuffer() != line) && !write_atomically(header, line))
    return std::nullopt;
  llvm::SmallString<256> temp;
  fs::createUniquePath(pch + ".tmp-%%%%%%%%", temp, /*MakeAbsolute=*/false);
  std::vector<std::string> build_args = args;
  build_args.insert(build_args.end(), {"-xc++-header", "-o", std::string(temp)});
  clang::tooling::FixedCompilationDatabase database(".", build_args);
  clang::tooling::ClangTool tool(database, {header});
  tool.clearArgumentsAdjusters();    // keep -o: build the PCH, not -fsyntax-only
  clang::IgnoringDiagConsumer quiet; // the real parse reports what is wrong
  tool.setDiagnosticConsumer(&quiet);
  tool.setPrintErrorMessage(false);
  auto collected = std::make_shared<AllInputs>();
  BuildPchFactory factory(collected);
  std::vector<Input> read;
  // The inputs are stated after the build: one changed while it ran (a header edited during a
  // build) would be recorded as it is now while the PCH holds what it was, and every later
  // compile would take the stale PCH. Such a PCH is not kept.
  const std::int64_t build_start_ns = std::chrono::duration_cast<std::chrono::nanoseconds>(
                                          std::chrono::system_clock::now().time_since_epoch())
                                          .count();
  bool ok = tool.run(&factory) == 0;
  for (const std::string &path : collected->getDependencies()) {
    std::optional<Input> in = stat_input(path);
    ok = ok && in.has_value() && in->mtime_ns < build_start_ns;
    if (in)
      read.push_back(std::move(*in));
  }
  const std::optional<std::uint64_t> hash = ok ? file_hash(std::string(temp)) : std::nullopt;
  if (!hash || read.empty() || fs::rename(temp, pch)) {
    fs::remove(temp);
    return std::nullopt;
  }
  char first[40];
  std::snprintf(first, sizeof first, "pch %016llx\n", static_cast<unsigned long long>(*hash));
  if (!write_atomically(inputs, first + format_inputs(read)))
    return std::nullopt;
  evict(cache_dir);
  return pch;
}

} // namespace orion::frontend
