"""lk.first_fit (lk_first_fit in the C header, SwiftUI's ViewThatFits): seeds 002 and 003, the
10-for-unspecified rule, the last-candidate rule, and the real proposal. (Random
first-fit cases are replayed from the reference fixtures: test_reference_fixtures.py.)"""

import math
import random

import pytest

import layoutkernel as lk
from reference_fixtures import result_of

# Seed 002: the texts "hi", "!", "beautiful", "world" (widths as a 17 pt font
# gives them roughly), each 20 high, 8 apart.
TEXTS_W, TEXTS_H = [18.0, 6.0, 74.0, 44.0], [20.0, 20.0, 20.0, 20.0]
ROW, COLUMN = lk.Balanced(spacing=8), lk.Balanced(axis="vertical", spacing=8)


def balanced_candidates():
    return [(ROW, TEXTS_W, TEXTS_H), (COLUMN, TEXTS_W, TEXTS_H)]


def test_seed_002_ideal_sizes():
    # Row: 4 cells of 74 and 3 gaps: 320 x 20. Column: 74 x (4 * 20 + 3 * 8) = 74 x 104.
    assert ROW.size(TEXTS_W, TEXTS_H) == (320.0, 20.0)
    assert COLUMN.size(TEXTS_W, TEXTS_H) == (74.0, 104.0)


@pytest.mark.parametrize("width, height, axes, index", [
    (400, 300, "both", 0),        # the row fits
    (320, 20, "both", 0),         # exactly: ideal <= proposal
    (319.5, 300, "both", 1),      # too narrow: the column
    (400, 19, "both", 1),         # too low
    (400, None, "both", 1),       # an unspecified height counts as 10 < 20
    (400, None, "horizontal", 0),  # ... unless only the width is constrained
    (300, 5, "vertical", 1),      # height 20 > 5
    (300, 20, "vertical", 0),     # only the height is constrained
    (None, None, "both", 1),      # 10 x 10
    (math.inf, math.inf, "both", 0),
])
def test_seed_002_balanced_row_falls_back_to_a_column(width, height, axes, index):
    chosen, layout = lk.first_fit(balanced_candidates(), width, height, axes)
    assert chosen == index
    expected = (ROW, COLUMN)[index].layout(TEXTS_W, TEXTS_H, width, height)
    assert result_of(layout) == result_of(expected)
    assert layout.item_width.tolist() == [74.0] * 4  # the cell


def test_seed_002_column_layout():
    chosen, layout = lk.first_fit(balanced_candidates(), 200, 400)
    assert chosen == 1
    assert (layout.width, layout.height) == (74.0, 104.0)
    assert layout.y.tolist() == [0, 28, 56, 84] and layout.x.tolist() == [0] * 4


# Seed 003: ViewThatFits(in: .horizontal) { HStack(spacing: 0) { logo; title }
#                                            VStack(spacing: 0) { logo; title } }
# with a logo of ideal size 100 x 100 and a title 96 x 20, the width slid from 90 to 250.
LOGO_AND_TITLE = ([100.0, 96.0], [100.0, 20.0])


def seed_003(width):
    return lk.first_fit([(lk.HStack(spacing=0), *LOGO_AND_TITLE),
                         (lk.VStack(spacing=0), *LOGO_AND_TITLE)], width, 130, "horizontal")


def test_seed_003_switch_on_the_horizontal_axis():
    for width in range(90, 251):
        chosen, layout = seed_003(float(width))
        assert chosen == (0 if width >= 196 else 1), width
        assert (layout.width, layout.height) == ((196.0, 100.0) if chosen == 0 else (100.0, 120.0))
    for width in (195.984375, 196.015625):
        assert seed_003(width)[0] == (0 if width >= 196 else 1)


def test_seed_003_last_candidate_is_chosen_even_when_it_does_not_fit():
    # At 90 the VStack's ideal width (100) does not fit either; it is still shown.
    chosen, layout = seed_003(90.0)
    assert chosen == 1 and layout.width == 100.0 > 90.0
    many = [(lk.HStack(spacing=0), *LOGO_AND_TITLE)] * 3
    assert lk.first_fit(many, 10, 10)[0] == 2


def test_one_candidate_is_always_chosen():
    # The last candidate's ideal size is never judged.
    assert lk.first_fit([(lk.HStack(), [500.0], [500.0])], 1, 1)[0] == 0


def test_chosen_by_ideal_size_laid_out_with_the_real_proposal():
    # The flow's ideal size (the unspecified proposal: one row, 30 + 40 = 70 wide) fits
    # 100; laid out for width 100, it is 100 wide. Fill grid: ideal = fit, real = fill.
    flow = lk.Flow()
    chosen, layout = lk.first_fit([(flow, [30, 40], [10, 10]), (lk.VStack(), [30], [10])],
                                  100, 50)
    assert chosen == 0 and layout.width == 100.0
    grid = lk.Grid(columns=2, sizing="fill")
    chosen, layout = lk.first_fit([(grid, [30, 40], [10, 10]), (lk.VStack(), [30], [10])],
                                  200, 50)
    assert chosen == 0 and layout.width == 200.0 and layout.x.tolist() == [35.0, 130.0]


def test_candidates_have_their_own_items():
    # The result holds the chosen candidate's items, fewer or more than the others'.
    candidates = [(lk.HStack(), [60.0] * 5, [10.0] * 5), (lk.Grid(columns=2), [60.0] * 3,
                                                          [10.0] * 3),
                  (lk.ZStack(), [1.0] * 9, [1.0] * 9)]
    chosen, layout = lk.first_fit(candidates, 150, 100)
    assert chosen == 1 and len(layout) == 3 and len(layout.rows) == 2
    assert result_of(layout) == result_of(lk.grid([60.0] * 3, [10.0] * 3, columns=2,
                                                  width=150, height=100))
    chosen, layout = lk.first_fit(candidates, 10, 10)
    assert chosen == 2 and len(layout) == 9


def test_per_item_spacing_as_a_fourth_element():
    sides = [[0, 5], [5, 0], [0, 0], [0, 0]]
    chosen, layout = lk.first_fit([(lk.HStack(spacing=None), [10, 10], [10, 10], sides)], 100, 100)
    assert layout.x.tolist() == [0.0, 15.0]


def test_every_kind_as_a_candidate_matches_its_own_layout():
    rng = random.Random(7)
    descriptors = [lk.Flow(spacing=4, line_spacing=2, alignment="center"), lk.HStack(spacing=3),
                   lk.VStack(alignment="trailing"), lk.ZStack(), lk.Grid(columns=3, spacing=2),
                   lk.Grid(min_column_width=25, sizing="fill"), lk.Balanced(axis="vertical"),
                   lk.Circle(radius=30, start_angle=0.5)]
    for _ in range(40):
        n = rng.randrange(0, 12)
        w = [rng.randrange(0, 64 * 50) / 64 for _ in range(n)]
        h = [rng.randrange(0, 64 * 30) / 64 for _ in range(n)]
        width = rng.choice([None, math.inf, 0.0, 90.0, 250.5])
        height = rng.choice([None, 40.0, 1000.0])
        for descriptor in descriptors:
            chosen, layout = lk.first_fit([(descriptor, w, h)], width, height)
            assert chosen == 0
            assert result_of(layout) == result_of(descriptor.layout(w, h, width, height))
