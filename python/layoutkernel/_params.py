"""Scalar arguments: numbers, proposals, spacings and alignments (the C header
``layoutkernel.h`` defines their ranges and the LK_ALIGN_* names).

These helpers check types and shapes, and map names (alignments, grid sizings,
axes) to the header's values; the library checks values (a negative spacing, an
anchor outside [0, 1], ...) and reports them with its own message. The one
range checked here is a grid's column count, which C holds in an int32 where 0
means "adaptive".
"""

import ctypes
import math
import numbers
import operator

from . import _ffi
from ._loader import library
from .errors import check

#: The nine named alignments, in the order of the header's LK_ALIGN_* values (0 to 8).
ALIGNMENTS = (
    "topLeading", "top", "topTrailing",
    "leading", "center", "trailing",
    "bottomLeading", "bottom", "bottomTrailing",
)


_PLAIN_REALS = (float, int)  # exact types: bool is an int subclass, not a number here


def _named_anchor(code):
    anchor = _ffi.lk_anchor()
    check(library().lk_alignment_anchor(code, ctypes.byref(anchor)))
    return (anchor.x, anchor.y)


# The library is the one source of the names' anchors; ask it once.
_NAMED_ANCHORS = {name: _named_anchor(code) for code, name in enumerate(ALIGNMENTS)}


def real(value, name):
    """``value`` as a float; TypeError unless it is a real number (not a bool),
    ValueError for an integer beyond any float."""
    try:
        if type(value) in _PLAIN_REALS:  # the common case, without the ABC check
            return float(value)
        if isinstance(value, bool) or not isinstance(value, numbers.Real):
            raise TypeError(f"{name} must be a real number, not {type(value).__name__}")
        return float(value)
    except OverflowError:
        raise ValueError(f"{name} is an integer too large to be a float") from None


def nan_axis(name):
    """The ValueError for a proposal axis given as NaN."""
    return ValueError(f"{name} is NaN; an unspecified proposal axis is None")


def axis(value, name):
    """A proposal axis: None means unspecified (NaN in C); a NaN given from
    Python is a ValueError (None is the one spelling of unspecified)."""
    if value is None:
        return math.nan
    value = real(value, name)
    if value != value:
        raise nan_axis(name)
    return value


def axes(width, height):
    """A proposal's ``(width, height)`` as two floats, each as :func:`axis`.
    The common spellings (a float, an int, None) take no further call."""
    try:
        kind = type(width)
        w = float(width) if kind is float or kind is int else math.nan if width is None else axis(width, "width")
        kind = type(height)
        h = float(height) if kind is float or kind is int else math.nan if height is None else axis(height, "height")
    except OverflowError:  # an int beyond any float: axis says which
        return axis(width, "width"), axis(height, "height")
    if w != w and width is not None:
        raise nan_axis("width")
    if h != h and height is not None:
        raise nan_axis("height")
    return w, h


def proposal(width, height):
    """The ``lk_proposal`` for a ``(width, height)`` pair of axes (each as :func:`axis`)."""
    return _ffi.lk_proposal(*axes(width, height))


def spacing(value, name):
    """``(value, mode)`` for a spacing: a number is fixed, None is per-item."""
    if value is None:
        return 0.0, _ffi.LK_SPACING_PER_ITEM
    return real(value, name), _ffi.LK_SPACING_FIXED


def anchor(alignment, name="alignment"):
    """The ``(ax, ay)`` anchor of an alignment name or pair (``name`` is the
    argument's name, for messages).

    Components are not range-checked here: the library checks them.
    """
    if isinstance(alignment, str):
        try:
            return _NAMED_ANCHORS[alignment]
        except KeyError:
            raise ValueError(
                f"unknown {name} {alignment!r}; use one of {', '.join(ALIGNMENTS)} "
                "or an (ax, ay) pair"
            ) from None
    try:
        pair = tuple(alignment)
    except TypeError:
        raise TypeError(
            f"{name} must be a name or an (ax, ay) pair, not {type(alignment).__name__}"
        ) from None
    if len(pair) != 2:
        raise ValueError(f"{name} must be an (ax, ay) pair, got {len(pair)} values")
    return (real(pair[0], f"{name} ax"), real(pair[1], f"{name} ay"))


def alignment(value, name="alignment"):
    """``(as given, anchor)`` for an alignment: the name, or the pair as floats;
    and its ``(ax, ay)`` anchor."""
    pair = anchor(value, name)
    return (value if isinstance(value, str) else pair), pair


def given_spacing(value, name):
    """``(as given, value, mode)`` for a spacing: None stays None (per-item)."""
    number, mode = spacing(value, name)
    return (None if value is None else number), number, mode


def choice(value, name, options):
    """The value ``options[value]`` for a name ``value``: TypeError unless it is a
    string, ValueError (listing the names) for an unknown one."""
    if not isinstance(value, str):
        raise TypeError(f"{name} must be one of the names {', '.join(map(repr, options))}, "
                        f"not {type(value).__name__}")
    try:
        return options[value]
    except KeyError:
        raise ValueError(
            f"unknown {name} {value!r}; use one of {', '.join(map(repr, options))}") from None


def count(value, name, smallest, largest):
    """An integer in [smallest, largest]: TypeError unless ``value`` is an integer
    (not a bool), ValueError outside the range (the C field cannot hold it)."""
    if isinstance(value, bool):
        raise TypeError(f"{name} must be an integer, not bool")
    try:
        value = operator.index(value)
    except TypeError:
        raise TypeError(f"{name} must be an integer, not {type(value).__name__}") from None
    if not smallest <= value <= largest:
        raise ValueError(f"{name} is {value}; it must be >= {smallest} and <= {largest}")
    return value
