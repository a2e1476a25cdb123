#!/usr/bin/env python3
"""ctest bench.memory_smoke: runs memory.py end to end on a tiny input, one program, at 1 and 2
ranks, and checks that its report is complete and its numbers sane. Never a memory or timing
assertion: on a tiny input the MPI library is most of a rank's peak, and the figures say nothing
about the design; only that they were measured.

    memory_smoke_check.py --out DIR -- [memory.py options, e.g. --orionc PATH --gen-ratings PATH]

Everything (data, binaries, report) goes under DIR, never into docs/.
"""

import argparse
import json
import math
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
TINY = ["--rows", "400", "--cols", "200", "--nnz", "20000", "--rank", "4", "--ranks", "1,2",
        "--programs", "sgd_mf"]


def fail(msg):
    sys.exit(f"bench.memory_smoke: FAIL: {msg}")


def positive(v):
    return isinstance(v, (int, float)) and math.isfinite(v) and v > 0


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--out", required=True)
    p.add_argument("memory_args", nargs=argparse.REMAINDER)
    a = p.parse_args()
    extra = a.memory_args[1:] if a.memory_args[:1] == ["--"] else a.memory_args
    out = Path(a.out).resolve()
    shutil.rmtree(out, ignore_errors=True)  # a stale report must not pass for a fresh one
    cmd = [sys.executable, str(HERE / "memory.py"), *TINY, "--out", str(out / "report"),
           "--work", str(out / "work"), *extra]
    print("+", " ".join(cmd), flush=True)
    if subprocess.run(cmd).returncode != 0:
        fail("memory.py failed")

    md = out / "report" / "bench-memory.md"
    text = md.read_text() if md.is_file() else fail(f"{md} missing")
    for needle in ("| program | file | ranks |", "bound: data / P + W / P + H",
                   "memory_rss_vs_ranks.svg", "## Commands"):
        if needle not in text:
            fail(f"{md} lacks {needle!r}")
    if not (out / "report" / "bench" / "memory_rss_vs_ranks.svg").is_file():
        fail("the plot is missing")
    results = json.loads((out / "report" / "bench" / "memory.json").read_text())
    rows = {(r["order"], r["ranks"]): r for r in results["runs"]}
    want = {(order, ranks) for order in ("sorted", "shuffled") for ranks in (1, 2)}
    if set(rows) != want:
        fail(f"runs {sorted(rows)}, expected {sorted(want)}")
    for key, row in sorted(rows.items()):
        for mode in ("distributed", "replicated"):
            run = row[mode]
            for field in ("rss_mb_max", "rss_mb_min", "test_rmse"):
                if not positive(run[field]):
                    fail(f"{key} {mode}: {field} is {run[field]!r}")
            if run["rss_mb_min"] > run["rss_mb_max"]:
                fail(f"{key} {mode}: min peak {run['rss_mb_min']} above max {run['rss_mb_max']}")
            if run["test_rmse"] >= 2:
                fail(f"{key} {mode}: test RMSE {run['test_rmse']}: diverged")
        if not positive(row["bound_mb"]) or not positive(row["params_mb"]):
            fail(f"{key}: bound {row['bound_mb']!r}, parameters {row['params_mb']!r}")
        # One rank holds everything either way: the two modes are the same run.
        if key[1] == 1 and row["distributed"]["test_rmse"] != row["replicated"]["test_rmse"]:
            fail(f"{key}: distributed RMSE {row['distributed']['test_rmse']} != replicated "
                 f"{row['replicated']['test_rmse']} on one rank")
    print(f"bench.memory_smoke: ok ({md})")


if __name__ == "__main__":
    main()
