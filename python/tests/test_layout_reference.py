"""Every layout kind on seeded random input on the 1/64 grid, coordinates below 2**17:
the default kernel level, and every other level this machine runs, against the scalar
reference (LAYOUTKERNEL_ISA=reference), each in its own interpreter
(layout_worker.py): bit-identical, circles within 1e-5 of the size (the header's
promise for them). (The scalar reference's own results are checked through the
reference fixtures: test_reference_fixtures.py.)
"""

import json
import math
import os
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import layoutkernel as lk

PYTHON_DIR = Path(__file__).resolve().parents[1]
WORKER = PYTHON_DIR / "tests" / "layout_worker.py"
COUNTS = (0, 1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 33, 64, 65, 150)
ANCHORS = (0.0, 0.25, 0.5, 1.0)
LEVELS = ("reference", "sse2", "portable", "avx2", "avx512")


def grid_values(rng, n, top):
    """n multiples of 1/64 in [0, top)."""
    return [rng.randrange(0, 64 * top) / 64 for _ in range(n)]


def random_parameters(rng, kind):
    """Keywords of a random descriptor of ``kind`` (JSON-friendly)."""
    spacing = rng.choice([None, 0.0, 4.0, 10.015625])
    anchor = [rng.choice(ANCHORS), rng.choice(ANCHORS)]
    if kind in ("HStack", "VStack", "ZStack"):
        return {"spacing": spacing, "alignment": anchor}
    if kind == "Grid":
        columns = rng.choice([{"columns": rng.randrange(1, 9)},
                              {"min_column_width": rng.randrange(1, 64 * 60) / 64}])
        return {**columns, "sizing": rng.choice(["fit", "fill"]), "spacing": spacing or 0.0,
                "line_spacing": rng.choice([0.0, 2.5, 8.0]), "alignment": anchor}
    if kind == "Balanced":
        return {"axis": rng.choice(["horizontal", "vertical"]), "spacing": spacing}
    if kind == "Circle":
        return {"radius": rng.randrange(0, 64 * 400) / 64, "start_angle": rng.uniform(-7, 7),
                "anchor": anchor}
    return {"spacing": spacing, "line_spacing": rng.choice([None, 0.0, 2.5]), "alignment": anchor}


KINDS = ("HStack", "VStack", "ZStack", "Grid", "Balanced", "Circle", "Flow")


def random_case(rng, k, kind=None):
    kind = kind or KINDS[k % len(KINDS)]
    n = rng.choice(COUNTS)
    return {
        "id": f"{kind}_{k}", "kind": kind, "params": random_parameters(rng, kind),
        "w": grid_values(rng, n, 80), "h": grid_values(rng, n, 40),
        "W": rng.choice([None, math.inf, 0.0, 50.0, 123.5, 400.015625, 1000.0]),
        "H": rng.choice([None, math.inf, 0.0, 300.0]),
        "item_spacing": [grid_values(rng, n, 10) for _ in range(4)],
    }


def first_fit_case(rng, k):
    return {"id": f"first_fit_{k}", "W": rng.choice([None, 100.0, 400.0, math.inf]),
            "H": rng.choice([None, 60.0, 500.0]),
            "axes": rng.choice(["both", "horizontal", "vertical"]),
            "first_fit": [random_case(rng, k, rng.choice(KINDS))
                          for _ in range(rng.randrange(1, 4))]}


def descriptor(case):
    return getattr(lk, case["kind"])(**case["params"])


def start_worker(cases_path, isa):
    env = dict(os.environ, PYTHONPATH=str(PYTHON_DIR))
    env.pop("LAYOUTKERNEL_ISA", None)
    if isa is not None:
        env["LAYOUTKERNEL_ISA"] = isa
    return subprocess.Popen([sys.executable, str(WORKER), str(cases_path)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


@pytest.fixture(scope="module")
def levels(tmp_path_factory):
    """``(cases, {"reference": output, "default": output})``; the workers run in parallel."""
    rng = random.Random(17)
    cases = [random_case(rng, k) for k in range(700)] + [first_fit_case(rng, k) for k in range(100)]
    path = tmp_path_factory.mktemp("layouts") / "cases.json"
    path.write_text(json.dumps(cases))
    processes = {isa or "default": start_worker(path, isa) for isa in (None,) + LEVELS}
    outputs = {}
    for name, process in processes.items():
        stdout, stderr = process.communicate(timeout=120)
        assert process.returncode == 0, stderr
        outputs[name] = json.loads(stdout)
    return cases, outputs


def decode(fields):
    """A worker's hex fields as float/int lists."""
    types = {"x": np.float32, "y": np.float32, "item_width": np.float32,
             "item_height": np.float32, "row_start": np.int64, "row_count": np.int64,
             "row_y": np.float64, "row_width": np.float32, "row_height": np.float32,
             "size": np.float32}
    return {name: np.frombuffer(bytes.fromhex(value), types[name]).tolist()
            for name, value in fields.items() if name in types}


def test_the_reference_level_runs(levels):
    _, outputs = levels
    assert outputs["reference"]["kernel"] == "reference"
    if "LAYOUTKERNEL_ISA" not in os.environ:  # this process runs the default level too
        assert outputs["default"]["kernel"] == lk.active_kernel()


@pytest.mark.parametrize("level", ["default", "sse2", "portable", "avx2", "avx512"])
def test_level_matches_the_reference(levels, level):
    cases, outputs = levels
    if level != "default" and outputs[level]["kernel"] != level:
        pytest.skip(f"LAYOUTKERNEL_ISA={level} runs {outputs[level]['kernel']} on this machine")
    reference, default = outputs["reference"]["results"], outputs[level]["results"]
    assert len(reference) == len(cases) == 800
    for case in cases:
        want, got = reference[case["id"]], default[case["id"]]
        assert got["chosen"] == want["chosen"], case["id"]
        kinds = [c["kind"] for c in case.get("first_fit", [case])]
        if kinds[want["chosen"]] != "Circle":
            assert got == want, case["id"]
            continue
        got, want = decode(got), decode(want)
        extent = max(1.0, *want["size"])
        for field in want:
            assert len(got[field]) == len(want[field]), (case["id"], field)
            for a, b in zip(got[field], want[field]):
                assert abs(a - b) <= 1e-5 * extent, (case["id"], field, a, b)
