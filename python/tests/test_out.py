"""``out=``: a layout call writing into the buffers of an earlier result, for every
call that returns a Layout; and the item sizes a result reports, which are the
library's only for a balanced stack's cells and otherwise a copy of the
inputs."""

import copy
import ctypes
import pickle
import random
from array import array

import numpy as np
import pytest

import layoutkernel as lk
from layoutkernel import _descriptor, _numpy

COLUMNS = ("x", "y", "item_width", "item_height")
ROW_COLUMNS = ("start", "count", "y", "width", "height")

# Every call that returns a Layout: name -> call(widths, heights, out=None).
CALLS = {
    "flow": lambda w, h, out=None: lk.flow(w, h, width=120, spacing=4, line_spacing=2, out=out),
    "hstack": lambda w, h, out=None: lk.hstack(w, h, spacing=3, out=out),
    "vstack": lambda w, h, out=None: lk.vstack(w, h, alignment="trailing", out=out),
    "zstack": lambda w, h, out=None: lk.zstack(w, h, out=out),
    "grid": lambda w, h, out=None: lk.grid(w, h, columns=3, spacing=2, out=out),
    "balanced": lambda w, h, out=None: lk.balanced(w, h, axis="vertical", spacing=1, out=out),
    "circle": lambda w, h, out=None: lk.circle(w, h, radius=40, out=out),
    "Flow.layout": lambda w, h, out=None: lk.Flow(alignment="center").layout(w, h, 90, out=out),
    "HStack.layout": lambda w, h, out=None: lk.HStack(spacing=None).layout(
        w, h, item_spacing=[w, h, None, None], out=out),
    "VStack.layout": lambda w, h, out=None: lk.VStack(spacing=2).layout(w, h, out=out),
    "ZStack.layout": lambda w, h, out=None: lk.ZStack(alignment="bottom").layout(w, h, out=out),
    "Grid.layout": lambda w, h, out=None: lk.Grid(min_column_width=20, sizing="fill").layout(
        w, h, 150, out=out),
    "Balanced.layout": lambda w, h, out=None: lk.Balanced().layout(w, h, out=out),
    "Circle.layout": lambda w, h, out=None: lk.Circle(30, anchor="topLeading").layout(
        w, h, out=out),
    "first_fit": lambda w, h, out=None: lk.first_fit(
        [(lk.HStack(), w, h), (lk.Balanced(spacing=1), w, h), (lk.Grid(columns=2), w, h)],
        60, 60, out=out)[1],
}
CELLS = {"balanced", "Balanced.layout"}


def items(n, seed):
    """n items of random sizes on the 1/64 grid, as float32 arrays."""
    rng = random.Random(seed)
    widths = [rng.randrange(1, 64 * 40) / 64 for _ in range(n)]
    heights = [rng.randrange(1, 64 * 20) / 64 for _ in range(n)]
    return np.array(widths, np.float32), np.array(heights, np.float32)


def result_of(layout):
    """Everything a Layout reports, as Python values."""
    rows = layout.rows
    return ((layout.width, layout.height), len(layout),
            [getattr(layout, name).tolist() for name in COLUMNS],
            [getattr(rows, name).tolist() for name in ROW_COLUMNS])


def all_columns(layout):
    return [getattr(layout, name) for name in COLUMNS] + \
           [getattr(layout.rows, name) for name in ROW_COLUMNS]


# --- The result goes into out's buffers ---------------------------------------------

@pytest.mark.parametrize("name", CALLS)
def test_out_is_returned_with_its_arrays_overwritten(name):
    call = CALLS[name]
    out = call(*items(12, 1))
    arrays = {column: getattr(out, column) for column in COLUMNS}
    rows, row_columns = out.rows, {column: getattr(out.rows, column) for column in ROW_COLUMNS}
    widths, heights = items(12, 2)
    got = call(widths, heights, out=out)
    fresh = call(widths, heights)
    assert got is out and result_of(out) == result_of(fresh)
    assert result_of(out) != result_of(call(*items(12, 1)))  # the values did change
    for column, array_before in arrays.items():  # the same arrays, holding the new values
        assert getattr(out, column) is array_before
        assert array_before.tolist() == getattr(fresh, column).tolist()
    assert out.rows is rows
    if len(fresh.rows) == len(row_columns["start"]):
        for column, array_before in row_columns.items():
            assert getattr(rows, column) is array_before
            assert array_before.tolist() == getattr(fresh.rows, column).tolist()


@pytest.mark.parametrize("name", CALLS)
def test_out_with_fewer_items(name):
    call = CALLS[name]
    out = call(*items(20, 3))
    block, x_before = out._buffers[0], out.x
    widths, heights = items(7, 4)
    assert call(widths, heights, out=out) is out
    assert result_of(out) == result_of(call(widths, heights)) and len(out) == 7
    assert out._buffers[0] is block  # no new buffers
    for column in all_columns(out):
        assert np.shares_memory(column, block) or len(column) == 0
    # An array obtained earlier is longer, and shows the new values where they are.
    assert len(x_before) == 20 and x_before[:7].tolist() == out.x.tolist()
    # Back to more items, up to the capacity.
    widths, heights = items(20, 5)
    assert result_of(call(widths, heights, out=out)) == result_of(call(widths, heights))


@pytest.mark.parametrize("name", CALLS)
def test_out_for_frame_after_frame(name):
    call = CALLS[name]
    out = call(*items(16, 6))
    block = out._buffers[0]
    for frame in range(5):
        widths, heights = items(16 - frame, 10 + frame)
        assert result_of(call(widths, heights, out=out)) == result_of(call(widths, heights))
        assert out._buffers[0] is block


@pytest.mark.parametrize("name", CALLS)
def test_out_takes_every_input_kind(name):
    call = CALLS[name]
    widths, heights = items(9, 7)
    expected = result_of(call(widths, heights))
    out = call(*items(9, 8))
    for make in (lambda v: v.tolist(), lambda v: tuple(v.tolist()), lambda v: array("f", v),
                 lambda v: v.astype(np.float64), lambda v: np.repeat(v, 2)[::2]):
        assert result_of(call(make(widths), make(heights), out=out)) == expected


def test_out_across_kinds():
    widths, heights = items(10, 9)
    out = lk.flow(*items(10, 10), width=50)  # a row per item: room for 10 rows
    for name in ("balanced", "circle", "grid", "hstack", "flow", "Balanced.layout"):
        fresh = CALLS[name](widths, heights)
        assert result_of(CALLS[name](widths, heights, out=out)) == result_of(fresh)
        assert out.to_svg() == fresh.to_svg()  # a balanced stack's items inside their cells


def test_breaks_with_out():
    widths, heights = items(8, 11)
    out = lk.flow(widths, heights, width=500)
    got = lk.flow(widths, heights, width=500, breaks=[3, 6], out=out)
    assert result_of(got) == result_of(lk.flow(widths, heights, width=500, breaks=[3, 6]))
    assert got.rows.start.tolist() == [0, 3, 6]


def test_out_without_numpy(monkeypatch):
    monkeypatch.setattr(_numpy, "np", None)
    for name in ("flow", "balanced", "circle", "first_fit"):
        call = CALLS[name]
        out = call([30.0, 40.0, 50.0, 20.0, 10.0], [10.0, 20.0, 10.0, 5.0, 1.0])
        arrays = [getattr(out, column) for column in COLUMNS]
        table = [getattr(out.rows, column) for column in ROW_COLUMNS]
        widths, heights = [9.0, 80.0, 20.0], [3.0, 4.0, 5.0]
        assert call(widths, heights, out=out) is out
        fresh = call(widths, heights)
        assert type(out.x) is array and result_of(out) == result_of(fresh)
        # array.array objects cannot share memory: the same objects were refilled.
        for column, before in zip(COLUMNS, arrays):
            assert getattr(out, column) is before and before.tolist() == \
                getattr(fresh, column).tolist()
        for column, before in zip(ROW_COLUMNS, table):
            assert getattr(out.rows, column) is before


# --- Unusable out: a clear error, and nothing written --------------------------------

@pytest.mark.parametrize("name", CALLS)
def test_out_too_small_for_the_items(name):
    call = CALLS[name]
    out = call(*items(5, 12))
    before = result_of(out)
    with pytest.raises(lk.BufferTooSmallError, match="out is too small") as info:
        call(*items(6, 13), out=out)
    assert info.value.required == 6 and result_of(out) == before


def test_out_too_small_for_the_rows():
    out = lk.hstack(*items(6, 14))  # one row
    before = result_of(out)
    with pytest.raises(lk.BufferTooSmallError, match="out is too small") as info:
        lk.flow(*items(6, 15), width=10, out=out)  # six rows
    assert info.value.required == 6 and result_of(out) == before
    out = lk.circle(*items(3, 16), radius=5)  # no row table at all
    with pytest.raises(lk.BufferTooSmallError):
        lk.hstack(*items(3, 17), out=out)
    assert len(out.rows) == 0


@pytest.mark.parametrize("bad, error, pattern", [
    (5, TypeError, "out must be a Layout"),
    ("layout", TypeError, "out must be a Layout"),
    (lk.Layout(0.0, 0.0, np.zeros(3, np.float32), np.zeros(3, np.float32),
               np.zeros(3, np.float32), np.zeros(3, np.float32),
               lk.Rows(*[np.zeros(0)] * 5)), ValueError, "no buffers of its own"),
])
@pytest.mark.parametrize("name", ["flow", "HStack.layout", "first_fit"])
def test_out_that_is_not_a_result(name, bad, error, pattern):
    with pytest.raises(error, match=pattern):
        CALLS[name](*items(3, 18), out=bad)


@pytest.mark.parametrize("duplicate", [copy.copy, copy.deepcopy,
                                       lambda v: pickle.loads(pickle.dumps(v))])
def test_copies_are_plain_results(duplicate):
    out = lk.flow(*items(4, 19), width=60)
    twin = duplicate(out)
    assert result_of(twin) == result_of(out)
    with pytest.raises(ValueError, match="copied or unpickled"):
        lk.flow(*items(4, 20), out=twin)


@pytest.mark.parametrize("call, error", [
    (lambda out: lk.flow([1.0, -1.0, 1.0], [1.0] * 3, out=out), lk.InvalidItemError),
    (lambda out: lk.flow([1.0] * 3, [1.0] * 3, width=-1.0, out=out), lk.InvalidProposalError),
    (lambda out: lk.flow([1.0] * 3, [1.0] * 3, spacing=-1.0, out=out), lk.InvalidParameterError),
    (lambda out: lk.flow([1.0] * 3, [1.0] * 3, width="1", out=out), TypeError),
    (lambda out: lk.flow([1.0] * 3, [1.0] * 2, out=out), ValueError),
    (lambda out: lk.flow(["a"] * 3, [1.0] * 3, out=out), TypeError),
    (lambda out: lk.balanced([1.0] * 3, [1.0] * 3, item_spacing=5, out=out), TypeError),
])
def test_a_failed_call_leaves_out_unchanged(call, error):
    out = lk.flow(*items(3, 21), width=40)
    arrays = all_columns(out)
    before = result_of(out)
    with pytest.raises(error):
        call(out)
    assert result_of(out) == before and all_columns(out) == arrays


# --- Calls without out ----------------------------------------------------------------

@pytest.mark.parametrize("name", CALLS)
def test_calls_without_out_never_share_memory(name):
    call = CALLS[name]
    widths, heights = items(10, 22)
    first, second = call(widths, heights), call(widths, heights)
    assert result_of(first) == result_of(second)
    for a in all_columns(first):
        for b in all_columns(second):
            assert not np.shares_memory(a, b)
        assert not np.shares_memory(a, widths) and not np.shares_memory(a, heights)


# --- Item sizes: the library's only for cells, else a copy of the inputs ---------------

@pytest.mark.parametrize("name", CALLS)
@pytest.mark.parametrize("make", [lambda v: v.copy(), lambda v: array("f", v.tolist()),
                                  lambda v: memoryview(array("f", v.tolist()))],
                         ids=["numpy", "array", "memoryview"])
def test_item_sizes_do_not_follow_later_changes_to_the_inputs(name, make):
    call = CALLS[name]
    widths, heights = items(6, 23)
    w, h = make(widths), make(heights)
    layout = call(w, h)
    expected = (layout.item_width.tolist(), layout.item_height.tolist())
    if name not in CELLS and name != "first_fit":
        assert expected == (widths.tolist(), heights.tolist())
    for k in range(6):
        w[k], h[k] = 1000.0, 1000.0
    assert (layout.item_width.tolist(), layout.item_height.tolist()) == expected
    out = call(widths, heights)
    w, h = make(widths), make(heights)
    call(w, h, out=out)
    w[0] = h[0] = 999.0
    assert (out.item_width.tolist(), out.item_height.tolist()) == expected


class Spy:
    """Records whether the library was given item size buffers, then makes the call."""

    def __init__(self, function):
        self.function, self.sizes_asked = function, []

    def __call__(self, items, params, proposal, result):
        struct = result._obj  # the lk_result behind ctypes.byref()
        self.sizes_asked.append((bool(struct.item_width), bool(struct.item_height)))
        return self.function(items, params, proposal, result)


@pytest.mark.parametrize("name", [name for name in CALLS if name != "first_fit"])
def test_the_library_writes_item_sizes_only_for_cells(monkeypatch, name):
    spies = {}
    for cls in (lk.Flow, _descriptor.Descriptor):  # Flow's C function, and every other kind's
        spies[cls] = Spy(cls._PLACE)
        monkeypatch.setattr(cls, "_PLACE", staticmethod(spies[cls]))
    widths, heights = items(5, 24)
    layout = CALLS[name](widths, heights)
    asked = spies[lk.Flow].sizes_asked + spies[_descriptor.Descriptor].sizes_asked
    assert asked == [(name in CELLS,) * 2]
    if name in CELLS:  # the cell, from the library
        assert layout.item_width.tolist() == [max(widths.tolist())] * 5
    else:  # the items' own sizes
        assert layout.item_width.tolist() == widths.tolist()
        assert layout.item_height.tolist() == heights.tolist()


def test_first_fit_asks_for_item_sizes_only_when_it_may_choose_cells(monkeypatch):
    from layoutkernel import _first_fit
    asked = []
    first_fit = _first_fit._LIB.lk_first_fit

    class Library:
        def __getattr__(self, name):
            return getattr(_first_fit._LIB, name)

        def lk_first_fit(self, table, count, axes, proposal, chosen, result):
            asked.append(bool(result.item_width))
            return first_fit(table, count, axes, proposal, chosen, result)

    monkeypatch.setattr(_first_fit, "_LIB", Library())
    widths, heights = items(4, 25)
    lk.first_fit([(lk.HStack(), widths, heights), (lk.Grid(), widths, heights)], 10, 10)
    index, layout = lk.first_fit([(lk.HStack(), widths, heights),
                                  (lk.Balanced(), widths, heights)], 10, 10)
    assert asked == [False, True] and index == 1
    assert layout.item_width.tolist() == [max(widths.tolist())] * 4


def test_zero_copy_input_is_not_written():
    widths, heights = items(8, 26)
    before = (widths.copy(), heights.copy())
    for name, call in CALLS.items():
        call(widths, heights)
        call(widths, heights, out=call(widths, heights))
        assert widths.tolist() == before[0].tolist() and heights.tolist() == \
            before[1].tolist(), name
    assert ctypes.addressof(ctypes.c_char.from_buffer(widths))  # still a plain writable array
