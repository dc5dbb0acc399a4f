"""Lay out many containers on several worker processes of one machine.

Usage (from the repository root):

    PYTHONPATH=python python3 python/examples/batch_multiprocessing.py

:func:`layout_many_in_processes` takes what ``descriptor.layout_many`` takes (the
items of every container concatenated, ``counts[i]`` items in container i), splits
the containers into runs of whole containers, lays each run out in a worker process
of a ``multiprocessing`` pool (one ``layout_many`` call per run) and joins the runs'
results. Every number equals what one ``descriptor.layout_many`` call in one process
gives, bit for bit: a container's layout depends only on its own items and proposal.

The pool uses the ``spawn`` start method, which every platform has; ``fork`` works
too on Linux. Each worker is given one layout thread (:func:`one_layout_thread`, the
pool's initializer): the pool already keeps every core busy, and a large call
(``layout_many`` of 32,768 items or more, a flow of 131,072 or more) in each of N
workers would otherwise start up to one thread per core in every worker, N times as
many threads as cores. Setting ``LAYOUTKERNEL_THREADS=1`` in the environment before
the pool starts does the same (the workers inherit it).
"""

import math
import multiprocessing
import os
import sys
from pathlib import Path
from typing import NamedTuple

import numpy as np

try:
    import layoutkernel as lk
except ImportError:  # run from a checkout without PYTHONPATH=python
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    import layoutkernel as lk


class Batch(NamedTuple):
    """The layouts of many containers, the columns of a :class:`lk.Layouts`.

    ``width``, ``height`` and ``rows`` hold one value per container; ``x``, ``y``
    (relative to the item's container), ``item_width`` and ``item_height`` one
    per item, in the order of the input.
    """

    width: np.ndarray
    height: np.ndarray
    rows: np.ndarray
    x: np.ndarray
    y: np.ndarray
    item_width: np.ndarray
    item_height: np.ndarray


def one_layout_thread():
    """A pool initializer: the worker's layout calls run on its own thread only."""
    lk.set_max_threads(1)


def usable_cpus():
    """The CPUs this process may run on (its affinity where the system has one)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def lay_out_run(task):
    """One task of the pool: ``(descriptor, widths, heights, counts, keywords)`` ->
    the ``lk.Layouts`` of ``descriptor.layout_many`` (it pickles as its arrays)."""
    descriptor, widths, heights, counts, keywords = task
    return descriptor.layout_many(widths, heights, counts, **keywords)


def layout_many_in_processes(descriptor, widths, heights, counts, width=None, height=None, *,
                             proposals=None, processes=None, containers_per_task=None):
    """``descriptor.layout_many(widths, heights, counts, width, height, proposals=...)``
    on a pool of ``processes`` worker processes (default: one per usable CPU).

    ``proposals`` (one ``(width, height)`` row per container, NaN for an
    unspecified axis) is split with the containers. Each task lays out
    ``containers_per_task`` whole containers (default: enough for about four
    tasks per process). Returns a :class:`Batch`.
    """
    widths = np.ascontiguousarray(widths, np.float32)
    heights = np.ascontiguousarray(heights, np.float32)
    counts = np.ascontiguousarray(counts, np.int64)
    if proposals is not None:
        proposals = np.ascontiguousarray(proposals, np.float64).reshape(len(counts), 2)
    if len(widths) != len(heights) or int(counts.sum()) != len(widths):
        raise ValueError(f"{len(widths)} widths, {len(heights)} heights and counts summing to "
                         f"{int(counts.sum())} must agree")
    processes = processes or usable_cpus()
    containers = len(counts)
    per_task = containers_per_task or max(1, math.ceil(containers / (4 * processes)))
    first_item = np.concatenate(([0], np.cumsum(counts)))
    keywords = {"width": width, "height": height}
    tasks = []
    for start in range(0, containers, per_task):
        stop = min(start + per_task, containers)
        items = slice(int(first_item[start]), int(first_item[stop]))
        run = dict(keywords, proposals=None if proposals is None else proposals[start:stop])
        tasks.append((descriptor, widths[items], heights[items], counts[start:stop], run))
    if not tasks:  # no container: nothing to send anywhere
        return _join([descriptor.layout_many(widths, heights, counts, proposals=proposals,
                                             **keywords)])
    context = multiprocessing.get_context("spawn")
    with context.Pool(processes, initializer=one_layout_thread) as pool:
        return _join(pool.map(lay_out_run, tasks))


def _join(parts):
    return Batch(*(np.concatenate([getattr(part, name) for part in parts]) for name in Batch._fields))


def demo_items(containers=2_000, seed=7):
    """Tag-like items in ``containers`` cells of 0 to 12 tags: ``(widths, heights,
    counts)``, tags 40 to 160 wide in steps of 8 and 32 high."""
    rng = np.random.default_rng(seed)
    counts = rng.integers(0, 13, containers)
    n = int(counts.sum())
    widths = (40 + 8 * rng.integers(0, 16, n)).astype(np.float32)
    heights = np.full(n, 32, np.float32)
    return widths, heights, counts


def main():
    flow = lk.Flow(spacing=8, line_spacing=8)
    widths, heights, counts = demo_items()
    batch = layout_many_in_processes(flow, widths, heights, counts, width=400, processes=2)
    alone = flow.layout_many(widths, heights, counts, width=400)
    for name in Batch._fields:
        assert np.array_equal(getattr(batch, name), getattr(alone, name)), name
    print(f"{len(counts)} containers, {len(widths)} items on 2 processes: "
          f"heights {batch.height.min():g} to {batch.height.max():g}, "
          f"{int(batch.rows.sum())} rows; equal to one process's layout_many")


if __name__ == "__main__":
    main()
