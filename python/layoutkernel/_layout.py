"""The result classes: :class:`Layout` (container size and item frames) and :class:`Rows`.

A Layout returned by a layout call owns the buffers the library wrote
(:mod:`layoutkernel._outputs`); its columns are made from them on first use
and it can be passed back as ``out`` to receive a later result in the same
buffers (:meth:`Layout._renew`).
"""

from array import array
from functools import partial

from . import _numpy, _outputs, svg

_ROW_COLUMNS = ("start", "count", "y", "width", "height")
_POSITION_COLUMNS = ("x", "y")
_SIZE_COLUMNS = ("item_width", "item_height")
# What a call's result makes on first use.
_MADE_LATE = frozenset(_POSITION_COLUMNS + _SIZE_COLUMNS + ("rows",))


def _renew_columns(obj, names, made, length, make_columns):
    """After a new result of ``length`` entries was written into the buffers
    that ``made`` (the columns ``obj`` made from them, or None) view or copy:
    set ``obj``'s columns ``names`` to the new result's and return them, or
    return None to leave them to be made on first use.

    NumPy columns are views of the buffers: kept (the same objects) when their
    length is unchanged, so that arrays obtained earlier show the new values.
    ``array`` columns are copies: refilled in place, resized to the new
    length."""
    if made is None:
        return None
    if isinstance(made[0], array):
        for old, new in zip(made, make_columns()):
            old[:] = new
    elif len(made[0]) != length:
        made = tuple(make_columns())
    for name, column in zip(names, made):
        setattr(obj, name, column)  # the caller may have replaced one
    return made


class Rows:
    """The row table of a row-based layout; ``len(rows)`` is the number of rows.

    Attributes (one entry per row):
        start: index of the row's first item (int64).
        count: number of items in the row (int64); also ``length``, the name
            of the same column in C (``row_length``) and in
            :class:`~layoutkernel.Layouts` (``row_length``).
        y: the row's top (float64, exact even for layouts taller than 2**24).
        width: the row's width, from its first item's left to its last item's right (float32).
        height: the row's height, its tallest item's height (float32).
    """

    __slots__ = _ROW_COLUMNS + ("_pending", "_made")

    def __init__(self, start, count, y, width, height):
        self.start, self.count, self.y, self.width, self.height = start, count, y, width, height
        self._pending = self._made = None

    @classmethod
    def _deferred(cls, length, make_columns):
        """Rows of ``length`` rows whose five columns ``make_columns()`` returns
        on first use: a layout's caller that never reads the row table does
        not pay for making its columns."""
        rows = cls.__new__(cls)
        rows._pending = (length, make_columns)
        rows._made = None
        return rows

    def _renew(self, length, make_columns):
        """The table now describes a new result (of ``length`` rows) written into
        the same buffers: columns made already are renewed (see
        :func:`_renew_columns`), the others made on first use."""
        self._made = _renew_columns(self, _ROW_COLUMNS, self._made, length, make_columns)
        self._pending = None if self._made is not None else (length, make_columns)

    def __getattr__(self, name):
        # Reached only when a slot is unset: a deferred table's first use. (Two
        # threads may both make the columns; each gets a correct table.)
        pending = self._pending if name in _ROW_COLUMNS else None
        if pending is not None:
            columns = pending[1]()
            self.start, self.count, self.y, self.width, self.height = columns
            self._made, self._pending = columns, None
            return getattr(self, name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    @property
    def length(self):
        """The number of items in each row: ``count`` by the name C and
        :class:`~layoutkernel.Layouts` give it."""
        return self.count

    def __len__(self):
        pending = self._pending
        return len(self.start) if pending is None else pending[0]

    def __repr__(self):
        return f"<Rows: {len(self)} rows>"


def _restore(width, height, x, y, item_width, item_height, rows, content, x64=None, y64=None, hidden=0,
             overflow=None):
    layout = Layout(width, height, x, y, item_width, item_height, rows)
    layout._content = content
    layout.x64, layout.y64 = x64, y64
    layout.hidden, layout.overflow = hidden, overflow
    return layout


class Layout:
    """The result of a layout: the container's size and every item's frame.

    Attributes:
        width, height: the container's size (floats).
        x, y: each item's top-left corner in the container (float32 arrays).
        item_width, item_height: the size each item is given (float32 arrays):
            the cell for a balanced stack, the item's own size for every other
            kind (a copy of the sizes passed in, taken during the call: later
            changes to the caller's arrays do not change it).
        rows: the row table (:class:`Rows`): the rows of a flow or grid, one
            row for a stack or balanced stack of items, none for a circle.
        x64, y64: each item's exact position (float64 arrays) when the layout
            was made with ``exact=True``, else None. A float32 holds every
            integer only up to 2**24 (16,777,216 px): past that, ``x`` and
            ``y`` are rounded and neighbouring items may overlap; ``x64`` and
            ``y64`` are the same positions before that rounding, exact at any
            size (``lk_layout_place_exact``).
        hidden: a flow with ``max_lines``: how many items (the last ones) its
            kept lines leave out, at NaN and given a size of 0; else 0.
        overflow: a flow's overflow item's ``(x, y, width, height)`` when it
            was placed (items are hidden and ``overflow_item`` is given), else
            None.

    ``len(layout)`` is the number of items. Arrays are NumPy arrays when NumPy
    is importable, ``array.array`` objects otherwise.

    A Layout returned by a layout call owns its buffers and can be passed as
    ``out=`` to a later call (``lk.flow(..., out=layout)``), which then writes
    its result into them and returns this same Layout: see the README's
    "Reusing a result's buffers". A Layout made directly, copied or unpickled
    holds plain arrays and cannot be used as ``out``.
    """

    __slots__ = ("width", "height", "x", "y", "item_width", "item_height", "rows", "x64", "y64", "hidden", "overflow",
                 "_content", "_buffers", "_count", "_row_count", "_cells", "_positions", "_sizes",
                 "_table")
    # A layout call's result holds its buffers (see _outputs: (block, address,
    # item capacity, row capacity)), the counts it wrote and whether the item
    # sizes are a balanced stack's cells. Its columns and row table are unset
    # until first used (__getattr__), and then held in _positions (x and y),
    # _sizes and _table too.

    def __init__(self, width, height, x, y, item_width, item_height, rows):
        self.width, self.height = width, height
        self.x, self.y, self.item_width, self.item_height = x, y, item_width, item_height
        self.rows = rows
        self.x64 = self.y64 = None
        self.hidden, self.overflow = 0, None
        # The items' own (widths, heights) when the layout gives them another
        # size (a balanced stack's cells); only the SVG picture uses it.
        self._content = None
        self._buffers = self._positions = self._sizes = self._table = None

    def _renew(self, count, row_count, width, height, cells):
        """This layout now describes a new result of ``count`` items and
        ``row_count`` rows written into its buffers: its columns are the new
        result's (the same objects when they still fit, see
        :func:`_renew_columns`), and so is its row table (the same Rows
        object)."""
        self.width, self.height = width, height
        self.x64 = self.y64 = None
        self.hidden, self.overflow = 0, None
        self._count, self._row_count, self._cells = count, row_count, cells
        buffers, positions = self._buffers, self._positions
        if positions is None:  # not made yet (the caller may have set one)
            self.x, self.y = self._positions = _outputs.columns(buffers, 0, count)
        elif len(positions[0]) == count and type(positions[0]) is not array:  # NumPy views that still fit
            self.x, self.y = positions  # the caller may have replaced one
        else:
            self._positions = _renew_columns(self, _POSITION_COLUMNS, positions, count,
                                             lambda: _outputs.columns(buffers, 0, count))
        if self._sizes is not None:  # else made on first use
            self._sizes = _renew_columns(self, _SIZE_COLUMNS, self._sizes, count,
                                         lambda: _outputs.columns(buffers, 2, count))
        table = self._table
        if table is not None:  # else made on first use
            table._renew(row_count, partial(_outputs.row_columns, buffers, row_count))
            self.rows = table  # the caller may have replaced it

    def __getattr__(self, name):
        # Reached only for an unset slot: a column or the row table of a
        # call's result, made from its buffers on first use. (Two threads may
        # both make them; each gets correct columns.)
        if name == "hidden" or name == "overflow":  # a call's result that hid nothing
            return 0 if name == "hidden" else None
        buffers = self._buffers if name in _MADE_LATE else None
        if buffers is not None:  # else not a column, or a Layout made directly
            if name == "rows":
                self.rows = self._table = Rows._deferred(self._row_count, partial(
                    _outputs.row_columns, buffers, self._row_count))
                return self.rows
            if name in _SIZE_COLUMNS:
                self.item_width, self.item_height = self._sizes = _outputs.columns(buffers, 2, self._count)
            else:
                self.x, self.y = self._positions = _outputs.columns(buffers, 0, self._count)
            return getattr(self, name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def _own_sizes(self):
        """The items' own ``(widths, heights)`` when the layout gives them another
        size (a balanced stack's cells), else None; only pictures use it."""
        buffers = getattr(self, "_buffers", None)  # unset in a Layout pickled by older versions
        if buffers is None:
            return self._content
        return _outputs.columns(buffers, 4, self._count) if self._cells else None

    def __reduce__(self):
        # Copies and pickles hold the arrays, not the buffers: they are plain results.
        return (_restore, (self.width, self.height, self.x, self.y, self.item_width,
                           self.item_height, self.rows, self._own_sizes(),
                           getattr(self, "x64", None), getattr(self, "y64", None), self.hidden, self.overflow))

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

    def to_svg(self, max_items=svg.MAX_ITEMS, window=None):
        """An SVG picture: the container's outline and the first ``max_items``
        items as numbered boxes of the size the layout gives them (a balanced
        stack's cells, with each item's own size drawn inside); the SVG says so
        in a comment when it leaves items out. With ``window=(x0, y0, x1,
        y1)``, that rectangle of the layout and the items that meet it (the
        first ``max_items``), numbered with their indices. Returns a string."""
        return svg.render(self, max_items, window)

    def _repr_svg_(self):
        return self.to_svg()


_new = Layout.__new__


def new_result(buffers, count, row_count, width, height, cells):
    """The Layout of a successful call that wrote ``count`` items and
    ``row_count`` rows into ``buffers``; its columns and row table are made
    on first use."""
    layout = _new(Layout)
    layout.width, layout.height = width, height
    layout._buffers, layout._count, layout._row_count = buffers, count, row_count
    layout._cells = cells
    layout._positions = layout._sizes = layout._table = layout.x64 = layout.y64 = None
    return layout
