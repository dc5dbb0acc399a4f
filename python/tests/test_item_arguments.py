"""The per-item arguments (widths, heights, grow, item_spacing columns, breaks)
read as the caller meant them, or rejected with a message naming the argument
(and the entry): masks of any boolean kind, integer breaks that could be a mask
or indices, masked arrays, pandas and pyarrow inputs with missing values, one
number for every item, (n, 2) arrays of sizes; and a NaN proposal, which only
None spells from Python.
"""

import math
from array import array

import numpy as np
import pytest

import layoutkernel as lk
from layoutkernel import _numpy

# Six 10 x 10 items in an unbounded row: rows start only at breaks.
W6, H6 = [10.0] * 6, [10.0] * 6
MASK = [False, False, False, True, False, False]  # a break before item 3


def row_starts(breaks, n=6):
    return lk.flow([10.0] * n, [10.0] * n, breaks=breaks).rows.start.tolist()


def pandas():
    return pytest.importorskip("pandas")


def pyarrow():
    return pytest.importorskip("pyarrow")


# --- breaks: masks of every boolean kind ----------------------------------------

@pytest.mark.parametrize("make", [
    list, tuple, lambda m: np.array(m), lambda m: [np.bool_(b) for b in m],
    lambda m: np.array(m, dtype=np.uint8), lambda m: bytes(m), lambda m: np.ma.array(m),
    lambda m: np.ma.array(m, mask=np.zeros(6, bool)),
], ids=["list", "tuple", "np_bool", "list_of_np_bool", "np_uint8", "bytes", "masked_none",
        "masked_all_false"])
def test_masks(make):
    assert row_starts(make(MASK)) == [0, 3]


def test_uint8_arrays_are_masks_never_indices():
    # [3, 0, 0, 5, 0, 0] as indices would break before 3 and 5; as a mask (any
    # non-zero byte a break) before 0 and 3.
    assert row_starts(np.array([3, 0, 0, 5, 0, 0], np.uint8)) == [0, 3]
    assert row_starts(np.array([1, 1], np.uint8), n=2) == [0, 1]
    with pytest.raises(ValueError, match=r"breaks as a mask must have one entry per item \(6\), got 1"):
        row_starts(np.array([3], np.uint8))


def test_pandas_bool_series_is_a_mask():
    pd = pandas()
    assert row_starts(pd.Series(MASK)) == [0, 3]
    assert row_starts(pd.Series(MASK, dtype="boolean")) == [0, 3]
    assert row_starts(pd.Series(MASK, index=list("abcdef"))) == [0, 3]
    assert row_starts(pd.Series(MASK, dtype=object)) == [0, 3]  # Python bools


def test_pandas_boolean_series_with_na_names_the_item():
    pd = pandas()
    breaks = pd.Series([False, False, None, True, False, pd.NA], dtype="boolean")
    with pytest.raises(ValueError, match=r"breaks\[2\] is missing \(<NA>\)"):
        row_starts(breaks)


def test_pyarrow_bools_are_a_mask():
    pa = pyarrow()
    assert row_starts(pa.array(MASK)) == [0, 3]
    assert row_starts(pa.chunked_array([MASK[:2], MASK[2:]])) == [0, 3]
    with pytest.raises(ValueError, match=r"breaks\[4\] is missing \(null\)"):
        row_starts(pa.array([False, False, False, True, None, False]))
    with pytest.raises(ValueError, match=r"breaks\[1\] is missing"):
        row_starts(pa.chunked_array([[False], [None, True, False, False, False]]))


def test_masked_breaks_name_the_first_masked_entry():
    breaks = np.ma.array(MASK, mask=[0, 0, 0, 0, 1, 1])
    with pytest.raises(ValueError, match=r"breaks\[4\] is masked"):
        row_starts(breaks)


# --- breaks: integers are indices when that is unambiguous ----------------------

@pytest.mark.parametrize("breaks", [
    [0, 0, 0, 1, 0, 0], (0, 0, 0, 1, 0, 0), np.array([0, 0, 0, 1, 0, 0]),
    np.array([0, 0, 0, 1, 0, 0], np.int8), np.array([0, 0, 0, 1, 0, 0], np.uint16),
    [1] * 6, [0] * 6, array("i", [0, 0, 0, 1, 0, 0]),
], ids=["list", "tuple", "int64", "int8", "uint16", "all_ones", "all_zeros", "array_i"])
def test_n_integers_each_0_or_1_are_ambiguous(breaks):
    with pytest.raises(ValueError, match="breaks is ambiguous") as raised:
        row_starts(breaks)
    message = str(raised.value)
    assert "6 integers, each 0 or 1, for 6 items" in message
    assert "np.asarray(breaks, dtype=bool)" in message  # says how to give a mask


def test_ambiguous_pandas_int_series():
    pd = pandas()
    for dtype in ("int64", "Int64"):
        with pytest.raises(ValueError, match="breaks is ambiguous"):
            row_starts(pd.Series([0, 0, 0, 1, 0, 0], dtype=dtype))
    assert row_starts(pd.Series([3], dtype="Int64")) == [0, 3]
    with pytest.raises(ValueError, match=r"breaks\[1\] is missing"):
        row_starts(pd.Series([3, None], dtype="Int64"))


def test_the_ambiguity_is_resolved_by_bools():
    ints = [0, 0, 0, 1, 0, 0]
    assert row_starts(np.asarray(ints, dtype=bool)) == [0, 3]
    assert row_starts([bool(b) for b in ints]) == [0, 3]
    assert row_starts(np.flatnonzero(ints)) == [0, 3]  # indices of another length


@pytest.mark.parametrize("breaks, starts", [
    ([3], [0, 3]), (np.array([3]), [0, 3]), ([3, 5], [0, 3, 5]),
    ([0, 1], [0, 1]),                        # 0 and 1, but not one per item: indices
    (np.array([1, 1, 1]), [0, 1]),           # likewise, repeated
    ([0, 3, 3, 3, 3, 3], [0, 3]),            # one per item, but 3 is no mask value
    (range(2, 6, 2), [0, 2, 4]), (np.array([5, 2], np.uint32), [0, 2, 5]),
    ([np.int64(3)], [0, 3]),
])
def test_unambiguous_integers_are_indices(breaks, starts):
    assert row_starts(breaks) == starts


@pytest.mark.parametrize("breaks", [[], (), np.array([], np.int64), np.array([]), range(0)])
def test_empty_breaks_break_nothing(breaks):
    assert row_starts(breaks) == [0]


def test_no_items():
    assert row_starts([], n=0) == []
    assert row_starts(np.array([], bool), n=0) == []


@pytest.mark.parametrize("breaks", [[True, 3], [False, 1, 0, 0, 0, 0], (3, np.True_)])
def test_bools_mixed_with_integers_are_rejected(breaks):
    with pytest.raises(TypeError, match="breaks mixes bools and integers"):
        row_starts(breaks)


@pytest.mark.parametrize("breaks", [np.array([1.0, 2.0]), np.array(["1"]), "12"])
def test_breaks_of_other_kinds_are_rejected(breaks):
    with pytest.raises(TypeError, match="breaks"):
        row_starts(breaks)


def test_index_out_of_range_in_an_array_names_the_entry():
    with pytest.raises(ValueError, match=r"breaks\[1\] is 9, not an item index \(0 <= index < 6\)"):
        row_starts(np.array([2, 9]))
    with pytest.raises(ValueError, match=r"breaks\[0\] is -1"):
        row_starts(np.array([-1, 2]))


def test_breaks_everywhere_they_are_taken():
    ints = np.array([0, 0, 0, 1, 0, 0])
    calls = [lambda b: lk.Flow().layout(W6, H6, breaks=b), lambda b: lk.Flow().size(W6, H6, breaks=b),
             lambda b: lk.Flow().row_count(W6, H6, breaks=b),
             lambda b: lk.Flow().layout_many(W6, H6, [6], breaks=b),
             lambda b: lk.Engine(lk.Flow()).set_items(W6, H6, breaks=b)]
    for call in calls:
        with pytest.raises(ValueError, match="breaks is ambiguous"):
            call(ints)
        call(ints.astype(bool))
    assert lk.Flow().row_count(W6, H6, breaks=ints.astype(bool)) == 2


def test_breaks_without_numpy(monkeypatch):
    monkeypatch.setattr(_numpy, "np", None)
    layout = lk.flow(W6, H6, breaks=MASK)
    assert list(layout.rows.start) == [0, 3]
    assert list(lk.flow(W6, H6, breaks=[3]).rows.start) == [0, 3]
    with pytest.raises(ValueError, match="breaks is ambiguous"):
        lk.flow(W6, H6, breaks=[0, 0, 0, 1, 0, 0])
    with pytest.raises(TypeError, match="breaks mixes bools and integers"):
        lk.flow(W6, H6, breaks=[True, 3])


# --- sizes, grow and spacing columns: masked arrays -----------------------------

def masked(values, masked_at=(), dtype=np.float32):
    mask = np.zeros(len(values), bool)
    mask[list(masked_at)] = True
    return np.ma.array(values, mask=mask, dtype=dtype)


@pytest.mark.parametrize("keyword", ["widths", "heights"])
def test_masked_sizes(keyword):
    sizes = {"widths": [10.0, 20.0, 30.0], "heights": [1.0, 2.0, 3.0]}
    want = lk.flow(sizes["widths"], sizes["heights"], width=35)
    for dtype in (np.float32, np.float64):
        given = dict(sizes, **{keyword: masked(sizes[keyword], dtype=dtype)})
        got = lk.flow(given["widths"], given["heights"], width=35)
        assert got.x.tolist() == want.x.tolist() and got.y.tolist() == want.y.tolist()
        given[keyword] = masked(sizes[keyword], [2, 1], dtype)
        with pytest.raises(ValueError, match=rf"{keyword}\[1\] is masked"):
            lk.flow(given["widths"], given["heights"], width=35)
        with pytest.raises(ValueError, match=rf"{keyword}\[1\] is masked"):
            lk.HStack().size(given["widths"], given["heights"])


def test_masked_values_are_never_read():
    # The data under the mask is a valid size: only the mask makes it an error.
    widths = np.ma.array([10.0, 99.0, 30.0], mask=[0, 1, 0], dtype=np.float32)
    with pytest.raises(ValueError, match=r"widths\[1\] is masked"):
        lk.flow(widths, [1.0] * 3)


def test_masked_grow_and_item_spacing():
    w, h = [10.0, 20.0, 30.0], [1.0, 2.0, 3.0]
    want = lk.flow(w, h, width=100, grow=[1.0, 0.0, 1.0])
    assert lk.flow(w, h, width=100, grow=masked([1.0, 0.0, 1.0])).item_width.tolist() == \
        want.item_width.tolist()
    with pytest.raises(ValueError, match=r"grow\[2\] is masked"):
        lk.flow(w, h, width=100, grow=masked([1.0, 0.0, 1.0], [2]))
    columns = [[0.0] * 3, masked([0.0, 4.0, 0.0], [0]), None, None]
    with pytest.raises(ValueError, match=r"item_spacing trailing\[0\] is masked"):
        lk.flow(w, h, spacing=None, item_spacing=columns)
    rows = np.ma.zeros((3, 4), np.float32)
    rows[1, 2] = np.ma.masked
    with pytest.raises(ValueError, match=r"item_spacing\[1, 2\] is masked"):
        lk.flow(w, h, spacing=None, item_spacing=rows)
    rows = np.ma.array(np.zeros((3, 4), np.float32))
    assert lk.flow(w, h, spacing=None, item_spacing=rows).width == 60.0


# --- pandas and pyarrow sizes ---------------------------------------------------

def test_pandas_sizes():
    pd = pandas()
    want = lk.flow([10.0, 20.0, 30.0], [1.0, 2.0, 3.0], width=35)
    for dtype in ("float64", "float32", "Float32", "Int64", "int64"):
        got = lk.flow(pd.Series([10, 20, 30], dtype=dtype), pd.Series([1, 2, 3], dtype=dtype), width=35)
        assert got.x.tolist() == want.x.tolist() and got.y.tolist() == want.y.tolist(), dtype
        assert got.item_width.tolist() == [10.0, 20.0, 30.0]


@pytest.mark.parametrize("dtype, missing, shown", [
    ("Float32", None, "<NA>"), ("Int64", None, "<NA>"), ("float64", math.nan, "nan"),
    ("object", None, "None"),
])
def test_pandas_missing_sizes_name_the_item(dtype, missing, shown):
    pd = pandas()
    bad = pd.Series([1.0, 2.0, missing, 4.0] if dtype != "Int64" else [1, 2, missing, 4], dtype=dtype)
    good = [1.0] * 4
    for call in (lambda: lk.flow(bad, good), lambda: lk.flow(good, bad, grow=good),
                 lambda: lk.Flow().size(good, good, grow=bad),
                 lambda: lk.Engine(lk.Flow()).set_items(bad, good)):
        with pytest.raises(ValueError, match=rf"\[2\] is missing \({shown}\)") as raised:
            call()
        assert str(raised.value).split("[")[0] in ("widths", "heights", "grow")


def test_pandas_missing_names_the_argument():
    pd = pandas()
    bad = pd.Series([1.0, pd.NA, 3.0], dtype="Float32")
    with pytest.raises(ValueError, match=r"^widths\[1\] is missing"):
        lk.flow(bad, [1.0] * 3)
    with pytest.raises(ValueError, match=r"^heights\[1\] is missing"):
        lk.flow([1.0] * 3, bad)
    with pytest.raises(ValueError, match=r"^grow\[1\] is missing"):
        lk.flow([1.0] * 3, [1.0] * 3, grow=bad)
    with pytest.raises(ValueError, match=r"^item_spacing top\[1\] is missing"):
        lk.flow([1.0] * 3, [1.0] * 3, spacing=None, item_spacing=[None, None, bad, None])
    frame = pd.DataFrame({"leading": [0.0, 1.0, 2.0], "trailing": [0.0, None, 0.0],
                          "top": [0.0] * 3, "bottom": [0.0] * 3})
    with pytest.raises(ValueError, match=r"^item_spacing\[1, 1\] is missing"):
        lk.flow([1.0] * 3, [1.0] * 3, spacing=None, item_spacing=frame)
    frame["trailing"] = 0.0
    assert lk.flow([1.0] * 3, [1.0] * 3, spacing=None, item_spacing=frame).width == 6.0


def test_pyarrow_sizes():
    pa = pyarrow()
    want = lk.flow([10.0, 20.0, 30.0], [1.0, 2.0, 3.0], width=35)
    got = lk.flow(pa.array([10.0, 20.0, 30.0], pa.float32()), pa.chunked_array([[1], [2, 3]]), width=35)
    assert got.x.tolist() == want.x.tolist() and got.y.tolist() == want.y.tolist()
    with pytest.raises(ValueError, match=r"widths\[1\] is missing \(null\)"):
        lk.flow(pa.array([10.0, None, 30.0]), [1.0] * 3)


# --- one number for every item --------------------------------------------------

@pytest.mark.parametrize("number", [24, 24.0, np.float32(24), np.int64(24), np.array(24.0)],
                         ids=["int", "float", "np_float32", "np_int64", "0-d"])
def test_one_height_for_every_item(number):
    widths = [10.0, 20.0, 30.0]
    got = lk.flow(widths, number, width=35)
    want = lk.flow(widths, [24.0] * 3, width=35)
    assert got.item_height.tolist() == [24.0] * 3
    assert got.y.tolist() == want.y.tolist() and (got.width, got.height) == (want.width, want.height)
    assert lk.Flow().size(widths, number, 35) == lk.Flow().size(widths, [24.0] * 3, 35)


def test_one_width_and_one_grow_for_every_item():
    heights = np.array([1.0, 2.0, 3.0], np.float32)
    got = lk.flow(10, heights, width=35)
    assert got.item_width.tolist() == [10.0] * 3 and got.x.tolist() == [0.0, 10.0, 20.0]
    grown = lk.flow([10.0, 10.0, 10.0], heights, width=40, grow=1)
    assert grown.item_width.tolist() == lk.flow([10.0] * 3, heights, width=40, grow=[1, 1, 1]).item_width.tolist()
    assert sum(grown.item_width.tolist()) == 40.0
    assert lk.HStack(spacing=1).size(5, [1, 2]) == (11.0, 2.0)
    assert lk.flow(10, [], width=35).x.tolist() == []  # zero items


def test_one_number_in_the_engine():
    engine = lk.Engine(lk.Flow())
    engine.set_items([10.0, 20.0, 30.0], 24)
    engine.insert(3, 5, [1.0, 2.0])
    assert engine.layout().item_height.tolist() == [24.0, 24.0, 24.0, 1.0, 2.0]
    assert engine.layout().item_width.tolist() == [10.0, 20.0, 30.0, 5.0, 5.0]


@pytest.mark.parametrize("widths, heights", [(10, 24), (10.0, np.float32(2)), (np.array(1.0), 3)])
def test_two_numbers_give_no_item_count(widths, heights):
    with pytest.raises(TypeError, match="widths and heights are both single numbers"):
        lk.flow(widths, heights)
    with pytest.raises(TypeError, match="widths and heights are both single numbers"):
        lk.Flow().size(widths, heights)


@pytest.mark.parametrize("keyword", ["widths", "heights", "grow"])
def test_a_bool_is_not_one_number_for_every_item(keyword):
    arguments = {"widths": [1.0, 2.0], "heights": [1.0, 2.0], keyword: True}
    with pytest.raises(TypeError, match=keyword):
        lk.flow(arguments["widths"], arguments["heights"], grow=arguments.get("grow"))


def test_one_bad_number_is_named_by_the_library():
    with pytest.raises(lk.InvalidItemError, match=r"heights\[0\] is -1"):
        lk.flow([1.0, 2.0], -1)
    with pytest.raises(ValueError, match="heights is an integer too large to be a float"):
        lk.flow([1.0, 2.0], 10 ** 400)


def test_one_item_spacing_number_is_not_a_column():
    # item_spacing's four entries are per-item columns: a number is not one.
    with pytest.raises(TypeError, match="item_spacing leading"):
        lk.flow([1.0] * 3, [1.0] * 3, spacing=None, item_spacing=[4, 4, 0, 0])


# --- (n, 2) arrays of sizes -----------------------------------------------------

def test_an_n_by_2_array_is_rejected_with_the_way_to_pass_it():
    sizes = np.array([[10, 1], [20, 2], [30, 3]], np.float32)
    for call in (lambda: lk.flow(sizes, sizes[:, 1]), lambda: lk.flow(sizes[:, 0], sizes),
                 lambda: lk.HStack().layout(sizes, [1, 2, 3])):
        with pytest.raises(ValueError, match=r"sizes\[:, 0\], sizes\[:, 1\]") as raised:
            call()
        assert "shape (3, 2)" in str(raised.value)
        assert "np.ascontiguousarray(sizes.T)" in str(raised.value)
    want = lk.flow([10, 20, 30], [1, 2, 3], width=35)
    for widths, heights in ((sizes[:, 0], sizes[:, 1]), tuple(np.ascontiguousarray(sizes.T))):
        got = lk.flow(widths, heights, width=35)
        assert got.x.tolist() == want.x.tolist() and got.y.tolist() == want.y.tolist()
    with pytest.raises(ValueError, match="grow must be one-dimensional") as raised:
        lk.flow([1, 2, 3], [1, 2, 3], grow=sizes)
    assert "sizes[:, 0]" not in str(raised.value)  # the hint is for sizes only


# --- NaN proposals: None is the one spelling of unspecified ---------------------

NANS = [math.nan, float("nan"), np.nan, np.float32("nan"), np.float64("nan")]
W3, H3 = [10.0, 20.0, 30.0], [1.0, 2.0, 3.0]


def proposal_calls():
    engine = lk.Engine(lk.Flow())
    engine.set_items(W3, H3)
    descriptor = lk.HStack()
    return {
        "lk.flow": lambda **p: lk.flow(W3, H3, **p),
        "lk.hstack": lambda **p: lk.hstack(W3, H3, **p),
        "lk.grid": lambda **p: lk.grid(W3, H3, columns=2, **p),
        "lk.balanced": lambda **p: lk.balanced(W3, H3, **p),
        "lk.circle": lambda **p: lk.circle(W3, H3, radius=10, **p),
        "Flow.layout": lambda **p: lk.Flow().layout(W3, H3, **p),
        "Flow.size": lambda **p: lk.Flow().size(W3, H3, **p),
        "Flow.row_count": lambda **p: lk.Flow().row_count(W3, H3, p.get("width")),
        "Flow.layout_many": lambda **p: lk.Flow().layout_many(W3, H3, [3], **p),
        "HStack.layout": lambda **p: descriptor.layout(W3, H3, **p),
        "HStack.size": lambda **p: descriptor.size(W3, H3, **p),
        "HStack.row_count": lambda **p: descriptor.row_count(W3, H3, **p),
        "HStack.layout_many": lambda **p: descriptor.layout_many(W3, H3, [3], **p),
        "Engine.layout": lambda **p: engine.layout(**p),
        "Engine.size": lambda **p: engine.size(**p),
        "Engine.positions": lambda **p: engine.positions(0, 1, **p),
        "Engine.visible": lambda **p: engine.visible(0, 0, 10, 10, **p),
        "Engine.item_at": lambda **p: engine.item_at(1, 1, **p),
        "first_fit": lambda **p: lk.first_fit([(lk.Flow(), W3, H3)], **p),
    }


@pytest.mark.parametrize("entry, axis", [
    (entry, axis) for entry in proposal_calls() for axis in ("width", "height")
    if (entry, axis) != ("Flow.row_count", "height")])  # a flow's row_count takes only the row limit
def test_a_nan_proposal_is_an_error(entry, axis):
    call = proposal_calls()[entry]
    for nan in NANS:
        with pytest.raises(ValueError, match=rf"^{axis} is NaN; an unspecified proposal axis is None$"):
            call(**{axis: nan})
    call(**{axis: None})  # None is unspecified
    call(**{axis: math.inf})


def test_layout_many_proposals_take_nan_as_unspecified():
    # In a proposals array NaN is the one spelling of an unspecified axis.
    widths = np.array([10, 20, 30, 40, 50], np.float32)
    heights = np.ones(5, np.float32)
    proposals = np.array([[np.nan, np.nan], [35.0, np.nan]])
    batch = lk.Flow().layout_many(widths, heights, [2, 3], proposals=proposals)
    for k, (items, width) in enumerate(((slice(0, 2), None), (slice(2, 5), 35.0))):
        alone = lk.flow(widths[items], heights[items], width=width)
        assert batch[k].x.tolist() == alone.x.tolist() and batch[k].width == alone.width
    assert batch[0].width == 30.0 and batch[1].rows.start.tolist() == [0, 1, 2]
