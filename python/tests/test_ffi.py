"""The ctypes declarations, exercised on the C calls the Python API never makes
(NULL pointers, small buffers, undefined flags, unknown enum values)."""

import ctypes
import math

import pytest

from layoutkernel import _ffi, _loader
from layoutkernel._items import Items
from layoutkernel._outputs import Outputs

LIB = _loader.library()
UNSPECIFIED = _ffi.lk_proposal(math.nan, math.nan)
ROW_FIELDS = ("row_start", "row_length", "row_y", "row_width", "row_height")


def last_error():
    return (LIB.lk_last_error_status(), LIB.lk_last_error_message().decode(),
            LIB.lk_last_error_index(), LIB.lk_last_error_required())


def layout(items, result, params=None):
    return LIB.lk_flow_layout(ctypes.byref(items.struct) if items else None,
                              ctypes.byref(params) if params else None, UNSPECIFIED,
                              ctypes.byref(result.struct) if result else None)


def test_alignment_anchor():
    anchor = _ffi.lk_anchor()
    assert LIB.lk_alignment_anchor(8, ctypes.byref(anchor)) == 0
    assert (anchor.x, anchor.y) == (1.0, 1.0)
    assert LIB.lk_alignment_anchor(9, ctypes.byref(anchor)) == 6
    assert LIB.lk_alignment_anchor(4, None) == 1


@pytest.mark.parametrize("case", ["items", "result", "widths", "x"])
def test_null_pointers(case):
    items, result = Items([1, 2, 3], [1, 2, 3]), Outputs(3)
    if case == "widths":
        items.struct.widths = None
    if case == "x":
        result.struct.x = None
    status = layout(None if case == "items" else items, None if case == "result" else result)
    assert status == 1 and last_error()[0] == 1 and case in last_error()[1]


def test_buffer_too_small_gives_the_required_capacity():
    items, result = Items([1, 2, 3], [1, 2, 3], breaks=[1, 2]), Outputs(3)
    result.struct.row_capacity = 2
    assert layout(items, result) == 7
    assert last_error()[3] == 3
    result.struct.row_capacity, result.struct.item_capacity = 3, 2
    assert layout(items, result) == 7 and last_error()[3] == 3


def test_row_table_is_optional():
    items, result = Items([1, 2, 3], [1, 2, 3], breaks=[2]), Outputs(3)
    for field in ROW_FIELDS:
        setattr(result.struct, field, None)
    result.struct.row_capacity = 0
    assert layout(items, result) == 0 and result.struct.rows == 2


def test_undefined_flag_bits_are_rejected():
    items, result = Items([1, 2, 3], [1, 2, 3]), Outputs(3)
    flags = (ctypes.c_uint8 * 3)(0, 2, 0)
    items.struct.flags = ctypes.cast(flags, ctypes.POINTER(ctypes.c_uint8))
    assert layout(items, result) == 4
    assert last_error()[2] == 1 and "flags[1]" in last_error()[1]


def test_unknown_spacing_mode():
    params = LIB.lk_flow_params_default()
    params.line_spacing_mode = 7
    assert layout(Items([1], [1]), Outputs(1), params) == 6


def test_size_overflow():
    items = Items([1, 2], [1, 2])
    items.struct.count = 2 ** 62
    assert LIB.lk_flow_size(ctypes.byref(items.struct), None, UNSPECIFIED,
                            ctypes.byref(_ffi.lk_size())) == 8


def test_nothing_is_written_on_error():
    items, result = Items([1, -2, 3], [1, 2, 3]), Outputs(3)
    result.struct.width, result.struct.rows = -7.0, 99
    x = ctypes.cast(result.struct.x, ctypes.POINTER(ctypes.c_float))
    x[0] = 123.0
    assert layout(items, result) == 2
    assert (result.struct.width, result.struct.rows, x[0]) == (-7.0, 99, 123.0)


def test_row_count_with_unspecified_width():
    count = ctypes.c_size_t()
    items = Items([1, 2, 3], [1, 2, 3])
    assert LIB.lk_flow_row_count(ctypes.byref(items.struct), None, math.nan, ctypes.byref(count)) == 0
    assert count.value == 1


def test_last_error_message_before_any_failure_is_empty(run_python):
    code = ("from layoutkernel import _loader; lib = _loader.library(); "
            "print(repr(lib.lk_last_error_message()), lib.lk_last_error_status(), "
            "lib.lk_last_error_index(), lib.lk_last_error_required())")
    result = run_python(code)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["b''", "0", "-1", "0"]
