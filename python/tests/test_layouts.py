"""Every layout kind but the flow (the rules of lk_stack_params, lk_grid_params,
lk_balanced_params and lk_circle_params in the C header, layoutkernel.h), worked out
by hand; the descriptors' surface (lk_layout, AnyLayout); seed 001's AnyLayout switch."""

import math

import numpy as np
import pytest

import layoutkernel as lk
from reference_fixtures import result_of

W3, H3 = [30, 40, 50], [10, 20, 10]
W4, H4 = [30, 40, 50, 20], [10, 20, 10, 5]


def floats(values):
    return [float(v) for v in values]


def frames(layout):
    return floats(layout.x), floats(layout.y)


def rows_of(layout):
    return result_of(layout)[5]


# --- Stacks (lk_stack_params) -------------------------------------------------

def test_hstack_worked_example():
    # x: 0; 30 + 5 = 35; 35 + 40 + 5 = 80; width 80 + 50 = 130; height max h = 20.
    # Centre: y = 0.5 * (20 - h) = 5, 0, 5.
    layout = lk.hstack(W3, H3, spacing=5)
    assert (layout.width, layout.height) == (130.0, 20.0)
    assert frames(layout) == ([0, 35, 80], [5, 0, 5])
    assert floats(layout.item_width) == W3 and floats(layout.item_height) == H3
    assert rows_of(layout) == [(0, 3, 0.0, 130.0, 20.0)]


@pytest.mark.parametrize("alignment, y", [("top", [0, 0, 0]), ("bottomLeading", [10, 0, 10]),
                                          ((0.3, 0.25), [2.5, 0, 2.5])])
def test_hstack_aligns_across_its_axis_only(alignment, y):
    layout = lk.hstack(W3, H3, spacing=5, alignment=alignment)
    assert frames(layout) == ([0, 35, 80], y)


def test_hstack_ignores_the_proposal():
    for width, height in [(10, 10), (0, 0), (math.inf, None), (1000, 1000)]:
        layout = lk.hstack(W3, H3, spacing=5, width=width, height=height)
        assert (layout.width, layout.height) == (130.0, 20.0)  # overflows a small proposal
    assert lk.HStack(spacing=5).size(W3, H3, 10, 10) == (130.0, 20.0)


def test_hstack_per_item_spacing():
    # gaps max(trailing[a], leading[b]): max(4, 3) = 4, max(1, 7) = 7.
    sides = [[0, 3, 7], [4, 1, 0], [9, 9, 9], [9, 9, 9]]
    layout = lk.hstack(W3, H3, spacing=None, item_spacing=sides)
    assert floats(layout.x) == [0, 34, 81] and layout.width == 131.0


def test_vstack_worked_example():
    # y: 0; 10 + 5 = 15; 15 + 20 + 5 = 40; height 40 + 10 = 50; width max w = 50.
    # Centre: x = 0.5 * (50 - w) = 10, 5, 0.
    layout = lk.vstack(W3, H3, spacing=5)
    assert (layout.width, layout.height) == (50.0, 50.0)
    assert frames(layout) == ([10, 5, 0], [0, 15, 40])
    assert rows_of(layout) == [(0, 3, 0.0, 50.0, 50.0)]
    assert frames(lk.vstack(W3, H3, spacing=5, alignment="trailing")) == ([20, 10, 0], [0, 15, 40])
    assert frames(lk.vstack(W3, H3, alignment="bottomLeading")) == ([0, 0, 0], [0, 10, 30])


def test_vstack_per_item_spacing():
    # gaps max(bottom[a], top[b]): max(2, 6) = 6, max(8, 1) = 8.
    sides = [[9, 9, 9], [9, 9, 9], [0, 6, 1], [2, 8, 0]]
    layout = lk.vstack(W3, H3, spacing=None, item_spacing=sides)
    assert floats(layout.y) == [0, 16, 44] and layout.height == 54.0


def test_zstack_worked_example():
    layout = lk.zstack(W3, H3)
    assert (layout.width, layout.height) == (50.0, 20.0)
    assert frames(layout) == ([10, 5, 0], [5, 0, 5])
    assert frames(lk.zstack(W3, H3, alignment="bottomTrailing")) == ([20, 10, 0], [10, 0, 10])
    assert frames(lk.zstack(W3, H3, alignment="topLeading")) == ([0, 0, 0], [0, 0, 0])
    assert frames(lk.zstack(W3, H3, spacing=100)) == ([10, 5, 0], [5, 0, 5])  # unused
    assert rows_of(layout) == [(0, 3, 0.0, 50.0, 20.0)]


@pytest.mark.parametrize("shorthand", [lk.hstack, lk.vstack, lk.zstack])
def test_empty_stacks(shorthand):
    layout = shorthand([], [], spacing=5)
    assert (layout.width, layout.height) == (0.0, 0.0)
    assert len(layout) == 0 and len(layout.rows) == 0


# --- Grid (lk_grid_params) ----------------------------------------------------

def test_grid_fit_worked_example():
    # 2 columns: widths max(30, 50) = 50 and max(40, 20) = 40, x 0 and 50 + 10 = 60.
    # Rows: heights max(10, 20) = 20 and max(10, 5) = 10, y 0 and 20 + 5 = 25.
    # Centre in the cell: item 0 x 0 + 0.5 * (50 - 30) = 10, y 0.5 * (20 - 10) = 5;
    # item 3 x 60 + 0.5 * (40 - 20) = 70, y 25 + 0.5 * (10 - 5) = 27.5.
    layout = lk.grid(W4, H4, columns=2, spacing=10, line_spacing=5)
    assert (layout.width, layout.height) == (100.0, 35.0)
    assert frames(layout) == ([10, 60, 0, 70], [5, 0, 25, 27.5])
    assert rows_of(layout) == [(0, 2, 0.0, 100.0, 20.0), (2, 2, 25.0, 100.0, 10.0)]
    top_leading = lk.grid(W4, H4, columns=2, spacing=10, line_spacing=5, alignment="topLeading")
    assert frames(top_leading) == ([0, 60, 0, 60], [0, 0, 25, 25])


def test_grid_last_row_may_be_short():
    # 3 items in 2 columns: the last row holds one item and is one column wide.
    layout = lk.grid(W3, H3, columns=2, spacing=10, alignment="topLeading")
    assert (layout.width, layout.height) == (100.0, 30.0)
    assert rows_of(layout) == [(0, 2, 0.0, 100.0, 20.0), (2, 1, 20.0, 50.0, 10.0)]


def test_grid_columns_beyond_the_items_take_no_room():
    layout = lk.grid(W3, H3, columns=5, spacing=10, alignment="topLeading")
    assert (layout.width, layout.height) == (140.0, 20.0)
    assert floats(layout.x) == [0, 40, 90]


def test_grid_default_is_one_column():
    layout = lk.grid(W3, H3, line_spacing=2)
    assert lk.Grid().columns == 1 and lk.Grid() == lk.Grid(columns=1)
    assert (layout.width, layout.height) == (50.0, 44.0)
    assert frames(layout) == ([10, 5, 0], [0, 12, 34])


def test_grid_fill_shares_a_finite_width():
    # (200 - 10) / 2 = 95 per column, columns at 0 and 105; the grid is 200 wide.
    layout = lk.grid(W4, H4, columns=2, sizing="fill", width=200, spacing=10)
    assert (layout.width, layout.height) == (200.0, 30.0)
    assert frames(layout) == ([32.5, 132.5, 22.5, 142.5], [5, 0, 20, 22.5])
    assert floats(layout.rows.width) == [200, 200]


def test_grid_fill_without_a_finite_width_is_fit():
    fit = result_of(lk.grid(W4, H4, columns=2, spacing=10))
    for width in (None, math.inf):
        assert result_of(lk.grid(W4, H4, columns=2, sizing="fill", spacing=10,
                                 width=width)) == fit


def test_grid_fill_narrower_than_the_gaps():
    # (5 - 2 * 10) / 3 < 0: columns are 0 wide; items overflow their cells.
    layout = lk.grid(W3, H3, columns=3, sizing="fill", width=5, spacing=10,
                     alignment="topLeading")
    assert (layout.width, layout.height) == (5.0, 20.0)
    assert floats(layout.x) == [0, 10, 20]


def test_grid_fit_against_fill_on_the_same_items():
    fit = lk.grid(W4, H4, columns=2, width=300)
    fill = lk.grid(W4, H4, columns=2, sizing="fill", width=300)
    assert fit.width == 90.0 and fill.width == 300.0
    assert fit.height == fill.height == 30.0
    # Item 1 (40 wide) in column 1: fit x 50 (column 50 wide), fill x 150 + 0.5 * (150 - 40).
    assert floats(fit.x)[1] == 50.0 and floats(fill.x)[1] == 205.0


@pytest.mark.parametrize("width, columns", [
    (200, 4),   # floor((200 + 10) / (40 + 10)) = 4
    (239, 4), (240, 5),  # floor(249 / 50) = 4, floor(250 / 50) = 5
    (39, 1), (0, 1),  # at least one column
    (None, 6), (math.inf, 6),  # one per item
])
def test_grid_adaptive_column_count(width, columns):
    widths = [40.0] * 6
    layout = lk.grid(widths, [10.0] * 6, min_column_width=40, spacing=10, width=width)
    assert len(layout.rows) == -(-6 // columns)
    assert int(layout.rows.count[0]) == columns
    assert lk.Grid(min_column_width=40, spacing=10).row_count(
        widths, [10.0] * 6, width) == -(-6 // columns)


def test_grid_adaptive_fill():
    # 4 columns of (200 - 3 * 10) / 4 = 42.5.
    layout = lk.grid([40.0] * 6, [10.0] * 6, min_column_width=40, sizing="fill", spacing=10,
                     width=200, alignment="topLeading")
    assert floats(layout.x) == [0, 52.5, 105, 157.5, 0, 52.5]
    assert layout.width == 200.0


def test_empty_grid():
    assert lk.Grid(columns=3).size([], []) == (0.0, 0.0)
    assert len(lk.grid([], [], columns=3).rows) == 0
    assert lk.Grid(columns=3, sizing="fill").size([], [], 120) == (120.0, 0.0)


# --- Balanced stack (lk_balanced_params) --------------------------------------

def test_balanced_row_worked_example():
    # Cell (max w, max h) = (50, 20); x = i * 50 + i * 5; size (3 * 50 + 2 * 5, 20).
    layout = lk.balanced(W3, H3, spacing=5)
    assert (layout.width, layout.height) == (160.0, 20.0)
    assert frames(layout) == ([0, 55, 110], [0, 0, 0])
    assert floats(layout.item_width) == [50] * 3 and floats(layout.item_height) == [20] * 3
    assert rows_of(layout) == [(0, 3, 0.0, 160.0, 20.0)]


def test_balanced_column_worked_example():
    layout = lk.balanced(W3, H3, axis="vertical", spacing=5)
    assert (layout.width, layout.height) == (50.0, 70.0)
    assert frames(layout) == ([0, 0, 0], [0, 25, 50])
    assert floats(layout.item_width) == [50] * 3 and floats(layout.item_height) == [20] * 3


def test_balanced_per_item_spacing_follows_the_axis():
    sides = [[0, 3, 7], [4, 1, 0], [0, 6, 1], [2, 8, 0]]
    row = lk.balanced(W3, H3, spacing=None, item_spacing=sides)
    assert floats(row.x) == [0, 54, 111]  # gaps max(4, 3) = 4, max(1, 7) = 7
    column = lk.balanced(W3, H3, axis="vertical", spacing=None, item_spacing=sides)
    assert floats(column.y) == [0, 26, 54]  # gaps max(2, 6) = 6, max(8, 1) = 8


def test_balanced_ignores_the_proposal_and_handles_no_items():
    assert lk.Balanced().size(W3, H3, 10, 10) == (150.0, 20.0)
    assert lk.Balanced(axis="vertical").size([], []) == (0.0, 0.0)
    assert len(lk.balanced([], []).rows) == 0


# --- Circle (lk_circle_params) ------------------------------------------------

def test_circle_worked_example():
    # Size 2 * 50 + 10 = 110 each way; centre (55, 55); item centres at angles
    # 0, pi/2, pi, 3pi/2: (105, 55), (55, 105), (5, 55), (55, 5).
    layout = lk.circle([10] * 4, [10] * 4, radius=50)
    assert (layout.width, layout.height) == (110.0, 110.0)
    assert frames(layout) == ([100, 50, 0, 50], [50, 100, 50, 0])
    assert len(layout.rows) == 0 and len(layout) == 4


def test_circle_start_angle_and_anchor():
    layout = lk.circle([10, 20], [10, 30], radius=40, start_angle=math.pi / 2)
    # Size (80 + 20, 80 + 30) = (100, 110), centre (50, 55): item 0 at the bottom.
    x, y = frames(layout)
    assert (layout.width, layout.height) == (100.0, 110.0)
    assert x == pytest.approx([45, 40], abs=1e-4) and y == pytest.approx([90, 0], abs=1e-4)
    corner = lk.circle([10, 20], [10, 30], radius=40, anchor="topLeading")
    x, y = frames(corner)
    assert x == pytest.approx([90, 10], abs=1e-4) and y == pytest.approx([55, 55], abs=1e-4)


def test_circle_default_anchor_keeps_items_inside():
    widths, heights = [30, 12, 50, 8, 26], [10, 40, 6, 22, 18]
    layout = lk.circle(widths, heights, radius=70, start_angle=0.3)
    for x, y, w, h in zip(layout.x, layout.y, widths, heights):
        assert -1e-4 <= x and x + w <= layout.width + 1e-4
        assert -1e-4 <= y and y + h <= layout.height + 1e-4


def test_circle_ignores_the_proposal_and_handles_no_items():
    assert lk.Circle(radius=5).size([4], [2], 1, 1) == (14.0, 12.0)
    assert lk.Circle(radius=5).size([], []) == (10.0, 10.0)
    assert lk.Circle(radius=5).row_count([1, 2], [1, 2]) == 0


# --- Descriptors (lk_layout) --------------------------------------------------

DESCRIPTORS = [
    lk.HStack(), lk.HStack(spacing=None, alignment="top"),
    lk.VStack(spacing=3, alignment=(0.25, 1)),
    lk.ZStack(alignment="bottomTrailing"), lk.Grid(), lk.Grid(columns=3, sizing="fill"),
    lk.Grid(min_column_width=40.5, spacing=2, line_spacing=1, alignment="leading"),
    lk.Balanced(), lk.Balanced(axis="vertical", spacing=None), lk.Circle(10),
    lk.Circle(radius=20, start_angle=1.5, anchor=(0, 0)),
]
NAMESPACE = {name: getattr(lk, name)
             for name in ("Flow", "HStack", "VStack", "ZStack", "Grid", "Balanced", "Circle")}


def test_public_names():
    for name in ("HStack", "VStack", "ZStack", "Grid", "Balanced", "Circle", "hstack", "vstack",
                 "zstack", "grid", "balanced", "circle", "first_fit"):
        assert name in lk.__all__ and hasattr(lk, name), name


@pytest.mark.parametrize("descriptor", DESCRIPTORS, ids=repr)
def test_repr_round_trips(descriptor):
    again = eval(repr(descriptor), NAMESPACE)
    assert again == descriptor and hash(again) == hash(descriptor)


def test_reprs():
    assert repr(lk.HStack()) == "HStack(spacing=0.0, alignment='center')"
    assert repr(lk.Grid(columns=2)) == \
        "Grid(columns=2, sizing='fit', spacing=0.0, line_spacing=0.0, alignment='center')"
    assert repr(lk.Grid(min_column_width=40)) == (
        "Grid(min_column_width=40.0, sizing='fit', spacing=0.0, line_spacing=0.0, "
        "alignment='center')")
    assert repr(lk.Balanced(axis="vertical", spacing=None)) == \
        "Balanced(axis='vertical', spacing=None)"
    assert repr(lk.Circle(5)) == "Circle(radius=5.0, start_angle=0.0, anchor='center')"


def test_equality_and_hash():
    assert lk.HStack(alignment="center") == lk.HStack(alignment=(0.5, 0.5))
    assert lk.HStack() != lk.VStack() and lk.VStack() != lk.ZStack()
    assert lk.HStack(spacing=None) != lk.HStack(spacing=0)
    assert lk.Grid(columns=2) != lk.Grid(min_column_width=2)
    assert lk.Grid(sizing="fit") != lk.Grid(sizing="fill")
    assert lk.Balanced() == lk.Balanced(axis="horizontal", spacing=0)
    assert lk.Circle(1, anchor="topLeading") == lk.Circle(1.0, anchor=(0, 0))
    assert lk.Circle(1) != lk.Circle(1, start_angle=0.5)
    assert lk.Flow() != lk.HStack() and lk.HStack() != "HStack()"
    assert len(set(DESCRIPTORS + DESCRIPTORS)) == len(DESCRIPTORS)


def test_defaults_and_properties():
    assert (lk.HStack().spacing, lk.HStack().alignment, lk.HStack().anchor) == \
        (0.0, "center", (0.5, 0.5))
    grid = lk.Grid(min_column_width=30)
    assert (grid.columns, grid.min_column_width, grid.sizing, grid.spacing, grid.line_spacing,
            grid.alignment) == (None, 30.0, "fit", 0.0, 0.0, "center")
    assert (lk.Grid(columns=4).columns, lk.Grid(columns=4).min_column_width) == (4, None)
    assert (lk.Balanced().axis, lk.Balanced().spacing) == ("horizontal", 0.0)
    circle = lk.Circle(radius=3, anchor=(0.25, 1))
    assert (circle.radius, circle.start_angle, circle.anchor, circle.anchor_point) == \
        (3.0, 0.0, (0.25, 1.0), (0.25, 1.0))


@pytest.mark.parametrize("descriptor", DESCRIPTORS, ids=repr)
def test_descriptors_are_immutable(descriptor):
    for name in ("spacing", "alignment", "anchor", "columns", "sizing", "axis", "radius"):
        if hasattr(descriptor, name):
            with pytest.raises(AttributeError):
                setattr(descriptor, name, 1)
    with pytest.raises(AttributeError):
        descriptor.extra = 1


@pytest.mark.parametrize("descriptor", DESCRIPTORS, ids=repr)
def test_size_and_row_count_agree_with_layout(descriptor):
    for width in (None, 0.0, 75.0, math.inf):
        layout = descriptor.layout(W4, H4, width, 30.0)
        assert descriptor.size(W4, H4, width, 30.0) == (layout.width, layout.height)
        assert descriptor.row_count(W4, H4, width, 30.0) == len(layout.rows)


@pytest.mark.parametrize("shorthand, descriptor, keywords", [
    (lk.hstack, lk.HStack(spacing=4, alignment="bottom"), {"spacing": 4, "alignment": "bottom"}),
    (lk.vstack, lk.VStack(spacing=None), {"spacing": None}),
    (lk.zstack, lk.ZStack(alignment=(1, 0)), {"alignment": (1, 0)}),
    (lk.grid, lk.Grid(columns=3, sizing="fill", spacing=2, line_spacing=3, alignment="top"),
     {"columns": 3, "sizing": "fill", "spacing": 2, "line_spacing": 3, "alignment": "top"}),
    (lk.grid, lk.Grid(min_column_width=20), {"min_column_width": 20}),
    (lk.balanced, lk.Balanced(axis="vertical", spacing=6), {"axis": "vertical", "spacing": 6}),
    (lk.circle, lk.Circle(radius=12, start_angle=2, anchor="bottom"),
     {"radius": 12, "start_angle": 2, "anchor": "bottom"}),
])
def test_shorthands_are_the_descriptors(shorthand, descriptor, keywords):
    sides = [[1, 2, 3, 4]] * 4
    extra = {"item_spacing": sides} if "item_spacing" in shorthand.__code__.co_varnames else {}
    direct = shorthand(W4, H4, width=70, height=50, **keywords, **extra)
    via = descriptor.layout(W4, H4, 70, 50, **extra)
    assert result_of(direct) == result_of(via)


def test_shorthands_take_only_the_proposal_by_position():
    with pytest.raises(TypeError):
        lk.hstack(W3, H3, 100, 100, 8)   # spacing is a keyword
    with pytest.raises(TypeError):
        lk.grid(W3, H3, 100, None, 2)    # columns too


def test_sizes_in_any_input_kind():
    expected = result_of(lk.grid(W4, H4, columns=2))
    for make in (np.float32, np.float64, np.int64):
        assert result_of(lk.grid(np.array(W4, make), np.array(H4, make), columns=2)) == expected
    assert result_of(lk.grid(tuple(W4), (float(v) for v in H4), columns=2)) == expected


def test_results_without_numpy(monkeypatch):
    from layoutkernel import _numpy
    expected = result_of(lk.balanced(W3, H3, spacing=5))
    monkeypatch.setattr(_numpy, "np", None)
    layout = lk.balanced(W3, H3, spacing=5)
    assert type(layout.x).__name__ == "array" and result_of(layout) == expected


def test_docstrings():
    for obj in (lk.HStack, lk.VStack, lk.ZStack, lk.Grid, lk.Balanced, lk.Circle, lk.hstack,
                lk.vstack, lk.zstack, lk.grid, lk.balanced, lk.circle, lk.first_fit,
                lk.HStack.layout, lk.Grid.size, lk.Circle.row_count):
        assert obj.__doc__ and len(obj.__doc__.strip()) > 40, obj


# --- Seed 001: AnyLayout switches the kind over the same items --------------------

SEED_001_KINDS = {
    # The seed's LayoutKind cases and the layout each one selects.
    "vertical": lk.VStack(),
    "horizontal": lk.HStack(),
    "z": lk.ZStack(),
    "grid": lk.Grid(columns=2),
    "circle": lk.Circle(radius=100),
}


def test_seed_001_layout_switch():
    # Four coloured squares of 60 x 60 and one 120 x 40 bar.
    widths, heights = [60, 60, 60, 60, 120], [60, 60, 60, 60, 40]
    sizes = {kind: descriptor.size(widths, heights, 390, 844)
             for kind, descriptor in SEED_001_KINDS.items()}
    assert sizes == {
        "vertical": (120.0, 280.0),    # widest item; 4 * 60 + 40
        "horizontal": (360.0, 60.0),   # 4 * 60 + 120; tallest item
        "z": (120.0, 60.0),            # (max w, max h)
        "grid": (180.0, 160.0),        # columns max(60, 60, 120) = 120 and 60; rows 60, 60, 40
        "circle": (320.0, 260.0),      # 2 * 100 + (120, 60)
    }
    # The same items go through every kind; only the descriptor changes.
    for kind, descriptor in SEED_001_KINDS.items():
        layout = descriptor.layout(widths, heights, 390, 844)
        assert len(layout) == 5
        assert floats(layout.item_width) == widths  # no kind of seed 001 resizes items
    vertical = SEED_001_KINDS["vertical"].layout(widths, heights)
    assert frames(vertical) == ([30, 30, 30, 30, 0], [0, 60, 120, 180, 240])
    grid = SEED_001_KINDS["grid"].layout(widths, heights)
    assert frames(grid) == ([30, 120, 30, 120, 0], [0, 0, 60, 60, 120])


def test_shorthands_take_the_proposal_as_their_descriptors_do():
    # lk.flow(w, h, width, height) as Flow().layout(w, h, width, height), for every kind.
    widths, heights = [10.0, 20.0, 30.0, 5.0], [5.0, 6.0, 7.0, 8.0]
    pairs = [(lk.flow, lk.Flow(), {}), (lk.hstack, lk.HStack(), {}), (lk.vstack, lk.VStack(), {}),
             (lk.zstack, lk.ZStack(), {}), (lk.grid, lk.Grid(min_column_width=10), {"min_column_width": 10}),
             (lk.balanced, lk.Balanced(), {}), (lk.circle, lk.Circle(radius=9), {"radius": 9})]
    for shorthand, descriptor, keywords in pairs:
        positional = shorthand(widths, heights, 32, 50, **keywords)
        by_name = shorthand(widths, heights, width=32, height=50, **keywords)
        described = descriptor.layout(widths, heights, 32, 50)
        for layout in (positional, by_name):
            assert (layout.width, layout.height) == (described.width, described.height), shorthand
            assert list(layout.x) == list(described.x) and list(layout.y) == list(described.y), shorthand
    assert len(lk.flow(widths, heights, 32).rows) == 3   # rows of 10 + 20, 30, 5: at most 32 wide
