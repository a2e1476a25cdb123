#!/usr/bin/env python3
"""The SGD MF benchmark grid of issue 14: programs the team did not tune for, on data in several
orders and distributions, in every configuration, from one command.

    tools/bench/grid.py [--nnz 2000000] [--epochs 6] [--reps 3] [--libmf SRC_DIR]
                        [--programs NAME,...] [--out docs] [--work build/bench-work]

1. Programs (grid_programs.PROGRAMS): examples/sgd_mf.cpp and the variants in
   tools/bench/programs/, written the way other users write SGD MF: the rank fixed at compile time
   (16, 32, 64) or read at run time (16, 32, 64), other names, the update written with indices,
   with row spans, or in helper functions. Each is built twice per flag set, by g++ against the
   header-only serial runtime and by orionc, with -O3 -march=native -DNDEBUG, and once more without
   -DNDEBUG (a common user build) for the one-worker comparison.
2. Data (gen_ratings): Zipf-skewed rows and columns in the generator's order (sorted by row) and
   in a random order, and uniform popularity in a random order.
3. Configurations: serial, orionc 1 and 2 threads, orionc 2 ranks x 1 thread, and for the test
   RMSE at 4 workers orionc 2 ranks x 2 threads (once: the RMSE does not depend on timing, and
   4 workers on 2 cores give no time worth reporting); for rank 16 the
   hand-written baseline (tools/bench/stratified_sgd.cpp, 2 threads); with --libmf, LIBMF's
   mf-train at 2 threads with the same rank (built from the given source tree into WORK, never
   into the repository).
4. Per cell, medians of interleaved repetitions: the steady-state time per epoch (from the arrival
   times of the epoch lines), startup + load (an --epochs 0 run), the first epoch's extra time
   (layout and schedule set-up in orionc), the final test RMSE against serial's and the peak RSS.
   Startup + load is measured once per cell (first repetition).
5. The two-process experiment: per data set, two serial processes of one program run at once;
   their slowdown against one alone bounds the speed-up any 2-worker run can reach here.

Writes OUT/bench-grid.md and OUT/bench/grid.json. Nothing here asserts on speed.
"""

import argparse
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parent))
import grid_programs  # noqa: E402
import grid_report  # noqa: E402
from run_bench import (EPOCH_LINE, LIBMF_LINE, REPO, build, generate, log,  # noqa: E402
                       machine, median, run_once, time_per_epoch, wrap, write_atomic)

RELEASE = "-O3 -march=native -DNDEBUG"
# Configurations run once, for their test RMSE: more workers than cores, so no timing is reported.
RMSE_ONLY = {"orionc-r2t2"}
ASSERTS = "-O3 -march=native"


def build_programs(args, work, programs):
    """{(program name, flags): {"serial": path, "orionc": path}} for every program."""
    bindir = work / "grid-bin"
    bindir.mkdir(parents=True, exist_ok=True)
    include = REPO / "runtime" / "include"
    headers = sorted(str(p) for p in include.rglob("*.hpp"))
    rt = Path(args.orionc).resolve().parents[1] / "runtime" / "liborion_rt.a"
    out = {}
    for prog in programs:
        for tag, flags in (("release", RELEASE), ("asserts", ASSERTS)):
            if tag == "asserts" and not args.asserts:
                continue
            f = [*shlex.split(flags), *prog.defines]
            serial = bindir / f"{prog.name}.{tag}.serial"
            orion = bindir / f"{prog.name}.{tag}.orionc"
            build([args.cxx, "-std=c++20", *f, "-Wno-unknown-pragmas", f"-I{include}",
                   str(prog.source), "-o", str(serial) + ".tmp"], serial,
                  [prog.source, *headers])
            build([args.orionc, str(prog.source), *f, "-o", str(orion) + ".tmp"], orion,
                  [prog.source, *headers, args.orionc, rt])
            out[(prog.name, tag)] = {"serial": str(serial), "orionc": str(orion)}
    return out


def build_libmf(args, work):
    """Builds mf-train from a copy of the LIBMF source tree given with --libmf (in WORK)."""
    src = Path(args.libmf).resolve()
    if not (src / "mf-train.cpp").exists():
        sys.exit(f"grid: {src}: not a LIBMF source tree (no mf-train.cpp)")
    target = work / "grid-bin" / "libmf-train"
    if target.exists() and target.stat().st_mtime >= (src / "mf.cpp").stat().st_mtime:
        return str(target)
    with tempfile.TemporaryDirectory(dir=work) as tmp:
        tree = Path(tmp) / "libmf"
        shutil.copytree(src, tree, ignore=shutil.ignore_patterns(".git"))
        log(f"building LIBMF in {tree}")
        done = subprocess.run(["make", "-C", str(tree), "mf-train"], stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True)
        if done.returncode != 0:
            sys.exit(f"grid: building LIBMF failed:\n{done.stdout[-3000:]}")
        shutil.copy2(tree / "mf-train", str(target) + ".tmp")
        os.replace(str(target) + ".tmp", target)
    return str(target)


def mpi_prefix(args, ranks):
    cmd = [args.mpiexec, "-np", str(ranks)]
    if os.geteuid() == 0:
        cmd.append("--allow-run-as-root")
    if ranks > (os.cpu_count() or 1):
        cmd.append("--oversubscribe")
    return cmd


def cells_for(args, prog, bins, data, libmf):
    """The configurations of one program on one data set: (name, prefix, rest, is_mpi), where
    prefix ends with the binary (wrap() inserts its tools before it) and rest(epochs) is the
    rest of the command."""
    rel = bins[(prog.name, "release")]
    train, test = data["train_file"], data["test"]

    def own(extra):
        return lambda e: [train, test, "--epochs", str(e), *prog.args, *extra,
                          "--orion-cache=off"]

    t1 = own(["--orion-threads=1"])
    cells = [("serial", [rel["serial"]], own([]), False),
             ("orionc-t1", [rel["orionc"]], t1, False),
             ("orionc-t2", [rel["orionc"]], own(["--orion-threads=2"]), False),
             ("orionc-r2", [*mpi_prefix(args, 2), rel["orionc"]], t1, True),
             # 4 workers, for the test RMSE only (RMSE_ONLY).
             ("orionc-r2t2", [*mpi_prefix(args, 2), rel["orionc"]],
              own(["--orion-threads=2"]), True)]
    if args.asserts:
        dbg = bins[(prog.name, "asserts")]
        cells += [("serial-asserts", [dbg["serial"]], own([]), False),
                  ("orionc-t1-asserts", [dbg["orionc"]], t1, False)]
    if prog.name == "sgd_mf":
        # The baseline is the example's algorithm by hand, rank 16 only.
        cells.append(("baseline-t2", [args.baseline],
                      lambda e: [train, test, "--epochs", str(e), "--threads", "2",
                                 "--orion-cache=off"], False))
    if libmf and prog.reference:
        # The same rank, learning rate and L2 as the programs; LIBMF adapts its step per row.
        model = str(Path(args.work) / "libmf.model")
        cells.append(("libmf-t2", [libmf],
                      lambda e: ["-k", str(prog.rank), "-t", str(e), "-r", "0.05", "-l2", "0.01",
                                 "-s", "2", "-p", test, train, model], False))
    return cells


def command(cell, epochs):
    return [*cell["prefix"], *cell["rest"](epochs)]


def measure_cell(args, cell, epochs, rss_dir):
    pattern = LIBMF_LINE if cell["libmf"] else EPOCH_LINE
    run = run_once([*wrap(cell["prefix"], cell["is_mpi"], rss_dir), *cell["rest"](epochs)],
                   args.run_timeout, rss_dir, pattern)
    if len(run["epochs"]) != epochs:
        sys.exit(f"grid: {shlex.join(command(cell, epochs))} printed {len(run['epochs'])} epoch"
                 f" lines, expected {epochs}")
    return run


def run_grid(args, programs, bins, datasets, libmf, work):
    rss_dir = work / "rss"
    rss_dir.mkdir(parents=True, exist_ok=True)
    cells = []
    for data in datasets:
        for prog in programs:
            for name, prefix, rest, is_mpi in cells_for(args, prog, bins, data, libmf):
                cells.append({"data": data["name"], "program": prog.name, "config": name,
                              "prefix": prefix, "rest": rest, "is_mpi": is_mpi, "train": [],
                              "load": [],
                              "libmf": name.startswith("libmf")})
    for rep in range(args.reps):
        for c in cells:
            if c["config"] in RMSE_ONLY and rep:
                continue
            # Startup + load varies little between runs; once per cell keeps the grid short.
            load = [] if c["libmf"] or rep or c["config"] in RMSE_ONLY else [("load", 0)]
            for kind, e in (*load, ("train", args.epochs)):
                c[kind].append(measure_cell(args, c, e, rss_dir))
            log(f"rep {rep + 1}/{args.reps} {c['data']} {c['program']} {c['config']}: "
                f"{c['train'][-1]['wall']:.2f} s")
    return [summarize(c, args.epochs) for c in cells]


def summarize(c, epochs):
    load_wall = median(r["wall"] for r in c["load"]) if c["load"] else None
    tpes = [time_per_epoch(r, load_wall or 0.0) for r in c["train"]]
    rep = c["train"][sorted(range(len(tpes)), key=tpes.__getitem__)[len(tpes) // 2]]
    tpe = median(tpes)
    first = median(r["epochs"][0]["t"] for r in c["train"])
    return {
        "data": c["data"], "program": c["program"], "config": c["config"],
        "command": shlex.join(command(c, epochs)), "time_per_epoch": tpe,
        "time_per_epoch_reps": tpes, "startup_load_s": load_wall,
        # The first epoch's line arrives after startup, loading and one epoch; what is left is
        # the first loop's set-up (orionc: schedule, partitions, layout).
        "first_epoch_extra_s": (first - load_wall - tpe) if load_wall is not None else None,
        "test_rmse": median(r["epochs"][-1]["test_rmse"] for r in c["train"]),
        "curve": [{"epoch": x["epoch"], "test_rmse": x["test_rmse"],
                   "seconds": x["t"] - (load_wall or 0.0)} for x in rep["epochs"]],
        "rss_mb_max": median(r["rss_kb_max"] for r in c["train"]) / 1024,
    }


def two_process(args, programs, bins, datasets, work):
    """Per data set: the median time per epoch of one serial process alone and of two at once."""
    rss_dir = work / "rss-pair"
    rss_dir.mkdir(parents=True, exist_ok=True)
    prog = next((p for p in programs if p.pair), programs[0])
    serial = bins[(prog.name, "release")]["serial"]
    out = []
    for data in datasets:
        rest = [data["train_file"], data["test"], "--epochs", str(args.epochs), *prog.args,
                "--orion-cache=off"]
        cmd = [serial, *rest]
        alone, pair = [], []
        for _ in range(args.reps):
            alone.append(time_per_epoch(run_once([*wrap([serial], False, rss_dir), *rest],
                                                 args.run_timeout, rss_dir), 0.0))
            results = [None, None]

            def one(i):
                d = rss_dir / f"p{i}"
                d.mkdir(exist_ok=True)
                results[i] = run_once([*wrap([serial], False, d), *rest], args.run_timeout, d)

            threads = [threading.Thread(target=one, args=(i,)) for i in range(2)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            if None in results:
                sys.exit(f"grid: the two-process run of {shlex.join(cmd)} failed")
            pair.append(median(time_per_epoch(r, 0.0) for r in results))
        out.append({"data": data["name"], "program": prog.name, "alone": median(alone),
                    "pair": median(pair), "command": shlex.join(cmd)})
        log(f"two processes on {data['name']}: {out[-1]['pair'] / out[-1]['alone']:.2f}x slower")
    return out


def make_datasets(args, work):
    out = []
    for dist, zipf in (("zipf", args.zipf), ("uniform", 0.0)):
        gen_args = SimpleNamespace(**{**vars(args), "zipf": zipf})
        base = generate(gen_args, f"grid-{dist}-{args.nnz}", args.rows, args.cols, args.nnz,
                        work, shuffled=True)
        orders = ("sorted", "random") if dist == "zipf" else ("random",)
        for order in orders:
            train = base["train"] if order == "sorted" else base["train_shuffled"]
            out.append(dict(base, name=f"{dist}, {order}", dist=dist, order=order,
                            train_file=train))
    return out


def add_data_args(p):
    """The generated data set's options, shared with convergence.py."""
    p.add_argument("--rows", type=int, default=50_000)
    p.add_argument("--cols", type=int, default=10_000)
    p.add_argument("--nnz", type=int, default=2_000_000, help="train + test ratings")
    p.add_argument("--rank", type=int, default=8, help="true rank of the generated data")
    p.add_argument("--zipf", type=float, default=1.1, help="Zipf exponent of the skewed sets")
    p.add_argument("--seed", type=int, default=1)


def add_tool_args(p):
    """Where results go and which tools build and run the programs, shared with convergence.py."""
    p.add_argument("--out", default=str(REPO / "docs"))
    p.add_argument("--work", default=str(REPO / "build" / "bench-work"))
    p.add_argument("--orionc", default=str(REPO / "build" / "compiler" / "orionc"))
    p.add_argument("--gen-ratings", default=str(REPO / "build" / "tools" / "gen_ratings"))
    p.add_argument("--mpiexec", default=shutil.which("mpiexec") or "mpiexec")
    p.add_argument("--cxx", default="g++")
    p.add_argument("--run-timeout", type=float, default=3600, help="seconds per run")


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_data_args(p)
    p.add_argument("--epochs", type=int, default=6)
    p.add_argument("--reps", type=int, default=3, help="repetitions; figures are medians")
    p.add_argument("--programs", default="", help="comma-separated subset of the programs")
    p.add_argument("--no-asserts", dest="asserts", action="store_false",
                   help="skip the builds without -DNDEBUG")
    p.add_argument("--no-pair", dest="pair", action="store_false",
                   help="skip the two-process experiment")
    p.add_argument("--libmf", help="LIBMF source tree (e.g. a fetched cjlin1/libmf)")
    add_tool_args(p)
    return p.parse_args(argv)


def build_baseline(args, work):
    include = REPO / "runtime" / "include"
    src = REPO / "tools" / "bench" / "stratified_sgd.cpp"
    out = work / "grid-bin" / "stratified_sgd"
    build([args.cxx, "-std=c++20", *shlex.split(RELEASE), "-pthread", f"-I{include}", str(src),
           "-o", str(out) + ".tmp"], out, [src, *include.rglob("*.hpp")])
    return str(out)


def main(argv):
    args = parse_args(argv)
    work, out = Path(args.work).resolve(), Path(args.out).resolve()
    for tool in (args.orionc, args.gen_ratings):
        if not os.access(tool, os.X_OK):
            sys.exit(f"grid: {tool} not found: build the project first (tools/bootstrap.sh)")
    programs = grid_programs.select(args.programs)
    datasets = make_datasets(args, work)
    bins = build_programs(args, work, programs)
    args.baseline = build_baseline(args, work)
    libmf = build_libmf(args, work) if args.libmf else None
    results = {"machine": machine(args), "command": shlex.join([sys.argv[0], *argv]),
               "epochs": args.epochs, "reps": args.reps, "release_flags": RELEASE,
               "asserts_flags": ASSERTS if args.asserts else None,
               "programs": [p.describe() for p in programs],
               "datasets": [{k: d[k] for k in ("name", "nnz_train", "nnz_test", "gen_output",
                                                "dist", "order")} for d in datasets]}
    results["cells"] = run_grid(args, programs, bins, datasets, libmf, work)
    results["pairs"] = two_process(args, programs, bins, datasets, work) if args.pair else []
    (out / "bench").mkdir(parents=True, exist_ok=True)
    write_atomic(out / "bench" / "grid.json", json.dumps(results, indent=1) + "\n")
    write_atomic(out / "bench-grid.md", grid_report.markdown(results))
    log(f"wrote {out / 'bench-grid.md'}")
    print(grid_report.summary(results))


if __name__ == "__main__":
    main(sys.argv[1:])
