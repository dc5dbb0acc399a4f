"""The ``lk_items`` struct: item sizes, per-item spacing preferences, break flags
and a flow's grow factors.

:class:`Items` converts the arguments of a layout call (see
:mod:`layoutkernel._buffers` for the sizes) and keeps every buffer the struct
points into alive for as long as the struct is used.
"""

import math
import operator
from array import array

from . import _ffi, _numpy, _params
from ._buffers import array_like, float32_buffer, plain_array, scalar

_SIDES = ("leading", "trailing", "top", "bottom")
_SEQUENCES = (list, tuple)
_BOOLS = frozenset({bool})
_BOOLS_NUMPY = _BOOLS if _numpy.np is None else frozenset({bool, _numpy.np.bool_})
_INTS = frozenset({int})
# NumPy's array type (None without NumPy), for the quick test of an array.
_NDARRAY = None if _numpy.np is None else _numpy.np.ndarray
_NONZERO_TO_BREAK = bytes([0] + [_ffi.LK_ITEM_BREAK_BEFORE] * 255)
# Writes count, widths and heights, the fields every call sets, in one step.
_SIZES, _SIZES_OFFSET = _ffi.packer(_ffi.lk_items, ("count", "widths", "heights"))


def _item_spacing_columns(item_spacing, n):
    """The four per-item spacing columns (leading, trailing, top, bottom)."""
    np = _numpy.np
    if (np is not None and not isinstance(item_spacing, (np.ndarray, list, tuple))
            and hasattr(item_spacing, "__array__")):  # a DataFrame, ...
        item_spacing = array_like(item_spacing, "item_spacing")
    if _numpy.is_array(item_spacing):
        if type(item_spacing) is not np.ndarray:
            item_spacing = plain_array(item_spacing, "item_spacing")
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


def _bool_types():
    """The types of a bool: Python's, and NumPy's when NumPy is in use."""
    return _BOOLS if _numpy.np is None else _BOOLS_NUMPY


def _ambiguous(n):
    """The ValueError for n integers, each 0 or 1, given as breaks for n items."""
    return ValueError(
        f"breaks is ambiguous: {n} integers, each 0 or 1, for {n} items may be a mask or item "
        "indices. For a mask pass bools (np.asarray(breaks, dtype=bool), or True/False in a "
        "list); for indices pass them as a bool mask too (True at each index: "
        "mask = np.zeros(n, dtype=bool); mask[indices] = True)")


def _mask_flags(mask, n):
    """The flags of a mask given as bytes (any non-zero byte is a break)."""
    if len(mask) != n:
        raise ValueError(f"breaks as a mask must have one entry per item ({n}), got {len(mask)}")
    return array("B", mask.translate(_NONZERO_TO_BREAK))


def _index_flags(indices, n):
    """The flags of checked break indices (ints)."""
    flags = array("B", bytes(n))
    for position, index in enumerate(indices):
        if not 0 <= index < n:
            raise ValueError(f"breaks[{position}] is {index}, not an item index (0 <= index < {n})")
        flags[index] = _ffi.LK_ITEM_BREAK_BEFORE
    return flags


def _list_flags(values, n):
    """The flags of a list of bools (a mask) or of integers (item indices)."""
    kinds, bools = set(map(type, values)), _bool_types()
    if kinds and kinds <= bools:
        return _mask_flags(bytes(map(bool, values)), n)
    if kinds <= _INTS:
        indices = values
    else:
        indices = []
        for position, item in enumerate(values):
            if type(item) in bools:
                raise TypeError(
                    f"breaks mixes bools and integers (breaks[{position}] is {item!r}): give "
                    "a mask of bools, one per item, or a sequence of item indices")
            try:
                indices.append(operator.index(item))
            except TypeError:
                raise TypeError(
                    f"breaks must be item indices (integers) or a mask (bools, one per item); "
                    f"breaks[{position}] is {item!r}"
                ) from None
    if len(indices) == n and n and all(index == 0 or index == 1 for index in indices):
        raise _ambiguous(n)
    return _index_flags(indices, n)


def _array_flags(breaks, n):
    """The flags of a NumPy array: a bool or uint8 mask, or integer indices."""
    np = _numpy.np
    if type(breaks) is not np.ndarray:
        breaks = plain_array(breaks, "breaks")
    if breaks.ndim != 1:
        raise ValueError(f"breaks must be one-dimensional, got shape {breaks.shape}")
    kind = breaks.dtype.kind
    if not len(breaks) and kind in "iuf":  # np.array([]) (float64): no breaks
        return array("B", bytes(n))
    if kind == "b" or breaks.dtype.char == "B":  # a uint8 array is a mask, never indices
        return _mask_flags(bytes(np.ascontiguousarray(breaks)), n)
    if kind in "iu":
        if len(breaks) == n and n and bool(((breaks == 0) | (breaks == 1)).all()):
            raise _ambiguous(n)
        outside = np.flatnonzero((breaks < 0) | (breaks >= n))
        if len(outside):
            position = int(outside[0])
            raise ValueError(f"breaks[{position}] is {int(breaks[position])}, not an item index "
                             f"(0 <= index < {n})")
        flags = np.zeros(n, np.uint8)
        flags[breaks] = _ffi.LK_ITEM_BREAK_BEFORE
        return array("B", flags.tobytes())
    if kind == "O":  # Python objects: read as a list
        return _list_flags(breaks.tolist(), n)
    raise TypeError(f"breaks must be item indices (integers) or a mask (bools, one per item), "
                    f"not an array of dtype {breaks.dtype}")


def _flag_bytes(breaks, n):
    """An ``array('B')`` of n item flags from break indices or a break mask.

    A mask is anything of booleans: a NumPy bool array, a pandas ``bool`` or
    ``boolean`` Series, a pyarrow bool array, a list or tuple of bools (Python's
    or NumPy's); and a uint8 array or byte buffer (bytes, bytearray,
    ``array('B')``; any non-zero byte is a break). Integers are item indices,
    except n integers each 0 or 1 for n items, which could be either: a
    ValueError. A missing or masked entry is a ValueError naming its index.
    """
    np = _numpy.np
    kind = type(breaks)
    if kind in _SEQUENCES:
        return _list_flags(breaks, n)
    if kind is _NDARRAY and np is not None:
        return _array_flags(breaks, n)
    if np is not None:
        if not isinstance(breaks, np.ndarray) and hasattr(breaks, "__array__"):
            breaks = array_like(breaks, "breaks")  # pandas, pyarrow, ...
        if isinstance(breaks, np.ndarray):
            return _array_flags(breaks, n)
    if isinstance(breaks, str):
        raise TypeError("breaks must be item indices or a mask (bools, one per item), not str")
    try:
        view = memoryview(breaks)
    except TypeError:
        view = None
    if view is not None:
        if view.ndim != 1:
            raise ValueError(f"breaks must be one-dimensional, got shape {view.shape}")
        if view.format in ("B", "?"):  # bytes of a mask
            return _mask_flags(view.tobytes(), n)
        return _list_flags(view.tolist(), n)
    try:
        values = list(breaks)
    except TypeError:
        raise TypeError(f"breaks must be item indices or a mask (bools, one per item), "
                        f"not {type(breaks).__name__}") from None
    return _list_flags(values, n)


def _per_item(value, name, n, entry="entry", broadcast=True):
    """``(owner, address)`` of a per-item float argument of n entries (with
    ``broadcast``, a number stands for every item)."""
    if broadcast and scalar(value):
        number = value.item() if _numpy.is_array(value) else value  # a 0-d array's number
        column = array("f", [_params.real(number, name)]) * n
        return column, column.buffer_info()[0] if n else 0
    owner, address, length = float32_buffer(value, name)
    if length != n:
        raise ValueError(f"{name} must have one {entry} per item ({n}), got {length}")
    return owner, address


#: The item alignment names (CSS align-items / align-self) and their C values.
ITEM_ALIGNMENTS = {"start": _ffi.LK_ITEM_ALIGN_START, "center": _ffi.LK_ITEM_ALIGN_CENTER,
                   "end": _ffi.LK_ITEM_ALIGN_END, "stretch": _ffi.LK_ITEM_ALIGN_STRETCH,
                   "baseline": _ffi.LK_ITEM_ALIGN_BASELINE, "last-baseline": _ffi.LK_ITEM_ALIGN_LAST_BASELINE}
#: A flow's per-item rules (SPEC.md §13), in ``lk_items`` order: the float ones.
RULE_FLOATS = ("baseline", "last_baseline", "min_width", "max_width", "min_height", "max_height", "shrink")
#: Every per-item rule keyword.
RULES = ("align_self", "stretchable") + RULE_FLOATS
#: The rules that may give items sizes of their own (the result then reports them).
RESIZING_RULES = frozenset({"stretchable", "min_width", "max_width", "min_height", "max_height", "shrink"})


def given_rules(*values):
    """The item rules given to a call (their values in the order of
    :data:`RULES`), as a dict of those not None for :class:`Items`; None when
    none is (the common case, checked first: a call pays no more for the
    rules it was not given)."""
    for value in values:
        if value is not None:
            return {name: value for name, value in zip(RULES, values) if value is not None}
    return None


def _align_self(value, n):
    """``align_self``'s codes: one name of :data:`ITEM_ALIGNMENTS`, "auto" or None per item."""
    if isinstance(value, (str, bytes)):
        raise TypeError("align_self must be a sequence with one name per item (or None), not a str")
    try:
        names = list(value)
    except TypeError:
        raise TypeError(f"align_self must be a sequence of names, not {type(value).__name__}") from None
    if len(names) != n:
        raise ValueError(f"align_self must have one entry per item ({n}), got {len(names)}")
    codes = array("B", bytes(n))
    for i, name in enumerate(names):
        if name is None or name == "auto":
            continue
        if not isinstance(name, str):
            raise TypeError(f"align_self[{i}] must be a name or None, not {type(name).__name__}")
        if name not in ITEM_ALIGNMENTS:
            raise ValueError(f"align_self[{i}] is {name!r}: must be 'auto' (or None) or one of "
                             + ", ".join(map(repr, ITEM_ALIGNMENTS)))
        codes[i] = ITEM_ALIGNMENTS[name]
    return codes


def _stretchable(value, n):
    """``(owner, address)`` of ``stretchable``'s bytes: one bool for all, or one per item
    (a NumPy bool array is read where it is)."""
    np = _numpy.np
    if type(value) is bool or (np is not None and type(value) is np.bool_):
        column = array("B", [int(value)]) * n
        return column, column.buffer_info()[0] if n else 0
    if np is not None and isinstance(value, np.ndarray) and value.dtype == np.bool_:
        if value.ndim != 1:
            raise ValueError(f"stretchable must be one-dimensional, got shape {value.shape}")
        if len(value) != n:
            raise ValueError(f"stretchable must have one entry per item ({n}), got {len(value)}")
        value = np.ascontiguousarray(value)
        return value, _numpy.address(value) if n else 0
    if isinstance(value, (str, bytes)):
        raise TypeError("stretchable must be True, False or a sequence of bools, not a str")
    try:
        flags = list(value)
    except TypeError:
        raise TypeError(f"stretchable must be True, False or a sequence of bools, "
                        f"not {type(value).__name__}") from None
    if len(flags) != n:
        raise ValueError(f"stretchable must have one entry per item ({n}), got {len(flags)}")
    bools = _bool_types()
    for i, flag in enumerate(flags):
        if type(flag) not in bools:
            raise TypeError(f"stretchable[{i}] must be a bool, not {type(flag).__name__}")
    column = array("B", bytes(map(bool, flags)))
    return column, column.buffer_info()[0] if n else 0


def _rule_floats(value, name, n):
    """``(owner, address)`` of a float rule: one number for all, or one per item; in a
    list or tuple None stands for NaN (none)."""
    if type(value) in _SEQUENCES and any(v is None for v in value):
        value = [math.nan if v is None else v for v in value]
    return _per_item(value, name, n, "value")


class Items:
    """An ``lk_items`` struct over converted inputs.

    ``struct`` is the ``lk_items``; ``count`` the number of items;
    ``addresses`` the ``(widths, heights)`` addresses in it. Holds a reference
    to every buffer the struct points into, so they stay alive for as long as
    the struct is used.
    """

    __slots__ = ("struct", "count", "addresses", "_owners")

    def __init__(self, widths, heights, breaks=None, item_spacing=None, grow=None, rules=None):
        sized_w = float32_buffer(widths, "widths", True)
        sized_h = float32_buffer(heights, "heights", True)
        if sized_w is None or sized_h is None:  # one number for every item
            if sized_w is sized_h:
                raise TypeError("widths and heights are both single numbers: give at least one "
                                "of them as a sequence (one entry per item) for the item count")
            n = (sized_h or sized_w)[2]
            if sized_w is None:
                sized_w = _per_item(widths, "widths", n) + (n,)
            else:
                sized_h = _per_item(heights, "heights", n) + (n,)
        owner_w, address_w, n = sized_w
        owner_h, address_h, n_h = sized_h
        if n_h != n:
            raise ValueError(f"widths and heights must have the same length, got {n} and {n_h}")
        self.count, self.addresses = n, (address_w, address_h)
        self._owners = [owner_w, owner_h]
        self.struct = _ffi.lk_items()
        _SIZES.pack_into(self.struct, _SIZES_OFFSET, n, address_w, address_h)
        if item_spacing is not None:
            self._set_item_spacing(item_spacing)
        if breaks is not None:
            flags = _flag_bytes(breaks, n)
            self._owners.append(flags)
            _ffi.set_pointer(self.struct, "flags", flags.buffer_info()[0])
        if grow is not None:
            owner, address = _per_item(grow, "grow", n, "factor")
            self._owners.append(owner)
            _ffi.set_pointer(self.struct, "grow", address)
        if rules:
            self._set_rules(rules)

    def _set_rules(self, rules):
        """Points the struct at the item rules given (a dict of keyword to value)."""
        n = self.count
        for name, value in rules.items():
            if name == "align_self":
                owner = _align_self(value, n)
                address = owner.buffer_info()[0] if n else 0
            elif name == "stretchable":
                owner, address = _stretchable(value, n)
            else:
                owner, address = _rule_floats(value, name, n)
            self._owners.append(owner)
            _ffi.set_pointer(self.struct, name, address)

    def _set_item_spacing(self, item_spacing):
        columns = _item_spacing_columns(item_spacing, self.count)
        for side, column in zip(_SIDES, columns):
            if column is None:
                continue  # a NULL array counts as all zeros
            owner, address = _per_item(column, f"item_spacing {side}", self.count, broadcast=False)
            self._owners.append(owner)
            _ffi.set_pointer(self.struct, "spacing_" + side, address)
