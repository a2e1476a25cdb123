#!/usr/bin/env python3
"""ctest bench.smoke: runs run_bench.py end to end on a tiny input and checks that its output is
complete and its numbers sane. Never a timing assertion: on a tiny input, and on a machine busy
with other tests, the speeds mean nothing; only that they were measured.

    smoke_check.py --out DIR -- [run_bench.py options, e.g. --orionc PATH --gen-ratings PATH]

Everything (data, binaries, report) goes under DIR, never into docs/.
"""

import argparse
import json
import math
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

HERE = Path(__file__).resolve().parent
# Small enough to run in seconds, large enough that every worker gets ratings in every block.
TINY = ["--rows", "400", "--cols", "200", "--nnz", "20000", "--rank", "4", "--epochs", "2",
        "--reps", "1", "--workers", "1,2"]


def fail(msg):
    sys.exit(f"bench.smoke: FAIL: {msg}")


def positive(value, what):
    if not (isinstance(value, (int, float)) and math.isfinite(value) and value > 0):
        fail(f"{what} is {value!r}, expected a positive number")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--out", required=True)
    p.add_argument("bench_args", nargs=argparse.REMAINDER)
    a = p.parse_args()
    extra = a.bench_args[1:] if a.bench_args[:1] == ["--"] else a.bench_args
    out = Path(a.out).resolve()
    shutil.rmtree(out, ignore_errors=True)  # a stale report must not pass for a fresh one
    cmd = [sys.executable, str(HERE / "run_bench.py"), *TINY, "--out", str(out / "report"),
           "--work", str(out / "work"), *extra]
    print("+", " ".join(cmd), flush=True)
    done = subprocess.run(cmd)
    if done.returncode != 0:
        fail(f"run_bench.py exited with {done.returncode}")

    report = out / "report"
    md = report / "benchmarks.md"
    if not md.is_file():
        fail(f"{md} missing")
    text = md.read_text()
    for needle in ("| configuration |", "## Machine", "## Command", "### Targets"):
        if needle not in text:
            fail(f"{md} lacks {needle!r}")
    svgs = sorted((report / "bench").glob("*.svg"))
    if len(svgs) < 3:
        fail(f"expected 3 SVG plots in {report / 'bench'}, found {[s.name for s in svgs]}")
    for svg in svgs:
        if ElementTree.parse(svg).getroot().tag != "{http://www.w3.org/2000/svg}svg":
            fail(f"{svg} is not an SVG document")
        if f"bench/{svg.name}" not in text:
            fail(f"{md} does not show {svg.name}")

    results = json.loads((report / "bench" / "results.json").read_text())
    [data] = results["datasets"]
    names = {c["name"] for c in data["configs"]}
    expected = {"serial", "serial-shuffled", "orionc-t1", "orionc-t2", "orionc-r2", "baseline-t1",
                "baseline-t2"}
    if names != expected:
        fail(f"configurations {sorted(names)}, expected {sorted(expected)}")
    for c in data["configs"]:
        n = c["name"]
        for key in ("time_per_epoch", "updates_per_s", "startup_load_s", "rss_mb_max",
                    "loader_s"):
            positive(c[key], f"{n} {key}")
        for key in ("train_rmse", "test_rmse"):
            positive(c[key], f"{n} {key}")
            if c[key] >= 2:
                fail(f"{n} {key} = {c[key]}: training diverged")
        if len(c["curve"]) != data["epochs"]:
            fail(f"{n}: {len(c['curve'])} epochs recorded, expected {data['epochs']}")
        if c["mode"] == "ranks" and c["rss_ranks"] != c["workers"]:
            fail(f"{n}: peak RSS of {c['rss_ranks']} rank(s), expected {c['workers']}")
        positive(c["reload_s"], f"{n} reload_s")
        if c["program"] == "orionc":
            # The --orion-stats profile: loop phases and the session breakdown.
            for needle in ("parallel loops", "= setup", "session", "= loading"):
                if not any(needle in line for line in c["stats"]):
                    fail(f"{n}: no --orion-stats line with {needle!r} in {c['stats']}")
    serial = next(c for c in data["configs"] if c["name"] == "serial")
    for n in ("orionc-t2", "baseline-t2"):
        c = next(c for c in data["configs"] if c["name"] == n)
        reach = c.get("to_serial_rmse")
        if not reach or reach["target"] != serial["test_rmse"]:
            fail(f"{n}: no time-to-serial-RMSE measurement against {serial['test_rmse']}: {reach}")
    if "### Reaching the serial build's accuracy" not in text:
        fail(f"{md} lacks the convergence section")
    # The shuffled training file holds the same ratings, in another order.
    train, shuffled = Path(data["train"]).read_bytes(), Path(data["train_shuffled"]).read_bytes()
    if train == shuffled or sorted(train.splitlines()) != sorted(shuffled.splitlines()):
        fail(f"{data['train_shuffled']} is not a reordering of {data['train']}")
    # One orionc worker runs the ratings in file order: the serial program exactly.
    orionc1 = next(c for c in data["configs"] if c["name"] == "orionc-t1")
    if orionc1["test_rmse"] != serial["test_rmse"]:
        fail(f"orionc-t1 test RMSE {orionc1['test_rmse']} != serial {serial['test_rmse']}")
    print(f"bench.smoke: ok ({md})")


if __name__ == "__main__":
    main()
