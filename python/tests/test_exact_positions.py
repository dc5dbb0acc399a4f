"""Exact positions: ``exact=True`` layouts (``Layout.x64``/``y64``) and the
engine's exact and relative queries, against float32's limit of 2**24 px."""

import pickle

import numpy as np
import pytest

import layoutkernel as lk

ROWS = 2_000_000
HEIGHTS = (22 + np.arange(ROWS) % 4).astype(np.float32)   # 22, 23, 24, 25, ...
WIDTHS = np.full(ROWS, 300, np.float32)


@pytest.fixture(scope="module")
def tall_list():
    """A flow of 2,000,000 items, one per row (47,000,000 px tall)."""
    return lk.flow(WIDTHS, HEIGHTS, width=400, line_spacing=1, exact=True)


def test_tall_list_stateless_positions_are_exact(tall_list):
    gaps = np.diff(tall_list.y64)
    assert tall_list.height == pytest.approx(float(HEIGHTS.sum(dtype=np.float64)) + ROWS - 1)
    assert np.array_equal(gaps, HEIGHTS[:-1].astype(np.float64) + 1)
    assert np.array_equal(tall_list.y64, tall_list.rows.y)
    # The float32 positions are those values rounded once; past 2**24 they collide.
    assert np.array_equal(tall_list.y64.astype(np.float32), tall_list.y)
    assert not np.array_equal(np.diff(tall_list.y.astype(np.float64)), gaps)
    assert np.array_equal(tall_list.x64, tall_list.x.astype(np.float64))


def test_tall_list_engine_positions_are_exact(tall_list):
    engine = lk.Engine(lk.Flow(line_spacing=1))
    engine.set_items(WIDTHS, HEIGHTS)
    x, y = engine.positions(0, ROWS, width=400, exact=True)
    assert np.array_equal(y, tall_list.y64) and np.array_equal(x, tall_list.x64)
    assert np.array_equal(np.diff(y), HEIGHTS[:-1].astype(np.float64) + 1)
    # Relative to a scroll offset near the end: small floats, exact.
    first = ROWS - 40
    origin = tall_list.y64[first]
    _, relative = engine.positions(first, 40, width=400, origin=(0.0, origin))
    assert relative.dtype == np.float32
    assert np.array_equal(relative, (tall_list.y64[first:] - origin).astype(np.float32))
    assert np.array_equal(np.diff(relative.astype(np.float64)), HEIGHTS[first:-1].astype(np.float64) + 1)
    # What a screen near the bottom shows, and the item under a point there.
    top, bottom = origin + 100.5, origin + 400.25
    want = np.flatnonzero((tall_list.y64 < bottom) & (tall_list.y64 + HEIGHTS > top))
    assert np.array_equal(engine.visible(0, top, 400, bottom, width=400, exact=True), want)
    k = ROWS - 7
    assert engine.item_at(10, tall_list.y64[k] + 0.25, width=400, exact=True) == k
    assert engine.item_at(10, tall_list.y64[k] - 0.25, width=400, exact=True) is None  # the line gap


def test_tall_list_engine_after_an_edit_near_the_top(tall_list):
    engine = lk.Engine(lk.Flow(line_spacing=1))
    engine.set_items(WIDTHS, HEIGHTS)
    engine.update(3, [300], [40])
    _, y = engine.positions(ROWS - 4, 4, width=400, exact=True)
    assert np.array_equal(y, tall_list.y64[-4:] + 40 - HEIGHTS[3])


@pytest.mark.parametrize("make", [
    lambda w, h, **k: lk.vstack(w, h, spacing=2, **k),
    lambda w, h, **k: lk.grid(w, h, columns=1, line_spacing=2, **k),
    lambda w, h, **k: lk.balanced(w, h, axis="vertical", spacing=2, **k),
], ids=["vstack", "grid", "balanced"])
def test_tall_kinds_have_exact_positions(make):
    n = 800_000   # past 2**24 px
    heights = HEIGHTS[:n]
    layout = make(WIDTHS[:n], heights, exact=True)
    steps = np.diff(layout.y64)
    cells = np.full(n - 1, heights.max(), np.float64) if len(set(layout.item_height[:2])) == 1 and \
        layout.item_height[0] == heights.max() else heights[:-1].astype(np.float64)
    assert np.array_equal(steps, cells + 2)
    assert np.array_equal(layout.y64.astype(np.float32), layout.y)


def test_every_kind_agrees_with_its_float_positions():
    rng = np.random.default_rng(7)
    widths = (rng.integers(0, 64 * 90, 300) / 64).astype(np.float32)
    heights = (rng.integers(0, 64 * 40, 300) / 64).astype(np.float32)
    descriptors = [lk.Flow(spacing=3, alignment="center"), lk.Flow(justify="space-between", direction="rtl"),
                   lk.Flow(axis="vertical", wrap_reverse=True), lk.HStack(spacing=1.5), lk.VStack(),
                   lk.ZStack(alignment="bottomTrailing"), lk.Grid(columns=7, spacing=2),
                   lk.Balanced(axis="vertical"), lk.Circle(radius=200)]
    for descriptor in descriptors:
        plain = descriptor.layout(widths, heights, 700, 500)
        exact = descriptor.layout(widths, heights, 700, 500, exact=True)
        assert plain.x64 is None and plain.y64 is None
        assert np.array_equal(exact.x, plain.x) and np.array_equal(exact.y, plain.y), descriptor
        if isinstance(descriptor, lk.Circle):   # its positions: within 1e-5 of its size
            assert np.allclose(exact.x64, plain.x, atol=1e-5 * exact.width)
        else:
            assert np.array_equal(exact.x64.astype(np.float32), plain.x), descriptor
            assert np.array_equal(exact.y64.astype(np.float32), plain.y), descriptor


def test_exact_into_out_and_pickled():
    first = lk.flow([10, 20, 30], [5, 6, 7], width=25, exact=True)
    again = lk.flow([1, 2], [3, 4], out=first)
    assert again is first and first.x64 is None
    lk.flow([1, 2], [3, 4], width=2, out=first, exact=True)
    assert first.y64.tolist() == [0.0, 3.0]
    copy = pickle.loads(pickle.dumps(first))
    assert copy.y64.tolist() == [0.0, 3.0] and copy.x64.tolist() == [0.0, 0.0]


def test_engine_exact_queries_check_their_arguments():
    engine = lk.Engine(lk.Grid(columns=2))
    engine.set_items([10, 20, 30], [5, 6, 7])
    with pytest.raises(ValueError, match="not both"):
        engine.positions(0, 1, exact=True, origin=(0, 0))
    with pytest.raises(ValueError, match="origin y"):
        engine.positions(0, 1, origin=(0, float("inf")))
    with pytest.raises(TypeError, match="origin"):
        engine.positions(0, 1, origin=5)
    with pytest.raises(ValueError, match="x0"):
        engine.visible(float("nan"), 0, 1, 1, exact=True)
    with pytest.raises(ValueError, match="reach past"):
        engine.positions(2, 5, exact=True)
    x, y = engine.positions(0, 3, exact=True)
    assert x.dtype == np.float64 and y.tolist() == [0.5, 0.0, 6.0]   # centred in rows 6 px tall


def test_visible_exact_on_a_stack_far_past_float():
    # An HStack of items up to 227,377,152 px wide, 7.3e9 px long: its float offsets are
    # tens of px off the exact ones. A rectangle starting one double below item 19's
    # exact far edge meets item 19, whose float frame ends before it.
    n = 80
    w = np.array([198, 133, 128, 227377152, 227377152] * 16, np.float32)
    h = np.array([196, 227377152, 516.984375, 227377152, 227377152] * 16, np.float32)
    stack = lk.HStack(alignment="topLeading")
    layout = stack.layout(w, h, exact=True)
    engine = lk.Engine(stack)
    engine.set_items(w, h)
    x0 = float(np.nextafter(layout.x64[19] + w[19], -np.inf))
    x1 = float(layout.x64[-1])
    want = [i for i in range(n) if layout.x64[i] < x1 and x0 < layout.x64[i] + w[i]]
    assert 19 in want and layout.x[19] + w[19] <= x0   # the float frame would miss it
    assert engine.visible(x0, 0, x1, 1e12, exact=True).tolist() == want
    assert engine.item_at(x0, 1, exact=True) == 19
