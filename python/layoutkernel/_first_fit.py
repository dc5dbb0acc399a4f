"""First fit (SwiftUI's ``ViewThatFits``, ``lk_first_fit`` in the C header
``layoutkernel.h``): :func:`first_fit`."""

import ctypes

from . import _ffi, _outputs, _params
from ._call import failure, finish, out_buffers
from ._descriptor import Descriptor
from ._items import Items
from ._loader import library
from .errors import InvalidParameterError, rejected

_LIB = library()
# Writes one slot of the candidate table (its items and layout pointers).
_CANDIDATE, _CANDIDATE_OFFSET = _ffi.packer(_ffi.lk_candidate, ("items", "layout"))
_CANDIDATE_SIZE = ctypes.sizeof(_ffi.lk_candidate)

#: The names of the axes first_fit can constrain, and their LK_AXIS_* values.
AXES = {"both": _ffi.LK_AXES_BOTH, "horizontal": _ffi.LK_AXIS_HORIZONTAL,
        "vertical": _ffi.LK_AXIS_VERTICAL}


def _candidate(k, candidate):
    """``(descriptor, Items)`` of ``candidates[k]``; errors name the candidate."""
    if isinstance(candidate, (str, bytes)) or not isinstance(candidate, (tuple, list)):
        raise TypeError(f"candidates[{k}] must be a (layout, widths, heights) tuple, "
                        f"not {type(candidate).__name__}")
    if len(candidate) not in (3, 4):
        raise ValueError(f"candidates[{k}] must be (layout, widths, heights) or (layout, "
                         f"widths, heights, item_spacing), got {len(candidate)} values")
    descriptor = candidate[0]
    if not isinstance(descriptor, Descriptor):
        raise TypeError(f"candidates[{k}][0] must be a layout descriptor (lk.Flow, lk.HStack, "
                        f"...), not {type(descriptor).__name__}")
    item_spacing = candidate[3] if len(candidate) == 4 else None
    try:
        return descriptor, Items(candidate[1], candidate[2], None, item_spacing)
    except (TypeError, ValueError) as error:
        raise type(error)(f"candidates[{k}]: {error}") from None


def first_fit(candidates, width=None, height=None, axes="both", *, out=None):
    """Lay out the first candidate that fits (SwiftUI's ``ViewThatFits``), in one
    C call (``lk_first_fit``).

    Each candidate but the last is judged by its *ideal size*, its size for
    the unspecified proposal: it fits when, on every constrained axis, the
    ideal size is ``<=`` the proposal, an unspecified (None) proposal axis
    counting as 10. The first candidate that fits is chosen, else the last;
    it is then laid out for the real proposal ``(width, height)``.

    Parameters:
        candidates: a sequence of ``(layout, widths, heights)`` tuples: a
            descriptor (``lk.Flow(...)``, ``lk.HStack(...)``, ...) and its own
            items, as for ``layout.layout(widths, heights)``. A fourth element,
            when present, is the candidate's ``item_spacing``. (A flow
            candidate has no ``breaks``.)
        width, height: the proposal; None is unspecified, ``math.inf``
            allowed; NaN is a ValueError.
        axes: the constrained axes: ``"both"``, ``"horizontal"`` or ``"vertical"``.
        out: None, or a :class:`Layout` returned by an earlier layout call,
            with room for the chosen candidate's result: the result is
            written into its buffers, overwriting what they held, and ``out``
            itself is returned; arrays obtained from it earlier show the new
            values.

    Returns ``(index, layout)``: the chosen candidate's index and its
    :class:`Layout` (``out``, when given).

    Raises TypeError for a candidate that is not such a tuple, a non-descriptor
    layout, items of the wrong type, a non-string ``axes`` or an ``out`` that
    is not a Layout; ValueError for an unknown ``axes`` name, a tuple of the
    wrong length or mismatched lengths (each message names the candidate) or
    an ``out`` without buffers of its own; and
    :class:`~layoutkernel.LayoutError` with the library's message, which names
    the candidate, for values it rejects (an
    :class:`~layoutkernel.InvalidParameterError` for no candidates at all,
    raised before any call into the library, a
    :class:`~layoutkernel.BufferTooSmallError` when the chosen candidate's
    result does not fit ``out``). When it raises, ``out`` is unchanged.
    """
    axes_code = _params.choice(axes, "axes", AXES)
    proposal = _params.proposal(width, height)
    try:
        if isinstance(candidates, (str, bytes)):
            raise TypeError
        listed = list(candidates)
    except TypeError:
        raise TypeError("candidates must be a sequence of (layout, widths, heights) tuples, "
                        f"not {type(candidates).__name__}") from None
    if not listed:
        raise rejected(InvalidParameterError, _ffi.LK_ERR_INVALID_PARAMETER,
                       "candidates is empty (first_fit needs at least one candidate)")
    entries = [_candidate(k, candidate) for k, candidate in enumerate(listed)]
    # The library writes item sizes when the chosen candidate may be a balanced stack.
    cells = any(descriptor._CELLS for descriptor, _ in entries)
    if out is None:
        # The most items of any candidate: the buffers hold the chosen one's.
        capacity = max((items.count for _, items in entries), default=0)
        buffers = _outputs.allocate(capacity, capacity)
    else:
        buffers = out_buffers(out, 0)  # the library checks that the chosen candidate fits
    result = _ffi.lk_result()
    _outputs.point(result, buffers, cells)
    table = (_ffi.lk_candidate * max(1, len(entries)))()
    for k, (descriptor, items) in enumerate(entries):  # entries keeps the structs alive
        _CANDIDATE.pack_into(table, k * _CANDIDATE_SIZE + _CANDIDATE_OFFSET,
                             ctypes.addressof(items.struct), ctypes.addressof(descriptor._layout))
    chosen = ctypes.c_size_t()
    status = _LIB.lk_first_fit(table, len(entries), axes_code, proposal, chosen, result)
    if status:
        raise failure(status, out, buffers)
    descriptor, items = entries[chosen.value]
    n, chosen_cells = items.count, descriptor._CELLS
    if chosen_cells or not cells:  # the items' own sizes are not in the result yet
        own = _outputs.own_sizes_slot(buffers, chosen_cells)
        _outputs.copy_in(buffers, own, items.addresses[0], n)
        _outputs.copy_in(buffers, own + buffers[2], items.addresses[1], n)
    return chosen.value, finish(out, buffers, n, result.rows, result.width, result.height,
                                chosen_cells)
