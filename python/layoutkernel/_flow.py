"""The flow layout (``lk_flow_layout`` in the C header ``layoutkernel.h``): the
:class:`Flow` descriptor and :func:`flow`.

Every call converts its arguments (:mod:`layoutkernel._params`,
:mod:`layoutkernel._items`), makes one call into the C library and wraps the
result (:mod:`layoutkernel._call`, :mod:`layoutkernel._outputs`); what is
common to every layout kind is in :mod:`layoutkernel._descriptor`. A flow
calls the flow entry points (``lk_flow_layout``, ``lk_flow_size``,
``lk_flow_row_count``); its ``lk_layout`` (kind ``LK_LAYOUT_FLOW``) is what
:func:`~layoutkernel.first_fit` passes on.
"""

import ctypes
import math
import numbers

from . import _ffi, _params
from ._call import lay_out
from ._descriptor import Descriptor, given, shared
from ._items import ITEM_ALIGNMENTS, Items, given_rules
from ._loader import library
from ._many import layout_many
from .errors import check

_LIB = library()

#: The ``justify`` names (CSS justify-content) and their C values.
JUSTIFY = {"start": _ffi.LK_DISTRIBUTE_START, "center": _ffi.LK_DISTRIBUTE_CENTER,
           "end": _ffi.LK_DISTRIBUTE_END, "space-between": _ffi.LK_DISTRIBUTE_SPACE_BETWEEN,
           "space-around": _ffi.LK_DISTRIBUTE_SPACE_AROUND,
           "space-evenly": _ffi.LK_DISTRIBUTE_SPACE_EVENLY}
#: The ``align_content`` names (CSS align-content) and their C values.
ALIGN_CONTENT = dict(JUSTIFY, stretch=_ffi.LK_DISTRIBUTE_STRETCH)
DIRECTIONS = {"ltr": _ffi.LK_DIRECTION_LTR, "rtl": _ffi.LK_DIRECTION_RTL}
FLOW_AXES = {"horizontal": _ffi.LK_AXIS_HORIZONTAL, "vertical": _ffi.LK_AXIS_VERTICAL}
#: The ``wrap`` names (CSS flex-wrap) and their C values.
WRAPS = {"wrap": _ffi.LK_WRAP_WRAP, "nowrap": _ffi.LK_WRAP_NOWRAP, "balance": _ffi.LK_WRAP_BALANCE}


def _wrap(value, wrap_reverse):
    """The ``wrap`` keyword's C value: ValueError for an unknown name and for
    "nowrap" with ``wrap_reverse``."""
    code = _params.choice(value, "wrap", WRAPS)
    if code == _ffi.LK_WRAP_NOWRAP and wrap_reverse is True:
        raise ValueError("wrap='nowrap' with wrap_reverse=True: a single line has no reversed order of "
                         "lines (use wrap='wrap' with wrap_reverse, or nowrap alone)")
    return code


def _line_count(value, name, rule):
    """A line count keyword (SPEC.md §12): ValueError unless an integer in
    [1, 2**31 - 1], a non-integer included (where ``_params.count`` gives a
    TypeError); ``rule`` says what is allowed, for the message."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or not 1 <= value <= 2**31 - 1:
        raise ValueError(f"{name} must be {rule} (at most 2**31 - 1), not {value!r}")
    return int(value)


def _min_lines(value):
    """The ``min_lines`` keyword."""
    return _line_count(value, "min_lines", "an integer >= 1")


def _max_lines(value):
    """The ``max_lines`` keyword's C value (0: no limit): None, or a line count."""
    return 0 if value is None else _line_count(value, "max_lines", "None or an integer >= 1")


def _overflow_item(value):
    """The ``overflow_item`` keyword: None, or a ``(width, height)`` pair of
    numbers (TypeError otherwise; ValueError for NaN, which C reads as none)."""
    if value is None:
        return (math.nan, math.nan)
    try:
        width, height = value
    except (TypeError, ValueError):
        raise TypeError(f"overflow_item must be None or a (width, height) pair, not {value!r}") from None
    for length in (width, height):
        if isinstance(length, bool) or not isinstance(length, numbers.Real):
            raise TypeError(f"overflow_item must be a pair of numbers, not {value!r}")
        if math.isnan(length):
            raise ValueError(f"overflow_item has a NaN: {value!r}")
    return (float(width), float(height))


def _switch(value, name):
    """A bool keyword: TypeError for anything but True or False."""
    if type(value) is not bool:
        raise TypeError(f"{name} must be True or False, not {type(value).__name__}")
    return int(value)


class Flow(Descriptor):
    """A wrapping stack (SwiftUI's WrappingHStack, CSS ``flex-wrap``): a layout descriptor.

    Items are placed left to right in rows. An item goes on the current row
    unless the row is not empty and the item would end past the row limit
    (the proposal's width; unbounded when it is None or ``math.inf``), or the
    item is a break. An item wider than the limit gets a row of its own and
    overflows it; nothing is dropped or shrunk. A row is as tall as its
    tallest item; rows are ``line_spacing`` apart (per-item: ``max(a.bottom,
    b.top)`` for the two rows' tallest items, each the first item of its
    row's greatest height).

    The container is as wide as a finite proposal width, else as the widest
    row, and as tall as the rows. When both proposal axes are specified (not
    None) and both are smaller than ``(max item width, max item height)``,
    the container takes that minimum size instead. The proposal's height never
    changes the rows. Each row is shifted right by ``ax`` times its free width
    (negative for an overflowing row), each item down by ``ay`` times its free
    height in its row.

    On a browser's 1/64 px grid (every length a multiple of 1/64, coordinates
    below 2**17) the layout equals the browser's flexbox layout when ``ax``
    and ``ay`` are each 0 or 1, or 0.5 with every length a multiple of 1/32;
    a browser truncates a centring offset to its grid, so a centred flow of
    odd 1/64ths can lie 1/128 px off it. Any of the CSS features below (for
    example ``justify="center"``) rounds as the browser does.

    Parameters:
        spacing: the gap between neighbours in a line (in a row, x): a number
            in [0, 2**64], or None to use the items' spacing preferences,
            ``max(a.trailing, b.leading)``.
        line_spacing: the gap between lines (between rows, y): a number in
            [0, 2**64], or None for the items' preferences, ``max(a.bottom, b.top)``.
        alignment: one of the names in :data:`ALIGNMENTS` (``"topLeading"``,
            ``"center"``, ...) or an ``(ax, ay)`` pair with each part in [0, 1].
            Physical: in columns, ay acts along the columns and ax across them.

    The features of CSS flexbox, as a browser computes them (``lk_flow_layout``'s
    "Features" in layoutkernel.h gives every rule; keywords only, all off by default):
        justify: how each line's free space is shared: "start", "center",
            "end", "space-between", "space-around", "space-evenly"; None
            takes start, center or end from the alignment along the lines.
        direction: "ltr" or "rtl" (lines start at the right edge; in columns,
            the first column is at the right).
        reverse: True lays each line's items out in reverse order (CSS
            row-reverse; not a mirror image).
        wrap_reverse: True stacks the lines from the bottom (from the right,
            for columns).
        axis: "horizontal" (rows that wrap at the proposal's width) or
            "vertical" (columns that wrap at its height; ``spacing`` is then
            the gap within a column, ``line_spacing`` between columns).
        align_content: with a finite proposal across the lines, the container
            takes it and the lines share the free space: "start", "center",
            "end", "space-between", "space-around", "space-evenly" or
            "stretch" (lines grow; items keep their size). None: the lines
            take only the room they need.
        wrap: "wrap" (lines break at the proposal's width), "nowrap" (CSS
            flex-wrap: nowrap): every item on one line, which may overflow;
            breaks are ignored; ``justify`` shares the negative free space
            (start overflows at the far end, end and center move the line
            back); with ``align_content`` and a finite proposal across, the
            line takes that size; ValueError with ``wrap_reverse``. Or
            "balance" (CSS flex-wrap: balance, exactly as Chromium): lines of
            even length, the least sum of squared free space over the lines,
            ties to the fewest items on the last line; never more lines than
            "wrap" with ``min_lines=1``; an item longer than the width has a
            line of its own; each stretch between forced breaks is balanced
            on its own; unbounded rows are as wide as their longest line
            would be unbalanced. Lines are made in whole units of 1/64 px
            (sizes and gaps rounded up, the width down).
        min_lines: with wrap="balance", the fewest lines to make where the
            items allow (CSS flex-line-count; an integer >= 1, default 1);
            no effect otherwise. ValueError for anything else.
        max_lines: at most this many lines (None: no limit; else an integer
            >= 1, ValueError otherwise), after any wrap: the items of later
            lines are hidden (always the last ones: NaN positions, size 0,
            counted in the result's ``hidden``); everything after the lines
            sees only the kept ones. Greedy lines read no item past the first
            hidden one.
        overflow_item: with max_lines, a ``(width, height)`` "+N more" item
            put at the end of the last kept line when items are hidden: that
            line gives up items from its end until it fits (or holds the
            overflow item alone); the result's ``overflow`` is its
            ``(x, y, width, height)``. The caller's text is N = ``hidden``.
        align_items: how items sit across their lines (CSS align-items):
            "start", "center", "end", "stretch" (stretchable items take their
            line's size), "baseline" or "last-baseline" (the line's items of
            each group share a baseline); None keeps the alignment's
            component across the lines. An item's ``align_self`` overrides it.
    Growing items and the other per-item rules (SPEC.md §13) are given per
    call: ``grow=``, ``shrink=``, ``align_self=``, ... of :meth:`layout`.

    Raises TypeError for a non-number spacing, a malformed alignment, a
    feature of the wrong type (a name that is not a str, a non-bool switch),
    and ValueError for an unknown alignment or feature name. Values the library checks
    (a spacing that is negative, NaN or above 2**64, an anchor outside
    [0, 1]) raise :class:`~layoutkernel.LayoutError` when the descriptor is
    used.

    Descriptors are immutable, compare equal when they lay out alike (a name
    and its anchor pair are equal), and can be hashed.
    """

    __slots__ = ("_params", "_keeps")
    _KIND = _ffi.LK_LAYOUT_FLOW

    def __init__(self, spacing=0.0, line_spacing=0.0, alignment="topLeading", *, justify=None,
                 direction="ltr", reverse=False, wrap_reverse=False, axis="horizontal",
                 align_content=None, wrap="wrap", min_lines=1, max_lines=None, overflow_item=None,
                 align_items=None):
        spacing_given, spacing_value, spacing_mode = _params.given_spacing(spacing, "spacing")
        line_given, line_value, line_mode = _params.given_spacing(line_spacing, "line_spacing")
        alignment_given, anchor = _params.alignment(alignment)
        features = (
            _ffi.LK_DISTRIBUTE_DEFAULT if justify is None else _params.choice(justify, "justify", JUSTIFY),
            _params.choice(direction, "direction", DIRECTIONS),
            _switch(reverse, "reverse"), _switch(wrap_reverse, "wrap_reverse"),
            _params.choice(axis, "axis", FLOW_AXES),
            (_ffi.LK_DISTRIBUTE_DEFAULT if align_content is None
             else _params.choice(align_content, "align_content", ALIGN_CONTENT)),
            _wrap(wrap, wrap_reverse), _min_lines(min_lines), _max_lines(max_lines),
            (_ffi.LK_ITEM_ALIGN_AUTO if align_items is None
             else _params.choice(align_items, "align_items", ITEM_ALIGNMENTS)))
        overflow_size = _overflow_item(overflow_item)
        given_keywords = {"spacing": spacing_given, "line_spacing": line_given,
                          "alignment": alignment_given}
        # Features show in repr only when set.
        for name, value, default in (("justify", justify, None), ("direction", direction, "ltr"),
                                     ("reverse", reverse, False), ("wrap_reverse", wrap_reverse, False),
                                     ("axis", axis, "horizontal"), ("align_content", align_content, None),
                                     ("wrap", wrap, "wrap"), ("min_lines", min_lines, 1),
                                     ("max_lines", max_lines, None), ("align_items", align_items, None),
                                     ("overflow_item", None if overflow_item is None else overflow_size, None)):
            if value != default:
                given_keywords[name] = value
        super().__init__(given_keywords, (spacing_given, line_given, anchor) + features
                         + ((None,) if overflow_item is None else (overflow_size,)))
        self._keeps = max_lines is not None
        self._params = self._layout.flow  # a view into the lk_layout, for lk_flow_*
        self._params_ref = ctypes.byref(self._params)
        self._params.spacing, self._params.spacing_mode = spacing_value, spacing_mode
        self._params.line_spacing, self._params.line_spacing_mode = line_value, line_mode
        self._params.alignment = _ffi.lk_anchor(*anchor)
        (self._params.justify, self._params.direction, self._params.reverse, self._params.wrap_reverse,
         self._params.axis, self._params.align_content, self._params.wrap, self._params.min_lines,
         self._params.max_lines, self._params.align_items) = features
        self._params.overflow_item = _ffi.lk_size(*overflow_size)

    spacing = given("spacing", "The x gap, or None for per-item.")
    line_spacing = given("line_spacing", "The y gap, or None for per-item.")
    alignment = given("alignment", "The alignment as given (a name or a pair).")
    anchor = property(lambda self: self._key[2], doc="The alignment as an (ax, ay) pair.")
    justify = property(lambda self: self._given.get("justify"), doc="The justification, or None.")
    direction = property(lambda self: self._given.get("direction", "ltr"), doc="\"ltr\" or \"rtl\".")
    reverse = property(lambda self: self._given.get("reverse", False), doc="Lines' items reversed.")
    wrap_reverse = property(lambda self: self._given.get("wrap_reverse", False), doc="Lines stacked from the end.")
    axis = property(lambda self: self._given.get("axis", "horizontal"), doc="\"horizontal\" or \"vertical\".")
    align_content = property(lambda self: self._given.get("align_content"), doc="The lines' distribution, or None.")
    wrap = property(lambda self: self._given.get("wrap", "wrap"), doc="\"wrap\", \"nowrap\" or \"balance\".")
    min_lines = property(lambda self: self._given.get("min_lines", 1), doc="The fewest balanced lines.")
    max_lines = property(lambda self: self._given.get("max_lines"), doc="The most lines, or None.")
    overflow_item = property(lambda self: self._given.get("overflow_item"),
                             doc="The overflow item's (width, height), or None.")
    align_items = property(lambda self: self._given.get("align_items"),
                           doc="How items sit across their lines, or None (by the alignment).")
    _KEEPS_LINES = property(lambda self: self._keeps)

    # Flow keeps its own entry points, lk_flow_layout and lk_flow_size (the
    # header defines lk_layout_place of a flow as exactly lk_flow_layout).
    _PLACE = _ffi.direct(_LIB, "lk_flow_layout")
    _PLACE_EXACT = _ffi.direct(_LIB, "lk_flow_layout_exact")

    def _size(self, items, proposal, out):
        return _LIB.lk_flow_size(ctypes.byref(items.struct), self._params, proposal, out)

    def layout(self, widths, heights, width=None, height=None, *, breaks=None, item_spacing=None,
               grow=None, out=None, exact=False, align_self=None, baseline=None, last_baseline=None,
               stretchable=None, min_width=None, max_width=None, min_height=None, max_height=None, shrink=None):
        """Lay the items out for the proposal ``(width, height)`` (``lk_flow_layout``).

        Parameters:
            widths, heights: the items' sizes, the same length, each in
                [0, 2**64] (the library's LK_MAX_LENGTH): any float sequence
                or buffer, a pandas Series or a pyarrow array; a 1-D
                C-contiguous NumPy float32 array goes to the library without a
                conversion. Values are rounded to float32 first. One of them may be
                a number, which every item takes. Each must be
                one-dimensional: an (n, 2) array of sizes goes in as
                ``sizes[:, 0], sizes[:, 1]``.
            width, height: the proposal; None is unspecified, ``math.inf``
                allowed; NaN is a ValueError.
            breaks: items that start a new row: a mask of bools with one entry
                per item (NumPy, pandas ``bool``/``boolean``, pyarrow, or a list
                of True/False); a uint8 array or bytes, as a mask (any non-zero
                byte); or a sequence of item indices (integers). n integers
                each 0 or 1 for n items could be either and are a ValueError.
            item_spacing: per-item spacing preferences, used by a spacing that
                is None: a sequence of four sequences (leading, trailing, top,
                bottom; each may be None for zeros) or an (n, 4) array.
            grow: per-item grow factors (CSS flex-grow), one float in
                [0, 2**64] per item (or one number for all), or None: each
                line's free space is shared in proportion to them (all of it
                when they sum to at least 1, that fraction of it otherwise),
                rounded as a browser rounds;
                the result's ``item_width`` (``item_height`` in columns)
                reports the grown sizes. Lines break on the items' own sizes.
            align_self: per item, how it sits across its line: "auto" or
                None (the flow's ``align_items``), or one of its names.
            baseline, last_baseline: per item, its first and last baseline
                from its top edge (floats; NaN or None: no baseline, the
                bottom edge serves; a NaN last baseline equals the first).
                Columns ignore them (their baselines are the left edges).
            stretchable: per item (or one bool for all), True when its size
                across the lines is automatic: ``align_items="stretch"``
                sizes only these.
            min_width, max_width, min_height, max_height: per item (or one
                number for all), its bounds (NaN or None: none; a maximum may
                be ``math.inf``); a minimum above the maximum wins. Lines
                break on the clamped sizes.
            shrink: per-item shrink factors (CSS flex-shrink), in [0, 2**64]:
                a line longer than the container shrinks its items by them,
                weighted by their sizes. With any item rule that can resize
                items (stretchable, bounds, shrink), ``item_width`` and
                ``item_height`` report every item's flexed and stretched size.
                Every rule is exactly as SPEC.md §13 (Chromium) computes it.
            out: None, or a :class:`Layout` returned by an earlier layout call,
                with room for the result (as many items or more, and enough
                rows): the result is written into its buffers, overwriting
                what they held, and ``out`` itself is returned; no new buffers
                are allocated. Arrays obtained from ``out`` earlier show the
                new values.
            exact: when True, also compute every item's exact position
                (``lk_layout_place_exact``): the result's ``x64`` and ``y64``
                are float64 arrays of the positions before their rounding to
                float32, exact at any size (float32 positions are exact only
                up to 2**24 px); a second pass over the items.

        Returns a :class:`Layout`.

        Raises :class:`~layoutkernel.LayoutError` (a ValueError) with the
        library's message for values it rejects: an
        :class:`~layoutkernel.InvalidItemError` for a size or spacing
        preference that is NaN, infinite, negative or above 2**64 (naming the
        item), an :class:`~layoutkernel.InvalidProposalError` for a negative
        or -inf proposal, an :class:`~layoutkernel.InvalidParameterError` for
        a bad spacing or anchor and a
        :class:`~layoutkernel.BufferTooSmallError` for an ``out`` without room
        for the result. Raises ValueError for mismatched lengths, out-of-range
        or ambiguous breaks, a bad shape, a missing (NA, None, null) or masked
        entry of a per-item argument (naming it), a NaN proposal or an
        ``out`` without buffers of its own (a Layout made directly, copied or
        unpickled), and TypeError for arguments of the wrong type. When it
        raises, ``out`` is unchanged.
        """
        rules = given_rules(align_self, stretchable, baseline, last_baseline, min_width, max_width, min_height,
                            max_height, shrink)
        return lay_out(self, widths, heights, width, height, breaks, item_spacing, out, grow, exact, rules)

    def layout_many(self, widths, heights, counts, width=None, height=None, *, proposals=None,
                    breaks=None, item_spacing=None, grow=None, out=None, align_self=None, baseline=None,
                    last_baseline=None, stretchable=None, min_width=None, max_width=None, min_height=None,
                    max_height=None, shrink=None):
        """Lay out many flows in one call (``lk_layout_many``); as
        :meth:`Descriptor.layout_many`, with ``breaks``, ``grow`` and the item
        rules as for :meth:`layout` (over all the items; break indices into all
        of them, or a mask over them)."""
        rules = given_rules(align_self, stretchable, baseline, last_baseline, min_width, max_width, min_height,
                            max_height, shrink)
        return layout_many(self, widths, heights, counts, width, height, proposals, breaks, item_spacing, out,
                           grow, rules)

    def size(self, widths, heights, width=None, height=None, *, breaks=None, item_spacing=None,
             grow=None, align_self=None, baseline=None, last_baseline=None, stretchable=None,
             min_width=None, max_width=None, min_height=None, max_height=None, shrink=None):
        """The container size :meth:`layout` would report, without placing items
        (``lk_flow_size``, SwiftUI's sizeThatFits). Same parameters and errors
        as :meth:`layout`. Returns a ``(width, height)`` tuple of floats."""
        rules = given_rules(align_self, stretchable, baseline, last_baseline, min_width, max_width, min_height,
                            max_height, shrink)
        return self._size_of(Items(widths, heights, breaks, item_spacing, grow, rules), width, height)

    def row_count(self, widths, heights, width=None, *, breaks=None, item_spacing=None, min_width=None,
                  max_width=None, min_height=None, max_height=None):
        """The number of rows the flow makes at row limit ``width`` (None or
        ``math.inf``: unbounded; NaN is a ValueError); 0 for no items (``lk_flow_row_count``). For a
        vertical flow the rows are columns and ``width`` is their limit, the
        proposal's height. The items' bounds, as for :meth:`layout`, change the
        sizes the rows are made of. Same errors as :meth:`layout`. Returns an int."""
        bounds = {name: value for name, value in (("min_width", min_width), ("max_width", max_width),
                                                  ("min_height", min_height), ("max_height", max_height))
                  if value is not None}
        items = Items(widths, heights, breaks, item_spacing, rules=bounds)
        out = ctypes.c_size_t()
        check(_LIB.lk_flow_row_count(ctypes.byref(items.struct), self._params,
                                     _params.axis(width, "width"), out))
        return out.value


def flow(widths, heights, width=None, height=None, *, spacing=0.0, line_spacing=0.0,
         alignment="topLeading", breaks=None, item_spacing=None, out=None, justify=None,
         direction="ltr", reverse=False, wrap_reverse=False, axis="horizontal", align_content=None,
         grow=None, exact=False, wrap="wrap", min_lines=1, max_lines=None, overflow_item=None,
         align_items=None, align_self=None, baseline=None, last_baseline=None, stretchable=None,
         min_width=None, max_width=None, min_height=None, max_height=None, shrink=None):
    """Lay items out as a wrapping flow; shorthand for
    ``Flow(spacing, line_spacing, alignment, justify=..., ...).layout(widths,
    heights, width, height, ...)``.

    Rows fill greedily up to the proposal's ``width`` (unbounded when None or
    ``math.inf``); see :class:`Flow` for the rules and the CSS features
    (``justify``, ``direction``, ``reverse``, ``wrap_reverse``, ``axis``,
    ``align_content``, ``wrap``, ``min_lines``, ``max_lines``,
    ``overflow_item``, ``align_items``) and :meth:`Flow.layout` for the
    parameters (``out``, ``grow``, ``exact`` and the item rules included), the
    result (a :class:`Layout`) and the errors.
    """
    if (justify is None and direction == "ltr" and reverse is False and wrap_reverse is False
            and axis == "horizontal" and align_content is None and wrap == "wrap" and min_lines == 1
            and max_lines is None and align_items is None):
        descriptor = shared(Flow, spacing, line_spacing, alignment)
    else:
        descriptor = shared(_featured_flow, spacing, line_spacing, alignment, justify, direction,
                            reverse, wrap_reverse, axis, align_content, wrap, min_lines, max_lines,
                            overflow_item, align_items)
    rules = given_rules(align_self, stretchable, baseline, last_baseline, min_width, max_width, min_height,
                        max_height, shrink)
    return lay_out(descriptor, widths, heights, width, height, breaks, item_spacing, out, grow, exact, rules)


def _featured_flow(spacing, line_spacing, alignment, justify, direction, reverse, wrap_reverse, axis,
                   align_content, wrap, min_lines=1, max_lines=None, overflow_item=None, align_items=None):
    """A :class:`Flow` with the CSS features given by position, for :func:`shared`."""
    return Flow(spacing, line_spacing, alignment, justify=justify, direction=direction, reverse=reverse,
                wrap_reverse=wrap_reverse, axis=axis, align_content=align_content, wrap=wrap,
                min_lines=min_lines, max_lines=max_lines, overflow_item=overflow_item, align_items=align_items)
