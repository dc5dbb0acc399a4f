"""The exceptions the library's status codes turn into.

Every status other than ``LK_OK`` raises a :class:`LayoutError`, a
``ValueError``; each family of statuses has its own subclass, so a caller can
catch exactly the failures it can handle::

    LayoutError (ValueError)
    ├── InvalidItemError        LK_ERR_INVALID_ITEM_SIZE, _SPACING, _FLAGS
    ├── InvalidProposalError    LK_ERR_INVALID_PROPOSAL
    ├── InvalidParameterError   LK_ERR_INVALID_PARAMETER
    ├── BufferTooSmallError     LK_ERR_BUFFER_TOO_SMALL
    ├── SizeOverflowError       LK_ERR_SIZE_OVERFLOW
    ├── NullPointerError        LK_ERR_NULL_POINTER
    ├── EngineBusyError         LK_ERR_BUSY
    └── OutOfMemoryError        LK_ERR_OUT_OF_MEMORY (also a MemoryError)

A status this version of the binding does not know raises :class:`LayoutError`
itself. The meaning of every status is in the C header, ``layoutkernel.h``
(section "Status codes and errors").
"""

import re

from . import _ffi
from ._loader import library

_SPACING_SIDE = re.compile(r"\.spacing_(leading|trailing|top|bottom)\[")


class LayoutError(ValueError):
    """A call the C library rejected (a status other than ``LK_OK``).

    ``str(error)`` is the library's own message, e.g.
    ``"items.widths[3] is -1.0 (sizes must be >= 0 and <= 2^64)"``.

    Attributes:
        status: the ``lk_status`` code (an int, e.g. 2).
        status_name: its name, e.g. ``"LK_ERR_INVALID_ITEM_SIZE"``.
        index: the item the failure is about, or None when it is about no
            single item.
        required: for a buffer that is too small (:class:`BufferTooSmallError`),
            the capacity that would succeed: the number of items or rows
            ``out`` must have room for; None for any other failure.
    """

    def __init__(self, message, status, status_name, index=None, required=None):
        super().__init__(message)
        self.status = status
        self.status_name = status_name
        self.index = index
        self.required = required


class InvalidItemError(LayoutError):
    """An item's size, spacing preference or flags are out of range
    (``LK_ERR_INVALID_ITEM_SIZE``, ``LK_ERR_INVALID_ITEM_SPACING``,
    ``LK_ERR_INVALID_ITEM_FLAGS``): a width or height, or a per-item spacing,
    that is NaN, negative or above 2**64. ``index`` names the first such item."""


class InvalidProposalError(LayoutError):
    """A proposal axis is negative or ``-inf`` (``LK_ERR_INVALID_PROPOSAL``);
    None, NaN and ``math.inf`` are allowed."""


class InvalidParameterError(LayoutError):
    """A layout parameter is out of range (``LK_ERR_INVALID_PARAMETER``): a
    spacing that is NaN, negative or above 2**64, an anchor component outside
    [0, 1], a minimum column width that is not > 0, a circle's radius or
    angle out of range, ``first_fit`` without candidates, or output buffers
    that overlap the inputs (arrays of ``out`` passed as sizes)."""


class BufferTooSmallError(LayoutError):
    """The result does not fit the output buffers (``LK_ERR_BUFFER_TOO_SMALL``):
    a Layout passed as ``out`` has room for fewer items or rows than the
    result has. ``required`` is the capacity that would succeed. Nothing was
    written to ``out``."""


class SizeOverflowError(LayoutError):
    """An item count whose buffers' byte size would overflow the address space
    (``LK_ERR_SIZE_OVERFLOW``). Arrays that exist are never that long: only a
    hand-made ``lk_items`` struct can report it."""


class NullPointerError(LayoutError):
    """A required pointer was NULL (``LK_ERR_NULL_POINTER``). The binding always
    passes valid buffers: only a hand-made call through the ctypes layer can
    report it."""


class EngineBusyError(LayoutError):
    """An engine was in use by another call at the same time (``LK_ERR_BUSY``);
    nothing was done and the engine is unharmed: the call may be tried again.
    :class:`~layoutkernel.Engine` serialises its own calls with a lock, so only
    calls that go around it (the ctypes layer on an engine's handle) can
    report it."""


class OutOfMemoryError(LayoutError, MemoryError):
    """An engine call would need more memory than the process can still
    allocate (``LK_ERR_OUT_OF_MEMORY``: its address-space limit, or the
    machine's physical memory); nothing was changed. Also a ``MemoryError``."""


#: The exception class of each status code; any other status raises LayoutError.
ERRORS = {
    _ffi.LK_ERR_NULL_POINTER: NullPointerError,
    _ffi.LK_ERR_INVALID_ITEM_SIZE: InvalidItemError,
    _ffi.LK_ERR_INVALID_ITEM_SPACING: InvalidItemError,
    _ffi.LK_ERR_INVALID_ITEM_FLAGS: InvalidItemError,
    _ffi.LK_ERR_INVALID_PROPOSAL: InvalidProposalError,
    _ffi.LK_ERR_INVALID_PARAMETER: InvalidParameterError,
    _ffi.LK_ERR_BUFFER_TOO_SMALL: BufferTooSmallError,
    _ffi.LK_ERR_SIZE_OVERFLOW: SizeOverflowError,
    _ffi.LK_ERR_BUSY: EngineBusyError,
    _ffi.LK_ERR_OUT_OF_MEMORY: OutOfMemoryError,
}


def status_name(status):
    """The header's name of a status code (``lk_status_name``)."""
    return library().lk_status_name(status).decode("ascii", "replace")


def last_error(status, message=None):
    """The exception for ``status`` (of the right class), from the calling
    thread's last-error state; ``message`` replaces the library's message."""
    lib = library()
    index = lib.lk_last_error_index()
    required = lib.lk_last_error_required() if status == _ffi.LK_ERR_BUFFER_TOO_SMALL else None
    if message is None:
        message = lib.lk_last_error_message().decode("utf-8", "replace")
        side = _SPACING_SIDE.search(message) if status == _ffi.LK_ERR_INVALID_ITEM_SPACING else None
        if side is not None:  # the library's field is Python's item_spacing column
            message += f" (the {side.group(1)} column of item_spacing)"
    return ERRORS.get(status, LayoutError)(message, status, status_name(status),
                                           None if index < 0 else index, required)


def rejected(cls, status, message):
    """An exception of class ``cls`` for ``status`` raised by the binding itself,
    before any call into the library (the status's name comes from the
    header's constants, not from the library)."""
    name = next(name for name, value in vars(_ffi).items()
                if name.startswith("LK_ERR_") and value == status)
    return cls(message, status, name)


def check(status):
    """Return None for ``LK_OK``; raise the :class:`LayoutError` subclass of any
    other status."""
    if status != _ffi.LK_OK:
        raise last_error(status)
