"""Every kind of input the binding accepts, and which of them go to C without a copy."""

import ctypes
from array import array

import numpy as np
import pytest

import layoutkernel as lk
from layoutkernel import _call, _flow, _numpy
from layoutkernel._items import Items

WIDTHS = [30, 40, 50, 20]
HEIGHTS = [10, 20, 10, 5]
EXPECTED_X = [0.0, 40.0, 0.0, 60.0]
EXPECTED_Y = [0.0, 0.0, 20.0, 20.0]


def address(pointer):
    return ctypes.cast(pointer, ctypes.c_void_p).value


def check_worked_example(widths, heights):
    layout = lk.flow(widths, heights, width=100, spacing=10)
    assert [float(v) for v in layout.x] == EXPECTED_X
    assert [float(v) for v in layout.y] == EXPECTED_Y
    assert (layout.width, layout.height) == (100.0, 30.0)


class SpyPlace:
    """Stands in for Flow's C function (lk_flow_layout); records the
    widths/heights pointers that reach it, then makes the real call."""

    def __init__(self, function):
        self._function = function
        self.seen = []

    def __call__(self, items, params, proposal, result):
        struct = items._obj  # the lk_items behind ctypes.byref()
        self.seen.append((address(struct.widths), address(struct.heights)))
        return self._function(items, params, proposal, result)


@pytest.fixture
def spy(monkeypatch):
    place = SpyPlace(_flow.Flow._PLACE)
    monkeypatch.setattr(_flow.Flow, "_PLACE", staticmethod(place))
    return place


@pytest.mark.parametrize("make", [
    list, tuple, lambda v: array("f", v), lambda v: array("d", v), lambda v: array("i", v),
    lambda v: np.array(v, dtype=np.float32), lambda v: np.array(v, dtype=np.float64),
    lambda v: np.array(v, dtype=np.int32), lambda v: np.array(v, dtype=">f4"),
    lambda v: np.repeat(np.array(v, dtype=np.float32), 2)[::2],  # non-contiguous
    lambda v: memoryview(array("f", v)), lambda v: memoryview(bytes(array("f", v))).cast("f"),
    lambda v: (float(x) for x in v), lambda v: [np.float32(x) for x in v],
], ids=["list", "tuple", "array_f", "array_d", "array_i", "np_float32", "np_float64",
        "np_int32", "np_big_endian", "np_strided", "memoryview_f", "readonly_buffer",
        "generator", "numpy_scalars"])
def test_input_kinds(make):
    check_worked_example(make(WIDTHS), make(HEIGHTS))


def test_mixed_input_kinds():
    check_worked_example(np.array(WIDTHS, dtype=np.float32), array("f", HEIGHTS))


def test_numpy_float32_goes_to_c_without_a_copy(spy):
    n = _call._SMALL + 1  # a small call's sizes are copied once, into the block its result keeps
    widths = np.tile(np.array(WIDTHS, dtype=np.float32), n)
    heights = np.tile(np.array(HEIGHTS, dtype=np.float32), n)
    layout = lk.flow(widths, heights, width=100, spacing=10)
    assert layout.x[:4].tolist() == EXPECTED_X and layout.y[:4].tolist() == EXPECTED_Y
    assert spy.seen == [(widths.ctypes.data, heights.ctypes.data)]


def test_small_numpy_float32_is_copied_once_into_the_result(spy):
    widths = np.array(WIDTHS, dtype=np.float32)
    heights = np.array(HEIGHTS, dtype=np.float32)
    check_worked_example(widths, heights)
    assert spy.seen[0] != (widths.ctypes.data, heights.ctypes.data)


def test_array_f_goes_to_c_without_a_copy(spy):
    widths, heights = array("f", WIDTHS), array("f", HEIGHTS)
    check_worked_example(widths, heights)
    assert spy.seen == [(widths.buffer_info()[0], heights.buffer_info()[0])]


def test_writable_float_buffer_goes_to_c_without_a_copy(spy):
    backing = array("f", WIDTHS + HEIGHTS)
    view = memoryview(backing)
    check_worked_example(view[:4], view[4:])
    base = backing.buffer_info()[0]
    assert spy.seen == [(base, base + 4 * 4)]


def test_converted_inputs_are_copies():
    widths64 = np.array(WIDTHS, dtype=np.float64)
    items = Items(widths64, list(HEIGHTS))
    assert address(items.struct.widths) != widths64.ctypes.data
    assert items.count == 4


def test_items_struct_points_at_the_numpy_arrays():
    widths = np.array(WIDTHS, dtype=np.float32)
    heights = np.array(HEIGHTS, dtype=np.float32)
    spacing = np.zeros((4, 4), dtype=np.float32)
    items = Items(widths, heights, breaks=[1], item_spacing=spacing)
    assert address(items.struct.widths) == widths.ctypes.data
    assert address(items.struct.heights) == heights.ctypes.data
    assert items.struct.count == 4
    assert [items.struct.flags[i] for i in range(4)] == [0, 1, 0, 0]
    for side in ("leading", "trailing", "top", "bottom"):
        assert address(getattr(items.struct, "spacing_" + side))


def test_optional_arrays_are_null_when_not_given():
    items = Items(WIDTHS, HEIGHTS)
    for field in ("spacing_leading", "spacing_trailing", "spacing_top", "spacing_bottom", "flags"):
        assert not getattr(items.struct, field), field


def test_item_spacing_column_may_be_none():
    items = Items(WIDTHS, HEIGHTS, item_spacing=([1, 1, 1, 1], None, None, None))
    assert items.struct.spacing_leading and not items.struct.spacing_trailing


def test_numpy_results_types():
    layout = lk.flow(WIDTHS, HEIGHTS, width=100, spacing=10)
    for name in ("x", "y", "item_width", "item_height"):
        value = getattr(layout, name)
        assert isinstance(value, np.ndarray) and value.dtype == np.float32 and value.shape == (4,)
    rows = layout.rows
    assert rows.y.dtype == np.float64
    assert rows.start.dtype == np.int64 and rows.count.dtype == np.int64
    assert rows.width.dtype == np.float32 and rows.height.dtype == np.float32
    for column in (rows.start, rows.count, rows.y, rows.width, rows.height):
        assert column.shape == (2,)  # trimmed to the row count


def test_frames_numpy():
    frames = lk.flow(WIDTHS, HEIGHTS, width=100, spacing=10).frames()
    assert frames.shape == (4, 4) and frames.dtype == np.float32
    assert frames[:, 0].tolist() == EXPECTED_X and frames[:, 2].tolist() == WIDTHS


def test_without_numpy_in_process(monkeypatch):
    monkeypatch.setattr(_numpy, "np", None)
    layout = lk.flow(WIDTHS, HEIGHTS, width=100, spacing=10, breaks=[False, True, False, False])
    assert isinstance(layout.x, array) and layout.x.typecode == "f"
    assert layout.x.tolist() == [0.0, 0.0, 50.0, 0.0]
    assert layout.rows.y.typecode == "d" and layout.rows.start.typecode == "q"
    assert layout.rows.start.tolist() == [0, 1, 3]
    assert layout.frames()[1] == (0.0, 10.0, 40.0, 20.0)  # row 1 starts at y 10
    # A NumPy array still works, through the buffer protocol, without a copy.
    widths = np.array(WIDTHS, dtype=np.float32)
    items = Items(widths, HEIGHTS)
    assert address(items.struct.widths) == widths.ctypes.data
    assert layout.to_svg().startswith("<svg")


def test_without_numpy_in_a_fresh_interpreter(run_python):
    code = """
import sys
sys.modules["numpy"] = None  # makes `import numpy` fail
import layoutkernel as lk
from array import array
layout = lk.flow([30, 40, 50, 20], (10, 20, 10, 5), width=100, spacing=10, item_spacing=None)
assert type(layout.x) is array and layout.x.typecode == "f", type(layout.x)
assert layout.x.tolist() == [0, 40, 0, 60] and layout.y.tolist() == [0, 0, 20, 20]
assert layout.item_width.typecode == "f" and layout.rows.height.typecode == "f"
assert layout.rows.y.typecode == "d" and layout.rows.count.typecode == "q"
assert lk.Flow(spacing=10).size(array("f", [30, 40]), [1, 1], 100) == (100.0, 1.0)
try:
    lk.flow([1, float("nan")], [1, 1])
except lk.LayoutError as error:
    assert "widths[1]" in str(error)
else:
    raise AssertionError("no error")
print("ok")
"""
    result = run_python(code)
    assert result.returncode == 0 and result.stdout.strip() == "ok", result.stderr


def test_large_numpy_input():
    n = 200_000
    widths = np.full(n, 10, dtype=np.float32)
    heights = np.full(n, 5, dtype=np.float32)
    layout = lk.flow(widths, heights, width=100)
    assert len(layout) == n and len(layout.rows) == n // 10
    assert float(layout.y[-1]) == (n // 10 - 1) * 5
