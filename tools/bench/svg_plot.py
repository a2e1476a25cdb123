"""Line plots as self-contained SVG text, for the benchmark report.

Hand-written rather than matplotlib: the harness must run on a machine that has only the project's
Debian packages and the Python standard library.
"""

import html
import math

WIDTH, HEIGHT = 840, 440
LEFT, RIGHT, TOP, BOTTOM = 78, 270, 40, 58  # margins; the legend sits in the right one
COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f"]
DASHES = ["", "6,3", "2,3", "8,3,2,3"]


def nice_ticks(lo, hi, count=6):
    """About `count` round tick values covering [lo, hi], in steps of 1, 2 or 5 x 10^n."""
    if not (math.isfinite(lo) and math.isfinite(hi)):
        return [0.0, 1.0]
    if hi <= lo:
        pad = abs(lo) * 0.1 or 1.0
        lo, hi = lo - pad, hi + pad
    raw = (hi - lo) / max(1, count - 1)
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw)
    first = math.floor(lo / step) * step
    ticks = []
    value = first
    while value < hi + step * 0.5:
        ticks.append(round(value, 12))
        value += step
    if ticks[-1] < hi:
        ticks.append(round(value, 12))
    return ticks


def format_tick(value):
    if value == 0:
        return "0"
    if abs(value) >= 1e4 or abs(value) < 1e-3:
        return f"{value:.2g}"
    return f"{value:.6g}"


def line_plot(series, title, xlabel, ylabel, integer_x=False, y_from_zero=False):
    """series: list of {"label": str, "points": [(x, y), ...], optional "dash": bool}.

    y_from_zero: start the y axis at 0, so that heights compare as ratios (times, not RMSEs).
    Returns the SVG document as a string. Non-finite points are dropped, so a failed run shows as
    a gap rather than breaking the axes.
    """
    cleaned = []
    for s in series:
        pts = [(float(x), float(y)) for x, y in s["points"]
               if math.isfinite(float(x)) and math.isfinite(float(y))]
        cleaned.append((s, pts))
    xs = [x for _, pts in cleaned for x, _ in pts] or [0.0, 1.0]
    ys = [y for _, pts in cleaned for _, y in pts] or [0.0, 1.0]
    xt = nice_ticks(min(xs), max(xs))
    if integer_x:
        xt = sorted({int(round(t)) for t in xt}) if len(xt) > 1 else [0, 1]
    yt = nice_ticks(min(min(ys), 0.0) if y_from_zero else min(ys), max(ys))
    x0, x1, y0, y1 = xt[0], xt[-1], yt[0], yt[-1]
    if x1 == x0:
        x1 = x0 + 1
    if y1 == y0:
        y1 = y0 + 1
    pw, ph = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def px(x):
        return LEFT + (x - x0) / (x1 - x0) * pw

    def py(y):
        return TOP + ph - (y - y0) / (y1 - y0) * ph

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
        f'<text x="{LEFT + pw / 2}" y="22" text-anchor="middle" font-size="15">'
        f"{html.escape(title)}</text>",
    ]
    for t in xt:
        x = px(t)
        out.append(f'<line x1="{x:.1f}" y1="{TOP}" x2="{x:.1f}" y2="{TOP + ph}" stroke="#e5e5e5"/>')
        out.append(f'<text x="{x:.1f}" y="{TOP + ph + 18}" text-anchor="middle">'
                   f"{format_tick(t)}</text>")
    for t in yt:
        y = py(t)
        out.append(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{LEFT + pw}" y2="{y:.1f}" '
                   'stroke="#e5e5e5"/>')
        out.append(f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">'
                   f"{format_tick(t)}</text>")
    out.append(f'<rect x="{LEFT}" y="{TOP}" width="{pw}" height="{ph}" fill="none" '
               'stroke="black"/>')
    out.append(f'<text x="{LEFT + pw / 2}" y="{HEIGHT - 16}" text-anchor="middle">'
               f"{html.escape(xlabel)}</text>")
    out.append(f'<text transform="translate(18,{TOP + ph / 2}) rotate(-90)" text-anchor="middle">'
               f"{html.escape(ylabel)}</text>")
    for n, (s, pts) in enumerate(cleaned):
        color = COLORS[n % len(COLORS)]
        dash = DASHES[(n // len(COLORS) + (1 if s.get("dash") else 0)) % len(DASHES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        if len(pts) > 1:
            coords = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in pts)
            out.append(f'<polyline points="{coords}" fill="none" stroke="{color}" '
                       f'stroke-width="2"{dash_attr}/>')
        for x, y in pts:
            out.append(f'<circle cx="{px(x):.1f}" cy="{py(y):.1f}" r="3" fill="{color}"/>')
        ly = TOP + 10 + 20 * n
        lx = LEFT + pw + 14
        out.append(f'<line x1="{lx}" y1="{ly}" x2="{lx + 24}" y2="{ly}" stroke="{color}" '
                   f'stroke-width="2"{dash_attr}/>')
        out.append(f'<text x="{lx + 30}" y="{ly + 4}">{html.escape(s["label"])}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"
