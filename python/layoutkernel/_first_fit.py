"""First fit (SPEC.md section 7, SwiftUI's ``ViewThatFits``): :func:`first_fit`."""

import ctypes

from . import _ffi, _params
from ._descriptor import Descriptor
from ._items import Items
from ._loader import library
from ._outputs import Outputs
from .errors import check

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


def first_fit(candidates, width=None, height=None, axes="both"):
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
        width, height: the proposal; None is unspecified, ``math.inf`` allowed.
        axes: the constrained axes: ``"both"``, ``"horizontal"`` or ``"vertical"``.

    Returns ``(index, layout)``: the chosen candidate's index and its
    :class:`Layout`.

    Raises TypeError for a candidate that is not such a tuple, a non-descriptor
    layout, items of the wrong type or a non-string ``axes``; ValueError for
    an unknown ``axes`` name, a tuple of the wrong length or mismatched
    lengths (each message names the candidate); and
    :class:`~layoutkernel.LayoutError` with the library's message, which names
    the candidate, for values it rejects, and for no candidates at all.
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
    entries = [_candidate(k, candidate) for k, candidate in enumerate(listed)]
    table = (_ffi.lk_candidate * max(1, len(entries)))()
    capacity = 0  # the most items of any candidate: the outputs hold the chosen one's
    for k, (descriptor, items) in enumerate(entries):  # entries keeps the structs alive
        _CANDIDATE.pack_into(table, k * _CANDIDATE_SIZE + _CANDIDATE_OFFSET,
                             ctypes.addressof(items.struct), ctypes.addressof(descriptor._layout))
        capacity = max(capacity, items.count)
    outputs = Outputs(capacity)
    chosen = ctypes.c_size_t()
    check(_LIB.lk_first_fit(table, len(entries), axes_code, proposal, chosen, outputs.struct))
    descriptor, items = entries[chosen.value]
    return chosen.value, descriptor._result(outputs, items)
