"""The ``lk_items`` struct: item sizes, per-item spacing preferences, break flags
and a flow's grow factors.

:class:`Items` converts the arguments of a layout call (see
:mod:`layoutkernel._buffers` for the sizes) and keeps every buffer the struct
points into alive for as long as the struct is used.
"""

import operator
from array import array

from . import _ffi, _numpy
from ._buffers import float32_buffer

_SIDES = ("leading", "trailing", "top", "bottom")
_NONZERO_TO_BREAK = bytes([0] + [_ffi.LK_ITEM_BREAK_BEFORE] * 255)
# Writes count, widths and heights, the fields every call sets, in one step.
_SIZES, _SIZES_OFFSET = _ffi.packer(_ffi.lk_items, ("count", "widths", "heights"))


def _item_spacing_columns(item_spacing, n):
    """The four per-item spacing columns (leading, trailing, top, bottom)."""
    if _numpy.is_array(item_spacing):
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


def _as_mask(breaks):
    """The bytes of ``breaks`` if it is a bool/uint8 mask, else None (indices)."""
    if _numpy.is_array(breaks):
        if breaks.dtype not in (_numpy.np.bool_, _numpy.np.uint8):
            return None
        if breaks.ndim != 1:
            raise ValueError(f"breaks as a mask must be one-dimensional, got shape {breaks.shape}")
        return bytearray(_numpy.np.ascontiguousarray(breaks))
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
    if _numpy.is_array(breaks):
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


class Items:
    """An ``lk_items`` struct over converted inputs.

    ``struct`` is the ``lk_items``; ``count`` the number of items;
    ``addresses`` the ``(widths, heights)`` addresses in it. Holds a reference
    to every buffer the struct points into, so they stay alive for as long as
    the struct is used.
    """

    __slots__ = ("struct", "count", "addresses", "_owners")

    def __init__(self, widths, heights, breaks=None, item_spacing=None, grow=None):
        owner_w, address_w, n = float32_buffer(widths, "widths")
        owner_h, address_h, n_h = float32_buffer(heights, "heights")
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
            owner, address, length = float32_buffer(grow, "grow")
            if length != n:
                raise ValueError(f"grow must have one factor per item ({n}), got {length}")
            self._owners.append(owner)
            _ffi.set_pointer(self.struct, "grow", address)

    def _set_item_spacing(self, item_spacing):
        columns = _item_spacing_columns(item_spacing, self.count)
        for side, column in zip(_SIDES, columns):
            if column is None:
                continue  # a NULL array counts as all zeros
            name = f"item_spacing {side}"
            owner, address, length = float32_buffer(column, name)
            if length != self.count:
                raise ValueError(
                    f"{name} must have one entry per item ({self.count}), got {length}")
            self._owners.append(owner)
            _ffi.set_pointer(self.struct, "spacing_" + side, address)
