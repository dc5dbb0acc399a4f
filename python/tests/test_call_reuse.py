"""What the binding's per-call shortcuts must not change.

A descriptor's structs are made once and reused by every call, and the
shorthand functions share descriptors between calls; each call writes into a
new output block, whose columns (the row table's included) the Layout makes on
first read. These
tests check that results stay fresh and right across reuse (other item
counts, other kinds, results read late), with and without NumPy, and that the
faster input conversions (zero-copy addresses, long lists packed by struct)
give what the plain ones give.
"""

import copy
import ctypes
import math
import pickle
import random
from array import array
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

import layoutkernel as lk
from layoutkernel import _buffers, _descriptor, _ffi, _numpy
from layoutkernel._items import Items
from layoutkernel._outputs import Outputs
import reference_fixtures
from reference_fixtures import result_of

COLUMNS = ("x", "y", "item_width", "item_height")
ROW_COLUMNS = ("start", "count", "y", "width", "height")


def check_against_fixture(layout, case):
    assert reference_fixtures.differences(case, 0, layout) == [], case.id


def run_reuse():
    """One descriptor per series of reference fixture cases (one layout at many item
    counts, of every kind), reused for each case of the series; every result is checked
    against the fixture, some at once and some only after all later calls, and none
    may change afterwards."""
    kept = []
    all_series = reference_fixtures.series()
    assert {cases[0].kind for cases in all_series} == set(reference_fixtures.KINDS)
    assert all(len(cases) >= 20 for cases in all_series)
    for cases in all_series:
        shared = reference_fixtures.descriptor(cases[0].candidates[0])
        for k, case in enumerate(cases):
            widths = case.candidates[0].widths
            if k % 2 and _numpy.np:
                widths = np.array(widths, np.float32)
            _, layout = reference_fixtures.lay_out(case, shared, widths)
            if k % 3 == 0:  # read now; the others are read after every later call
                check_against_fixture(layout, case)
            kept.append((layout, case, copy.deepcopy(result_of(layout)) if k % 3 == 0 else None))
    for layout, case, snapshot in kept:
        check_against_fixture(layout, case)
        if snapshot is not None:
            assert result_of(layout) == snapshot, case.id


def test_a_descriptor_reused_across_counts_and_kinds_gives_fresh_results():
    run_reuse()


def test_reuse_without_numpy(monkeypatch):
    monkeypatch.setattr(_numpy, "np", None)
    run_reuse()


def all_columns(layout):
    return [getattr(layout, name) for name in COLUMNS] + \
           [getattr(layout.rows, name) for name in ROW_COLUMNS]


def test_calls_never_share_memory():
    flow = lk.Flow(spacing=2)
    widths = np.full(50, 10, np.float32)
    first = flow.layout(widths, widths, 100)
    second = flow.layout(widths, widths, 100)
    for a in all_columns(first):
        for b in all_columns(second):
            assert not np.shares_memory(a, b)
    for a in all_columns(first):
        assert not np.shares_memory(a, widths)


def test_results_survive_later_calls_of_other_sizes():
    flow = lk.Flow(spacing=1, line_spacing=1)
    first = flow.layout([5, 5, 5], [2, 3, 4], 11)
    expected = result_of(first)
    for n in (1000, 0, 7, 3):
        flow.layout(np.full(n, 9, np.float32), np.full(n, 9, np.float32), 20)
        lk.hstack([1] * n, [1] * n)
    assert result_of(first) == expected
    assert expected[5] == [(0, 2, 0.0, 11.0, 3.0), (2, 1, 4.0, 5.0, 4.0)]


# --- Shared descriptors of the shorthand functions ------------------------------

def test_shared_returns_one_descriptor_per_set_of_arguments():
    a = _descriptor.shared(lk.Flow, 3.0, 0.0, "center")
    assert _descriptor.shared(lk.Flow, 3.0, 0.0, "center") is a
    assert _descriptor.shared(lk.Flow, 3, 0.0, "center") is not a  # other type, same value
    assert _descriptor.shared(lk.Flow, 3, 0.0, "center") == a
    assert _descriptor.shared(lk.HStack, 3.0, "center") is not a


def test_featured_shorthands_share_their_descriptor():
    from layoutkernel import _flow
    features = ("space-between", "rtl", True, False, "horizontal", None, "wrap")
    a = _descriptor.shared(_flow._featured_flow, 8.0, 4.0, "topLeading", *features)
    assert _descriptor.shared(_flow._featured_flow, 8.0, 4.0, "topLeading", *features) is a
    assert a == lk.Flow(8.0, 4.0, justify="space-between", direction="rtl", reverse=True)
    assert _descriptor.shared(_flow._featured_flow, 8.0, 4.0, "topLeading", "space-between", "rtl", False,
                              False, "horizontal", None, "wrap") != a
    w, h = [30, 50, 20, 40], [10, 12, 8, 9]
    assert (lk.flow(w, h, width=100, spacing=8.0, line_spacing=4.0, justify="space-between", direction="rtl",
                    reverse=True).x.tolist()
            == a.layout(w, h, 100).x.tolist())


def test_arguments_that_only_compare_equal_are_not_shared():
    assert lk.grid([1], [1], columns=2).x.tolist() == [0.0]
    for bad in (2.0, True):
        with pytest.raises(TypeError):
            lk.grid([1], [1], columns=bad)
    lk.flow([1], [1], alignment=(0.5, 1))
    with pytest.raises(TypeError, match="alignment ay"):
        lk.flow([1], [1], alignment=(0.5, True))
    lk.flow([1], [1], spacing=1)
    with pytest.raises(TypeError):
        lk.flow([1], [1], spacing=True)
    lk.flow([1], [1], reverse=True)  # a bool where a bool belongs: shared
    with pytest.raises(TypeError, match="reverse must be True or False"):
        lk.flow([1], [1], reverse=1)


def test_negative_zero_is_not_shared():
    positive = _descriptor.shared(lk.Flow, 0.0, 0.0, "topLeading")
    negative = _descriptor.shared(lk.Flow, -0.0, 0.0, "topLeading")
    assert negative is not positive and repr(negative).startswith("Flow(spacing=-0.0,")
    assert _descriptor.shared(lk.Flow, -0.0, 0.0, "topLeading") is not negative


def test_errors_are_raised_every_time_and_not_kept():
    for _ in range(2):
        with pytest.raises(TypeError, match="spacing must be a real number"):
            lk.flow([1], [1], spacing="wide")
        with pytest.raises(lk.LayoutError, match="spacing"):
            lk.hstack([1, 1], [1, 1], spacing=-1.0)
    with pytest.raises(ValueError, match="unknown alignment"):
        lk.vstack([1], [1], alignment="middle")


def test_shared_descriptors_are_bounded(monkeypatch):
    monkeypatch.setattr(_descriptor, "_SHARED", {})
    for k in range(3 * _descriptor._SHARED_MAX):
        lk.flow([1, 2], [1, 2], spacing=float(k))
        assert len(_descriptor._SHARED) <= _descriptor._SHARED_MAX
    assert lk.flow([10, 10], [1, 1], spacing=5.0).x.tolist() == [0.0, 15.0]


def test_shorthands_match_fresh_descriptors():
    rng = random.Random(5)
    w, h = [rng.randrange(1, 40) for _ in range(25)], [rng.randrange(1, 20) for _ in range(25)]
    pairs = [
        (lk.flow(w, h, width=90, spacing=3, alignment="center"),
         lk.Flow(spacing=3, alignment="center").layout(w, h, 90)),
        (lk.hstack(w, h, spacing=None, item_spacing=[w, h, None, None]),
         lk.HStack(spacing=None).layout(w, h, item_spacing=[w, h, None, None])),
        (lk.vstack(w, h, alignment="trailing"), lk.VStack(alignment="trailing").layout(w, h)),
        (lk.zstack(w, h), lk.ZStack().layout(w, h)),
        (lk.grid(w, h, min_column_width=30, sizing="fill", width=200),
         lk.Grid(min_column_width=30, sizing="fill").layout(w, h, 200)),
        (lk.balanced(w, h, axis="vertical", spacing=2),
         lk.Balanced(axis="vertical", spacing=2).layout(w, h)),
        (lk.circle(w, h, radius=50, start_angle=1),
         lk.Circle(radius=50, start_angle=1).layout(w, h)),
    ]
    for _ in range(2):  # the second round reuses the shared descriptors
        for got, want in pairs:
            assert result_of(got) == result_of(want)


def test_threads_share_descriptors_and_get_their_own_results():
    def work(k):
        n = 50 + 37 * k
        layout = lk.flow(np.full(n, 10, np.float32), np.ones(n, np.float32), width=100,
                         spacing=0.0)
        return k, layout

    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(work, range(48)))
    for k, layout in results:
        n = 50 + 37 * k
        assert len(layout) == n and len(layout.rows) == -(-n // 10)
        assert layout.x.tolist() == [10.0 * (i % 10) for i in range(n)]
        assert layout.rows.count.tolist()[:-1] == [10] * (len(layout.rows) - 1)


# --- Row tables: sized per kind, made on first read ----------------------------

@pytest.mark.parametrize("use_numpy", [True, False])
@pytest.mark.parametrize("make, rows", [
    (lambda w: lk.hstack(w, w), 1), (lambda w: lk.VStack().layout(w, w), 1),
    (lambda w: lk.zstack(w, w), 1), (lambda w: lk.balanced(w, w), 1),
    (lambda w: lk.circle(w, w, radius=5), 0), (lambda w: lk.grid(w, w, columns=2), 3),
    (lambda w: lk.flow(w, w, width=5), 5),
])
def test_row_tables_of_every_kind(monkeypatch, use_numpy, make, rows):
    if not use_numpy:
        monkeypatch.setattr(_numpy, "np", None)
    for n, expected_rows in ((5, rows), (0, 0)):
        layout = make([3.0] * n)
        assert len(layout.rows) == expected_rows and len(layout) == n
        table = layout.rows
        assert [len(getattr(table, name)) for name in ROW_COLUMNS] == [expected_rows] * 5
        if use_numpy:
            dtypes = [getattr(table, name).dtype for name in ROW_COLUMNS]
            assert dtypes == [np.int64, np.int64, np.float64, np.float32, np.float32]
        else:
            assert [getattr(table, name).typecode for name in ROW_COLUMNS] == \
                ["q", "q", "d", "f", "f"]
        if expected_rows:
            assert table.start.tolist()[0] == 0 and sum(table.count.tolist()) == n


def test_row_table_read_late_and_in_any_order():
    layout = lk.flow([30, 40, 50, 20], [10, 20, 10, 5], width=100, spacing=10)
    rows = layout.rows
    assert len(rows) == 2 and repr(rows) == "<Rows: 2 rows>"  # without reading a column
    assert rows.height.tolist() == [20.0, 10.0]
    assert rows.start.tolist() == [0, 2] and rows.count.tolist() == [2, 2]
    assert rows.y.tolist() == [0.0, 20.0] and rows.width.tolist() == [80.0, 80.0]
    assert rows.start is rows.start  # made once
    block = layout._buffers[0]
    for name in ROW_COLUMNS:  # trimmed views of the layout's own block
        assert np.shares_memory(getattr(rows, name), block) and len(getattr(rows, name)) == 2
    rows.start = np.array([7])  # the attributes stay assignable
    assert rows.start.tolist() == [7] and len(rows) == 1


def test_threads_reading_one_unread_row_table():
    layout = lk.flow(np.full(5000, 10, np.float32), np.ones(5000, np.float32), width=100)
    with ThreadPoolExecutor(max_workers=8) as pool:
        tables = list(pool.map(lambda _: (len(layout.rows), layout.rows.count.tolist(),
                                          layout.rows.y.tolist()), range(32)))
    assert tables == [(500, [10] * 500, [float(r) for r in range(500)])] * 32


def test_layouts_with_unread_rows_copy_and_pickle():
    for use in (copy.copy, copy.deepcopy, lambda v: pickle.loads(pickle.dumps(v))):
        layout = lk.flow([30, 40, 50, 20], [10, 20, 10, 5], width=100, spacing=10)
        assert result_of(use(layout)) == result_of(layout)
        assert use(layout).rows.count.tolist() == [2, 2]


def test_rows_made_directly():
    rows = lk.Rows(np.array([0]), np.array([3]), np.array([0.0]), np.array([9.0]),
                   np.array([1.0]))
    assert len(rows) == 1 and rows.width.tolist() == [9.0]
    with pytest.raises(AttributeError):
        rows.depth  # noqa: B018


def test_output_block_layout():
    outputs = Outputs(3)
    s = outputs.struct
    address = lambda name: ctypes.cast(getattr(s, name), ctypes.c_void_p).value
    x = address("x")
    offsets = [address(name) - x for name in ("x", "y", "item_width", "item_height",
                                              "row_start", "row_length", "row_y",
                                              "row_width", "row_height")]
    # Six item columns (x, y, item sizes, own sizes) of 12 bytes, then the row table.
    assert offsets == [0, 12, 24, 36, 72, 96, 120, 144, 156]
    assert (s.item_capacity, s.row_capacity) == (3, 3)
    sizes = Outputs(3, cells=False).struct  # the library does not write the items' own sizes
    assert not sizes.item_width and not sizes.item_height and sizes.x
    none = Outputs(3, 0).struct  # a table of no rows, which the library checks
    assert none.row_capacity == 0 and all(
        address(name) - x == 72 for name in ("row_start", "row_length", "row_y", "row_width",
                                              "row_height")
        for address, x in [(lambda name: ctypes.cast(getattr(none, name), ctypes.c_void_p).value,
                            ctypes.cast(none.x, ctypes.c_void_p).value)])
    empty = Outputs(0).struct
    assert not empty.x and empty.item_capacity == 0


def test_first_fit_results_survive_later_calls():
    small, wide = lk.HStack(spacing=1), lk.VStack()
    first = lk.first_fit([(small, [5, 5], [1, 1]), (wide, [5, 5], [1, 1])], 20, 20)
    expected = result_of(first[1])
    for n in (1, 30, 0, 2):
        lk.first_fit([(small, [9] * n, [9] * n), (wide, [1] * n, [1] * n)], 20, 20)
    assert first[0] == 0 and result_of(first[1]) == expected
    assert expected[1] == [0.0, 6.0]


# --- Packing and inputs ---------------------------------------------------------

def test_packer_checks_its_fields():
    with pytest.raises(ValueError, match="consecutive"):
        _ffi.packer(_ffi.lk_result, ("x", "item_width"))
    with pytest.raises(TypeError, match="not a pointer"):
        _ffi.packer(_ffi.lk_result, ("width", "height"))
    packer, offset = _ffi.packer(_ffi.lk_items, ("heights", "spacing_leading"))
    assert packer.size == 2 * ctypes.sizeof(ctypes.c_void_p)
    assert offset == _ffi.lk_items.heights.offset


def test_packer_writes_what_ctypes_assignment_writes():
    packer, offset = _ffi.packer(_ffi.lk_result, ("item_capacity", "row_start", "row_length"))
    packed, assigned = _ffi.lk_result(), _ffi.lk_result()
    packer.pack_into(packed, offset, 17, 0x1000, 0)
    assigned.item_capacity = 17
    assigned.row_start = ctypes.cast(0x1000, ctypes.POINTER(ctypes.c_int64))
    assert bytes(packed) == bytes(assigned)


def test_read_only_and_empty_numpy_inputs():
    widths = np.array([30, 40, 50, 20], np.float32)
    widths.flags.writeable = False
    items = Items(widths, widths)
    assert ctypes.cast(items.struct.widths, ctypes.c_void_p).value == widths.ctypes.data
    assert lk.flow(widths, [10, 20, 10, 5], width=100, spacing=10).x.tolist() == \
        [0.0, 40.0, 0.0, 60.0]
    empty = np.zeros(0, np.float32)
    for layout in (lk.flow(empty, empty), lk.grid(empty, empty), lk.circle(empty, [], radius=1)):
        assert len(layout) == 0 and len(layout.rows) == 0 and layout.x.dtype == np.float32


LONG_VALUES = [0.0, -0.0, 1, True, 2.5, np.float32(3.25), np.float64(1e-46), 3.4028235e38,
               1e39, 2 ** 200, math.nan, math.inf, 7.015625]


@pytest.mark.parametrize("n", [255, 256, 1023, 1024, 1025, 3000])
def test_long_lists_convert_as_array_does(n):
    values = (LONG_VALUES * (n // len(LONG_VALUES) + 1))[:n]
    for sequence in (values, tuple(values)):
        owner, address, length = _buffers.float32_buffer(sequence, "widths")
        assert length == n and address == owner.buffer_info()[0]
        assert owner.tobytes() == array("f", values).tobytes()


def test_long_lists_fail_as_short_ones_do():
    for bad, error in (("x", TypeError), (None, TypeError), (10 ** 400, ValueError)):
        messages = []
        for n in (3, 2000):
            with pytest.raises(error) as raised:
                lk.flow([1.0] * (n - 1) + [bad], [1.0] * n)
            messages.append(str(raised.value).replace(f"widths[{n - 1}]", "widths[last]"))
            assert error is ValueError or "widths[last]" in messages[-1]  # names the entry
        assert messages[0] == messages[1]
    with pytest.raises(lk.LayoutError, match=r"widths\[1999\] is inf"):
        lk.flow([1.0] * 1999 + [1e39], [1.0] * 2000)


def test_long_list_layout_matches_numpy():
    rng = random.Random(9)
    w = [rng.randrange(0, 64 * 40) / 64 for _ in range(5000)]
    h = [rng.randrange(0, 64 * 20) / 64 for _ in range(5000)]
    assert result_of(lk.flow(w, h, width=300, spacing=2)) == \
        result_of(lk.flow(np.array(w, np.float32), np.array(h, np.float32), width=300, spacing=2))


# --- grow factors as NumPy float32 arrays: read where they are ------------------

def test_grow_arrays_take_the_short_path_and_match_the_others():
    rng = np.random.default_rng(9)
    w = rng.integers(4, 60, 300).astype(np.float32)
    h = rng.integers(4, 30, 300).astype(np.float32)
    g = rng.choice(np.array([0, 0.5, 1, 2], np.float32), 300)
    expected = lk.flow(w.tolist(), h.tolist(), width=200, spacing=3, grow=g.tolist())  # through Items
    read_only = g.copy()
    read_only.flags.writeable = False
    strided = np.repeat(g, 2)[::2]  # not contiguous
    for grow in (g, read_only, strided):
        got = lk.flow(w, h, width=200, spacing=3, grow=grow)
        assert result_of(got) == result_of(expected)
        np.testing.assert_array_equal(got.item_width, expected.item_width)
        np.testing.assert_array_equal(got.item_height, expected.item_height)
    # The next call without grow (the same pooled structs) grows nothing.
    plain = lk.flow(w, h, width=200, spacing=3)
    assert result_of(plain) == result_of(lk.flow(w.tolist(), h.tolist(), width=200, spacing=3))
    np.testing.assert_array_equal(plain.item_width, w)


def test_grow_arrays_are_checked_as_on_the_other_paths():
    w, h = np.ones(3, np.float32), np.ones(3, np.float32)
    with pytest.raises(ValueError, match="grow must have one factor per item"):
        lk.flow(w, h, grow=np.ones(2, np.float32))
    with pytest.raises(lk.InvalidItemError, match=r"items.grow\[1\] is nan"):
        lk.flow(w, h, grow=np.array([1, np.nan, 0], np.float32))
    with pytest.raises(lk.InvalidItemError, match=r"items.grow\[2\] is -1"):
        lk.flow(w, h, grow=np.array([1, 0, -1], np.float32))
    assert lk.flow(np.ones(0, np.float32), np.ones(0, np.float32), grow=np.ones(0, np.float32)).x.tolist() == []


def test_contiguous_grow_arrays_are_not_converted(monkeypatch):
    from layoutkernel import _call

    def refuse(*arguments, **keywords):
        raise AssertionError("converted through Items")
    monkeypatch.setattr(_call, "Items", refuse)
    w, h = np.full(5, 10, np.float32), np.full(5, 4, np.float32)
    grown = lk.flow(w, h, width=60, grow=np.array([1, 0, 0, 0, 1], np.float32))
    assert grown.item_width.tolist() == [15.0, 10.0, 10.0, 10.0, 15.0]


# --- Small calls: laid out in a pooled scratch block, then copied ---------------

def snapshot(layout):
    """Everything a Layout reports, as bytes where NaN may occur."""
    rows = layout.rows
    columns = [layout.x, layout.y, layout.item_width, layout.item_height,
               rows.start, rows.count, rows.y, rows.width, rows.height]
    exact = [column.tobytes() for column in (layout.x64, layout.y64) if column is not None]
    return ((layout.width, layout.height, layout.hidden, layout.overflow, len(layout), len(rows)),
            [(column.dtype.str, column.tobytes()) for column in columns], exact)


def outcome(call):
    try:
        return "ok", snapshot(call())
    except Exception as error:  # noqa: BLE001 - the error itself is compared
        return type(error), str(error)


SMALL_SIZES = [  # (widths, heights) as the scratch path may take them
    (np.array([30, 40, 50, 20], np.float32), np.array([10, 20, 10, 5], np.float32)),
    ([30, 40, 50, 20], (10, 20, 10, 5)),
    (np.arange(40, dtype=np.float32)[::-2].copy()[:8], np.ones(8, np.float32)),
    (np.repeat(np.arange(1, 9, dtype=np.float32), 2)[::2], np.full(8, 3, np.float32)),  # strided
    (np.zeros(0, np.float32), np.zeros(0, np.float32)),
    ([], []),
    (np.array([1, np.nan, 2], np.float32), np.ones(3, np.float32)),  # the library names the item
    (np.array([1, -1, 2], np.float32), np.ones(3, np.float32)),
    ([1.0, math.inf], [1.0, 1.0]),
    ([1.0, "x"], [1.0, 1.0]),  # array('f')'s error, naming the entry
    ([1.0, 10 ** 400], [1.0, 1.0]),
    (np.ones(3, np.float32), np.ones(4, np.float32)),  # lengths differ
    ([1.0, 2.0], [1.0]),
    (np.ones(3, np.float64), np.ones(3, np.float32)),  # converted through Items
    (np.ones((3, 2), np.float32), np.ones(3, np.float32)),
    (np.arange(1, 257, dtype=np.float32), np.ones(256, np.float32)),  # _SMALL items
    (np.arange(1, 258, dtype=np.float32), np.ones(257, np.float32)),
]
SMALL_CALLS = {
    "flow": lambda w, h: lk.flow(w, h, width=60, spacing=2, line_spacing=1),
    "flow unbounded": lambda w, h: lk.flow(w, h),
    "flow max_lines": lambda w, h: lk.flow(w, h, width=20, max_lines=1, overflow_item=(5, 5)),
    "flow exact": lambda w, h: lk.flow(w, h, width=60, exact=True),
    "flow nan proposal": lambda w, h: lk.flow(w, h, width=math.nan),
    "flow huge proposal": lambda w, h: lk.flow(w, h, width=1e300),
    "flow negative proposal": lambda w, h: lk.flow(w, h, width=-1.0),
    "hstack": lambda w, h: lk.hstack(w, h, spacing=3),
    "balanced": lambda w, h: lk.balanced(w, h, spacing=1),
    "grid": lambda w, h: lk.grid(w, h, columns=3),
    "circle": lambda w, h: lk.circle(w, h, radius=50),
}


@pytest.mark.parametrize("name", list(SMALL_CALLS))
def test_small_calls_match_the_general_path(monkeypatch, name):
    """The scratch path gives what the general one gives, results and errors alike."""
    from layoutkernel import _call
    call = SMALL_CALLS[name]
    scratch = [outcome(lambda: call(w, h)) for w, h in SMALL_SIZES]
    monkeypatch.setattr(_call, "_SMALL", -1)  # every call allocates its result
    general = [outcome(lambda: call(w, h)) for w, h in SMALL_SIZES]
    assert scratch == general
    assert any(got[0] == "ok" for got in scratch) == ("proposal" not in name or "huge" in name)


def test_small_results_are_their_own_and_serve_as_out():
    widths, heights = np.array([30, 40, 50, 20], np.float32), np.array([10, 20, 10, 5], np.float32)
    first = lk.flow(widths, heights, width=100, spacing=10)
    second = lk.flow(widths[::-1].copy(), heights, width=100, spacing=10)
    assert first.x.tolist() == [0.0, 40.0, 0.0, 60.0] and second.x.tolist() == [0.0, 30.0, 0.0, 50.0]
    for a in all_columns(first):
        for b in all_columns(second):
            assert not np.shares_memory(a, b)
    widths[0] = 99  # the result keeps a copy of the sizes
    assert first.item_width.tolist() == [30.0, 40.0, 50.0, 20.0]
    x = second.x
    again = lk.flow([1, 2, 3, 4], [1, 1, 1, 1], width=100, out=second)  # its block gets an address now
    assert again is second and x.tolist() == [0.0, 1.0, 3.0, 6.0] and second._buffers[1]
    assert first.x.tolist() == [0.0, 40.0, 0.0, 60.0]
    unread = lk.flow(widths, heights, width=100, spacing=10)
    assert lk.flow([5, 5], [5, 5], out=unread).x.tolist() == [0.0, 5.0]  # x first made by the renewal
