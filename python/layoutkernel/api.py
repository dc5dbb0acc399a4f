"""The Python surface of LayoutKernel's flow layout (SPEC.md sections 2 and 10).

Every call converts its arguments, makes one call into the C library and wraps
the result. Item sizes go in as any float sequence or buffer; a C-contiguous
1-D NumPy ``float32`` array (or a writable float32 buffer such as
``array('f')``) is passed to C without a copy. NumPy is optional: results are
NumPy arrays when it is importable and ``array.array`` objects otherwise.
"""

import ctypes
import math
import numbers
import operator
import sys
from array import array

try:
    import numpy as np
except ImportError:  # NumPy is optional.
    np = None

from . import _ffi, svg
from ._loader import library
from .errors import check

_LIB = library()

#: The nine named alignments, in the order of the header's LK_ALIGN_* values (0 to 8).
ALIGNMENTS = (
    "topLeading", "top", "topTrailing",
    "leading", "center", "trailing",
    "bottomLeading", "bottom", "bottomTrailing",
)


def _named_anchor(code):
    anchor = _ffi.lk_anchor()
    check(_LIB.lk_alignment_anchor(code, ctypes.byref(anchor)))
    return (anchor.x, anchor.y)


# The library is the one source of the names' anchors; ask it once.
_NAMED_ANCHORS = {name: _named_anchor(code) for code, name in enumerate(ALIGNMENTS)}


def version():
    """The C library's version, ``"MAJOR.MINOR.PATCH"`` (``lk_version_string``)."""
    return _LIB.lk_version_string().decode("ascii")


# --------------------------------------------------------------------------
# Scalars
# --------------------------------------------------------------------------

def _real(value, name):
    """``value`` as a float; TypeError unless it is a real number (not a bool)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number, not {type(value).__name__}")
    return float(value)


def _axis(value, name):
    """A proposal axis: None means unspecified (NaN in C)."""
    return math.nan if value is None else _real(value, name)


def _proposal(width, height):
    return _ffi.lk_proposal(_axis(width, "width"), _axis(height, "height"))


def _spacing(value, name):
    """``(value, mode)`` for a spacing: a number is fixed, None is per-item."""
    if value is None:
        return 0.0, _ffi.LK_SPACING_PER_ITEM
    return _real(value, name), _ffi.LK_SPACING_FIXED


def _anchor(alignment):
    """The ``(ax, ay)`` anchor of an alignment name or pair.

    Components are not range-checked here: the library checks them.
    """
    if isinstance(alignment, str):
        try:
            return _NAMED_ANCHORS[alignment]
        except KeyError:
            raise ValueError(
                f"unknown alignment {alignment!r}; use one of {', '.join(ALIGNMENTS)} "
                "or an (ax, ay) pair"
            ) from None
    try:
        pair = tuple(alignment)
    except TypeError:
        raise TypeError(
            f"alignment must be a name or an (ax, ay) pair, not {type(alignment).__name__}"
        ) from None
    if len(pair) != 2:
        raise ValueError(f"alignment must be an (ax, ay) pair, got {len(pair)} values")
    return (_real(pair[0], "alignment ax"), _real(pair[1], "alignment ay"))


# --------------------------------------------------------------------------
# Input arrays
# --------------------------------------------------------------------------

_FLOAT32_FORMATS = {"f", "@f", "=f", "<f" if sys.byteorder == "little" else ">f"}


def _pointer(address, ctype):
    return ctypes.cast(address, ctypes.POINTER(ctype))


def _from_numpy(arr, name):
    if arr.ndim != 1:
        raise ValueError(f"{name} must be one-dimensional, got shape {arr.shape}")
    if arr.dtype.kind not in "iuf":
        raise TypeError(f"{name} must hold numbers, got dtype {arr.dtype}")
    arr = np.ascontiguousarray(arr, dtype=np.float32)  # the same array when already float32
    return arr, arr.ctypes.data, arr.shape[0]


def _from_float32_view(view):
    """A float32 buffer: zero-copy when contiguous and writable (ctypes needs that)."""
    if view.c_contiguous and not view.readonly:
        holder = (ctypes.c_float * len(view)).from_buffer(view)
        return holder, ctypes.addressof(holder), len(view)
    copy = array("f", view.tobytes())
    return copy, copy.buffer_info()[0], len(copy)


def _float32_buffer(obj, name):
    """``(owner, address, length)`` of a 1-D float32 view of ``obj``.

    ``owner`` keeps the memory at ``address`` alive; it is ``obj`` itself when
    no copy was needed. Raises TypeError for non-numeric input and ValueError
    for input that is not one-dimensional.
    """
    if np is not None and isinstance(obj, np.ndarray):
        return _from_numpy(obj, name)
    if isinstance(obj, (str, bytes, bytearray)):
        raise TypeError(f"{name} must be a sequence of numbers, not {type(obj).__name__}")
    if isinstance(obj, array) and obj.typecode == "f":
        address, length = obj.buffer_info()
        return obj, address, length
    try:
        view = memoryview(obj)
    except TypeError:
        view = None
    if view is not None:
        if view.ndim != 1:
            raise ValueError(f"{name} must be one-dimensional, got shape {view.shape}")
        if view.format in _FLOAT32_FORMATS:
            return _from_float32_view(view)
    try:
        converted = array("f", obj)
    except TypeError as error:
        raise TypeError(
            f"{name} must be a sequence of numbers or a float32 buffer, "
            f"not {type(obj).__name__} ({error})"
        ) from None
    return converted, converted.buffer_info()[0], len(converted)


_SIDES = ("leading", "trailing", "top", "bottom")


def _item_spacing_columns(item_spacing, n):
    """The four per-item spacing columns (leading, trailing, top, bottom)."""
    if np is not None and isinstance(item_spacing, np.ndarray):
        if item_spacing.shape != (n, 4):
            raise ValueError(
                f"item_spacing as an array must have shape (n, 4) = ({n}, 4), "
                f"got {item_spacing.shape}"
            )
        return [item_spacing[:, k] for k in range(4)]
    if isinstance(item_spacing, (str, bytes, bytearray)):
        raise TypeError("item_spacing must be (leading, trailing, top, bottom) sequences")
    try:
        columns = list(item_spacing)
    except (TypeError, NotImplementedError):
        raise TypeError(
            "item_spacing must be (leading, trailing, top, bottom) sequences or an "
            f"(n, 4) array, not {type(item_spacing).__name__}"
        ) from None
    if len(columns) != 4:
        raise ValueError(
            "item_spacing must hold 4 sequences (leading, trailing, top, bottom), "
            f"got {len(columns)}; per-item rows need an (n, 4) NumPy array"
        )
    return columns


def _flag_bytes(breaks, n):
    """An ``array('B')`` of n item flags from break indices or a break mask."""
    mask = _as_mask(breaks)
    if mask is not None:
        if len(mask) != n:
            raise ValueError(
                f"breaks as a mask must have one entry per item ({n}), got {len(mask)}")
        return array("B", mask.translate(_NONZERO_TO_BREAK))
    flags = array("B", bytes(n))
    for position, index in enumerate(_break_indices(breaks)):
        if not 0 <= index < n:
            raise ValueError(f"breaks[{position}] is {index}, not an item index (0 <= index < {n})")
        flags[index] = _ffi.LK_ITEM_BREAK_BEFORE
    return flags


_NONZERO_TO_BREAK = bytes([0] + [_ffi.LK_ITEM_BREAK_BEFORE] * 255)


def _as_mask(breaks):
    """The bytes of ``breaks`` if it is a bool/uint8 mask, else None (indices)."""
    if np is not None and isinstance(breaks, np.ndarray):
        if breaks.dtype not in (np.bool_, np.uint8):
            return None
        if breaks.ndim != 1:
            raise ValueError(f"breaks as a mask must be one-dimensional, got shape {breaks.shape}")
        return bytearray(np.ascontiguousarray(breaks))
    if isinstance(breaks, (list, tuple)):
        if breaks and all(isinstance(b, bool) for b in breaks):
            return bytearray(breaks)
        return None
    try:
        view = memoryview(breaks)
    except TypeError:
        return None
    if view.format in ("B", "?") and view.ndim == 1:
        return bytearray(view.tobytes())
    return None


def _break_indices(breaks):
    """Iterate ``breaks`` as item indices; TypeError for anything but integers."""
    if np is not None and isinstance(breaks, np.ndarray):
        breaks = breaks.tolist()
    try:
        iterator = iter(breaks)
    except TypeError:
        raise TypeError(
            f"breaks must be item indices or a bool/uint8 mask, not {type(breaks).__name__}"
        ) from None
    for position, item in enumerate(iterator):
        try:
            yield operator.index(item)
        except TypeError:
            raise TypeError(
                f"breaks must be item indices (integers) or a bool/uint8 mask; "
                f"breaks[{position}] is {item!r}"
            ) from None


class _Items:
    """An ``lk_items`` struct over converted inputs.

    Holds a reference to every buffer the struct points into, so they stay
    alive for as long as the struct is used.
    """

    __slots__ = ("struct", "count", "_owners")

    def __init__(self, widths, heights, breaks=None, item_spacing=None):
        owner_w, address_w, n = _float32_buffer(widths, "widths")
        owner_h, address_h, n_h = _float32_buffer(heights, "heights")
        if n_h != n:
            raise ValueError(f"widths and heights must have the same length, got {n} and {n_h}")
        self.count = n
        self._owners = [owner_w, owner_h]
        self.struct = _ffi.lk_items(
            count=n,
            widths=_pointer(address_w, ctypes.c_float),
            heights=_pointer(address_h, ctypes.c_float),
        )
        if item_spacing is not None:
            self._set_item_spacing(item_spacing)
        if breaks is not None:
            flags = _flag_bytes(breaks, n)
            self._owners.append(flags)
            self.struct.flags = _pointer(flags.buffer_info()[0], ctypes.c_uint8)

    def _set_item_spacing(self, item_spacing):
        columns = _item_spacing_columns(item_spacing, self.count)
        for side, column in zip(_SIDES, columns):
            if column is None:
                continue  # a NULL array counts as all zeros
            name = f"item_spacing {side}"
            owner, address, length = _float32_buffer(column, name)
            if length != self.count:
                raise ValueError(
                    f"{name} must have one entry per item ({self.count}), got {length}")
            self._owners.append(owner)
            setattr(self.struct, "spacing_" + side, _pointer(address, ctypes.c_float))


# --------------------------------------------------------------------------
# Results
# --------------------------------------------------------------------------

_NUMPY_TYPES = {"f": "float32", "d": "float64", "q": "int64"}

# lk_result's buffer fields, grouped by element type (an array typecode): each
# group is one allocation, cut into one slice of n elements per field.
_RESULT_BLOCKS = (
    ("f", ("x", "y", "item_width", "item_height", "row_width", "row_height")),
    ("q", ("row_start", "row_length")),
    ("d", ("row_y",)),
)
_RESULT_FIELD_TYPES = dict(_ffi.lk_result._fields_)
_ROW_FIELDS = ("row_start", "row_length", "row_y", "row_width", "row_height")


def _empty(typecode, n):
    """An uninitialised output array of n elements (NumPy if available) and its address."""
    if np is not None:
        block = np.empty(n, dtype=_NUMPY_TYPES[typecode])
        return block, block.ctypes.data
    block = array(typecode, bytes(n * array(typecode).itemsize))
    return block, block.buffer_info()[0]


class _Outputs:
    """Caller-owned output buffers and the ``lk_result`` struct that points at them.

    The row table gets the capacity of one row per item, which always
    suffices, and is trimmed to the row count afterwards: this saves the
    extra pass that sizing it with lk_flow_row_count() would cost, and with
    NumPy the untouched tail of a large np.empty() block is never paged in.
    """

    __slots__ = ("struct", "_n", "_slots")

    def __init__(self, n):
        self._n = n
        self._slots = {}  # field -> (block, first element)
        self.struct = _ffi.lk_result(item_capacity=n, row_capacity=n)
        for typecode, fields in _RESULT_BLOCKS:
            block, address = _empty(typecode, n * len(fields))
            for k, field in enumerate(fields):
                self._slots[field] = (block, k * n)
                pointer = address + k * n * block.itemsize
                setattr(self.struct, field, ctypes.cast(pointer, _RESULT_FIELD_TYPES[field]))

    def _column(self, field, length):
        """The first ``length`` elements of a field's buffer, after the call.

        NumPy slices of the item columns are views (no copy); the trimmed row
        columns are copied so that they do not pin the whole block.
        """
        block, first = self._slots[field]
        column = block[first:first + length]
        return column.copy() if length < self._n and not isinstance(column, array) else column

    def to_layout(self):
        n, rows = self._n, self.struct.rows
        return Layout(self.struct.width, self.struct.height,
                      *(self._column(f, n) for f in ("x", "y", "item_width", "item_height")),
                      Rows(*(self._column(f, rows) for f in _ROW_FIELDS)))


class Rows:
    """The row table of a row-based layout; ``len(rows)`` is the number of rows.

    Attributes (one entry per row):
        start: index of the row's first item (int64).
        count: number of items in the row (int64).
        y: the row's top (float64, exact even for layouts taller than 2**24).
        width: the row's width, from its first item's left to its last item's right (float32).
        height: the row's height, its tallest item's height (float32).
    """

    __slots__ = ("start", "count", "y", "width", "height")

    def __init__(self, start, count, y, width, height):
        self.start, self.count, self.y, self.width, self.height = start, count, y, width, height

    def __len__(self):
        return len(self.start)

    def __repr__(self):
        return f"<Rows: {len(self)} rows>"


class Layout:
    """The result of a layout: the container's size and every item's frame.

    Attributes:
        width, height: the container's size (floats).
        x, y: each item's top-left corner in the container (float32 arrays).
        item_width, item_height: the size each item is given (float32 arrays;
            for a flow, the item's own size).
        rows: the row table (:class:`Rows`).

    ``len(layout)`` is the number of items. Arrays are NumPy arrays when NumPy
    is importable, ``array.array`` objects otherwise.
    """

    __slots__ = ("width", "height", "x", "y", "item_width", "item_height", "rows")

    def __init__(self, width, height, x, y, item_width, item_height, rows):
        self.width, self.height = width, height
        self.x, self.y, self.item_width, self.item_height = x, y, item_width, item_height
        self.rows = rows

    def __len__(self):
        return len(self.x)

    def __repr__(self):
        return (f"<Layout: {len(self)} items in {len(self.rows)} rows, "
                f"{self.width:g} x {self.height:g}>")

    def frames(self):
        """Every item's ``(x, y, width, height)``: an (n, 4) float32 NumPy array,
        or a list of 4-tuples without NumPy."""
        columns = (self.x, self.y, self.item_width, self.item_height)
        if np is not None and all(isinstance(c, np.ndarray) for c in columns):
            return np.stack(columns, axis=1)
        return list(zip(*(c.tolist() for c in columns)))

    def to_svg(self, max_items=svg.MAX_ITEMS):
        """An SVG picture: the container's outline and the first ``max_items``
        items as numbered boxes (the SVG says so in a comment when it leaves
        items out). Returns a string."""
        return svg.render(self, max_items)

    def _repr_svg_(self):
        return self.to_svg()


# --------------------------------------------------------------------------
# Flow
# --------------------------------------------------------------------------

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
    the container takes that minimum size instead. The proposal's height never changes the
    rows. Each row is shifted right by ``ax`` times its free width (negative
    for an overflowing row), each item down by ``ay`` times its free height
    in its row.

    Parameters:
        spacing: the x gap between neighbours in a row: a number >= 0, or
            None to use the items' spacing preferences,
            ``max(a.trailing, b.leading)``.
        line_spacing: the y gap between rows: a number >= 0, or None for the
            items' preferences, ``max(a.bottom, b.top)``.
        alignment: one of the names in :data:`ALIGNMENTS` (``"topLeading"``,
            ``"center"``, ...) or an ``(ax, ay)`` pair with each part in [0, 1].

    Raises TypeError for a non-number spacing or a malformed alignment, and
    ValueError for an unknown alignment name. Values the library checks
    (negative or NaN spacing, an anchor outside [0, 1]) raise
    :class:`~layoutkernel.LayoutError` when the descriptor is used.

    Descriptors are immutable, compare equal when they lay out alike (a name
    and its anchor pair are equal), and can be hashed.
    """

    __slots__ = ("_spacing", "_line_spacing", "_alignment", "_anchor", "_params")

    def __init__(self, spacing=0.0, line_spacing=0.0, alignment="topLeading"):
        spacing_value, spacing_mode = _spacing(spacing, "spacing")
        line_value, line_mode = _spacing(line_spacing, "line_spacing")
        self._spacing = None if spacing is None else spacing_value
        self._line_spacing = None if line_spacing is None else line_value
        self._anchor = _anchor(alignment)
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
            widths, heights: the items' sizes, finite and >= 0, the same length:
                any float sequence or buffer; a 1-D C-contiguous NumPy float32
                array goes to the library without a copy.
            width, height: the proposal; None is unspecified, ``math.inf`` allowed.
            breaks: items that start a new row: a sequence of item indices, or a
                bool/uint8 mask with one entry per item.
            item_spacing: per-item spacing preferences, used by a spacing that
                is None: a sequence of four sequences (leading, trailing, top,
                bottom; each may be None for zeros) or an (n, 4) NumPy array.

        Returns a :class:`Layout`.

        Raises :class:`~layoutkernel.LayoutError` (a ValueError) with the
        library's message for values it rejects (a NaN, infinite or negative
        size or spacing preference, naming the item; a negative or -inf
        proposal; a bad spacing or anchor), ValueError for mismatched lengths,
        out-of-range break indices or a bad item_spacing shape, and TypeError
        for arguments of the wrong type.
        """
        items = _Items(widths, heights, breaks, item_spacing)
        outputs = _Outputs(items.count)
        check(_LIB.lk_flow_layout(ctypes.byref(items.struct), ctypes.byref(self._params),
                                  _proposal(width, height), ctypes.byref(outputs.struct)))
        return outputs.to_layout()

    def size(self, widths, heights, width=None, height=None, *, breaks=None, item_spacing=None):
        """The container size :meth:`layout` would report, without placing items
        (``lk_flow_size``, SwiftUI's sizeThatFits). Same parameters and errors
        as :meth:`layout`. Returns a ``(width, height)`` tuple of floats."""
        items = _Items(widths, heights, breaks, item_spacing)
        out = _ffi.lk_size()
        check(_LIB.lk_flow_size(ctypes.byref(items.struct), ctypes.byref(self._params),
                                _proposal(width, height), ctypes.byref(out)))
        return (out.width, out.height)

    def row_count(self, widths, heights, width=None, *, breaks=None, item_spacing=None):
        """The number of rows the flow makes at row limit ``width`` (None or
        ``math.inf``: unbounded); 0 for no items (``lk_flow_row_count``). Same
        errors as :meth:`layout`. Returns an int."""
        items = _Items(widths, heights, breaks, item_spacing)
        out = ctypes.c_size_t()
        check(_LIB.lk_flow_row_count(ctypes.byref(items.struct), ctypes.byref(self._params),
                                     _axis(width, "width"), ctypes.byref(out)))
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
