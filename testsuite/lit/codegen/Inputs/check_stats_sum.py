"""Checks that the per-loop lines of --orion-stats add up to the totals line: runs exactly,
seconds and megabytes up to the printed rounding; and that each loop's megabytes by array add up
to the loop's. Usage: check_stats_sum.py STDERR_FILE..."""
import re
import sys

TOTAL = re.compile(r"rank 0 ran (\d+) parallel loop\(s\) in ([0-9.]+) s; .* sent ([0-9.]+) MB")
LOOP = re.compile(r"rank 0 loop \S+ \[[^\]]*\]: (\d+) run\(s\), ([0-9.]+) s .* sent ([0-9.]+) MB")
LOOP_MB = re.compile(r"rank 0 loop (\S+) \[[^\]]*\]: .* sent ([0-9.]+) MB")
BY_ARRAY = re.compile(r"rank 0 loop (\S+) sent, by array: (.*)")
ITEM = re.compile(r"([0-9.]+) MB \(\d+%\)")

for path in sys.argv[1:]:
    text = open(path).read()
    total = TOTAL.search(text)
    loops = LOOP.findall(text)
    if not total or not loops:
        sys.exit(f"{path}: no totals line or no per-loop lines")
    runs, seconds, mb = int(total[1]), float(total[2]), float(total[3])
    if sum(int(l[0]) for l in loops) != runs:
        sys.exit(f"{path}: per-loop runs do not add up to {runs}")
    # Each printed figure is rounded to its last digit: allow one unit per line.
    if abs(sum(float(l[1]) for l in loops) - seconds) > 0.001 * (len(loops) + 1):
        sys.exit(f"{path}: per-loop seconds do not add up to {seconds}")
    if abs(sum(float(l[2]) for l in loops) - mb) > 0.1 * (len(loops) + 1):
        sys.exit(f"{path}: per-loop megabytes do not add up to {mb}")
    loop_mb = {where: float(m) for where, m in LOOP_MB.findall(text)}
    for where, items in BY_ARRAY.findall(text):
        parts = [float(x) for x in ITEM.findall(items)]
        if where not in loop_mb or not parts:
            sys.exit(f"{path}: a by-array line for {where} without its loop line or its figures")
        if abs(sum(parts) - loop_mb[where]) > 0.1 * (len(parts) + 1):
            sys.exit(f"{path}: the arrays of {where} do not add up to its {loop_mb[where]} MB")
print("ok")
