"""Property-based tests of the Python surface (Hypothesis; derandomized, so every run
draws the same examples): random arguments, valid and not, to every layout call. A call either returns a layout whose invariants hold
(one position per item, rows that partition the items in order, a finite size) or
raises the documented exception class; nothing else (no crash, no other error), and
no result shares memory with a later call."""

import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import layoutkernel as lk

# Valid lengths: ordinary ones, and the edges (zero, -0, 1/64, huge, the largest).
BAD_LENGTHS = [math.nan, math.inf, -math.inf, -1.0, -0.5, 2.0 ** 65]
lengths = st.one_of(st.floats(0, 200, allow_nan=False, width=32),
                    st.sampled_from([0.0, -0.0, 1 / 64, 2.0 ** 20, 2.0 ** 64]))
ordinary = st.floats(0, 200, allow_nan=False, width=32)
# A proposal axis: None is unspecified (a NaN is a ValueError, tested in test_item_arguments).
axes = st.one_of(st.none(), st.just(math.inf), st.floats(0, 2000, allow_nan=False))


def spoil(data, arrays):
    """Half the time, one value of one of ``arrays`` (lists, some None) made invalid;
    returns whether one was."""
    present = [a for a in arrays if a]
    if not present or data.draw(st.booleans()):
        return False
    values = data.draw(st.sampled_from(present))
    values[data.draw(st.integers(0, len(values) - 1))] = data.draw(st.sampled_from(BAD_LENGTHS))
    return True


def check_layout(layout, n):
    assert len(layout.x) == n and len(layout.y) == n
    assert len(layout.item_width) == n and len(layout.item_height) == n
    assert not math.isnan(layout.width) and not math.isnan(layout.height)
    assert layout.width >= 0 and layout.height >= 0
    rows = layout.rows
    starts, counts = list(rows.start), list(rows.count)
    if n == 0 or not starts:
        return
    # Rows partition the items in order (stacks: one row; a circle: none).
    assert starts[0] == 0 and all(c >= 1 for c in counts)
    assert all(a + c == b for a, c, b in zip(starts, counts, starts[1:]))
    assert starts[-1] + counts[-1] == n


FEATURES = st.fixed_dictionaries({}, optional={
    "justify": st.sampled_from([None, "start", "center", "end", "space-between", "space-around",
                                "space-evenly"]),
    "direction": st.sampled_from(["ltr", "rtl"]),
    "reverse": st.booleans(),
    "wrap_reverse": st.booleans(),
    "axis": st.sampled_from(["horizontal", "vertical"]),
    "align_content": st.sampled_from([None, "start", "center", "end", "space-between", "space-around",
                                      "space-evenly", "stretch"]),
})


@settings(max_examples=400, deadline=None, database=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_flow_calls_return_a_valid_layout_or_a_layout_error(data):
    n = data.draw(st.integers(0, 40))
    widths = data.draw(st.lists(lengths, min_size=n, max_size=n))
    heights = data.draw(st.lists(lengths, min_size=n, max_size=n))
    spacing = data.draw(st.one_of(st.none(), lengths))
    width, height = data.draw(axes), data.draw(axes)
    features = data.draw(FEATURES)
    grow = data.draw(st.one_of(st.none(), st.lists(st.floats(0, 4, width=32), min_size=n, max_size=n)))
    breaks = data.draw(st.one_of(st.none(), st.lists(st.booleans(), min_size=n, max_size=n)))
    bad = spoil(data, [widths, heights, grow])
    if not bad and data.draw(st.integers(0, 7)) == 0:   # a bad proposal or spacing instead
        bad = True
        if data.draw(st.booleans()):
            width = data.draw(st.sampled_from([-1.0, -math.inf]))
        else:
            spacing = data.draw(st.sampled_from(BAD_LENGTHS))
    try:
        layout = lk.flow(widths, heights, width=width, height=height, spacing=spacing,
                         line_spacing=spacing, breaks=breaks, grow=grow, **features)
    except lk.LayoutError:
        assert bad
        return
    assert not bad
    check_layout(layout, n)


KINDS = st.sampled_from([
    lk.HStack(spacing=3), lk.VStack(spacing=None), lk.ZStack(), lk.Grid(columns=3, spacing=2),
    lk.Grid(min_column_width=20, sizing="fill"), lk.Balanced(axis="vertical"), lk.Circle(radius=50),
    lk.Flow(spacing=4, justify="space-evenly", wrap_reverse=True),
])


@settings(max_examples=300, deadline=None, database=None, derandomize=True)
@given(KINDS, st.data())
def test_every_kind_returns_a_valid_layout_or_a_layout_error(descriptor, data):
    n = data.draw(st.integers(0, 40))
    widths = data.draw(st.lists(lengths, min_size=n, max_size=n))
    heights = data.draw(st.lists(ordinary, min_size=n, max_size=n))
    width, height = data.draw(axes), data.draw(axes)
    bad = spoil(data, [widths, heights])
    try:
        layout = descriptor.layout(np.array(widths, np.float32), heights, width, height)
    except lk.LayoutError:
        assert bad
        return
    assert not bad
    check_layout(layout, n)


@settings(max_examples=100, deadline=None, database=None, derandomize=True)
@given(st.lists(ordinary, min_size=1, max_size=30))
def test_results_never_share_memory(widths):
    first = lk.flow(widths, widths, width=100)
    second = lk.flow(widths, widths, width=100)
    kept = first.x.copy()
    second.x[:] = -1
    np.testing.assert_array_equal(first.x, kept)
    assert not np.shares_memory(first.x, second.x)


@pytest.mark.parametrize("call", [
    lambda: lk.flow([1], [1], spacng=2),
    lambda: lk.Flow(justfy="center"),
    lambda: lk.Flow().layout([1], [1], widht=3),
    lambda: lk.Grid(colums=2),
])
def test_keyword_typos_are_errors(call):
    with pytest.raises(TypeError):
        call()
