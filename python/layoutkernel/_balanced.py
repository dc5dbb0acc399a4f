"""The balanced stack (SPEC.md section 5): :class:`Balanced` and its shorthand
:func:`balanced`."""

from . import _ffi, _params
from ._descriptor import Descriptor, given, shared

#: The names of a balanced stack's axes, and their LK_AXIS_* values.
AXES = {"horizontal": _ffi.LK_AXIS_HORIZONTAL, "vertical": _ffi.LK_AXIS_VERTICAL}


class Balanced(Descriptor):
    """A row or column of equal cells (the seed's ``BalancedStack``): a layout descriptor.

    Every item is given the same cell, ``(max w, max h)`` over the items. In a
    row (``axis="horizontal"``) item i sits at ``x = i * cell width + the gaps
    before it``, ``y = 0``, and the stack is ``(n * cell width + gaps, cell
    height)``; a column (``axis="vertical"``) is the transpose. The proposal is
    ignored. The result's ``item_width`` and ``item_height`` are the cell; one
    row (none for no items).

    Parameters:
        axis: ``"horizontal"`` (a row, the seed's ``.row``) or ``"vertical"``
            (a column, ``.column``).
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

    def __init__(self, axis="horizontal", spacing=0.0):
        axis_code = _params.choice(axis, "axis", AXES)
        spacing_given, value, mode = _params.given_spacing(spacing, "spacing")
        super().__init__({"axis": axis, "spacing": spacing_given}, (axis, spacing_given))
        balanced = self._layout.balanced
        balanced.axis, balanced.spacing, balanced.spacing_mode = axis_code, value, mode

    axis = given("axis", 'The axis: "horizontal" (a row) or "vertical" (a column).')
    spacing = given("spacing", "The gap between cells, or None for per-item.")

    def _result(self, outputs, items):
        layout = super()._result(outputs, items)
        layout._content = items.sizes()  # the items inside their cells, for to_svg()
        return layout


def balanced(widths, heights, *, axis="horizontal", width=None, height=None, spacing=0.0,
             item_spacing=None):
    """Lay items out in a balanced stack; shorthand for ``Balanced(axis,
    spacing).layout(widths, heights, width, height, item_spacing=item_spacing)``.
    See :class:`Balanced` for the rules and :meth:`Balanced.layout` for the
    items, the proposal (ignored) and the errors. Returns a :class:`Layout`."""
    return shared(Balanced, axis, spacing).layout(widths, heights, width, height,
                                                  item_spacing=item_spacing)
