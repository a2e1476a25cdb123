#!/usr/bin/env python3
"""A/B of two builds of the runtime on programs whose loops are short or many.

    handoff_ab.py --orionc ORIONC --new INCLUDE_DIR LIB --old INCLUDE_DIR LIB
                  --tools BUILD/tools [--work DIR] [--reps R] [--only PROGRAM,...]

What a loop costs beyond its work (starting or waking the workers, the hand-offs of lockstep
rounds) decides the speed of programs that run many short loops: SLR merges its shared weights
after every slice of 64 samples, AdaGrad flushes a Buffer every 16 iterations, and a stencil or
k-means driver runs a loop per step. orionc emits the C++ of each program once; it is compiled
against each runtime (its include directory and liborion_rt.a, `-O3 -march=native -DNDEBUG`), and
the source by g++ alone for the serial build. Every case then runs serial, old and new,
interleaved, --reps times (default 5), and the medians are printed:

- *loops s*: the time in parallel loops, from `--orion-stats` (rank 0), or the program's own
  "loop SECONDS" line (short_loops); the serial build has neither, so its column is the wall time.
- *wall s*: the whole process, MPI start-up and loading included.

A run whose output (the lines without timings) differs between old and new fails the benchmark:
the change under test must not change results. A benchmark, not a test: the figures depend on
the machine and its load.

To get an old runtime: `git worktree add /tmp/old REV`, then compile /tmp/old/runtime/src/*.cpp
with `mpicxx -DORION_DISTRIBUTED -O3 -march=native -DNDEBUG -std=c++20 -I/tmp/old/runtime/include
-c` and `ar rcs liborion_rt.a *.o`.
"""

import argparse
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(HERE))
import run_bench  # noqa: E402  (shuffle_lines)

FLAGS = ["-O3", "-march=native", "-DNDEBUG"]
MPI_ENV = {"OMPI_ALLOW_RUN_AS_ROOT": "1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1",
           "OMPI_MCA_rmaps_base_oversubscribe": "1"}
LOOPS = re.compile(r"parallel loops ([0-9.]+) s =")
OWN = re.compile(r"^loop ([0-9.]+)$", re.M)
TIMING = re.compile(r"(\d+\.\d+ s|seconds|us per loop)")

PROGRAMS = {
    "short_loops": HERE / "programs" / "short_loops.cpp",
    "slr": REPO / "examples" / "slr.cpp",
    "slr_adagrad": REPO / "examples" / "slr_adagrad.cpp",
    "lda": REPO / "examples" / "lda.cpp",
    "sgd_mf": REPO / "examples" / "sgd_mf.cpp",
    "mf_runtime_rank": HERE / "programs" / "mf_runtime_rank.cpp",
}


def cases(data):
    """(label, program, arguments, threads, ranks): every program at 2 threads, some also at one
    worker and on 2 ranks of one thread (no crew hand-off there: the control)."""
    svm, corpus = data["svm"], data["corpus"]
    out = []
    for n, reps in (("4096", "5000"), ("262144", "200")):
        for t in (1, 2):
            out.append((f"short_loops N={n} x{reps}", "short_loops", [n, reps], t, 1))
    for t, r in ((1, 1), (2, 1), (1, 2)):
        out.append(("slr (relax, a loop per 64 samples), 3 epochs", "slr",
                    [svm, "--epochs", "3"], t, r))
    for t, r in ((2, 1), (1, 2)):
        out.append(("slr_adagrad (Buffer, max_delay 16), 3 epochs", "slr_adagrad",
                    [svm, "--epochs", "3"], t, r))
        out.append(("lda (rotation + relax), 5 iterations", "lda", [corpus, "--iters", "5"], t, r))
        out.append(("sgd_mf (rank 16 compile time), sorted file, 5 epochs", "sgd_mf",
                    [data["ratings"], data["ratings_test"], "--epochs", "5"], t, r))
        out.append(("mf_runtime_rank --k 32, random file order, 5 epochs", "mf_runtime_rank",
                    [data["shuffled"], data["ratings_test"], "--epochs", "5", "--k", "32"], t, r))
    return out


def run(cmd, env=None, timeout=600):
    done = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout)
    if done.returncode != 0:
        sys.exit(f"handoff_ab: failed ({done.returncode}): {' '.join(cmd)}\n{done.stderr}")
    return done


def generate(args, work, programs):
    """The data sets the selected programs read (generated once, then reused)."""
    data = work / "data"
    data.mkdir(parents=True, exist_ok=True)
    out = {"svm": str(data / "train.svm"), "corpus": str(data / "docword.txt"),
           "ratings": str(data / "ratings.train"), "ratings_test": str(data / "ratings.test"),
           "shuffled": str(data / "ratings.shuffled.train")}
    tools = Path(args.tools)
    if programs & {"slr", "slr_adagrad"} and not os.path.exists(out["svm"]):
        run([str(tools / "gen_libsvm"), "--out", out["svm"], "--samples", "200000",
             "--features", "50000", "--nnz-per-sample", "20", "--seed", "1"])
    if "lda" in programs and not os.path.exists(out["corpus"]):
        run([str(tools / "gen_corpus"), "--out", out["corpus"], "--docs", "10000", "--vocab",
             "10000", "--topics", "20", "--doc-length", "200", "--seed", "1"])
    if programs & {"sgd_mf", "mf_runtime_rank"}:
        if not os.path.exists(out["ratings"]):
            run([str(tools / "gen_ratings"), "--rows", "50000", "--cols", "10000", "--nnz",
                 "2000000", "--rank", "8", "--zipf-rows", "1.0", "--zipf-cols", "1.0", "--seed",
                 "1", "--train", out["ratings"], "--test", out["ratings_test"]])
        run_bench.shuffle_lines(Path(out["ratings"]), Path(out["shuffled"]), 1)
    return out


def build(args, work, programs):
    bins = work / "bin"
    bins.mkdir(parents=True, exist_ok=True)
    include = REPO / "runtime" / "include"
    for name, src in PROGRAMS.items():
        if name not in programs:
            continue
        gen = bins / f"{name}.gen.cpp"
        run([args.orionc, "--emit=cpp", str(src), "-o", str(gen)])
        run(["c++", "-std=c++20", *FLAGS, "-Wno-unknown-pragmas", f"-I{include}", str(src),
             "-o", str(bins / f"{name}_serial")])
        for which, (inc, lib) in (("old", args.old), ("new", args.new)):
            run(["mpicxx", "-std=c++20", "-DORION_DISTRIBUTED", *FLAGS, f"-I{inc}", "-x", "c++",
                 str(gen), "-x", "none", lib, "-pthread", "-o", str(bins / f"{name}_{which}")])
    return bins


def measure(bins, case, which):
    label, prog, argv, threads, ranks = case
    binary = str(bins / f"{prog}_{which}")
    env = dict(os.environ, **MPI_ENV)
    if which == "serial":
        cmd = [binary, *argv]
    else:
        cmd = [binary, *argv, f"--orion-threads={threads}", "--orion-stats"]
        if ranks > 1:
            cmd = ["mpiexec", "-np", str(ranks), *cmd]
    start = time.perf_counter()
    done = run(cmd, env)
    wall = time.perf_counter() - start
    own = OWN.search(done.stderr)
    stats = LOOPS.search(done.stderr)
    loops = float(own.group(1)) if own else float(stats.group(1)) if stats else wall
    result = "\n".join(line for line in done.stdout.splitlines() if not TIMING.search(line))
    return loops, wall, result


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--orionc", required=True)
    ap.add_argument("--new", nargs=2, required=True, metavar=("INCLUDE_DIR", "LIB"))
    ap.add_argument("--old", nargs=2, required=True, metavar=("INCLUDE_DIR", "LIB"))
    ap.add_argument("--tools", required=True, help="the directory of gen_libsvm, gen_corpus, ...")
    ap.add_argument("--work", default=str(REPO / "build" / "bench-work" / "handoff"))
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--only", default="", help="comma-separated programs (default: all)")
    args = ap.parse_args()
    work = Path(args.work)
    programs = set(filter(None, args.only.split(","))) or set(PROGRAMS)
    unknown = programs - set(PROGRAMS)
    if unknown:
        sys.exit(f"handoff_ab: unknown program(s) {', '.join(sorted(unknown))}; "
                 f"known: {', '.join(PROGRAMS)}")
    data = generate(args, work, programs)
    bins = build(args, work, programs)
    table = []
    for case in cases(data):
        if case[1] not in programs:
            continue
        samples = {w: [] for w in ("serial", "old", "new")}
        for _ in range(args.reps):
            for which in ("serial", "old", "new"):
                samples[which].append(measure(bins, case, which))
        if samples["old"][0][2] != samples["new"][0][2]:
            sys.exit(f"handoff_ab: old and new print different results for {case[0]}:\n"
                     f"{samples['old'][0][2]}\n---\n{samples['new'][0][2]}")
        med = {w: (statistics.median(s[0] for s in v), statistics.median(s[1] for s in v))
               for w, v in samples.items()}
        config = f"{case[3]} thread(s) x {case[4]} rank(s)"
        table.append((case[0], config, med))
        print(f"{case[0]:55} {config:22} serial wall {med['serial'][1]:.3f} | loops s old "
              f"{med['old'][0]:.3f} new {med['new'][0]:.3f} ({med['old'][0] / med['new'][0]:.2f}x)"
              f" | wall s old {med['old'][1]:.3f} new {med['new'][1]:.3f}", flush=True)
    print("\n| program | workers | serial wall s | loops s, old | loops s, new | old / new |"
          " wall s, old | wall s, new |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for label, config, med in table:
        print(f"| {label} | {config} | {med['serial'][1]:.3f} | {med['old'][0]:.3f} | "
              f"{med['new'][0]:.3f} | {med['old'][0] / med['new'][0]:.2f}x | {med['old'][1]:.3f} | "
              f"{med['new'][1]:.3f} |")


if __name__ == "__main__":
    main()
