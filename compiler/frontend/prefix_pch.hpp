// A cache of precompiled <orion/orion.hpp> for the front end's parse.
//
// Parsing the runtime's header (and the standard library under it) is most of what a parse of a
// typical program costs: about 1.5 s of the 2 s orionc takes on a small file. A program whose first
// directive is `#include <orion/orion.hpp>` parses exactly as if that header came first, so the
// parse can load it precompiled (-include-pch) instead; the header's own include guard then skips
// the program's #include. The PCH depends on the parser's arguments (language standard, -D, -I,
// ...), so the cache keeps one per argument list, and checks the size and modification time of
// every file it was built from before using it. Anything unusual (another first directive,
// -include in the arguments, a cache that cannot be written) parses without a PCH: same result,
// only slower.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace orion::frontend {

/// Where the cache lives: $ORIONC_PCH_CACHE ("off" turns it off), else $XDG_CACHE_HOME/orionc,
/// else $HOME/.cache/orionc. Nothing when it is off or no directory can be named.
std::optional<std::string> prefix_pch_cache_dir();

/// True when `source`'s first preprocessing directive, after comments and blank lines, is
/// `#include <orion/orion.hpp>` (or with quotes), so that a PCH of that header can stand in for it.
bool starts_with_orion_include(std::string_view source);

/// The path of a PCH of <orion/orion.hpp> for a parse with `args` (Clang arguments, without the
/// source file), built into `cache_dir` if there is none yet or the files it was built from
/// changed; nothing if it cannot be built or the arguments rule it out.
std::optional<std::string> prefix_pch(const std::vector<std::string> &args,
                                      const std::string &cache_dir);

} // namespace orion::frontend
