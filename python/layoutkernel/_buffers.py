"""Input arrays as memory the library can read: float32 buffers, zero-copy when possible.

:func:`float32_buffer` turns any float sequence or buffer into
``(owner, address, length)``. A 1-D C-contiguous NumPy ``float32`` array, an
``array('f')`` and a writable contiguous float32 buffer are passed as they
are (no copy); anything else is converted to a new float32 array once.
"""

import ctypes
import sys
from array import array

from . import _numpy

_FLOAT32_FORMATS = {"f", "@f", "=f", "<f" if sys.byteorder == "little" else ">f"}


def _from_numpy(arr, name):
    if arr.ndim != 1:
        raise ValueError(f"{name} must be one-dimensional, got shape {arr.shape}")
    if arr.dtype.kind not in "iuf":
        raise TypeError(f"{name} must hold numbers, got dtype {arr.dtype}")
    arr = _numpy.np.ascontiguousarray(arr, dtype=_numpy.np.float32)  # the same array if float32
    return arr, arr.ctypes.data, arr.shape[0]


def _from_float32_view(view):
    """A float32 buffer: zero-copy when contiguous and writable (ctypes needs that)."""
    if view.c_contiguous and not view.readonly:
        holder = (ctypes.c_float * len(view)).from_buffer(view)
        return holder, ctypes.addressof(holder), len(view)
    copy = array("f", view.tobytes())
    return copy, copy.buffer_info()[0], len(copy)


def _buffer_view(obj, name):
    """A 1-D memoryview of ``obj``, or None when it has no buffer interface."""
    try:
        view = memoryview(obj)
    except TypeError:
        return None
    if view.ndim != 1:
        raise ValueError(f"{name} must be one-dimensional, got shape {view.shape}")
    return view


def float32_buffer(obj, name):
    """``(owner, address, length)`` of a 1-D float32 view of ``obj``.

    ``owner`` keeps the memory at ``address`` alive; it is ``obj`` itself when
    no copy was needed. Raises TypeError for non-numeric input and ValueError
    for input that is not one-dimensional.
    """
    if _numpy.is_array(obj):
        return _from_numpy(obj, name)
    if isinstance(obj, (str, bytes, bytearray)):
        raise TypeError(f"{name} must be a sequence of numbers, not {type(obj).__name__}")
    if isinstance(obj, array) and obj.typecode == "f":
        address, length = obj.buffer_info()
        return obj, address, length
    view = _buffer_view(obj, name)
    if view is not None and view.format in _FLOAT32_FORMATS:
        return _from_float32_view(view)
    try:
        converted = array("f", obj)
    except TypeError as error:
        raise TypeError(
            f"{name} must be a sequence of numbers or a float32 buffer, "
            f"not {type(obj).__name__} ({error})"
        ) from None
    return converted, converted.buffer_info()[0], len(converted)
