"""The ctypes declarations of the AnyLayout and first-fit section of the header
(lk_layout, lk_candidate, lk_layout_default/place/size/row_count, lk_first_fit),
exercised on the C calls the Python API never makes (unknown kinds and enum
values, column counts below 0, NULL pointers, small buffers)."""

import ctypes
import math

import pytest

from layoutkernel import _ffi, _loader
from layoutkernel._descriptor import default_layout
from layoutkernel._items import Items
from layoutkernel._outputs import Outputs

LIB = _loader.library()
UNSPECIFIED = _ffi.lk_proposal(math.nan, math.nan)
KINDS = range(_ffi.LK_LAYOUT_FLOW, _ffi.LK_LAYOUT_CIRCLE + 1)


def message():
    return LIB.lk_last_error_message().decode()


def place(items, layout, result, proposal=UNSPECIFIED):
    return LIB.lk_layout_place(ctypes.byref(items.struct) if items else None,
                               ctypes.byref(layout) if layout else None, proposal,
                               ctypes.byref(result.struct) if result else None)


def test_struct_layouts_match_the_header():
    # Every field is 4 bytes (int32, float, or a pair in lk_anchor); pointers and
    # struct_size 8. lk_layout: struct_size, kind (padded to 8), the fixed parameter
    # structs, then the flow's (76 bytes and 4 of padding), last, to grow at the end.
    sizes = {_ffi.lk_stack_params: 16, _ffi.lk_grid_params: 28, _ffi.lk_balanced_params: 12,
             _ffi.lk_circle_params: 16, _ffi.lk_flow_params: 80,
             _ffi.lk_layout: 8 + 4 + 16 + 28 + 12 + 16 + 4 + 80, _ffi.lk_candidate: 16}
    for struct, size in sizes.items():
        assert ctypes.sizeof(struct) == size, struct.__name__
    offsets = [(_ffi.lk_layout.kind, 8), (_ffi.lk_layout.stack, 12), (_ffi.lk_layout.grid, 28),
               (_ffi.lk_layout.balanced, 56), (_ffi.lk_layout.circle, 68), (_ffi.lk_layout.flow, 88),
               (_ffi.lk_flow_params.wrap, 56), (_ffi.lk_flow_params.min_lines, 60),
               (_ffi.lk_flow_params.max_lines, 64), (_ffi.lk_flow_params.overflow_item, 68),
               (_ffi.lk_grid_params.alignment, 20),
               (_ffi.lk_candidate.layout, 8)]
    for field, offset in offsets:
        assert field.offset == offset


def test_defaults_are_the_documented_ones():
    for kind in KINDS:
        layout = default_layout(kind)
        assert layout.kind == kind
        stack, grid, balanced, circle = layout.stack, layout.grid, layout.balanced, layout.circle
        assert (layout.flow.alignment.x, layout.flow.alignment.y) == (0.0, 0.0)
        assert (stack.spacing, stack.spacing_mode, stack.alignment.x, stack.alignment.y) == \
            (0.0, _ffi.LK_SPACING_FIXED, 0.5, 0.5)
        assert (grid.columns, grid.sizing, grid.spacing, grid.line_spacing) == \
            (1, _ffi.LK_GRID_FIT, 0.0, 0.0)
        assert (grid.alignment.x, grid.alignment.y) == (0.5, 0.5)
        assert (balanced.axis, balanced.spacing, balanced.spacing_mode) == \
            (_ffi.LK_AXIS_HORIZONTAL, 0.0, _ffi.LK_SPACING_FIXED)
        assert (circle.radius, circle.start_angle, circle.anchor.x, circle.anchor.y) == \
            (0.0, 0.0, 0.5, 0.5)


def test_default_of_an_unknown_kind_writes_nothing():
    layout = _ffi.lk_layout(kind=99)
    assert LIB.lk_layout_default(7, ctypes.byref(layout)) == 6 and layout.kind == 99
    assert LIB.lk_layout_default(-1, ctypes.byref(layout)) == 6
    assert LIB.lk_layout_default(0, None) == 1


@pytest.mark.parametrize("change, name", [
    (lambda l: setattr(l, "kind", 7), "kind"),
    (lambda l: (setattr(l, "kind", 4), setattr(l.grid, "columns", -1)), "columns"),
    (lambda l: (setattr(l, "kind", 4), setattr(l.grid, "sizing", 2)), "sizing"),
    (lambda l: (setattr(l, "kind", 5), setattr(l.balanced, "axis", 3)), "axis"),
    (lambda l: (setattr(l, "kind", 5), setattr(l.balanced, "axis", 0)), "axis"),
    (lambda l: (setattr(l, "kind", 5), setattr(l.balanced, "spacing_mode", 2)), "spacing_mode"),
    (lambda l: (setattr(l, "kind", 1), setattr(l.stack, "spacing_mode", -1)), "spacing_mode"),
])
def test_unknown_enum_values_are_rejected_and_nothing_is_written(change, name):
    layout = default_layout(_ffi.LK_LAYOUT_HSTACK)
    change(layout)
    items, result = Items([1, 2], [1, 2]), Outputs(2)
    result.struct.width = -7.0
    assert place(items, layout, result) == 6 and name in message()
    assert result.struct.width == -7.0
    size = _ffi.lk_size(-3.0, -3.0)
    assert LIB.lk_layout_size(ctypes.byref(items.struct), ctypes.byref(layout), UNSPECIFIED,
                              ctypes.byref(size)) == 6 and size.width == -3.0


def test_parameters_of_other_kinds_are_ignored():
    layout = default_layout(_ffi.LK_LAYOUT_HSTACK)
    layout.grid.columns, layout.circle.radius, layout.balanced.axis = -5, -1.0, 9
    assert place(Items([1, 2], [1, 2]), layout, Outputs(2)) == 0


@pytest.mark.parametrize("kind", KINDS)
def test_null_pointers_and_small_buffers(kind):
    layout, items = default_layout(kind), Items([1, 2, 3], [1, 2, 3])
    assert place(None, layout, Outputs(3)) == 1
    assert place(items, None, Outputs(3)) == 1
    assert place(items, layout, None) == 1
    result = Outputs(3)
    result.struct.item_capacity = 2
    assert place(items, layout, result) == 7 and LIB.lk_last_error_required() == 3


def test_row_count():
    out = ctypes.c_size_t()
    items = Items([1] * 7, [1] * 7)
    layout = default_layout(_ffi.LK_LAYOUT_GRID)
    layout.grid.columns = 3
    assert LIB.lk_layout_row_count(ctypes.byref(items.struct), ctypes.byref(layout), UNSPECIFIED,
                                   ctypes.byref(out)) == 0 and out.value == 3


def first_fit(candidates, axes=_ffi.LK_AXES_BOTH, chosen=True, result=None, count=None):
    table = (_ffi.lk_candidate * max(1, len(candidates)))()
    keep = []
    for slot, (items, layout) in zip(table, candidates):
        keep.append((items, layout))
        slot.items = ctypes.pointer(items.struct) if items else None
        slot.layout = ctypes.pointer(layout) if layout else None
    out = ctypes.c_size_t(77)
    result = result or Outputs(8)
    status = LIB.lk_first_fit(table, len(candidates) if count is None else count, axes,
                              _ffi.lk_proposal(100, 100), ctypes.byref(out) if chosen else None,
                              ctypes.byref(result.struct))
    return status, out.value


def test_first_fit_enum_and_pointer_errors():
    good = (Items([1], [1]), default_layout(_ffi.LK_LAYOUT_ZSTACK))
    assert first_fit([good, good]) == (0, 0)
    for axes in (0, 4, -1):
        assert first_fit([good], axes=axes) == (6, 77) and "axes" in message()
    assert first_fit([good, (None, good[1])])[0] == 1 and "candidates[1]" in message()
    assert first_fit([(good[0], None), good])[0] == 1 and "candidates[0]" in message()
    assert first_fit([good], chosen=False)[0] == 1
    assert first_fit([good], count=0) == (6, 77)
    assert LIB.lk_first_fit(None, 1, 3, UNSPECIFIED, ctypes.byref(ctypes.c_size_t()),
                            ctypes.byref(Outputs(1).struct)) == 1


def test_first_fit_result_must_hold_the_chosen_candidate():
    small, big = Items([1], [1]), Items([1] * 5, [1] * 5)
    zstack = default_layout(_ffi.LK_LAYOUT_ZSTACK)
    # A 2-item buffer holds the first candidate (1 item, which fits 100 x 100) ...
    assert first_fit([(small, zstack), (big, zstack)], result=Outputs(2)) == (0, 0)
    # ... but not the second (5 items), chosen when the first (200 wide) does not fit.
    hstack = default_layout(_ffi.LK_LAYOUT_HSTACK)
    wide = Items([200.0], [1.0])
    assert first_fit([(wide, hstack), (big, zstack)], result=Outputs(2)) == (7, 77)
    assert LIB.lk_last_error_required() == 5
