"""The flow layout (SPEC.md section 2): the :class:`Flow` descriptor and :func:`flow`.

Every call converts its arguments (:mod:`layoutkernel._params`,
:mod:`layoutkernel._items`), makes one call into the C library and wraps the
result (:mod:`layoutkernel._outputs`).
"""

import ctypes

from . import _ffi, _params
from ._items import Items
from ._loader import library
from ._outputs import Outputs
from .errors import check

_LIB = library()


class Flow:
    """A wrapping stack (SwiftUI's WrappingHStack, CSS ``flex-wrap``): a layout descriptor.

    Items are placed left to right in rows. An item goes on the current row
    unless the row is not empty and the item would end past the row limit
    (the proposal's width; unbounded when it is None or ``math.inf``), or the
    item is a break. An item wider than the limit gets a row of its own and
    overflows it; nothing is dropped or shrunk. A row is as tall as its
    tallest item; rows are ``line_spacing`` apart (per-item: ``max(a.bottom,
    b.top)`` for the two rows' tallest items, each the first item of its
    row's greatest height).

    The container is as wide as a finite proposal width, else as the widest
    row, and as tall as the rows. When both proposal axes are specified (not
    None) and both are smaller than ``(max item width, max item height)``,
    the container takes that minimum size instead. The proposal's height never
    changes the rows. Each row is shifted right by ``ax`` times its free width
    (negative for an overflowing row), each item down by ``ay`` times its free
    height in its row.

    Parameters:
        spacing: the x gap between neighbours in a row: a number in
            [0, 2**64], or None to use the items' spacing preferences,
            ``max(a.trailing, b.leading)``.
        line_spacing: the y gap between rows: a number in [0, 2**64], or None
            for the items' preferences, ``max(a.bottom, b.top)``.
        alignment: one of the names in :data:`ALIGNMENTS` (``"topLeading"``,
            ``"center"``, ...) or an ``(ax, ay)`` pair with each part in [0, 1].

    Raises TypeError for a non-number spacing or a malformed alignment, and
    ValueError for an unknown alignment name. Values the library checks
    (a spacing that is negative, NaN or above 2**64, an anchor outside
    [0, 1]) raise :class:`~layoutkernel.LayoutError` when the descriptor is
    used.

    Descriptors are immutable, compare equal when they lay out alike (a name
    and its anchor pair are equal), and can be hashed.
    """

    __slots__ = ("_spacing", "_line_spacing", "_alignment", "_anchor", "_params")

    def __init__(self, spacing=0.0, line_spacing=0.0, alignment="topLeading"):
        spacing_value, spacing_mode = _params.spacing(spacing, "spacing")
        line_value, line_mode = _params.spacing(line_spacing, "line_spacing")
        self._spacing = None if spacing is None else spacing_value
        self._line_spacing = None if line_spacing is None else line_value
        self._anchor = _params.anchor(alignment)
        self._alignment = alignment if isinstance(alignment, str) else self._anchor
        self._params = _LIB.lk_flow_params_default()
        self._params.spacing, self._params.spacing_mode = spacing_value, spacing_mode
        self._params.line_spacing, self._params.line_spacing_mode = line_value, line_mode
        self._params.alignment = _ffi.lk_anchor(*self._anchor)

    spacing = property(lambda self: self._spacing, doc="The x gap, or None for per-item.")
    line_spacing = property(lambda self: self._line_spacing, doc="The y gap, or None for per-item.")
    alignment = property(lambda self: self._alignment,
                         doc="The alignment as given (a name or a pair).")
    anchor = property(lambda self: self._anchor, doc="The alignment as an (ax, ay) pair.")

    def _key(self):
        return (self._spacing, self._line_spacing, self._anchor)

    def __eq__(self, other):
        if not isinstance(other, Flow):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self):
        return hash(("Flow",) + self._key())

    def __repr__(self):
        return (f"Flow(spacing={self._spacing!r}, line_spacing={self._line_spacing!r}, "
                f"alignment={self._alignment!r})")

    def layout(self, widths, heights, width=None, height=None, *, breaks=None, item_spacing=None):
        """Lay the items out for the proposal ``(width, height)`` (``lk_flow_layout``).

        Parameters:
            widths, heights: the items' sizes, the same length, each in
                [0, 2**64] (the library's LK_MAX_LENGTH): any float sequence
                or buffer; a 1-D C-contiguous NumPy float32 array goes to the
                library without a copy. Values are rounded to float32 first.
            width, height: the proposal; None is unspecified, ``math.inf`` allowed.
            breaks: items that start a new row: a sequence of item indices, or a
                bool/uint8 mask with one entry per item.
            item_spacing: per-item spacing preferences, used by a spacing that
                is None: a sequence of four sequences (leading, trailing, top,
                bottom; each may be None for zeros) or an (n, 4) NumPy array.

        Returns a :class:`Layout`.

        Raises :class:`~layoutkernel.LayoutError` (a ValueError) with the
        library's message for values it rejects (a size or spacing preference
        that is NaN, infinite, negative or above 2**64, naming the item; a
        negative or -inf proposal; a bad spacing or anchor), ValueError for
        mismatched lengths, out-of-range break indices or a bad item_spacing
        shape, and TypeError for arguments of the wrong type.
        """
        items = Items(widths, heights, breaks, item_spacing)
        outputs = Outputs(items.count)
        check(_LIB.lk_flow_layout(ctypes.byref(items.struct), ctypes.byref(self._params),
                                  _params.proposal(width, height), ctypes.byref(outputs.struct)))
        return outputs.to_layout()

    def size(self, widths, heights, width=None, height=None, *, breaks=None, item_spacing=None):
        """The container size :meth:`layout` would report, without placing items
        (``lk_flow_size``, SwiftUI's sizeThatFits). Same parameters and errors
        as :meth:`layout`. Returns a ``(width, height)`` tuple of floats."""
        items = Items(widths, heights, breaks, item_spacing)
        out = _ffi.lk_size()
        check(_LIB.lk_flow_size(ctypes.byref(items.struct), ctypes.byref(self._params),
                                _params.proposal(width, height), ctypes.byref(out)))
        return (out.width, out.height)

    def row_count(self, widths, heights, width=None, *, breaks=None, item_spacing=None):
        """The number of rows the flow makes at row limit ``width`` (None or
        ``math.inf``: unbounded); 0 for no items (``lk_flow_row_count``). Same
        errors as :meth:`layout`. Returns an int."""
        items = Items(widths, heights, breaks, item_spacing)
        out = ctypes.c_size_t()
        check(_LIB.lk_flow_row_count(ctypes.byref(items.struct), ctypes.byref(self._params),
                                     _params.axis(width, "width"), ctypes.byref(out)))
        return out.value


def flow(widths, heights, *, width=None, height=None, spacing=0.0, line_spacing=0.0,
         alignment="topLeading", breaks=None, item_spacing=None):
    """Lay items out as a wrapping flow; shorthand for
    ``Flow(spacing, line_spacing, alignment).layout(widths, heights, width, height, ...)``.

    Rows fill greedily up to the proposal's ``width`` (unbounded when None or
    ``math.inf``); see :class:`Flow` for the rules and :meth:`Flow.layout`
    for the parameters, the result (a :class:`Layout`) and the errors.
    """
    return Flow(spacing, line_spacing, alignment).layout(
        widths, heights, width, height, breaks=breaks, item_spacing=item_spacing)
