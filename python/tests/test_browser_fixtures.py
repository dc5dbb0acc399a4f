"""Every case of Tests/Fixtures/flow_browser.json, laid out by a browser's
flexbox, must come out of lk.flow exactly (all lengths are multiples of 1/32)."""

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


@pytest.mark.parametrize("case", FEATURE_CASES, ids=[case["id"] for case in FEATURE_CASES])
def test_browser_feature_case(case):
    layout = lk.flow(case["w"], case["h"], **feature_keywords(case))
    expected = case["expected"]
    got = {"width": layout.width, "height": layout.height,
           "x": [float(v) for v in layout.x], "y": [float(v) for v in layout.y]}
    if "grow" in case:
        got["iw"] = [float(v) for v in layout.item_width]
        got["ih"] = [float(v) for v in layout.item_height]
    assert got == {key: expected[key] for key in got}, case
