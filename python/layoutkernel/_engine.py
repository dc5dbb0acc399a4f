"""The engine (``lk_engine`` in the C header): a layout that keeps its items and
results between calls.

A UI that holds many items between frames — a feed of tags, a virtualised
grid, a chat of chips — keeps them in an :class:`Engine`, changes a few
(``update``, ``insert``, ``remove``, or ``set_items`` with the whole new
list), and asks again: a flow re-packs only the rows around a change, a
request whose result is held does no layout work, and ``visible`` finds the
items of one screen without touching the others. Every answer equals what a
fresh ``descriptor.layout`` of the same items returns, bit for bit.
"""

import ctypes
import struct
import threading
from array import array

from . import _ffi, _numpy, _outputs, _params
from ._buffers import _packer
from ._items import RULES, Items, given_rules
from ._layout import new_result
from ._loader import library
from .errors import check, last_error

_LIB = library()
_SIZE_MAX = 2 ** (8 * ctypes.sizeof(ctypes.c_size_t)) - 1
_SEQUENCES = (list, tuple)
# NumPy's array type and float32 dtype (None without NumPy); the calls check
# _numpy.np, which tests set to None to take the NumPy-free paths.
_NDARRAY = None if _numpy.np is None else _numpy.np.ndarray
_FLOAT32 = _numpy.FLOAT32
_addressof = ctypes.addressof
_from_buffer = ctypes.c_char.from_buffer
_byref = ctypes.byref
_c_size_t, _c_float, _c_double, _c_void_p = ctypes.c_size_t, ctypes.c_float, ctypes.c_double, ctypes.c_void_p

# The functions of the frequent calls without ctypes' argument conversion
# (_ffi.direct): each argument is passed as a ctypes object of the C type.
_UPDATE = _ffi.direct(_LIB, "lk_engine_update")
_INSERT = _ffi.direct(_LIB, "lk_engine_insert")
_SET_ITEMS = _ffi.direct(_LIB, "lk_engine_set_items")
_REMOVE = _ffi.direct(_LIB, "lk_engine_remove")
_COUNT = _ffi.direct(_LIB, "lk_engine_count")
_SIZE = _ffi.direct(_LIB, "lk_engine_size")
_POSITIONS = _ffi.direct(_LIB, "lk_engine_positions")
_POSITIONS_EXACT = _ffi.direct(_LIB, "lk_engine_positions_exact")
_POSITIONS_RELATIVE = _ffi.direct(_LIB, "lk_engine_positions_relative")
_VISIBLE = _ffi.direct(_LIB, "lk_engine_visible")
_VISIBLE_EXACT = _ffi.direct(_LIB, "lk_engine_visible_exact")
_ITEM_AT = _ffi.direct(_LIB, "lk_engine_item_at")
_ITEM_AT_EXACT = _ffi.direct(_LIB, "lk_engine_item_at_exact")

#: Items of a change given as lists or tuples of at most this many numbers are
#: converted into the engine's own scratch memory (no allocation).
_SMALL = 16
#: Room for the indices of one ``visible`` call before it allocates.
_VISIBLE_ROOM = 256


class _Arguments(ctypes.Structure):
    """What an engine's calls pass by pointer or by value, in one struct of the
    engine's, written and read only under its lock: the items of a change
    (``lk_items`` and room for the sizes of a small one), the proposal, and
    where the library writes a size, a count and an index."""

    _fields_ = [("items", _ffi.lk_items), ("proposal", _ffi.lk_proposal), ("size", _ffi.lk_size),
                ("count", ctypes.c_size_t), ("index", ctypes.c_int64),
                ("sizes", ctypes.c_float * (2 * _SMALL))]


# Writes every field of the lk_items (count, widths, heights, then NULL for the
# optional arrays) in one step.
_ITEMS = _ffi.packer(_ffi.lk_items, [name for name, _ in _ffi.lk_items._fields_])[0].pack_into
# NULL for each optional array of lk_items (after struct_size, count, widths, heights).
_NO_OPTIONAL = (0,) * (len(_ffi.lk_items._fields_) - 4)
_ITEMS_SIZE = ctypes.sizeof(_ffi.lk_items)
# Native floats: a value beyond float32's range packs as infinity, as ctypes
# rounds it (the standard-size "=f" refuses it).
_PROPOSAL = struct.Struct("ff").pack_into
_PROPOSAL_OFFSET = _Arguments.proposal.offset
_SIZES_OFFSET = _Arguments.sizes.offset
_read_size = struct.Struct("ff").unpack_from
_SIZE_OFFSET = _Arguments.size.offset


class Engine:
    """A layout of any kind that keeps its items and results (``lk_engine``).

    ``lk.Engine(descriptor)`` makes one with no items for the descriptor
    (``lk.Flow(...)``, ``lk.Grid(...)``, ...). Values the library rejects
    raise the same :class:`~layoutkernel.LayoutError` subclasses as
    ``descriptor.layout``; a call that raises leaves the engine as it was.
    A call that may need more memory than the process can still allocate
    (storing many items, packing rows it does not hold) raises
    :class:`~layoutkernel.OutOfMemoryError`, also a ``MemoryError``, before
    changing anything.

    Threads: an engine may be shared between threads. Each call holds a lock
    of the engine's for its whole work (``layout`` counts the items and lays
    them out under one hold), so calls from several threads run one after
    another, each on the state the previous one left, and never raise
    :class:`~layoutkernel.EngineBusyError` (the C library's answer to two
    calls at once on one engine). A sequence of calls (``len(engine)`` then
    ``positions``) is not one step: another thread's change may come between
    them. While a call runs in the library the GIL is released (ctypes), so
    other Python threads, other engines and the stateless layouts run in
    parallel.

    Pickling: an engine pickles (and copies, and deep-copies) as its
    descriptor and its items, every field it holds (sizes, per-item spacing,
    breaks, grow factors), read under its lock; the engine unpickled holds the
    same items and answers every query as this one does, bit for bit (its
    results are computed again when first asked for). So an engine can be
    sent to a worker process (``multiprocessing``, Dask).
    """

    def __init__(self, descriptor):
        layout = getattr(descriptor, "_layout", None)
        if not isinstance(layout, _ffi.lk_layout):
            raise TypeError(f"Engine needs a layout descriptor (lk.Flow, lk.Grid, ...), not "
                            f"{type(descriptor).__name__}")
        handle = ctypes.c_void_p()
        check(_LIB.lk_engine_create(ctypes.byref(layout), ctypes.byref(handle)))
        self._handle = handle
        self._descriptor = descriptor
        self._lock = threading.Lock()
        # The arguments of the calls, made once; used only under the lock.
        arguments = self._arguments = _Arguments()
        self._items_ref = _byref(arguments.items)
        self._proposal = arguments.proposal  # passed by value: its memory as the call finds it
        self._size_ref = _byref(arguments.size)
        self._count_ref = _byref(arguments, _Arguments.count.offset)
        self._index_ref = _byref(arguments, _Arguments.index.offset)
        self._sizes_at = _addressof(arguments.sizes)
        self._first, self._second = _c_size_t(), _c_size_t()
        self._floats = tuple(_c_float() for _ in range(4))
        self._doubles = tuple(_c_double() for _ in range(4))
        self._room = self._room_at = None  # visible()'s indices, made on first use

    def __del__(self):
        handle = getattr(self, "_handle", None)
        if handle is not None and handle.value:
            _LIB.lk_engine_destroy(handle)
            self._handle = None

    @property
    def descriptor(self):
        """The layout descriptor the engine was made with."""
        return self._descriptor

    def _call(self, function, *arguments, names=None):
        """Call ``function`` on the engine; on failure raise the library's error,
        its message also naming the Python arguments (``names``: the library's
        argument name to this method's)."""
        with self._lock:
            status = function(self._handle, *arguments)
            if status:
                raise _failure(status, names)

    def _set_proposal(self, width, height):
        """Write the proposal (two checked floats) into the call arguments (the lock held)."""
        _PROPOSAL(self._arguments, _PROPOSAL_OFFSET, width, height)

    # -- Mutations --------------------------------------------------------

    def set_items(self, widths, heights, breaks=None, item_spacing=None, grow=None, *,
                  align_self=None, baseline=None, last_baseline=None,
                  stretchable=None, min_width=None, max_width=None, min_height=None, max_height=None,
                  shrink=None):
        """Hold these items (copies) instead of the current ones; the engine
        finds what changed by hashing chunks of the new arrays. Arguments as
        for ``descriptor.layout`` (``breaks``, ``grow`` and the item rules —
        ``align_self=``, ``baseline=``, ``last_baseline=``, ``stretchable=``,
        ``min_width=`` ... ``shrink=`` — for flows)."""
        rules = given_rules(align_self, stretchable, baseline, last_baseline, min_width, max_width, min_height,
                            max_height, shrink)
        if (breaks is None and item_spacing is None and grow is None and rules is None
                and self._change(_SET_ITEMS, None, widths, heights, None)):
            return
        items = Items(widths, heights, breaks, item_spacing, grow, rules)
        self._call(_LIB.lk_engine_set_items, ctypes.byref(items.struct))

    def update(self, start, widths, heights, breaks=None, item_spacing=None, grow=None, *,
                  align_self=None, baseline=None, last_baseline=None,
                  stretchable=None, min_width=None, max_width=None, min_height=None, max_height=None,
                  shrink=None):
        """Overwrite items ``start .. start + len(widths) - 1`` (which must exist)."""
        rules = given_rules(align_self, stretchable, baseline, last_baseline, min_width, max_width, min_height,
                            max_height, shrink)
        if (breaks is None and item_spacing is None and grow is None and rules is None and type(start) is int
                and 0 <= start <= _SIZE_MAX and self._change(_UPDATE, start, widths, heights, None)):
            return
        items = Items(widths, heights, breaks, item_spacing, grow, rules)
        self._call(_LIB.lk_engine_update, _index(start, "start"), ctypes.byref(items.struct))

    def insert(self, at, widths, heights, breaks=None, item_spacing=None, grow=None, *,
                  align_self=None, baseline=None, last_baseline=None,
                  stretchable=None, min_width=None, max_width=None, min_height=None, max_height=None,
                  shrink=None):
        """Insert items before item ``at`` (``at == len(engine)`` appends)."""
        rules = given_rules(align_self, stretchable, baseline, last_baseline, min_width, max_width, min_height,
                            max_height, shrink)
        if (breaks is None and item_spacing is None and grow is None and rules is None and type(at) is int
                and 0 <= at <= _SIZE_MAX and self._change(_INSERT, at, widths, heights, _AT)):
            return
        items = Items(widths, heights, breaks, item_spacing, grow, rules)
        self._call(_LIB.lk_engine_insert, _index(at, "at"), ctypes.byref(items.struct),
                   names=_AT)

    def _change(self, function, index, widths, heights, names):
        """The quick path of a change to plain sizes: ``function(engine, [index,]
        items)`` for 1-D float32 NumPy arrays read where they are, or lists or
        tuples of at most ``_SMALL`` numbers converted into the engine's
        scratch memory. True when done (or raised the library's error); False,
        having done nothing, for any other input, which then goes through
        :class:`~layoutkernel._items.Items` (and its checks and messages)."""
        kind = type(widths)
        if kind is not type(heights):
            return False
        if kind is _NDARRAY:
            if (_numpy.np is None or widths.dtype is not _FLOAT32 or heights.dtype is not _FLOAT32
                    or widths.ndim != 1 or heights.ndim != 1):
                return False
        elif kind not in _SEQUENCES:
            return False
        n = len(widths)
        if n == 0 or len(heights) != n:  # no items: through Items (NULL arrays)
            return False
        if kind is _NDARRAY:
            try:
                address_w = _addressof(_from_buffer(widths))
                address_h = _addressof(_from_buffer(heights))
            except (TypeError, ValueError, BufferError):  # read-only, or not contiguous
                return False
        elif n > _SMALL:
            return False
        arguments = self._arguments
        with self._lock:
            if kind is not _NDARRAY:
                try:
                    _packer(2 * n).pack_into(arguments, _SIZES_OFFSET, *widths, *heights)
                except (struct.error, OverflowError, TypeError):
                    return False  # array('f') converts it, or raises its own error
                address_w = self._sizes_at
                address_h = address_w + 4 * n
            _ITEMS(arguments, 0, _ITEMS_SIZE, n, address_w, address_h, *_NO_OPTIONAL)
            if index is None:
                status = function(self._handle, self._items_ref)
            else:
                first = self._first
                first.value = index
                status = function(self._handle, first, self._items_ref)
            if status:
                raise _failure(status, names)
        return True

    def remove(self, start, count):
        """Remove items ``start .. start + count - 1`` (which must exist)."""
        start, count = _index(start, "start"), _index(count, "count")
        with self._lock:
            first, second = self._first, self._second
            first.value, second.value = start, count
            status = _REMOVE(self._handle, first, second)
            if status:
                raise _failure(status)

    def __len__(self):
        with self._lock:
            status = _COUNT(self._handle, self._count_ref)
            if status:
                raise _failure(status)
            return self._arguments.count

    # -- Queries ----------------------------------------------------------

    def layout(self, width=None, height=None):
        """Every item's frame and the rows for the proposal: the same
        :class:`~layoutkernel.Layout` a fresh ``descriptor.layout`` of the
        engine's items returns. O(n)."""
        proposal = _params.proposal(width, height)
        count = ctypes.c_size_t()
        # The count and the layout under one hold of the lock: another thread's
        # insert or removal between them would give buffers of the wrong size.
        with self._lock:
            check(_LIB.lk_engine_count(self._handle, ctypes.byref(count)))
            n = count.value
            outputs = _outputs.Outputs(n, n, cells=True)
            check(_LIB.lk_engine_layout(self._handle, proposal, ctypes.byref(outputs.struct)))
        result = outputs.struct
        layout = new_result(outputs.buffers, n, result.rows, result.width, result.height, False)
        if result.hidden or result.overflow_placed:  # a flow with max_lines
            layout.hidden = result.hidden
            layout.overflow = ((result.overflow_x, result.overflow_y, result.overflow_width, result.overflow_height)
                               if result.overflow_placed else None)
        return layout

    def size(self, width=None, height=None):
        """The container size for the proposal, ``(width, height)``, without
        making positions; O(1) when the engine holds the result."""
        width, height = _params.axes(width, height)
        with self._lock:
            self._set_proposal(width, height)
            status = _SIZE(self._handle, self._proposal, self._size_ref)
            if status:
                raise _failure(status)
            return _read_size(self._arguments, _SIZE_OFFSET)

    def positions(self, start, count, width=None, height=None, *, exact=False, origin=None):
        """The ``(x, y)`` arrays of items ``start .. start + count - 1`` (which
        must exist); a flow reads only the rows holding them.

        By default float32 positions, exact up to 2**24 px. With ``exact=True``,
        float64 arrays of the exact positions (``lk_engine_positions_exact``:
        the same as ``Layout.x64``/``y64`` of ``layout(exact=True)``). With
        ``origin=(ox, oy)`` (a scroll offset, any finite floats), float32
        positions relative to that point, each exact position less the origin
        rounded once (``lk_engine_positions_relative``): exact near the origin
        however far down a list it lies, for GPU buffers. A kind other than
        the flow computes its exact positions once per change (O(n)).
        """
        np = _need_numpy()
        start, count = _index(start, "start"), _index(count, "count")
        proposal = _params.proposal(width, height)
        if exact and origin is not None:
            raise ValueError("positions takes exact=True (float64 positions) or origin= (float32 "
                             "positions relative to it), not both")
        x, y = (np.empty(count, np.float64 if exact else np.float32) for _ in range(2))
        pointers = tuple(_c_void_p(_addressof(_from_buffer(column)) if count else column.ctypes.data)
                         for column in (x, y))
        if origin is not None:
            ox, oy = _origin(origin)
        with self._lock:
            self._set_proposal(proposal.width, proposal.height)
            first, second = self._first, self._second
            first.value, second.value = start, count
            if exact:
                status = _POSITIONS_EXACT(self._handle, self._proposal, first, second, *pointers)
            elif origin is not None:
                doubles = self._doubles
                doubles[0].value, doubles[1].value = ox, oy
                status = _POSITIONS_RELATIVE(self._handle, self._proposal, first, second, doubles[0],
                                             doubles[1], *pointers)
            else:
                status = _POSITIONS(self._handle, self._proposal, first, second, *pointers)
            if status:
                raise _failure(status)
        return x, y

    def visible(self, x0, y0, x1, y1, width=None, height=None, *, exact=False):
        """The indices (ascending, int64) of the items whose frames share area
        with the rectangle ``[x0, x1) x [y0, y1)``: what a virtualised list
        draws. A flow finds the rows by binary search and reads only theirs.

        By default the rectangle and the frames are float32 values, exact up
        to 2**24 px; with ``exact=True`` the rectangle is taken as float64 and
        tested against the items' exact positions (``lk_engine_visible_exact``):
        use it for layouts taller or wider than 2**24 px."""
        np = _numpy.np
        if np is None:
            _need_numpy()
        if type(x0) is not float:
            x0 = _params.real(x0, "x0")
        if type(y0) is not float:
            y0 = _params.real(y0, "y0")
        if type(x1) is not float:
            x1 = _params.real(x1, "x1")
        if type(y1) is not float:
            y1 = _params.real(y1, "y1")
        width, height = _params.axes(width, height)
        function = _VISIBLE_EXACT if exact else _VISIBLE
        corners = self._doubles if exact else self._floats
        capacity, found = self._second, self._arguments
        with self._lock:
            if self._room is None:  # the engine's room for the indices of one screen
                self._room = np.empty(_VISIBLE_ROOM, np.int64)
                self._room_at = _c_void_p(_addressof(_from_buffer(self._room)))
            self._set_proposal(width, height)
            corners[0].value, corners[1].value, corners[2].value, corners[3].value = x0, y0, x1, y1
            capacity.value = _VISIBLE_ROOM
            status = function(self._handle, self._proposal, *corners, self._room_at, capacity,
                              self._count_ref)
            if not status:
                return self._room[:found.count].copy()
            while status == _ffi.LK_ERR_BUFFER_TOO_SMALL:  # more than the room: as many as found
                indices = np.empty(found.count, np.int64)
                capacity.value = found.count
                status = function(self._handle, self._proposal, *corners,
                                  _c_void_p(_addressof(_from_buffer(indices)) if found.count else None),
                                  capacity, self._count_ref)
            if status:
                raise _failure(status)
            return indices[:found.count]

    def item_at(self, x, y, width=None, height=None, *, exact=False):
        """The index of the first item whose frame holds the point, or None.
        With ``exact=True`` the point is float64 and the frames are the items'
        exact positions (``lk_engine_item_at_exact``), as for :meth:`visible`."""
        if type(x) is not float:
            x = _params.real(x, "x")
        if type(y) is not float:
            y = _params.real(y, "y")
        width, height = _params.axes(width, height)
        point = self._doubles if exact else self._floats
        with self._lock:
            self._set_proposal(width, height)
            point[0].value, point[1].value = x, y
            status = (_ITEM_AT_EXACT if exact else _ITEM_AT)(self._handle, self._proposal, point[0],
                                                             point[1], self._index_ref)
            if status:
                raise _failure(status)
            index = self._arguments.index
        return None if index < 0 else index

    @property
    def stats(self):
        """What the engine did lately: ``items_packed`` and ``rows_reused`` by the
        last change, ``cache_hits`` in all, ``bytes`` held."""
        stats = _ffi.lk_engine_stats()
        self._call(_LIB.lk_engine_get_stats, ctypes.byref(stats))
        return {"items_packed": stats.items_packed, "rows_reused": stats.rows_reused,
                "cache_hits": stats.cache_hits, "bytes": stats.bytes}

    def __repr__(self):
        return f"<Engine {self._descriptor!r}: {len(self)} items>"

    # -- Pickling ---------------------------------------------------------

    def __reduce__(self):
        with self._lock:
            items = self._held_items()
        return (_engine_from_items, (self._descriptor, items))

    def _held_items(self):
        """Every item the engine holds (``lk_engine_get_items``; the lock held):
        a dict of ``array.array`` per field held, ``"spacing"`` a tuple of the
        four preferences (leading, trailing, top, bottom), absent fields left
        out."""
        count, fields = ctypes.c_size_t(), ctypes.c_uint32()
        check(_LIB.lk_engine_count(self._handle, ctypes.byref(count)))
        check(_LIB.lk_engine_get_items(self._handle, 0, 0, None, ctypes.byref(fields)))
        n, held = count.value, fields.value
        items = {"widths": array("f", [0.0]) * n, "heights": array("f", [0.0]) * n}
        if held & _ffi.LK_ITEM_FIELD_SPACING:
            items["spacing"] = tuple(array("f", [0.0]) * n for _ in range(4))
        if held & _ffi.LK_ITEM_FIELD_FLAGS:
            items["flags"] = array("B", [0]) * n
        if held & _ffi.LK_ITEM_FIELD_GROW:
            items["grow"] = array("f", [0.0]) * n
        for name, bit in _ffi.LK_ITEM_FIELD_RULES.items():
            if held & bit:
                items[name] = array(_typecode(name), [0]) * n
        buffers = _ffi.lk_item_buffers()
        for name, values in _fields(items):
            _ffi.set_pointer(buffers, name, values.buffer_info()[0])
        check(_LIB.lk_engine_get_items(self._handle, 0, n, ctypes.byref(buffers), None))
        return items

    def _hold_items(self, items):
        """Hold the items of a :meth:`_held_items` dict (``lk_engine_set_items``),
        each field given that was held. ValueError for a dict that is not one."""
        if not isinstance(items, dict) or not {"widths", "heights"} <= set(items) <= _ITEM_KEYS:
            raise ValueError("an Engine's pickled items must be a dict of widths, heights and "
                             "optionally spacing, flags, grow and item rules")
        n = len(items["widths"])
        arrays = list(_fields(items))
        if items.get("spacing") is not None and len(items["spacing"]) != 4:
            raise ValueError("an Engine's pickled spacing must hold 4 arrays")
        for name, values in arrays:
            typecode = _typecode(name)
            if not isinstance(values, array) or values.typecode != typecode or len(values) != n:
                raise ValueError(f"an Engine's pickled {name} must be an array('{typecode}') of "
                                 f"{n} items")
        struct = _ffi.lk_items(count=n)
        keep = []
        for name, values in arrays:
            if n == 0:  # a held field of no items: a pointer all the same, not NULL
                values = array(values.typecode, [0])
                keep.append(values)
            _ffi.set_pointer(struct, name, values.buffer_info()[0])
        self._call(_LIB.lk_engine_set_items, ctypes.byref(struct))


_ITEM_KEYS = frozenset({"widths", "heights", "spacing", "flags", "grow"}) | frozenset(RULES)


def _typecode(name):
    """The ``array`` typecode of an lk_items field: bytes for flags, align_self and
    stretchable, float32 for the others."""
    return "B" if name in ("flags", "align_self", "stretchable") else "f"
_AT = {"index": "at"}  # insert's argument names in the library's messages


def _failure(status, names=None):
    """The exception of a failed engine call (the lock still held, so that the
    library's error state is this call's), its message also naming the Python
    arguments (``names``: the library's argument name to the method's)."""
    error = last_error(status)
    if names:
        message = str(error)
        for c_name, python_name in names.items():
            if message.startswith(c_name + " "):
                message += f" ({c_name} is {python_name})"
        error = last_error(status, message)
    return error
_SPACING = ("spacing_leading", "spacing_trailing", "spacing_top", "spacing_bottom")


def _fields(items):
    """``(lk_items field name, array)`` for each field of a :meth:`Engine._held_items` dict."""
    yield "widths", items["widths"]
    yield "heights", items["heights"]
    if items.get("spacing") is not None:
        yield from zip(_SPACING, items["spacing"])
    for name in ("flags", "grow") + RULES:
        if items.get(name) is not None:
            yield name, items[name]


def _engine_from_items(descriptor, items):
    """An engine for ``descriptor`` holding ``items`` (unpickling, ``Engine.__reduce__``)."""
    engine = Engine(descriptor)
    engine._hold_items(items)
    return engine


def _index(value, name):
    """A non-negative int argument (a size_t in C)."""
    if isinstance(value, bool):
        raise TypeError(f"{name} must be an int, not bool")
    if not isinstance(value, int):
        try:
            value = int(value.__index__())
        except (AttributeError, TypeError):
            raise TypeError(f"{name} must be an int, not {type(value).__name__}") from None
    if value < 0:
        raise ValueError(f"{name} is {value} (must be >= 0)")
    if value > _SIZE_MAX:
        raise ValueError(f"{name} is {value} (must be <= {_SIZE_MAX}, the largest size_t)")
    return value


def _origin(origin):
    """An ``origin=(x, y)`` argument as two finite floats."""
    try:
        ox, oy = origin
    except (TypeError, ValueError):
        raise TypeError(f"origin must be an (x, y) pair of numbers, not {origin!r}") from None
    ox, oy = _params.real(ox, "origin x"), _params.real(oy, "origin y")
    for value, name in ((ox, "x"), (oy, "y")):
        if value != value or value in (float("inf"), float("-inf")):
            raise ValueError(f"origin {name} is {value} (an origin must be finite)")
    return ox, oy


def _need_numpy():
    if _numpy.np is None:
        raise ImportError("this Engine query needs NumPy")
    return _numpy.np
