"""One layout call: the items in, one C call, the Layout out.

:func:`lay_out` is what every descriptor's ``layout`` and every shorthand
(``lk.flow`` ...) runs, so it is written for a small fixed cost per call:

- The common inputs take a short path. 1-D NumPy float32 arrays (the
  sizes, and a flow's ``grow``) and lists and tuples of sizes are not
  converted through :class:`~layoutkernel._items.Items`: a new result's
  columns of the items' own sizes receive them (arrays through a
  memoryview, lists by ``struct``) and the library reads them there; large
  C-contiguous arrays, and any into ``out``, go to the library where they
  are (no copy; the library then sees if they overlap ``out``) and are
  copied into the result once the call succeeded. Anything else, and
  ``breaks``, ``item_spacing`` or item rules, goes through ``Items``.
- A call of at most ``_SMALL`` items without ``out`` is laid out in a scratch
  block pooled with its structs, whose address is known, and the block is
  copied into the new result: a copy of a small block costs less than a new
  block and its address (:func:`layoutkernel._outputs.copied`).
- The ``lk_items``, ``lk_result`` and ``lk_proposal`` structs of a call lie
  side by side (:class:`_CallStructs`), so that one ``struct`` pack fills
  them in; they come from a pool (a call in progress holds its set alone, so
  threads and nested calls never share one), and the C function is called
  without ctypes' argument conversion (:func:`~layoutkernel._ffi.direct`).
- The result's buffers are one block (:mod:`layoutkernel._outputs`): a new
  one, or those of the Layout passed as ``out``. The library writes x, y and
  the row table, and item sizes only where they differ from the items' own
  (a balanced stack's cells, grown or resized items). The Layout makes its
  columns and row table on first use.
"""

import ctypes
import struct
from array import array

from . import _ffi, _numpy, _outputs, _params
from ._buffers import pack_floats, packed
from ._items import RESIZING_RULES, Items
from ._layout import Layout, new_result
from ._loader import library
from .errors import BufferTooSmallError, last_error

_LIB = library()
_addressof = ctypes.addressof
_from_buffer = ctypes.c_char.from_buffer
_byref = ctypes.byref
_c_void_p = ctypes.c_void_p
_allocate, _copy_in = _outputs.allocate, _outputs.copy_in
_SIZES_START, _ROWS_START = _outputs.SIZES_START, _outputs.ROWS_START
_ROW_LENGTH, _ROW_Y, _ROW_WIDTH, _ROW_HEIGHT = (_outputs.ROW_LENGTH, _outputs.ROW_Y,
                                                _outputs.ROW_WIDTH, _outputs.ROW_HEIGHT)
_SEQUENCES = (list, tuple)
# NumPy's array type and float32 dtype, or None without NumPy (the calls check
# _numpy.np, which tests set to None to take the NumPy-free paths).
_NDARRAY = None if _numpy.np is None else _numpy.np.ndarray
_FLOAT32 = _numpy.FLOAT32


class _CallStructs(ctypes.Structure):
    """The structs of one call side by side, so that one ``struct`` pack fills
    in what a call sets: the items' count and sizes, the result's buffers and
    the proposal."""

    _fields_ = [("items", _ffi.lk_items), ("result", _ffi.lk_result),
                ("proposal", _ffi.lk_proposal)]


def _call_packer():
    """``struct.Struct`` packing, at offset 0 of a :class:`_CallStructs`, the
    items' struct_size, count, widths, heights and grow factors, the result's
    struct_size and its fields from x to row_capacity and the proposal's width
    and height; the fields between (the items' other optional arrays, the
    result's outputs) become zeros."""
    def field(struct_name, ctype, name, code=None):
        member = getattr(ctype, name)
        offset = getattr(_CallStructs, struct_name).offset + member.offset
        return offset, member.size, code or {4: "I", 8: "Q"}[member.size]

    fields = [field("items", _ffi.lk_items, name) for name in ("struct_size", "count", "widths", "heights", "grow")]
    fields += [field("result", _ffi.lk_result, name) for name in ("struct_size",) + tuple(_outputs.RESULT_FIELDS)]
    fields += [field("proposal", _ffi.lk_proposal, name, "f") for name in ("width", "height")]
    layout, position = "=", 0
    for offset, size, code in fields:
        layout += "x" * (offset - position) + code
        position = offset + size
    return struct.Struct(layout)


_pack_call = _call_packer().pack_into
# Reads an lk_result's width, height and rows in one step.
_read_header = struct.Struct("@ffN").unpack_from
_RESULT_OFFSET = _CallStructs.result.offset + _ffi.lk_result.width.offset
_ITEMS_SIZE, _RESULT_SIZE = ctypes.sizeof(_ffi.lk_items), ctypes.sizeof(_ffi.lk_result)

# Calls of at most this many items (with NumPy) are laid out in a scratch block
# pooled with their structs, then copied into the new result: a copy of a small
# block costs less than a new block and its address.
_SMALL = 256
# NumPy as imported (the scratch blocks are NumPy arrays even while tests switch
# the package's NumPy off: calls then do not use them).
_NUMPY = _numpy.np

# Structs and scratch blocks for calls to take and give back (_pooled()): as many
# as calls have been in progress at once, at most.
_POOL = []


def _pooled():
    """A new :class:`_CallStructs` and scratch block as ``(structs, byref of its
    lk_items, byref of its lk_result, its lk_proposal, scratch buffers)`` (the
    buffers, see :mod:`layoutkernel._outputs`, hold ``_SMALL`` items and rows;
    None without NumPy)."""
    structs = _CallStructs()
    scratch = None
    if _NUMPY is not None:
        slots = _outputs.ITEM_COLUMNS * _SMALL + _outputs.ROW_SLOTS * _SMALL
        scratch = _outputs.addressed((_NUMPY.empty(slots, _FLOAT32), None, _SMALL, _SMALL, None))
    return structs, _byref(structs.items), _byref(structs.result), structs.proposal, scratch


def out_buffers(out, count):
    """The buffers of the Layout ``out`` after checking that a result of
    ``count`` items fits them; nothing is written on error.

    Raises TypeError when ``out`` is not a Layout, ValueError when it has no
    buffers of its own (made directly, copied or unpickled) and
    :class:`~layoutkernel.BufferTooSmallError` when it has room for fewer
    than ``count`` items.
    """
    if not isinstance(out, Layout):
        raise TypeError(f"out must be a Layout returned by a layout call, not "
                        f"{type(out).__name__}")
    buffers = getattr(out, "_buffers", None)  # unset in a Layout pickled by older versions
    if buffers is None:
        raise ValueError("out has no buffers of its own: pass a Layout returned by a layout "
                         "call (lk.flow, Flow.layout, ...), not one made with lk.Layout(...), "
                         "copied or unpickled")
    capacity = buffers[2]
    if count > capacity:
        status = _ffi.LK_ERR_BUFFER_TOO_SMALL
        raise BufferTooSmallError(
            f"out is too small for this layout: room for {capacity} item{'s' * (capacity != 1)}, "
            f"but it has {count}; pass a Layout of at least {count} items as out, or none",
            status, "LK_ERR_BUFFER_TOO_SMALL", None, count)
    if buffers[1] is None:  # copied from a scratch block: addressed on first use as out
        buffers = out._buffers = _outputs.addressed(buffers)
    return buffers


def failure(status, out, buffers):
    """The exception for a failed call (``status``) into ``buffers``: the
    library's, naming ``out`` when its buffers were too small."""
    if status == _ffi.LK_ERR_BUFFER_TOO_SMALL and out is not None:
        message = _LIB.lk_last_error_message().decode("utf-8", "replace")
        items, rows = buffers[2], buffers[3]
        return last_error(status, f"out is too small for this layout (room for {items} "
                                  f"item{'s' * (items != 1)} in {rows} row{'s' * (rows != 1)}): "
                                  f"{message}")
    return last_error(status)


def finish(out, buffers, count, rows, width, height, cells):
    """The Layout of a successful call: a new one, or ``out`` renewed."""
    if out is None:
        return new_result(buffers, count, rows, width, height, cells)
    out._renew(count, rows, width, height, cells)
    return out


def exact_columns(n):
    """Two new float64 columns of n items for exact positions, and their addresses
    as ``c_void_p`` (NULL for none)."""
    np = _numpy.np
    columns = [np.empty(n, np.float64) if np is not None else array("d", bytes(8 * n)) for _ in range(2)]
    if not n:
        return columns, (_c_void_p(), _c_void_p())
    if np is not None:
        return columns, tuple(_c_void_p(_numpy.address(column)) for column in columns)
    return columns, tuple(_c_void_p(column.buffer_info()[0]) for column in columns)


def lay_out(descriptor, widths, heights, width, height, breaks, item_spacing, out, grow=None, exact=False,
            rules=None):
    """``descriptor.layout(widths, heights, width, height, breaks=breaks,
    item_spacing=item_spacing, out=out, exact=exact)`` (and a flow's
    ``grow=grow`` and item rules, ``rules``: a dict of the keywords given):
    see :meth:`Descriptor.layout <layoutkernel._descriptor.Descriptor.layout>`."""
    # The library writes item sizes: a balanced stack's cells, a flow's grown items, a
    # flow's hidden items (of size 0), items its rules resize.
    keeps = descriptor._KEEPS_LINES
    cells = (descriptor._CELLS or grow is not None or keeps
             or (rules is not None and not RESIZING_RULES.isdisjoint(rules)))
    np = _numpy.np
    items = None
    plain = breaks is None and item_spacing is None and not rules
    if (plain and np is not None and type(widths) is _NDARRAY is type(heights)
            and widths.dtype is _FLOAT32 is heights.dtype and widths.ndim == 1 == heights.ndim
            and len(widths) == len(heights)
            and (grow is None or (type(grow) is _NDARRAY and grow.dtype is _FLOAT32 and grow.ndim == 1
                                  and len(grow) == len(widths)))):
        n, arrays = len(widths), True  # NumPy float32 arrays
    elif (plain and grow is None and type(widths) in _SEQUENCES and type(heights) in _SEQUENCES
          and len(widths) == len(heights)):
        n, arrays = len(widths), False  # lists and tuples
    else:
        items = Items(widths, heights, breaks, item_spacing, grow, rules)
        n, arrays = items.count, None
    row_capacity = n if n < descriptor._MAX_ROWS else descriptor._MAX_ROWS

    # The structs and scratch block are this call's alone from pop() to append().
    try:
        pooled = _POOL.pop()
    except IndexError:
        pooled = _pooled()
    call_structs, items_ref, result_ref, proposal, scratch = pooled
    try:
        # Where the library writes (buffers: new ones, the scratch block's first
        # slots, or out's: set below) and where the sizes it reads are gathered
        # first (stage: new buffers whose own-size columns receive them; None:
        # read where they are, as large arrays and everything into out are).
        small = out is None and np is not None and n <= _SMALL and grow is None
        if out is not None:
            buffers = None
        elif small:
            buffers = (scratch[0], scratch[1], n, row_capacity, scratch[4])
        else:
            buffers = _allocate(n, row_capacity)
        stage = buffers if arrays is False or (arrays and small) else None
        address_g = 0  # grow factors, read where they are
        if items is None:
            if stage is not None:
                own = (4 if cells else 2) * n
                if arrays:  # small: copied through the block's memoryview
                    view = stage[4]
                    view[own:own + n] = widths
                    view[own + n:own + 2 * n] = heights
                    converted = True
                else:
                    converted = pack_floats(widths, stage[4], own) and pack_floats(heights, stage[4], own + n)
                address_w = stage[1] + 4 * own
                address_h = address_w + 4 * n
            elif arrays:
                try:
                    address_w = _addressof(_from_buffer(widths)) if n else 0
                    address_h = _addressof(_from_buffer(heights)) if n else 0
                    address_g = _addressof(_from_buffer(grow)) if n and grow is not None else 0
                    converted = True
                except (TypeError, ValueError, BufferError):  # read-only, or not contiguous
                    converted = False
            else:  # into out: converted to new float32 arrays first
                widths_f32, heights_f32 = packed(widths), packed(heights)
                converted = widths_f32 is not None and heights_f32 is not None
                if converted:
                    widths, heights = widths_f32, heights_f32
                    address_w, address_h = widths.buffer_info()[0], heights.buffer_info()[0]
            if not converted:  # Items converts them, or raises array('f')'s error
                items = Items(widths, heights, grow=grow)
        if items is not None:
            address_w, address_h = items.addresses
            address_g = 0
            stage = None
        # The proposal: None is unspecified (NaN in C), a NaN given is an error, other
        # values are checked by _params and the library.
        width, height = _params.axes(width, height)
        if out is not None:
            buffers = out_buffers(out, n)

        # The call, into buffers: the result's fields as _outputs.pointers() computes them, inline.
        x, capacity, row_capacity = buffers[1], buffers[2], buffers[3]
        rows_at = x + _ROWS_START * capacity
        sizes_at = x + _SIZES_START * capacity if cells else 0
        try:
            _pack_call(call_structs, 0, _ITEMS_SIZE, n, address_w, address_h, address_g, _RESULT_SIZE,
                       x, x + 4 * capacity, sizes_at, sizes_at and sizes_at + 4 * capacity, capacity,
                       rows_at, rows_at + _ROW_LENGTH * row_capacity, rows_at + _ROW_Y * row_capacity,
                       rows_at + _ROW_WIDTH * row_capacity, rows_at + _ROW_HEIGHT * row_capacity,
                       row_capacity, width, height)
        except OverflowError:  # a proposal beyond float32's range, where struct refuses it
            _pack_call(call_structs, 0, _ITEMS_SIZE, n, address_w, address_h, address_g, _RESULT_SIZE,
                       *_outputs.pointers(buffers, cells), 0.0, 0.0)
            proposal.width, proposal.height = width, height  # ctypes rounds it to infinity
        if items is not None:
            items_ref = _byref(items.struct)
        if exact:
            exact, addresses = exact_columns(n)
            status = descriptor._PLACE_EXACT(items_ref, descriptor._params_ref, proposal, result_ref, *addresses)
        else:
            status = descriptor._PLACE(items_ref, descriptor._params_ref, proposal, result_ref)
        if status:
            raise failure(status, out, buffers)
        width, height, rows = _read_header(call_structs, _RESULT_OFFSET)
        if keeps:
            result = call_structs.result
            hidden = result.hidden
            overflow = ((result.overflow_x, result.overflow_y, result.overflow_width, result.overflow_height)
                        if result.overflow_placed else None)
        if stage is not buffers:  # the item sizes the result reports are a copy of the inputs
            own = (4 if cells else 2) * capacity
            if items is None:  # float32 arrays: copied through the block's memoryview
                view = buffers[4]
                view[own:own + n] = widths
                view[own + capacity:own + capacity + n] = heights
            else:
                _copy_in(buffers, own, address_w, n)
                _copy_in(buffers, own + capacity, address_h, n)
        if small:
            buffers = _outputs.copied(buffers)
    finally:
        _POOL.append(pooled)

    if out is None:
        layout = new_result(buffers, n, rows, width, height, cells)
    else:
        layout = out
        out._renew(n, rows, width, height, cells)
    if exact:
        layout.x64, layout.y64 = exact
    if keeps:
        layout.hidden, layout.overflow = hidden, overflow
    return layout
