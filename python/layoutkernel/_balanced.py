"""The balanced stack (``lk_balanced_params`` in the C header ``layoutkernel.h``):
:class:`Balanced` and its shorthand :func:`balanced`."""

from . import _ffi, _params
from ._call import lay_out
from ._descriptor import Descriptor, given, shared

#: The names of a balanced stack's axes, and their LK_AXIS_* values.
AXES = {"horizontal": _ffi.LK_AXIS_HORIZONTAL, "vertical": _ffi.LK_AXIS_VERTICAL}


class Balanced(Descriptor):
    """A row or column of equal cells: a layout descriptor.

    Every item is given the same cell, ``(max w, max h)`` over the items. In a
    row (``axis="horizontal"``) item i sits at ``x = i * cell width + the gaps
    before it``, ``y = 0``, and the stack is ``(n * cell width + gaps, cell
    height)``; a column (``axis="vertical"``) is the transpose. The proposal is
    ignored. The result's ``item_width`` and ``item_height`` are the cell (the
    library writes them); one row (none for no items).

    Parameters:
        axis: ``"horizontal"`` (a row) or ``"vertical"`` (a column).
        spacing: the gap between cells: a number in [0, 2**64], or None for
            the items' spacing preferences along the axis
            (``max(a.trailing, b.leading)`` in a row, ``max(a.bottom, b.top)``
            in a column).

    Raises TypeError for a non-string axis or a non-number spacing, ValueError
    for an unknown axis name; a spacing the library rejects (negative, NaN,
    above 2**64) raises :class:`~layoutkernel.LayoutError` when the descriptor
    is used. Descriptors are immutable, compare equal when they lay out alike,
    and can be hashed.
    """

    __slots__ = ()
    _KIND = _ffi.LK_LAYOUT_BALANCED
    _MAX_ROWS = 1  # one row (or column) of all the items
    _CELLS = True  # the library gives every item the cell, and reports it

    def __init__(self, axis="horizontal", spacing=0.0):
        axis_code = _params.choice(axis, "axis", AXES)
        spacing_given, value, mode = _params.given_spacing(spacing, "spacing")
        super().__init__({"axis": axis, "spacing": spacing_given}, (axis, spacing_given))
        balanced = self._layout.balanced
        balanced.axis, balanced.spacing, balanced.spacing_mode = axis_code, value, mode

    axis = given("axis", 'The axis: "horizontal" (a row) or "vertical" (a column).')
    spacing = given("spacing", "The gap between cells, or None for per-item.")


def balanced(widths, heights, width=None, height=None, *, axis="horizontal", spacing=0.0,
             item_spacing=None, out=None, exact=False):
    """Lay items out in a balanced stack; shorthand for ``Balanced(axis,
    spacing).layout(widths, heights, width, height, item_spacing=item_spacing,
    out=out, exact=exact)``. See :class:`Balanced` for the rules and
    :meth:`Balanced.layout` for the items, the proposal (ignored), ``out``,
    ``exact`` and the errors. Returns a :class:`Layout`."""
    return lay_out(shared(Balanced, axis, spacing), widths, heights, width, height, None,
                   item_spacing, out, exact=exact)
