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
