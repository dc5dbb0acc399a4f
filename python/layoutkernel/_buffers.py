"""Input arrays as memory the library can read: float32 buffers, zero-copy when possible.

:func:`float32_buffer` turns any float sequence or buffer into
``(owner, address, length)``. A 1-D C-contiguous NumPy ``float32`` array, an
``array('f')`` and a writable contiguous float32 buffer are passed as they
are (no copy); anything else is converted to a new float32 array once (a
long list or tuple by ``struct``, about twice as fast as ``array('f')``).
"""

import ctypes
import struct
import sys
from array import array

from . import _numpy

_SEQUENCES = (list, tuple)
# Lists and tuples of this many numbers or more go through _packed().
_PACKED_MIN = 256
_CHUNK = 1024
_CHUNK_PACKER = struct.Struct(f"{_CHUNK}f")
_ZERO = (0.0,)
_FLOAT32_FORMATS = {"f", "@f", "=f", "<f" if sys.byteorder == "little" else ">f"}


def _float32_array(arr, name):
    """A NumPy array as a 1-D C-contiguous float32 array (itself when it is one)."""
    if arr.ndim != 1:
        raise ValueError(f"{name} must be one-dimensional, got shape {arr.shape}")
    if arr.dtype.kind not in "iuf":
        raise TypeError(f"{name} must hold numbers, got dtype {arr.dtype}")
    return _numpy.np.ascontiguousarray(arr, dtype=_numpy.np.float32)


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


def _packed(values):
    """``array('f', values)`` for a list or tuple, about twice as fast when it is
    long: struct packs the floats straight into the array, a chunk at a time.

    Both convert every value alike (``PyFloat_AsDouble``, then a cast to
    float: beyond float32's range is infinity). Returns None when struct
    refuses a value (a non-number, an int too large for a double), for the
    caller to convert with ``array('f')``, which raises its own error.
    """
    n = len(values)
    packed = array("f", _ZERO) * n
    full = n - n % _CHUNK
    try:
        for start in range(0, full, _CHUNK):
            _CHUNK_PACKER.pack_into(packed, 4 * start, *values[start:start + _CHUNK])
        if full < n:
            struct.pack_into(f"{n - full}f", packed, 4 * full, *values[full:])
    except struct.error:
        return None
    return packed


def _converted(obj, name):
    """``(owner, address, length)`` of a new float32 ``array('f')`` of the numbers
    in ``obj``."""
    converted = None
    if type(obj) in _SEQUENCES and len(obj) >= _PACKED_MIN:
        converted = _packed(obj)
    try:
        converted = array("f", obj) if converted is None else converted
    except TypeError as error:
        raise TypeError(
            f"{name} must be a sequence of numbers or a float32 buffer, "
            f"not {type(obj).__name__} ({error})"
        ) from None
    return converted, converted.buffer_info()[0], len(converted)


def float32_buffer(obj, name):
    """``(owner, address, length)`` of a 1-D float32 view of ``obj``.

    ``owner`` keeps the memory at ``address`` alive; it is ``obj`` itself when
    no copy was needed. The address of no elements may be 0 (NULL). Raises
    TypeError for non-numeric input and ValueError for input that is not
    one-dimensional.
    """
    np = _numpy.np
    if np is not None and isinstance(obj, np.ndarray):
        if obj.dtype is not _numpy.FLOAT32 or obj.ndim != 1 or not obj.flags.c_contiguous:
            obj = _float32_array(obj, name)
        n = obj.shape[0]
        return obj, _numpy.address(obj) if n else 0, n
    if type(obj) in _SEQUENCES:  # never a buffer: convert at once
        return _converted(obj, name)
    if isinstance(obj, (str, bytes, bytearray)):
        raise TypeError(f"{name} must be a sequence of numbers, not {type(obj).__name__}")
    if isinstance(obj, array) and obj.typecode == "f":
        address, length = obj.buffer_info()
        return obj, address, length
    view = _buffer_view(obj, name)
    if view is not None and view.format in _FLOAT32_FORMATS:
        return _from_float32_view(view)
    return _converted(obj, name)
