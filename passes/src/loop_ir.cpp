#include "orion/passes/loop_ir.hpp"

#include <algorithm>
#include <fmt/format.h>

namespace orion::ir {

AffineExpr AffineExpr::constant(int64_t value) {
  AffineExpr e;
  e.constant_ = value;
  return e;
}

AffineExpr AffineExpr::symbol(SymbolKind kind, int index, int64_t coefficient) {
  AffineExpr e;
  e.add_term({kind, index, coefficient});
  return e;
}

int64_t AffineExpr::coefficient(SymbolKind kind, int index) const {
  for (const AffineTerm &t : terms_)
    if (t.kind == kind && t.index == index)
      return t.coefficient;
  return 0;
}

bool AffineExpr::uses(SymbolKind kind) const {
  return std::any_of(terms_.begin(), terms_.end(),
                     [kind](const AffineTerm &t) { return t.kind == kind; });
}

void AffineExpr::add_term(AffineTerm term) {
  if (term.coefficient == 0)
    return;
  auto key = [](const AffineTerm &t) { return std::pair(static_cast<int>(t.kind), t.index); };
  auto it =
      std::lower_bound(terms_.begin(), terms_.end(), term,
                       [&](const AffineTerm &a, const AffineTerm &b) { return key(a) < key(b); });
  if (it != terms_.end() && key(*it) == key(term)) {
    it->coefficient += term.coefficient;
    if (it->coefficient == 0)
      terms_.erase(it);
    return;
  }
  terms_.insert(it, term);
}

AffineExpr AffineExpr::operator+(const AffineExpr &other) const {
  AffineExpr sum = *this;
  for (const AffineTerm &t : other.terms_)
    sum.add_term(t);
  sum.constant_ += other.constant_;
  return sum;
}

AffineExpr AffineExpr::operator-(const AffineExpr &other) const { return *this + other.scaled(-1); }

AffineExpr AffineExpr::scaled(int64_t factor) const {
  AffineExpr r;
  for (const AffineTerm &t : terms_)
    r.add_term({t.kind, t.index, t.coefficient * factor});
  r.constant_ = constant_ * factor;
  return r;
}

std::string Loop::symbol_name(SymbolKind kind, int index) const {
  auto in_range = [index](const auto &v) {
    return index >= 0 && index < static_cast<int>(v.size());
  };
  switch (kind) {
  case SymbolKind::IterationIndex:
    if (in_range(space.dims))
      return space.dims[index].name;
    break;
  case SymbolKind::InnerIndex:
    if (in_range(inner_loops))
      return inner_loops[index].var;
    break;
  case SymbolKind::Parameter:
    if (in_range(parameters))
      return parameters[index].name;
    break;
  }
  return fmt::format("<{} {}>", to_string(kind), index);
}

std::string Loop::render(const AffineExpr &expr) const {
  std::string out;
  for (const AffineTerm &t : expr.terms()) {
    int64_t c = t.coefficient;
    if (out.empty()) {
      if (c < 0)
        out += "-";
    } else {
      out += c < 0 ? " - " : " + ";
    }
    int64_t magnitude = c < 0 ? -c : c;
    if (magnitude != 1)
      out += fmt::format("{}*", magnitude);
    out += symbol_name(t.kind, t.index);
  }
  int64_t k = expr.constant_term();
  if (out.empty())
    return std::to_string(k);
  if (k > 0)
    out += fmt::format(" + {}", k);
  else if (k < 0)
    out += fmt::format(" - {}", -k);
  return out;
}

int Loop::intern_parameter(const std::string &name) {
  for (size_t i = 0; i < parameters.size(); ++i)
    if (parameters[i].name == name)
      return static_cast<int>(i);
  parameters.push_back({name, std::nullopt});
  return static_cast<int>(parameters.size() - 1);
}

int Loop::find_array(const std::string &name) const {
  for (size_t i = 0; i < arrays.size(); ++i)
    if (arrays[i].name == name)
      return static_cast<int>(i);
  return -1;
}

std::string_view to_string(SymbolKind kind) {
  switch (kind) {
  case SymbolKind::IterationIndex:
    return "iteration";
  case SymbolKind::InnerIndex:
    return "inner";
  case SymbolKind::Parameter:
    return "param";
  }
  return "?";
}

std::string_view to_string(SubscriptKind kind) {
  switch (kind) {
  case SubscriptKind::Affine:
    return "affine";
  case SubscriptKind::Range:
    return "range";
  case SubscriptKind::Unknown:
    return "unknown";
  }
  return "?";
}

std::string_view to_string(AccessKind kind) {
  switch (kind) {
  case AccessKind::Read:
    return "read";
  case AccessKind::Write:
    return "write";
  case AccessKind::ReadWrite:
    return "readwrite";
  case AccessKind::Reduce:
    return "reduce";
  }
  return "?";
}

std::string_view to_string(ArrayKind kind) {
  switch (kind) {
  case ArrayKind::Dense:
    return "dense";
  case ArrayKind::Sparse:
    return "sparse";
  case ArrayKind::Accumulator:
    return "accumulator";
  case ArrayKind::Buffer:
    return "buffer";
  }
  return "?";
}

std::string_view to_string(IterationSpace::Kind kind) {
  return kind == IterationSpace::Kind::Array ? "array" : "counted";
}

std::vector<int> inner_indices_of(const ArrayRef &ref) {
  std::vector<int> inner = ref.inner_loops;
  const auto add = [&](const AffineExpr &e) {
    for (const AffineTerm &t : e.terms())
      if (t.kind == SymbolKind::InnerIndex &&
          std::find(inner.begin(), inner.end(), t.index) == inner.end())
        inner.push_back(t.index);
  };
  for (const Subscript &s : ref.subscripts)
    if (s.kind == SubscriptKind::Affine)
      add(s.expr);
  for (const Guard &g : ref.guards)
    add(g.expr);
  return inner;
}

} // namespace orion::ir
