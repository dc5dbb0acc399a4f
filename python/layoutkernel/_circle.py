"""The circle (``lk_circle_params`` in the C header ``layoutkernel.h``): :class:`Circle`
and its shorthand :func:`circle`."""

from . import _ffi, _params
from ._call import lay_out
from ._descriptor import Descriptor, given, shared


class Circle(Descriptor):
    """Items around a circle: a layout descriptor.

    The container is ``(2 * radius + max w, 2 * radius + max h)``, whatever
    the proposal. Item i of n sits at the angle ``theta = start_angle + 2 pi i
    / n`` (radians; clockwise on screen, as y grows downward), with its anchor
    point at ``(width / 2 + radius * cos(theta), height / 2 + radius *
    sin(theta))``. The default anchor, the item's centre, keeps every item
    inside the container; ``anchor="topLeading"`` (``(0, 0)``) puts top-left
    corners on the circle, and items hang outside.
    Positions are computed in double and rounded once; they agree across the
    library's kernel levels within 1e-5 of the size. No rows.

    Parameters:
        radius: the circle's radius, a number in [0, 2**64]. Required.
        start_angle: item 0's angle in radians, a finite number.
        anchor: which point of an item sits on the circle: one of the names in
            :data:`ALIGNMENTS` or an ``(ax, ay)`` pair with each part in [0, 1].

    Raises TypeError for a non-number radius or angle or a malformed anchor,
    ValueError for an unknown anchor name; values the library rejects (a
    negative, NaN or too large radius, an infinite angle, an anchor outside
    [0, 1]) raise :class:`~layoutkernel.LayoutError` when the descriptor is
    used. Descriptors are immutable, compare equal when they lay out alike,
    and can be hashed.
    """

    __slots__ = ()
    _KIND = _ffi.LK_LAYOUT_CIRCLE
    _MAX_ROWS = 0  # no row table

    def __init__(self, radius, start_angle=0.0, anchor="center"):
        radius = _params.real(radius, "radius")
        start_angle = _params.real(start_angle, "start_angle")
        anchor_given, pair = _params.alignment(anchor, "anchor")
        super().__init__({"radius": radius, "start_angle": start_angle, "anchor": anchor_given},
                         (radius, start_angle, pair))
        circle = self._layout.circle
        circle.radius, circle.start_angle = radius, start_angle
        circle.anchor = _ffi.lk_anchor(*pair)

    radius = given("radius", "The circle's radius.")
    start_angle = given("start_angle", "Item 0's angle, in radians.")
    anchor = given("anchor", "The anchor as given (a name or a pair).")
    anchor_point = property(lambda self: self._key[-1],
                            doc="The anchor as an (ax, ay) pair.")


def circle(widths, heights, width=None, height=None, *, radius, start_angle=0.0, anchor="center",
           out=None, exact=False):
    """Lay items out around a circle; shorthand for ``Circle(radius,
    start_angle, anchor).layout(widths, heights, width, height, out=out,
    exact=exact)``. See :class:`Circle` for the rules and :meth:`Circle.layout`
    for the items, the proposal (ignored), ``out``, ``exact`` and the errors.
    Returns a :class:`Layout`."""
    return lay_out(shared(Circle, radius, start_angle, anchor), widths, heights, width, height,
                   None, None, out, exact=exact)
