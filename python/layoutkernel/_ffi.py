"""ctypes mirrors of the types and functions in ``Include/layoutkernel.h``.

Every Structure lists its fields in the header's order with the header's types,
and :data:`PROTOTYPES` holds one ``(restype, argtypes)`` declaration per C
function. :func:`declare` applies them to a loaded library. Nothing here loads
or calls the library.
"""

import ctypes
import struct
from ctypes import (POINTER, c_char_p, c_double, c_float, c_int32, c_int64, c_size_t, c_uint8,
                    c_uint32)

lk_status = c_int32

# Constants of the header that the binding and its tests use.
# Status codes (lk_status).
LK_OK = 0
LK_ERR_NULL_POINTER = 1
LK_ERR_INVALID_ITEM_SIZE = 2
LK_ERR_INVALID_ITEM_SPACING = 3
LK_ERR_INVALID_ITEM_FLAGS = 4
LK_ERR_INVALID_PROPOSAL = 5
LK_ERR_INVALID_PARAMETER = 6
LK_ERR_BUFFER_TOO_SMALL = 7
LK_ERR_SIZE_OVERFLOW = 8
LK_ERR_BUSY = 9
LK_ERR_OUT_OF_MEMORY = 10
LK_ITEM_BREAK_BEFORE = 0x01
LK_SPACING_FIXED = 0
LK_SPACING_PER_ITEM = 1
#: LK_MAX_LENGTH: the largest item size or spacing the library accepts, 2**64.
LK_MAX_LENGTH = 2.0 ** 64
# Layout kinds (lk_layout.kind).
LK_LAYOUT_FLOW = 0
LK_LAYOUT_HSTACK = 1
LK_LAYOUT_VSTACK = 2
LK_LAYOUT_ZSTACK = 3
LK_LAYOUT_GRID = 4
LK_LAYOUT_BALANCED = 5
LK_LAYOUT_CIRCLE = 6
# Axes (lk_balanced_params.axis, lk_first_fit's axes).
LK_AXIS_HORIZONTAL = 1
LK_AXIS_VERTICAL = 2
LK_AXES_BOTH = 3
# Distributions (lk_flow_params.justify and .align_content).
LK_DISTRIBUTE_DEFAULT = 0
LK_DISTRIBUTE_START = 1
LK_DISTRIBUTE_CENTER = 2
LK_DISTRIBUTE_END = 3
LK_DISTRIBUTE_SPACE_BETWEEN = 4
LK_DISTRIBUTE_SPACE_AROUND = 5
LK_DISTRIBUTE_SPACE_EVENLY = 6
LK_DISTRIBUTE_STRETCH = 7
# Line breaking (lk_flow_params.wrap).
LK_WRAP_WRAP = 0
LK_WRAP_NOWRAP = 1
LK_WRAP_BALANCE = 2
# How items sit across their lines (lk_flow_params.align_items, lk_items.align_self).
LK_ITEM_ALIGN_AUTO = 0
LK_ITEM_ALIGN_START = 1
LK_ITEM_ALIGN_CENTER = 2
LK_ITEM_ALIGN_END = 3
LK_ITEM_ALIGN_STRETCH = 4
LK_ITEM_ALIGN_BASELINE = 5
LK_ITEM_ALIGN_LAST_BASELINE = 6
# Writing directions (lk_flow_params.direction).
LK_DIRECTION_LTR = 0
LK_DIRECTION_RTL = 1
# Grid column sizing (lk_grid_params.sizing).
LK_GRID_FIT = 0
LK_GRID_FILL = 1
# The optional item fields an engine holds (lk_engine_get_items' *fields).
LK_ITEM_FIELD_SPACING = 0x01
LK_ITEM_FIELD_FLAGS = 0x02
LK_ITEM_FIELD_GROW = 0x04
#: The item rules' bits, by lk_items field name.
LK_ITEM_FIELD_RULES = {"align_self": 0x008, "baseline": 0x010, "last_baseline": 0x020, "stretchable": 0x040,
                       "min_width": 0x080, "max_width": 0x100, "min_height": 0x200, "max_height": 0x400,
                       "shrink": 0x800}


class _Sized(ctypes.Structure):
    """A struct of the header's extensible kind: its first field, ``struct_size``,
    is set to the struct's size when it is made (as the lk_*_default() functions
    set it). Fields are given by keyword."""

    def __init__(self, **fields):
        super().__init__(**fields)
        self.struct_size = ctypes.sizeof(self)


class lk_items(_Sized):
    """``struct lk_items``: the items of a layout, structure-of-arrays."""

    _fields_ = [
        ("struct_size", c_size_t),
        ("count", c_size_t),
        ("widths", POINTER(c_float)),
        ("heights", POINTER(c_float)),
        ("spacing_leading", POINTER(c_float)),
        ("spacing_trailing", POINTER(c_float)),
        ("spacing_top", POINTER(c_float)),
        ("spacing_bottom", POINTER(c_float)),
        ("flags", POINTER(c_uint8)),
        ("grow", POINTER(c_float)),
        ("align_self", POINTER(c_uint8)),
        ("baseline", POINTER(c_float)),
        ("last_baseline", POINTER(c_float)),
        ("stretchable", POINTER(c_uint8)),
        ("min_width", POINTER(c_float)),
        ("max_width", POINTER(c_float)),
        ("min_height", POINTER(c_float)),
        ("max_height", POINTER(c_float)),
        ("shrink", POINTER(c_float)),
    ]


class lk_proposal(ctypes.Structure):
    """``struct lk_proposal``: the size a parent proposes (NaN = unspecified)."""

    _fields_ = [("width", c_float), ("height", c_float)]


class lk_size(ctypes.Structure):
    """``struct lk_size``: a container's or an item's size."""

    _fields_ = [("width", c_float), ("height", c_float)]


class lk_anchor(ctypes.Structure):
    """``struct lk_anchor``: an alignment anchor, each component in [0, 1]."""

    _fields_ = [("x", c_float), ("y", c_float)]


class lk_flow_params(_Sized):
    """``struct lk_flow_params``: spacing, line spacing, their modes, alignment,
    and the CSS flow features."""

    _fields_ = [
        ("struct_size", c_size_t),
        ("spacing", c_float),
        ("line_spacing", c_float),
        ("spacing_mode", c_int32),
        ("line_spacing_mode", c_int32),
        ("alignment", lk_anchor),
        ("justify", c_int32),
        ("direction", c_int32),
        ("reverse", c_int32),
        ("wrap_reverse", c_int32),
        ("axis", c_int32),
        ("align_content", c_int32),
        ("wrap", c_int32),
        ("min_lines", c_int32),
        ("max_lines", c_int32),
        ("overflow_item", lk_size),
        ("align_items", c_int32),
    ]


class lk_stack_params(ctypes.Structure):
    """``struct lk_stack_params``: an HStack's, VStack's or ZStack's spacing and alignment."""

    _fields_ = [
        ("spacing", c_float),
        ("spacing_mode", c_int32),
        ("alignment", lk_anchor),
    ]


class lk_grid_params(ctypes.Structure):
    """``struct lk_grid_params``: column count (0: adaptive), sizing, gaps, alignment."""

    _fields_ = [
        ("columns", c_int32),
        ("min_column_width", c_float),
        ("sizing", c_int32),
        ("spacing", c_float),
        ("line_spacing", c_float),
        ("alignment", lk_anchor),
    ]


class lk_balanced_params(ctypes.Structure):
    """``struct lk_balanced_params``: a balanced stack's axis and spacing."""

    _fields_ = [
        ("axis", c_int32),
        ("spacing", c_float),
        ("spacing_mode", c_int32),
    ]


class lk_circle_params(ctypes.Structure):
    """``struct lk_circle_params``: radius, start angle (radians), item anchor."""

    _fields_ = [
        ("radius", c_float),
        ("start_angle", c_float),
        ("anchor", lk_anchor),
    ]


class lk_layout(_Sized):
    """``struct lk_layout``: a layout of any kind (AnyLayout); ``kind`` selects the
    parameter struct that is used."""

    _fields_ = [
        ("struct_size", c_size_t),
        ("kind", c_int32),
        ("stack", lk_stack_params),
        ("grid", lk_grid_params),
        ("balanced", lk_balanced_params),
        ("circle", lk_circle_params),
        ("flow", lk_flow_params),
    ]


class lk_result(_Sized):
    """``struct lk_result``: caller-owned output buffers and the container size."""

    _fields_ = [
        ("struct_size", c_size_t),
        ("width", c_float),
        ("height", c_float),
        ("rows", c_size_t),
        ("x", POINTER(c_float)),
        ("y", POINTER(c_float)),
        ("item_width", POINTER(c_float)),
        ("item_height", POINTER(c_float)),
        ("item_capacity", c_size_t),
        ("row_start", POINTER(c_int64)),
        ("row_length", POINTER(c_int64)),
        ("row_y", POINTER(c_double)),
        ("row_width", POINTER(c_float)),
        ("row_height", POINTER(c_float)),
        ("row_capacity", c_size_t),
        ("hidden", c_size_t),
        ("overflow_placed", c_int32),
        ("overflow_x", c_float),
        ("overflow_y", c_float),
        ("overflow_width", c_float),
        ("overflow_height", c_float),
    ]


class lk_many_result(_Sized):
    """``struct lk_many_result``: caller-owned output buffers of lk_layout_many."""

    _fields_ = [
        ("struct_size", c_size_t),
        ("total_rows", c_size_t),
        ("width", POINTER(c_float)),
        ("height", POINTER(c_float)),
        ("rows", POINTER(c_size_t)),
        ("row_offset", POINTER(c_int64)),
        ("container_capacity", c_size_t),
        ("x", POINTER(c_float)),
        ("y", POINTER(c_float)),
        ("item_width", POINTER(c_float)),
        ("item_height", POINTER(c_float)),
        ("item_capacity", c_size_t),
        ("row_start", POINTER(c_int64)),
        ("row_length", POINTER(c_int64)),
        ("row_y", POINTER(c_double)),
        ("row_width", POINTER(c_float)),
        ("row_height", POINTER(c_float)),
        ("row_capacity", c_size_t),
        ("hidden", POINTER(c_size_t)),
        ("overflow_x", POINTER(c_float)),
        ("overflow_y", POINTER(c_float)),
        ("overflow_width", POINTER(c_float)),
        ("overflow_height", POINTER(c_float)),
    ]


class lk_engine_stats(_Sized):
    """``struct lk_engine_stats``: what an engine did lately."""

    _fields_ = [
        ("struct_size", c_size_t),
        ("items_packed", c_size_t),
        ("rows_reused", c_size_t),
        ("cache_hits", c_size_t),
        ("bytes", c_size_t),
    ]


class lk_item_buffers(_Sized):
    """``struct lk_item_buffers``: where lk_engine_get_items copies items."""

    _fields_ = [
        ("struct_size", c_size_t),
        ("widths", POINTER(c_float)),
        ("heights", POINTER(c_float)),
        ("spacing_leading", POINTER(c_float)),
        ("spacing_trailing", POINTER(c_float)),
        ("spacing_top", POINTER(c_float)),
        ("spacing_bottom", POINTER(c_float)),
        ("flags", POINTER(c_uint8)),
        ("grow", POINTER(c_float)),
        ("align_self", POINTER(c_uint8)),
        ("baseline", POINTER(c_float)),
        ("last_baseline", POINTER(c_float)),
        ("stretchable", POINTER(c_uint8)),
        ("min_width", POINTER(c_float)),
        ("max_width", POINTER(c_float)),
        ("min_height", POINTER(c_float)),
        ("max_height", POINTER(c_float)),
        ("shrink", POINTER(c_float)),
    ]


_items_p = POINTER(lk_items)
_params_p = POINTER(lk_flow_params)
_layout_p = POINTER(lk_layout)


class lk_candidate(ctypes.Structure):
    """``struct lk_candidate``: one candidate of lk_first_fit (items and layout)."""

    _fields_ = [
        ("items", _items_p),
        ("layout", _layout_p),
    ]


#: One declaration per C function of the header: name -> (restype, argtypes).
PROTOTYPES = {
    "lk_version_number": (c_uint32, []),
    "lk_version_string": (c_char_p, []),
    "lk_abi_version": (c_uint32, []),
    "lk_status_name": (c_char_p, [lk_status]),
    "lk_last_error_message": (c_char_p, []),
    "lk_last_error_status": (lk_status, []),
    "lk_last_error_index": (c_int64, []),
    "lk_last_error_required": (c_size_t, []),
    "lk_alignment_anchor": (lk_status, [c_int32, POINTER(lk_anchor)]),
    "lk_flow_params_default": (lk_flow_params, []),
    "lk_items_default": (lk_items, []),
    "lk_result_default": (lk_result, []),
    "lk_many_result_default": (lk_many_result, []),
    "lk_item_buffers_default": (lk_item_buffers, []),
    "lk_engine_stats_default": (lk_engine_stats, []),
    "lk_flow_layout": (lk_status, [_items_p, _params_p, lk_proposal, POINTER(lk_result)]),
    "lk_flow_layout_exact": (lk_status, [_items_p, _params_p, lk_proposal, POINTER(lk_result),
                                         POINTER(c_double), POINTER(c_double)]),
    "lk_flow_size": (lk_status, [_items_p, _params_p, lk_proposal, POINTER(lk_size)]),
    "lk_flow_row_count": (lk_status, [_items_p, _params_p, c_float, POINTER(c_size_t)]),
    "lk_layout_default": (lk_status, [c_int32, _layout_p]),
    "lk_layout_place": (lk_status, [_items_p, _layout_p, lk_proposal, POINTER(lk_result)]),
    "lk_layout_place_exact": (lk_status, [_items_p, _layout_p, lk_proposal, POINTER(lk_result),
                                          POINTER(c_double), POINTER(c_double)]),
    "lk_layout_size": (lk_status, [_items_p, _layout_p, lk_proposal, POINTER(lk_size)]),
    "lk_layout_row_count": (lk_status, [_items_p, _layout_p, lk_proposal, POINTER(c_size_t)]),
    "lk_first_fit": (lk_status, [POINTER(lk_candidate), c_size_t, c_int32, lk_proposal,
                                 POINTER(c_size_t), POINTER(lk_result)]),
    "lk_layout_many": (lk_status, [_items_p, _layout_p, POINTER(c_size_t), c_size_t,
                                   POINTER(lk_proposal), c_size_t, POINTER(lk_many_result)]),
    "lk_active_kernel": (c_char_p, []),
    "lk_set_max_threads": (None, [c_size_t]),
    "lk_max_threads": (c_size_t, []),
    "lk_engine_create": (lk_status, [_layout_p, POINTER(ctypes.c_void_p)]),
    "lk_engine_destroy": (None, [ctypes.c_void_p]),
    "lk_engine_set_items": (lk_status, [ctypes.c_void_p, _items_p]),
    "lk_engine_update": (lk_status, [ctypes.c_void_p, c_size_t, _items_p]),
    "lk_engine_insert": (lk_status, [ctypes.c_void_p, c_size_t, _items_p]),
    "lk_engine_remove": (lk_status, [ctypes.c_void_p, c_size_t, c_size_t]),
    "lk_engine_count": (lk_status, [ctypes.c_void_p, POINTER(c_size_t)]),
    "lk_engine_get_items": (lk_status, [ctypes.c_void_p, c_size_t, c_size_t, POINTER(lk_item_buffers),
                                        POINTER(c_uint32)]),
    "lk_engine_layout": (lk_status, [ctypes.c_void_p, lk_proposal, POINTER(lk_result)]),
    "lk_engine_size": (lk_status, [ctypes.c_void_p, lk_proposal, POINTER(lk_size)]),
    "lk_engine_positions": (lk_status, [ctypes.c_void_p, lk_proposal, c_size_t, c_size_t,
                                        POINTER(c_float), POINTER(c_float)]),
    "lk_engine_visible": (lk_status, [ctypes.c_void_p, lk_proposal, c_float, c_float, c_float, c_float,
                                      POINTER(c_int64), c_size_t, POINTER(c_size_t)]),
    "lk_engine_item_at": (lk_status, [ctypes.c_void_p, lk_proposal, c_float, c_float, POINTER(c_int64)]),
    "lk_engine_positions_exact": (lk_status, [ctypes.c_void_p, lk_proposal, c_size_t, c_size_t,
                                              POINTER(c_double), POINTER(c_double)]),
    "lk_engine_positions_relative": (lk_status, [ctypes.c_void_p, lk_proposal, c_size_t, c_size_t,
                                                 c_double, c_double, POINTER(c_float), POINTER(c_float)]),
    "lk_engine_visible_exact": (lk_status, [ctypes.c_void_p, lk_proposal, c_double, c_double, c_double,
                                            c_double, POINTER(c_int64), c_size_t, POINTER(c_size_t)]),
    "lk_engine_item_at_exact": (lk_status, [ctypes.c_void_p, lk_proposal, c_double, c_double,
                                            POINTER(c_int64)]),
    "lk_engine_get_stats": (lk_status, [ctypes.c_void_p, POINTER(lk_engine_stats)]),
}


_ADDRESS = struct.Struct("P")


def set_pointer(cstruct, field, address):
    """Point the pointer field ``field`` of the Structure ``cstruct`` at ``address``
    (an int; 0 is NULL).

    Writes the address into the struct's memory, which is what assigning
    ``ctypes.cast(address, POINTER(...))`` does, at a tenth of the cost.
    """
    _ADDRESS.pack_into(cstruct, getattr(type(cstruct), field).offset, address)


_INTEGER_CODES = {4: "I", 8: "Q"}  # struct-module codes of unsigned ints by size


def packer(ctype, fields):
    """``(packer, offset)`` for writing the consecutive pointer and ``size_t``
    fields ``fields`` of a ``ctype`` instance in one step:
    ``packer.pack_into(instance, offset, *ints)`` (addresses, 0 for NULL).

    ``packer`` is a ``struct.Struct`` laid out as the C fields are (native byte
    order; gaps become pad bytes). One ``pack_into`` costs what one ctypes
    field assignment does. (Float fields are left to ctypes, which rounds a
    value beyond float32's range to infinity where ``struct`` would refuse it.)
    """
    names = [name for name, _ in ctype._fields_]
    first = names.index(fields[0])
    if names[first:first + len(fields)] != list(fields):
        raise ValueError(f"{fields} are not consecutive fields of {ctype.__name__}")
    types = dict(ctype._fields_)
    start = position = getattr(ctype, fields[0]).offset
    layout = "="
    for name in fields:
        if not (issubclass(types[name], ctypes._Pointer) or types[name] is c_size_t):
            raise TypeError(f"{ctype.__name__}.{name} is not a pointer or size_t")
        field = getattr(ctype, name)
        layout += "x" * (field.offset - position) + _INTEGER_CODES[field.size]
        position = field.offset + field.size
    return struct.Struct(layout), start


def direct(lib, name):
    """A second handle on ``lib``'s function ``name``, with its restype but no
    argtypes, for the calls made on every layout.

    Without argtypes ctypes passes each argument as it is, skipping one
    ``from_param`` conversion per argument (about a third of the cost of a
    small call). Its callers pass only what the C prototype takes: objects
    made by ``ctypes.byref()`` for pointers, Structure instances for structs
    passed by value. The handles :func:`declare` sets up are not affected.
    """
    function = lib[name]  # indexing makes a new function object; attribute access caches one
    function.restype = PROTOTYPES[name][0]
    return function


def declare(lib, names=None):
    """Set ``restype`` and ``argtypes`` on ``lib``'s functions (all, or ``names``).

    Raises AttributeError when the library lacks one of the functions.
    """
    for name in PROTOTYPES if names is None else names:
        function = getattr(lib, name)
        function.restype, function.argtypes = PROTOTYPES[name]
    return lib
