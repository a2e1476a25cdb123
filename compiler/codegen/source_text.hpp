// The user's file as code generation sees it: bytes, and the line and column of each byte, for
// the `#line` directives that keep the host compiler's messages pointing at the user's code.
#pragma once

#include "orion/passes/loop_ir.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace orion::codegen {

class SourceText {
public:
  SourceText(const std::string &text, std::string path);

  const std::string &text() const { return text_; }
  std::string_view slice(ir::ByteRange range) const;
  /// 1-based physical line and column (in bytes) of `offset`.
  unsigned line(unsigned offset) const;
  unsigned column(unsigned offset) const;
  /// Whitespace that reaches the column of `offset` on its line (tabs kept, so that columns in
  /// the host compiler's messages match the user's file).
  std::string indent_to(unsigned offset) const;
  /// `#line <line> "<path>"` (no line break).
  std::string line_directive(unsigned line) const;
  /// The text of `range` with the renames that lie inside it applied (arrays the body names
  /// under another name get their own).
  std::string renamed(ir::ByteRange range, const std::vector<ir::ArrayRename> &renames) const;

private:
  const std::string &text_;
  std::string path_;
  std::vector<unsigned> line_starts_;
};

} // namespace orion::codegen
