"""Input arrays as memory the library can read: float32 buffers, zero-copy when possible.

:func:`float32_buffer` turns any float sequence or buffer into
``(owner, address, length)``. A 1-D C-contiguous NumPy ``float32`` array, an
``array('f')`` and a writable contiguous float32 buffer are passed as they
are (no copy); anything else is converted to a new float32 array once (a
long list or tuple by ``struct``, about twice as fast as ``array('f')``).
:func:`pack_floats` converts a list or tuple straight into a given buffer.
"""

import ctypes
import struct
import sys
from array import array

from . import _numpy

_SEQUENCES = (list, tuple)
# Lists and tuples of this many numbers or more go through packed().
_PACKED_MIN = 256
_CHUNK = 1024
_CHUNK_PACKER = struct.Struct(f"{_CHUNK}f")
_PACKERS = {}  # n -> struct.Struct of n floats, for n <= _CHUNK
_ZERO_ARRAY = array("f", [0.0])
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


def _packer(n):
    """A ``struct.Struct`` of n native floats (n <= _CHUNK), made once per n."""
    packer = _PACKERS.get(n)
    if packer is None:
        packer = _PACKERS[n] = struct.Struct(f"{n}f")
    return packer


def pack_floats(values, target, start):
    """Write the numbers of the list or tuple ``values`` as float32 into the
    writable buffer ``target`` from element ``start`` on, converted as
    ``array('f', values)`` converts them (``PyFloat_AsDouble``, then a cast to
    float: beyond float32's range is infinity). About twice as fast as
    ``array('f', values)``, and writes where the values are wanted.

    Returns False, with ``target`` partly written, when struct refuses a
    value (a non-number, a number too large for a double): the caller then
    converts with ``array('f')``, which raises its own error.
    """
    n = len(values)
    try:
        if n <= _CHUNK:
            _packer(n).pack_into(target, 4 * start, *values)
            return True
        full = n - n % _CHUNK
        for first in range(0, full, _CHUNK):
            _CHUNK_PACKER.pack_into(target, 4 * (start + first), *values[first:first + _CHUNK])
        if full < n:
            _packer(n - full).pack_into(target, 4 * (start + full), *values[full:])
    except (struct.error, OverflowError):
        return False
    return True


def packed(values):
    """``array('f', values)`` for a list or tuple by :func:`pack_floats`, or None
    when it refuses a value."""
    converted = _ZERO_ARRAY * len(values)
    return converted if pack_floats(values, converted, 0) else None


def _converted(obj, name):
    """``(owner, address, length)`` of a new float32 ``array('f')`` of the numbers
    in ``obj``."""
    converted = None
    if type(obj) in _SEQUENCES and len(obj) >= _PACKED_MIN:
        converted = packed(obj)
    try:
        converted = array("f", obj) if converted is None else converted
    except TypeError as error:
        raise TypeError(
            f"{name} must be a sequence of numbers or a float32 buffer, "
            f"not {type(obj).__name__} ({error})"
        ) from None
    except OverflowError as error:
        raise ValueError(f"{name} holds a number too large to be a float ({error})") from None
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
