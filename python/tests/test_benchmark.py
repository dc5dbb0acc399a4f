"""python/benchmarks/bench_flow.py still runs: its --smoke mode (n = 1,000,
3 runs, no peers, no subprocess) exits 0 and prints its tables."""

import json
import os
import subprocess
import sys
from pathlib import Path

PYTHON_DIR = Path(__file__).resolve().parents[1]
BENCH = PYTHON_DIR / "benchmarks" / "bench_flow.py"


def test_bench_flow_smoke(tmp_path):
    out = tmp_path / "bench.json"
    done = subprocess.run([sys.executable, str(BENCH), "--smoke", "--json", str(out)],
                          env=dict(os.environ, PYTHONPATH=str(PYTHON_DIR)),
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "median ns/item" in done.stdout and "items/s" in done.stdout
    assert "binding overhead" in done.stdout and "kernel" in done.stdout
    results = json.loads(out.read_text())
    assert [row["n"] for row in results["lk"]] == [1000]
    assert results["lk"][0]["runs"] == 3 and results["lk"][0]["median_ns_per_item"] > 0
    assert [row["n"] for row in results["overhead"]] == [0, 1, 16]
    assert all(row["lk_flow_out_us"] > 0 for row in results["overhead"])
    assert "peers" not in results and "reference" not in results
