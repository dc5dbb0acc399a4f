"""The exception the library's status codes turn into."""

from . import _ffi
from ._loader import library


class LayoutError(ValueError):
    """A call the C library rejected (a status other than ``LK_OK``).

    ``str(error)`` is the library's own message, e.g.
    ``"items.widths[3] is -1.0 (sizes must be >= 0 and <= 2^64)"``.

    Attributes:
        status: the ``lk_status`` code (an int, e.g. 2).
        status_name: its name, e.g. ``"LK_ERR_INVALID_ITEM_SIZE"``.
        index: the item the failure is about, or None when it is about no
            single item.
    """

    def __init__(self, message, status, status_name, index=None):
        super().__init__(message)
        self.status = status
        self.status_name = status_name
        self.index = index


def _last_error(status):
    """Build a LayoutError from the calling thread's last-error state."""
    lib = library()
    index = lib.lk_last_error_index()
    return LayoutError(
        lib.lk_last_error_message().decode("utf-8", "replace"),
        status,
        lib.lk_status_name(status).decode("ascii", "replace"),
        None if index < 0 else index,
    )


def check(status):
    """Return None for ``LK_OK``; raise :class:`LayoutError` for any other status."""
    if status != _ffi.LK_OK:
        raise _last_error(status)
