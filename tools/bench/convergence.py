#!/usr/bin/env python3
"""Convergence of SGD MF at P workers (issue 14, item 4): test RMSE per epoch at P = 1, 2, 4, 8
against the serial build, on the same data in row-sorted and in random order, for each rotation
depth k (time parts per worker, --orion-rotation-depth).

    tools/bench/convergence.py [--nnz 2000000] [--epochs 10] [--workers 1,2,4,8] [--depths 1,2]
                               [--programs runtime_rank_32,sgd_mf] [--reps 3]
                               [--out docs] [--work build/bench-work]

1. Data: gen_ratings with Zipf-skewed rows and columns, in the generator's order (sorted by row)
   and the same lines in a random order.
2. Programs: grid_programs.PROGRAMS (the team's example and variants written by others), each
   built by g++ (serial) and by orionc with -O3 -march=native -DNDEBUG.
3. Curves: one run per (program, order, P, k), P workers as P threads of one rank. The result of
   a parallel loop depends on the number of workers, not on their split into ranks and threads
   (docs/runtime.md); the harness checks that claim once per program and order, 2 ranks x 1
   thread against 2 threads, and reports whether the epoch lines were identical. Runs are
   deterministic (fixed data, seed and worker count), so one run per curve.
4. Cost of k: steady-state seconds per epoch at 2 threads for each k, medians of --reps
   interleaved repetitions. Never an assertion: this machine is noisy.

Writes OUT/bench-convergence.md, OUT/bench/convergence.json and OUT/bench/convergence_*.svg.
"""

import argparse
import json
import os
import shlex
import sys
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parent))
import grid_programs  # noqa: E402
import svg_plot  # noqa: E402
from grid import add_data_args, add_tool_args, build_programs, mpi_prefix  # noqa: E402
from run_bench import (generate, log, machine, median, run_once, time_per_epoch,  # noqa: E402
                       wrap, write_atomic)


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_data_args(p)
    p.add_argument("--epochs", type=int, default=10)
    p.add_argument("--workers", default="1,2,4,8")
    p.add_argument("--depths", default="1,2", help="rotation depths k to compare")
    p.add_argument("--programs", default="runtime_rank_32,sgd_mf")
    p.add_argument("--reps", type=int, default=3, help="repetitions of the timing runs")
    add_tool_args(p)
    args = p.parse_args(argv)
    args.workers = [int(x) for x in args.workers.split(",")]
    args.depths = [int(x) for x in args.depths.split(",")]
    if any(w < 1 for w in args.workers) or any(k < 1 for k in args.depths):
        p.error("--workers and --depths take positive integers")
    args.asserts = False  # build_programs: release builds only
    return args


class Runner:
    def __init__(self, args, work):
        self.args = args
        self.rss_dir = work / "rss-convergence"
        self.rss_dir.mkdir(parents=True, exist_ok=True)

    def run(self, prefix, rest, is_mpi=False):
        """Runs prefix + rest; prefix ends with the program (wrap() puts stdbuf before it, so
        the epoch lines arrive when printed)."""
        cmd = [*prefix, *rest]
        r = run_once([*wrap(prefix, is_mpi, self.rss_dir), *rest], self.args.run_timeout,
                     self.rss_dir)
        if len(r["epochs"]) != self.args.epochs:
            sys.exit(f"convergence: {shlex.join(cmd)} printed {len(r['epochs'])} epoch lines, "
                     f"expected {self.args.epochs}")
        return r


def program_args(prog, data, train, epochs):
    return [train, data["test"], "--epochs", str(epochs), *prog.args, "--orion-cache=off"]


def curves_for(args, runner, prog, bins, data, order, train):
    """{config label: [test RMSE per epoch]} and whether 2 ranks printed what 2 threads did."""
    rest = program_args(prog, data, train, args.epochs)
    out = {"serial": runner.run([bins["serial"]], rest)}
    for p in args.workers:
        for k in (args.depths if p > 1 else args.depths[:1]):  # one worker: one block, any k
            label = f"P={p}" if p == 1 else f"P={p} k={k}"
            out[label] = runner.run([bins["orionc"]], [*rest, f"--orion-threads={p}",
                                                       f"--orion-rotation-depth={k}"])
    # The ranks hold the whole array, as the threads' one rank does: distributed, each rank sorts
    # its own share into its blocks, which runs the same blocks with their elements in another
    # order (docs/runtime.md, "Distributed sparse data").
    ranks = runner.run([*mpi_prefix(args, 2), bins["orionc"]],
                       [*rest, "--orion-threads=1", f"--orion-rotation-depth={args.depths[0]}",
                        "--orion-distribute=off"],
                       is_mpi=True)
    threads = out.get(f"P=2 k={args.depths[0]}")
    split_ok = None
    if threads is not None:
        split_ok = [e["test_rmse"] for e in ranks["epochs"]] == \
            [e["test_rmse"] for e in threads["epochs"]]
    curves = {label: [e["test_rmse"] for e in r["epochs"]] for label, r in out.items()}
    log(f"{prog.name} {order}: " + ", ".join(f"{k} {v[-1]:.6f}" for k, v in curves.items()))
    return curves, split_ok


def timings(args, runner, prog, bins, data, train):
    """Median steady-state s/epoch at 2 threads per depth, interleaved repetitions."""
    rest = program_args(prog, data, train, args.epochs)
    per = {k: [] for k in args.depths}
    for _ in range(args.reps):
        for k in args.depths:
            r = runner.run([bins["orionc"]], [*rest, "--orion-threads=2",
                                              f"--orion-rotation-depth={k}"])
            per[k].append(time_per_epoch(r, 0.0))
    return {k: median(v) for k, v in per.items()}


def pct(value, ref):
    return f"{100.0 * (value / ref - 1.0):+.2f}%"


def markdown(results):
    a, m = results["args"], results["machine"]
    lines = [
        "# Convergence at P workers: SGD MF, sorted and random order",
        "",
        "Generated by `tools/bench/convergence.py`; every number comes from the run described "
        "here. Do not edit by hand: rerun the command.",
        "",
        f"- machine: {m.get('cpu', '?')}, {m.get('nproc', '?')} CPUs; {m.get('cxx', '?')}; "
        f"{m.get('orionc', '?')}; {m.get('mpi', '?')}",
        f"- command: `{results['command']}`",
        f"- data: {results['data']['gen_output']} ({results['data']['nnz_train']:,} training, "
        f"{results['data']['nnz_test']:,} test ratings); *sorted* is the generator's order (by "
        "row), *random* the same lines shuffled",
        f"- {a['epochs']} epochs; P workers run as P threads of one rank (the result depends on "
        "P, not on the split into ranks and threads; checked below); k is "
        "`--orion-rotation-depth`, the time parts per worker of the rotation (by default 1 on the "
        "sorted file and 2 on the shuffled one: the runtime chooses it from the data's order)",
        "",
        "## Test RMSE after the last epoch, against the serial build on the same file",
        "",
    ]
    labels = [lb for lb in next(iter(results["curves"].values()))["curves"] if lb != "serial"]
    lines.append("| program | order | serial | " + " | ".join(labels) + " |")
    lines.append("|---|---|---:|" + "---:|" * len(labels))
    for key, c in results["curves"].items():
        serial = c["curves"]["serial"][-1]
        cells = [f"{c['curves'][lb][-1]:.5f} ({pct(c['curves'][lb][-1], serial)})"
                 for lb in labels]
        lines.append(f"| {c['program']} | {c['order']} | {serial:.5f} | " + " | ".join(cells)
                     + " |")
    lines += ["", "2 ranks x 1 thread (`--orion-distribute=off`) printed the same epoch lines as "
              "2 threads: " + ", ".join(
        f"{c['program']} {c['order']} {'yes' if c['split_ok'] else 'NO'}"
        for c in results["curves"].values() if c["split_ok"] is not None) + ".", ""]
    lines += ["## Reading these figures", ""]
    for prog in dict.fromkeys(c["program"] for c in results["curves"].values()):
        by = {c["order"]: c["curves"] for c in results["curves"].values()
              if c["program"] == prog}
        if set(by) != {"sorted", "random"}:
            continue
        s_sorted, s_random = by["sorted"]["serial"][-1], by["random"]["serial"][-1]
        par = [lb for lb in by["sorted"] if lb.startswith("P=") and lb != "P=1"]
        worst = max(par, key=lambda lb: by["sorted"][lb][-1]) if par else None
        line = (f"- *{prog}*: the serial build ends at {s_sorted:.5f} on the row-sorted file and "
                f"at {s_random:.5f} ({pct(s_random, s_sorted)}) on the same ratings shuffled.")
        if worst:
            w = by["sorted"][worst][-1]
            line += (f" The worst parallel run on the sorted file ({worst}, {w:.5f}) is "
                     f"{pct(w, s_sorted)} from the sorted serial run and {pct(w, s_random)} from "
                     "the shuffled one.")
        lines.append(line)
    random_dev = [float(pct(c["curves"][lb][-1], c["curves"]["serial"][-1])[:-1])
                  for c in results["curves"].values() if c["order"] == "random"
                  for lb in c["curves"] if lb.startswith("P=") and lb != "P=1"]
    lines.append(
        "- A serial pass over row-sorted data runs each row's ratings back to back, each update "
        "of the row's factors using the one before. No parallel order keeps that: a rotation "
        "cuts every row into k·P pieces, one per time part, run at different times of the pass. "
        "On sorted data the parallel runs therefore lose part of the sorted order's head start "
        "over a shuffled file; that is the file order, not lost or stale updates (every run "
        "here is an exact schedule, which `--orion-replay-serial` reproduces bit for bit). "
        "Fewer pieces per row (smaller k) keep more of the sorted order.")
    if random_dev:
        lines.append(f"- On shuffled data, where the serial build has no such head start, the "
                     f"parallel runs end between {min(random_dev):+.2f}% and "
                     f"{max(random_dev):+.2f}% from it, whatever P and k.")
    lines.append("")
    lines += ["## Cost of k: seconds per epoch at 2 threads (medians)", "",
              "| program | order | " + " | ".join(f"k={k}" for k in a["depths"]) + " |",
              "|---|---|" + "---:|" * len(a["depths"])]
    for t in results["timings"]:
        lines.append(f"| {t['program']} | {t['order']} | " +
                     " | ".join(f"{t['seconds'][str(k)]:.4f}" for k in a["depths"]) + " |")
    lines += ["", "## Plots", ""]
    for name in results["plots"]:
        lines.append(f"![{name}](bench/{name})")
    lines.append("")
    return "\n".join(lines)


def main(argv):
    args = parse_args(argv)
    work, out = Path(args.work).resolve(), Path(args.out).resolve()
    for tool in (args.orionc, args.gen_ratings):
        if not os.access(tool, os.X_OK):
            sys.exit(f"convergence: {tool} not found: build the project first")
    programs = grid_programs.select(args.programs)
    data = generate(SimpleNamespace(**vars(args)), f"convergence-{args.nnz}", args.rows,
                    args.cols, args.nnz, work, shuffled=True)
    bins = build_programs(args, work, programs)
    runner = Runner(args, work)
    results = {"machine": machine(args), "command": shlex.join([sys.argv[0], *argv]),
               "args": {"epochs": args.epochs, "workers": args.workers, "depths": args.depths},
               "data": {k: data[k] for k in ("gen_output", "nnz_train", "nnz_test")},
               "curves": {}, "timings": [], "plots": []}
    (out / "bench").mkdir(parents=True, exist_ok=True)
    for prog in programs:
        b = bins[(prog.name, "release")]
        for order, train in (("sorted", data["train"]), ("random", data["train_shuffled"])):
            curves, split_ok = curves_for(args, runner, prog, b, data, order, train)
            results["curves"][f"{prog.name} {order}"] = {
                "program": prog.name, "order": order, "curves": curves, "split_ok": split_ok}
            results["timings"].append({"program": prog.name, "order": order, "seconds": {
                str(k): v for k, v in timings(args, runner, prog, b, data, train).items()}})
            name = f"convergence_{prog.name}_{order}.svg"
            series = [{"label": lb, "points": list(enumerate(v, 1)), "dash": lb == "serial"}
                      for lb, v in curves.items()]
            write_atomic(out / "bench" / name, svg_plot.line_plot(
                series, f"{prog.name}, {order} order: test RMSE per epoch", "epoch",
                "test RMSE", integer_x=True))
            results["plots"].append(name)
    write_atomic(out / "bench" / "convergence.json", json.dumps(results, indent=1))
    write_atomic(out / "bench-convergence.md", markdown(results))
    log(f"wrote {out / 'bench-convergence.md'}")


if __name__ == "__main__":
    main(sys.argv[1:])
