"""Flow results worked out by hand from the flow's rules (lk_flow_layout in the C
header, layoutkernel.h)."""

import math
from array import array

import numpy as np
import pytest

import layoutkernel as lk


def as_list(values):
    return [float(v) for v in values]


def test_worked_example():
    # widths [30, 40, 50, 20], heights [10, 20, 10, 5], W = 100, spacing 10:
    #   row 0: item 0 at x 0 (ends 30); item 1 at 30 + 10 = 40 (ends 80);
    #          item 2 would end at 80 + 10 + 50 = 140 > 100, so it starts row 1.
    #   row 1: item 2 at 0 (ends 50); item 3 at 50 + 10 = 60 (ends 80).
    #   row heights: max(10, 20) = 20 and max(10, 5) = 10; row 1 at y = 20 + 0.
    #   size: width = the finite proposal 100; height = 20 + 10 = 30.
    layout = lk.flow([30, 40, 50, 20], [10, 20, 10, 5], width=100, spacing=10)
    assert (layout.width, layout.height) == (100.0, 30.0)
    assert as_list(layout.x) == [0, 40, 0, 60]
    assert as_list(layout.y) == [0, 0, 20, 20]
    assert as_list(layout.item_width) == [30, 40, 50, 20]
    assert as_list(layout.item_height) == [10, 20, 10, 5]
    rows = layout.rows
    assert len(rows) == 2 and len(layout) == 4
    assert list(rows.start) == [0, 2] and list(rows.count) == [2, 2]
    assert as_list(rows.y) == [0, 20]
    assert as_list(rows.width) == [80, 80]
    assert as_list(rows.height) == [20, 10]


def test_worked_example_centered_with_line_spacing():
    # Same rows; line spacing 5 puts row 1 at y = 20 + 5 = 25, height 25 + 10 = 35.
    # Centre: each row (width 80) shifts by 0.5 * (100 - 80) = 10; in row 0 item 0
    # (h 10) moves down 0.5 * (20 - 10) = 5; in row 1 item 3 (h 5) by 0.5 * (10 - 5).
    layout = lk.flow([30, 40, 50, 20], [10, 20, 10, 5], width=100, spacing=10,
                     line_spacing=5, alignment="center")
    assert (layout.width, layout.height) == (100.0, 35.0)
    assert as_list(layout.x) == [10, 50, 10, 70]
    assert as_list(layout.y) == [5, 0, 25, 27.5]


def test_unspecified_width_is_one_row():
    # No row limit: one row 30 + 10 + 40 + 10 + 50 = 140 wide, as tall as the tallest.
    layout = lk.flow([30, 40, 50], [10, 20, 10], spacing=10)
    assert (layout.width, layout.height) == (140.0, 20.0)
    assert as_list(layout.x) == [0, 40, 90]
    assert len(layout.rows) == 1


def test_infinite_width_is_one_row_and_widest_row_wide():
    layout = lk.flow([30, 40, 50], [10, 20, 10], width=math.inf, spacing=10)
    assert (layout.width, layout.height) == (140.0, 20.0)


def test_item_exactly_filling_the_row_stays():
    # 30 + 10 + 60 = 100 is not > 100: the second item stays on row 0.
    layout = lk.flow([30, 60], [1, 1], width=100, spacing=10)
    assert len(layout.rows) == 1 and as_list(layout.x) == [0, 40]


def test_oversize_item_gets_its_own_row_and_overflows():
    # W = 40: item 0 (50 wide) overflows row 0, item 1 (30) goes to row 1.
    # Trailing: x = 1 * (40 - rowWidth): row 0 -> -10 (overflows to the left), row 1 -> 10.
    layout = lk.flow([50, 30], [10, 10], width=40, alignment="topTrailing")
    assert as_list(layout.x) == [-10, 10]
    assert as_list(layout.y) == [0, 10]
    assert (layout.width, layout.height) == (40.0, 20.0)


def test_min_size_when_proposal_is_smaller_on_both_axes():
    # minSize = (max w, max h) = (50, 40) exceeds the proposal (10, 10) on both
    # axes: the container is (50, 40). Rows at W = 10: one item per row.
    layout = lk.flow([50, 30], [20, 40], width=10, height=10)
    assert (layout.width, layout.height) == (50.0, 40.0)
    assert as_list(layout.x) == [0, 0] and as_list(layout.y) == [0, 20]
    # Only one axis smaller (height 100 >= 40): the usual size, (10, 20 + 40).
    assert lk.Flow().size([50, 30], [20, 40], 10, 100) == (10.0, 60.0)
    # Height unspecified: the usual size too.
    assert lk.Flow().size([50, 30], [20, 40], 10) == (10.0, 60.0)


def test_proposal_height_never_changes_rows():
    widths, heights = [30, 40, 50, 20], [10, 20, 10, 5]
    base = lk.flow(widths, heights, width=100, spacing=10)
    for height in (None, 0.0, 7.5, 1000.0, math.inf):
        other = lk.flow(widths, heights, width=100, height=height, spacing=10)
        assert as_list(other.x) == as_list(base.x) and as_list(other.y) == as_list(base.y)
        assert list(other.rows.start) == list(base.rows.start)
        assert (other.width, other.height) == (base.width, base.height)


def test_empty():
    layout = lk.flow([], [])
    assert (layout.width, layout.height) == (0.0, 0.0)
    assert len(layout) == 0 and len(layout.rows) == 0
    # With a finite proposal width the container takes it; height is 0 for no items.
    assert lk.Flow().size([], [], 100) == (100.0, 0.0)
    assert lk.Flow().row_count([], [], 100) == 0


def test_zero_sizes_are_allowed():
    layout = lk.flow([0, 0, 10], [0, 5, 0], width=10, spacing=0)
    assert as_list(layout.x) == [0, 0, 0]
    assert (layout.width, layout.height) == (10.0, 5.0)


@pytest.mark.parametrize("name, anchor", [
    ("topLeading", (0, 0)), ("top", (0.5, 0)), ("topTrailing", (1, 0)),
    ("leading", (0, 0.5)), ("center", (0.5, 0.5)), ("trailing", (1, 0.5)),
    ("bottomLeading", (0, 1)), ("bottom", (0.5, 1)), ("bottomTrailing", (1, 1)),
])
def test_alignment_names_match_their_anchor_pairs(name, anchor):
    # One row of items 10 and 20 tall in a 100-wide container; row width 10 + 20 = 30.
    widths, heights = [10, 20], [10, 20]
    by_name = lk.flow(widths, heights, width=100, alignment=name)
    by_pair = lk.flow(widths, heights, width=100, alignment=anchor)
    ax, ay = anchor
    assert as_list(by_name.x) == [ax * 70, 10 + ax * 70]
    assert as_list(by_name.y) == [ay * 10, 0]
    assert as_list(by_pair.x) == as_list(by_name.x) and as_list(by_pair.y) == as_list(by_name.y)
    assert lk.Flow(alignment=name).anchor == anchor


def test_fractional_anchor_pair():
    layout = lk.flow([10], [10], width=110, height=None, alignment=(0.25, 0.75))
    assert as_list(layout.x) == [25.0]


def test_breaks_as_indices_and_as_mask():
    # Five 10-wide items, unbounded width, breaks before items 2 and 4:
    # rows [0, 1], [2, 3], [4]; rows are 10 tall, line spacing 2 -> y 0, 12, 24.
    widths, heights = [10] * 5, [10] * 5
    expected_x, expected_y = [0, 10, 0, 10, 0], [0, 0, 12, 12, 24]
    masks = [
        [False, False, True, False, True],
        bytes([0, 0, 1, 0, 1]),
        bytearray([0, 0, 1, 0, 1]),
        array("B", [0, 0, 7, 0, 1]),  # any non-zero byte is a break
    ]
    for breaks in [[2, 4], (4, 2), range(2, 5, 2)] + masks:
        layout = lk.flow(widths, heights, line_spacing=2, breaks=breaks)
        assert as_list(layout.x) == expected_x, breaks
        assert as_list(layout.y) == expected_y, breaks
        assert list(layout.rows.start) == [0, 2, 4]
        assert (layout.width, layout.height) == (20.0, 34.0)


def test_break_before_first_item_and_repeated_indices_are_harmless():
    layout = lk.flow([10, 10], [5, 5], breaks=[0, 1, 1])
    assert list(layout.rows.start) == [0, 1]


def test_breaks_with_numpy():
    widths, heights = np.full(5, 10, np.float32), np.full(5, 10, np.float32)
    for breaks in (np.array([2, 4]), np.array([2, 4], dtype=np.uint16),
                   np.array([0, 0, 1, 0, 1], dtype=np.uint8),
                   np.array([False, False, True, False, True])):
        layout = lk.flow(widths, heights, breaks=breaks)
        assert list(layout.rows.start) == [0, 2, 4], breaks


def test_per_item_spacing_along_x():
    # spacing None: the gap between a and b is max(a.trailing, b.leading):
    # items 0|1: max(3, 5) = 5; items 1|2: max(0, 0) = 0 -> x = 0, 15, 25; width 35.
    layout = lk.flow([10, 10, 10], [10, 10, 10], spacing=None,
                     item_spacing=([0, 5, 0], [3, 0, 8], None, None))
    assert as_list(layout.x) == [0, 15, 25]
    assert layout.width == 35.0
    # A fixed spacing ignores the preferences.
    fixed = lk.flow([10, 10, 10], [10, 10, 10], spacing=1,
                    item_spacing=([0, 5, 0], [3, 0, 8], None, None))
    assert as_list(fixed.x) == [0, 11, 22]


def test_per_item_line_spacing_uses_the_tallest_items():
    # W = 25, gaps 0: rows [0, 1] and [2, 3]. Row 0's tallest is item 1 (h 8),
    # row 1's is item 3 (h 8). gapY = max(bottom[1], top[3]) = max(4, 7) = 7;
    # the preferences of items 0 and 2 (50 and 100) must not count.
    # Row 1 at y = 8 + 7 = 15; height 15 + 8 = 23.
    layout = lk.flow([10, 10, 10, 10], [5, 8, 6, 8], width=25, line_spacing=None,
                     item_spacing=(None, None, [0, 0, 100, 7], [50, 4, 0, 0]))
    assert as_list(layout.rows.y) == [0, 15]
    assert layout.height == 23.0


def test_per_item_line_spacing_tallest_is_the_first_of_equal_height():
    # Row 0 = items 0, 1 (both 8 tall): the tallest is item 0, so the gap is
    # max(bottom[0], top[2]) = max(1, 0) = 1, not bottom[1] = 9.
    layout = lk.flow([10, 10, 10], [8, 8, 8], width=20, line_spacing=None,
                     item_spacing=(None, None, None, [1, 9, 0]))
    assert as_list(layout.rows.y) == [0, 9]


def test_item_spacing_as_n_by_4_array():
    table = np.array([[0, 3, 0, 0], [5, 0, 0, 0], [0, 8, 0, 0]], dtype=np.float64)
    layout = lk.flow([10, 10, 10], [10, 10, 10], spacing=None, item_spacing=table)
    assert as_list(layout.x) == [0, 15, 25]


def test_row_y_is_exact_in_double_beyond_float_precision():
    # Row 1 starts at 2**24 + 1, which float32 cannot hold: the row table's
    # double y is exact, the item's float32 y is that value rounded.
    layout = lk.flow([1, 1], [2.0 ** 24, 1], line_spacing=1, breaks=[1])
    assert float(layout.rows.y[1]) == 2.0 ** 24 + 1
    assert float(layout.y[1]) == 2.0 ** 24


def test_size_and_row_count_agree_with_layout():
    import random
    rng = random.Random(7)
    flows = [lk.Flow(), lk.Flow(spacing=3, line_spacing=2, alignment="center"),
             lk.Flow(spacing=None, line_spacing=None, alignment="bottomTrailing")]
    for trial in range(60):
        n = rng.randrange(0, 40)
        widths = [rng.randrange(0, 64 * 50) / 64 for _ in range(n)]
        heights = [rng.randrange(0, 64 * 30) / 64 for _ in range(n)]
        spacing = [[rng.randrange(0, 64 * 8) / 64 for _ in range(n)] for _ in range(4)]
        width = rng.choice([None, math.inf, 0.0, 37.5, 120.0, 400.0])
        height = rng.choice([None, math.inf, 0.0, 10.0, 1000.0])
        for flow in flows:
            layout = flow.layout(widths, heights, width, height, item_spacing=spacing)
            assert flow.size(widths, heights, width, height, item_spacing=spacing) == \
                (layout.width, layout.height)
            assert flow.row_count(widths, heights, width, item_spacing=spacing) == len(layout.rows)
            assert sum(layout.rows.count) == n
