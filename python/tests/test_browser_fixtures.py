"""Every case of Tests/Fixtures/flow_browser.json, laid out by a browser's
flexbox, must come out of lk.flow exactly (lengths are multiples of 1/64; where
they are odd 1/64ths, no centring offset in these cases is an odd 1/128th), and
when a plain flow equals the browser: see the header's "Precision"."""

import json
from pathlib import Path

import pytest

import layoutkernel as lk

# The repository's copy (a fresh clone tests the same data).
FIXTURE = Path(__file__).resolve().parents[2] / "Tests" / "Fixtures" / "flow_browser.json"


def load_cases():
    with open(FIXTURE) as handle:  # a missing fixture fails collection, never skips
        return json.load(handle)["cases"]


CASES = load_cases()


def test_fixture_is_not_empty():
    assert len(CASES) > 100


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_browser_case(case):
    layout = lk.flow(case["w"], case["h"], width=case["W"], height=None,
                     spacing=case["hs"], line_spacing=case["vs"],
                     alignment=(case["ax"], case["ay"]))
    expected = case["expected"]
    got = {
        "width": layout.width,
        "height": layout.height,
        "x": [float(v) for v in layout.x],
        "y": [float(v) for v in layout.y],
    }
    assert got == {key: expected[key] for key in got}, case


# --- The CSS flow features ------------------------------------------------------

FEATURES = FIXTURE.with_name("flow_features_browser.json")
with open(FEATURES) as _handle:
    FEATURE_CASES = json.load(_handle)["cases"]

_CSS = {"flex-start": "start", "flex-end": "end", "center": "center", "space-between": "space-between",
        "space-around": "space-around", "space-evenly": "space-evenly", "stretch": "stretch"}


def feature_keywords(case):
    """lk.flow's keywords for a case, as the fixture's description maps its fields:
    hs/vs are physical gaps, ax/ay flex-relative (main, cross); a definite cross size
    without align_content means align-content: flex-start."""
    vertical = case.get("axis") == "vertical"
    align_content = case.get("align_content")
    if align_content is None and case.get("W" if vertical else "H") is not None:
        align_content = "flex-start"
    return dict(
        width=case["W"], height=case.get("H"),
        spacing=case["vs"] if vertical else case["hs"],
        line_spacing=case["hs"] if vertical else case["vs"],
        alignment=(case["ay"], case["ax"]) if vertical else (case["ax"], case["ay"]),
        justify=_CSS[case["justify"]] if "justify" in case else None,
        direction=case.get("direction", "ltr"), reverse=case.get("reverse", False),
        wrap_reverse=case.get("wrap_reverse", False), axis="vertical" if vertical else "horizontal",
        align_content=_CSS[align_content] if align_content else None, grow=case.get("grow"))


def test_feature_fixture_covers_every_feature():
    assert len(FEATURE_CASES) == 600
    for field in ("justify", "direction", "reverse", "wrap_reverse", "axis", "align_content", "grow"):
        assert sum(field in case for case in FEATURE_CASES) >= 100, field


def check_case(case, layout):
    """The browser's size and positions (and grown sizes) for ``case``."""
    expected = case["expected"]
    got = {"width": layout.width, "height": layout.height,
           "x": [float(v) for v in layout.x], "y": [float(v) for v in layout.y]}
    if "grow" in case:
        got["iw"] = [float(v) for v in layout.item_width]
        got["ih"] = [float(v) for v in layout.item_height]
    assert got == {key: expected[key] for key in got}, case


@pytest.mark.parametrize("case", FEATURE_CASES, ids=[case["id"] for case in FEATURE_CASES])
def test_browser_feature_case(case):
    check_case(case, lk.flow(case["w"], case["h"], **feature_keywords(case)))


# --- Lines and items (SPEC.md §12, §13): every case of flow_css_browser.json -------------
#
# nowrap, balance and min_lines; align_items, align_self, baselines, stretch, min/max sizes
# and shrink, with every §11 feature.

with open(FIXTURE.with_name("flow_css_browser.json")) as _handle:
    CSS_CASES = json.load(_handle)["cases"]

_ITEM_RULES = ("align_self", "baseline", "last_baseline", "stretchable", "min_width", "max_width",
               "min_height", "max_height", "shrink")
_SIZED = {"grow", "shrink", "stretchable", "min_width", "max_width", "min_height", "max_height"}


def test_css_fixture_holds_lines_and_items():
    assert len(CSS_CASES) == 800
    assert sum(case.get("wrap") == "nowrap" for case in CSS_CASES) == 251
    assert sum(case.get("wrap") == "balance" for case in CSS_CASES) == 196
    for field in ("min_lines", "align_items") + _ITEM_RULES:
        assert sum(field in case for case in CSS_CASES) >= 100, field


@pytest.mark.parametrize("case", CSS_CASES, ids=[case["id"] for case in CSS_CASES])
def test_browser_line_and_item_case(case):
    rules = {name: case[name] for name in _ITEM_RULES if name in case}
    layout = lk.flow(case["w"], case["h"], wrap=case.get("wrap", "wrap"), min_lines=case.get("min_lines", 1),
                     align_items=case.get("align_items"), **rules, **feature_keywords(case))
    expected = case["expected"]
    got = {"width": layout.width, "height": layout.height,
           "x": [float(v) for v in layout.x], "y": [float(v) for v in layout.y]}
    if _SIZED & set(case):
        got["iw"] = [float(v) for v in layout.item_width]
        got["ih"] = [float(v) for v in layout.item_height]
    assert got == {key: expected[key] for key in got}, case


def test_wrap_keyword_errors():
    with pytest.raises(ValueError, match="wrap='nowrap' with wrap_reverse=True"):
        lk.Flow(wrap="nowrap", wrap_reverse=True)
    with pytest.raises(ValueError, match="unknown wrap 'none'"):
        lk.flow([1], [1], wrap="none")
    with pytest.raises(TypeError):
        lk.Flow(wrap=1)
    for bad in (0, -1, 1.5, 2.0, True, "2", None, 2**31):
        with pytest.raises(ValueError, match="min_lines must be an integer >= 1"):
            lk.Flow(wrap="balance", min_lines=bad)
    assert lk.Flow(wrap="nowrap").wrap == "nowrap"
    assert "wrap='nowrap'" in repr(lk.Flow(wrap="nowrap"))
    assert lk.Flow(wrap="nowrap") != lk.Flow()
    balanced = lk.Flow(wrap="balance", wrap_reverse=True, min_lines=3)
    assert (balanced.wrap, balanced.min_lines) == ("balance", 3)
    assert "min_lines=3" in repr(balanced) and balanced != lk.Flow(wrap="balance", wrap_reverse=True)
    one = lk.flow([60, 60], [10, 10], width=100, spacing=10, wrap="nowrap", justify="end")
    assert list(one.x) == [-30.0, 40.0] and len(one.rows) == 1


def test_balanced_lines():
    """SPEC.md §12's worked examples through Python: a zero-size item joins the line
    after it, equal costs tie to the fewest items on the last line, min_lines below and
    above the greedy count, unbounded rows as wide as their longest line, forced breaks
    start stretches balanced on their own."""
    def lines(layout):
        return [int(count) for count in layout.rows.count]
    assert lines(lk.flow([70, 0, 20], 10, 100, spacing=10, wrap="balance")) == [1, 2]
    assert lines(lk.flow([70, 0, 20], 10, 100, spacing=10)) == [2, 1]
    assert lines(lk.flow([40, 40, 40], 10, 100, spacing=10, wrap="balance")) == [2, 1]
    assert lines(lk.flow([40, 40, 20], 10, 100, spacing=10, wrap="balance")) == [1, 2]
    # Greedy [25, 25, 25] [25]: balance keeps two lines, evened out.
    assert lines(lk.flow([25] * 4, 10, 100, spacing=10, wrap="balance")) == [2, 2]
    four = lk.flow([20, 20, 0, 10, 20], 10, wrap="balance", min_lines=4)
    assert lines(four) == [1, 2, 1, 1] and four.width == 20
    assert lines(lk.flow([20, 20, 0, 10, 20], 10, wrap="balance")) == [5]
    stretches = lk.flow([30] * 6, 10, 100, spacing=10, breaks=[3], wrap="balance")
    assert lines(stretches) == [2, 1, 2, 1]
    assert lk.Flow(wrap="balance").row_count([30] * 6, 10, width=100) == 2
    # min_lines has no effect without balance.
    assert lines(lk.flow([30] * 6, 10, 100, min_lines=5)) == [3, 3]

# --- When a plain flow equals the browser -----------------------------------------
#
# A browser lays out on a 1/64 px grid and truncates a centring offset to it; the plain
# flow computes alignment * free space exactly, and a flow with a CSS feature set
# truncates as the browser does (the feature fixture above pins that rule). So on the
# 1/64 grid a plain flow equals the browser when each anchor is 0 or 1, or 0.5 with every
# length on the 1/32 grid; a centred flow on odd 1/64ths can lie 1/128 px off it, and
# justify="center" (a feature) then gives the browser's positions.

_JUSTIFY = {0.0: "start", 0.5: "center", 1.0: "end"}


def _browser_model(widths, heights, width, spacing, line_spacing, anchor):
    """The same flow with a CSS feature set: the browser's rounding."""
    return lk.flow(widths, heights, width=width, spacing=spacing, line_spacing=line_spacing,
                   alignment=anchor, justify=_JUSTIFY[anchor[0]])


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_browser_case_through_the_browser_rounding(case):
    layout = _browser_model(case["w"], case["h"], case["W"], case["hs"], case["vs"], (case["ax"], case["ay"]))
    expected = case["expected"]
    assert [float(v) for v in layout.x] == expected["x"] and [float(v) for v in layout.y] == expected["y"]


def _lattice_case(rng, step):
    n = int(rng.integers(1, 12))
    widths = [float(v) * step for v in rng.integers(0, 40 / step, n)]
    heights = [float(v) * step for v in rng.integers(0, 30 / step, n)]
    return (widths, heights, float(rng.integers(0, 120 / step)) * step, float(rng.integers(0, 8 / step)) * step,
            float(rng.integers(0, 8 / step)) * step)


def test_plain_flow_equals_the_browser_where_the_header_says():
    np = pytest.importorskip("numpy")
    rng = np.random.default_rng(20261127)
    differing = 0
    for index in range(3000):
        anchor = (float(rng.choice([0.0, 0.5, 1.0])), float(rng.choice([0.0, 0.5, 1.0])))
        step = 1 / 32 if index % 3 == 0 else 1 / 64
        widths, heights, width, spacing, line_spacing = _lattice_case(rng, step)
        plain = lk.flow(widths, heights, width=width, spacing=spacing, line_spacing=line_spacing, alignment=anchor)
        browser = _browser_model(widths, heights, width, spacing, line_spacing, anchor)
        assert (plain.width, plain.height) == (browser.width, browser.height)
        same = np.array_equal(plain.x, browser.x) and np.array_equal(plain.y, browser.y)
        if step == 1 / 32 or 0.5 not in anchor:
            assert same, (widths, heights, width, spacing, line_spacing, anchor)
        else:
            # Off by at most half a 1/64 px step, and only by a centring offset.
            assert np.abs(plain.x - browser.x).max(initial=0) <= 1 / 128
            assert np.abs(plain.y - browser.y).max(initial=0) <= 1 / 128
            differing += not same
    assert differing > 0   # the header's exception is real: centred odd 1/64ths differ


def test_centring_on_odd_sixty_fourths():
    # A row 9 + 1/64 px long in 10 px: free space 63/64; half of it is 63/128.
    plain = lk.flow([9 + 1 / 64], [1], width=10, alignment=(0.5, 0))
    browser = _browser_model([9 + 1 / 64], [1], 10, 0, 0, (0.5, 0))
    assert float(plain.x[0]) == 63 / 128 and float(browser.x[0]) == 31 / 64
