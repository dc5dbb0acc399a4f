"""The flow layout (``lk_flow_layout`` in the C header ``layoutkernel.h``): the
:class:`Flow` descriptor and :func:`flow`.

Every call converts its arguments (:mod:`layoutkernel._params`,
:mod:`layoutkernel._items`), makes one call into the C library and wraps the
result (:mod:`layoutkernel._call`, :mod:`layoutkernel._outputs`); what is
common to every layout kind is in :mod:`layoutkernel._descriptor`. A flow
calls the flow entry points (``lk_flow_layout``, ``lk_flow_size``,
``lk_flow_row_count``); its ``lk_layout`` (kind ``LK_LAYOUT_FLOW``) is what
:func:`~layoutkernel.first_fit` passes on.
"""

import ctypes

from . import _ffi, _params
from ._call import lay_out
from ._descriptor import Descriptor, given, shared
from ._items import Items
from ._loader import library
from ._many import layout_many
from .errors import check

_LIB = library()


class Flow(Descriptor):
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

    __slots__ = ("_params",)
    _KIND = _ffi.LK_LAYOUT_FLOW

    def __init__(self, spacing=0.0, line_spacing=0.0, alignment="topLeading"):
        spacing_given, spacing_value, spacing_mode = _params.given_spacing(spacing, "spacing")
        line_given, line_value, line_mode = _params.given_spacing(line_spacing, "line_spacing")
        alignment_given, anchor = _params.alignment(alignment)
        super().__init__({"spacing": spacing_given, "line_spacing": line_given,
                          "alignment": alignment_given},
                         (spacing_given, line_given, anchor))
        self._params = self._layout.flow  # a view into the lk_layout, for lk_flow_*
        self._params_ref = ctypes.byref(self._params)
        self._params.spacing, self._params.spacing_mode = spacing_value, spacing_mode
        self._params.line_spacing, self._params.line_spacing_mode = line_value, line_mode
        self._params.alignment = _ffi.lk_anchor(*anchor)

    spacing = given("spacing", "The x gap, or None for per-item.")
    line_spacing = given("line_spacing", "The y gap, or None for per-item.")
    alignment = given("alignment", "The alignment as given (a name or a pair).")
    anchor = property(lambda self: self._key[-1], doc="The alignment as an (ax, ay) pair.")

    # Flow keeps its own entry points, lk_flow_layout and lk_flow_size (the
    # header defines lk_layout_place of a flow as exactly lk_flow_layout).
    _PLACE = _ffi.direct(_LIB, "lk_flow_layout")

    def _size(self, items, proposal, out):
        return _LIB.lk_flow_size(ctypes.byref(items.struct), self._params, proposal, out)

    def layout(self, widths, heights, width=None, height=None, *, breaks=None, item_spacing=None,
               out=None):
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
            out: None, or a :class:`Layout` returned by an earlier layout call,
                with room for the result (as many items or more, and enough
                rows): the result is written into its buffers, overwriting
                what they held, and ``out`` itself is returned; no new buffers
                are allocated. Arrays obtained from ``out`` earlier show the
                new values.

        Returns a :class:`Layout`.

        Raises :class:`~layoutkernel.LayoutError` (a ValueError) with the
        library's message for values it rejects: an
        :class:`~layoutkernel.InvalidItemError` for a size or spacing
        preference that is NaN, infinite, negative or above 2**64 (naming the
        item), an :class:`~layoutkernel.InvalidProposalError` for a negative
        or -inf proposal, an :class:`~layoutkernel.InvalidParameterError` for
        a bad spacing or anchor and a
        :class:`~layoutkernel.BufferTooSmallError` for an ``out`` without room
        for the result. Raises ValueError for mismatched lengths, out-of-range
        break indices, a bad item_spacing shape or an ``out`` without buffers
        of its own (a Layout made directly, copied or unpickled), and
        TypeError for arguments of the wrong type. When it raises, ``out`` is
        unchanged.
        """
        return lay_out(self, widths, heights, width, height, breaks, item_spacing, out)

    def layout_many(self, widths, heights, counts, width=None, height=None, *, proposals=None,
                    breaks=None, item_spacing=None, out=None):
        """Lay out many flows in one call (``lk_layout_many``); as
        :meth:`Descriptor.layout_many`, with ``breaks`` as for :meth:`layout`
        (item indices into all the items, or a mask over them)."""
        return layout_many(self, widths, heights, counts, width, height, proposals, breaks, item_spacing, out)

    def size(self, widths, heights, width=None, height=None, *, breaks=None, item_spacing=None):
        """The container size :meth:`layout` would report, without placing items
        (``lk_flow_size``, SwiftUI's sizeThatFits). Same parameters and errors
        as :meth:`layout`. Returns a ``(width, height)`` tuple of floats."""
        return self._size_of(Items(widths, heights, breaks, item_spacing), width, height)

    def row_count(self, widths, heights, width=None, *, breaks=None, item_spacing=None):
        """The number of rows the flow makes at row limit ``width`` (None or
        ``math.inf``: unbounded); 0 for no items (``lk_flow_row_count``). Same
        errors as :meth:`layout`. Returns an int."""
        items = Items(widths, heights, breaks, item_spacing)
        out = ctypes.c_size_t()
        check(_LIB.lk_flow_row_count(ctypes.byref(items.struct), self._params,
                                     _params.axis(width, "width"), out))
        return out.value


def flow(widths, heights, *, width=None, height=None, spacing=0.0, line_spacing=0.0,
         alignment="topLeading", breaks=None, item_spacing=None, out=None):
    """Lay items out as a wrapping flow; shorthand for
    ``Flow(spacing, line_spacing, alignment).layout(widths, heights, width, height, ...)``.

    Rows fill greedily up to the proposal's ``width`` (unbounded when None or
    ``math.inf``); see :class:`Flow` for the rules and :meth:`Flow.layout`
    for the parameters (``out`` included), the result (a :class:`Layout`)
    and the errors.
    """
    return lay_out(shared(Flow, spacing, line_spacing, alignment), widths, heights, width, height,
                   breaks, item_spacing, out)
