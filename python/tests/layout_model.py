"""SPEC.md sections 3 to 7 transcribed step by step in double, for the tests to
compare the library with (not a test module; pytest does not collect it).

Every function takes the items as lists ``w, h`` (and, where spacing can be
per-item, ``sides = (leading, trailing, top, bottom)`` lists) and returns
``(size, x, y, item_w, item_h, rows)`` with ``rows`` a list of
``(start, count, y, width, height)``. A spacing of None means per-item.
"""

import math


def _largest(values):
    return max(values, default=0.0)


def _gap(spacing, sides, a, b, along):
    if spacing is not None:
        return spacing
    leading, trailing, top, bottom = sides
    return max(trailing[a], leading[b]) if along == "x" else max(bottom[a], top[b])


def _running(lengths, gap):
    starts, position = [], 0.0
    for i, length in enumerate(lengths):
        if i > 0:
            position += gap(i - 1, i)
        starts.append(position)
        position += length
    return starts, position


def _one_row(n, size):
    return [(0, n, 0.0, size[0], size[1])] if n else []


def hstack(w, h, spacing, anchor, sides):
    x, total = _running(w, lambda a, b: _gap(spacing, sides, a, b, "x"))
    size = (total, _largest(h))
    y = [anchor[1] * (size[1] - v) for v in h]
    return size, x, y, list(w), list(h), _one_row(len(w), size)


def vstack(w, h, spacing, anchor, sides):
    y, total = _running(h, lambda a, b: _gap(spacing, sides, a, b, "y"))
    size = (_largest(w), total)
    x = [anchor[0] * (size[0] - v) for v in w]
    return size, x, y, list(w), list(h), _one_row(len(w), size)


def zstack(w, h, anchor):
    size = (_largest(w), _largest(h))
    x = [anchor[0] * (size[0] - v) for v in w]
    y = [anchor[1] * (size[1] - v) for v in h]
    return size, x, y, list(w), list(h), _one_row(len(w), size)


def grid_columns(n, columns, minimum, spacing, W):
    """SPEC section 4's column count: a count, or adaptive."""
    if columns is not None:
        return columns
    if W is None or not math.isfinite(W):
        return max(1, n)
    return max(1, math.floor((W + spacing) / (minimum + spacing)))


def grid(w, h, columns, minimum, sizing, spacing, line_spacing, anchor, W):
    n = len(w)
    c = grid_columns(n, columns, minimum, spacing, W)
    used = min(c, n)
    fill = sizing == "fill" and W is not None and math.isfinite(W)
    if fill:
        widths = [max(0.0, (W - (c - 1) * spacing) / c)] * used
    else:
        widths = [_largest(w[k::c]) for k in range(used)]
    column_x, _ = _running(widths, lambda a, b: spacing)
    rows, x, y, top = [], [0.0] * n, [0.0] * n, 0.0
    for start in range(0, n, c):
        count = min(c, n - start)
        height = _largest(h[start:start + count])
        if rows:
            top += rows[-1][4] + line_spacing
        rows.append((start, count, top, column_x[count - 1] + widths[count - 1], height))
        for i in range(start, start + count):
            k = i - start
            x[i] = column_x[k] + anchor[0] * (widths[k] - w[i])
            y[i] = top + anchor[1] * (height - h[i])
    height = rows[-1][2] + rows[-1][4] if rows else 0.0
    width = W if fill else (column_x[-1] + widths[-1] if widths else 0.0)
    return (width, height), x, y, list(w), list(h), rows


def balanced(w, h, axis, spacing, sides):
    n = len(w)
    cell = (_largest(w), _largest(h))
    horizontal = axis == "horizontal"
    along = "x" if horizontal else "y"
    starts, total = _running([cell[0] if horizontal else cell[1]] * n,
                             lambda a, b: _gap(spacing, sides, a, b, along))
    zeros = [0.0] * n
    if horizontal:
        size, x, y = (total, cell[1] if n else 0.0), starts, zeros
    else:
        size, x, y = (cell[0] if n else 0.0, total), zeros, starts
    return size, x, y, [cell[0]] * n, [cell[1]] * n, _one_row(n, size)


def circle(w, h, radius, start_angle, anchor):
    n = len(w)
    size = (2 * radius + _largest(w), 2 * radius + _largest(h))
    x, y = [], []
    for i in range(n):
        theta = start_angle + 2 * math.pi * i / n
        x.append(size[0] / 2 + radius * math.cos(theta) - anchor[0] * w[i])
        y.append(size[1] / 2 + radius * math.sin(theta) - anchor[1] * h[i])
    return size, x, y, list(w), list(h), []


def first_fit_index(ideal_sizes, axes, W, H):
    """SPEC section 7: the first candidate (but the last) whose ideal size fits the
    proposal with unspecified axes taken as 10, else the last. ``ideal_sizes``
    lists every candidate's ideal size (the last one's is never looked at)."""
    limit = (10.0 if W is None else W, 10.0 if H is None else H)
    for index, (width, height) in enumerate(ideal_sizes[:-1]):
        fits_w = axes == "vertical" or width <= limit[0]
        fits_h = axes == "horizontal" or height <= limit[1]
        if fits_w and fits_h:
            return index
    return len(ideal_sizes) - 1


def expected(descriptor, w, h, W=None, H=None, sides=None):
    """The model's result for a descriptor of the binding (any kind but Flow)."""
    kind = type(descriptor).__name__
    if kind in ("HStack", "VStack"):
        model = hstack if kind == "HStack" else vstack
        return model(w, h, descriptor.spacing, descriptor.anchor, sides)
    if kind == "ZStack":
        return zstack(w, h, descriptor.anchor)
    if kind == "Grid":
        return grid(w, h, descriptor.columns, descriptor.min_column_width, descriptor.sizing,
                    descriptor.spacing, descriptor.line_spacing, descriptor.anchor, W)
    if kind == "Balanced":
        return balanced(w, h, descriptor.axis, descriptor.spacing, sides)
    if kind == "Circle":
        return circle(w, h, descriptor.radius, descriptor.start_angle, descriptor.anchor_point)
    raise ValueError(f"no model for {kind}")


def result_of(layout):
    """A Layout as the model's tuple, every value a Python float or int."""
    rows = layout.rows
    table = list(zip(rows.start.tolist(), rows.count.tolist(), rows.y.tolist(),
                     rows.width.tolist(), rows.height.tolist()))
    return ((layout.width, layout.height), layout.x.tolist(), layout.y.tolist(),
            layout.item_width.tolist(), layout.item_height.tolist(), table)
