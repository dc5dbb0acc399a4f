"""Caller-owned output buffers for one layout call, and the :class:`Layout` made from them.

Every buffer of a call lives in one float32 block (NumPy ``empty`` when NumPy
is in use, else ``array('f')``), so a call makes one allocation and takes one
address. For n items and a row capacity r the block holds, in float32 slots::

    x, y, item_width, item_height    4 columns of n slots       float32
    row_start, row_length            2 columns of 2 r slots     int64
    row_y                            1 column of 2 r slots      float64
    row_width, row_height            2 columns of r slots       float32

The int64 and float64 columns start at byte 16 n, a multiple of 8. A new
block is made for every call: no result shares memory with another call's.
The item columns of a Layout are views of the block, which lives as long as
they do; the row table's capacity past the row count is never written, so a
large block's tail is never paged in.
"""

from array import array

from . import _ffi, _numpy
from ._layout import Layout, Rows

# The row table's columns (row_start, row_length, row_y, row_width,
# row_height), in the block's order: (array typecode, float32 slots per row).
_ROW_TABLE = (("q", 2), ("q", 2), ("d", 2), ("f", 1), ("f", 1))
_ROW_SLOTS = sum(slots for _, slots in _ROW_TABLE)
# Where each column starts, in bytes per row of capacity, from the table's start.
_START, _LENGTH, _Y, _WIDTH, _HEIGHT = (4 * sum(slots for _, slots in _ROW_TABLE[:k])
                                        for k in range(len(_ROW_TABLE)))
_NUMPY_TYPES = {"f": "float32", "d": "float64", "q": "int64"}

# Writes every buffer pointer and capacity of an lk_result in one step.
_BUFFERS, _BUFFERS_OFFSET = _ffi.packer(_ffi.lk_result, (
    "x", "y", "item_width", "item_height", "item_capacity",
    "row_start", "row_length", "row_y", "row_width", "row_height", "row_capacity"))


def _as_type(piece, typecode, trim):
    """The float32 slots ``piece`` of a block read as ``typecode`` elements; with
    ``trim``, a copy that does not pin the block (NumPy only: slicing an
    ``array`` copies already)."""
    if isinstance(piece, array):
        return piece if typecode == "f" else array(typecode, piece.tobytes())
    if typecode != "f":
        piece = piece.view(_NUMPY_TYPES[typecode])
    return piece.copy() if trim else piece


class Outputs:
    """The output buffers of a layout of n items, with room for ``row_capacity``
    rows (default n), and the ``lk_result`` (``struct``) that points at them.

    A row capacity of one row per item always suffices; the row table is
    trimmed to the row count afterwards: this saves the extra pass that
    sizing it with lk_flow_row_count() would cost, and with NumPy the
    untouched tail of a large np.empty() block is never paged in. A kind
    that makes fewer rows passes a smaller capacity (0: no row table).
    """

    __slots__ = ("struct", "_block", "_n", "_row_capacity")

    def __init__(self, n, row_capacity=None):
        r = n if row_capacity is None else row_capacity
        self._n, self._row_capacity = n, r
        slots = 4 * n + _ROW_SLOTS * r
        np = _numpy.np
        if np is not None:
            self._block = np.empty(slots, _numpy.FLOAT32)
            x = _numpy.address(self._block) if slots else 0
        else:
            self._block = array("f", bytes(4 * slots))
            x = self._block.buffer_info()[0] if slots else 0
        rows = x + 16 * n if r else 0  # the row table: NULL without one
        self.struct = _ffi.lk_result()
        _BUFFERS.pack_into(self.struct, _BUFFERS_OFFSET,
                           x, x + 4 * n, x + 8 * n, x + 12 * n, n,
                           rows + _START * r, rows + _LENGTH * r, rows + _Y * r,
                           rows + _WIDTH * r, rows + _HEIGHT * r, r)

    def _row_columns(self):
        """The five row columns (start, count, y, width, height), trimmed to the
        row count."""
        rows, capacity = self.struct.rows, self._row_capacity
        start, columns = 4 * self._n, []
        for typecode, slots in _ROW_TABLE:
            piece = self._block[start:start + slots * rows]
            columns.append(_as_type(piece, typecode, rows < capacity))
            start += slots * capacity
        return columns

    def to_layout(self, count=None):
        """The :class:`Layout` the library wrote for ``count`` items (default: the
        capacity; fewer for lk_first_fit, whose buffers hold the largest
        candidate). Call after a successful call only. The item columns are
        NumPy views of the block when ``count`` is the capacity; the row table
        is copied out of it when it is first read (see ``Rows``)."""
        block, n = self._block, self._n
        count = n if count is None else count
        columns = (block[:count], block[n:n + count], block[2 * n:2 * n + count],
                   block[3 * n:3 * n + count])
        if count < n:  # NumPy views would pin the larger block: copy
            columns = [_as_type(column, "f", True) for column in columns]
        result = self.struct
        return Layout(result.width, result.height, *columns,
                      Rows._deferred(result.rows, self._row_columns))
