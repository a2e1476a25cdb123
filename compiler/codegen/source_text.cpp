#include "source_text.hpp"

#include "cpp_literal.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace orion::codegen {

SourceText::SourceText(const std::string &text, std::string path)
    : text_(text), path_(std::move(path)) {
  line_starts_.push_back(0);
  for (size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n')
      line_starts_.push_back(static_cast<unsigned>(i + 1));
}

std::string_view SourceText::slice(ir::ByteRange range) const {
  return std::string_view(text_).substr(range.begin, range.end - range.begin);
}

unsigned SourceText::line(unsigned offset) const {
  auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
  return static_cast<unsigned>(it - line_starts_.begin());
}

unsigned SourceText::column(unsigned offset) const {
  return offset - line_starts_[line(offset) - 1] + 1;
}

std::string SourceText::indent_to(unsigned offset) const {
  std::string out(text_, line_starts_[line(offset) - 1], column(offset) - 1);
  for (char &c : out)
    if (c != '\t')
      c = ' ';
  return out;
}

std::string SourceText::line_directive(unsigned line) const {
  return fmt::format("#line {} {}", line, string_literal(path_));
}

std::string SourceText::renamed(ir::ByteRange range,
                                const std::vector<ir::ArrayRename> &renames) const {
  std::string out;
  unsigned at = range.begin;
  for (const ir::ArrayRename &r : renames) {
    if (r.range.begin < at || r.range.end > range.end)
      continue;
    out += slice({at, r.range.begin});
    out += r.name;
    at = r.range.end;
  }
  return out + std::string(slice({at, range.end}));
}

} // namespace orion::codegen
