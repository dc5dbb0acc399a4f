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


def bench_calls_module():
    sys.path.insert(0, str(BENCH_CALLS.parent))
    try:
        import bench_calls
    finally:
        sys.path.remove(str(BENCH_CALLS.parent))
    return bench_calls


def test_bench_calls_runs_a_library_without_its_soname_link(tmp_path):
    """A library file alone in its folder (no libLayoutKernel.so.N beside it): the
    C program runs that very file, through a link of the SONAME's name in the
    script's scratch folder."""
    bench_calls = bench_calls_module()
    from layoutkernel import _loader
    library = Path(_loader.library()._name).resolve()
    soname = bench_calls.elf_soname(library)
    assert soname is None or soname.startswith("libLayoutKernel.so")
    alone = tmp_path / "lib" / "libLayoutKernel.so"
    alone.parent.mkdir()
    shutil.copyfile(library, alone)
    done = subprocess.run([sys.executable, str(BENCH_CALLS), "--smoke", "--only", "size"],
                          env=dict(os.environ, PYTHONPATH=str(PYTHON_DIR), LAYOUTKERNEL_LIBRARY=str(alone)),
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "Engine.size" in done.stdout


def test_bench_calls_says_what_stopped_its_c_program(tmp_path):
    bench_calls = bench_calls_module()
    program = bench_calls.CProgram(tmp_path, 1, 0.0)  # no input files in the folder
    try:
        with pytest.raises(SystemExit, match=r"stopped on flow16 \(exit status 1\).*\n.*flow16_w\.f32"):
            program.ns("flow16", 1)
    finally:
        program.close()
