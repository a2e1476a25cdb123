#!/usr/bin/env python3
"""Cross-checks orionc's dependence directions against LLVM DependenceAnalysis (print<da>).

Each kernel below is a perfect counted nest over fixed-size arrays, written once and emitted
twice: as C with global arrays (clang-19 -> the canonicalization pipeline of the reference note
§3.1 -> opt 'print<da>') and as an orion program (orionc --dump=deps --format=json, `ordered`, so
write/write pairs count as in DA's 'output').

DA reports, per pair of memory instructions in program order, a direction per common loop
(dst iteration minus src iteration). A lexicographically negative sign vector of a `flow` is an
`anti` the other way round (and vice versa), so every DA result is expanded into the
lexicographically positive sign vectors it allows, each with its kind. Then:

  (a) every orionc vector must allow some sign vector DA allows for that kind, and a vector whose
      every entry has one sign must have exactly a sign vector DA allows (DA is conservative,
      so every real dependence is among DA's);
  (b) every DA result whose entries are all exact (a number or a single <, =, >) must be covered
      by some orionc vector of that kind (on these kernels DA is exact when it says so).

Exit status: 0 all agree, 1 a disagreement, 77 a tool is missing (ctest SKIP_RETURN_CODE).
"""

import argparse
import itertools
import json
import os
import re
import subprocess
import sys
import tempfile

# name: (arrays {name: dims}, loops [(var, lo, hi)], body). Sizes are small literal constants so
# that both tools see the same concrete bounds.
KERNELS = {
    "skew": ({"A": (16, 16)}, [("i", "1", "16"), ("j", "0", "15")],
             "A[i][j] = A[i - 1][j + 1] + 1;"),
    "transpose": ({"A": (16, 16)}, [("i", "0", "16"), ("j", "0", "16")],
                  "A[i][j] = A[j][i];"),
    "gauss_seidel_2d": ({"A": (16, 16)}, [("i", "1", "15"), ("j", "1", "15")],
                        "A[i][j] = 0.25 * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + "
                        "A[i][j + 1]);"),
    "jacobi_2d": ({"A": (16, 16), "B": (16, 16)}, [("i", "1", "15"), ("j", "1", "15")],
                  "B[i][j] = 0.2 * (A[i][j] + A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + "
                  "A[i][j + 1]);"),
    "seidel_2d": ({"A": (12, 12)}, [("t", "0", "4"), ("i", "1", "11"), ("j", "1", "11")],
                  "A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] + A[i][j - 1] + "
                  "A[i][j] + A[i][j + 1] + A[i + 1][j - 1] + A[i + 1][j] + "
                  "A[i + 1][j + 1]) / 9.0;"),
    "jacobi_1d_time": ({"A": (32,)}, [("t", "0", "6"), ("i", "1", "31")],
                       "A[i] = (A[i - 1] + A[i] + A[i + 1]) / 3.0;"),
    "stencil_3d": ({"A": (10, 10, 10)}, [("i", "1", "10"), ("j", "1", "9"), ("k", "1", "9")],
                   "A[i][j][k] = A[i - 1][j][k] + A[i][j - 1][k + 1] + A[i][j][k - 1];"),
    "matmul": ({"A": (8, 8), "B": (8, 8), "C": (8, 8)},
               [("i", "0", "8"), ("j", "0", "8"), ("k", "0", "8")],
               "C[i][j] = C[i][j] + A[i][k] * B[k][j];"),
    "reverse": ({"A": (32,)}, [("i", "0", "32")], "A[i] = A[31 - i] + 1;"),
    "row_recurrence": ({"A": (16, 16)}, [("i", "0", "16"), ("j", "1", "16")],
                       "A[i][j] = A[i][j - 1] * 0.5;"),
}

DA_LINE = re.compile(r"da analyze - (?:normalized - )?(?:consistent )?"
                     r"(none|confused|flow|anti|output|input)(?: \[([^\]]*)\])?")
FUNCTION = re.compile(r"'Dependence Analysis' for function '([^']*)'")
SUBSCRIPTS = re.compile(r"\b([A-Z]\w*)((?:\[[^\[\]]*\])+)")

KIND_OF_ORION = {"RAW": "flow", "WAR": "anti", "WAW": "output"}
FLIP = {"flow": "anti", "anti": "flow", "output": "output"}


def c_source(name, kernel):
    arrays, loops, body = kernel
    out = [f"double {a}{''.join(f'[{d}]' for d in dims)};" for a, dims in arrays.items()]
    out.append(f"void {name}(void) {{")
    for depth, (var, lo, hi) in enumerate(loops):
        out.append("  " * (depth + 1) + f"for (long {var} = {lo}; {var} < {hi}; ++{var})")
    out.append("  " * (len(loops) + 1) + body)
    out.append("}")
    return "\n".join(out) + "\n"


def orion_source(kernel):
    arrays, loops, body = kernel
    out = ["#include <orion/orion.hpp>", "", "int main(int argc, char **argv) {",
           "  orion::Session s(argc, argv);"]
    for a, dims in arrays.items():
        extents = ", ".join(map(str, dims))
        out.append(f"  orion::DenseArray<double, {len(dims)}> {a}({{{extents}}});")
    out.append("#pragma orion parallel_for ordered")
    for depth, (var, lo, hi) in enumerate(loops):
        out.append("  " * (depth + 1) + f"for (int64_t {var} = {lo}; {var} < {hi}; ++{var})")
    as_calls = SUBSCRIPTS.sub(
        lambda m: m.group(1) + "(" + ", ".join(re.findall(r"\[([^\[\]]*)\]", m.group(2))) + ")",
        body)
    out.append("  " * (len(loops) + 1) + as_calls)
    out.append("}")
    return "\n".join(out) + "\n"


def signs_of_da_entry(entry):
    """The signs of (dst - src) one DA entry allows, and whether it pins exactly one."""
    if re.fullmatch(r"-?\d+", entry):
        v = int(entry)
        return {(v > 0) - (v < 0)}, True
    table = {"<": {1}, "=": {0}, ">": {-1}, "<=": {1, 0}, ">=": {-1, 0}, "<>": {1, -1}}
    if entry in table:
        return table[entry], len(table[entry]) == 1
    return {-1, 0, 1}, False  # '*', 'S' (index absent from the subscripts)


def lex_sign(signs):
    for s in signs:
        if s:
            return s
    return 0


def da_directions(opt, ll, function, depth):
    """{kind: set of lexicographically positive sign tuples}, and the exact ones."""
    text = subprocess.run([opt, "-disable-output", "-passes=print<da>", ll], check=True,
                          capture_output=True, text=True)
    output = text.stdout + text.stderr
    allowed = {"flow": set(), "anti": set(), "output": set()}
    exact = []
    current = None
    for line in output.splitlines():
        f = FUNCTION.search(line)
        if f:
            current = f.group(1)
            continue
        m = DA_LINE.search(line)
        if not m or current != function:
            continue
        kind, entries = m.group(1), m.group(2)
        if kind in ("none", "input"):
            continue
        if kind == "confused" or entries is None:
            raise RuntimeError(f"DA is confused on {function}: {line.strip()}")
        entries = entries.replace("|<", "").split()
        if len(entries) != depth:
            raise RuntimeError(f"DA gave {len(entries)} levels for a depth-{depth} nest: {line}")
        per_dim = [signs_of_da_entry(e) for e in entries]
        for signs in itertools.product(*[s for s, _ in per_dim]):
            lex = lex_sign(signs)
            if lex > 0:
                allowed[kind].add(signs)
            elif lex < 0:
                allowed[FLIP[kind]].add(tuple(-s for s in signs))
        if all(pinned for _, pinned in per_dim):
            signs = tuple(next(iter(s)) for s, _ in per_dim)
            lex = lex_sign(signs)
            if lex > 0:
                exact.append((kind, signs, line.strip()))
            elif lex < 0:
                exact.append((FLIP[kind], tuple(-s for s in signs), line.strip()))
    return allowed, exact


def interval_signs(entry):
    lo, hi = entry
    lo = None if lo == "-inf" else lo
    hi = None if hi == "+inf" else hi
    return {s for s, ok in ((-1, lo is None or lo < 0), (0, (lo is None or lo <= 0) and
                                                            (hi is None or hi >= 0)),
                            (1, hi is None or hi > 0)) if ok}


def orion_vectors(orionc, source):
    out = subprocess.run([orionc, "--dump=deps", "--format=json", source], check=True,
                         capture_output=True, text=True)
    loops = json.loads(out.stdout)["loops"]
    if len(loops) != 1:
        raise RuntimeError(f"expected one parallel loop, orionc found {len(loops)}")
    return [(KIND_OF_ORION[d["kind"]], d["distance"]) for d in loops[0]["dependences"]]


def check(name, kernel, tools, work):
    c_file = os.path.join(work, f"{name}.c")
    cpp_file = os.path.join(work, f"{name}.cpp")
    with open(c_file, "w") as f:
        f.write(c_source(name, kernel))
    with open(cpp_file, "w") as f:
        f.write(orion_source(kernel))
    raw, ll = os.path.join(work, f"{name}.raw.ll"), os.path.join(work, f"{name}.ll")
    # -O1 without its passes (-O0 would add optnone), then only the canonicalization DA needs:
    # GVN/LICM at plain -O1 remove loads and with them dependences.
    subprocess.run([tools["clang"], "-O1", "-Xclang", "-disable-llvm-passes",
                    "-fno-discard-value-names", "-S", "-emit-llvm", c_file, "-o", raw], check=True)
    subprocess.run([tools["opt"], "-passes=mem2reg,loop-simplify,lcssa,loop-rotate,instcombine,"
                    "indvars", "-S", raw, "-o", ll], check=True)
    depth = len(kernel[1])
    allowed, exact = da_directions(tools["opt"], ll, name, depth)
    vectors = orion_vectors(tools["orionc"], cpp_file)

    problems = []
    for kind, distance in vectors:
        per_dim = [interval_signs(e) for e in distance]
        candidates = set(itertools.product(*per_dim))
        shown = "(" + ", ".join(f"[{lo},{hi}]" for lo, hi in distance) + ")"
        if all(len(s) == 1 for s in per_dim):
            if candidates.isdisjoint(allowed[kind]):
                problems.append(f"orionc {kind} {shown}: DA excludes its direction "
                                f"{next(iter(candidates))}")
        elif candidates.isdisjoint(allowed[kind]):
            problems.append(f"orionc {kind} {shown}: DA allows none of its directions")
    for kind, signs, line in exact:
        covered = any(k == kind and signs in set(itertools.product(
            *[interval_signs(e) for e in distance])) for k, distance in vectors)
        if not covered:
            problems.append(f"DA {kind} {signs} ('{line}') is in no orionc vector")
    summary = ", ".join(f"{k} " + "(" + ", ".join(f"[{lo},{hi}]" for lo, hi in d) + ")"
                        for k, d in vectors) or "none"
    return problems, summary, len(exact)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--orionc", required=True)
    parser.add_argument("--llvm-bin", default="/usr/lib/llvm-19/bin")
    parser.add_argument("--keep", help="write the generated files here and keep them")
    parser.add_argument("kernels", nargs="*", help="a subset of: " + ", ".join(KERNELS))
    args = parser.parse_args()

    tools = {"clang": os.path.join(args.llvm_bin, "clang"),
             "opt": os.path.join(args.llvm_bin, "opt"), "orionc": args.orionc}
    for tool, path in tools.items():
        if not os.access(path, os.X_OK):
            print(f"da_crosscheck: skipped: {tool} not found at {path} (tools/bootstrap.sh "
                  f"installs llvm-19)")
            return 77
    names = args.kernels or list(KERNELS)
    unknown = [n for n in names if n not in KERNELS]
    if unknown:
        parser.error("unknown kernel(s): " + ", ".join(unknown))

    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        work = args.keep or tmp
        os.makedirs(work, exist_ok=True)
        for name in names:
            try:
                problems, summary, exact = check(name, KERNELS[name], tools, work)
            except (subprocess.CalledProcessError, RuntimeError, KeyError, ValueError) as e:
                problems, summary, exact = [f"could not compare: {e}"], "", 0
                if isinstance(e, subprocess.CalledProcessError) and e.stderr:
                    problems.append(e.stderr.strip())
            status = "agree" if not problems else "DISAGREE"
            print(f"{name}: {status} (orionc: {summary}; {exact} exact DA results)")
            for p in problems:
                print(f"    {p}")
            failed += bool(problems)
    print(f"da_crosscheck: {len(names)} kernels, {len(names) - failed} agree, {failed} disagree")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
