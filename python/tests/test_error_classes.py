"""The exception classes: one LayoutError subclass per family of status codes,
each provoked through the public API where it can be, else through the ctypes
layer (hand-made structs the Python API never builds); ``required`` for a
buffer that is too small."""

import ctypes
import math

import numpy as np
import pytest

import layoutkernel as lk
from layoutkernel import _ffi, _loader, errors
from layoutkernel._items import Items
from layoutkernel._outputs import Outputs

LIB = _loader.library()
UNSPECIFIED = _ffi.lk_proposal(math.nan, math.nan)
W4, H4 = [30.0, 40.0, 50.0, 20.0], [10.0, 20.0, 10.0, 5.0]

FAMILIES = {
    lk.NullPointerError: ["LK_ERR_NULL_POINTER"],
    lk.InvalidItemError: ["LK_ERR_INVALID_ITEM_SIZE", "LK_ERR_INVALID_ITEM_SPACING",
                          "LK_ERR_INVALID_ITEM_FLAGS"],
    lk.InvalidProposalError: ["LK_ERR_INVALID_PROPOSAL"],
    lk.InvalidParameterError: ["LK_ERR_INVALID_PARAMETER"],
    lk.BufferTooSmallError: ["LK_ERR_BUFFER_TOO_SMALL"],
    lk.SizeOverflowError: ["LK_ERR_SIZE_OVERFLOW"],
}


def raised(cls, call):
    """The exception ``call()`` raises, checked to be exactly ``cls`` and every
    class above it."""
    with pytest.raises(cls) as info:
        call()
    error = info.value
    assert type(error) is cls
    assert isinstance(error, lk.LayoutError) and isinstance(error, ValueError)
    assert error.status_name in FAMILIES[cls]
    assert error.status == getattr(_ffi, error.status_name)
    return error


def checked(status):
    """``errors.check(status)`` right after the C call that returned it."""
    return lambda: errors.check(status)


# --- The classes ---------------------------------------------------------------

def test_every_family_is_a_layout_error_and_exported():
    for cls in FAMILIES:
        assert issubclass(cls, lk.LayoutError) and issubclass(cls, ValueError)
        assert cls is not lk.LayoutError and cls.__doc__
        assert getattr(lk, cls.__name__) is cls and getattr(errors, cls.__name__) is cls
        assert cls.__name__ in lk.__all__
    assert len(set(FAMILIES)) == 6


def test_every_status_code_has_its_class():
    codes = {name: getattr(_ffi, name) for names in FAMILIES.values() for name in names}
    assert sorted(codes.values()) == list(range(1, 9))  # LK_ERR_NULL_POINTER .. _SIZE_OVERFLOW
    for cls, names in FAMILIES.items():
        for name in names:
            assert errors.ERRORS[codes[name]] is cls
            assert LIB.lk_status_name(codes[name]).decode() == name


def test_an_unknown_status_raises_the_base_class():
    error = errors.last_error(99)
    assert type(error) is lk.LayoutError
    assert error.status == 99 and error.status_name == "LK_ERR_UNKNOWN"
    assert error.required is None
    assert errors.check(_ffi.LK_OK) is None


def test_the_constructor_keeps_its_signature():
    error = lk.LayoutError("message", 2, "LK_ERR_INVALID_ITEM_SIZE", 3)
    assert (str(error), error.status, error.index, error.required) == \
        ("message", 2, 3, None)
    error = lk.BufferTooSmallError("m", 7, "LK_ERR_BUFFER_TOO_SMALL", None, 12)
    assert error.required == 12 and error.index is None


# --- Each family through the public API -------------------------------------------

@pytest.mark.parametrize("call, name, index", [
    (lambda: lk.flow([30.0, -1.0], [1.0, 1.0]), "LK_ERR_INVALID_ITEM_SIZE", 1),
    (lambda: lk.hstack(W4, [1.0, 1.0, math.nan, 1.0]), "LK_ERR_INVALID_ITEM_SIZE", 2),
    (lambda: lk.Grid(columns=2).size(W4, [1.0, 1.0, 1.0, 2.0 ** 65]),
     "LK_ERR_INVALID_ITEM_SIZE", 3),
    (lambda: lk.flow(W4, H4, spacing=None, item_spacing=[[0.0, -1.0, 0.0, 0.0], None, None,
                                                           None]),
     "LK_ERR_INVALID_ITEM_SPACING", 1),
    (lambda: lk.first_fit([(lk.ZStack(), [1.0], [-1.0])]), "LK_ERR_INVALID_ITEM_SIZE", 0),
])
def test_invalid_items(call, name, index):
    error = raised(lk.InvalidItemError, call)
    assert error.status_name == name and error.index == index and error.required is None


@pytest.mark.parametrize("call", [
    lambda: lk.flow(W4, H4, width=-1.0),
    lambda: lk.Circle(radius=5).layout(W4, H4, None, -math.inf),
    lambda: lk.Flow().row_count(W4, H4, -2.0),
    lambda: lk.first_fit([(lk.HStack(), W4, H4)], width=-3.0),
])
def test_invalid_proposal(call):
    error = raised(lk.InvalidProposalError, call)
    assert " is -" in str(error) and error.index is None and error.required is None


@pytest.mark.parametrize("call, words", [
    (lambda: lk.flow(W4, H4, spacing=-1.0), "spacing"),
    (lambda: lk.vstack(W4, H4, alignment=(0.5, 2.0)), "alignment"),
    (lambda: lk.grid(W4, H4, min_column_width=0.0), "min_column_width"),
    (lambda: lk.circle(W4, H4, radius=math.nan), "radius"),
    (lambda: lk.first_fit([]), "candidates is empty"),
])
def test_invalid_parameter(call, words):
    error = raised(lk.InvalidParameterError, call)
    assert words in str(error) and error.index is None and error.required is None


def test_invalid_parameter_for_out_arrays_passed_as_sizes():
    out = lk.flow(np.array(W4, np.float32), np.array(H4, np.float32), width=100)
    before = (out.x.tolist(), out.y.tolist())
    error = raised(lk.InvalidParameterError, lambda: lk.flow(out.x, out.y, out=out))
    assert "overlaps" in str(error)
    assert (out.x.tolist(), out.y.tolist()) == before  # nothing written


def test_buffer_too_small_for_the_items():
    out = lk.hstack([1.0] * 3, [1.0] * 3)
    error = raised(lk.BufferTooSmallError, lambda: lk.hstack([1.0] * 5, [1.0] * 5, out=out))
    assert error.required == 5 and error.index is None
    assert "out" in str(error) and "3 items" in str(error)


def test_buffer_too_small_for_the_rows():
    out = lk.hstack(W4, H4)  # room for one row
    error = raised(lk.BufferTooSmallError, lambda: lk.flow(W4, H4, width=50, out=out))
    assert error.required == 4 == LIB.lk_last_error_required()  # one row per item at 50
    assert "out is too small" in str(error) and "row_capacity" in str(error)


def test_buffer_too_small_in_first_fit():
    out = lk.zstack([1.0], [1.0])
    candidates = [(lk.HStack(), [200.0], [1.0]), (lk.ZStack(), [1.0] * 5, [1.0] * 5)]
    before = out.x.tolist()
    error = raised(lk.BufferTooSmallError, lambda: lk.first_fit(candidates, 100, 100, out=out))
    assert error.required == 5 and str(error).startswith("out is too small")
    assert out.x.tolist() == before and len(out) == 1


# --- The families only a hand-made call can produce --------------------------------

def test_invalid_item_flags_through_ctypes():
    items, result = Items(W4, H4), Outputs(4)
    flags = (ctypes.c_uint8 * 4)(0, 0, 0x80, 0)
    _ffi.set_pointer(items.struct, "flags", ctypes.addressof(flags))
    status = LIB.lk_flow_layout(ctypes.byref(items.struct), None, UNSPECIFIED,
                                ctypes.byref(result.struct))
    error = raised(lk.InvalidItemError, checked(status))
    assert error.status_name == "LK_ERR_INVALID_ITEM_FLAGS" and error.index == 2


def test_null_pointer_through_ctypes():
    status = LIB.lk_flow_layout(None, None, UNSPECIFIED, ctypes.byref(Outputs(1).struct))
    error = raised(lk.NullPointerError, checked(status))
    assert "items" in str(error) and error.index is None and error.required is None


def test_size_overflow_through_ctypes():
    items = Items([1.0, 2.0], [1.0, 2.0])
    items.struct.count = 2 ** 62
    status = LIB.lk_flow_size(ctypes.byref(items.struct), None, UNSPECIFIED,
                              ctypes.byref(_ffi.lk_size()))
    error = raised(lk.SizeOverflowError, checked(status))
    assert "overflow" in str(error) and error.required is None


def test_buffer_too_small_through_ctypes_gives_required():
    items, result = Items([1.0] * 3, [1.0] * 3, breaks=[1, 2]), Outputs(3)
    result.struct.row_capacity = 2
    status = LIB.lk_flow_layout(ctypes.byref(items.struct), None, UNSPECIFIED,
                                ctypes.byref(result.struct))
    error = raised(lk.BufferTooSmallError, checked(status))
    assert error.required == 3 and str(error).startswith("result.row_capacity is 2")


def test_required_is_reset_by_other_failures():
    raised(lk.BufferTooSmallError, lambda: lk.hstack([1.0] * 5, [1.0] * 5,
                                                     out=lk.hstack([1.0], [1.0])))
    error = raised(lk.InvalidItemError, lambda: lk.flow([-1.0], [1.0]))
    assert error.required is None
