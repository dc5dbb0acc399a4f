"""Many containers of one layout in one call (``lk_layout_many`` in the C header).

Real screens hold thousands of small layouts — chips in table cells, tags under
posts. :func:`layout_many` lays them all out in one C call: the items of every
container concatenated, ``counts[i]`` items in container i. The result is a
:class:`Layouts`, whose ``[i]`` is container i as the :class:`Layout` that laying
it out alone returns. It needs NumPy.
"""

import ctypes
import operator

from . import _ffi, _numpy, _params
from ._items import Items
from ._layout import Layout, Rows
from ._loader import library
from .errors import InvalidParameterError, check, rejected

_LIB = library()
# lk_layout_many without ctypes' argument conversion (_ffi.direct): every
# argument a ctypes object of the C type.
_MANY = _ffi.direct(_LIB, "lk_layout_many")
_byref, _c_void_p, _c_size_t = ctypes.byref, ctypes.c_void_p, ctypes.c_size_t


class Layouts:
    """The layouts of many containers (from ``descriptor.layout_many``).

    ``len(layouts)`` is the number of containers and ``layouts[i]`` (any
    integer, NumPy's included; negative from the end) container i as a
    :class:`~layoutkernel.Layout` (its arrays are views of the arrays below);
    iterating gives every container in order. Attributes:

        width, height: each container's size (float32, one per container).
        rows: each container's number of rows (int64): ``len(layouts[i].rows)``.
        row_offset: the index of each container's first row in the row table (int64).
        item_offset: the index of each container's first item (int64).
        x, y: each item's top-left corner in its own container (float32, one per item).
        item_width, item_height: the size each item is given (float32).
        row_start, row_length, row_y, row_width, row_height: every container's
            rows, one container after another, each row's start relative to its
            container's first item (the columns of :class:`~layoutkernel.Rows`).
        total_rows: the number of rows in all.
        hidden: each container's number of hidden items (int64; a flow with
            ``max_lines``, else 0): ``layouts[i].hidden``.
        overflow: each container's overflow item frame, ``(x, y, width,
            height)`` in its own coordinates (float32, shape (containers, 4)),
            a row of NaN where it placed none: ``layouts[i].overflow``.

    Every array is a view of one block of memory, which stays allocated while
    any of them is referenced (keep a ``.copy()`` of one to hold it alone).
    """

    __slots__ = ("width", "height", "rows", "row_offset", "item_offset", "x", "y", "item_width",
                 "item_height", "row_start", "row_length", "row_y", "row_width", "row_height",
                 "total_rows", "hidden", "overflow", "_buffers")

    def __len__(self):
        return len(self.width)

    def __getitem__(self, index):
        count = len(self.width)
        if isinstance(index, bool) or not hasattr(index, "__index__"):
            raise TypeError(f"Layouts indices are integers, not {type(index).__name__}")
        index = operator.index(index)
        if not -count <= index < count:
            raise IndexError(f"container {index} out of range ({count} containers)")
        index %= count
        first = int(self.item_offset[index])
        items = slice(first, first + int(self._item_counts()[index]))
        row = int(self.row_offset[index])
        rows = slice(row, row + int(self.rows[index]))
        layout = Layout(float(self.width[index]), float(self.height[index]), self.x[items], self.y[items],
                        self.item_width[items], self.item_height[items],
                        Rows(self.row_start[rows], self.row_length[rows], self.row_y[rows],
                             self.row_width[rows], self.row_height[rows]))
        hidden = int(self.hidden[index])
        if hidden:
            frame = self.overflow[index]
            layout.hidden = hidden
            layout.overflow = None if frame[0] != frame[0] else tuple(float(v) for v in frame)
        return layout

    def __iter__(self):
        return (self[i] for i in range(len(self)))

    def _item_counts(self):
        return self._buffers["counts"]

    def __repr__(self):
        return f"<Layouts: {len(self)} containers, {len(self.x)} items, {self.total_rows} rows>"


# The columns of a result's block, in the block's order (the 8-byte ones
# first, so each starts at a multiple of 8 bytes): (name, dtype, length), the
# length per item ("items"), per container ("containers") or four per container
# ("frames": the overflow frames' x, y, width and height columns, one after another).
_COLUMNS = (("rows", "uintp", "containers"), ("row_offset", "int64", "containers"),
            ("hidden", "uintp", "containers"), ("row_start", "int64", "items"),
            ("row_length", "int64", "items"), ("row_y", "float64", "items"), ("width", "float32", "containers"),
            ("height", "float32", "containers"), ("x", "float32", "items"), ("y", "float32", "items"),
            ("item_width", "float32", "items"), ("item_height", "float32", "items"),
            ("row_width", "float32", "items"), ("row_height", "float32", "items"),
            ("overflow", "float32", "frames"))
# Where lk_many_result's buffer fields are, in the order of its fields.
_RESULT_FIELDS = ("width", "height", "rows", "row_offset", "container_capacity", "x", "y", "item_width",
                  "item_height", "item_capacity", "row_start", "row_length", "row_y", "row_width",
                  "row_height", "row_capacity", "hidden", "overflow_x", "overflow_y", "overflow_width",
                  "overflow_height")
_pack_result = _ffi.packer(_ffi.lk_many_result, _RESULT_FIELDS)[0].pack_into
_RESULT_OFFSET = _ffi.lk_many_result.width.offset


def _allocate(np, containers, n):
    """Output arrays with room for ``containers`` containers and ``n`` items (the
    row table holds one row per item, which any layout fits: no counting pass,
    and the call may split its work over threads), as views of one new block.
    One allocation rather than thirteen: the memory a call writes is new, and
    one large block comes with large pages where the system gives them (a
    dozen arrays of a few megabytes fault one small page at a time, which
    doubled the cost of a call of 100,000 containers). Untouched pages of the
    row table are never paged in."""
    lengths = {"items": n, "containers": containers, "frames": 4 * containers}
    sizes = [(name, np.dtype(dtype), lengths[per]) for name, dtype, per in _COLUMNS]
    block = np.empty(sum(dtype.itemsize * length for _, dtype, length in sizes) // 4, np.float32)
    buffers, start = {}, 0
    for name, dtype, length in sizes:
        slots = dtype.itemsize // 4 * length
        piece = block[start:start + slots]
        buffers[name] = piece if dtype.itemsize == 4 else piece.view(dtype)
        start += slots
    return buffers


def _address(array):
    """The address of a NumPy array's first element (of any array: an empty one's
    data pointer)."""
    return _numpy.address(array) if array.size else array.ctypes.data


def _counts(np, counts):
    """``counts`` as a C array of size_t, checked to hold non-negative integers."""
    if isinstance(counts, (str, bytes)):
        raise TypeError(f"counts must be a sequence of integers, not {type(counts).__name__}")
    try:
        array = np.asarray(counts)
    except (TypeError, ValueError) as error:
        raise TypeError(f"counts must be a sequence of integers ({error})") from None
    if (array.size or array.ndim != 1) and not np.issubdtype(array.dtype, np.integer):
        raise TypeError(f"counts must hold integers, not {array.dtype}")
    if array.ndim != 1:
        raise ValueError(f"counts must be one-dimensional, got shape {array.shape}")
    if array.size and array.min() < 0:
        raise ValueError(f"counts[{int(np.argmin(array))}] is {int(array.min())} (counts must be >= 0)")
    return np.ascontiguousarray(array, dtype=np.uintp)


def _proposals(np, containers, width, height, proposals):
    """One proposal for every container (an (containers, 2) float32 array, NaN
    for an unspecified axis), or the one given by ``width`` and ``height``."""
    if proposals is None:
        one = _params.proposal(width, height)
        return np.array([[one.width, one.height]], dtype=np.float32)
    if width is not None or height is not None:
        raise ValueError("give either width and height, or proposals, not both")
    if isinstance(proposals, (str, bytes)):
        raise TypeError(f"proposals must be an array of numbers, not {type(proposals).__name__}")
    try:
        array = np.asarray(proposals)
        if array.dtype.kind not in "iuf":  # bools, strings, objects: not proposals
            raise TypeError(f"dtype {array.dtype}")
        array = array.astype(np.float64)
    except (TypeError, ValueError) as error:
        raise TypeError(f"proposals must be an array of numbers ({error})") from None
    if array.shape != (containers, 2):
        raise ValueError(f"proposals must have shape (containers, 2) = ({containers}, 2), got {array.shape}")
    return np.ascontiguousarray(array.astype(np.float32))


def layout_many(descriptor, widths, heights, counts, width, height, proposals, breaks, item_spacing, out,
                grow=None, rules=None):
    """:meth:`Descriptor.layout_many`: one ``lk_layout_many`` call (``grow`` and
    ``rules``: a flow's grow factors and item rules, over all the items)."""
    np = _numpy.np
    if np is None:
        raise ImportError("layout_many needs NumPy")
    items = Items(widths, heights, breaks, item_spacing, grow, rules)
    n = items.struct.count
    counts = _counts(np, counts)
    containers = len(counts)
    # Each count at most n, so their uint64 sum cannot wrap around.
    largest = int(counts.max()) if containers else 0
    total = int(counts.sum(dtype=np.uint64)) if containers and largest <= n else largest
    if total != n:
        raise rejected(InvalidParameterError, _ffi.LK_ERR_INVALID_PARAMETER,
                       f"counts add up to {total}, not the number of items ({n})")
    proposal_array = _proposals(np, containers, width, height, proposals)
    if out is not None:
        if not isinstance(out, Layouts):
            raise TypeError(f"out must be a Layouts returned by layout_many, not {type(out).__name__}")
        buffers = out._buffers
        if len(buffers["width"]) < containers or len(buffers["x"]) < n:
            raise ValueError(f"out has room for {len(buffers['width'])} containers and {len(buffers['x'])} "
                             f"items; this call needs {containers} and {n}")
    else:
        buffers = _allocate(np, containers, n)

    room = len(buffers["width"])
    frames = _address(buffers["overflow"])
    result = _ffi.lk_many_result()
    _pack_result(result, _RESULT_OFFSET,
                 _address(buffers["width"]), _address(buffers["height"]), _address(buffers["rows"]),
                 _address(buffers["row_offset"]), len(buffers["width"]),
                 _address(buffers["x"]), _address(buffers["y"]), _address(buffers["item_width"]),
                 _address(buffers["item_height"]), len(buffers["x"]),
                 _address(buffers["row_start"]), _address(buffers["row_length"]),
                 _address(buffers["row_y"]), _address(buffers["row_width"]), _address(buffers["row_height"]),
                 len(buffers["row_start"]), _address(buffers["hidden"]),
                 frames, frames + 4 * room, frames + 8 * room, frames + 12 * room)
    check(_MANY(_byref(items.struct), _byref(descriptor._layout), _c_void_p(_address(counts)),
                _c_size_t(containers), _c_void_p(_address(proposal_array)), _c_size_t(len(proposal_array)),
                _byref(result)))

    layouts = out if out is not None else Layouts()
    total = result.total_rows
    buffers["counts"] = counts
    layouts._buffers = buffers
    layouts.width, layouts.height = buffers["width"][:containers], buffers["height"][:containers]
    layouts.rows = buffers["rows"][:containers].view(np.int64)
    layouts.row_offset = buffers["row_offset"][:containers]
    item_offset = np.zeros(containers, np.int64)
    if containers > 1:
        np.cumsum(counts[:-1], out=item_offset[1:], dtype=np.int64)
    layouts.item_offset = item_offset
    for name in ("x", "y", "item_width", "item_height"):
        setattr(layouts, name, buffers[name][:n])
    for name in ("row_start", "row_length", "row_y", "row_width", "row_height"):
        setattr(layouts, name, buffers[name][:total])
    layouts.total_rows = total
    layouts.hidden = buffers["hidden"][:containers].view(np.int64)
    layouts.overflow = buffers["overflow"].reshape(4, room)[:, :containers].T
    return layouts
