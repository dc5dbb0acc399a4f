"""python/benchmarks/bench_flow.py and bench_features.py still run: their --smoke
modes (n = 1,000, 3 runs, no peers, no subprocess) exit 0 and print their tables."""

import json
import os
import subprocess
import sys
from pathlib import Path

PYTHON_DIR = Path(__file__).resolve().parents[1]
BENCH = PYTHON_DIR / "benchmarks" / "bench_flow.py"
BENCH_FEATURES = PYTHON_DIR / "benchmarks" / "bench_features.py"


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
