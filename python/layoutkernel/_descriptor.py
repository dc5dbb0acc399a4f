"""What every layout descriptor shares (the library's ``AnyLayout``, ``lk_layout``
in the C header ``layoutkernel.h``).

A descriptor (:class:`~layoutkernel.Flow`, :class:`~layoutkernel.HStack`,
:class:`~layoutkernel.Grid`, ...) converts its keywords once, into an
``lk_layout`` struct of its kind, and then lays out any items with it: each
:meth:`Descriptor.layout`, :meth:`Descriptor.size` or
:meth:`Descriptor.row_count` is one C call (``lk_layout_place``,
``lk_layout_size``, ``lk_layout_row_count``; :meth:`Descriptor.layout` runs
:func:`layoutkernel._call.lay_out`). The same struct is what
:func:`~layoutkernel.first_fit` hands to ``lk_first_fit``.

Subclasses set ``_KIND`` (an ``LK_LAYOUT_*`` value), when a layout of their
kind has fewer rows than items ``_MAX_ROWS``, and when the library gives
items another size than their own ``_CELLS``; they fill in their parameter
struct in ``__init__`` after calling :meth:`Descriptor.__init__` with the
keywords as given (for ``repr``) and the key they compare by.

The structs are made once per descriptor and only read by the library, so
every call (and every thread) shares them; each call gets its own items and
output buffers. The shorthand functions (``lk.flow`` ...) get their
descriptors from :func:`shared`, which makes one per set of keywords.
"""

import ctypes
import math
import operator
import sys

from . import _ffi, _params
from ._call import lay_out
from ._ffi import lk_layout, lk_size
from ._items import Items
from ._loader import library
from ._many import layout_many
from .errors import check

_LIB = library()
_DEFAULTS = {}  # kind -> the library's default lk_layout of that kind


def default_layout(kind):
    """A new ``lk_layout`` of ``kind`` with every parameter at the library's default
    (``lk_layout_default``, asked once per kind and copied afterwards)."""
    default = _DEFAULTS.get(kind)
    if default is None:
        default = lk_layout()
        check(_LIB.lk_layout_default(kind, ctypes.byref(default)))
        _DEFAULTS[kind] = default
    return lk_layout.from_buffer_copy(default)


_SHARED = {}  # (class, argument types, arguments) -> descriptor, for shared()
_SHARED_MAX = 256
_KEY_TYPES = frozenset({str, int, float, bool, type(None)})
_LAST = {}  # class -> (arguments, descriptor) of the last shared() call that could be kept
_is = operator.is_


def shared(cls, *arguments):
    """``cls(*arguments)``: a descriptor made by an earlier call with the same
    arguments when there is one (descriptors are immutable and the library
    only reads their structs, so sharing them is safe, across threads too).

    The shorthand functions use it, so that a loop of ``lk.flow(...,
    spacing=8)`` converts its keywords once. Arguments count as the same when
    they are equal and of the same type, each a str, int, float, bool or None
    (so True and 1 are not the same); any other argument (a pair, a NumPy
    scalar, ...) and -0.0 (which equals 0.0 but is passed on as it is) make a
    new descriptor. Errors are raised, and not kept, as by
    ``cls(*arguments)``. Holds at most ``_SHARED_MAX`` descriptors.

    The last kept call's arguments are compared first, by identity: the same
    objects (a loop passing the same constants) are the same arguments.
    """
    last = _LAST.get(cls)
    if last is not None and len(last[0]) == len(arguments) and all(map(_is, arguments, last[0])):
        return last[1]
    types = tuple(map(type, arguments))
    key = (cls, types, arguments) if _KEY_TYPES.issuperset(types) else None
    for value in arguments:
        if not value and type(value) is float and math.copysign(1.0, value) < 0:
            key = None
            break
    descriptor = _SHARED.get(key)
    if descriptor is None:
        descriptor = cls(*arguments)
        if key is not None:
            if len(_SHARED) >= _SHARED_MAX:
                _SHARED.clear()
            _SHARED[key] = descriptor
    if key is not None:
        _LAST[cls] = (arguments, descriptor)
    return descriptor


def _from_keywords(cls, keywords):
    """``cls(**keywords)``: a descriptor unpickled or copied (``Descriptor.__reduce__``)."""
    return cls(**keywords)


def given(name, doc):
    """A read-only property for the keyword ``name`` as it was given (None when
    it was not)."""
    return property(lambda self: self._given.get(name), doc=doc)


class Descriptor:
    """The base class of the layout descriptors: a layout kind and its parameters.

    Descriptors are immutable, compare equal when they are of the same kind and
    lay out alike (an alignment name and its anchor pair are equal), can be
    hashed, and ``repr`` shows the keywords as given (``eval`` of it makes an
    equal descriptor). They pickle, copy and deep-copy as those keywords (the
    copy is made by the constructor again): an equal descriptor that lays out
    identically, so descriptors can be sent to worker processes
    (``multiprocessing``, Dask).
    """

    __slots__ = ("_layout", "_given", "_key", "_params_ref")
    _KIND = None
    #: The most rows a layout of this kind has (any kind has at most one per item).
    _MAX_ROWS = sys.maxsize
    #: True when the library gives items another size than their own (the
    #: balanced stack's cells), which it then writes into the result.
    _CELLS = False
    # Whether its results may hide items (a flow with max_lines): then a call reads
    # the hidden count and the overflow item's frame.
    _KEEPS_LINES = False
    #: The C function that lays items out, called as
    #: ``_PLACE(items, _params_ref, proposal, result)``; Flow has its own.
    _PLACE = _ffi.direct(_LIB, "lk_layout_place")
    #: The same with exact positions: ``_PLACE_EXACT(items, _params_ref,
    #: proposal, result, x64, y64)``.
    _PLACE_EXACT = _ffi.direct(_LIB, "lk_layout_place_exact")

    def __init__(self, given_keywords, key):
        self._layout = default_layout(self._KIND)
        self._params_ref = ctypes.byref(self._layout)
        self._given = given_keywords
        self._key = key

    def __eq__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        return self._key == other._key

    def __hash__(self):
        return hash((type(self).__name__,) + self._key)

    def __repr__(self):
        keywords = ", ".join(f"{name}={value!r}" for name, value in self._given.items())
        return f"{type(self).__name__}({keywords})"

    def __reduce__(self):
        # The keywords as given, to the constructor again: the C structs (and the
        # ctypes reference to them) are made anew, never copied.
        return (_from_keywords, (type(self), dict(self._given)))

    # The size query; Flow overrides it with lk_flow_size. A struct passed for
    # a pointer argument goes by reference (ctypes does the byref, faster
    # than a byref object); the items go as ctypes.byref().

    def _size(self, items, proposal, out):
        return _LIB.lk_layout_size(ctypes.byref(items.struct), self._layout, proposal, out)

    def _size_of(self, items, width, height):
        out = lk_size()
        check(self._size(items, _params.proposal(width, height), out))
        return (out.width, out.height)

    def layout(self, widths, heights, width=None, height=None, *, item_spacing=None, out=None, exact=False):
        """Lay the items out for the proposal ``(width, height)``.

        Parameters:
            widths, heights: the items' sizes, the same length, each in
                [0, 2**64] (the library's LK_MAX_LENGTH): any float sequence
                or buffer, a pandas Series or a pyarrow array; a 1-D
                C-contiguous NumPy float32 array goes to the library without a
                conversion. Values are rounded to float32 first. One of them may be
                a number, which every item takes. A missing (NA, None, null)
                or masked entry is a ValueError naming it; an (n, 2) array of
                sizes goes in as ``sizes[:, 0], sizes[:, 1]``.
            width, height: the proposal; None is unspecified, ``math.inf``
                allowed; NaN is a ValueError.
            item_spacing: per-item spacing preferences, used by a spacing that
                is None: a sequence of four sequences (leading, trailing, top,
                bottom; each may be None for zeros) or an (n, 4) NumPy array.
            out: None, or a :class:`~layoutkernel.Layout` returned by an
                earlier layout call, with room for the result (as many items
                or more, and enough rows): the result is written into its
                buffers, overwriting what they held, and ``out`` itself is
                returned; no new buffers are allocated. Arrays obtained from
                ``out`` earlier show the new values.
            exact: when True, also compute every item's exact position
                (``lk_layout_place_exact``): the result's ``x64`` and ``y64``
                are float64 arrays of the positions before their rounding to
                float32, exact at any size (float32 positions are exact only
                up to 2**24 px); a second pass over the items.

        Returns a :class:`~layoutkernel.Layout`.

        Raises :class:`~layoutkernel.LayoutError` (a ValueError) with the
        library's message for values it rejects: an
        :class:`~layoutkernel.InvalidItemError` for a size or spacing
        preference that is NaN, infinite, negative or above 2**64 (naming the
        item), an :class:`~layoutkernel.InvalidProposalError` for a negative
        or -inf proposal, an :class:`~layoutkernel.InvalidParameterError` for
        a parameter out of range and a
        :class:`~layoutkernel.BufferTooSmallError` for an ``out`` without room
        for the result. Raises ValueError for mismatched lengths, a bad
        item_spacing shape or an ``out`` without buffers of its own (a Layout
        made directly, copied or unpickled), and TypeError for arguments of
        the wrong type. When it raises, ``out`` is unchanged.
        """
        return lay_out(self, widths, heights, width, height, None, item_spacing, out, exact=exact)

    def layout_many(self, widths, heights, counts, width=None, height=None, *, proposals=None,
                    item_spacing=None, out=None):
        """Lay out many containers of this layout in one call (``lk_layout_many``):
        the items of all containers concatenated in ``widths`` and ``heights``,
        container i holding the next ``counts[i]`` of them. Each container is
        laid out exactly as :meth:`layout` lays it out alone. Large calls
        (32,768 items or more) split the containers over threads (see
        :func:`~layoutkernel.set_max_threads`). Needs NumPy.

        Parameters:
            widths, heights, item_spacing: as for :meth:`layout`, for all the
                containers' items.
            counts: the number of items of each container (non-negative
                integers adding up to the number of items; 0 for an empty
                container).
            width, height: one proposal for every container; or
            proposals: one per container, an array of shape (containers, 2) of
                (width, height); in this array NaN is an unspecified axis.
            out: None, or a :class:`~layoutkernel.Layouts` returned by an
                earlier call with room for as many containers and items: the
                result is written into its arrays, overwriting them, and
                ``out`` itself is returned.

        Returns a :class:`~layoutkernel.Layouts`: per container ``width``,
        ``height``, ``rows``, ``row_offset``; per item ``x``, ``y`` (relative to
        the item's container), ``item_width``, ``item_height``; the row tables
        concatenated; ``layouts[i]`` is container i as a Layout.

        Raises :class:`~layoutkernel.InvalidParameterError` when the counts do
        not add up to the number of items (checked before any call into the
        library), and the errors of :meth:`layout` (an invalid proposal is
        named as ``proposals[i]``); ValueError for a negative count or a bad
        proposals shape, TypeError for non-integer counts or non-numeric
        proposals. When it raises, ``out`` is unchanged.
        """
        return layout_many(self, widths, heights, counts, width, height, proposals, None, item_spacing, out)

    def size(self, widths, heights, width=None, height=None, *, item_spacing=None):
        """The container size :meth:`layout` would report, without placing items
        (SwiftUI's sizeThatFits). Same parameters and errors as :meth:`layout`.
        Returns a ``(width, height)`` tuple of floats."""
        return self._size_of(Items(widths, heights, None, item_spacing), width, height)

    def row_count(self, widths, heights, width=None, height=None, *, item_spacing=None):
        """The number of rows :meth:`layout` would report for the proposal
        (``lk_layout_row_count``): 1 for a stack or balanced stack of items, 0
        for a circle or no items. Same parameters and errors as
        :meth:`layout`. Returns an int."""
        items = Items(widths, heights, None, item_spacing)
        out = ctypes.c_size_t()
        check(_LIB.lk_layout_row_count(ctypes.byref(items.struct), self._layout,
                                       _params.proposal(width, height), out))
        return out.value
