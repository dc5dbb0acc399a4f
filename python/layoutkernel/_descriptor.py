"""What every layout descriptor shares (SPEC.md section 10, the library's ``AnyLayout``).

A descriptor (:class:`~layoutkernel.Flow`, :class:`~layoutkernel.HStack`,
:class:`~layoutkernel.Grid`, ...) converts its keywords once, into an
``lk_layout`` struct of its kind, and then lays out any items with it: each
:meth:`Descriptor.layout`, :meth:`Descriptor.size` or
:meth:`Descriptor.row_count` is one C call (``lk_layout_place``,
``lk_layout_size``, ``lk_layout_row_count``). The same struct is what
:func:`~layoutkernel.first_fit` hands to ``lk_first_fit``.

Subclasses set ``_KIND`` (an ``LK_LAYOUT_*`` value), fill in their parameter
struct in ``__init__`` after calling :meth:`Descriptor.__init__` with the
keywords as given (for ``repr``) and the key they compare by.
"""

import ctypes

from . import _params
from ._ffi import lk_layout, lk_size
from ._items import Items
from ._loader import library
from ._outputs import Outputs
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


def given(name, doc):
    """A read-only property for the keyword ``name`` as it was given (None when
    it was not)."""
    return property(lambda self: self._given.get(name), doc=doc)


class Descriptor:
    """The base class of the layout descriptors: a layout kind and its parameters.

    Descriptors are immutable, compare equal when they are of the same kind and
    lay out alike (an alignment name and its anchor pair are equal), can be
    hashed, and ``repr`` shows the keywords as given (``eval`` of it makes an
    equal descriptor).
    """

    __slots__ = ("_layout", "_given", "_key")
    _KIND = None

    def __init__(self, given_keywords, key):
        self._layout = default_layout(self._KIND)
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

    # The C calls; Flow overrides them with the lk_flow_* entry points.

    def _place(self, items, proposal, outputs):
        return _LIB.lk_layout_place(ctypes.byref(items.struct), ctypes.byref(self._layout),
                                    proposal, ctypes.byref(outputs.struct))

    def _size(self, items, proposal, out):
        return _LIB.lk_layout_size(ctypes.byref(items.struct), ctypes.byref(self._layout),
                                   proposal, ctypes.byref(out))

    # What every kind does with them.

    def _result(self, outputs, items):
        """The :class:`Layout` from a successful call on ``items``."""
        return outputs.to_layout(items.count)

    def _lay_out(self, items, width, height):
        outputs = Outputs(items.count)
        check(self._place(items, _params.proposal(width, height), outputs))
        return self._result(outputs, items)

    def _size_of(self, items, width, height):
        out = lk_size()
        check(self._size(items, _params.proposal(width, height), out))
        return (out.width, out.height)

    def layout(self, widths, heights, width=None, height=None, *, item_spacing=None):
        """Lay the items out for the proposal ``(width, height)``.

        Parameters:
            widths, heights: the items' sizes, the same length, each in
                [0, 2**64] (the library's LK_MAX_LENGTH): any float sequence
                or buffer; a 1-D C-contiguous NumPy float32 array goes to the
                library without a copy. Values are rounded to float32 first.
            width, height: the proposal; None is unspecified, ``math.inf`` allowed.
            item_spacing: per-item spacing preferences, used by a spacing that
                is None: a sequence of four sequences (leading, trailing, top,
                bottom; each may be None for zeros) or an (n, 4) NumPy array.

        Returns a :class:`~layoutkernel.Layout`.

        Raises :class:`~layoutkernel.LayoutError` (a ValueError) with the
        library's message for values it rejects (a size or spacing preference
        that is NaN, infinite, negative or above 2**64, naming the item; a
        negative or -inf proposal; a parameter out of range), ValueError for
        mismatched lengths or a bad item_spacing shape, and TypeError for
        arguments of the wrong type.
        """
        return self._lay_out(Items(widths, heights, None, item_spacing), width, height)

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
        check(_LIB.lk_layout_row_count(ctypes.byref(items.struct), ctypes.byref(self._layout),
                                       _params.proposal(width, height), ctypes.byref(out)))
        return out.value
