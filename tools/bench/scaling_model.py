#!/usr/bin/env python3
"""A model of one SGD MF epoch on many ranks, from measured quantities (issue 15).

    tools/bench/scaling_model.py --ns-per-rating 34 [--ratings 100e6 --rows 480189 --cols 17770
                                 --k 16] [--ranks 16,64,256] [--gbps 10,40]

Inputs, all stated in the output:
- ns per rating: the serial build's time per rating update, measured on this machine;
- the cost model's bytes per pass of the 2D rotation orionc picks for examples/sgd_mf.cpp
  (`orionc --dump=deps`), which `--orion-stats` matched exactly at 2 and 4 ranks
  (docs/benchmarks.md, "Bytes per pass against the cost model"):
      (P - 1) |H| + (R - 1) |H|
  the first term the rotation of H around the ring of P workers, the second the exchange after
  the loop that leaves every rank's copy of H whole. W's rows stay on the rank that wrote them
  (docs/runtime.md, "Local arrays stay with their rows"); with --replicated-w the model adds the
  (R - 1) |W| of the exchange that kept W whole on every rank before;
- a network of G Gbit/s per rank, full duplex, and a latency of 20 us per message.

The model: a rank computes nnz / P ratings (the partition is balanced by the histogram) and, in
the rotation, receives one H part per step (k P steps of the pipeline, depth k), overlapped with
compute; after the loop it receives everyone else's rows of H (an all-gather: each rank receives
(R - 1) / R of it), and of W with --replicated-w. Epoch = max(compute, rotation traffic /
bandwidth + steps x latency) + all-gather / bandwidth. One rank per core: P = R. The test pass's
fetch of the W rows a rank lacks is left out (0.03 MB per pass for 9.9M ratings at 2 ranks).
Nothing here is measured at 16+ ranks.
"""

import argparse


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--ns-per-rating", type=float, required=True)
    p.add_argument("--ratings", type=float, default=100e6)
    p.add_argument("--rows", type=int, default=480_189)
    p.add_argument("--cols", type=int, default=17_770)
    p.add_argument("--k", type=int, default=16)
    p.add_argument("--ranks", default="1,16,64,256")
    p.add_argument("--gbps", default="10,40")
    p.add_argument("--latency-us", type=float, default=20.0)
    p.add_argument("--depth", type=int, default=2)
    p.add_argument("--replicated-w", action="store_true",
                   help="W whole on every rank after each pass, as before it stayed with its rows")
    a = p.parse_args()
    w_bytes, h_bytes = a.rows * a.k * 4, a.cols * a.k * 4
    print(f"Model inputs: {a.ratings:.3g} ratings, W {a.rows:,} x {a.k}, H {a.cols:,} x {a.k} "
          f"(float: |W| = {w_bytes / 1e6:.1f} MB, |H| = {h_bytes / 1e6:.2f} MB), "
          f"{a.ns_per_rating:g} ns per rating (measured serially), {a.latency_us:g} us per "
          f"message, rotation depth {a.depth}; W "
          f"{'gathered whole on every rank after each pass' if a.replicated_w else 'kept with its rows'}.\n")
    print("| ranks | network | compute (s) | rotation traffic per rank (MB) | all-gather per rank "
          "(MB) | epoch (s) | speed-up vs 1 rank | share of the epoch in the all-gather |")
    print("|---|---|---|---|---|---|---|---|")
    serial = a.ratings * a.ns_per_rating * 1e-9
    for gbps in (float(g) for g in a.gbps.split(",")):
        bandwidth = gbps * 1e9 / 8
        for r in (int(x) for x in a.ranks.split(",")):
            compute = serial / r
            if r == 1:
                rotation = gather = 0.0
                epoch = compute
            else:
                # A rank receives the H part of each of the k P steps but its own first ones:
                # (P - 1) |H| over all ranks, per rank (P - 1) |H| / P.
                rotation = (r - 1) * h_bytes / r
                gather = (r - 1) / r * ((w_bytes if a.replicated_w else 0) + h_bytes)
                steps = a.depth * r
                epoch = max(compute, rotation / bandwidth + steps * a.latency_us * 1e-6) + \
                    gather / bandwidth
            print(f"| {r} | {gbps:g} Gbit/s | {compute:.3f} | {rotation / 1e6:.2f} | "
                  f"{gather / 1e6:.1f} | {epoch:.3f} | {serial / epoch:.1f}x | "
                  f"{(gather / bandwidth) / epoch * 100 if r > 1 else 0:.0f}% |")


if __name__ == "__main__":
    main()
