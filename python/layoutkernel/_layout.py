"""The result classes: :class:`Layout` (container size and item frames) and :class:`Rows`."""

from . import _numpy, svg


_ROW_COLUMNS = ("start", "count", "y", "width", "height")


class Rows:
    """The row table of a row-based layout; ``len(rows)`` is the number of rows.

    Attributes (one entry per row):
        start: index of the row's first item (int64).
        count: number of items in the row (int64).
        y: the row's top (float64, exact even for layouts taller than 2**24).
        width: the row's width, from its first item's left to its last item's right (float32).
        height: the row's height, its tallest item's height (float32).
    """

    __slots__ = _ROW_COLUMNS + ("_pending",)

    def __init__(self, start, count, y, width, height):
        self.start, self.count, self.y, self.width, self.height = start, count, y, width, height
        self._pending = None

    @classmethod
    def _deferred(cls, length, make_columns):
        """Rows of ``length`` rows whose five columns ``make_columns()`` returns
        on first use: a layout's caller that never reads the row table does
        not pay for copying it out of the call's buffers."""
        rows = cls.__new__(cls)
        rows._pending = (length, make_columns)
        return rows

    def __getattr__(self, name):
        # Reached only when a slot is unset: a deferred table's first use. (Two
        # threads may both make the columns; each gets a correct table.)
        pending = self._pending if name in _ROW_COLUMNS else None
        if pending is not None:
            self.start, self.count, self.y, self.width, self.height = pending[1]()
            self._pending = None
            return getattr(self, name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def __len__(self):
        pending = self._pending
        return len(self.start) if pending is None else pending[0]

    def __repr__(self):
        return f"<Rows: {len(self)} rows>"


class Layout:
    """The result of a layout: the container's size and every item's frame.

    Attributes:
        width, height: the container's size (floats).
        x, y: each item's top-left corner in the container (float32 arrays).
        item_width, item_height: the size each item is given (float32 arrays):
            the cell for a balanced stack, the item's own size for every other
            kind.
        rows: the row table (:class:`Rows`): the rows of a flow or grid, one
            row for a stack or balanced stack of items, none for a circle.

    ``len(layout)`` is the number of items. Arrays are NumPy arrays when NumPy
    is importable, ``array.array`` objects otherwise.
    """

    __slots__ = ("width", "height", "x", "y", "item_width", "item_height", "rows", "_content")

    def __init__(self, width, height, x, y, item_width, item_height, rows):
        self.width, self.height = width, height
        self.x, self.y, self.item_width, self.item_height = x, y, item_width, item_height
        self.rows = rows
        # The items' own (widths, heights) when the layout gives them another
        # size (a balanced stack's cells); only the SVG picture uses it.
        self._content = None

    def __len__(self):
        return len(self.x)

    def __repr__(self):
        return (f"<Layout: {len(self)} items in {len(self.rows)} rows, "
                f"{self.width:g} x {self.height:g}>")

    def frames(self):
        """Every item's ``(x, y, width, height)``: an (n, 4) float32 NumPy array,
        or a list of 4-tuples without NumPy."""
        columns = (self.x, self.y, self.item_width, self.item_height)
        if all(_numpy.is_array(c) for c in columns):
            return _numpy.np.stack(columns, axis=1)
        return list(zip(*(c.tolist() for c in columns)))

    def to_svg(self, max_items=svg.MAX_ITEMS):
        """An SVG picture: the container's outline and the first ``max_items``
        items as numbered boxes of the size the layout gives them (a balanced
        stack's cells, with each item's own size drawn inside); the SVG says so
        in a comment when it leaves items out. Returns a string."""
        return svg.render(self, max_items)

    def _repr_svg_(self):
        return self.to_svg()
