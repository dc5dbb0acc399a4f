"""The batch recipes of python/examples: many containers laid out on worker processes,
with a ``multiprocessing`` pool (batch_multiprocessing.py) and on a Dask cluster of
worker processes (batch_dask.py), give what one process's ``layout_many`` and each
container's ``lk.flow`` give, bit for bit; and the workers use one layout thread
when configured to.

The Dask tests need dask[dataframe,distributed] (skipped without them). Their
cluster runs on this machine and listens on the loopback interface only.
"""

import logging
import multiprocessing
import os
import sys
from pathlib import Path

import pytest

import layoutkernel as lk

np = pytest.importorskip("numpy")

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
sys.path.insert(0, str(EXAMPLES))
import batch_multiprocessing  # noqa: E402

FLOW = lk.Flow(spacing=8, line_spacing=8)
WIDTH = 300.0
TIMEOUT = 120  # seconds, for anything that waits on a worker (a loaded 2-core machine is slow)


def bits(array):
    """An array's bytes: equal bits, NaNs and signed zeros included."""
    return np.ascontiguousarray(array).tobytes()


def assert_each_container_is_its_flow(widths, heights, counts, proposals, batch):
    """Container i of ``batch`` is ``lk.flow`` of its items alone, bit for bit."""
    first = 0
    for i, count in enumerate(counts):
        items = slice(first, first + int(count))
        first += int(count)
        width, height = proposals[i] if proposals is not None else (WIDTH, None)
        # NaN leaves an axis of proposals= unspecified; lk.flow spells that None.
        width, height = (None if v is None or np.isnan(v) else float(v) for v in (width, height))
        alone = lk.flow(widths[items], heights[items], width=width, height=height,
                        spacing=8, line_spacing=8)
        assert (batch.width[i], batch.height[i], batch.rows[i]) == (
            np.float32(alone.width), np.float32(alone.height), len(alone.rows)), i
        for name in ("x", "y", "item_width", "item_height"):
            assert bits(getattr(batch, name)[items]) == bits(getattr(alone, name)), (i, name)
    assert first == len(widths)


# multiprocessing -------------------------------------------------------------------


@pytest.mark.parametrize("per_container", [False, True], ids=["one proposal", "per container"])
def test_multiprocessing_equals_one_process(per_container):
    widths, heights, counts = batch_multiprocessing.demo_items(containers=500, seed=3)
    rng = np.random.default_rng(11)
    proposals = None
    layout = {"width": WIDTH}
    if per_container:  # each container its own width, some with a fixed height too
        proposals = np.column_stack([rng.integers(100, 500, len(counts)).astype(np.float64),
                                     np.where(rng.random(len(counts)) < 0.3, 64.0, np.nan)])
        layout = {"proposals": proposals}
    batch = batch_multiprocessing.layout_many_in_processes(
        FLOW, widths, heights, counts, processes=2, containers_per_task=37, **layout)
    alone = FLOW.layout_many(widths, heights, counts, **layout)
    assert len(batch.width) == len(counts) and len(batch.x) == len(widths)
    for name in batch_multiprocessing.Batch._fields:
        assert bits(getattr(batch, name)) == bits(getattr(alone, name)), name
    assert_each_container_is_its_flow(widths, heights, counts, proposals, batch)


def test_multiprocessing_without_containers():
    empty = np.zeros(0, np.float32)
    batch = batch_multiprocessing.layout_many_in_processes(FLOW, empty, empty, [], width=WIDTH)
    assert all(len(column) == 0 for column in batch)


def test_multiprocessing_rejects_counts_that_disagree():
    with pytest.raises(ValueError, match="must agree"):
        batch_multiprocessing.layout_many_in_processes(FLOW, [1.0, 2.0], [1.0, 2.0], [3])


def _spawn_pool_threads(**pool_options):
    """What lk.max_threads() says in each of two spawned pool workers."""
    with multiprocessing.get_context("spawn").Pool(2, **pool_options) as pool:
        return [pool.apply_async(lk.max_threads).get(TIMEOUT) for _ in range(4)]


def test_multiprocessing_workers_use_one_layout_thread(monkeypatch):
    monkeypatch.delenv("LAYOUTKERNEL_THREADS", raising=False)
    cpus = batch_multiprocessing.usable_cpus()
    # Unconfigured, a worker may use every CPU it may run on (so the checks below can fail).
    assert _spawn_pool_threads() == [min(cpus, 257)] * 4
    assert _spawn_pool_threads(initializer=batch_multiprocessing.one_layout_thread) == [1] * 4
    monkeypatch.setenv("LAYOUTKERNEL_THREADS", "1")  # the workers inherit the environment
    assert _spawn_pool_threads() == [1] * 4


# Dask ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def dask_client():
    """A client of a two-worker local cluster (processes, loopback only, no dashboard)
    whose workers start without a layout thread setting."""
    pytest.importorskip("pandas")
    pytest.importorskip("dask.dataframe")
    distributed = pytest.importorskip("dask.distributed")
    import batch_dask

    # The workers inherit this process's environment: start them without the variable.
    saved = os.environ.pop("LAYOUTKERNEL_THREADS", None)
    cluster = client = None
    try:
        cluster = batch_dask.local_cluster(2, env={}, silence_logs=logging.ERROR)
        client = distributed.Client(cluster, timeout=TIMEOUT)
        client.wait_for_workers(2, timeout=TIMEOUT)
        yield client
    finally:
        if client is not None:
            client.close(timeout=TIMEOUT)
        if cluster is not None:
            cluster.close(timeout=TIMEOUT)
        if saved is not None:
            os.environ["LAYOUTKERNEL_THREADS"] = saved


def test_dask_cluster_listens_on_loopback_only(dask_client):
    psutil = pytest.importorskip("psutil")
    addresses = [dask_client.scheduler.address, *dask_client.scheduler_info()["workers"]]
    assert len(addresses) == 3 and all(a.startswith("tcp://127.0.0.1:") for a in addresses), addresses
    me = psutil.Process()
    listening = []
    for process in [me, *me.children(recursive=True)]:
        try:
            connections = process.net_connections(kind="inet")
        except psutil.NoSuchProcess:  # a helper process that ended meanwhile
            continue
        listening += [(process.pid, connection.laddr) for connection in connections
                      if connection.status == psutil.CONN_LISTEN]
    workers = set(dask_client.run(os.getpid).values())
    assert len(workers) == 2 and workers <= {pid for pid, _ in listening}, (workers, listening)
    assert all(address.ip in ("127.0.0.1", "::1") for _, address in listening), listening


def test_dask_workers_use_one_layout_thread(dask_client):
    import batch_dask

    cpus = batch_multiprocessing.usable_cpus()
    before = dask_client.run(os.getpid)
    # Unconfigured, a worker may use every CPU it may run on (so the checks below can fail).
    assert sorted(dask_client.run(lk.max_threads).values()) == [min(cpus, 257)] * 2
    dask_client.run(lk.set_max_threads, 1)  # the workers running now
    assert sorted(dask_client.run(lk.max_threads).values()) == [1, 1]
    dask_client.run(lk.set_max_threads, 0)
    batch_dask.one_layout_thread_per_worker(dask_client)  # restarts them with the variable set
    dask_client.wait_for_workers(2, timeout=TIMEOUT)
    after = dask_client.run(os.getpid)
    assert len(after) == 2 and not set(after.values()) & set(before.values()), "restarted"
    assert sorted(dask_client.run(lk.max_threads).values()) == [1, 1]


@pytest.mark.parametrize("partitions", [1, 3])
def test_dask_equals_one_process(dask_client, partitions):
    import dask.dataframe as dd

    import batch_dask

    frame = batch_dask.demo_items(containers=500, seed=5)
    # Items in no particular order, spread over partitions without regard to containers.
    shuffled = frame.sample(frac=1.0, random_state=2).reset_index(drop=True)
    items = batch_dask.by_container(dd.from_pandas(shuffled, npartitions=4), partitions)
    assert items.npartitions == partitions
    result = dask_client.compute(batch_dask.lay_out(items, FLOW, width=WIDTH)).result(TIMEOUT)
    # Every container's items in one partition: each laid out once, in its item order.
    result = result.sort_values(["container", "item"], kind="stable").reset_index(drop=True)
    assert bits(result["container"]) == bits(frame["container"])
    assert bits(result["item"]) == bits(frame["item"])

    widths = frame["width"].to_numpy(np.float32)
    heights = frame["height"].to_numpy(np.float32)
    ids, counts = np.unique(frame["container"].to_numpy(), return_counts=True)
    alone = FLOW.layout_many(widths, heights, counts, width=WIDTH)
    for name in ("x", "y", "item_width", "item_height"):
        assert result[name].dtype == np.float32
        assert bits(result[name]) == bits(getattr(alone, name)), name
    sizes = batch_dask.container_sizes(result)
    assert bits(sizes.index) == bits(ids)
    assert bits(sizes["width"]) == bits(alone.width)
    assert bits(sizes["height"]) == bits(alone.height)
    assert_each_container_is_its_flow(widths, heights, counts, None, alone)


def test_dask_partition_of_no_items():
    pd = pytest.importorskip("pandas")
    pytest.importorskip("dask")
    import batch_dask

    empty = batch_dask.demo_items(containers=0)
    assert len(empty) == 0
    result = batch_dask.lay_out_partition(empty, FLOW, width=WIDTH)
    assert list(result.columns) == ["container", "item", *batch_dask.RESULT_COLUMNS]
    assert len(result) == 0 and isinstance(result, pd.DataFrame)
