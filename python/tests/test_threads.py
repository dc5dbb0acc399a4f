"""Threads: an Engine shared between threads serialises their calls (a lock in
the wrapper): every call succeeds, no answer is ever wrong and the engine ends
as the successful changes imply; the library's busy status, reached only by
going around that lock, is the clear EngineBusyError; stateless calls from
several threads over shared arrays equal one thread's; and ctypes releases the
GIL while the library works, so other Python threads run meanwhile."""

import ctypes
import sys
import threading
import time

import numpy as np
import pytest

import layoutkernel as lk
from layoutkernel import _ffi, _outputs, _params
from layoutkernel._engine import _LIB
from layoutkernel._items import Items
from layoutkernel.errors import check

N = 20_000          # items of the shared engine
SLOTS = 1_000       # items each updating thread owns
APPEND = 50         # items the structural thread appends and removes again
WORKERS = 6


def run_workers(count, target):
    """Runs target(k) on `count` threads started together; returns the
    exceptions they raised."""
    errors = []
    barrier = threading.Barrier(count)

    def body(k):
        try:
            barrier.wait()
            target(k)
        except BaseException as error:  # noqa: BLE001 - reported by the caller
            errors.append(error)

    threads = [threading.Thread(target=body, args=(k,)) for k in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return errors


def test_an_engine_shared_between_threads():
    flow = lk.Flow(spacing=3, line_spacing=2)
    rng = np.random.default_rng(11)
    widths = rng.integers(24, 200, N).astype(np.float32)
    heights = rng.integers(16, 40, N).astype(np.float32)
    engine = lk.Engine(flow)
    engine.set_items(widths, heights)
    # Items no thread changes: every answer must show them as they are.
    fixed = np.r_[0:SLOTS, WORKERS * SLOTS:N]
    last = [dict() for _ in range(WORKERS)]   # thread k: slot -> (width, height)
    counts = []

    def worker(k):
        local = np.random.default_rng(100 + k)
        for i in range(150):
            if k == 0 and i % 3 == 0:
                # Append items, then remove them: the others' items never move.
                engine.insert(N, [33.0] * APPEND, [21.0] * APPEND)
                engine.remove(N, APPEND)
            elif k > 0 and i % 3 == 0:
                slot = int(local.integers(0, SLOTS))
                w, h = float(local.integers(20, 170)), float(local.integers(16, 36))
                engine.update(k * SLOTS + slot, [w], [h])
                last[k][slot] = (w, h)
            elif i % 3 == 1:
                result = engine.layout(700)
                n = len(result)
                counts.append(n)
                # One consistent state: the count it was laid out for, the
                # untouched items as they are, appended items complete.
                assert n in (N, N + APPEND)
                np.testing.assert_array_equal(result.item_width[fixed], widths[fixed])
                np.testing.assert_array_equal(result.item_height[fixed], heights[fixed])
                if n == N + APPEND:
                    assert (result.item_width[N:] == 33.0).all()
                    assert (result.item_height[N:] == 21.0).all()
            else:
                width, height = engine.size(600)
                assert width <= 600 and height > 0
                x, y = engine.positions(int(local.integers(0, N - 16)), 16, 600)
                assert np.isfinite(x).all() and np.isfinite(y).all()
                assert len(engine.visible(0, 0, 600, 300, 600)) > 0
                assert engine.item_at(1, 1, 600) == 0

    assert run_workers(WORKERS, worker) == []
    assert counts
    # The engine now holds exactly the items the updates imply.
    for k in range(1, WORKERS):
        for slot, (w, h) in last[k].items():
            widths[k * SLOTS + slot] = w
            heights[k * SLOTS + slot] = h
    assert len(engine) == N
    for proposal in (700, 600, 1234.5):
        want = flow.layout(widths, heights, proposal)
        got = engine.layout(proposal)
        np.testing.assert_array_equal(got.x, want.x)
        np.testing.assert_array_equal(got.y, want.y)
        np.testing.assert_array_equal(got.item_width, widths)
        assert (got.width, got.height) == (want.width, want.height)
        assert engine.size(proposal) == (want.width, want.height)


def test_the_busy_status_is_a_clear_exception():
    """Around the wrapper's lock (the ctypes layer on one engine's handle), a
    call while another runs gets LK_ERR_BUSY, which raises EngineBusyError;
    the engine is unharmed."""
    n = 2_000_000
    widths = np.full(n, 10, np.float32)
    heights = np.full(n, 10, np.float32)
    descriptor = lk.Circle(radius=1000)
    engine = lk.Engine(descriptor)
    engine.set_items(widths, heights)
    stop = threading.Event()

    def keep_busy():
        proposal = 0.0
        while not stop.is_set():
            proposal += 1.0     # a new proposal: laid out again, not answered from what is held
            try:
                engine.layout(proposal)
            except lk.EngineBusyError:
                pass    # the main thread's count held the engine for a moment: go on

    thread = threading.Thread(target=keep_busy)
    thread.start()
    raised = None
    try:
        count = ctypes.c_size_t()
        deadline = time.monotonic() + 60
        while raised is None and time.monotonic() < deadline:
            status = _LIB.lk_engine_count(engine._handle, ctypes.byref(count))
            if status == _ffi.LK_ERR_BUSY:
                with pytest.raises(lk.EngineBusyError) as caught:
                    check(status)
                raised = caught.value
            else:
                assert status == _ffi.LK_OK
                assert count.value == n
    finally:
        stop.set()
        thread.join()
    assert raised is not None, "no call found the engine busy in 60 s"
    assert isinstance(raised, lk.LayoutError)
    assert raised.status_name == "LK_ERR_BUSY"
    assert "in use" in str(raised)
    assert len(engine) == n
    got = engine.layout(500)
    want = descriptor.layout(widths, heights, 500)
    np.testing.assert_array_equal(got.x, want.x)
    np.testing.assert_array_equal(got.y, want.y)


def test_stateless_calls_from_threads_equal_one_thread():
    rng = np.random.default_rng(3)
    n = 300_000     # a flow the library splits over its pool
    widths = rng.integers(24, 200, n).astype(np.float32)
    heights = rng.integers(16, 40, n).astype(np.float32)
    flow = lk.Flow(spacing=6, line_spacing=4, alignment="center")
    grid = lk.Grid(columns=7, spacing=3)
    lk.set_max_threads(1)
    want_flow = flow.layout(widths, heights, 1000)
    want_grid = grid.layout(widths[:20_000], heights[:20_000], 800)
    lk.set_max_threads(8)
    try:
        def worker(k):
            for _ in range(2):
                got = flow.layout(widths, heights, 1000)
                np.testing.assert_array_equal(got.x, want_flow.x)
                np.testing.assert_array_equal(got.y, want_flow.y)
                for column in ("start", "count", "y", "width", "height"):
                    np.testing.assert_array_equal(getattr(got.rows, column), getattr(want_flow.rows, column))
                got = grid.layout(widths[:20_000], heights[:20_000], 800)
                np.testing.assert_array_equal(got.x, want_grid.x)
                np.testing.assert_array_equal(got.y, want_grid.y)

        assert run_workers(4, worker) == []
    finally:
        lk.set_max_threads(0)


def test_the_library_is_called_without_the_gil():
    """The library is loaded with ctypes.CDLL, whose functions release the
    GIL during the call (ctypes.PyDLL's keep it), and so are the handles the
    per-call path uses."""
    assert isinstance(_LIB, ctypes.CDLL) and not isinstance(_LIB, ctypes.PyDLL)
    for function in (lk.Circle._PLACE, lk.Flow._PLACE, _LIB.lk_engine_layout):
        assert not function._flags_ & ctypes._FUNCFLAG_PYTHONAPI


def test_other_threads_run_during_a_library_call():
    """While one thread is inside one long library call (the binding's own
    handle on lk_layout_place), another thread runs Python code through most
    of it. Were the GIL held, that thread could run only before the call
    starts or after it ends (or for one switch interval around its start)."""
    descriptor = lk.Circle(radius=1000)
    switch = sys.getswitchinterval()
    n = 1_000_000
    while True:
        items = Items(np.full(n, 10, np.float32), np.full(n, 10, np.float32))
        outputs = _outputs.Outputs(n, 0, cells=False)
        proposal = _params.proposal(500, 500)
        window = []
        stop = threading.Event()
        stamps = []

        def long_call():
            begin = time.perf_counter()
            status = descriptor._PLACE(ctypes.byref(items.struct), descriptor._params_ref, proposal,
                                       ctypes.byref(outputs.struct))
            window.extend((begin, time.perf_counter()))
            stop.set()
            check(status)

        def spin():
            clock = time.perf_counter
            while not stop.is_set():
                stamps.append(clock())

        spinner = threading.Thread(target=spin)
        caller = threading.Thread(target=long_call)
        lk.set_max_threads(1)
        try:
            spinner.start()
            time.sleep(0.01)
            caller.start()
            caller.join()
            spinner.join()
        finally:
            lk.set_max_threads(0)
        begin, end = window
        inside = [stamp for stamp in stamps if begin < stamp < end]
        covered = inside[-1] - inside[0] if len(inside) > 1 else 0.0
        if end - begin >= 4 * switch:
            assert covered >= 0.5 * (end - begin), (
                f"a call of {end - begin:.3f} s: another thread ran for only {covered:.3f} s of it")
            return
        assert n < 16_000_000, f"no library call lasted {4 * switch:.3f} s or more"
        n *= 2      # the call was too short to tell: a longer one
