"""SVG pictures of layout results, for notebooks and debugging.

The picture shows the container's outline and each item as a numbered box,
rows in alternating colours, numbers on top. A box is the size the layout gives
the item: for a balanced stack that is the cell, and the item's own size is
drawn inside it, from the cell's top-left corner (a ``rect`` of class
``content``). Only the first :data:`MAX_ITEMS` items are drawn (a comment in
the SVG says when items were left out). The picture is scaled
to at most :data:`DISPLAY_WIDTH` pixels wide; small layouts are enlarged, up
to :data:`MAX_ZOOM` times.
"""

MAX_ITEMS = 5000
DISPLAY_WIDTH = 800.0
MAX_ZOOM = 4.0

_ROW_FILLS = ("#cfe2ff", "#ffe3c7")
_MIN_LABEL_PX = 5.0
_MAX_LABEL_PX = 14.0


def _num(value):
    return f"{value:.9g}"


def _row_of_items(layout, shown):
    """The row index of each of the first ``shown`` items."""
    rows = []
    for row, count in enumerate(layout.rows.count.tolist()):
        rows.extend([row] * min(count, shown - len(rows)))
        if len(rows) >= shown:
            break
    return rows + [0] * (shown - len(rows))


def _frames(layout, shown):
    columns = (layout.x, layout.y, layout.item_width, layout.item_height)
    return list(zip(*(column[:shown].tolist() for column in columns)))


def _contents(layout, frames):
    """The ``(x, y, own width, own height)`` of each drawn item whose own size
    differs from its frame's (a balanced stack's items in their cells)."""
    content = layout._own_sizes()
    if content is None:
        return [None] * len(frames)
    widths, heights = (column[:len(frames)].tolist() for column in content)
    return [None if (w, h) == (fw, fh) else (x, y, w, h)
            for (x, y, fw, fh), w, h in zip(frames, widths, heights)]


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


def render(layout, max_items=MAX_ITEMS):
    """An SVG document (a string) picturing ``layout``: the container's outline
    (class ``container``) and one ``rect`` of class ``item`` per drawn item,
    numbered, for the first ``max_items`` items; inside a balanced stack's
    cells, a ``rect`` of class ``content`` for each item smaller than its cell."""
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
    shown = min(total, max_items)
    frames = _frames(layout, shown)
    vx, vy, vw, vh = _view_box(layout, frames, shown < total)
    scale = min(MAX_ZOOM, DISPLAY_WIDTH / vw)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(vw * scale)}" '
        f'height="{_num(vh * scale)}" viewBox="{_num(vx)} {_num(vy)} {_num(vw)} {_num(vh)}">',
        f"<!-- LayoutKernel layout: {total} items in {len(layout.rows)} rows, "
        f"container {_num(layout.width)} x {_num(layout.height)} -->",
    ]
    if shown < total:
        parts.append(f"<!-- showing the first {shown} of {total} items -->")
    parts += [
        "<style>rect{vector-effect:non-scaling-stroke}"
        ".item{stroke:#36c;stroke-width:1;fill-opacity:0.7}"
        ".container{fill:none;stroke:#222;stroke-width:1.5;stroke-dasharray:4 3}"
        ".content{fill:#6ea8fe;fill-opacity:0.55;stroke:#36c;stroke-width:0.5}"
        "text{font-family:sans-serif;fill:#123;text-anchor:middle;dominant-baseline:central}"
        "</style>",
        f'<rect class="container" x="0" y="0" width="{_num(layout.width)}" '
        f'height="{_num(layout.height)}"/>',
    ]
    rows, contents = _row_of_items(layout, shown), _contents(layout, frames)
    for frame, row, content in zip(frames, rows, contents):
        parts.append(_rect("item", frame, f' fill="{_ROW_FILLS[row % 2]}"'))
        if content is not None:
            parts.append(_rect("content", content))
    # Numbers last, so that no box hides one (a ZStack's items overlap).
    parts += [_label(index, frame, scale) for index, frame in enumerate(frames)]
    parts.append("</svg>")
    return "\n".join(part for part in parts if part)
