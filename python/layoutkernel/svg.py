"""SVG pictures of layout results, for notebooks and debugging.

The picture shows the container's outline and each item as a numbered box,
rows in alternating colours, numbers on top. A box is the size the layout gives
the item: for a balanced stack that is the cell, for a flow the item grown,
stretched or shrunk; where that differs from the item's own size, the own size
is drawn from the box's top-left corner (a ``rect`` of class ``content``). Only the first :data:`MAX_ITEMS` items are drawn (a comment in
the SVG says when items were left out), or with a window, the first of those
that meet it (the middle of a layout of millions). The picture is scaled
to at most :data:`DISPLAY_WIDTH` pixels wide; small layouts are enlarged, up
to :data:`MAX_ZOOM` times.
"""

from . import _numpy

MAX_ITEMS = 5000
DISPLAY_WIDTH = 800.0
MAX_ZOOM = 4.0

_ROW_FILLS = ("#cfe2ff", "#ffe3c7")
_MIN_LABEL_PX = 5.0
_MAX_LABEL_PX = 14.0


def _num(value):
    return f"{value:.9g}"


def _row_of_items(layout, indices):
    """The row index of each item of ``indices`` (ascending)."""
    starts = layout.rows.start.tolist()
    rows, row = [], 0
    for index in indices:
        while row + 1 < len(starts) and starts[row + 1] <= index:
            row += 1
        rows.append(row)
    return rows


def _positions(layout):
    """The items' positions: exact (``x64``, ``y64``) when the layout has them."""
    x64, y64 = getattr(layout, "x64", None), getattr(layout, "y64", None)
    return (layout.x, layout.y) if x64 is None or y64 is None else (x64, y64)


def _frames(layout, indices):
    x, y = _positions(layout)
    columns = (x, y, layout.item_width, layout.item_height)
    return [tuple(float(column[i]) for column in columns) for i in indices]


def _contents(layout, indices, frames):
    """The ``(x, y, own width, own height)`` of each drawn item whose own size
    differs from its frame's (a balanced stack's items in their cells, a flow's
    flexed or stretched items)."""
    content = layout._own_sizes()
    if content is None:
        return [None] * len(frames)
    widths, heights = content
    return [None if (float(widths[i]), float(heights[i])) == (fw, fh) else (x, y, float(widths[i]), float(heights[i]))
            for i, (x, y, fw, fh) in zip(indices, frames)]


def _in_window(layout, window, max_items):
    """The first ``max_items`` indices of the items whose frames meet the window
    ``(x0, y0, x1, y1)``, and how many meet it."""
    x0, y0, x1, y1 = window
    x, y = _positions(layout)
    w, h = layout.item_width, layout.item_height
    np = _numpy.np
    if np is not None and all(_numpy.is_array(c) for c in (x, y, w, h)):
        meets = np.flatnonzero((x < x1) & (x + w.astype(np.float64) > x0) & (y < y1)
                               & (y + h.astype(np.float64) > y0))
        return meets[:max_items].tolist(), len(meets)
    meets = [i for i in range(len(layout)) if x[i] < x1 and x[i] + w[i] > x0 and y[i] < y1 and y[i] + h[i] > y0]
    return meets[:max_items], len(meets)


def _window(window):
    """``window`` as four floats ``(x0, y0, x1, y1)`` with x0 < x1 and y0 < y1."""
    try:
        x0, y0, x1, y1 = (float(v) for v in window)
    except (TypeError, ValueError):
        raise TypeError(f"window must be (x0, y0, x1, y1), four numbers, not {window!r}") from None
    if not (x0 < x1 and y0 < y1) or any(v != v or v in (float("inf"), float("-inf")) for v in (x0, y0, x1, y1)):
        raise ValueError(f"window {window!r} must be finite with x0 < x1 and y0 < y1")
    return x0, y0, x1, y1


def _view_box(layout, frames, truncated):
    """``(x0, y0, width, height)`` in layout units: the container (only down to
    the drawn items when some are left out) and every drawn item, padded."""
    x0, y0, x1 = 0.0, 0.0, layout.width
    y1 = max((y + h for _, y, _, h in frames), default=0.0) if truncated else layout.height
    for x, y, w, h in frames:
        x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x + w), max(y1, y + h)
    pad = max(1.0, 0.02 * max(x1 - x0, y1 - y0))
    return x0 - pad, y0 - pad, x1 - x0 + 2 * pad, y1 - y0 + 2 * pad


def _label(index, frame, scale):
    """A centred item number, or "" when the box is too small to hold it."""
    x, y, w, h = frame
    text = str(index)
    size = min(h * 0.7, w / (0.62 * len(text) + 0.2), _MAX_LABEL_PX / scale)
    if size * scale < _MIN_LABEL_PX:
        return ""
    return (f'<text x="{_num(x + w / 2)}" y="{_num(y + h / 2)}" font-size="{_num(size)}">'
            f"{text}</text>")


def _rect(kind, frame, extra=""):
    x, y, w, h = frame
    return (f'<rect class="{kind}" x="{_num(x)}" y="{_num(y)}" width="{_num(w)}" '
            f'height="{_num(h)}"{extra}/>')


def render(layout, max_items=MAX_ITEMS, window=None):
    """An SVG document (a string) picturing ``layout``: the container's outline
    (class ``container``) and one ``rect`` of class ``item`` per drawn item,
    numbered, for the first ``max_items`` items; a ``rect`` of class
    ``content`` for each item whose own size differs from the size it is given
    (a balanced stack's cell, a flow's grown, stretched or shrunk item).
    A flow's hidden items (``max_lines``) are not drawn; its overflow item is a
    ``rect`` of class ``overflow`` labelled "+N", N the hidden items.

    With ``window=(x0, y0, x1, y1)`` the picture shows that rectangle of the
    layout, and the first ``max_items`` items whose frames meet it, numbered
    with their indices (positions from ``x64``/``y64`` when the layout has
    them). TypeError or ValueError for a window that is not four finite
    numbers with x0 < x1 and y0 < y1."""
    from ._layout import Layout  # here: _layout imports this module
    if not isinstance(layout, Layout):
        raise TypeError(f"layout must be a Layout, not {type(layout).__name__}")
    if isinstance(max_items, bool) or not isinstance(max_items, int):
        try:
            max_items = max_items.__index__()
        except (AttributeError, TypeError):
            raise TypeError(f"max_items must be an int, not {type(max_items).__name__}") from None
    if max_items < 0:
        raise ValueError(f"max_items is {max_items} (must be >= 0)")
    total = len(layout)
    hidden = getattr(layout, "hidden", 0) or 0
    if window is None:
        indices = range(min(total - hidden, max_items))
        meeting = total
    else:
        window = _window(window)
        indices, meeting = _in_window(layout, window, max_items)
    shown = len(indices)
    frames = _frames(layout, indices)
    if window is None:
        vx, vy, vw, vh = _view_box(layout, frames, shown < total)
    else:
        vx, vy, vw, vh = window[0], window[1], window[2] - window[0], window[3] - window[1]
    scale = min(MAX_ZOOM, DISPLAY_WIDTH / vw)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(vw * scale)}" '
        f'height="{_num(vh * scale)}" viewBox="{_num(vx)} {_num(vy)} {_num(vw)} {_num(vh)}">',
        f"<!-- LayoutKernel layout: {total} items in {len(layout.rows)} rows, "
        f"container {_num(layout.width)} x {_num(layout.height)} -->",
    ]
    if window is not None:
        parts.append(f"<!-- window {_num(vx)} {_num(vy)} {_num(vx + vw)} {_num(vy + vh)}: showing {shown} "
                     f"of the {meeting} items that meet it -->")
    elif shown < total:
        parts.append(f"<!-- showing the first {shown} of {total} items -->")
    parts += [
        "<style>rect{vector-effect:non-scaling-stroke}"
        ".item{stroke:#36c;stroke-width:1;fill-opacity:0.7}"
        ".container{fill:none;stroke:#222;stroke-width:1.5;stroke-dasharray:4 3}"
        ".content{fill:#6ea8fe;fill-opacity:0.55;stroke:#36c;stroke-width:0.5}"
        ".overflow{fill:#ffe69c;stroke:#b8860b;stroke-width:1}"
        "text{font-family:sans-serif;fill:#123;text-anchor:middle;dominant-baseline:central}"
        "</style>",
        f'<rect class="container" x="0" y="0" width="{_num(layout.width)}" '
        f'height="{_num(layout.height)}"/>',
    ]
    rows, contents = _row_of_items(layout, indices), _contents(layout, indices, frames)
    for frame, row, content in zip(frames, rows, contents):
        parts.append(_rect("item", frame, f' fill="{_ROW_FILLS[row % 2]}"'))
        if content is not None:
            parts.append(_rect("content", content))
    overflow = getattr(layout, "overflow", None)
    if overflow is not None:  # a flow's "+N" item, N the hidden items
        parts.append(_rect("overflow", overflow))
    # Numbers last, so that no box hides one (a ZStack's items overlap).
    parts += [_label(index, frame, scale) for index, frame in zip(indices, frames)]
    if overflow is not None:
        parts.append(_label(f"+{hidden}", overflow, scale))
    parts.append("</svg>")
    return "\n".join(part for part in parts if part)
