"""The kernel levels (lk_active_kernel, LAYOUTKERNEL_ISA): every level this
machine runs gives bit-identical results to the scalar reference on the 1/64
grid with coordinates below 2**17 (the header's promise: lk_flow_layout,
Precision), on seeded random cases and on every case of
Tests/Fixtures/flow_browser.json.

Each level runs in its own interpreter (the level is chosen once per process).
A level counts as supported when ``active_kernel()`` reports the level that
LAYOUTKERNEL_ISA asked for.
"""

import json
import math
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

import layoutkernel as lk
from test_browser_fixtures import CASES as BROWSER_CASES

PYTHON_DIR = Path(__file__).resolve().parents[1]

KERNELS = ("reference", "sse2", "portable", "avx2", "avx512")
# Best last: without LAYOUTKERNEL_ISA the library runs the best supported level.
ORDER = {"reference": 0, "sse2": 1, "portable": 1, "avx2": 2, "avx512": 3}
WORKER = PYTHON_DIR / "tests" / "kernel_worker.py"
# Sizes on both sides of the SIMD widths (4, 8, 16 lanes) and their tails.
COUNTS = (0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 257, 1000)


def grid(rng, n, top):
    """n multiples of 1/64 in [0, top)."""
    return [rng.randrange(0, 64 * top) / 64 for _ in range(n)]


def random_case(rng, k):
    """One case: n <= 1000 items of at most 80 x 40 plus gaps of at most 10, so
    every coordinate stays below 2**17; anchors 0, 1/2, 1 keep offsets on the grid."""
    n = rng.choice(COUNTS)
    if k % 3 == 0:  # tag-like: exact fits at the row limit are frequent
        w, W = [40.0 + 8 * rng.randrange(16) for _ in range(n)], rng.choice([160.0, 800.0])
        spacing = 8.0
    else:
        w, W = grid(rng, n, 80), rng.choice([None, math.inf, 0.0, 50.0, 123.5, 400.0, 1000.015625])
        spacing = rng.choice([None, 0.0, 4.0, 10.015625])
    return {
        "id": f"random_{k}", "w": w, "h": grid(rng, n, 40), "W": W,
        "H": rng.choice([None, math.inf, 0.0, 5.0, 300.0]),
        "spacing": spacing, "line_spacing": rng.choice([None, 0.0, 2.5, 8.0]),
        "alignment": [rng.choice([0.0, 0.5, 1.0]), rng.choice([0.0, 0.5, 1.0])],
        "breaks": sorted(rng.sample(range(n), rng.randrange(0, n + 1) // 5)),
        "item_spacing": [grid(rng, n, 10) for _ in range(4)],
    }


def browser_case(case):
    return {"id": case["id"], "w": case["w"], "h": case["h"], "W": case["W"], "H": None,
            "spacing": case["hs"], "line_spacing": case["vs"],
            "alignment": [case["ax"], case["ay"]], "breaks": None, "item_spacing": None}


def all_cases():
    rng = random.Random(64)
    return [random_case(rng, k) for k in range(300)] + [browser_case(c) for c in BROWSER_CASES]


def start_worker(cases_path, isa):
    """Start kernel_worker.py with LAYOUTKERNEL_ISA=isa (None: unset)."""
    env = dict(os.environ, PYTHONPATH=str(PYTHON_DIR))
    env.pop("LAYOUTKERNEL_ISA", None)
    if isa is not None:
        env["LAYOUTKERNEL_ISA"] = isa
    return subprocess.Popen([sys.executable, str(WORKER), str(cases_path)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def finish_worker(process):
    stdout, stderr = process.communicate(timeout=120)
    assert process.returncode == 0, stderr
    return json.loads(stdout)


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """``{LAYOUTKERNEL_ISA value: worker output}`` for every level, an unknown
    name ("pentium4") and no variable at all (None); the workers run in parallel."""
    cases_path = tmp_path_factory.mktemp("kernels") / "cases.json"
    cases_path.write_text(json.dumps(all_cases()))
    values = KERNELS + ("pentium4", None)
    processes = {isa: start_worker(cases_path, isa) for isa in values}
    return {isa: finish_worker(process) for isa, process in processes.items()}


def supported(runs):
    return [isa for isa in KERNELS if runs[isa]["kernel"] == isa]


def first_difference(results, expected):
    """``(case id, field)`` of the first output that differs, or None."""
    for case_id, fields in expected.items():
        for field, value in fields.items():
            if results[case_id][field] != value:
                return case_id, field
    return None


def test_active_kernel_in_process():
    kernel = lk.active_kernel()
    assert isinstance(kernel, str) and kernel in KERNELS


def test_reference_and_the_baseline_are_supported(runs):
    levels = supported(runs)
    assert "reference" in levels, runs["reference"]["kernel"]
    assert "sse2" in levels or "portable" in levels, levels


@pytest.mark.parametrize("level", [k for k in KERNELS if k != "reference"])
def test_level_matches_the_reference_bit_for_bit(runs, level):
    if runs[level]["kernel"] != level:
        pytest.skip(f"LAYOUTKERNEL_ISA={level} runs {runs[level]['kernel']} on this machine")
    results, expected = runs[level]["results"], runs["reference"]["results"]
    assert len(expected) == 300 + len(BROWSER_CASES)
    assert first_difference(results, expected) is None


def test_default_is_the_best_supported_level(runs):
    assert runs[None]["kernel"] == max(supported(runs), key=ORDER.__getitem__)


def test_unknown_level_falls_back_to_the_best(runs):
    assert runs["pentium4"]["kernel"] in KERNELS
    assert runs["pentium4"]["kernel"] == runs[None]["kernel"]
