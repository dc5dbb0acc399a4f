"""NumPy, when it is importable: the one place the package decides whether to use it.

Other modules read ``_numpy.np`` at call time (never ``from ._numpy import
np``), so the package can be switched to its NumPy-free paths by setting
``_numpy.np = None``, as the tests do.
"""

import ctypes

try:
    import numpy as np
except ImportError:  # NumPy is optional.
    np = None

#: The native float32 dtype (None without NumPy): ``arr.dtype is FLOAT32`` is
#: the quick test for an array that needs no conversion.
FLOAT32 = None if np is None else np.dtype(np.float32)


def is_array(obj):
    """True when NumPy is in use and ``obj`` is a NumPy array."""
    return np is not None and isinstance(obj, np.ndarray)


def address(arr):
    """The address of the first element of a non-empty C-contiguous NumPy array.

    A writable array's address comes from ctypes' view of its buffer, a
    quarter of the cost of ``arr.ctypes.data`` (which a read-only one needs).
    """
    try:
        return ctypes.addressof(ctypes.c_char.from_buffer(arr))
    except TypeError:  # a read-only buffer
        return arr.ctypes.data
