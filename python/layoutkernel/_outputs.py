"""Caller-owned output buffers for one layout call, and the :class:`Layout` made from them.

Each element type gets one allocation (NumPy ``empty`` when NumPy is in use,
else ``array.array``), cut into one slice of n elements per ``lk_result``
field of that type.
"""

import ctypes
from array import array

from . import _ffi, _numpy
from ._layout import Layout, Rows

_NUMPY_TYPES = {"f": "float32", "d": "float64", "q": "int64"}

# lk_result's buffer fields, grouped by element type (an array typecode).
_RESULT_BLOCKS = (
    ("f", ("x", "y", "item_width", "item_height", "row_width", "row_height")),
    ("q", ("row_start", "row_length")),
    ("d", ("row_y",)),
)
_ITEM_FIELDS = ("x", "y", "item_width", "item_height")
_ROW_FIELDS = ("row_start", "row_length", "row_y", "row_width", "row_height")


def _empty(typecode, n):
    """An uninitialised output array of n elements and its address (0 when n is 0).

    A NumPy block's address comes from ctypes' view of its (writable) buffer,
    three times as fast as ``ndarray.ctypes.data``.
    """
    if _numpy.np is not None:
        block = _numpy.np.empty(n, dtype=_NUMPY_TYPES[typecode])
        return block, ctypes.addressof(ctypes.c_char.from_buffer(block)) if n else 0
    block = array(typecode, bytes(n * array(typecode).itemsize))
    return block, block.buffer_info()[0]


class Outputs:
    """The output buffers of a layout of n items and the ``lk_result`` (``struct``)
    that points at them.

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
                _ffi.set_pointer(self.struct, field, address + k * n * block.itemsize)

    def _column(self, field, length):
        """The first ``length`` elements of a field's buffer, after the call.

        NumPy slices of the item columns are views (no copy); the trimmed row
        columns are copied so that they do not pin the whole block.
        """
        block, first = self._slots[field]
        column = block[first:first + length]
        return column.copy() if length < self._n and not isinstance(column, array) else column

    def to_layout(self, count=None):
        """The :class:`Layout` the library wrote for ``count`` items (default: the
        capacity; fewer for lk_first_fit, whose buffers hold the largest
        candidate). Call after a successful call only."""
        n = self._n if count is None else count
        rows = self.struct.rows
        return Layout(self.struct.width, self.struct.height,
                      *(self._column(f, n) for f in _ITEM_FIELDS),
                      Rows(*(self._column(f, rows) for f in _ROW_FIELDS)))
