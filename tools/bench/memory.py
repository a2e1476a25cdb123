#!/usr/bin/env python3
"""Peak memory per rank of SGD MF on several ranks, distributed against replicated (issue 15).

    tools/bench/memory.py [--nnz 20000000] [--ranks 1,2,4,8] [--epochs 1]
                          [--programs sgd_mf,mf_runtime_rank,mf_helper] [--out docs]

Generates a Zipf-skewed ratings set (build/tools/gen_ratings, MovieLens-20M-like shape by
default), builds each program with orionc (the release flags run_bench.py uses) and runs it under
mpiexec at each rank count (oversubscribed above the cores), once with the loaded ratings
distributed across the ranks (the default) and once with --orion-distribute=off (every rank holds
every rating, the design before). The programs: examples/sgd_mf.cpp (K = 16 at compile time, a
`histogram` clause) and two written as other users write SGD MF (tools/bench/programs/:
mf_runtime_rank.cpp, K = 32 read at run time, other names, no `histogram`; mf_helper.cpp, the
update in helper functions). Each rank's peak RSS comes from /usr/bin/time around it. A run on a
1,000-rating file at the same rank count measures what a program costs without data: the MPI
library, the runtime and the factors.

The bound the issue states, per rank: data / P + parameters + working set + that fixed cost. Of
the parameters, W (a local array: each rank writes the rows of its users) lives with its rows from
the start of the first loop (docs/runtime.md, "Local arrays stay with their rows"), so it counts
W / P; H (rotated) is still whole on every rank, so it is not divided; the working set is the larger of the first loop's two steps: the
placement's buffers (one round's messages out, in, those waiting for a free slot and the
arrivals appended to them: four 32nds of the share), and the block sort's 2-byte block id per element of the share. Writes OUT/bench-memory.md and OUT/bench/memory_*.svg atomically. Never a timed test:
ctest does not run it.
"""

import argparse
import json
import shlex
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import grid  # noqa: E402  (sibling modules: the shared flags; data, builds, runs)
import run_bench  # noqa: E402
import svg_plot  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
KEY_BYTES, VALUE_BYTES, BLOCK_ID_BYTES = 16, 4, 2  # SparseArray<float, 2>; the block sort's id
# name: (source, rank K of its factors as run here)
PROGRAMS = {
    "sgd_mf": (REPO / "examples" / "sgd_mf.cpp", 16),
    "mf_runtime_rank": (REPO / "tools" / "bench" / "programs" / "mf_runtime_rank.cpp", 32),
    "mf_helper": (REPO / "tools" / "bench" / "programs" / "mf_helper.cpp", 32),
}


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--rows", type=int, default=138_493)
    p.add_argument("--cols", type=int, default=26_744)
    p.add_argument("--nnz", type=int, default=20_000_000, help="train + test ratings")
    p.add_argument("--rank", type=int, default=8, help="true rank of the generated data")
    p.add_argument("--zipf", type=float, default=1.1)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--ranks", default="1,2,4,8")
    p.add_argument("--epochs", type=int, default=1)
    p.add_argument("--programs", default=",".join(PROGRAMS),
                   help="comma-separated, of: " + ", ".join(PROGRAMS))
    grid.add_tool_args(p)
    p.add_argument("--flags", default="-O3 -march=native -DNDEBUG")
    a = p.parse_args(argv)
    a.ranks = sorted({int(r) for r in a.ranks.split(",")})
    a.programs = a.programs.split(",")
    unknown = [name for name in a.programs if name not in PROGRAMS]
    if unknown:
        p.error(f"unknown program(s) {', '.join(unknown)}; known: {', '.join(PROGRAMS)}")
    return a


def build_program(args, work, name):
    """The orionc build of program `name` (rebuilt when it, the runtime or orionc changed)."""
    source = PROGRAMS[name][0]
    out = work / "bin" / f"memory_{name}"
    out.parent.mkdir(parents=True, exist_ok=True)
    headers = sorted(str(p) for p in (REPO / "runtime" / "include").rglob("*.hpp"))
    rt = Path(args.orionc).resolve().parents[1] / "runtime" / "liborion_rt.a"
    run_bench.build([args.orionc, str(source), *shlex.split(args.flags), "-o", str(out) + ".tmp"],
                    out, [source, *headers, args.orionc, rt])
    return str(out)


def run(args, program, data, ranks, distribute, rss_dir, train="train"):
    mpi = [args.mpiexec, "--oversubscribe", "-np", str(ranks)]
    prefix = run_bench.wrap([*mpi, program], True, rss_dir)
    cmd = [*prefix, data[train], data["test"], "--epochs", str(args.epochs),
           "--orion-threads=1", "--orion-cache=off", f"--orion-distribute={distribute}"]
    run_bench.log(shlex.join(cmd))
    r = run_bench.run_once(cmd, args.run_timeout, rss_dir)
    last = r["epochs"][-1] if r["epochs"] else {}
    return {"ranks": ranks, "distribute": distribute, "rss_mb_max": r["rss_kb_max"] / 1024,
            "rss_mb_min": r["rss_kb_min"] / 1024,
            "rss_mb_sum": r["rss_kb_sum"] / 1024, "wall": r["wall"],
            "test_rmse": last.get("test_rmse"), "command": shlex.join(cmd)}


def markdown(results):
    d = results["data"]
    lines = [
        "# Peak memory per rank: distributed against replicated ratings",
        "",
        "Generated by `" + results["command"] + "` (" + results["date"] + "). SGD MF on "
        f"{d['nnz_train']:,} training and {d['nnz_test']:,} test ratings ({d['rows']:,} x "
        f"{d['cols']:,}, Zipf), {results['epochs']} epoch(s), one thread per rank, ranks "
        "oversubscribed on a 2-core machine. Peak RSS per rank by `/usr/bin/time`; *max* is the "
        "largest over the ranks, *min* the smallest.",
        "",
        "Programs: `sgd_mf` is `examples/sgd_mf.cpp` (K = 16 at compile time, `histogram` "
        "clause); `mf_runtime_rank` (K = 32 read at run time, factors named P and Q, no "
        "`histogram`) and `mf_helper` (the update in helper functions, K = 32 at run time) are "
        "in `tools/bench/programs/`.",
        "",
        f"- data: {results['data_mb']:.0f} MB of ratings ({KEY_BYTES + VALUE_BYTES} bytes each); "
        "parameters W and H (their size per program below): W, a local array, lives with its "
        "rows (W / P per rank), H, rotated, is whole on every rank.",
        "- fixed cost: the same program on a 1,000-rating file at the same rank count (MPI "
        "library, runtime, factors).",
        "- bound: data / P + W / P + H + working set (the larger of the placement's buffers, "
        "one round's messages out, in, waiting for a slot and appended to those, four 32nds of "
        "the share, and "
        "the block sort's 2-byte block id per element of the share) + fixed cost.",
        "",
        "The training file in two orders: as generated (sorted by row, so most ratings a rank "
        "parses belong to its own partition) and shuffled (three quarters of them move at 4 "
        "ranks). *vs 1 rank*: against the same program's 1-rank peak on the same file.",
        "",
        "| program | file | ranks | distributed: max per rank (MB) | min (MB) | vs 1 rank | "
        "replicated: max per rank (MB) | vs 1 rank | parameters (MB) | fixed cost (MB) | "
        "bound (MB) | distributed within bound | test RMSE distributed / replicated |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for row in results["runs"]:
        base = next(r for r in results["runs"] if r["program"] == row["program"]
                    and r["order"] == row["order"] and r["ranks"] == 1)
        base = base["distributed"]["rss_mb_max"]
        dist, rep = row["distributed"], row["replicated"]
        lines.append(
            f"| {row['program']} | {row['order']} | {row['ranks']} | {dist['rss_mb_max']:.0f} | "
            f"{dist['rss_mb_min']:.0f} | {dist['rss_mb_max'] / base:.2f}x | "
            f"{rep['rss_mb_max']:.0f} | {rep['rss_mb_max'] / base:.2f}x | "
            f"{row['params_mb']:.1f} | {row['fixed_mb']:.0f} | {row['bound_mb']:.0f} | "
            f"{'yes' if dist['rss_mb_max'] <= row['bound_mb'] else 'no'} | "
            f"{dist['test_rmse']} / {rep['test_rmse']} |")
    lines += ["", "![peak RSS per rank vs ranks](bench/memory_rss_vs_ranks.svg)", "",
              "## Commands", ""]
    for row in results["runs"]:
        for key in ("distributed", "replicated"):
            lines.append(f"- {row['program']}, {row['order']} file, {row['ranks']} rank(s), "
                         f"{key}: `{row[key]['command']}`")
    return "\n".join(lines) + "\n"


def main(argv):
    args = parse_args(argv)
    work = Path(args.work).resolve()
    out = Path(args.out).resolve()
    data = run_bench.generate(args, f"memory-{args.nnz}", args.rows, args.cols, args.nnz, work,
                              shuffled=True)
    tiny = run_bench.generate(args, "memory-tiny", 500, 200, 1000, work)
    rss_dir = work / "memory-rss"
    rss_dir.mkdir(parents=True, exist_ok=True)
    data_mb = (data["nnz_train"] + data["nnz_test"]) * (KEY_BYTES + VALUE_BYTES) / 2**20
    runs = []
    for name in args.programs:
        program = build_program(args, work, name)
        w_mb, h_mb = (n * PROGRAMS[name][1] * 4 / 2**20 for n in (args.rows, args.cols))
        params_mb = w_mb + h_mb
        fixed = {ranks: run(args, program, tiny, ranks, "on", rss_dir)["rss_mb_max"]
                 for ranks in args.ranks}
        for order, train in (("sorted", "train"), ("shuffled", "train_shuffled")):
            for ranks in args.ranks:
                row = {"program": name, "order": order, "ranks": ranks, "fixed_mb": fixed[ranks],
                       "params_mb": params_mb}
                for key, flag in (("distributed", "on"), ("replicated", "off")):
                    row[key] = run(args, program, data, ranks, flag, rss_dir, train)
                share = data_mb / ranks
                # One rank with one thread runs a single block: no placement, no sort.
                working = (max(4 * share / 32, share * BLOCK_ID_BYTES / (KEY_BYTES + VALUE_BYTES))
                           if ranks > 1 else 0)
                row["bound_mb"] = share + w_mb / ranks + h_mb + working + fixed[ranks]
                runs.append(row)
    results = {"command": shlex.join(["tools/bench/memory.py", *argv]),
               "date": run_bench.time.strftime("%Y-%m-%d"), "machine": run_bench.machine(args),
               "data": data, "epochs": args.epochs, "data_mb": data_mb, "runs": runs}
    main_program = args.programs[0]
    series = [{"label": f"{key}, {order} file",
               "points": [(r["ranks"], r[key]["rss_mb_max"]) for r in runs
                          if r["order"] == order and r["program"] == main_program]}
              for order in ("sorted", "shuffled") for key in ("distributed", "replicated")]
    series.append({"label": "bound", "dash": True,
                   "points": [(r["ranks"], r["bound_mb"]) for r in runs
                              if r["order"] == "sorted" and r["program"] == main_program]})
    svg = svg_plot.line_plot(series, f"Peak RSS per rank, {main_program}", "ranks", "MB", integer_x=True,
                             y_from_zero=True)
    (out / "bench").mkdir(parents=True, exist_ok=True)
    run_bench.write_atomic(out / "bench" / "memory_rss_vs_ranks.svg", svg)
    run_bench.write_atomic(out / "bench" / "memory.json", json.dumps(results, indent=1) + "\n")
    run_bench.write_atomic(out / "bench-memory.md", markdown(results))
    print(markdown(results))


if __name__ == "__main__":
    main(sys.argv[1:])
