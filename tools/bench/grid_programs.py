"""The programs of the benchmark grid (tools/bench/grid.py): the team's example and SGD MF
variants written the way other users write it. Every program takes TRAIN TEST --epochs N and
prints "epoch E train_rmse X test_rmse Y"; `args` are its own extra flags."""

from pathlib import Path
from typing import NamedTuple

REPO = Path(__file__).resolve().parents[2]
VARIANTS = REPO / "tools" / "bench" / "programs"


class Program(NamedTuple):
    name: str
    source: Path
    rank: int
    how: str  # what is different about it, for the report
    defines: tuple = ()
    args: tuple = ()
    reference: bool = False  # LIBMF runs once per rank, next to this program
    pair: bool = False  # the program of the two-process experiment

    def describe(self):
        return {"name": self.name, "source": str(self.source.relative_to(REPO)),
                "rank": self.rank, "how": self.how, "defines": list(self.defines),
                "args": list(self.args)}


def _const(k, **kw):
    return Program(f"const_rank_{k}", VARIANTS / "mf_const_rank.cpp", k,
                   "rank a compile-time constant, names user_f/item_f, update via temporaries",
                   defines=(f"-DMF_RANK={k}",), **kw)


def _runtime(k, **kw):
    return Program(f"runtime_rank_{k}", VARIANTS / "mf_runtime_rank.cpp", k,
                   "rank read at run time (--k), names P/Q, `+=` updates", args=("--k", str(k)),
                   **kw)


PROGRAMS = [
    Program("sgd_mf", REPO / "examples" / "sgd_mf.cpp", 16,
            "the team's example: rank 16 compile-time, W/H, `histogram` clause", reference=True),
    _const(16), _const(32), _const(64, reference=True),
    _runtime(16), _runtime(32, reference=True, pair=True), _runtime(64),
    Program("row_span_32", VARIANTS / "mf_row_span.cpp", 32,
            "rows as spans (W.row(u)), rank read at run time", args=("--k", "32")),
    Program("helper_32", VARIANTS / "mf_helper.cpp", 32,
            "predict and update in helper functions, rank read at run time", args=("--k", "32")),
]


def select(names):
    """The programs named in a comma-separated list (all when empty)."""
    if not names:
        return PROGRAMS
    wanted = [n for n in names.split(",") if n]
    known = {p.name: p for p in PROGRAMS}
    unknown = [n for n in wanted if n not in known]
    if unknown:
        raise SystemExit(f"grid: unknown program(s) {', '.join(unknown)}; known: "
                         f"{', '.join(known)}")
    return [known[n] for n in wanted]
