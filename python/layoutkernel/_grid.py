"""The grid (``lk_grid_params`` in the C header ``layoutkernel.h``): :class:`Grid`
and its shorthand :func:`grid`."""

from . import _ffi, _params
from ._call import lay_out
from ._descriptor import Descriptor, given, shared

#: The names of the grid's column sizings, and their LK_GRID_* values.
SIZINGS = {"fit": _ffi.LK_GRID_FIT, "fill": _ffi.LK_GRID_FILL}
_MAX_COLUMNS = 2 ** 31 - 1  # lk_grid_params.columns is an int32


class Grid(Descriptor):
    """Rows of a fixed or adaptive number of columns (SwiftUI's ``Grid``, ``LazyVGrid``):
    a layout descriptor.

    Items fill rows of ``c`` columns left to right. ``c`` is ``columns``, or,
    with ``min_column_width=m`` (adaptive columns), as many columns as fit a
    finite proposal width ``W``, ``max(1, floor((W + spacing) / (m + spacing)))``,
    and one per item when the width is None or infinite. A row is as tall as
    its tallest item; rows are ``line_spacing`` apart, columns ``spacing``.

    Column widths: with ``sizing="fit"`` each column is as wide as its widest
    item (columns beyond the item count take no room); with ``sizing="fill"``
    the columns share a finite proposal width equally, ``(W - (c - 1) *
    spacing) / c`` (not below 0), and the grid is ``W`` wide; a fill grid
    without a finite width is a fit grid. Each item sits in its cell at
    ``x = column x + ax * (column width - w)``, ``y = row y + ay * (row height
    - h)``.

    Parameters:
        columns: the column count, an integer >= 1.
        min_column_width: the minimum width of an adaptive column, a number
            > 0. Give ``columns`` or ``min_column_width``, not both; with
            neither, the grid has one column.
        sizing: ``"fit"`` or ``"fill"``.
        spacing: the gap between columns, a number in [0, 2**64].
        line_spacing: the gap between rows, a number in [0, 2**64].
        alignment: each item's anchor in its cell: one of the names in
            :data:`ALIGNMENTS` or an ``(ax, ay)`` pair with each part in [0, 1].

    Raises TypeError for both ``columns`` and ``min_column_width``, a
    non-integer ``columns``, a non-number spacing or width, a non-string
    sizing or a malformed alignment; ValueError for ``columns`` below 1 (or
    above 2**31 - 1), an unknown sizing or alignment name. Values the library
    checks (a spacing that is negative, NaN or above 2**64, a minimum column
    width that is not > 0, an anchor outside [0, 1]) raise
    :class:`~layoutkernel.LayoutError` when the descriptor is used.
    Descriptors are immutable, compare equal when they lay out alike, and can
    be hashed.
    """

    __slots__ = ()
    _KIND = _ffi.LK_LAYOUT_GRID

    def __init__(self, columns=None, min_column_width=None, sizing="fit", spacing=0.0,
                 line_spacing=0.0, alignment="center"):
        if columns is not None and min_column_width is not None:
            raise TypeError("Grid takes columns (a count) or min_column_width (adaptive "
                            "columns), not both")
        given_keywords = {}
        if min_column_width is None:
            count = 1 if columns is None else _params.count(columns, "columns", 1, _MAX_COLUMNS)
            given_keywords["columns"] = count
            columns_key, minimum = count, 0.0
        else:
            minimum = _params.real(min_column_width, "min_column_width")
            given_keywords["min_column_width"] = minimum
            count, columns_key = 0, ("adaptive", minimum)
        sizing_code = _params.choice(sizing, "sizing", SIZINGS)
        spacing = _params.real(spacing, "spacing")
        line_spacing = _params.real(line_spacing, "line_spacing")
        alignment_given, anchor = _params.alignment(alignment)
        given_keywords.update(sizing=sizing, spacing=spacing, line_spacing=line_spacing,
                              alignment=alignment_given)
        super().__init__(given_keywords,
                         (columns_key, sizing, spacing, line_spacing, anchor))
        grid = self._layout.grid
        grid.columns, grid.min_column_width, grid.sizing = count, minimum, sizing_code
        grid.spacing, grid.line_spacing = spacing, line_spacing
        grid.alignment = _ffi.lk_anchor(*anchor)

    columns = given("columns", "The column count, or None for adaptive columns.")
    min_column_width = given("min_column_width",
                             "The adaptive columns' minimum width, or None for a count.")
    sizing = given("sizing", 'How columns are sized: "fit" or "fill".')
    spacing = given("spacing", "The gap between columns.")
    line_spacing = given("line_spacing", "The gap between rows.")
    alignment = given("alignment", "The alignment as given (a name or a pair).")
    anchor = property(lambda self: self._key[-1], doc="The alignment as an (ax, ay) pair.")


def grid(widths, heights, width=None, height=None, *, columns=None, min_column_width=None, sizing="fit",
         spacing=0.0, line_spacing=0.0, alignment="center", out=None, exact=False):
    """Lay items out in a grid; shorthand for ``Grid(columns, min_column_width,
    sizing, spacing, line_spacing, alignment).layout(widths, heights, width,
    height, out=out, exact=exact)``. See :class:`Grid` for the rules and
    :meth:`Grid.layout` for the items, the proposal, ``out``, ``exact`` and the
    errors. Returns a :class:`Layout`."""
    return lay_out(shared(Grid, columns, min_column_width, sizing, spacing, line_spacing,
                          alignment), widths, heights, width, height, None, None, out, exact=exact)
