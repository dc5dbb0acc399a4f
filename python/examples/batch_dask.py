"""Lay out many containers on a Dask cluster (one machine's worker processes, or many
machines').

Usage (from the repository root; needs ``dask[dataframe,distributed]``):

    PYTHONPATH=python python3 python/examples/batch_dask.py

The items are a Dask DataFrame with one row per item and the columns

    container  which container the item is in (any sortable type)
    item       the item's place in its container (items are laid out in this order)
    width, height  the item's size

:func:`by_container` shuffles it so that every container's items are in one
partition; :func:`lay_out` then maps :func:`lay_out_partition` over the partitions:
each partition becomes the ``widths``, ``heights`` and ``counts`` arrays of one
``descriptor.layout_many`` call, whose results come back as a pandas DataFrame with
the columns of :data:`RESULT_COLUMNS` (one row per item: its position ``x``, ``y``
relative to its container, the size it is given, and its container's size). Every
number equals what one ``descriptor.layout_many`` call over all the containers in
one process gives, bit for bit: a container's layout depends only on its own items
and the proposal.

Workers need ``layoutkernel`` and this module importable (install them where the
workers run; a ``LocalCluster`` started from a process that imports them has them).
Each worker process should use one layout thread: Dask runs one task per worker
thread already, and a large ``layout_many`` call (32,768 items or more) in each of N
worker processes would otherwise start up to one thread per core in every process.
:func:`local_cluster` sets ``LAYOUTKERNEL_THREADS=1`` in its workers' environment;
on a cluster started otherwise, :func:`one_layout_thread_per_worker` does it (a
nanny plugin that sets the variable and restarts the workers, and so also covers
workers that join later).
"""

import logging
import sys
from pathlib import Path

import numpy as np
import pandas as pd

try:
    import layoutkernel as lk
except ImportError:  # run from a checkout without PYTHONPATH=python
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    import layoutkernel as lk

#: The columns of a laid-out partition besides ``container`` and ``item`` (which
#: keep the input's types), and their types.
RESULT_COLUMNS = {
    "x": np.float32, "y": np.float32,                              # relative to the container
    "item_width": np.float32, "item_height": np.float32,           # the size the item is given
    "container_width": np.float32, "container_height": np.float32,  # its container's size
}


def lay_out_partition(items, descriptor, **keywords):
    """Lay out the containers of one partition (a pandas DataFrame holding all the
    items of every container it names) with ``descriptor.layout_many(widths,
    heights, counts, **keywords)``. Returns a pandas DataFrame with the same index:
    ``container``, ``item`` and :data:`RESULT_COLUMNS`, sorted by container and item.
    """
    items = items.sort_values(["container", "item"], kind="stable")
    container = items["container"].to_numpy()
    # Each container's items are now one run; count them.
    starts = np.flatnonzero(np.concatenate(([len(container) > 0], container[1:] != container[:-1])))
    counts = np.diff(np.append(starts, len(container)))
    layouts = descriptor.layout_many(items["width"].to_numpy(np.float32),
                                     items["height"].to_numpy(np.float32), counts, **keywords)
    return pd.DataFrame({
        "container": items["container"], "item": items["item"],
        "x": layouts.x, "y": layouts.y,
        "item_width": layouts.item_width, "item_height": layouts.item_height,
        "container_width": np.repeat(layouts.width, counts),
        "container_height": np.repeat(layouts.height, counts),
    }, index=items.index)


def by_container(items, npartitions=None):
    """``items`` (a Dask DataFrame) shuffled so that no container spans two partitions."""
    return items.shuffle(on="container", npartitions=npartitions)


def lay_out(items, descriptor, **keywords):
    """Every container of ``items`` (a Dask DataFrame whose partitions each hold whole
    containers, as :func:`by_container` returns) laid out: a lazy Dask DataFrame of
    :func:`lay_out_partition`'s results; ``.compute()`` it, or write it out."""
    meta = {"container": items.dtypes["container"], "item": items.dtypes["item"], **RESULT_COLUMNS}
    return items.map_partitions(lay_out_partition, descriptor, meta=meta, **keywords)


def container_sizes(result):
    """Each container's size from a laid-out frame (pandas or Dask): a frame indexed
    by container with the columns ``width`` and ``height`` (containers without items
    have no rows in the result, and so no size here)."""
    sizes = result.groupby("container")[["container_width", "container_height"]].first()
    return sizes.rename(columns={"container_width": "width", "container_height": "height"})


def local_cluster(n_workers=2, **options):
    """A ``dask.distributed.LocalCluster`` of ``n_workers`` worker processes with one
    task thread and one layout thread each, without a dashboard, listening on the
    loopback interface only (the scheduler's HTTP routes, health and metrics, too:
    port 8787, or another when that one is taken). ``options`` go to
    ``LocalCluster``. (A ``dashboard_address`` of only a port, ``":8787"``, the
    ``LocalCluster`` default, would listen on every interface.)"""
    from dask.distributed import LocalCluster

    settings = dict(n_workers=n_workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                    dashboard_address=None, env={"LAYOUTKERNEL_THREADS": "1"})
    settings.update(options)
    return LocalCluster(**settings)


def one_layout_thread_per_worker(client):
    """Give every worker of ``client``'s cluster, and every worker that joins later,
    one layout thread: ``LAYOUTKERNEL_THREADS=1`` in its environment. Restarts the
    workers (their nannies start them again with the variable set)."""
    from dask.distributed import Environ

    client.register_plugin(Environ({"LAYOUTKERNEL_THREADS": "1"}))


def demo_items(containers=2_000, seed=7):
    """Tag-like items in ``containers`` cells of 0 to 12 tags, as a pandas DataFrame
    with the columns ``container``, ``item``, ``width`` and ``height`` (tags 40 to
    160 wide in steps of 8, 32 high)."""
    rng = np.random.default_rng(seed)
    counts = rng.integers(0, 13, containers)
    n = int(counts.sum())
    return pd.DataFrame({
        "container": np.repeat(np.arange(containers), counts),
        "item": np.arange(n) - np.repeat(np.cumsum(counts) - counts, counts),
        "width": (40 + 8 * rng.integers(0, 16, n)).astype(np.float32),
        "height": np.full(n, 32, np.float32),
    })


def main():
    import dask.dataframe as dd
    from dask.distributed import Client

    flow = lk.Flow(spacing=8, line_spacing=8)
    frame = demo_items()
    with local_cluster(2, silence_logs=logging.ERROR) as cluster, Client(cluster) as client:
        items = by_container(dd.from_pandas(frame, npartitions=8))
        result = lay_out(items, flow, width=400).compute()
        threads = client.run(lk.max_threads)
    result = result.sort_values(["container", "item"])
    alone = lay_out_partition(frame, flow, width=400)
    for name in RESULT_COLUMNS:
        assert np.array_equal(result[name].to_numpy(), alone[name].to_numpy()), name
    sizes = container_sizes(result)
    print(f"{len(sizes)} containers with items, {len(result)} items on {len(threads)} Dask "
          f"workers (layout threads per worker: {sorted(threads.values())}); heights "
          f"{sizes['height'].min():g} to {sizes['height'].max():g}; equal to one process's "
          f"layout_many")


if __name__ == "__main__":
    main()
