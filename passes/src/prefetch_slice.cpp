#include "orion/passes/prefetch_slice.hpp"

#include <algorithm>
#include <optional>

namespace orion::deps {
namespace {

class Planner {
public:
  Planner(const ir::Loop &loop, const std::vector<bool> &served)
      : o_(loop.outline), served_(served), available_(o_.vars.size(), 0),
        reason_(o_.touches.size(), SliceOutcome::NotServed) {}

  PrefetchSlice run() {
    visit(0);
    return finish();
  }

private:
  bool served(int array) const {
    return array >= 0 && static_cast<std::size_t>(array) < served_.size() &&
           served_[static_cast<std::size_t>(array)];
  }
  bool reads_served(const std::vector<int> &reads) const {
    return std::any_of(reads.begin(), reads.end(), [&](int a) { return served(a); });
  }
  bool vars_ok(const std::vector<int> &vars, const std::vector<int> &own = {}) const {
    return std::all_of(vars.begin(), vars.end(), [&](int v) {
      return available_[static_cast<std::size_t>(v)] ||
             std::find(own.begin(), own.end(), v) != own.end();
    });
  }
  /// The node's own evaluation can run in the slice as in the body.
  bool keepable(const ir::BodyNode &n) const {
    return n.pure && !reads_served(n.reads) && vars_ok(n.vars, n.declared);
  }
  void declare(const ir::BodyNode &n) {
    for (int v : n.declared)
      if (o_.vars[static_cast<std::size_t>(v)].stable)
        available_[static_cast<std::size_t>(v)] = 1;
  }
  const ir::BodyNode &node(int id) const { return o_.nodes[static_cast<std::size_t>(id)]; }

  /// Why touch t cannot be named where it stands, or nothing if it can.
  std::optional<SliceOutcome> blocked(int t) const {
    const ir::Touch &touch = o_.touches[static_cast<std::size_t>(t)];
    if (!served(touch.array))
      return SliceOutcome::NotServed;
    if (reads_served(touch.reads))
      return SliceOutcome::ServedRead;
    if (!touch.pure)
      return SliceOutcome::SideEffects;
    if (touch.guarded)
      return SliceOutcome::Conditional;
    if (!vars_ok(touch.vars))
      return SliceOutcome::UnstableVar;
    return std::nullopt;
  }

  /// Every touch in the subtree of `id` gets `why` unless it has a more specific reason.
  void blame(int id, SliceOutcome why) {
    const ir::BodyNode &n = node(id);
    for (int t : n.touches)
      if (reason_[static_cast<std::size_t>(t)] == SliceOutcome::NotServed &&
          served(o_.touches[static_cast<std::size_t>(t)].array))
        reason_[static_cast<std::size_t>(t)] = why;
    for (int c : n.children)
      blame(c, why);
  }
  void drop(int id, SliceOutcome why) {
    edits_.push_back({node(id).range, {}});
    blame(id, why);
  }
  /// Replaces the node by the touches of its own part that the slice can name.
  void touches_only(int id, SliceOutcome children_why) {
    const ir::BodyNode &n = node(id);
    SliceEdit edit{n.range, {}};
    for (int t : n.touches) {
      if (auto why = blocked(t))
        reason_[static_cast<std::size_t>(t)] = *why;
      else
        edit.touches.push_back(t);
    }
    edits_.push_back(std::move(edit));
    for (int c : n.children)
      blame(c, children_why);
  }

  /// Plans node `id`; true when a jump inside it may leave it at a point the slice does not
  /// follow, so the statements after it may not run in the body.
  bool visit(int id) {
    const ir::BodyNode &n = node(id);
    switch (n.kind) {
    case ir::BodyNode::Kind::Compound:
      for (std::size_t i = 0; i < n.children.size(); ++i)
        if (visit(n.children[i])) {
          for (std::size_t j = i + 1; j < n.children.size(); ++j)
            drop(n.children[j], SliceOutcome::AfterJump);
          return true;
        }
      return false;
    case ir::BodyNode::Kind::Jump:
      return false; // kept: the slice takes it where the body does
    case ir::BodyNode::Kind::Type:
      declare(n); // kept: kept code may name the type (the outline made sure it is pure)
      return false;
    case ir::BodyNode::Kind::Declaration:
      if (keepable(n)) {
        declare(n);
        return false;
      }
      touches_only(id, SliceOutcome::Conditional);
      return n.escapes;
    case ir::BodyNode::Kind::Simple:
      touches_only(id, SliceOutcome::Conditional);
      return n.escapes;
    case ir::BodyNode::Kind::Loop:
      if (keepable(n)) {
        declare(n);
        if (visit(n.children.front())) {
          // The loop might end early in the body: later iterations in the slice could compute
          // subscripts the body never does.
          drop(id, SliceOutcome::AfterJump);
          return n.escapes;
        }
        return false;
      }
      touches_only(id, SliceOutcome::Conditional);
      return n.escapes;
    case ir::BodyNode::Kind::If:
      if (keepable(n)) {
        bool cut = false;
        for (int c : n.children)
          cut = visit(c) || cut;
        return cut && n.escapes;
      }
      touches_only(id, SliceOutcome::Conditional);
      return n.escapes;
    }
    return false;
  }

  PrefetchSlice finish() {
    PrefetchSlice out;
    // An edit inside a later, larger one (a loop dropped after its body was planned) goes.
    std::sort(edits_.begin(), edits_.end(), [](const SliceEdit &a, const SliceEdit &b) {
      return a.range.begin != b.range.begin ? a.range.begin < b.range.begin
                                            : a.range.end > b.range.end;
    });
    for (SliceEdit &e : edits_) {
      if (!out.edits.empty() && e.range.begin < out.edits.back().range.end)
        continue;
      out.edits.push_back(std::move(e));
    }
    prune(out.edits, out.voids);
    out.outcomes = reason_;
    for (const SliceEdit &e : out.edits)
      for (int t : e.touches)
        out.outcomes[static_cast<std::size_t>(t)] = SliceOutcome::Prefetched;
    // Named once, then dropped with a whole loop: not prefetched after all.
    for (std::size_t t = 0; t < out.outcomes.size(); ++t) {
      bool named = false;
      for (const SliceEdit &e : out.edits)
        named = named || std::find(e.touches.begin(), e.touches.end(), static_cast<int>(t)) !=
                             e.touches.end();
      if (!named && out.outcomes[t] == SliceOutcome::Prefetched)
        out.outcomes[t] = SliceOutcome::AfterJump;
    }
    return out;
  }

  static bool inside(ir::ByteRange inner, ir::ByteRange outer) {
    return inner.begin >= outer.begin && inner.end <= outer.end;
  }
  bool covered(ir::ByteRange r, const std::vector<SliceEdit> &edits) const {
    return std::any_of(edits.begin(), edits.end(),
                       [&](const SliceEdit &e) { return inside(r, e.range); });
  }
  void add_edit(std::vector<SliceEdit> &edits, ir::ByteRange r) {
    std::erase_if(edits, [&](const SliceEdit &e) { return inside(e.range, r); });
    edits.push_back({r, {}});
    std::sort(edits.begin(), edits.end(),
              [](const SliceEdit &a, const SliceEdit &b) { return a.range.begin < b.range.begin; });
  }

  /// What the slice keeps only to reach nothing goes: a loop or if with no access left inside
  /// (unless a jump out of it decides what runs after), then the declarations no kept code reads
  /// (they would only be computed, and warned about as unused).
  void prune(std::vector<SliceEdit> &edits, std::vector<SliceVoid> &voids) {
    bool changed = true;
    while (changed) {
      changed = false;
      for (std::size_t id = 0; id < o_.nodes.size(); ++id) {
        const ir::BodyNode &n = o_.nodes[id];
        if (id == 0 || (n.kind != ir::BodyNode::Kind::Loop && n.kind != ir::BodyNode::Kind::If) ||
            n.escapes || covered(n.range, edits))
          continue;
        const bool reaches = std::any_of(edits.begin(), edits.end(), [&](const SliceEdit &e) {
          return !e.touches.empty() && inside(e.range, n.range);
        });
        if (!reaches) {
          add_edit(edits, n.range);
          changed = true;
        }
      }
    }
    // Variables that kept code reads: the accesses' subscripts, the kept headers, then (from the
    // last declaration back) the declarations that define those.
    std::vector<char> used(o_.vars.size(), 0);
    auto use = [&](const std::vector<int> &vars) {
      for (int v : vars)
        used[static_cast<std::size_t>(v)] = 1;
    };
    for (const SliceEdit &e : edits)
      for (int t : e.touches)
        use(o_.touches[static_cast<std::size_t>(t)].vars);
    std::vector<std::size_t> declarations;
    for (std::size_t id = 1; id < o_.nodes.size(); ++id) {
      const ir::BodyNode &n = o_.nodes[id];
      if (covered(n.range, edits))
        continue;
      if (n.kind == ir::BodyNode::Kind::Loop || n.kind == ir::BodyNode::Kind::If)
        use(n.vars);
      else if (n.kind == ir::BodyNode::Kind::Declaration)
        declarations.push_back(id);
    }
    std::sort(declarations.begin(), declarations.end(), [&](std::size_t a, std::size_t b) {
      return o_.nodes[a].range.begin > o_.nodes[b].range.begin;
    });
    for (std::size_t id : declarations) {
      const ir::BodyNode &n = o_.nodes[id];
      const bool needed = std::any_of(n.declared.begin(), n.declared.end(),
                                      [&](int v) { return used[static_cast<std::size_t>(v)]; });
      if (!needed) {
        add_edit(edits, n.range);
        continue;
      }
      use(n.vars);
      SliceVoid unused{n.range.end, {}};
      for (int v : n.declared)
        if (!used[static_cast<std::size_t>(v)])
          unused.vars.push_back(v);
      if (!unused.vars.empty())
        voids.push_back(std::move(unused));
    }
  }

  const ir::BodyOutline &o_;
  const std::vector<bool> &served_;
  std::vector<char> available_;
  std::vector<SliceOutcome> reason_;
  std::vector<SliceEdit> edits_;
};

} // namespace

bool PrefetchSlice::useful() const {
  return std::find(outcomes.begin(), outcomes.end(), SliceOutcome::Prefetched) != outcomes.end();
}

bool writes(const ir::Loop &loop, int array) {
  for (const ir::ArrayRef &r : loop.refs)
    if (r.array == array && r.access != ir::AccessKind::Read)
      return true;
  return false;
}

bool relaxed(const ir::Loop &loop, int array) {
  const std::string &name = loop.arrays[static_cast<std::size_t>(array)].name;
  return std::find(loop.clauses.relax.begin(), loop.clauses.relax.end(), name) !=
         loop.clauses.relax.end();
}

bool shardable(const ir::Loop &loop, int array) {
  const ir::ArrayDecl &decl = loop.arrays[static_cast<std::size_t>(array)];
  if (!decl.element_access_only)
    return false;
  return decl.kind == ir::ArrayKind::Buffer ||
         (decl.kind == ir::ArrayKind::Dense && (relaxed(loop, array) || !writes(loop, array)));
}

bool served_read(const ir::Loop &loop, const std::vector<Candidate> &candidates, int array) {
  if (loop.arrays[static_cast<std::size_t>(array)].kind != ir::ArrayKind::Dense ||
      !shardable(loop, array) || writes(loop, array))
    return false;
  for (const Candidate &c : candidates)
    for (const ArrayPlacement &p : c.arrays)
      if (p.array == array && p.role == model::Role::Served)
        return true;
  return false;
}

std::vector<bool> sliced_arrays(const ir::Loop &loop, const std::vector<Candidate> &candidates) {
  std::vector<bool> out(loop.arrays.size(), false);
  for (std::size_t a = 0; a < loop.arrays.size(); ++a) {
    const int id = static_cast<int>(a);
    if (loop.space.kind == ir::IterationSpace::Kind::Array && id == loop.space.array)
      continue;
    out[a] = served_read(loop, candidates, id) ||
             (loop.arrays[a].kind == ir::ArrayKind::Dense && relaxed(loop, id) &&
              writes(loop, id) && shardable(loop, id));
  }
  return out;
}

PrefetchSlice plan_prefetch_slice(const ir::Loop &loop, const std::vector<bool> &served) {
  if (loop.outline.nodes.empty()) {
    PrefetchSlice none;
    for (const ir::ArrayRef &r : loop.refs)
      if (r.array >= 0 && static_cast<std::size_t>(r.array) < served.size() &&
          served[static_cast<std::size_t>(r.array)])
        none.outcomes.push_back(SliceOutcome::NoOutline);
    return none;
  }
  return Planner(loop, served).run();
}

} // namespace orion::deps
