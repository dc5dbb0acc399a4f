"""Input arrays as memory the library can read: float32 buffers, zero-copy when possible.

:func:`float32_buffer` turns any float sequence or buffer into
``(owner, address, length)``. A 1-D C-contiguous NumPy ``float32`` array, an
``array('f')`` and a writable contiguous float32 buffer are passed as they
are (no copy); anything else is converted to a new float32 array once (a
long list or tuple by ``struct``, about twice as fast as ``array('f')``).
:func:`pack_floats` converts a list or tuple straight into a given buffer.

Every per-item argument (sizes, grow factors, spacing columns, breaks) is
read with the same care: :func:`plain_array` turns a NumPy masked array into
its data when nothing is masked and rejects it otherwise, and
:func:`array_like` converts a pandas Series, a pyarrow Array or ChunkedArray
(anything with ``__array__``) to a NumPy array after checking that it holds
no missing value (NA, None, null; NaN in pandas' sense). Both errors name the
argument and the first bad index. :func:`scalar` recognises one number given
for every item.
"""

import ctypes
import numbers
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


def _at(index):
    """``[i]`` or ``[i, j]``: an index into an argument, for messages."""
    return "[" + ", ".join(str(int(i)) for i in index) + "]"


def not_one_dimensional(name, shape):
    """The ValueError for a per-item argument of ``shape`` (not one-dimensional)."""
    message = f"{name} must be one-dimensional (one entry per item), got shape {shape}"
    if name in ("widths", "heights") and len(shape) == 2 and shape[1] == 2:
        message += (
            "; for an (n, 2) array of sizes pass sizes[:, 0], sizes[:, 1] as widths and "
            "heights (each column of a C-contiguous array is strided, so it is copied; "
            "np.ascontiguousarray(sizes.T) holds them as two rows that go in without a copy)")
    return ValueError(message)


def plain_array(arr, name):
    """A NumPy array of a subclass as a plain ``ndarray``: a masked array's data
    when no entry is masked (ValueError naming the first masked index
    otherwise), any other subclass viewed as an ndarray."""
    np = _numpy.np
    if isinstance(arr, np.ma.MaskedArray):
        masked = np.ma.getmaskarray(arr)
        if masked.any():
            raise ValueError(
                f"{name}{_at(np.argwhere(masked)[0])} is masked: a masked array is taken "
                "only with no entry masked (fill them with .filled(value) or drop them with "
                ".compressed() first)")
        return np.ma.getdata(arr)
    return np.asarray(arr)


def array_like(obj, name):
    """``obj`` (a pandas Series or DataFrame, a pyarrow Array or ChunkedArray,
    anything with ``__array__``) as a plain NumPy array, checked to hold no
    missing value: ValueError naming the first one's index otherwise."""
    np = _numpy.np
    missing = value = None
    isna = getattr(obj, "isna", None)  # pandas: NA, None and NaN are missing
    if callable(isna):
        missing = isna()
    else:
        nulls = getattr(obj, "null_count", 0)  # pyarrow (and polars' method)
        if callable(nulls):
            nulls = nulls()
        if isinstance(nulls, int) and nulls > 0:
            missing, value = obj.is_null(), " (null)"
    if missing is not None:
        missing = np.asarray(missing, dtype=bool)
        if missing.any():
            at = np.argwhere(missing)[0] if missing.ndim else ()
            if value is None:
                try:
                    value = f" ({np.asarray(obj, dtype=object)[tuple(at)]})"
                except Exception:  # the value is only for the message
                    value = ""
            raise ValueError(f"{name}{_at(at)} is missing{value}: every item needs a value "
                             "(fill or drop the missing ones first, e.g. fillna or dropna)")
    try:
        arr = np.asarray(obj)
    except (TypeError, ValueError) as error:
        raise TypeError(f"{name} could not be read as an array ({type(obj).__name__}: "
                        f"{error})") from None
    return arr if type(arr) is np.ndarray else plain_array(arr, name)


def scalar(obj):
    """True when ``obj`` is one real number (not a bool; a NumPy number or 0-d
    numeric array counts), which a per-item argument takes for every item."""
    kind = type(obj)
    if kind is float or kind is int:
        return True
    if kind in _SEQUENCES or kind is bool:
        return False
    np = _numpy.np
    if np is not None and isinstance(obj, np.ndarray):
        return obj.ndim == 0 and obj.dtype.kind in "iuf"
    return isinstance(obj, numbers.Real)


def _float32_array(arr, name):
    """A NumPy array as a 1-D C-contiguous float32 array (itself when it is one)."""
    if type(arr) is not _numpy.np.ndarray:
        arr = plain_array(arr, name)
    if arr.ndim != 1:
        raise not_one_dimensional(name, arr.shape)
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
        raise not_one_dimensional(name, view.shape)
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
        if type(obj) in _SEQUENCES:  # name the first entry that is not a number
            for index, value in enumerate(obj):
                try:
                    array("f", (value,))
                except TypeError:
                    raise TypeError(f"{name}[{index}] is {value!r}, not a number") from None
        raise TypeError(
            f"{name} must be a sequence of numbers or a float32 buffer, "
            f"not {type(obj).__name__} ({error})"
        ) from None
    except OverflowError as error:
        raise ValueError(f"{name} holds a number too large to be a float ({error})") from None
    return converted, converted.buffer_info()[0], len(converted)


def float32_buffer(obj, name, number=False):
    """``(owner, address, length)`` of a 1-D float32 view of ``obj``.

    ``owner`` keeps the memory at ``address`` alive; it is ``obj`` itself when
    no copy was needed. The address of no elements may be 0 (NULL). Raises
    TypeError for non-numeric input and ValueError for input that is not
    one-dimensional, a masked array with a masked entry and an array-like
    (pandas, pyarrow) with a missing value. With ``number``, returns None for
    one number (see :func:`scalar`) instead of raising.
    """
    np = _numpy.np
    if np is not None and isinstance(obj, np.ndarray):
        if (obj.dtype is not _numpy.FLOAT32 or obj.ndim != 1 or not obj.flags.c_contiguous
                or type(obj) is not np.ndarray):  # a masked array, ...
            if number and obj.ndim == 0 and obj.dtype.kind in "iuf":
                return None
            obj = _float32_array(obj, name)
        n = obj.shape[0]
        return obj, _numpy.address(obj) if n else 0, n
    if type(obj) in _SEQUENCES:  # never a buffer: convert at once
        return _converted(obj, name)
    if number and scalar(obj):
        return None
    if isinstance(obj, (str, bytes, bytearray)):
        raise TypeError(f"{name} must be a sequence of numbers, not {type(obj).__name__}")
    if isinstance(obj, array) and obj.typecode == "f":
        address, length = obj.buffer_info()
        return obj, address, length
    if np is not None and hasattr(obj, "__array__"):  # pandas, pyarrow, ...
        return float32_buffer(array_like(obj, name), name)
    view = _buffer_view(obj, name)
    if view is not None and view.format in _FLOAT32_FORMATS:
        return _from_float32_view(view)
    return _converted(obj, name)
