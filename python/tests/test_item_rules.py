"""A flow's item rules (SPEC.md §13): align_items, align_self, baselines, stretch,
min/max sizes and shrink, through the Python keywords. Exactness against the browser
is test_browser_fixtures.py's; here: the keywords, their errors, NumPy input, the
batch call and the engine."""

import math
import pickle

import numpy as np
import pytest

import layoutkernel as lk


def test_worked_case():
    # Three 60s shrink into 100; item 0 stops at its minimum of 50, the others share.
    layout = lk.flow([60, 60, 60], 10, 100, wrap="nowrap", shrink=[1, 1, 1], min_width=[50, None, None])
    assert layout.item_width.tolist() == [50, 25, 25]
    assert layout.x.tolist() == [0, 50, 75]
    # Baselines: the second item's baseline meets the first's (25 below the line's top).
    layout = lk.flow([10, 10], [20, 10], 100, align_items="baseline", baseline=[25, 5])
    assert layout.y.tolist() == [0, 20]
    assert layout.height == 30
    # Stretch: only stretchable items take the line's height, within their maximum.
    layout = lk.flow([10, 10, 10], [30, 10, 10], 100, align_items="stretch",
                     stretchable=[False, True, True], max_height=[math.nan, math.nan, 25])
    assert layout.item_height.tolist() == [30, 30, 25]
    # align_self overrides align_items; "auto" and None follow it.
    layout = lk.flow([10] * 4, [40, 10, 10, 10], 100, align_items="end",
                     align_self=["start", "auto", None, "center"])
    assert layout.y.tolist() == [0, 30, 30, 15]


def test_baselines_far_from_their_items():
    # A group's ascent plus descent cancels in floating point when the baseline lies far
    # outside a small item; the line still holds its items (SPEC.md §13 step 10).
    for far in (2.0**64, -2.0**64, 2.0**40):
        for alignment in ("baseline", "last-baseline"):
            layout = lk.flow([10, 10, 10], [441.71875, 20, 7], 25, align_items=alignment,
                             baseline=[far, far, 5])
            assert layout.rows.count.tolist() == [2, 1]
            assert layout.rows.height.tolist() == [441.71875, 7], (far, alignment)
            # Items 0 and 1 share the far baseline, so their tops meet, exactly where
            # Double holds the offsets and the items' sizes together; always inside the line.
            assert 0 <= layout.y[1] <= 441.71875 - 20 and layout.y.tolist()[::2] == [0, 441.71875]
            if abs(far) <= 2.0**40:
                assert layout.y[1] == 0, (far, alignment)


def test_numpy_inputs_match_lists():
    rng = np.random.default_rng(13)
    n = 500
    widths = rng.integers(10, 90, n).astype(np.float32)
    heights = rng.integers(10, 40, n).astype(np.float32)
    stretchable = rng.integers(0, 2, n).astype(bool)
    shrink = rng.integers(0, 3, n).astype(np.float32)
    min_width = np.where(rng.integers(0, 2, n) == 1, np.float32(30), np.float32(np.nan)).astype(np.float32)
    baseline = rng.integers(0, 30, n).astype(np.float32)
    flow = lk.Flow(4, 2, align_items="stretch", wrap="balance")
    arrays = flow.layout(widths, heights, 400, stretchable=stretchable, shrink=shrink, min_width=min_width,
                         baseline=baseline)
    lists = flow.layout(widths.tolist(), heights.tolist(), 400, stretchable=stretchable.tolist(),
                        shrink=shrink.tolist(), min_width=[None if math.isnan(v) else v for v in min_width.tolist()],
                        baseline=baseline.tolist())
    for name in ("x", "y", "item_width", "item_height"):
        assert getattr(arrays, name).tolist() == getattr(lists, name).tolist(), name
    # One value for every item.
    one = flow.layout(widths, heights, 400, stretchable=True, shrink=1.0)
    every = flow.layout(widths, heights, 400, stretchable=np.ones(n, bool), shrink=np.ones(n, np.float32))
    assert one.item_height.tolist() == every.item_height.tolist()
    assert flow.size(widths, heights, 400, stretchable=True, shrink=1.0) == (one.width, one.height)


def test_layout_many_lays_out_each_container_as_alone():
    rng = np.random.default_rng(7)
    counts = rng.integers(0, 12, 300)
    n = int(counts.sum())
    widths = rng.integers(5, 60, n).astype(np.float32)
    heights = rng.integers(5, 30, n).astype(np.float32)
    shrink = rng.integers(0, 3, n).astype(np.float32)
    max_width = rng.integers(10, 50, n).astype(np.float32)
    stretchable = rng.integers(0, 2, n).astype(bool)
    flow = lk.Flow(3, 3, align_items="stretch")
    many = flow.layout_many(widths, heights, counts, 100, shrink=shrink, max_width=max_width,
                            stretchable=stretchable)
    start = 0
    for k, count in enumerate(counts):
        end = start + int(count)
        alone = flow.layout(widths[start:end], heights[start:end], 100, shrink=shrink[start:end],
                            max_width=max_width[start:end], stretchable=stretchable[start:end])
        assert many[k].x.tolist() == alone.x.tolist()
        assert many[k].y.tolist() == alone.y.tolist()
        assert many[k].item_width.tolist() == alone.item_width.tolist()
        assert many[k].item_height.tolist() == alone.item_height.tolist()
        start = end


def test_keyword_errors():
    with pytest.raises(ValueError, match="align_items"):
        lk.Flow(align_items="middle")
    with pytest.raises(ValueError, match=r"align_self\[1\] is 'top'"):
        lk.flow([1, 2], [1, 2], align_self=["start", "top"])
    with pytest.raises(ValueError, match="align_self must have one entry per item"):
        lk.flow([1, 2], [1, 2], align_self=["start"])
    with pytest.raises(TypeError, match=r"stretchable\[0\] must be a bool"):
        lk.flow([1, 2], [1, 2], stretchable=[1, 0])
    with pytest.raises(ValueError, match="shrink must have one value per item"):
        lk.flow([1, 2], [1, 2], shrink=[1])
    # Values the library checks, naming the item.
    with pytest.raises(lk.InvalidItemError, match=r"min_width\[1\] is -1"):
        lk.flow([1, 2], [1, 2], min_width=[0, -1])
    with pytest.raises(lk.InvalidItemError, match=r"min_height\[0\] is inf"):
        lk.flow([1, 2], [1, 2], min_height=[math.inf, 0])
    with pytest.raises(lk.InvalidItemError, match=r"shrink\[0\] is nan"):
        lk.flow([1, 2], [1, 2], shrink=[math.nan, 0])
    with pytest.raises(lk.InvalidItemError, match=r"baseline\[1\] is -inf"):
        lk.flow([1, 2], [1, 2], baseline=[0, -math.inf])
    # A maximum may be infinite, a minimum above it wins.
    assert lk.flow([40], [1], max_width=[math.inf], min_width=[50]).item_width.tolist() == [50]


def test_engines_lay_out_item_rules():
    # An engine holds the item rules it is given, through edits, and answers as a
    # whole layout of the same items does; its pickle keeps them.
    rng = np.random.default_rng(11)
    n = 300
    widths = rng.integers(10, 90, n).astype(np.float32)
    heights = rng.integers(8, 40, n).astype(np.float32)
    rules = dict(align_self=[[None, "center", "end", "stretch", "baseline", "last-baseline"][k % 6] for k in range(n)],
                 baseline=np.where(rng.random(n) < 0.2, np.nan, rng.integers(0, 30, n)).astype(np.float32),
                 stretchable=rng.random(n) < 0.5, max_height=np.full(n, 35, np.float32),
                 min_width=np.where(rng.random(n) < 0.7, np.nan, 40).astype(np.float32),
                 shrink=np.ones(n, np.float32))
    for alignment in ("baseline", "last-baseline", None):
        flow = lk.Flow(4, 2, align_items=alignment, justify="space-between")
        engine = lk.Engine(flow)
        engine.set_items(widths, heights, **rules)
        assert engine.layout(250).y.tolist() == flow.layout(widths, heights, 250, **rules).y.tolist()
        # An update that brings another rule alone: the other items hold none of it,
        # and the updated item none of the rules it did not bring.
        engine.update(7, [55.0], [12.0], last_baseline=[3.0])
        w2, h2 = widths.copy(), heights.copy()
        w2[7], h2[7] = 55, 12
        last = np.full(n, np.nan, np.float32)
        last[7] = 3
        updated = {name: (values.copy() if isinstance(values, np.ndarray) else list(values))
                   for name, values in rules.items()}
        for name, absent in (("align_self", None), ("baseline", np.nan), ("stretchable", False),
                             ("max_height", np.nan), ("min_width", np.nan), ("shrink", 0)):
            updated[name][7] = absent
        expected = flow.layout(w2, h2, 250, last_baseline=last, **updated)
        placed = engine.layout(250)
        assert placed.x.tolist() == expected.x.tolist()
        assert placed.y.tolist() == expected.y.tolist()
        assert placed.item_height.tolist() == expected.item_height.tolist()
        assert engine.size(250) == (expected.width, expected.height)
        copy = pickle.loads(pickle.dumps(engine))
        assert copy.layout(250).y.tolist() == expected.y.tolist()
    with pytest.raises(lk.InvalidItemError, match=r"shrink\[0\]"):
        engine.insert(0, [1.0], [1.0], shrink=[-1.0])
    assert len(engine) == n
    with pytest.raises(TypeError):
        engine.insert(0, [1.0], [1.0], shrinking=[1.0])


def test_engines_take_anchor_alignments():
    # start, center, end and stretch (nothing stretchable) are anchors: an engine lays
    # them out as a whole layout does.
    widths, heights = [30, 30, 30, 50, 20], [10, 21, 5, 8, 13]
    for alignment in ("start", "center", "end", "stretch"):
        flow = lk.Flow(4, 2, align_items=alignment, wrap_reverse=alignment == "end")
        engine = lk.Engine(flow)
        engine.set_items(widths, heights)
        whole = flow.layout(widths, heights, 100)
        placed = engine.layout(100)
        assert placed.x.tolist() == whole.x.tolist()
        assert placed.y.tolist() == whole.y.tolist()
    centred = lk.flow(widths, heights, 100, spacing=4, line_spacing=2, align_items="center")
    assert centred.y.tolist()[:3] == [5.5, 0, 8]


def test_descriptor_keeps_align_items():
    flow = lk.Flow(2, align_items="last-baseline")
    assert flow.align_items == "last-baseline"
    assert "align_items='last-baseline'" in repr(flow)
    assert pickle.loads(pickle.dumps(flow)) == flow
    assert flow != lk.Flow(2)


def test_exact_positions_follow_the_rules():
    # Clamped sizes make the lines; the exact positions round to the float ones.
    layout = lk.flow([40, 90, 30, 70], [10, 20, 15, 5], 80, min_width=[50, None, None, None],
                     max_width=[30, 30, math.inf, 60], shrink=[1, 1, 0, 2], align_items="center", exact=True)
    assert layout.item_width.tolist() == [50, 30, 30, 60]
    assert np.float32(layout.x64).tolist() == layout.x.tolist()
    assert np.float32(layout.y64).tolist() == layout.y.tolist()


def test_row_count_makes_rows_of_the_bounded_sizes():
    # 40 and 90 do not share a row of 80; at their bounds (50 and 30) they do.
    flow = lk.Flow()
    assert flow.row_count([40, 90], [10, 10], 80) == 2
    bounded = flow.row_count([40, 90], [10, 10], 80, min_width=[50, None], max_width=[30, 30])
    assert bounded == 1 == len(flow.layout([40, 90], [10, 10], 80, min_width=[50, None], max_width=[30, 30]).rows)
