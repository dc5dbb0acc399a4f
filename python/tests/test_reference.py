"""Python against C: lk.flow compared with a direct transcription of SPEC.md
section 2 on seeded random inputs. All lengths are multiples of 1/64 and
coordinates stay below 2**17, so the results must be bit-identical."""

import math
import random

import layoutkernel as lk


def reference_flow(w, h, W, H, spacing, line_spacing, anchor, sides, breaks):
    """SPEC.md section 2, step by step, in double (exact on this input grid)."""
    n = len(w)
    leading, trailing, top, bottom = sides
    gap_x = (lambda a, b: max(trailing[a], leading[b])) if spacing is None else (lambda a, b: spacing)
    gap_y = (lambda a, b: max(bottom[a], top[b])) if line_spacing is None else (lambda a, b: line_spacing)
    limit = W if W is not None else math.inf
    rows, offsets, x = [], [0.0] * n, 0.0  # rows: [first item, item count, width]
    for i in range(n):
        if not rows:
            rows.append([i, 0, 0.0])
            s = 0.0
        else:
            s = gap_x(i - 1, i)
            if x + s + w[i] > limit or i in breaks:
                rows[-1][2] = x
                rows.append([i, 0, 0.0])
                s = x = 0.0
        offsets[i] = x + s
        x = x + s + w[i]
        rows[-1][1] += 1
    if rows:
        rows[-1][2] = x
    heights, tallest, ys = [], [], []
    for start, count, _ in rows:
        members = range(start, start + count)
        height = max(h[i] for i in members)
        heights.append(height)
        tallest.append(next(i for i in members if h[i] == height))
    for r in range(len(rows)):
        ys.append(0.0 if r == 0 else ys[-1] + heights[r - 1] + gap_y(tallest[r - 1], tallest[r]))
    min_size = (max(w, default=0.0), max(h, default=0.0))
    if W is not None and H is not None and min_size[0] > W and min_size[1] > H:
        size = min_size
    else:
        width = W if W is not None and math.isfinite(W) else max((r[2] for r in rows), default=0.0)
        size = (width, ys[-1] + heights[-1] if rows else 0.0)
    ax, ay = anchor
    xs, yy = [0.0] * n, [0.0] * n
    for r, (start, count, row_width) in enumerate(rows):
        for i in range(start, start + count):
            xs[i] = offsets[i] + ax * (size[0] - row_width)
            yy[i] = ys[r] + ay * (heights[r] - h[i])
    return size, xs, yy, [r[0] for r in rows], ys


def grid_values(rng, n, top):
    return [rng.randrange(0, 64 * top) / 64 for _ in range(n)]


def test_against_reference():
    rng = random.Random(2024)
    for trial in range(400):
        n = rng.choice([0, 1, 2, 3, 5, 8, 20, 60])
        w, h = grid_values(rng, n, 80), grid_values(rng, n, 40)
        sides = [grid_values(rng, n, 10) for _ in range(4)]
        breaks = set(rng.sample(range(n), rng.randrange(0, n + 1) // 3)) if n else set()
        W = rng.choice([None, math.inf, 0.0, 50.0, 123.5, 400.0])
        H = rng.choice([None, math.inf, 0.0, 5.0, 300.0])
        spacing = rng.choice([None, 0.0, 4.0, 10.015625])
        line_spacing = rng.choice([None, 0.0, 2.5])
        anchor = (rng.choice([0.0, 0.25, 0.5, 1.0]), rng.choice([0.0, 0.5, 0.75, 1.0]))
        case = dict(w=w, h=h, W=W, H=H, spacing=spacing, line_spacing=line_spacing,
                    anchor=anchor, sides=sides, breaks=sorted(breaks))
        size, xs, ys, starts, row_ys = reference_flow(
            w, h, W, H, spacing, line_spacing, anchor, sides, breaks)
        layout = lk.flow(w, h, width=W, height=H, spacing=spacing, line_spacing=line_spacing,
                         alignment=anchor, breaks=sorted(breaks), item_spacing=sides)
        assert (layout.width, layout.height) == size, case
        assert [float(v) for v in layout.x] == xs, case
        assert [float(v) for v in layout.y] == ys, case
        assert [int(v) for v in layout.rows.start] == starts, case
        assert [float(v) for v in layout.rows.y] == row_ys, case
