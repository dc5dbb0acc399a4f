"""NumPy, when it is importable: the one place the package decides whether to use it.

Other modules read ``_numpy.np`` at call time (never ``from ._numpy import
np``), so the package can be switched to its NumPy-free paths by setting
``_numpy.np = None``, as the tests do.
"""

try:
    import numpy as np
except ImportError:  # NumPy is optional.
    np = None


def is_array(obj):
    """True when NumPy is in use and ``obj`` is a NumPy array."""
    return np is not None and isinstance(obj, np.ndarray)
