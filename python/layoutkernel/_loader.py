"""Find and load ``libLayoutKernel`` with ctypes, and check its ABI version.

Search order:

1. the file named by the environment variable ``LAYOUTKERNEL_LIBRARY``
   (when it is set, it is the only candidate);
2. the copy bundled in the installed package, next to ``__init__.py``;
3. the repository's build folder, ``<repo>/.build/release/``, where ``<repo>``
   is the parent of the ``python/`` folder that holds this package.
"""

import ctypes
import functools
import os
import sys
from pathlib import Path

from . import _ffi

#: The LK_ABI_VERSION of the header this binding was written against.
ABI_VERSION = 3

ENV_VAR = "LAYOUTKERNEL_LIBRARY"
LIBRARY_NAME = "libLayoutKernel.dylib" if sys.platform == "darwin" else "libLayoutKernel.so"

_PACKAGE_DIR = Path(__file__).resolve().parent
_REPO_BUILD_DIR = _PACKAGE_DIR.parent.parent / ".build" / "release"


def candidates():
    """The ``(description, path)`` pairs to try, in order."""
    override = os.environ.get(ENV_VAR)
    if override:
        return [(f"${ENV_VAR}", Path(override))]
    return [
        ("the copy bundled in the package", _PACKAGE_DIR / LIBRARY_NAME),
        ("the repository's build folder", _REPO_BUILD_DIR / LIBRARY_NAME),
    ]


def _not_found_message(tried):
    if os.environ.get(ENV_VAR):
        return (f"LayoutKernel: {ENV_VAR} is set to {tried[0][1]}, which is not a file; "
                f"point it at {LIBRARY_NAME}, or unset it to use the bundled copy or "
                "the repository's build (`make build`).")
    lines = [f"LayoutKernel: could not find {LIBRARY_NAME}. Tried:"]
    lines += [f"  - {description}: {path} (not found)" for description, path in tried]
    lines.append(
        "Fix: build the library with `make build` in the repository root, "
        f"install the package with `pip install ./python`, or set {ENV_VAR} "
        f"to the full path of {LIBRARY_NAME}."
    )
    return "\n".join(lines)


def _open(description, path):
    """Load one candidate file, declare its functions and check its ABI."""
    try:
        lib = ctypes.CDLL(str(path))
    except OSError as error:
        raise ImportError(f"LayoutKernel: cannot load {path} ({description}): {error}") from error
    try:
        _ffi.declare(lib, ["lk_abi_version"])
        found = lib.lk_abi_version()
        if found != ABI_VERSION:
            raise ImportError(
                f"LayoutKernel: {path} has ABI version {found}, but this binding "
                f"was written for ABI version {ABI_VERSION}; rebuild the library "
                "(`make build`) or install a matching binding."
            )
        return _ffi.declare(lib)
    except AttributeError as error:
        raise ImportError(
            f"LayoutKernel: {path} is missing a function of the C API: {error}") from error


@functools.lru_cache(maxsize=None)
def library():
    """The loaded library (loaded once, on first call).

    Raises ImportError naming every path tried when no library is found, and
    naming the path when a library is found but cannot be loaded, lacks a
    function, or has a different ABI version than :data:`ABI_VERSION`.
    """
    tried = candidates()
    for description, path in tried:
        if path.is_file():
            return _open(description, path)
    raise ImportError(_not_found_message(tried))
