"""python/benchmarks/bench_flow.py, bench_features.py and bench_calls.py still run:
their --smoke modes (n = 1,000, a few runs, no peers; bench_calls.py with its C
program on tiny inputs) exit 0 and print their tables."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

PYTHON_DIR = Path(__file__).resolve().parents[1]
BENCH = PYTHON_DIR / "benchmarks" / "bench_flow.py"
BENCH_FEATURES = PYTHON_DIR / "benchmarks" / "bench_features.py"
BENCH_CALLS = PYTHON_DIR / "benchmarks" / "bench_calls.py"


def smoke(script, out):
    """``script --smoke --json out``, checked to exit 0; its standard output."""
    done = subprocess.run([sys.executable, str(script), "--smoke", "--json", str(out)],
                          env=dict(os.environ, PYTHONPATH=str(PYTHON_DIR)),
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done


def test_bench_flow_smoke(tmp_path):
    out = tmp_path / "bench.json"
    done = smoke(BENCH, out)
    assert "median ns/item" in done.stdout and "items/s" in done.stdout
    assert "binding overhead" in done.stdout and "kernel" in done.stdout
    results = json.loads(out.read_text())
    assert [row["n"] for row in results["lk"]] == [1000]
    assert results["lk"][0]["runs"] == 3 and results["lk"][0]["median_ns_per_item"] > 0
    assert [row["n"] for row in results["overhead"]] == [0, 1, 16]
    assert all(row["lk_flow_out_us"] > 0 for row in results["overhead"])
    assert "peers" not in results and "reference" not in results


def test_bench_features_smoke(tmp_path):
    out = tmp_path / "features.json"
    done = smoke(BENCH_FEATURES, out)
    assert "CSS flow features" in done.stdout and "growing items" in done.stdout
    rows = json.loads(out.read_text())["features"]
    assert [row["feature"] for row in rows][:2] == ["plain flow", "justify space-between"]
    assert len(rows) == 8 and all(row["n"] == 1000 and row["lk_ns_per_item"] > 0 for row in rows)
    assert all(row["peers"] == {} for row in rows)


@pytest.mark.skipif(shutil.which(os.environ.get("CC", "cc")) is None, reason="no C compiler")
def test_bench_calls_smoke(tmp_path):
    out = tmp_path / "calls.json"
    done = smoke(BENCH_CALLS, out)
    assert "Python/C" in done.stdout and "kernel" in done.stdout
    results = json.loads(out.read_text())
    assert results["machine"]["cpu"] and results["machine"]["kernel"]
    rows = results["cases"]
    cases = {row["c_case"] for row in rows}
    assert cases == {"flow16", "flow", "flow_sizes", "many", "update", "size", "visible", "item_at"}
    assert all(row["rounds"] == 2 and row["c_us"] > 0 and row["python_us"] > 0 for row in rows)
    assert all(row["ratio"] == row["python_us"] / row["c_us"] for row in rows)
    # Every stated target gets a verdict; the verdicts themselves are not tested
    # (a smoke run's numbers mean nothing).
    assert all((row["met"] is None) == (row["target"] == "") for row in rows)
