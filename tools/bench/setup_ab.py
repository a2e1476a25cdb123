#!/usr/bin/env python3
"""A/B of two builds of the runtime on the set-up of a rotation's first run.

    setup_ab.py --orionc ORIONC --old LIB --new LIB --data DIR [--reps R] [--work DIR]

The set-up of a parallel loop's first run (the schedule, the partitions, the sort of the iterated
array into its blocks) is paid once per array and layout; `--orion-stats` reports it per loop as
`first run ... ms (setup X)`. orionc emits the C++ of three SGD MF programs once
(`examples/sgd_mf.cpp`, K = 16 at compile time with `histogram`; `mf_runtime_rank.cpp` and
`mf_helper.cpp` from tools/bench/programs, K = 32 read at run time), each is compiled against both
runtime libraries (`-O3 -march=native -DNDEBUG`, the headers of this checkout), and every program
runs on every training file of DIR (`NAME.train`, tested on `NAME.test`, where NAME is the file's
name up to its first dot: `zipf.shuf.train` is tested on `zipf.test`) at 1 rank x 2 threads,
2 ranks x 1 thread and 1 rank x 1 thread, 2 epochs, old and new interleaved, R times (default 3).
Printed: the median of the largest first-run set-up over the loops, old and new.

Unlike handoff_ab.py, outputs may differ between old and new: a change to the sort changes the
order within the blocks, and so the last digits of the result. A benchmark, not a test.

To get an old runtime: `git stash; cmake --build build --target orion_rt; cp
build/runtime/liborion_rt.a /tmp/old.a; git stash pop` (or a worktree, as in handoff_ab.py).
"""

import argparse
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
PROGRAMS = [(REPO / "examples" / "sgd_mf.cpp", []),
            (HERE / "programs" / "mf_runtime_rank.cpp", ["--k", "32"]),
            (HERE / "programs" / "mf_helper.cpp", ["--k", "32"])]
CONFIGS = [("1x2", 1, 2), ("2x1", 2, 1), ("1x1", 1, 1)]
SETUP = re.compile(r"rank 0 loop \S+: first run [0-9.]+ ms \(setup ([0-9.]+)\)")


def build(orionc, source, lib, out):
    cpp = out.with_suffix(".orion.cpp")
    subprocess.run([orionc, str(source), "--emit=cpp", "-o", str(cpp)], check=True)
    subprocess.run(["mpicxx", "-std=c++20", "-DORION_DISTRIBUTED", f"-iquote{source.parent}",
                    f"-I{REPO / 'runtime' / 'include'}", "-O3", "-march=native", "-DNDEBUG",
                    "-x", "c++", str(cpp), "-x", "none", lib, "-pthread", "-o", str(out)],
                   check=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--orionc", required=True)
    ap.add_argument("--old", required=True, help="liborion_rt.a before the change")
    ap.add_argument("--new", required=True, help="liborion_rt.a after the change")
    ap.add_argument("--data", required=True, help="a directory of NAME*.train and NAME.test files")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--work", default=str(REPO / "build" / "bench-work" / "setup_ab"))
    a = ap.parse_args()
    work = Path(a.work)
    work.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
               OMPI_MCA_rmaps_base_oversubscribe="1")
    trains = sorted(Path(a.data).glob("*.train"))
    if not trains:
        sys.exit(f"setup_ab.py: no *.train file in {a.data}")
    for source, args in PROGRAMS:
        bins = {v: work / f"{source.stem}.{v}" for v in ("old", "new")}
        for v, lib in (("old", a.old), ("new", a.new)):
            build(a.orionc, source, lib, bins[v])
        for train in trains:
            test = train.parent / (train.name.split(".")[0] + ".test")
            for name, ranks, threads in CONFIGS:
                times = {"old": [], "new": []}
                for _ in range(a.reps):
                    for v in ("old", "new"):
                        cmd = (["mpiexec", "-np", str(ranks)] if ranks > 1 else []) + [
                            str(bins[v]), str(train), str(test), "--epochs", "2",
                            "--orion-stats", "--orion-cache=off", f"--orion-threads={threads}",
                            *args]
                        run = subprocess.run(cmd, env=env, capture_output=True, text=True)
                        found = [float(x) for x in SETUP.findall(run.stderr)]
                        if run.returncode != 0 or not found:
                            sys.exit(f"setup_ab.py: {' '.join(cmd)} failed:\n{run.stderr[-2000:]}")
                        times[v].append(max(found))
                old, new = statistics.median(times["old"]), statistics.median(times["new"])
                print(f"{source.stem:16} {train.name:18} {name}  setup old {old:7.1f} ms"
                      f"  new {new:7.1f} ms  new/old {new / old:.2f}", flush=True)


if __name__ == "__main__":
    main()
