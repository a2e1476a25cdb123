#!/usr/bin/env python3
"""ctest bench.grid_smoke: runs grid.py end to end on a tiny input, one program, and checks that
its report is complete and its numbers sane. Never a timing assertion: on a tiny input, and on a
machine busy with other tests, the speeds mean nothing; only that they were measured.

    grid_smoke_check.py --out DIR -- [grid.py options, e.g. --orionc PATH --gen-ratings PATH]

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
TINY = ["--rows", "400", "--cols", "200", "--nnz", "20000", "--rank", "4", "--epochs", "2",
        "--reps", "1", "--programs", "sgd_mf"]
# One program: each one adds four -O3 builds (about 50 s of CPU in CI) and the smoke test is about
# the harness, not the programs (their builds and runs: bench.convergence_smoke, e2e.*).
CONFIGS = {"serial", "orionc-t1", "orionc-t2", "orionc-r2", "orionc-r2t2", "serial-asserts",
           "orionc-t1-asserts"}


def fail(msg):
    sys.exit(f"bench.grid_smoke: FAIL: {msg}")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--out", required=True)
    p.add_argument("grid_args", nargs=argparse.REMAINDER)
    a = p.parse_args()
    extra = a.grid_args[1:] if a.grid_args[:1] == ["--"] else a.grid_args
    out = Path(a.out).resolve()
    shutil.rmtree(out, ignore_errors=True)  # a stale report must not pass for a fresh one
    cmd = [sys.executable, str(HERE / "grid.py"), *TINY, "--out", str(out / "report"),
           "--work", str(out / "work"), *extra]
    print("+", " ".join(cmd), flush=True)
    if subprocess.run(cmd).returncode != 0:
        fail("grid.py failed")

    md = out / "report" / "bench-grid.md"
    text = md.read_text() if md.is_file() else fail(f"{md} missing")
    for needle in ("## Programs", "## Data", "## Targets (issue 14)", "## zipf, sorted",
                   "## zipf, random", "## uniform, random", "## The two-process experiment",
                   "## Against the hand-written baseline",
                   "test RMSE vs serial, 4 workers (2 ranks x 2 threads)",
                   "test RMSE at most 1% above serial, 4 workers"):
        if needle not in text:
            fail(f"{md} lacks {needle!r}")
    results = json.loads((out / "report" / "bench" / "grid.json").read_text())
    if len(results["datasets"]) != 3 or len(results["pairs"]) != 3:
        fail(f"expected 3 data sets and 3 two-process runs: {results['datasets']}")
    cells = {(c["data"], c["program"], c["config"]): c for c in results["cells"]}
    for d in results["datasets"]:
        for prog in ("sgd_mf",):
            want = CONFIGS | {"baseline-t2"}
            have = {k[2] for k in cells if k[:2] == (d["name"], prog)}
            if have != want:
                fail(f"{d['name']} {prog}: configurations {sorted(have)}, expected "
                     f"{sorted(want)}")
            for cfg in want:
                c = cells[(d["name"], prog, cfg)]
                # The 4-worker cell runs once, for its RMSE: it has no --epochs 0 run.
                keys = ("time_per_epoch", "test_rmse", "rss_mb_max") + (
                    () if cfg == "orionc-r2t2" else ("startup_load_s",))
                for key in keys:
                    v = c[key]
                    if not (isinstance(v, (int, float)) and math.isfinite(v) and v > 0):
                        fail(f"{d['name']} {prog} {cfg}: {key} is {v!r}")
                if c["test_rmse"] >= 2:
                    fail(f"{d['name']} {prog} {cfg}: test RMSE {c['test_rmse']}: diverged")
            # One orionc worker runs the ratings in file order: the serial program exactly.
            for serial, one in (("serial", "orionc-t1"), ("serial-asserts", "orionc-t1-asserts")):
                s, o = cells[(d["name"], prog, serial)], cells[(d["name"], prog, one)]
                if s["test_rmse"] != o["test_rmse"]:
                    fail(f"{d['name']} {prog}: {one} test RMSE {o['test_rmse']} != {serial} "
                         f"{s['test_rmse']}")
    print(f"bench.grid_smoke: ok ({md})")


if __name__ == "__main__":
    main()
