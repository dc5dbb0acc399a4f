"""The stacks (``lk_stack_params`` in the C header ``layoutkernel.h``):
:class:`HStack`, :class:`VStack`, :class:`ZStack` and their shorthands
:func:`hstack`, :func:`vstack`, :func:`zstack`.

A stack ignores the proposal: items keep their size and the stack is as large
as they make it (fixed-size items overflow a smaller proposal).
"""

from . import _ffi, _params
from ._call import lay_out
from ._descriptor import Descriptor, given, shared


class _Stack(Descriptor):
    """Spacing and alignment, the parameters the three stacks share."""

    __slots__ = ()
    _MAX_ROWS = 1  # one row of all the items

    def __init__(self, spacing=0.0, alignment="center"):
        spacing_given, value, mode = _params.given_spacing(spacing, "spacing")
        alignment_given, anchor = _params.alignment(alignment)
        super().__init__({"spacing": spacing_given, "alignment": alignment_given},
                         (spacing_given, anchor))
        stack = self._layout.stack
        stack.spacing, stack.spacing_mode = value, mode
        stack.alignment = _ffi.lk_anchor(*anchor)

    spacing = given("spacing", "The gap between neighbours, or None for per-item.")
    alignment = given("alignment", "The alignment as given (a name or a pair).")
    anchor = property(lambda self: self._key[-1], doc="The alignment as an (ax, ay) pair.")


_PARAMETERS = """
    Parameters:
        spacing: the gap between neighbours: a number in [0, 2**64], or None
            for the items' spacing preferences ({per_item}).
        alignment: one of the names in :data:`ALIGNMENTS` or an ``(ax, ay)``
            pair with each part in [0, 1]; {uses}.

    Raises TypeError for a non-number spacing or a malformed alignment, and
    ValueError for an unknown alignment name; values the library checks (a
    spacing that is negative, NaN or above 2**64, an anchor outside [0, 1])
    raise :class:`~layoutkernel.LayoutError` when the descriptor is used.
    Descriptors are immutable, compare equal when they lay out alike, and can
    be hashed.
    """


class HStack(_Stack):
    __slots__ = ()
    _KIND = _ffi.LK_LAYOUT_HSTACK
    __doc__ = """Items left to right (SwiftUI's HStack): a layout descriptor.

    Item i starts where item i - 1 ends plus the gap; the stack is as wide as
    the total and as tall as the tallest item, whatever the proposal, and each
    item sits at ``y = ay * (height - h[i])``. Reports one row (none for no
    items).
    """ + _PARAMETERS.format(per_item="``max(a.trailing, b.leading)``",
                             uses="only ``ay`` is used")


class VStack(_Stack):
    __slots__ = ()
    _KIND = _ffi.LK_LAYOUT_VSTACK
    __doc__ = """Items top to bottom (SwiftUI's VStack): a layout descriptor.

    Item i starts where item i - 1 ends plus the gap; the stack is as tall as
    the total and as wide as the widest item, whatever the proposal, and each
    item sits at ``x = ax * (width - w[i])``. Reports one row (none for no
    items).
    """ + _PARAMETERS.format(per_item="``max(a.bottom, b.top)``",
                             uses="only ``ax`` is used")


class ZStack(_Stack):
    __slots__ = ()
    _KIND = _ffi.LK_LAYOUT_ZSTACK
    __doc__ = """Items on top of each other (SwiftUI's ZStack): a layout descriptor.

    The stack is ``(max w, max h)``, whatever the proposal; each item sits at
    ``x = ax * (width - w[i])``, ``y = ay * (height - h[i])``. Spacing is
    accepted, for a uniform signature, and unused. Reports one row (none for
    no items).
    """ + _PARAMETERS.format(per_item="unused", uses="both parts are used")


_SHORTHAND = """Lay items out in {kind}; shorthand for
    ``{kind}(spacing, alignment).layout(widths, heights, width, height,
    item_spacing=item_spacing, out=out, exact=exact)``. See :class:`{kind}`
    for the rules and :meth:`{kind}.layout` for the items, the proposal
    (ignored by stacks), ``out``, ``exact`` and the errors. Returns a
    :class:`Layout`."""


def hstack(widths, heights, width=None, height=None, *, spacing=0.0, alignment="center",
           item_spacing=None, out=None, exact=False):
    return lay_out(shared(HStack, spacing, alignment), widths, heights, width, height, None,
                   item_spacing, out, exact=exact)


def vstack(widths, heights, width=None, height=None, *, spacing=0.0, alignment="center",
           item_spacing=None, out=None, exact=False):
    return lay_out(shared(VStack, spacing, alignment), widths, heights, width, height, None,
                   item_spacing, out, exact=exact)


def zstack(widths, heights, width=None, height=None, *, spacing=0.0, alignment="center",
           item_spacing=None, out=None, exact=False):
    return lay_out(shared(ZStack, spacing, alignment), widths, heights, width, height, None,
                   item_spacing, out, exact=exact)


hstack.__doc__ = _SHORTHAND.format(kind="HStack")
vstack.__doc__ = _SHORTHAND.format(kind="VStack")
zstack.__doc__ = _SHORTHAND.format(kind="ZStack")
