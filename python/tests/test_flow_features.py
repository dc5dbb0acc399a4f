"""The CSS flow features through the binding (lk_flow_layout's "Features" in layoutkernel.h): the keywords of
lk.flow and lk.Flow, growing items, their errors, and hand-worked cases. The browser's
600 cases are in test_browser_fixtures.py; every level replays them through the
reference fixtures (test_reference_fixtures.py)."""

import math

import numpy as np
import pytest

import layoutkernel as lk

U = 1 / 64


def test_reverse_is_not_a_mirror_image():
    # A worked example: W = 100, w = [10, 10, 10.015625], centred, free space 4479 units.
    w, h = [10, 10, 10.015625], [5, 5, 5]
    ltr = lk.flow(w, h, width=100, justify="center")
    rtl = lk.flow(w, h, width=100, justify="center", direction="rtl")
    rev = lk.flow(w, h, width=100, justify="center", reverse=True)
    assert [v / U for v in ltr.x] == [2239, 2879, 3519]
    assert [v / U for v in rtl.x] == [3521, 2881, 2240]
    assert [v / U for v in rev.x] == [3520, 2880, 2239]


def test_justify_and_wrap_reverse_by_hand():
    # Two rows of width 100: [30, 30] and [50]; gaps 10 and 4.
    w, h = [30, 30, 50], [10, 20, 10]
    between = lk.flow(w, h, width=100, spacing=10, line_spacing=4, justify="space-between")
    assert list(between.x) == [0, 70, 0]
    evenly = lk.flow(w, h, width=70, spacing=10, justify="space-evenly")
    assert list(evenly.x) == [0, 40, 10]   # row 1 is full; row 2: 20 free, 10 each side
    stacked = lk.flow(w, h, width=100, spacing=10, line_spacing=4, wrap_reverse=True)
    assert list(stacked.y) == [24, 14, 0]  # the second row on top; items at their row's far side
    assert (stacked.width, stacked.height) == (100, 34)


def test_columns_and_line_distribution():
    # Columns of at most 50 high: [20, 20] and [30]; the container 100 wide shares 60 free.
    w, h = [10, 10, 20], [20, 20, 30]
    columns = lk.flow(w, h, width=100, height=50, spacing=5, line_spacing=10, axis="vertical",
                      align_content="space-between")
    assert list(columns.x) == [0, 0, 80]
    assert list(columns.y) == [0, 25, 0]
    assert (columns.width, columns.height) == (100, 50)
    assert list(columns.rows.count) == [2, 1]
    assert lk.Flow(axis="vertical", spacing=5).row_count(w, h, 50) == 2  # the limit is the height
    stretched = lk.flow([10, 10], [10, 30], width=25, height=100, spacing=10, align_content="stretch")
    assert list(stretched.rows.height) == [40, 60]   # 60 free: each line grows by 30


def test_growing_items_share_the_free_space():
    w, h = [10, 20, 30], [5, 5, 5]
    layout = lk.flow(w, h, width=100, grow=[1, 0, 3])
    assert list(layout.item_width) == [20, 20, 60]   # 40 free: 10 and 30
    assert list(layout.x) == [0, 20, 40]
    half = lk.flow(w, h, width=100, grow=[0.25, 0, 0.25])
    assert list(half.item_width) == [20, 20, 40]   # factors sum to 0.5: half of 40, 10 each
    assert list(half.item_height) == [5, 5, 5]
    many = lk.Flow(spacing=2).layout_many(w * 2, h * 2, [3, 3], 100, grow=[1, 0, 3] * 2)
    alone = lk.Flow(spacing=2).layout(w, h, 100, grow=[1, 0, 3])
    np.testing.assert_array_equal(many.item_width[:3], alone.item_width)
    np.testing.assert_array_equal(many.x[3:], alone.x)


def test_descriptors_compare_and_show_their_features():
    a = lk.Flow(spacing=2, justify="center", axis="vertical")
    assert a == lk.Flow(spacing=2, justify="center", axis="vertical")
    assert a != lk.Flow(spacing=2, justify="center")
    assert hash(a) == hash(lk.Flow(spacing=2, justify="center", axis="vertical"))
    assert "justify='center'" in repr(a) and "axis='vertical'" in repr(a) and "direction" not in repr(a)
    assert (a.justify, a.axis, a.direction, a.reverse, a.align_content) == ("center", "vertical", "ltr", False, None)
    assert eval("lk." + repr(a)) == a


@pytest.mark.parametrize("keywords, error", [
    ({"justify": "stretch"}, ValueError), ({"justify": 3}, TypeError), ({"justify": "middle"}, ValueError),
    ({"direction": "up"}, ValueError), ({"direction": None}, TypeError),
    ({"reverse": 1}, TypeError), ({"wrap_reverse": "yes"}, TypeError),
    ({"axis": "diagonal"}, ValueError), ({"align_content": "around"}, ValueError),
    ({"align_content": 7}, TypeError),
])
def test_bad_features_are_errors(keywords, error):
    with pytest.raises(error):
        lk.Flow(**keywords)
    with pytest.raises(error):
        lk.flow([1], [1], **keywords)


def test_bad_grow_factors_are_errors():
    with pytest.raises(ValueError, match="one factor per item"):
        lk.flow([1, 2], [1, 2], grow=[1])
    for bad in (math.nan, -1.0, math.inf):
        with pytest.raises(lk.InvalidItemError, match=r"grow\[1\]"):
            lk.flow([1, 2], [1, 2], width=10, grow=[0, bad])
    with pytest.raises(TypeError):
        lk.flow([1, 2], [1, 2], grow="12")
    with pytest.raises(TypeError):
        lk.flow([1], [1], gorw=[1])   # keyword typos are errors
