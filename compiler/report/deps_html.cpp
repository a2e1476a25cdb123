#include "deps_html.hpp"

#include "schedule_prose.hpp"

#include "loops_report.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <map>

namespace orion::report {
namespace {

constexpr int kBlocks = 4; // partitions per dimension drawn in the SVG (illustrative)

std::string escape(const std::string &s) {
  std::string out;
  for (char c : s) {
    switch (c) {
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    case '&':
      out += "&amp;";
      break;
    case '"':
      out += "&quot;";
      break;
    default:
      out += c;
    }
  }
  return out;
}

/// The source with every reference wrapped in a span that the report can highlight.
std::string annotated_source(const DepsReportInput &in) {
  struct Mark {
    unsigned column, length;
    std::string id;
    char access;
  };
  std::map<unsigned, std::vector<Mark>> marks;
  for (size_t n = 0; n < in.program.loops.size(); ++n)
    for (const ir::ArrayRef &r : in.program.loops[n].refs)
      marks[r.location.line].push_back(
          {r.location.column, 0, fmt::format("l{}r{}", n, r.id), access_mark(r.access)});
  const std::vector<std::string> lines = split_lines(in.source_text);
  std::string html;
  for (unsigned l = 1; l <= lines.size(); ++l) {
    const std::string &line = lines[l - 1];
    std::string body;
    auto it = marks.find(l);
    if (it == marks.end()) {
      body = escape(line);
    } else {
      auto ms = it->second;
      std::sort(ms.begin(), ms.end(), [](auto &a, auto &b) { return a.column < b.column; });
      size_t pos = 0;
      for (const Mark &m : ms) {
        size_t start = m.column - 1;
        if (start < pos || start >= line.size())
          continue;
        // The reference spans its identifier and a balanced (...) or [...] that follows.
        size_t end = start;
        while (end < line.size() && (std::isalnum(static_cast<unsigned char>(line[end])) ||
                                     line[end] == '_' || line[end] == '.'))
          ++end;
        if (end < line.size() && (line[end] == '(' || line[end] == '[')) {
          int depth = 0;
          for (; end < line.size(); ++end) {
            depth += line[end] == '(' || line[end] == '[';
            depth -= line[end] == ')' || line[end] == ']';
            if (depth == 0) {
              ++end;
              break;
            }
          }
        }
        body += escape(line.substr(pos, start - pos));
        body += fmt::format("<span class=\"ref acc{}\" id=\"{}\" title=\"{}\">{}</span>",
                            m.access == '+' ? 'P' : m.access, m.id, m.id,
                            escape(line.substr(start, end - start)));
        pos = end;
      }
      body += escape(line.substr(std::min(pos, line.size())));
    }
    html += fmt::format("<div class=\"line\" id=\"L{0}\"><span class=\"ln\">{0}</span>{1}</div>\n",
                        l, body.empty() ? " " : body);
  }
  return html;
}

std::string partition_svg(const ir::Loop &loop, const std::optional<deps::Schedule> &chosen) {
  if (!chosen)
    return "<p class=\"none\">No partitioning: the loop has no legal schedule.</p>";
  const int cell = 44, margin = 30;
  const int size = kBlocks * cell;
  const deps::Schedule &s = *chosen;
  const bool one_d = s.protocol == model::Protocol::OneD;
  const bool transformed = s.unimodular();
  auto name = [&](int d) { return transformed ? fmt::format("c{}", d) : loop.space.dims[d].name; };
  std::string svg = fmt::format("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" "
                                "height=\"{}\" class=\"parts\">\n",
                                size + 2 * margin, size + 2 * margin);
  for (int a = 0; a < kBlocks; ++a) {
    for (int b = 0; b < kBlocks; ++b) {
      const int step = block_step(s, a, b, kBlocks);
      const int hue = one_d ? (a * 360 / kBlocks) : (step * 360 / (2 * kBlocks));
      svg += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" "
                         "fill=\"hsl({},60%,80%)\" stroke=\"#555\"/>"
                         "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n",
                         margin + b * cell, margin + a * cell, cell, cell, hue,
                         margin + b * cell + cell / 2, margin + a * cell + cell / 2 + 5,
                         one_d ? fmt::format("w{}", a) : fmt::format("t{}", step));
    }
  }
  const std::string rows = name(s.dims[0]);
  const std::string cols = s.dims.size() > 1 ? name(s.dims[1]) : "(not partitioned)";
  svg += fmt::format("<text x=\"{}\" y=\"18\" text-anchor=\"middle\">{} (time) &#8594;</text>\n",
                     margin + size / 2, escape(cols));
  svg += fmt::format("<text x=\"12\" y=\"{}\" transform=\"rotate(-90 12 {})\" "
                     "text-anchor=\"middle\">{} (space) &#8594;</text>\n",
                     margin + size / 2, margin + size / 2, escape(rows));
  return svg + "</svg>\n";
}

const char *kStyle = R"(
body{font-family:sans-serif;margin:0;display:flex;height:100vh}
#src{flex:1;overflow:auto;background:#fafafa;border-right:1px solid #ccc;padding:8px}
#rep{flex:1;overflow:auto;padding:8px 16px}
.line{font-family:monospace;white-space:pre;font-size:13px}
.ln{display:inline-block;width:3em;color:#999;text-align:right;margin-right:1em}
.ref{border-bottom:2px solid #88a}.accW{border-color:#c33}.accX{border-color:#c70}
.accP{border-color:#393}.hl{background:#ffe066;outline:1px solid #c90}
table{border-collapse:collapse;font-size:13px;margin:4px 0 12px}
td,th{border:1px solid #ddd;padding:2px 6px;font-family:monospace;text-align:left}
tr.dep:hover{background:#ffe9a8;cursor:pointer}.none{color:#a00}
svg text{font:12px sans-serif}
)";

const char *kScript = R"(
for (const row of document.querySelectorAll('tr.dep')) {
  const ids = row.dataset.refs.split(' ');
  row.addEventListener('mouseenter', () => ids.forEach(id => {
    const e = document.getElementById(id); if (e) { e.classList.add('hl'); e.scrollIntoView({block:'nearest'}); } }));
  row.addEventListener('mouseleave', () => ids.forEach(id => {
    const e = document.getElementById(id); if (e) e.classList.remove('hl'); }));
}
)";

} // namespace

int block_step(const deps::Schedule &s, int a, int b, int P) {
  if (s.protocol == model::Protocol::OneD)
    return 0;
  if (s.protocol == model::Protocol::Wavefront)
    return a + b;               // a block waits for its predecessors in both dimensions
  return ((b - a) % P + P) % P; // rotation: worker a holds time block (a + step) mod P
}

void write_deps_html(const DepsReportInput &in, std::ostream &out) {
  fmt::print(out,
             "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>orionc: {}</title>"
             "<style>{}</style></head><body>\n<div id=\"src\">\n{}</div>\n<div id=\"rep\">\n",
             escape(in.program.source), kStyle, annotated_source(in));
  fmt::print(out, "<h2>{}</h2><p>{} parallel loop{}; {}; memory-based dependences</p>\n",
             escape(in.program.source), in.program.loops.size(),
             in.program.loops.size() == 1 ? "" : "s", escape(in.isl_version));
  for (size_t n = 0; n < in.program.loops.size(); ++n) {
    const ir::Loop &loop = in.program.loops[n];
    const deps::LoopAnalysis &a = in.analyses[n];
    fmt::print(out, "<h3><a href=\"#L{0}\">loop {1} at line {0}</a> in {2} ({3})</h3>\n",
               loop.location.line, n, escape(loop.function),
               loop.clauses.ordered ? "ordered" : "unordered");
    fmt::print(out, "<table><tr><th>ref</th><th>access</th><th>element</th><th>at</th></tr>\n");
    for (const ir::ArrayRef &r : loop.refs) {
      std::string element = loop.arrays[r.array].name;
      if (loop.arrays[r.array].kind != ir::ArrayKind::Accumulator) {
        element += "(";
        for (size_t i = 0; i < r.subscripts.size(); ++i)
          element += (i ? ", " : "") + render_subscript(loop, r.subscripts[i]);
        element += ")";
      }
      fmt::print(out,
                 "<tr class=\"dep\" data-refs=\"l{0}r{1}\"><td>#{1}</td><td>{2}</td>"
                 "<td>{3}</td><td>{4}:{5}</td></tr>\n",
                 n, r.id, ir::to_string(r.access), escape(element), r.location.line,
                 r.location.column);
    }
    fmt::print(out, "</table>\n");
    if (!a.error.empty()) {
      fmt::print(out, "<p class=\"none\">analysis failed: {}</p>\n", escape(a.error));
      continue;
    }
    fmt::print(out, "<h4>dependences</h4><table><tr><th>kind</th><th>distance</th><th>array</th>"
                    "<th>refs (source &#8594; sink)</th></tr>\n");
    for (const deps::Dependence &d : a.dependences.dependences) {
      std::string ids, pairs;
      for (auto [s, t] : d.refs) {
        ids += fmt::format("l{}r{} l{}r{} ", n, s, n, t);
        pairs += fmt::format("{}#{} &#8594; #{}", pairs.empty() ? "" : ", ", s, t);
      }
      fmt::print(out,
                 "<tr class=\"dep\" data-refs=\"{}\"><td>{}</td><td>{}</td><td>{}</td><td>{}</td>"
                 "</tr>\n",
                 ids, deps::to_string(d.kind), deps::to_string(d.distance),
                 escape(loop.arrays[d.array].name), pairs);
    }
    fmt::print(out, "</table>\n<h4>legal schedules</h4><ul>\n");
    for (const deps::Candidate &p : a.candidates)
      fmt::print(out, "<li>{}<br><small>bytes per pass: {}</small></li>\n",
                 escape(schedule_description(loop, p.schedule)), escape(p.cost_formula));
    if (a.candidates.empty())
      fmt::print(out, "<li class=\"none\">none</li>\n");
    const std::optional<deps::Schedule> &chosen = a.schedules.chosen;
    fmt::print(out, "</ul>\n<h4>schedule: {}</h4><p>{}</p>\n",
               chosen ? model::kind_name(chosen->protocol, chosen->unimodular()) : "none",
               escape(choice_reason(loop, a.dependences, a.schedules)));
    for (const std::string &s : suggestions(loop, a.schedules))
      fmt::print(out, "<p>suggestion: {}</p>\n", escape(s));
    fmt::print(out, "{}", partition_svg(loop, chosen));
    if (a.chosen) {
      fmt::print(out, "<table><tr><th>array</th><th>role</th><th>why</th></tr>\n");
      for (const deps::ArrayPlacement &p : a.chosen->arrays)
        fmt::print(out, "<tr><td>{}</td><td>{}</td><td>{}</td></tr>\n",
                   escape(loop.arrays[p.array].name), model::spelling(p.role),
                   escape(role_reason(loop, a.chosen->schedule, p)));
      fmt::print(out, "</table>\n");
    }
  }
  fmt::print(out, "</div>\n<script>{}</script>\n</body></html>\n", kScript);
}

} // namespace orion::report
