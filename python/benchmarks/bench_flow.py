"""Throughput of lk.flow on the built-in workload, the binding's per-call cost,
and the same flex-wrap layout in other engines from PyPI (when installed).

Usage (from the repository root):

    PYTHONPATH=python python3 python/benchmarks/bench_flow.py [--quick] [--json FILE]

--quick skips n = 1,000,000 (and the peers at 100,000); --smoke is a tiny
self-check (n = 1,000, 3 runs, no peers, no subprocess) that the test suite
runs so that this script cannot rot.

The workload is exactly the one the C/Swift benchmark (lk-bench) uses: item i is
``40 + 8 * k`` wide, k the top 4 bits of the i-th output of SplitMix64 seeded
with 42 (40 to 160 in steps of 8), and 32 high, in a container 800 wide with
spacing 8, line spacing 8 and top-leading alignment. Times are wall-clock
(``perf_counter_ns``) after one untimed warm-up call.
"""

import argparse
import ctypes
import functools
import json
import math
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

import layoutkernel as lk
from layoutkernel import _ffi, _loader

import peers as peer_adapters
import report

CONTAINER_WIDTH, SPACING, LINE_SPACING, ALIGNMENT = 800.0, 8.0, 8.0, "topLeading"
SIZES = (1_000, 10_000, 100_000, 1_000_000)
PEER_SIZES = (1_000, 10_000, 100_000)
PEER_CHECK_N = 200
PEER_RUN_LIMIT_S = 5.0
PEER_RUNS_AT_100K = 3  # a run of the slowest peer takes seconds there
MIN_RUNS, MIN_SECONDS = 5, 0.25
OVERHEAD_SIZES = (0, 1, 16)
WORKLOAD = (f"tags 40..160 wide (step 8, SplitMix64 seed 42), 32 high; container {CONTAINER_WIDTH:g} wide, "
            f"spacing {SPACING:g}, line spacing {LINE_SPACING:g}, {ALIGNMENT}")


# --------------------------------------------------------------------------
# Workload and timing
# --------------------------------------------------------------------------

def workload(n):
    """``(widths, heights)``: n tag-like items as float32 arrays, the same items as
    lk-bench's (SplitMix64 seeded with 42, vectorised)."""
    with np.errstate(over="ignore"):
        state = np.uint64(42) + np.uint64(0x9E3779B97F4A7C15) * np.arange(1, n + 1, dtype=np.uint64)
        z = (state ^ (state >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        z ^= z >> np.uint64(31)
    widths = (40 + 8 * (z >> np.uint64(60))).astype(np.float32)
    return widths, np.full(n, 32.0, dtype=np.float32)


def lk_flow(widths, heights, out=None):
    """The workload's layout through the Python API."""
    return lk.flow(widths, heights, width=CONTAINER_WIDTH, spacing=SPACING,
                   line_spacing=LINE_SPACING, alignment=ALIGNMENT, out=out)


def run_times(call, min_runs, min_seconds=0.0, prepare=None):
    """Seconds of each timed ``call()``: at least ``min_runs`` of them and at
    least ``min_seconds`` in all, after one untimed warm-up call.
    ``prepare()``, when given, runs untimed before every call."""
    prepare = prepare or (lambda: None)
    prepare()
    call()
    times = []
    while len(times) < min_runs or sum(times) < min_seconds:
        prepare()
        start = time.perf_counter_ns()
        call()
        times.append((time.perf_counter_ns() - start) * 1e-9)
    return times


def per_item(times, n):
    """Median and best of ``times`` (seconds per run) as ns per item."""
    ordered = sorted(times)
    return {"runs": len(ordered), "median_ns_per_item": ordered[len(ordered) // 2] * 1e9 / n,
            "best_ns_per_item": ordered[0] * 1e9 / n}


# --------------------------------------------------------------------------
# The C call with preallocated buffers, for comparison
# --------------------------------------------------------------------------

# The element type of every output column lk.flow asks the library for (a flow's
# item sizes are its inputs: the binding copies them, the library does not write them).
_RESULT_COLUMNS = {"x": np.float32, "y": np.float32, "row_start": np.int64,
                   "row_length": np.int64, "row_y": np.float64, "row_width": np.float32,
                   "row_height": np.float32}


class DirectCall:
    """lk_flow_layout through ctypes on buffers allocated once (x, y and the full
    row table, as lk.flow asks for): no conversion, no allocation, no result
    objects. Calling the object makes the call."""

    def __init__(self, widths, heights):
        n = len(widths)
        self._keep = [widths, heights]
        float_p = ctypes.POINTER(ctypes.c_float)
        self.items = _ffi.lk_items(count=n, widths=widths.ctypes.data_as(float_p),
                                   heights=heights.ctypes.data_as(float_p))
        self.params = _loader.library().lk_flow_params_default()
        self.params.spacing, self.params.line_spacing = SPACING, LINE_SPACING
        self.proposal = _ffi.lk_proposal(CONTAINER_WIDTH, math.nan)
        self.result = _ffi.lk_result(item_capacity=n, row_capacity=n)
        pointer_types = dict(_ffi.lk_result._fields_)
        for field, dtype in _RESULT_COLUMNS.items():
            column = np.zeros(n, dtype=dtype)  # zeros: every page is touched beforehand
            self._keep.append(column)
            setattr(self.result, field, column.ctypes.data_as(pointer_types[field]))
        self._function = _loader.library().lk_flow_layout
        self._arguments = (ctypes.byref(self.items), ctypes.byref(self.params), self.proposal,
                           ctypes.byref(self.result))

    def __call__(self):
        status = self._function(*self._arguments)
        assert status == 0, status


# --------------------------------------------------------------------------
# Measurements
# --------------------------------------------------------------------------

def measure_lk(sizes, min_runs, min_seconds):
    """lk.flow and the direct C call at each n, on the active kernel."""
    rows = []
    for n in sizes:
        widths, heights = workload(n)
        row = {"n": n, "kernel": lk.active_kernel()}
        row.update(per_item(run_times(lambda: lk_flow(widths, heights), min_runs, min_seconds), n))
        earlier = lk_flow(widths, heights)
        reused = per_item(run_times(lambda: lk_flow(widths, heights, out=earlier), min_runs, min_seconds), n)
        row["out_median_ns_per_item"] = reused["median_ns_per_item"]
        direct = per_item(run_times(DirectCall(widths, heights), min_runs, min_seconds), n)
        row["direct_median_ns_per_item"] = direct["median_ns_per_item"]
        rows.append(row)
    return rows


def measure_in_subprocess(isa, sizes, min_runs, min_seconds):
    """measure_lk in a fresh interpreter with LAYOUTKERNEL_ISA=isa."""
    package_root = Path(lk.__file__).resolve().parents[1]
    env = dict(os.environ, LAYOUTKERNEL_ISA=isa,
               PYTHONPATH=os.pathsep.join(filter(None, [str(package_root),
                                                        os.environ.get("PYTHONPATH")])))
    command = [sys.executable, __file__, "--child", json.dumps([sizes, min_runs, min_seconds])]
    done = subprocess.run(command, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"the run with LAYOUTKERNEL_ISA={isa} failed:\n{done.stderr}")
    return json.loads(done.stdout)


def per_call_us(call, calls, batch=100):
    """Median time of one ``call()`` in microseconds, over batches of ``batch`` calls."""
    def calls_in_a_row():
        for _ in range(batch):
            call()
    times = run_times(calls_in_a_row, max(1, calls // batch))
    return sorted(times)[len(times) // 2] * 1e6 / batch


def measure_overhead(calls):
    """lk.flow, lk.flow into the buffers of an earlier result (``out=``) and the
    direct C call, on 0, 1 and 16 items (microseconds per call)."""
    rows = []
    for n in OVERHEAD_SIZES:
        widths, heights = workload(n)
        out = lk_flow(widths, heights)
        binding = per_call_us(lambda: lk_flow(widths, heights), calls)
        into_out = per_call_us(lambda: lk_flow(widths, heights, out=out), calls)
        direct = per_call_us(DirectCall(widths, heights), calls)
        rows.append({"n": n, "lk_flow_us": binding, "lk_flow_out_us": into_out,
                     "direct_us": direct, "overhead_us": binding - direct})
    return rows


def check_peer(adapter, reference):
    """How many of the first PEER_CHECK_N items the peer places elsewhere than lk."""
    widths, heights = (column[:PEER_CHECK_N].tolist() for column in workload(PEER_CHECK_N))
    tree = adapter.build(widths, heights)
    try:
        xs, ys = adapter.layout(tree)
    finally:
        adapter.release(tree)
    expected = zip(reference.x.tolist(), reference.y.tolist())
    return sum(got != want for got, want in zip(zip(xs, ys), expected))


def time_peer(adapter, n, runs):
    """Engine-only and full (engine + positions read back) medians for n items."""
    widths, heights = (column.tolist() for column in workload(n))
    tree = adapter.build(widths, heights)
    try:
        prepare = functools.partial(adapter.invalidate, tree)
        engine = run_times(lambda: adapter.compute(tree), runs, prepare=prepare)
        full = run_times(lambda: adapter.layout(tree), runs, prepare=prepare)
    finally:
        adapter.release(tree)
    return per_item(engine, n)["median_ns_per_item"], per_item(full, n)


def predicted_seconds(timings, n):
    """A run's time at n items, extrapolated from the last two sizes timed
    (a power law, so that superlinear engines are not underestimated)."""
    (n0, t0), (n1, t1) = timings[-2:]
    exponent = max(1.0, math.log(t1 / t0) / math.log(n1 / n0))
    return t1 * (n / n1) ** exponent


def measure_peers(lk_rows, sizes, runs):
    """Every installed peer at each n (while a run stays under PEER_RUN_LIMIT_S)."""
    lk_by_n = {row["n"]: row["median_ns_per_item"] for row in lk_rows}
    results, notes = [], []
    for label, adapter, reason in peer_adapters.load(peer_adapters.Container(width=CONTAINER_WIDTH), SPACING):
        if adapter is None:
            notes.append(reason)
            continue
        mismatches = check_peer(adapter, lk_flow(*workload(PEER_CHECK_N)))
        timings = []
        for n in sizes:
            if len(timings) >= 2 and predicted_seconds(timings, n) >= PEER_RUN_LIMIT_S:
                notes.append(f"{label}: n = {n:,} skipped (a run would take about "
                             f"{predicted_seconds(timings, n):.0f} s)")
                break
            engine, full = time_peer(adapter, n, runs if n < 100_000 else PEER_RUNS_AT_100K)
            timings.append((n, full["median_ns_per_item"] * 1e-9 * n))
            results.append({"engine": label, "n": n, "mismatches": mismatches,
                             "check_n": PEER_CHECK_N, "engine_ns_per_item": engine,
                             "full_ns_per_item": full["median_ns_per_item"],
                             "lk_ns_per_item": lk_by_n.get(n)})
    return results, notes


# --------------------------------------------------------------------------
# Main
# --------------------------------------------------------------------------

def parse_arguments(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true",
                        help="skip n = 1,000,000 (and the peers at 100,000)")
    parser.add_argument("--smoke", action="store_true",
                        help="tiny self-check: n = 1,000, 3 runs, no peers, no subprocess")
    parser.add_argument("--json", metavar="FILE", help="also write the results to FILE")
    parser.add_argument("--child", help=argparse.SUPPRESS)  # measure_in_subprocess's worker
    return parser.parse_args(argv)


def run(arguments):
    """Every measurement the arguments ask for, as one JSON-ready dict."""
    if arguments.smoke:
        sizes, min_runs, min_seconds, calls = (1_000,), 3, 0.0, 300
    else:
        sizes = SIZES[:-1] if arguments.quick else SIZES
        min_runs, min_seconds, calls = MIN_RUNS, MIN_SECONDS, 20_000
    results = {"machine": report.machine(np.__version__, lk.version(), lk.active_kernel()),
               "lk": measure_lk(sizes, min_runs, min_seconds)}
    report.print_machine(results["machine"], WORKLOAD)
    if not arguments.smoke:
        results["reference"] = measure_in_subprocess("reference", sizes, min_runs, min_seconds)
    report.print_throughput(results["lk"] + results.get("reference", []), "reference" in results)
    results["overhead"] = measure_overhead(calls)
    report.print_overhead(results["overhead"])
    if not arguments.smoke:
        peer_sizes = PEER_SIZES[:-1] if arguments.quick else PEER_SIZES
        results["peers"], notes = measure_peers(results["lk"], peer_sizes, MIN_RUNS)
        report.print_peers(results["peers"], notes)
    return results


def main(argv=None):
    arguments = parse_arguments(argv)
    if arguments.child:
        json.dump(measure_lk(*json.loads(arguments.child)), sys.stdout)
        return 0
    results = run(arguments)
    if arguments.json:
        Path(arguments.json).write_text(json.dumps(results, indent=2) + "\n")
        print(f"\nresults written to {arguments.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
