#!/usr/bin/env python3
"""A/B of two builds of the runtime on the loops whose arrays travel as write records.

    runtime_ab.py --orionc ORIONC --new INCLUDE_DIR LIB --old INCLUDE_DIR LIB [--reps R] [--np P]

orionc emits the C++ of tools/bench/programs/stencil_time.cpp and scatter_perm.cpp once; that
C++ is compiled against each runtime (its include directory and its liborion_rt.a), and the
sources by g++ alone for the serial baseline. Every case then runs serial, old and new (MPI
ranks: --np, default 2, one thread each), interleaved, --reps times (default 3). Prints the
median of each program's own loop time ("loop SECONDS" on stderr) and the ratios, and fails when
any run's output differs from the serial build's. A benchmark, not a test: the figures depend on
the machine and its load (docs/benchmarks.md).

To get an old runtime: `git worktree add /tmp/old REV`, then compile /tmp/old/runtime/src/*.cpp
with `mpicxx -DORION_DISTRIBUTED -O2 -DNDEBUG -std=c++20 -I/tmp/old/runtime/include -c` and
`ar rcs liborion_rt.a *.o`.
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PROGRAMS = os.path.join(HERE, "programs")
CASES = [
    ("skewed stencil N=1000, 3 passes (1D on c1)", "stencil_time", ["skew", "1000", "3"]),
    ("skewed stencil N=2000, 3 passes (1D on c1)", "stencil_time", ["skew", "2000", "3"]),
    ("seidel-2d N=1000, T=1 (space wavefront)", "stencil_time", ["seidel", "1000", "1"]),
    ("seidel-2d N=1000, T=4 (time wavefront)", "stencil_time", ["seidel", "1000", "4"]),
    ("scatter 2M, reversed permutation", "scatter_perm", ["2000000", "reversed"]),
    ("scatter 2M, strided permutation", "scatter_perm", ["2000000", "strided"]),
]


def build(args, work):
    include = os.path.join(os.path.dirname(HERE), "..", "runtime", "include")
    for prog in sorted({c[1] for c in CASES}):
        src = os.path.join(PROGRAMS, prog + ".cpp")
        gen = os.path.join(work, prog + ".gen.cpp")
        subprocess.run([args.orionc, "--emit=cpp", src, "-o", gen], check=True)
        subprocess.run(["c++", "-std=c++20", "-O2", "-DNDEBUG", "-Wno-unknown-pragmas",
                        "-I" + include, src, "-o", os.path.join(work, prog + "_serial")],
                       check=True)
        for name, (inc, lib) in (("old", args.old), ("new", args.new)):
            subprocess.run(["mpicxx", "-std=c++20", "-DORION_DISTRIBUTED", "-O2", "-DNDEBUG",
                            "-I" + inc, "-x", "c++", gen, "-x", "none", lib, "-pthread", "-o",
                            os.path.join(work, f"{prog}_{name}")], check=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--orionc", required=True)
    ap.add_argument("--new", nargs=2, metavar=("INCLUDE_DIR", "LIB"), required=True)
    ap.add_argument("--old", nargs=2, metavar=("INCLUDE_DIR", "LIB"), required=True)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--np", type=int, default=2)
    args = ap.parse_args()
    env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
               OMPI_MCA_rmaps_base_oversubscribe="1")
    ok = True
    with tempfile.TemporaryDirectory(prefix="orion-ab-") as work:
        build(args, work)
        print(f"{'case':46s} {'serial':>8s} {'old':>8s} {'new':>8s} {'old/new':>8s} "
              f"{'new/serial':>10s}")
        for label, prog, prog_args in CASES:
            times = {"serial": [], "old": [], "new": []}
            outputs = set()
            for _ in range(args.reps):
                for v in times:
                    exe = os.path.join(work, f"{prog}_{v}")
                    cmd = [exe, *prog_args] if v == "serial" else \
                        ["mpirun", "-np", str(args.np), exe, *prog_args, "--orion-threads=1"]
                    run = subprocess.run(cmd, capture_output=True, text=True, env=env,
                                         timeout=900)
                    secs = [float(l.split()[1]) for l in run.stderr.splitlines()
                            if l.startswith("loop ")]
                    if run.returncode != 0 or not secs:
                        sys.exit(f"FAIL: {' '.join(cmd)} exited with {run.returncode}\n"
                                 f"{run.stderr}")
                    times[v].append(secs[0])
                    outputs.add(run.stdout)
            m = {k: statistics.median(v) for k, v in times.items()}
            same = len(outputs) == 1
            ok = ok and same
            print(f"{label:46s} {m['serial']:8.4f} {m['old']:8.4f} {m['new']:8.4f} "
                  f"{m['old'] / m['new']:7.1f}x {m['new'] / m['serial']:9.1f}x"
                  f"{'' if same else '  OUTPUTS DIFFER'}", flush=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
