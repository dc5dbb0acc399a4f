"""max_lines and the overflow item (SPEC.md §12): the last items hidden (NaN, size 0,
counted), the "+N" item at the end of the last kept line, which gives up items until
it fits; through lk.flow, Flow.layout, out= and pickles; the keyword errors."""

import math
import pickle

import pytest

import layoutkernel as lk

FIVE = [40.0] * 5


def test_later_lines_are_hidden():
    two = lk.flow(FIVE, 10, 100, spacing=10, line_spacing=5, max_lines=2)
    assert two.hidden == 1 and two.overflow is None
    assert two.x.tolist()[:4] == [0, 50, 0, 50] and math.isnan(two.x[4]) and math.isnan(two.y[4])
    assert two.item_width.tolist() == [40, 40, 40, 40, 0] and (two.width, two.height) == (100, 25)
    assert len(two.rows) == 2
    # As many lines as the flow makes: nothing hidden.
    three = lk.flow(FIVE, 10, 100, spacing=10, line_spacing=5, max_lines=3, overflow_item=(30, 12))
    assert three.hidden == 0 and three.overflow is None
    assert three.x.tolist() == lk.flow(FIVE, 10, 100, spacing=10, line_spacing=5).x.tolist()


def test_the_overflow_item_ends_the_last_line():
    # [40, 40] + 10 + 30 > 100: the line gives up one item; [40] + 10 + 30 fits.
    two = lk.flow(FIVE, 10, 100, spacing=10, line_spacing=5, max_lines=2, overflow_item=(30, 12))
    assert two.hidden == 2 and two.overflow == (50.0, 15.0, 30.0, 12.0)
    assert [int(c) for c in two.rows.count] == [2, 2]  # the last row counts the overflow item
    assert two.height == 27
    alone = lk.Flow(spacing=10, line_spacing=5, max_lines=2, overflow_item=(150, 10)).layout(FIVE, 10, 100)
    assert alone.hidden == 3 and alone.overflow == (0.0, 15.0, 150.0, 10.0)
    # Balanced lines [40, 40] [40] keep the first; nowrap keeps everything.
    balanced = lk.flow([40, 40, 40], 10, 100, spacing=10, wrap="balance", max_lines=1, overflow_item=(10, 10))
    assert balanced.hidden == 2 and balanced.overflow == (50.0, 0.0, 10.0, 10.0)
    assert lk.flow(FIVE, 10, 100, wrap="nowrap", max_lines=1).hidden == 0
    assert lk.Flow(spacing=10, max_lines=2).row_count(FIVE, 10, width=100) == 2


def test_results_carry_it():
    flow = lk.Flow(spacing=10, line_spacing=5, max_lines=2, overflow_item=(30, 12))
    layout = flow.layout(FIVE, 10, 100)
    copy = pickle.loads(pickle.dumps(layout))
    assert (copy.hidden, copy.overflow) == (2, (50.0, 15.0, 30.0, 12.0))
    # out=: a later call that hides nothing reports nothing hidden.
    again = lk.flow(FIVE, 10, 1000, spacing=10, out=layout)
    assert again is layout and (layout.hidden, layout.overflow) == (0, None)
    assert flow == pickle.loads(pickle.dumps(flow)) and "overflow_item=(30.0, 12.0)" in repr(flow)
    assert (flow.max_lines, flow.overflow_item) == (2, (30.0, 12.0))
    assert lk.Flow(max_lines=2) != lk.Flow(max_lines=3) != lk.Flow()


def test_keyword_errors():
    for bad in (0, -1, 1.5, True, "2", 2**31):
        with pytest.raises(ValueError, match="max_lines must be None or an integer >= 1"):
            lk.Flow(max_lines=bad)
    with pytest.raises(TypeError, match="overflow_item must be None or a"):
        lk.Flow(max_lines=1, overflow_item=(1,))
    with pytest.raises(TypeError, match="overflow_item must be a pair of numbers"):
        lk.Flow(max_lines=1, overflow_item=("1", 2))
    with pytest.raises(ValueError, match="NaN"):
        lk.Flow(max_lines=1, overflow_item=(1, math.nan))
    with pytest.raises(lk.LayoutError, match="overflow_item.width"):
        lk.flow([1], [1], max_lines=1, overflow_item=(-1, 2))


def test_layout_many_reports_each_container():
    """layout_many gives each container the hidden count and overflow frame its own
    layout gives, on one thread and split over threads."""
    np = pytest.importorskip("numpy")
    rng = np.random.default_rng(12)
    counts = rng.integers(0, 24, 3000)
    n = int(counts.sum())
    widths = rng.integers(10, 60, n).astype(np.float32)
    heights = rng.integers(5, 20, n).astype(np.float32)
    flow = lk.Flow(spacing=4, line_spacing=2, max_lines=2, overflow_item=(25, 8))
    first = np.concatenate(([0], np.cumsum(counts)[:-1]))
    for threads in (1, 2):
        previous = lk.max_threads()
        lk.set_max_threads(threads)
        try:
            many = flow.layout_many(widths, heights, counts, width=120)
        finally:
            lk.set_max_threads(previous)
        assert many.hidden.shape == (len(counts),) and many.overflow.shape == (len(counts), 4)
        hid = 0
        for k in range(len(counts)):
            own = flow.layout(widths[first[k]:first[k] + counts[k]], heights[first[k]:first[k] + counts[k]], 120)
            assert (many[k].hidden, many[k].overflow) == (own.hidden, own.overflow), k
            np.testing.assert_array_equal(many[k].item_width, own.item_width)  # hidden items: 0
            np.testing.assert_array_equal(many[k].item_height, own.item_height)
            assert int(many.hidden[k]) == own.hidden
            assert np.isnan(many.overflow[k]).all() == (own.overflow is None)
            hid += own.hidden > 0
        assert hid > 1000  # the case is one that hides items
    # Reused through out=: a call that hides nothing clears what the last one reported.
    again = lk.Flow(spacing=4).layout_many(widths, heights, counts, width=120, out=many)
    assert again is many and not many.hidden.any() and np.isnan(many.overflow).all()
    assert all((layout.hidden, layout.overflow) == (0, None) for layout in many)


def test_an_engine_reports_what_a_fresh_layout_does():
    """An engine holding a flow with max_lines gives the hidden count, the overflow
    frame, positions (NaN for hidden items) and visible items of a fresh layout of its
    items, after edits, greedy and balanced."""
    np = pytest.importorskip("numpy")
    rng = np.random.default_rng(34)
    n = 5000
    widths = rng.integers(10, 60, n).astype(np.float32)
    heights = rng.integers(5, 20, n).astype(np.float32)
    for wrap in ("wrap", "balance"):
        flow = lk.Flow(spacing=4, line_spacing=2, wrap=wrap, max_lines=3, overflow_item=(25, 8))
        engine = lk.Engine(flow)
        engine.set_items(widths, heights)
        for at in (0, 7, n - 1, 2500):
            widths[at] = rng.integers(10, 60)
            engine.update(at, widths[at:at + 1], heights[at:at + 1])
            fresh = flow.layout(widths, heights, 300)
            held = engine.layout(300)
            assert fresh.hidden > n - 100 and (held.hidden, held.overflow) == (fresh.hidden, fresh.overflow)
            np.testing.assert_array_equal(held.x, fresh.x)
            np.testing.assert_array_equal(held.item_width, fresh.item_width)
            x, y = engine.positions(n - 10, 10, 300)
            assert np.isnan(x).all() and np.isnan(y).all()
            x, y = engine.positions(0, 10, 300, exact=True)
            np.testing.assert_array_equal(x.astype(np.float32), fresh.x[:10])
            shown = np.flatnonzero(~np.isnan(fresh.x))
            assert list(engine.visible(0, 0, 300, 100, 300)) == list(shown)
