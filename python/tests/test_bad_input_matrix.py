"""The bad-input matrix of the Python surface, generated: every keyword of every
public function, constructor and method, crossed with the classes of bad value that
apply to it (NaN, +-inf, negative, too large, out of range, unknown names, wrong types,
dtypes, shapes and lengths), gives one exact exception class and a message naming the
keyword; a failed call leaves an engine and ``out=`` as they were.

Then: every cell the binding rejects itself (TypeError, ValueError and the errors it
raises for the library) raises before any call into the C library (every ctypes
function the package can reach is replaced by a stub that records calls); every
keyword typo is a TypeError; and no result shares memory with a later call's, or
with the inputs, unless ``out=`` asks for it.
"""

import ctypes
import math
import sys

import numpy as np
import pytest

import layoutkernel as lk
from layoutkernel import _ffi, _loader, svg

W, H = [10.0, 20.0, 30.0], [5.0, 6.0, 7.0]
NAN, INF = math.nan, math.inf
P = lk.InvalidParameterError

# ---------------------------------------------------------------------------
# The classes of bad value, by the kind of a keyword: (label, value, exception,
# what the message names; None: the keyword itself).


def lengths(none_ok=True, zero_bad=False):
    cells = [("NaN", NAN, P, None), ("+inf", INF, P, None), ("-inf", -INF, P, None),
             ("negative", -1.0, P, None), ("above 2**64", 2.0 ** 65, P, None),
             ("an int beyond floats", 10 ** 400, ValueError, None),
             ("a str", "wide", TypeError, None), ("a bool", True, TypeError, None),
             ("a list", [1.0], TypeError, None)]
    if not none_ok:
        cells.append(("None", None, TypeError, None))
    if zero_bad:
        cells.append(("0", 0.0, P, None))
    return cells


def anchors():
    cells = []
    for part, name in ((0, "ax"), (1, "ay")):
        for label, value in (("NaN", NAN), ("+inf", INF), ("-inf", -INF), ("negative", -0.5),
                             ("above 1", 1.5)):
            pair = [0.5, 0.5]
            pair[part] = value
            cells.append((f"{name} {label}", tuple(pair), P, None))
        pair = [0.5, 0.5]
        pair[part] = "a"
        cells.append((f"{name} a str", tuple(pair), TypeError, None))
    return cells + [("an unknown name", "middle", ValueError, None), ("an int", 5, TypeError, None),
                    ("None", None, TypeError, None), ("three values", (0, 0, 0), ValueError, None)]


def angles():
    return [("NaN", NAN, P, None), ("+inf", INF, P, None), ("-inf", -INF, P, None),
            ("a str", "up", TypeError, None), ("None", None, TypeError, None)]


def names(*unknown, none_ok=False):
    cells = [(f"unknown {value!r}", value, ValueError, None) for value in ("nope",) + unknown]
    cells += [("an int", 1, TypeError, None), ("a list", ["start"], TypeError, None)]
    if not none_ok:
        cells.append(("None", None, TypeError, None))
    return cells


SWITCHES = [("1", 1, TypeError, None), ("0", 0, TypeError, None), ("a str", "yes", TypeError, None),
            ("None", None, TypeError, None)]
PROPOSALS = [("NaN", NAN, ValueError, None), ("a NumPy NaN", np.float32("nan"), ValueError, None),
             ("negative", -1.0, lk.InvalidProposalError, None),
             ("-inf", -INF, lk.InvalidProposalError, None),
             ("an int beyond floats", 10 ** 400, ValueError, None), ("a str", "wide", TypeError, None),
             ("a bool", True, TypeError, None), ("a list", [1.0], TypeError, None)]
COLUMNS = [("0", 0, ValueError, None), ("negative", -1, ValueError, None),
           ("above 2**31 - 1", 2 ** 31, ValueError, None), ("a float", 1.5, TypeError, None),
           ("a str", "2", TypeError, None), ("a bool", True, TypeError, None)]
INDICES = [("negative", -1, ValueError, None), ("above SIZE_MAX", 2 ** 64, ValueError, None),
           ("a float", 1.5, TypeError, None), ("a str", "1", TypeError, None),
           ("a bool", True, TypeError, None), ("None", None, TypeError, None)]
COORDINATES = [("a str", "a", TypeError, None), ("None", None, TypeError, None),
               ("an int beyond floats", 10 ** 400, ValueError, None)]


def sizes(name, n=3):
    """Bad widths or heights (``name``) of n items."""
    cells = []
    for label, value in (("NaN", NAN), ("+inf", INF), ("-inf", -INF), ("negative", -1.0),
                         ("above 2**64", 2.0 ** 65)):
        items = [1.0] * n
        items[1] = value
        cells.append((f"an item {label} (list)", items, lk.InvalidItemError, f"{name}[1]"))
        cells.append((f"an item {label} (float32 array)", np.array(items, np.float32),
                      lk.InvalidItemError, f"{name}[1]"))
    return cells + [
        ("an int beyond floats", [1.0, 10 ** 400, 1.0][:n], ValueError, None),
        ("a str", "abc", TypeError, None), ("None", None, TypeError, None), ("a bool", True, TypeError, None),
        ("a list with a str", [1.0, "2", 3.0][:n], TypeError, f"{name}[1]"),
        ("a list with None", [1.0, None, 3.0][:n], TypeError, f"{name}[1]"),
        ("2-D", np.ones((n, 1), np.float32), ValueError, None),
        ("(n, 2)", np.ones((n, 2), np.float32), ValueError, None),
        ("a masked entry", np.ma.array([1.0] * n, mask=[0, 1] + [0] * (n - 2), dtype=np.float32),
         ValueError, f"{name}[1]"),
        ("complex dtype", np.ones(n, complex), TypeError, None),
        ("bool dtype", np.ones(n, bool), TypeError, None),
        ("object dtype", np.array([1.0] * n, object), TypeError, None),
        ("another length", [1.0] * (n - 1), ValueError, None),
    ]


def grows(n=3):
    cells = [(label, value, error, word) for label, value, error, word in sizes("grow", n)
             if label not in ("another length", "None")]
    return cells + [("another length", [1.0], ValueError, None)]


def item_spacings(n=3):
    cells = []
    for side, name in enumerate(("leading", "trailing", "top", "bottom")):
        for label, value in (("NaN", NAN), ("+inf", INF), ("-inf", -INF), ("negative", -1.0),
                             ("above 2**64", 2.0 ** 65)):
            columns = [[0.0] * n for _ in range(4)]
            columns[side][2] = value
            cells.append((f"{name} {label}", columns, lk.InvalidItemError, f"{name} column of item_spacing"))
        columns = [None] * 4
        columns[side] = [0.0] * (n + 1)
        cells.append((f"{name} of another length", columns, ValueError, f"item_spacing {name}"))
    return cells + [("an array of a bad shape", np.zeros((n, 3)), ValueError, None),
                    ("three columns", [[0.0] * n] * 3, ValueError, None),
                    ("a str", "abcd", TypeError, None), ("an int", 4, TypeError, None)]


BREAKS = [("an index past the items", [7], ValueError, None), ("a negative index", [-1], ValueError, None),
          ("a float index", [1.5], TypeError, None), ("an int", 5, TypeError, None),
          ("a mask of another length", np.array([True, False]), ValueError, None),
          ("a 2-D mask", np.ones((3, 1), bool), ValueError, None),
          ("0/1 ints, one per item", [0, 1, 0], ValueError, None),
          ("a 0/1 int array, one per item", np.array([0, 1, 0]), ValueError, None),
          ("bools and ints", [False, 1, 0], TypeError, None),
          ("a masked entry", np.ma.array([False, True, False], mask=[0, 0, 1]), ValueError, "breaks[2]")]


def outs():
    small = lk.flow([1.0], [1.0])
    made = lk.Layout(0.0, 0.0, [], [], [], [], lk.Rows([], [], [], [], []))
    return [("a str", "x", TypeError, None), ("a Layouts", "many", TypeError, None),
            ("a Layout made directly", made, ValueError, None),
            ("a Layout too small", small, lk.BufferTooSmallError, None)]


# ---------------------------------------------------------------------------
# The surface: each callable with its valid arguments and its keywords' kinds.

FLOW_FEATURES = {"justify": names("stretch", none_ok=True), "direction": names("RTL"),
                 "reverse": SWITCHES, "wrap_reverse": SWITCHES, "axis": names("both"),
                 "align_content": names(none_ok=True)}
FLOW_PARAMS = dict({"spacing": lengths(), "line_spacing": lengths(), "alignment": anchors()},
                   **FLOW_FEATURES)
STACK_PARAMS = {"spacing": lengths(), "alignment": anchors()}
GRID_PARAMS = {"columns": COLUMNS, "sizing": names(), "spacing": lengths(none_ok=False),
               "line_spacing": lengths(none_ok=False), "alignment": anchors()}
BALANCED_PARAMS = {"axis": names("both"), "spacing": lengths()}
CIRCLE_PARAMS = {"radius": lengths(none_ok=False), "start_angle": angles(), "anchor": anchors()}
ITEMS = {"widths": sizes("widths"), "heights": sizes("heights")}
PROPOSAL = {"width": PROPOSALS, "height": PROPOSALS}


def engine():
    held = lk.Engine(lk.Flow(spacing=2))
    held.set_items(W, H)
    return held


def surface():
    """``(name, call(env, **keywords), {keyword: cells})``: ``env`` holds an engine
    and the ``out`` Layouts the cells use."""
    entries = []
    layout_keywords = dict(ITEMS, **PROPOSAL, out=outs())
    shorthands = [("lk.flow", lk.flow, dict(FLOW_PARAMS, breaks=BREAKS, item_spacing=item_spacings(),
                                            grow=grows())),
                  ("lk.hstack", lk.hstack, dict(STACK_PARAMS, item_spacing=item_spacings())),
                  ("lk.vstack", lk.vstack, dict(STACK_PARAMS, item_spacing=item_spacings())),
                  ("lk.zstack", lk.zstack, dict(STACK_PARAMS, item_spacing=item_spacings())),
                  ("lk.grid", lk.grid, dict(GRID_PARAMS, min_column_width=lengths(True, True))),
                  ("lk.balanced", lk.balanced, dict(BALANCED_PARAMS, item_spacing=item_spacings())),
                  ("lk.circle", lk.circle, CIRCLE_PARAMS)]
    for name, function, keywords in shorthands:
        base = {"radius": 10.0} if function is lk.circle else {}
        entries.append((name, lambda env, f=function, b=base, **k: f(**{"widths": W, "heights": H, **b, **k}),
                        dict(keywords, **layout_keywords)))
    descriptors = [("lk.Flow", lk.Flow, FLOW_PARAMS, {}), ("lk.HStack", lk.HStack, STACK_PARAMS, {}),
                   ("lk.VStack", lk.VStack, STACK_PARAMS, {}), ("lk.ZStack", lk.ZStack, STACK_PARAMS, {}),
                   ("lk.Grid", lk.Grid, dict(GRID_PARAMS, min_column_width=lengths(True, True)), {}),
                   ("lk.Balanced", lk.Balanced, BALANCED_PARAMS, {}),
                   ("lk.Circle", lk.Circle, CIRCLE_PARAMS, {"radius": 10.0})]
    for name, cls, keywords, base in descriptors:
        # The constructor's keywords, the descriptor then used.
        entries.append((f"{name}(...).layout", lambda env, c=cls, b=base, **k: c(**dict(b, **k)).layout(W, H),
                        keywords))
        flow = cls is lk.Flow
        extra = {"breaks": BREAKS, "grow": grows()} if flow else {}
        spacing = {} if cls in (lk.Grid, lk.Circle) else {"item_spacing": item_spacings()}
        make = (lambda c=cls, b=base: c(**b))
        entries.append((f"{name}.layout", lambda env, m=make, **k: m().layout(**dict({"widths": W, "heights": H}, **k)),
                        dict(layout_keywords, **extra, **spacing)))
        entries.append((f"{name}.size", lambda env, m=make, **k: m().size(**dict({"widths": W, "heights": H}, **k)),
                        dict(ITEMS, **PROPOSAL, **extra, **spacing)))
        row_keywords = dict(ITEMS, width=PROPOSALS, **spacing)
        if flow:
            row_keywords["breaks"] = BREAKS
        else:
            row_keywords["height"] = PROPOSALS
        entries.append((f"{name}.row_count",
                        lambda env, m=make, **k: m().row_count(**dict({"widths": W, "heights": H}, **k)), row_keywords))
        many = dict(ITEMS, **PROPOSAL, **extra, **spacing, counts=[
            ("not adding up", [1, 1], P, None), ("a negative count", [4, -1], ValueError, None),
            ("floats", [1.5, 1.5], TypeError, None), ("2-D", [[3]], ValueError, None),
            ("None", None, TypeError, None), ("a str", "3", TypeError, None)],
            proposals=[("of a bad shape", [[10.0, 10.0]], ValueError, None),
                       ("strs", [["a", "b"], ["c", "d"]], TypeError, None),
                       ("a str", "10", TypeError, None),
                       ("a negative width", [[10.0, 10.0], [-1.0, 5.0]], lk.InvalidProposalError, "proposals[1].width"),
                       ("-inf height", [[10.0, -INF], [1.0, 5.0]], lk.InvalidProposalError, "proposals[0].height")],
            out=[("a Layout", "layout", TypeError, None), ("too small", "many_small", ValueError, None)])
        entries.append((f"{name}.layout_many",
                        lambda env, m=make, **k: m().layout_many(**dict({"widths": W, "heights": H, "counts": [1, 2]}, **k)),
                        many))
    entries.append(("lk.first_fit", lambda env, **k: lk.first_fit(**dict({"candidates": [(lk.Flow(), W, H)]}, **k)),
                    dict(PROPOSAL, axes=names("diagonal"), out=outs(), candidates=[
                        ("empty", [], P, None), ("a str", "abc", TypeError, None), ("None", None, TypeError, None),
                        ("a non-tuple candidate", [5], TypeError, "candidates[0]"),
                        ("a candidate of one value", [(lk.Flow(),)], ValueError, "candidates[0]"),
                        ("a candidate without a descriptor", [("flow", W, H)], TypeError, "candidates[0][0]"),
                        ("a candidate's items of two lengths", [(lk.Flow(), W, H[:2])], ValueError, "candidates[0]"),
                        ("a candidate's width NaN", [(lk.Flow(), [1.0, NAN], [1.0, 1.0])], lk.InvalidItemError,
                         "candidates[0].items.widths[1]"),
                        ("a candidate's spacing negative", [(lk.Flow(spacing=-1), W, H)], P,
                         "candidates[0].layout.flow.spacing")])))
    entries.append(("lk.Engine", lambda env, **k: lk.Engine(**k),
                    {"descriptor": [("an int", 5, TypeError, None), ("None", None, TypeError, None),
                                    ("a class", lk.Flow, TypeError, None),
                                    ("a bad spacing", lk.Flow(spacing=NAN), P, "layout.flow.spacing")]}))
    item_methods = {"set_items": {}, "update": {"start": 0}, "insert": {"at": 3}}
    for method, base in item_methods.items():
        keywords = dict(ITEMS, breaks=BREAKS, item_spacing=item_spacings(), grow=grows())
        if method == "update":
            keywords["start"] = INDICES + [("past the items", 1, P, None)]
        if method == "insert":
            keywords["at"] = INDICES + [("past the items", 4, P, None)]
        entries.append((f"Engine.{method}",
                        lambda env, m=method, b=base, **k: getattr(env["engine"], m)(**{"widths": W, "heights": H, **b, **k}),
                        keywords))
    ranges = {"start": INDICES + [("past the items", 4, P, None)],
              "count": INDICES + [("past the items", 4, P, None)]}
    entries.append(("Engine.remove", lambda env, **k: env["engine"].remove(**dict({"start": 0, "count": 1}, **k)),
                    ranges))
    entries.append(("Engine.positions",
                    lambda env, **k: env["engine"].positions(**dict({"start": 0, "count": 1}, **k)),
                    dict(ranges, **PROPOSAL)))
    for method in ("layout", "size"):
        entries.append((f"Engine.{method}", lambda env, m=method, **k: getattr(env["engine"], m)(**k), PROPOSAL))
    corners = {name: COORDINATES + [("NaN", NAN, P, None)] for name in ("x0", "y0", "x1", "y1")}
    entries.append(("Engine.visible",
                    lambda env, **k: env["engine"].visible(**dict({"x0": 0, "y0": 0, "x1": 10, "y1": 10}, **k)),
                    dict(corners, **PROPOSAL)))
    entries.append(("Engine.item_at", lambda env, **k: env["engine"].item_at(**dict({"x": 1, "y": 1}, **k)),
                    dict({"x": COORDINATES, "y": COORDINATES}, **PROPOSAL)))
    entries.append(("lk.set_max_threads", lambda env, **k: lk.set_max_threads(**k),
                    {"threads": [("negative", -1, ValueError, None), ("a float", 1.5, TypeError, None),
                                 ("a bool", True, TypeError, None), ("a str", "2", TypeError, None)]}))
    entries.append(("svg.render", lambda env, **k: svg.render(**dict({"layout": env["layout"]}, **k)),
                    {"layout": [("a str", "x", TypeError, None), ("None", None, TypeError, None)],
                     "max_items": [("negative", -1, ValueError, None), ("a str", "5", TypeError, None),
                                   ("a float", 2.5, TypeError, None)]}))
    entries.append(("Layout.to_svg", lambda env, **k: env["layout"].to_svg(**k),
                    {"max_items": [("negative", -1, ValueError, None), ("a str", "5", TypeError, None)]}))
    return entries


def cells():
    out = []
    for name, call, keywords in surface():
        for keyword, bad in keywords.items():
            for label, value, error, word in bad:
                out.append(pytest.param(call, keyword, value, error, word or keyword,
                                        id=f"{name}-{keyword}-{label}"))
    return out


CELLS = cells()


@pytest.fixture
def env():
    return {"engine": engine(), "layout": lk.flow(W, H, width=25),
            "many_small": lk.Flow().layout_many([1.0], [1.0], [1]), "many": None}


def resolve(env, keyword, value):
    """Values that name an object of ``env`` (an out= of another kind, ...)."""
    if keyword == "out" and isinstance(value, str) and value in ("many", "many_small", "layout"):
        if value == "many":
            return lk.Flow().layout_many(W, H, [3])
        return env[value]
    return value


def test_the_matrix_is_large():
    assert len(CELLS) > 1500


@pytest.mark.parametrize("call, keyword, value, error, word", CELLS)
def test_bad_input(env, call, keyword, value, error, word):
    held = env["engine"]
    before = held.layout(25)
    value = resolve(env, keyword, value)
    snapshot = None
    if isinstance(value, lk.Layout) and getattr(value, "_buffers", None) is not None:
        snapshot = (value.x.copy(), value.y.copy(), value.width, value.height)
    with pytest.raises(Exception) as raised:
        call(env, **{keyword: value})
    assert type(raised.value) is error, (keyword, type(raised.value), str(raised.value))
    assert word in str(raised.value), (keyword, word, str(raised.value))
    after = held.layout(25)   # a failed call leaves the engine as it was
    assert len(held) == 3
    np.testing.assert_array_equal(after.x, before.x)
    np.testing.assert_array_equal(after.y, before.y)
    np.testing.assert_array_equal(after.item_width, before.item_width)
    if snapshot is not None:  # and out= as it was
        np.testing.assert_array_equal(value.x, snapshot[0])
        np.testing.assert_array_equal(value.y, snapshot[1])
        assert (value.width, value.height) == snapshot[2:]


def test_out_keeps_its_values_on_error():
    out = lk.flow(W, H, width=25)
    x, y = out.x.copy(), out.y.copy()
    with pytest.raises(lk.InvalidItemError):
        lk.flow([1, math.nan, 1], H, width=25, out=out)
    np.testing.assert_array_equal(out.x, x)
    np.testing.assert_array_equal(out.y, y)


# ---------------------------------------------------------------------------
# Before any C call


class CCalled(AssertionError):
    """A call into the C library where none may happen (the package catches no AssertionError)."""


def stub_library(monkeypatch):
    """Replaces every C function the package can reach (the library's attributes
    and every ctypes function object held by a module or class of the package)
    with a stub that records the call and raises CCalled; returns the record."""
    calls = []

    def stub(name):
        def called(*arguments):
            calls.append(name)
            raise CCalled(name)
        return called

    lib = _loader.library()
    for name in _ffi.PROTOTYPES:
        if name != "lk_engine_destroy":  # engines of earlier tests collected meanwhile
            monkeypatch.setattr(lib, name, stub(name))
    for module_name, module in list(sys.modules.items()):
        if module is None or not module_name.startswith("layoutkernel"):
            continue
        holders = [module] + [value for value in vars(module).values()
                              if isinstance(value, type) and value.__module__ == module_name]
        for holder in holders:
            for attribute, value in list(vars(holder).items()):
                if isinstance(value, ctypes._CFuncPtr):
                    monkeypatch.setattr(holder, attribute, stub(f"{holder.__name__}.{attribute}"))
    return calls


@pytest.fixture
def no_c_calls(monkeypatch):
    return stub_library(monkeypatch)


def test_the_stubs_catch_every_call(env, no_c_calls):
    # Proof that the stubs are in the way: valid calls reach them.
    for call in (lambda: lk.flow(W, H), lambda: lk.Flow().size(W, H), lambda: lk.HStack().layout(W, H),
                 lambda: lk.first_fit([(lk.Flow(), W, H)]), lambda: lk.Flow().layout_many(W, H, [3]),
                 lambda: env["engine"].layout(), lambda: env["engine"].visible(0, 0, 1, 1),
                 lambda: lk.set_max_threads(1)):
        with pytest.raises(CCalled):
            call()
    assert len(no_c_calls) == 8


# The cells the binding rejects itself: wrong types, dtypes, shapes, lengths,
# names and Python-side ranges, and the library's errors it raises first (not
# first_fit's out too small: which candidate is chosen, the library decides).
BEFORE_C = [cell for cell in CELLS if cell.values[3] in (TypeError, ValueError)
            or cell.id.endswith(("-empty", "-not adding up"))
            or (cell.id.endswith("-a Layout too small") and not cell.id.startswith("lk.first_fit"))]


def test_most_cells_are_rejected_before_c():
    assert len(BEFORE_C) > 700


@pytest.mark.parametrize("call, keyword, value, error, word", BEFORE_C)
def test_rejected_before_any_c_call(env, call, keyword, value, error, word, monkeypatch):
    value = resolve(env, keyword, value)
    for kind in (lk.Flow, lk.HStack, lk.VStack, lk.ZStack, lk.Grid, lk.Balanced):
        kind()  # every kind's default lk_layout asked for (once per process) before the stubs
    lk.Circle(1)
    calls = stub_library(monkeypatch)
    with pytest.raises(error) as raised:
        call(env, **{keyword: value})
    assert word in str(raised.value)
    assert calls == [], f"{keyword}: C was called ({calls}) before the error"


# ---------------------------------------------------------------------------
# Keyword typos

PUBLIC_CALLS = {
    "lk.flow": lambda **k: lk.flow(W, H, **k), "lk.hstack": lambda **k: lk.hstack(W, H, **k),
    "lk.vstack": lambda **k: lk.vstack(W, H, **k), "lk.zstack": lambda **k: lk.zstack(W, H, **k),
    "lk.grid": lambda **k: lk.grid(W, H, **k), "lk.balanced": lambda **k: lk.balanced(W, H, **k),
    "lk.circle": lambda **k: lk.circle(W, H, radius=1, **k),
    "lk.first_fit": lambda **k: lk.first_fit([(lk.Flow(), W, H)], **k),
    "lk.Flow": lambda **k: lk.Flow(**k), "lk.HStack": lambda **k: lk.HStack(**k),
    "lk.VStack": lambda **k: lk.VStack(**k), "lk.ZStack": lambda **k: lk.ZStack(**k),
    "lk.Grid": lambda **k: lk.Grid(**k), "lk.Balanced": lambda **k: lk.Balanced(**k),
    "lk.Circle": lambda **k: lk.Circle(1, **k), "lk.Engine": lambda **k: lk.Engine(lk.Flow(), **k),
    "lk.set_max_threads": lambda **k: lk.set_max_threads(0, **k),
    "lk.version": lambda **k: lk.version(**k), "lk.active_kernel": lambda **k: lk.active_kernel(**k),
    "lk.max_threads": lambda **k: lk.max_threads(**k),
    "svg.render": lambda **k: svg.render(lk.flow(W, H), **k),
    "Layout.to_svg": lambda **k: lk.flow(W, H).to_svg(**k),
    "Layout.frames": lambda **k: lk.flow(W, H).frames(**k),
}
for _kind in ("Flow", "HStack", "VStack", "ZStack", "Grid", "Balanced", "Circle"):
    _make = (lambda c=getattr(lk, _kind): c(1) if c is lk.Circle else c())
    PUBLIC_CALLS[f"lk.{_kind}.layout"] = lambda m=_make, **k: m().layout(W, H, **k)
    PUBLIC_CALLS[f"lk.{_kind}.size"] = lambda m=_make, **k: m().size(W, H, **k)
    PUBLIC_CALLS[f"lk.{_kind}.row_count"] = lambda m=_make, **k: m().row_count(W, H, **k)
    PUBLIC_CALLS[f"lk.{_kind}.layout_many"] = lambda m=_make, **k: m().layout_many(W, H, [3], **k)
for _method, _call in {"set_items": lambda e, **k: e.set_items(W, H, **k),
                       "update": lambda e, **k: e.update(0, W, H, **k),
                       "insert": lambda e, **k: e.insert(0, W, H, **k),
                       "remove": lambda e, **k: e.remove(0, 1, **k), "layout": lambda e, **k: e.layout(**k),
                       "size": lambda e, **k: e.size(**k), "positions": lambda e, **k: e.positions(0, 1, **k),
                       "visible": lambda e, **k: e.visible(0, 0, 1, 1, **k),
                       "item_at": lambda e, **k: e.item_at(0, 0, **k)}.items():
    PUBLIC_CALLS[f"Engine.{_method}"] = lambda c=_call, **k: c(engine(), **k)


def test_every_public_callable_is_covered():
    named = {name for name in lk.__all__ if callable(getattr(lk, name)) and not isinstance(getattr(lk, name), type)}
    covered = {name.split(".")[1] for name in PUBLIC_CALLS if name.startswith("lk.")}
    assert named <= covered | {"Layout", "Rows"}, named - covered


@pytest.mark.parametrize("name", sorted(PUBLIC_CALLS))
@pytest.mark.parametrize("typo", ["spacng", "widht", "out_"])
def test_keyword_typos_are_type_errors(name, typo):
    with pytest.raises(TypeError, match=typo):
        PUBLIC_CALLS[name](**{typo: 1})


# ---------------------------------------------------------------------------
# No result shares memory with a later call's, or with the inputs, unless out= asks


def arrays(result):
    if isinstance(result, lk.Layouts):
        return [getattr(result, name) for name in ("width", "height", "rows", "row_offset", "x", "y", "item_width",
                                                   "item_height", "row_start", "row_length", "row_y", "row_width",
                                                   "row_height")]
    if isinstance(result, lk.Layout):
        rows = result.rows
        return [result.x, result.y, result.item_width, result.item_height, rows.start, rows.count, rows.y,
                rows.width, rows.height]
    if isinstance(result, tuple):
        return [array for part in result for array in arrays(part)]
    return [result]


WF, HF = np.array(W, np.float32), np.array(H, np.float32)
PRODUCERS = {
    "lk.flow (lists)": lambda e: lk.flow(W, H, width=25),
    "lk.flow (float32 arrays)": lambda e: lk.flow(WF, HF, width=25),
    "lk.flow (grow)": lambda e: lk.flow(WF, HF, width=100, grow=[1, 0, 1]),
    "lk.hstack": lambda e: lk.hstack(WF, HF), "lk.vstack": lambda e: lk.vstack(W, H),
    "lk.zstack": lambda e: lk.zstack(WF, HF), "lk.grid": lambda e: lk.grid(WF, HF, columns=2),
    "lk.balanced": lambda e: lk.balanced(WF, HF), "lk.circle": lambda e: lk.circle(WF, HF, radius=5),
    "lk.first_fit": lambda e: lk.first_fit([(lk.Flow(), WF, HF)], 25)[1],
    "layout_many": lambda e: lk.Flow().layout_many(WF, HF, [1, 2], 25),
    "Engine.layout": lambda e: e.layout(25), "Engine.positions": lambda e: e.positions(0, 3, 25),
    "Engine.visible": lambda e: e.visible(0, 0, 100, 100, 25),
}


@pytest.mark.parametrize("name", sorted(PRODUCERS))
def test_results_share_no_memory(name):
    held = engine()
    first = arrays(PRODUCERS[name](held))
    second = arrays(PRODUCERS[name](held))
    for a in first:
        for b in second + [WF, HF]:
            assert not np.shares_memory(a, b), name


def test_out_shares_memory_when_asked():
    layout = lk.flow(WF, HF, width=25)
    again = lk.flow(WF, HF, width=40, out=layout)
    assert again is layout and np.shares_memory(again.x, layout.x)
    many = lk.Flow().layout_many(WF, HF, [1, 2], 25)
    again = lk.Flow().layout_many(WF, HF, [2, 1], 40, out=many)
    assert again is many and np.shares_memory(again.x, many._buffers["x"])
    fresh = lk.flow(WF, HF, width=25)
    assert not any(np.shares_memory(a, b) for a in arrays(fresh) for b in arrays(layout))
