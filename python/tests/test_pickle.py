"""Descriptors and engines pickle, copy and deep-copy (so that they reach worker
processes: multiprocessing, Dask), and the thread limit follows the CPU affinity.

A descriptor goes as its keywords as given and an engine as its descriptor and
every item field it holds; the copies are equal, lay out identically (bit for bit),
and an engine's copy holds the same fields.
"""

import copy
import ctypes
import math
import multiprocessing
import os
import pickle
import sys
import threading
from pathlib import Path

import pytest

import layoutkernel as lk
from layoutkernel import _ffi, _loader

sys.path.insert(0, str(Path(__file__).resolve().parent))
import pickle_worker  # noqa: E402  (the spawned workers' functions)

W = [10.0, 24.5, 30.0, 7.25, 18.0, 40.0, 12.0, 0.0, 33.0, 21.0, 16.0, 9.5]
H = [5.0, 6.0, 7.5, 8.0, 3.0, 12.0, 4.0, 2.0, 9.0, 6.5, 5.5, 7.0]
SPACING = ([1.0] * 12, [2.0, 0.0] * 6, None, [0.5] * 12)

ROUND_TRIPS = {
    "pickle": lambda value: pickle.loads(pickle.dumps(value)),
    "pickle protocol 0": lambda value: pickle.loads(pickle.dumps(value, protocol=0)),
    "copy": copy.copy,
    "deepcopy": copy.deepcopy,
}

DESCRIPTORS = [
    lk.Flow(),
    lk.Flow(8, 4, "center"),
    lk.Flow(spacing=None, line_spacing=None, alignment=(0.25, 1.0)),
    lk.Flow(3.5, 2, "bottomTrailing", justify="space-between", direction="rtl", reverse=True,
            wrap_reverse=True, align_content="stretch"),
    lk.Flow(2, 1, (0.5, 0.0), axis="vertical", justify="space-evenly", align_content="center"),
    lk.HStack(),
    lk.HStack(spacing=None, alignment="bottom"),
    lk.VStack(4, (1.0, 0.5)),
    lk.ZStack(alignment="topTrailing"),
    lk.Grid(),
    lk.Grid(columns=3, sizing="fill", spacing=2, line_spacing=5, alignment=(0.0, 1.0)),
    lk.Grid(min_column_width=25, spacing=3, alignment="leading"),
    lk.Balanced(),
    lk.Balanced("vertical", None),
    lk.Circle(40),
    lk.Circle(radius=25.5, start_angle=-math.pi / 3, anchor=(0.0, 0.0)),
]


def frame(layout):
    return pickle_worker.frame(layout)


def per_item(descriptor):
    """Whether the descriptor uses the items' spacing preferences."""
    return getattr(descriptor, "spacing", 0) is None or getattr(descriptor, "line_spacing", 0) is None


def lay_out(descriptor, width=90.0):
    spacing = SPACING if per_item(descriptor) else None
    if isinstance(descriptor, lk.Flow):
        return descriptor.layout(W, H, width, None, breaks=[5], item_spacing=spacing,
                                 grow=[0, 1, 0, 2, 0, 0, 1, 0, 0, 0, 0, 1])
    return descriptor.layout(W, H, width, None, item_spacing=spacing)


@pytest.mark.parametrize("round_trip", ROUND_TRIPS.values(), ids=list(ROUND_TRIPS))
@pytest.mark.parametrize("descriptor", DESCRIPTORS, ids=repr)
def test_descriptors_round_trip(descriptor, round_trip):
    again = round_trip(descriptor)
    assert again is not descriptor
    assert type(again) is type(descriptor)
    assert again == descriptor and hash(again) == hash(descriptor)
    assert repr(again) == repr(descriptor)
    assert frame(lay_out(again)) == frame(lay_out(descriptor))
    assert again.size(W, H, 60.0) == descriptor.size(W, H, 60.0)
    # The copy has C structs of its own: the original is unaffected by it going away.
    del again
    assert frame(lay_out(descriptor)) == frame(lay_out(copy.copy(descriptor)))


def test_a_pickled_descriptor_holds_its_keywords_not_its_structs():
    flow = lk.Flow(8, justify="center")
    data = pickle.dumps(flow)
    assert b"CArgObject" not in data and b"lk_layout" not in data
    assert pickle.loads(data).justify == "center"


def test_descriptors_inside_containers_pickle():
    # What a Pool.map argument list or a Dask bag holds.
    tasks = [(d, W, H) for d in DESCRIPTORS]
    assert pickle.loads(pickle.dumps(tasks)) == tasks


# ---------------------------------------------------------------------------
# Engines


def engine_fields(engine):
    return engine._held_items()


def same_items(a, b):
    assert a.keys() == b.keys()
    for key in a:
        left = a[key] if key == "spacing" else (a[key],)
        right = b[key] if key == "spacing" else (b[key],)
        assert [x.tobytes() for x in left] == [x.tobytes() for x in right], key


def full_engine():
    engine = lk.Engine(lk.Flow(2, None, "center", justify="space-around"))
    engine.set_items(W, H, breaks=[3, 9], item_spacing=SPACING)
    engine.insert(4, [11.0, 13.0], [3.0, 4.0], grow=[1.0, 0.5])
    engine.update(0, [9.0], [2.0], breaks=[True])
    engine.remove(10, 1)
    return engine


ENGINE_QUERIES = [(90.0, None), (45.5, None), (math.inf, None), (120.0, 30.0)]


def answers(engine):
    out = []
    for width, height in ENGINE_QUERIES:
        out.append((frame(engine.layout(width, height)), engine.size(width, height)))
        x, y = engine.positions(1, 5, width, height)
        out.append((x.tobytes(), y.tobytes(), engine.visible(0, 0, 50, 20, width, height).tolist(),
                    engine.item_at(12.0, 3.0, width, height)))
    return out


@pytest.mark.parametrize("round_trip", ROUND_TRIPS.values(), ids=list(ROUND_TRIPS))
def test_an_engine_round_trips_with_every_field(round_trip):
    engine = full_engine()
    before = answers(engine)  # results held: the copy must compute the same
    held = engine_fields(engine)
    assert set(held) == {"widths", "heights", "spacing", "flags", "grow"}
    assert list(held["flags"][:5]) == [1, 0, 0, 1, 0] and held["grow"][4] == 1.0
    again = round_trip(engine)
    assert again is not engine and len(again) == len(engine) == 13
    assert again.descriptor == engine.descriptor
    same_items(engine_fields(again), held)
    assert answers(again) == before
    assert answers(engine) == before
    # Independent: a change to the copy leaves the original as it was.
    again.remove(0, 3)
    assert len(engine) == 13 and answers(engine) == before


@pytest.mark.parametrize("descriptor", [lk.Grid(columns=4, spacing=2), lk.HStack(spacing=None),
                                        lk.Circle(30), lk.Balanced("vertical", 1)], ids=repr)
def test_engines_of_every_kind_round_trip(descriptor):
    engine = lk.Engine(descriptor)
    engine.set_items(W, H, item_spacing=SPACING if per_item(descriptor) else None)
    before = frame(engine.layout(80.0))
    again = pickle.loads(pickle.dumps(engine))
    assert frame(again.layout(80.0)) == before
    assert frame(descriptor.layout(W, H, 80.0, item_spacing=SPACING if per_item(descriptor)
                                   else None)) == before


def test_only_the_fields_held_are_pickled():
    engine = lk.Engine(lk.Flow())
    engine.set_items(W, H)
    assert set(engine_fields(engine)) == {"widths", "heights"}
    engine.insert(0, [1.0], [1.0], grow=[2.0])
    held = engine_fields(engine)
    assert set(held) == {"widths", "heights", "grow"}
    assert list(held["grow"]) == [2.0] + [0.0] * 12
    again = copy.deepcopy(engine)
    assert set(engine_fields(again)) == {"widths", "heights", "grow"}
    engine.set_items(W, H)  # set_items without grow factors: none held any more
    assert set(engine_fields(engine)) == {"widths", "heights"}


def test_an_engine_with_no_items_pickles():
    engine = lk.Engine(lk.Grid(columns=2))
    again = pickle.loads(pickle.dumps(engine))
    assert len(again) == 0 and again.descriptor == lk.Grid(columns=2)
    assert again.size(100.0) == engine.size(100.0)
    assert frame(again.layout(100.0)) == frame(engine.layout(100.0))
    # Fields held over no items (every item removed) stay held.
    engine.set_items(W, H, item_spacing=SPACING, grow=[1.0] * 12)
    engine.remove(0, 12)
    assert set(engine_fields(engine)) == {"widths", "heights", "spacing", "grow"}
    again = pickle.loads(pickle.dumps(engine))
    assert len(again) == 0
    assert set(engine_fields(again)) == {"widths", "heights", "spacing", "grow"}


def test_a_large_engine_round_trips_bit_for_bit():
    n = 20000  # several chunks of the engine's storage
    widths = [float((i * 37) % 113) + 0.1 * (i % 3) for i in range(n)]
    heights = [float(4 + (i * 11) % 29) for i in range(n)]
    engine = lk.Engine(lk.Flow(3, 2))
    engine.set_items(widths, heights, breaks=list(range(0, n, 997)))
    engine.update(n // 2, [5.0] * 100, [5.0] * 100, grow=[1.0] * 100)
    again = pickle.loads(pickle.dumps(engine))
    same_items(engine_fields(again), engine_fields(engine))
    assert frame(again.layout(700.0)) == frame(engine.layout(700.0))


def test_pickling_takes_the_engine_lock():
    # Another thread changes the engine while it pickles: every pickle is one
    # consistent state (a count the items agree with), never an error.
    engine = lk.Engine(lk.Flow(4))
    engine.set_items(W, H)
    stop = threading.Event()
    errors = []

    def mutate():
        try:
            while not stop.is_set():
                engine.insert(0, [5.0] * 50, [5.0] * 50, grow=[1.0] * 50)
                engine.remove(0, 50)
        except Exception as error:  # pragma: no cover - reported below
            errors.append(error)

    thread = threading.Thread(target=mutate)
    thread.start()
    try:
        for _ in range(200):
            again = pickle.loads(pickle.dumps(engine))
            n = len(again)
            assert n in (12, 62)
            held = engine_fields(again)
            assert all(len(held[key]) == n for key in ("widths", "heights"))
    finally:
        stop.set()
        thread.join()
    assert not errors


@pytest.mark.parametrize("items", [
    "not a dict",
    {"widths": None},
    {"widths": [1.0], "heights": [1.0]},
    {"widths": __import__("array").array("f", [1.0]), "heights": __import__("array").array("f", [])},
    {"widths": __import__("array").array("d", [1.0]), "heights": __import__("array").array("d", [1.0])},
    {"widths": __import__("array").array("f", [1.0]), "heights": __import__("array").array("f", [1.0]),
     "extra": 1},
    {"widths": __import__("array").array("f", [1.0]), "heights": __import__("array").array("f", [1.0]),
     "spacing": (__import__("array").array("f", [1.0]),)},
])
def test_a_malformed_pickled_engine_raises_value_error(items):
    from layoutkernel._engine import _engine_from_items
    with pytest.raises(ValueError, match="pickled"):
        _engine_from_items(lk.Flow(), items)


def test_a_pickled_engine_with_bad_values_raises_the_library_error():
    from array import array
    from layoutkernel._engine import _engine_from_items
    with pytest.raises(lk.InvalidItemError):
        _engine_from_items(lk.Flow(), {"widths": array("f", [1.0, math.nan]),
                                       "heights": array("f", [1.0, 1.0])})


def test_get_items_checks_its_range():
    engine = lk.Engine(lk.Flow())
    engine.set_items(W, H)
    buffers = _ffi.lk_item_buffers()
    lib = _loader.library()
    assert lib.lk_engine_get_items(engine._handle, 12, 1, ctypes.byref(buffers), None) == \
        _ffi.LK_ERR_INVALID_PARAMETER
    assert b"past the engine's 12 items" in lib.lk_last_error_message()
    fields = ctypes.c_uint32(7)
    assert lib.lk_engine_get_items(engine._handle, 3, 9, None, ctypes.byref(fields)) == 0
    assert fields.value == 0


# ---------------------------------------------------------------------------
# Worker processes


@pytest.fixture(scope="module")
def spawn_pool():
    context = multiprocessing.get_context("spawn")
    with context.Pool(2) as pool:
        yield pool


def test_descriptors_reach_spawned_workers(spawn_pool):
    tasks = [(d, W, H, 70.0) for d in DESCRIPTORS if not per_item(d)]
    got = spawn_pool.map(pickle_worker.lay_out, tasks)
    assert got == [frame(d.layout(W, H, 70.0)) for d, *_ in tasks]


def test_an_engine_reaches_a_spawned_worker(spawn_pool):
    engine = full_engine()
    got = spawn_pool.map(pickle_worker.engine_answers, [(engine, 90.0), (engine, 33.0)])
    assert got == [(frame(engine.layout(w)), engine.size(w), len(engine)) for w in (90.0, 33.0)]


# ---------------------------------------------------------------------------
# The thread limit and the CPU affinity

needs_affinity = pytest.mark.skipif(not hasattr(os, "sched_setaffinity"),
                                    reason="the platform has no sched_setaffinity")


@needs_affinity
def test_a_process_pinned_to_one_cpu_uses_one_thread(run_python):
    code = (
        "import os, layoutkernel as lk\n"
        "cpus = os.sched_getaffinity(0)\n"
        "print(lk.max_threads(), min(len(cpus), 257))\n"  # before: every CPU of the mask
        "lk.flow([1.0] * 10, [1.0] * 10, width=3)\n"
        "os.sched_setaffinity(0, {min(cpus)})\n"  # pinned after the library loaded
        "print(lk.max_threads())\n"
        "lk.set_max_threads(4)\n"
        "print(lk.max_threads())\n"
        "os.sched_setaffinity(0, cpus)\n"
        "lk.set_max_threads(0)\n"
        "print(lk.max_threads(), min(len(cpus), 257))\n"
    )
    result = run_python(code, {"LAYOUTKERNEL_THREADS": None})
    assert result.returncode == 0, result.stderr
    lines = result.stdout.split("\n")
    first, mask = lines[0].split()
    assert first == mask
    assert lines[1:3] == ["1", "1"]
    last, mask = lines[3].split()
    assert last == mask


@needs_affinity
def test_a_spawned_worker_pinned_to_one_cpu_uses_one_thread():
    cpu = min(os.sched_getaffinity(0))
    context = multiprocessing.get_context("spawn")
    with context.Pool(1, initializer=os.sched_setaffinity, initargs=(0, {cpu})) as pool:
        assert pool.apply(lk.max_threads) == 1
