"""The output buffers of a layout call: one float32 block per result.

Every buffer of a result lives in one float32 block (NumPy ``empty`` when NumPy
is in use, else ``array('f')``), so a call makes one allocation and takes one
address. For an item capacity N and a row capacity R the block holds, in
float32 slots::

    x, y, item_width, item_height    4 columns of N slots        float32
    own width, own height            2 columns of N slots        float32
    row_start, row_length            2 columns of 2 R slots      int64
    row_y                            1 column of 2 R slots       float64
    row_width, row_height            2 columns of R slots        float32

The library writes x, y and the row table. ``item_width`` and ``item_height``
are the items' own sizes, copied in by the binding, except for a balanced
stack, whose cells the library writes there (the items' own sizes then go to
the two "own" columns, for pictures). The int64 and float64 columns start at
slot 6 N, an even slot, so at a multiple of 8 bytes.

A result's buffers are a tuple, ``(block, address, N, R, view)`` (see
:func:`allocate`; a block :func:`copied` from a call's scratch block has
None for address and view until :func:`addressed` fills them in). A new
block is made (or copied) for every call without ``out``, so no result
shares memory with another call's; a call with ``out`` writes into the
buffers of that Layout. The columns of a Layout are views of the block
(NumPy) or copies of it (``array``); the row table past the row count is never
written, so a large block's tail is never paged in.
"""

import ctypes
from array import array

from . import _ffi, _numpy

#: Float32 columns of N slots before the row table.
ITEM_COLUMNS = 6
# The row table's columns (row_start, row_length, row_y, row_width,
# row_height), in the block's order: (array typecode, float32 slots per row).
_ROW_TABLE = (("q", 2), ("q", 2), ("d", 2), ("f", 1), ("f", 1))
ROW_SLOTS = sum(slots for _, slots in _ROW_TABLE)
# Where the item sizes and the row table start, in bytes per item of capacity.
SIZES_START, ROWS_START = 4 * 2, 4 * ITEM_COLUMNS
# Where each row column starts, in bytes per row of capacity, from the table's start.
_, ROW_LENGTH, ROW_Y, ROW_WIDTH, ROW_HEIGHT = (4 * sum(slots for _, slots in _ROW_TABLE[:k])
                                              for k in range(len(_ROW_TABLE)))
_NUMPY_TYPES = {"f": "float32", "d": "float64", "q": "int64"}
_ZERO = array("f", [0.0])

#: The lk_result fields that point at the buffers, in the struct's order.
RESULT_FIELDS = ("x", "y", "item_width", "item_height", "item_capacity",
                 "row_start", "row_length", "row_y", "row_width", "row_height", "row_capacity")
# Writes every buffer pointer and capacity of an lk_result in one step.
_BUFFERS, _BUFFERS_OFFSET = _ffi.packer(_ffi.lk_result, RESULT_FIELDS)
_pack_buffers = _BUFFERS.pack_into
_addressof, _from_buffer = ctypes.addressof, ctypes.c_char.from_buffer


def allocate(capacity, row_capacity):
    """New buffers ``(block, address, capacity, row_capacity, view)`` for a result
    of up to ``capacity`` items and ``row_capacity`` rows; ``view`` is a
    memoryview of the block (the quickest way to copy into it), ``address``
    0 when the block is empty."""
    slots = ITEM_COLUMNS * capacity + ROW_SLOTS * row_capacity
    np = _numpy.np
    return addressed((_ZERO * slots if np is None else np.empty(slots, _numpy.FLOAT32), None, capacity,
                      row_capacity, None))


def addressed(buffers):
    """``buffers`` with their block's address and view filled in: those of
    :func:`copied` get them on first use as ``out``."""
    block, _, capacity, row_capacity, view = buffers
    view = memoryview(block)
    # A new block is writable: its address through ctypes' view of it.
    return block, (_addressof(_from_buffer(view)) if len(block) else 0), capacity, row_capacity, view


def copied(buffers):
    """New buffers holding a copy of ``buffers``' block, as far as their
    capacities reach (a result written into a call's scratch block, see
    :mod:`layoutkernel._call`), without an address or view yet (see
    :func:`addressed`): a copy of a small block costs less than a new block
    and its address."""
    block, _, capacity, row_capacity, _ = buffers
    slots = ITEM_COLUMNS * capacity + ROW_SLOTS * row_capacity
    return block[:slots].copy(), None, capacity, row_capacity, None


def pointers(buffers, cells):
    """The values of an ``lk_result``'s fields from ``x`` to ``row_capacity``
    (:data:`RESULT_FIELDS`) for ``buffers``: x, y, the row table and, when
    ``cells`` (a balanced stack's cells, or a first_fit that may choose one),
    item_width and item_height; NULL otherwise, so that the library does not
    write the sizes the items came with.

    The row table's pointers are set even when the row capacity is 0 (they
    then point past the block and are never written): the library checks
    the capacity of a table it is given, so a result with rows does not fit
    buffers without room for them."""
    x, n, r = buffers[1], buffers[2], buffers[3]
    rows = x + ROWS_START * n  # even without row capacity, so that the library checks it
    sizes = x + SIZES_START * n if cells else 0
    return (x, x + 4 * n, sizes, sizes and sizes + 4 * n, n, rows, rows + ROW_LENGTH * r,
            rows + ROW_Y * r, rows + ROW_WIDTH * r, rows + ROW_HEIGHT * r, r)


def point(result, buffers, cells):
    """Point the ``lk_result`` ``result`` at ``buffers`` (see :func:`pointers`)."""
    _pack_buffers(result, _BUFFERS_OFFSET, *pointers(buffers, cells))


def own_sizes_slot(buffers, cells):
    """The slot where the items' own widths start (their heights follow, N slots
    later): ``item_width``'s, or for a balanced stack's cells the "own" columns."""
    return (4 if cells else 2) * buffers[2]


def copy_in(buffers, slot, address, count):
    """Copy ``count`` float32 values from memory at ``address`` into the block
    from ``slot`` on."""
    if count:
        ctypes.memmove(buffers[1] + 4 * slot, address, 4 * count)


def columns(buffers, first, count):
    """Columns ``first`` and ``first + 1`` (0: x and y, 2: item_width and
    item_height, 4: the items' own widths and heights) of a result of
    ``count`` items: views of the block with NumPy, copies of it with
    ``array``."""
    block, n = buffers[0], buffers[2]
    start = first * n
    return block[start:start + count], block[start + n:start + n + count]


def _as_type(piece, typecode):
    """The float32 slots ``piece`` of a block read as ``typecode`` elements."""
    if typecode == "f":
        return piece
    if isinstance(piece, array):
        return array(typecode, piece.tobytes())
    return piece.view(_NUMPY_TYPES[typecode])


def row_columns(buffers, rows):
    """The five row columns (start, count, y, width, height) of a result of
    ``rows`` rows: views of the block with NumPy, copies of it with ``array``."""
    block, n, capacity = buffers[0], buffers[2], buffers[3]
    start, columns = ITEM_COLUMNS * n, []
    for typecode, slots in _ROW_TABLE:
        columns.append(_as_type(block[start:start + slots * rows], typecode))
        start += slots * capacity
    return columns


class Outputs:
    """New buffers for n items and ``row_capacity`` rows (default n) with their own
    ``lk_result`` (``struct``) pointing at them, item sizes included unless
    ``cells`` is false: for calls outside the per-call path (``first_fit``)
    and for tests of the C interface."""

    __slots__ = ("struct", "buffers")

    def __init__(self, n, row_capacity=None, cells=True):
        self.buffers = allocate(n, n if row_capacity is None else row_capacity)
        self.struct = _ffi.lk_result()
        point(self.struct, self.buffers, cells)
