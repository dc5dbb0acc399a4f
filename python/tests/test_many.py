"""descriptor.layout_many (lk_layout_many) and the thread setting.

Every container of a batch equals the same container laid out alone with
``descriptor.layout``, for every kind; errors raise the LayoutError subclasses
and leave ``out`` unchanged; a batch split over threads equals one thread's,
for every kind; ``layouts[i]`` takes any integer and iteration gives every
container.
"""

import math
import os

import numpy as np
import pytest

import layoutkernel as lk

DESCRIPTORS = [
    lk.Flow(spacing=4, line_spacing=2),
    lk.Flow(spacing=3.5, line_spacing=1, alignment="center"),
    lk.Flow(spacing=None, line_spacing=None, alignment="bottomTrailing"),
    lk.HStack(spacing=2),
    lk.VStack(spacing=1.5, alignment="leading"),
    lk.ZStack(alignment="bottom"),
    lk.Grid(columns=3, spacing=2, line_spacing=3),
    lk.Grid(min_column_width=30, sizing="fill", spacing=4),
    lk.Balanced(axis="vertical", spacing=2),
    lk.Circle(radius=50, start_angle=1),
]


def random_batch(rng, n_containers):
    counts = rng.integers(0, 12, n_containers)
    counts[rng.random(n_containers) < 0.2] = 0
    n = int(counts.sum())
    widths = (rng.integers(0, 64 * 60, n) / 64).astype(np.float32)
    heights = (rng.integers(0, 64 * 30, n) / 64).astype(np.float32)
    spacing = (rng.integers(0, 64 * 8, (n, 4)) / 64).astype(np.float32)
    return counts, widths, heights, spacing


def assert_same_layout(got, want, label):
    assert got.width == want.width and got.height == want.height, label
    for name in ("x", "y", "item_width", "item_height"):
        np.testing.assert_array_equal(getattr(got, name), getattr(want, name), err_msg=f"{label}: {name}")
    assert len(got.rows) == len(want.rows), label
    for name in ("start", "count", "y", "width", "height"):
        np.testing.assert_array_equal(getattr(got.rows, name), getattr(want.rows, name),
                                      err_msg=f"{label}: rows.{name}")


@pytest.mark.parametrize("descriptor", DESCRIPTORS, ids=repr)
@pytest.mark.parametrize("per_container", [False, True])
def test_every_container_as_if_alone(descriptor, per_container):
    rng = np.random.default_rng(11)
    for trial in range(20):
        counts, widths, heights, spacing = random_batch(rng, int(rng.integers(1, 30)))
        if per_container:
            proposals = np.stack([rng.choice([np.nan, np.inf, 60.0, 120.0], len(counts)),
                                  rng.choice([np.nan, 40.0], len(counts))], axis=1)
            batch = descriptor.layout_many(widths, heights, counts, proposals=proposals, item_spacing=spacing)
        else:
            proposals = np.array([[90.0, np.nan]] * len(counts))
            batch = descriptor.layout_many(widths, heights, counts, 90, item_spacing=spacing)
        assert len(batch) == len(counts)
        assert batch.total_rows == int(batch.rows.sum())
        first = 0
        for i, count in enumerate(counts):
            items = slice(first, first + int(count))
            first += int(count)
            w, h = proposals[i]
            alone = descriptor.layout(widths[items], heights[items], None if math.isnan(w) else w,
                                      None if math.isnan(h) else h, item_spacing=spacing[items])
            assert_same_layout(batch[i], alone, f"{descriptor!r} trial {trial} container {i}")
            assert batch.width[i] == alone.width and batch.rows[i] == len(alone.rows)


def test_flow_breaks_index_all_the_items():
    flow = lk.Flow(spacing=2)
    widths = np.full(10, 10, np.float32)
    heights = np.full(10, 5, np.float32)
    batch = flow.layout_many(widths, heights, [4, 6], 1000, breaks=[2, 7])
    assert list(batch.rows) == [2, 2]
    np.testing.assert_array_equal(batch[1].rows.start, [0, 3])   # item 7 is the second container's 3


def test_no_containers():
    batch = lk.Flow().layout_many(np.zeros(0, np.float32), np.zeros(0, np.float32), [], 100)
    assert len(batch) == 0 and batch.total_rows == 0 and len(batch.x) == 0


def test_out_is_reused_and_unchanged_on_error():
    flow = lk.Flow(spacing=1)
    rng = np.random.default_rng(3)
    counts, widths, heights, _ = random_batch(rng, 50)
    out = flow.layout_many(widths, heights, counts, 100)
    width_array = out._buffers["width"]
    again = flow.layout_many(widths, heights, counts, 60, out=out)
    assert again is out and out._buffers["width"] is width_array
    fresh = flow.layout_many(widths, heights, counts, 60)
    for name in ("width", "height", "rows", "row_offset", "x", "y", "row_start", "row_y"):
        np.testing.assert_array_equal(getattr(out, name), getattr(fresh, name), err_msg=name)
    before = {name: array.copy() for name, array in out._buffers.items()}
    with pytest.raises(lk.InvalidProposalError, match=r"proposals\[0\]\.width"):
        flow.layout_many(widths, heights, counts, -1, out=out)
    bad = widths.copy()
    bad[7] = np.nan
    with pytest.raises(lk.InvalidItemError):
        flow.layout_many(bad, heights, counts, 100, out=out)
    for name, array in out._buffers.items():
        np.testing.assert_array_equal(array, before[name], err_msg=name)


def test_errors():
    flow = lk.Flow()
    w = np.ones(5, np.float32)
    with pytest.raises(lk.InvalidParameterError, match="add up to 4, not the number of items"):
        flow.layout_many(w, w, [1, 3], 10)
    with pytest.raises(lk.InvalidParameterError):
        flow.layout_many(w, w, [3, 3], 10)
    with pytest.raises(ValueError, match="counts\\[1\\] is -1"):
        flow.layout_many(w, w, [6, -1], 10)
    with pytest.raises(TypeError, match="integers"):
        flow.layout_many(w, w, [2.5, 2.5], 10)
    with pytest.raises(ValueError, match="shape"):
        flow.layout_many(w, w, [2, 3], proposals=[[10, 10]])
    with pytest.raises(lk.InvalidProposalError, match=r"proposals\[1\]\.height"):
        flow.layout_many(w, w, [2, 3], proposals=[[10, 10], [10, -5]])
    with pytest.raises(ValueError, match="either"):
        flow.layout_many(w, w, [2, 3], 10, proposals=[[10, 10], [10, 5]])
    small = flow.layout_many(w[:2], w[:2], [2], 10)
    with pytest.raises(ValueError, match="room"):
        flow.layout_many(w, w, [2, 3], 10, out=small)


def test_threads_give_the_same_results():
    rng = np.random.default_rng(5)
    counts = rng.integers(1, 17, 12_000)
    n = int(counts.sum())
    widths = rng.integers(24, 200, n).astype(np.float32)
    heights = rng.integers(16, 40, n).astype(np.float32)
    flow = lk.Flow(spacing=6, line_spacing=4)
    setting = lk.max_threads()
    try:
        lk.set_max_threads(1)
        assert lk.max_threads() == 1
        one = flow.layout_many(widths, heights, counts, 400)
        one_flow = lk.flow(np.tile(widths, 2), np.tile(heights, 2), width=1000)
        lk.set_max_threads(4)
        assert lk.max_threads() == min(4, usable_cpus())
        four = flow.layout_many(widths, heights, counts, 400)
        four_flow = lk.flow(np.tile(widths, 2), np.tile(heights, 2), width=1000)
    finally:
        lk.set_max_threads(0)
    for name in ("width", "height", "rows", "row_offset", "x", "y", "row_start", "row_y"):
        np.testing.assert_array_equal(getattr(one, name), getattr(four, name), err_msg=name)
    np.testing.assert_array_equal(one_flow.x, four_flow.x)
    np.testing.assert_array_equal(one_flow.y, four_flow.y)
    np.testing.assert_array_equal(one_flow.rows.y, four_flow.rows.y)


def usable_cpus():
    """The CPUs this thread may run on: its affinity mask where there is one."""
    if hasattr(os, "sched_getaffinity"):
        return min(len(os.sched_getaffinity(0)), 257)
    return os.sysconf("SC_NPROCESSORS_ONLN")


def test_thread_setting():
    lk.set_max_threads(0)
    assert lk.max_threads() == usable_cpus()
    lk.set_max_threads(1)
    assert lk.max_threads() == 1
    lk.set_max_threads(0)
    with pytest.raises(ValueError):
        lk.set_max_threads(-1)
    with pytest.raises(TypeError):
        lk.set_max_threads(1.5)


@pytest.mark.parametrize("descriptor", DESCRIPTORS, ids=repr)
def test_threads_give_the_same_results_for_every_kind(descriptor):
    rng = np.random.default_rng(17)
    counts = rng.integers(0, 80, 5_000)
    n = int(counts.sum())
    widths = (rng.integers(0, 64 * 200, n) / 64).astype(np.float32)
    heights = (rng.integers(0, 64 * 40, n) / 64).astype(np.float32)
    spacing = (rng.integers(0, 64 * 8, (n, 4)) / 64).astype(np.float32)
    proposals = np.stack([rng.choice([np.nan, np.inf, 0.0, 150.0, 400.0], len(counts)),
                          rng.choice([np.nan, 60.0], len(counts))], axis=1)
    results = []
    try:
        for threads in (1, 2, 4, 0):
            lk.set_max_threads(threads)
            results.append(descriptor.layout_many(widths, heights, counts, proposals=proposals,
                                                  item_spacing=spacing))
    finally:
        lk.set_max_threads(0)
    one = results[0]
    for other in results[1:]:
        assert other.total_rows == one.total_rows
        for name in ("width", "height", "rows", "row_offset", "x", "y", "item_width", "item_height",
                     "row_start", "row_length", "row_y", "row_width", "row_height"):
            np.testing.assert_array_equal(getattr(other, name), getattr(one, name), err_msg=name)
    for i in (0, 1, 2499, 4999):
        items = slice(int(one.item_offset[i]), int(one.item_offset[i]) + int(counts[i]))
        w, h = proposals[i]
        alone = descriptor.layout(widths[items], heights[items], None if math.isnan(w) else w,
                                  None if math.isnan(h) else h, item_spacing=spacing[items])
        assert_same_layout(one[i], alone, f"{descriptor!r} container {i}")


def test_indexing_and_iteration():
    flow = lk.Flow(spacing=1)
    widths = np.arange(1, 8, dtype=np.float32)
    heights = np.ones(7, np.float32)
    batch = flow.layout_many(widths, heights, [3, 0, 4], 7)
    assert len(batch) == 3 and len(list(batch)) == 3
    np.testing.assert_array_equal(batch.item_offset, [0, 3, 3])
    assert_same_layout(batch[-1], batch[2], "[-1]")
    assert_same_layout(batch[np.int64(2)], batch[2], "numpy index")
    assert len(batch[1].x) == 0 and len(batch[1].rows) == 0
    assert batch[2].rows.start[0] == 0   # row starts count from the container's first item
    with pytest.raises(IndexError):
        batch[3]
    with pytest.raises(IndexError):
        batch[-4]
    with pytest.raises(TypeError):
        batch["0"]
    with pytest.raises(TypeError):
        batch[True]


def test_empty_containers_only():
    batch = lk.Grid(columns=2).layout_many(np.zeros(0, np.float32), np.zeros(0, np.float32), [0, 0, 0], 50)
    assert len(batch) == 3 and batch.total_rows == 0
    np.testing.assert_array_equal(batch.rows, [0, 0, 0])
    assert all(len(layout.x) == 0 for layout in batch)


def test_balanced_items_get_their_cells():
    widths = np.array([10, 30, 20, 5, 8], np.float32)
    heights = np.array([4, 2, 6, 1, 9], np.float32)
    batch = lk.Balanced(spacing=1).layout_many(widths, heights, [3, 2], 100)
    np.testing.assert_array_equal(batch.item_width, [30, 30, 30, 8, 8])
    np.testing.assert_array_equal(batch.item_height, [6, 6, 6, 9, 9])


def test_errors_are_layout_errors():
    flow = lk.Flow()
    w = np.ones(4, np.float32)
    bad = w.copy()
    bad[3] = -1
    with pytest.raises(lk.InvalidItemError, match=r"widths\[3\].*\(container 1, its item 2\)") as caught:
        flow.layout_many(bad, w, [1, 3], 10)
    assert isinstance(caught.value, lk.LayoutError) and caught.value.index == 3
    with pytest.raises(lk.InvalidProposalError, match=r"proposals\[3\]\.width"):
        flow.layout_many(w, w, [1, 1, 1, 1], proposals=[[1, 1], [1, 1], [1, 1], [-1, 1]])
    with pytest.raises(lk.InvalidParameterError, match="counts"):
        flow.layout_many(w, w, [], 10)


def test_row_columns_are_named_alike_in_layout_and_layouts():
    flow = lk.Flow(spacing=2)
    w = np.array([30, 40, 50, 20, 60, 10], np.float32)
    h = np.full(6, 5, np.float32)
    many = flow.layout_many(w, h, [4, 2], 70)
    first = many[0]
    assert list(first.rows.length) == list(first.rows.count) == list(many.row_length[:many.rows[0]])
    assert int(many.rows[0]) == len(first.rows)


def test_results_own_their_memory():
    # The arrays of one result never overlap, and no two calls share memory.
    flow = lk.Flow(spacing=1)
    rng = np.random.default_rng(8)
    counts, widths, heights, _ = random_batch(rng, 30)
    first, second = (flow.layout_many(widths, heights, counts, 80) for _ in range(2))
    names = ("width", "height", "rows", "row_offset", "x", "y", "item_width", "item_height",
             "row_start", "row_length", "row_y", "row_width", "row_height")
    columns = [first._buffers[name] for name in names]
    for i, a in enumerate(columns):
        for b in columns[i + 1:]:
            assert not np.shares_memory(a, b)
    for name in names:
        assert not np.shares_memory(first._buffers[name], second._buffers[name]), name
    assert first.rows.dtype == np.int64 and first.row_y.dtype == np.float64
    np.testing.assert_array_equal(first.x, second.x)
