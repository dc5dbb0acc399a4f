"""lk.Engine: after any sequence of changes every answer equals a fresh
``descriptor.layout`` of the same items, bit for bit (at every kernel level:
the sequences run again in a fresh interpreter per level); a failed call
changes nothing; threads may share an engine."""

import os
import subprocess
import sys
import threading
from array import array

import numpy as np
import pytest

import layoutkernel as lk
from layoutkernel import _engine, _numpy

DESCRIPTORS = [
    lk.Flow(spacing=4, line_spacing=2),
    lk.Flow(spacing=3, line_spacing=1, alignment="center"),
    lk.Flow(spacing=None, line_spacing=None, alignment="bottomTrailing"),
    lk.HStack(spacing=2),
    lk.VStack(spacing=1),
    lk.Grid(columns=3, spacing=2, line_spacing=3),
    lk.Balanced(axis="vertical", spacing=2),
    lk.Circle(radius=80),
    lk.Flow(spacing=4, line_spacing=2, justify="space-between", align_content="center"),
    lk.Flow(spacing=3, axis="vertical", direction="rtl", wrap_reverse=True, alignment="center"),
    lk.Flow(spacing=2, reverse=True, justify="space-evenly", align_content="stretch"),
]


def random_items(rng, n):
    widths = (rng.integers(0, 64 * 120, n) / 64).astype(np.float32)
    heights = (rng.integers(0, 64 * 60, n) / 64).astype(np.float32)
    return widths, heights


def check_answers(engine, descriptor, widths, heights, proposal, rng):
    width, height = proposal
    want = descriptor.layout(widths, heights, width, height)
    got = engine.layout(width, height)
    assert (got.width, got.height) == (want.width, want.height)
    assert engine.size(width, height) == (want.width, want.height)
    for name in ("x", "y", "item_width", "item_height"):
        np.testing.assert_array_equal(getattr(got, name), getattr(want, name), err_msg=name)
    for name in ("start", "count", "y", "width", "height"):
        np.testing.assert_array_equal(getattr(got.rows, name), getattr(want.rows, name), err_msg=name)
    n = len(widths)
    assert len(engine) == n
    if n == 0:
        return
    a = int(rng.integers(0, n))
    b = int(rng.integers(a + 1, n + 1))
    x, y = engine.positions(a, b - a, width, height)
    np.testing.assert_array_equal(x, want.x[a:b])
    np.testing.assert_array_equal(y, want.y[a:b])
    x0, y0 = float(rng.integers(0, 300)), float(rng.integers(0, 600))
    x1, y1 = x0 + float(rng.integers(0, 300)), y0 + float(rng.integers(0, 300))
    fx, fy, fw, fh = want.x, want.y, want.item_width, want.item_height
    expected = np.flatnonzero((fx < x1) & (x0 < fx + fw) & (fy < y1) & (y0 < fy + fh) & (fw > 0) & (fh > 0))
    np.testing.assert_array_equal(engine.visible(x0, y0, x1, y1, width, height), expected)
    i = int(rng.integers(0, n))
    qx, qy = float(fx[i] + fw[i] / 2), float(fy[i] + fh[i] / 2)
    holds = np.flatnonzero((fx <= qx) & (qx < fx + fw) & (fy <= qy) & (qy < fy + fh))
    assert engine.item_at(qx, qy, width, height) == (int(holds[0]) if len(holds) else None)


@pytest.mark.parametrize("descriptor", DESCRIPTORS, ids=repr)
def test_random_changes(descriptor):
    run_sequences(descriptor, 25)


@pytest.mark.parametrize("level", ["reference", "sse2", "avx2", "avx512"])
def test_random_changes_at_every_level(level):
    """The sequences again in an interpreter whose library runs `level` (skipped
    where the CPU cannot run it)."""
    env = dict(os.environ, LAYOUTKERNEL_ISA=level)
    probe = subprocess.run([sys.executable, "-c", "import layoutkernel as lk; print(lk.active_kernel())"],
                           env=env, capture_output=True, text=True, check=True)
    if probe.stdout.strip() != level:
        pytest.skip(f"this CPU does not run {level}")
    done = subprocess.run([sys.executable, __file__], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"kernel {level}: every answer equal" in done.stdout


def run_sequences(descriptor, sequences):
    rng = np.random.default_rng(7)
    for sequence in range(sequences):
        widths, heights = random_items(rng, int(rng.integers(0, 200)))
        engine = lk.Engine(descriptor)
        engine.set_items(widths, heights)
        proposals = [(None, None), (float(rng.integers(50, 400)), None),
                     (float(rng.integers(50, 400)), float(rng.integers(50, 600)))]
        for step in range(5):
            check_answers(engine, descriptor, widths, heights, proposals[step % 3], rng)
            n = len(widths)
            action = int(rng.integers(0, 4))
            if action == 0 and n:
                at = int(rng.integers(0, n))
                k = int(rng.integers(1, min(6, n - at) + 1))
                w, h = random_items(rng, k)
                engine.update(at, w, h)
                widths[at:at + k], heights[at:at + k] = w, h
            elif action == 1:
                at = int(rng.integers(0, n + 1))
                w, h = random_items(rng, int(rng.integers(1, 40)))
                engine.insert(at, w, h)
                widths, heights = np.insert(widths, at, w), np.insert(heights, at, h)
            elif action == 2 and n:
                at = int(rng.integers(0, n))
                k = int(rng.integers(1, min(8, n - at) + 1))
                engine.remove(at, k)
                widths, heights = np.delete(widths, slice(at, at + k)), np.delete(heights, slice(at, at + k))
            else:
                if n:
                    widths = widths.copy()
                    widths[int(rng.integers(0, n))] = 33
                engine.set_items(widths, heights)
        check_answers(engine, descriptor, widths, heights, proposals[0], rng)


def test_growing_items():
    """A flow whose items grow (per-item factors held with the items): every answer
    equals a fresh layout, grown sizes included, after changes with and without factors."""
    rng = np.random.default_rng(11)
    flow = lk.Flow(spacing=3, line_spacing=2, justify="center")
    widths, heights = random_items(rng, 300)
    grow = (rng.integers(0, 5, 300) / 2).astype(np.float32)
    engine = lk.Engine(flow)
    engine.set_items(widths, heights, grow=grow)
    for step in range(6):
        want = flow.layout(widths, heights, 500, None, grow=grow)
        got = engine.layout(500, None)
        for name in ("x", "y", "item_width", "item_height"):
            np.testing.assert_array_equal(getattr(got, name), getattr(want, name), err_msg=f"{name} {step}")
        assert not np.array_equal(want.item_width, widths)   # some items did grow
        at = int(rng.integers(0, len(widths) - 5))
        w, h = random_items(rng, 5)
        g = None if step % 2 else (rng.integers(0, 3, 5)).astype(np.float32)
        engine.update(at, w, h, grow=g)
        widths[at:at + 5], heights[at:at + 5] = w, h
        grow[at:at + 5] = 0 if g is None else g


def test_featured_flow_keeps_its_lines():
    """A flow with the CSS features (right to left, wrap-reverse lines stretched over
    a definite height, growing items) on the 1/64 grid: a change re-packs a few lines,
    the requests after it lay nothing out, and every answer equals ``lk.flow``'s."""
    rng = np.random.default_rng(5)
    n = 50_000
    widths = (rng.integers(24 * 64, 200 * 64, n) / 64).astype(np.float32)
    heights = (rng.integers(16 * 4, 40 * 4, n) / 4).astype(np.float32)
    grow = rng.integers(0, 3, n).astype(np.float32)
    features = dict(spacing=6, line_spacing=4, direction="rtl", wrap_reverse=True, align_content="stretch")
    flow = lk.Flow(**features)
    engine = lk.Engine(flow)
    engine.set_items(widths, heights, grow=grow)
    width, height = 1000.0, 3_000_000.0
    engine.size(width, height)
    for step in range(3):
        at = int(rng.integers(0, n - 1))
        w, h = [float(rng.integers(24, 200))], [float(rng.integers(16, 40))]
        if step == 1:
            engine.insert(at, w, h, grow=[2.0])
            widths, heights, grow = np.insert(widths, at, w), np.insert(heights, at, h), np.insert(grow, at, 2)
        else:
            engine.update(at, w, h, grow=[1.0])
            widths[at], heights[at], grow[at] = w[0], h[0], 1
        assert engine.stats["items_packed"] < 5_000, step
        want = lk.flow(widths, heights, width=width, height=height, grow=grow, **features)
        assert engine.size(width, height) == (want.width, want.height)
        x, y = engine.positions(at, 500, width, height)
        np.testing.assert_array_equal(x, want.x[at:at + 500])
        np.testing.assert_array_equal(y, want.y[at:at + 500])
        fx, fy, fw, fh = want.x, want.y, want.item_width, want.item_height
        x0, y0 = float(fx[at]) - 300, float(fy[at]) - 200
        expected = np.flatnonzero((fx < x0 + 800) & (x0 < fx + fw) & (fy < y0 + 600) & (y0 < fy + fh) & (fw > 0) & (fh > 0))
        assert len(expected) > 3   # lines stretched about tenfold: one or two on the screen
        np.testing.assert_array_equal(engine.visible(x0, y0, x0 + 800, y0 + 600, width, height), expected)
        qx, qy = float(fx[at] + fw[at] / 2), float(fy[at] + fh[at] / 2)
        assert engine.item_at(qx, qy, width, height) == at
        assert engine.stats["items_packed"] < 5_000, step   # answered from the lines
        got = engine.layout(width, height)
        for name in ("x", "y", "item_width", "item_height"):
            np.testing.assert_array_equal(getattr(got, name), getattr(want, name), err_msg=f"{name} {step}")
        for name in ("start", "count", "y", "width", "height"):
            np.testing.assert_array_equal(getattr(got.rows, name), getattr(want.rows, name), err_msg=name)


def test_flow_breaks_and_stats():
    flow = lk.Flow(spacing=2)
    rng = np.random.default_rng(3)
    widths, heights = random_items(rng, 50_000)
    engine = lk.Engine(flow)
    engine.set_items(widths, heights, breaks=[10, 20])
    want = flow.layout(widths, heights, 500, breaks=[10, 20])
    assert engine.size(500) == (want.width, want.height)
    stats = engine.stats
    assert set(stats) >= {"items_packed", "rows_reused", "cache_hits", "bytes"}
    engine.size(500)
    assert engine.stats["cache_hits"] == stats["cache_hits"] + 1
    engine.update(25_000, [40.0], [10.0])
    assert engine.stats["items_packed"] < 5_000 and engine.stats["rows_reused"] > 100
    assert engine.stats["bytes"] >= 50_000 * 8


@pytest.mark.parametrize("size", [(40.0, 30.0), (33.3, 17.1)])
def test_items_of_one_size(size):
    """A grid of thumbnails: after an insert, an update or a removal no new row start
    meets an old one, yet the engine re-packs a few rows and takes over the rest."""
    flow = lk.Flow(spacing=5, line_spacing=1.3)
    n = 30_000
    widths = np.full(n, size[0], dtype=np.float32)
    heights = np.full(n, size[1], dtype=np.float32)
    engine = lk.Engine(flow)
    engine.set_items(widths, heights)
    rows = len(engine.layout(1000).rows)
    changes = [
        ("insert", lambda: engine.insert(n // 2, [size[0]], [size[1]]),
         lambda w, h: (np.insert(w, n // 2, size[0]), np.insert(h, n // 2, size[1]))),
        ("update", lambda: engine.update(7000, [size[0] * 3], [size[1]]),
         lambda w, h: (np.where(np.arange(len(w)) == 7000, np.float32(size[0] * 3), w), h)),
        ("remove", lambda: engine.remove(100, 2),
         lambda w, h: (np.delete(w, [100, 101]), np.delete(h, [100, 101]))),
    ]
    for name, change, mirror in changes:
        change()
        widths, heights = mirror(widths, heights)
        assert engine.stats["items_packed"] < 1000, name
        want = flow.layout(widths, heights, 1000)
        got = engine.layout(1000)
        np.testing.assert_array_equal(got.x, want.x, err_msg=name)
        np.testing.assert_array_equal(got.y, want.y, err_msg=name)
        np.testing.assert_array_equal(got.rows.start, want.rows.start, err_msg=name)
    assert engine.stats["rows_reused"] > rows // 3


def test_errors_change_nothing():
    engine = lk.Engine(lk.Flow(spacing=1))
    engine.set_items([10, 20, 30], [5, 5, 5])
    before = engine.layout(25)
    with pytest.raises(lk.InvalidParameterError, match="past the engine's 3 items"):
        engine.update(2, [1, 2], [1, 2])
    with pytest.raises(lk.InvalidParameterError):
        engine.remove(1, 5)
    with pytest.raises(lk.InvalidItemError):
        engine.insert(0, [float("nan")], [1])
    with pytest.raises(lk.InvalidProposalError):
        engine.size(-1)
    with pytest.raises(ValueError):
        engine.remove(-1, 1)
    with pytest.raises(TypeError):
        lk.Engine("flow")
    after = engine.layout(25)
    assert len(engine) == 3
    np.testing.assert_array_equal(after.x, before.x)
    np.testing.assert_array_equal(after.y, before.y)


def test_threads_share_an_engine():
    flow = lk.Flow(spacing=3)
    rng = np.random.default_rng(5)
    widths, heights = random_items(rng, 20_000)
    engine = lk.Engine(flow)
    engine.set_items(widths, heights)
    want = {w: flow.size(widths, heights, w) for w in (300.0, 400.0, 500.0)}
    errors = []

    def worker(k):
        try:
            for i in range(200):
                w = (300.0, 400.0, 500.0)[(i + k) % 3]
                assert engine.size(w) == want[w]
                assert len(engine.visible(0, 0, 100, 100, w)) > 0
        except Exception as error:  # noqa: BLE001 - reported below
            errors.append(error)

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []


def size_forms(values):
    """The same sizes in every form a change takes: the quick path's (float32
    arrays, short lists and tuples) and the others (through Items)."""
    as_f32 = np.asarray(values, np.float32)
    read_only = as_f32.copy()
    read_only.flags.writeable = False
    strided = np.repeat(as_f32, 2)[::2]
    forms = {"float32": as_f32, "list": list(values), "tuple": tuple(values),
             "ints": [int(v) for v in values] if all(float(v).is_integer() for v in values) else list(values),
             "read-only": read_only, "strided": strided, "float64": as_f32.astype(np.float64),
             "array('f')": array("f", values)}
    return forms


def outcome(call):
    """What a call did: ("ok", None) or (exception type, message)."""
    try:
        call()
    except Exception as error:  # noqa: BLE001 - compared between paths
        return type(error), str(error)
    return "ok", None


@pytest.mark.parametrize("n", [1, 3, _engine._SMALL, _engine._SMALL + 1])
def test_changes_through_every_input_form_agree(n):
    # The quick path (float32 arrays, lists and tuples of at most _SMALL
    # numbers) and the general one (Items) hold the same items.
    flow = lk.Flow(spacing=2, line_spacing=1)
    rng = np.random.default_rng(n)
    widths, heights = random_items(rng, 40)
    new_w, new_h = random_items(rng, n)
    forms_w, forms_h = size_forms(new_w), size_forms(new_h)
    for form in forms_w:
        w, h = forms_w[form], forms_h[form]
        engine = lk.Engine(flow)
        engine.set_items(size_forms(widths)[form], size_forms(heights)[form])
        engine.update(5, w, h)
        engine.insert(len(engine), w, h)
        engine.insert(0, w, h)
        want_w = np.r_[new_w, widths[:5], new_w, widths[5 + n:], new_w]
        want_h = np.r_[new_h, heights[:5], new_h, heights[5 + n:], new_h]
        want = flow.layout(want_w, want_h, 300.0)
        got = engine.layout(300.0)
        np.testing.assert_array_equal(got.x, want.x, err_msg=form)
        np.testing.assert_array_equal(got.y, want.y, err_msg=form)
        np.testing.assert_array_equal(got.item_width, want_w, err_msg=form)
        assert engine.size(300.0) == (want.width, want.height), form


def test_failed_changes_read_the_same_on_every_path():
    # A change the library or the conversion refuses raises the same error,
    # with the same message, whether its sizes take the quick path or not;
    # the engine is unchanged.
    engine = lk.Engine(lk.Flow(spacing=1))
    engine.set_items([10.0, 20.0, 30.0], [5.0, 5.0, 5.0])
    before = engine.layout(25.0)
    cases = [
        ("update", 2, [1.0, 2.0], [1.0, 2.0]),        # past the items
        ("update", 0, [float("nan")], [1.0]),         # the library refuses the size
        ("update", 0, [1e300], [1.0]),                # beyond float32: infinity, then refused
        ("update", 0, ["wide"], [1.0]),               # not a number
        ("update", 0, [1.0], [1.0, 2.0]),             # lengths differ
        ("insert", 9, [1.0], [1.0]),                  # past the end: "(index is at)"
        ("insert", 0, [-1.0], [1.0]),
        ("set_items", None, [1.0, float("inf")], [1.0, 1.0]),
    ]
    for method, index, w, h in cases:
        arguments = () if index is None else (index,)
        outcomes = set()
        for form in ("list", "tuple", "float32", "array('f')"):
            if form == "float32" and any(isinstance(v, str) for v in w):
                continue
            convert = {"list": list, "tuple": tuple, "float32": lambda v: np.asarray(v, np.float32),
                       "array('f')": lambda v: array("f", v)}[form]
            try:
                with np.errstate(over="ignore"):  # 1e300 as float32: infinity, as array('f') makes it
                    given = convert(w), convert(h)
            except TypeError:  # array('f') of a string
                continue
            outcomes.add(outcome(lambda: getattr(engine, method)(*arguments, *given)))
        assert len(outcomes) == 1, (method, index, w, outcomes)
        kind, message = outcomes.pop()
        assert kind != "ok", (method, w)
        if method == "insert" and index == 9:
            assert "(index is at)" in message
        if w == ["wide"]:  # the general path's message, naming the entry
            assert (kind, message) == (TypeError, "widths[0] is 'wide', not a number")
    after = engine.layout(25.0)
    assert len(engine) == 3
    np.testing.assert_array_equal(after.x, before.x)
    np.testing.assert_array_equal(after.y, before.y)


def test_queries_past_their_room_and_without_numpy(monkeypatch):
    # visible() finding more items than its first buffer holds asks again with
    # room for them all; changes take lists without NumPy.
    flow = lk.Flow()
    widths = np.full(5000, 4.0, np.float32)
    heights = np.full(5000, 4.0, np.float32)
    engine = lk.Engine(flow)
    engine.set_items(widths, heights)
    for x1, y1 in ((20.0, 4.0), (400.0, 40.0), (1000.0, 400.0)):
        layout = flow.layout(widths, heights, 1000.0)
        expected = np.flatnonzero((layout.x < x1) & (layout.y < y1))
        got = engine.visible(0.0, 0.0, x1, y1, 1000.0)
        assert got.dtype == np.int64 and len(got) > 0
        np.testing.assert_array_equal(got, expected)
        np.testing.assert_array_equal(engine.visible(0, 0, int(x1), int(y1), 1000, exact=True), expected)
    assert len(engine.visible(0.0, 0.0, 1000.0, 400.0, 1000.0)) > _engine._VISIBLE_ROOM
    assert engine.item_at(6.0, 1.0, 1000.0) == 1 and engine.item_at(6, 1, 1000, exact=True) == 1
    assert engine.item_at(-1.0, 1.0, 1000.0) is None
    monkeypatch.setattr(_numpy, "np", None)
    engine.update(1, [8.0], [8.0])
    engine.insert(0, (2.0, 2.0), (2.0, 2.0))
    assert len(engine) == 5002 and engine.size(1000.0) == flow.size(
        [2.0, 2.0, 4.0, 8.0] + [4.0] * 4998, [2.0, 2.0, 4.0, 8.0] + [4.0] * 4998, 1000.0)
    with pytest.raises(ImportError, match="needs NumPy"):
        engine.visible(0.0, 0.0, 10.0, 10.0)


if __name__ == "__main__":   # run by test_random_changes_at_every_level
    for each in DESCRIPTORS:
        run_sequences(each, 10)
    print(f"kernel {lk.active_kernel()}: every answer equal")
