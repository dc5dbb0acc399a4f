"""The CSS flow features through lk.flow, against the same flex-wrap containers
in Taffy and Yoga (from PyPI, when installed).

Usage (from the repository root):

    PYTHONPATH=python python3 python/benchmarks/bench_features.py [--json FILE]

--smoke is a tiny self-check (n = 1,000, 3 runs, no peers) that the test suite
runs so that this script cannot rot.

Each feature alone, on bench_flow's items (tags 40 to 160 wide, 32 high, gaps of
8) in a container 800 wide: justify-content space-between, direction rtl,
flex-direction row-reverse, flex-wrap wrap-reverse, flex-direction column (in a
container 800 high), align-content stretch (over a height a fifth taller than
the lines) and flex-grow (every other item grows by 1). Before timing, each peer
lays out the first 200 items and its positions are compared with lk.flow's: the
largest difference is reported (LayoutKernel rounds positions to 1/64 px as
browsers do, the peers do not round). lk.flow is timed with its result objects
(what a Python caller gets); a peer's time is its layout call alone, every node
marked dirty before each call (untimed). Medians of wall-clock times.
"""

import argparse
import functools
import json
import sys
from pathlib import Path

import numpy as np

import layoutkernel as lk

import bench_flow
import peers as peer_adapters
import report

WIDTH, GAP = bench_flow.CONTAINER_WIDTH, bench_flow.SPACING
SIZES = (1_000, 10_000)
CHECK_N = 200


def features(n):
    """``[(name, lk.flow keywords, peers.Container, the peers' grow factors or
    None)]`` for n items of bench_flow's workload."""
    widths, heights = bench_flow.workload(n)
    # The lines' own height, and a fifth more for align-content to share.
    tall = float(np.ceil(lk.flow(widths, heights, width=WIDTH, spacing=GAP, line_spacing=GAP).height * 1.2))
    grow = [float(i % 2) for i in range(n)]
    Container = peer_adapters.Container
    return [
        ("plain flow", {}, Container(width=WIDTH), None),
        ("justify space-between", {"justify": "space-between"}, Container(width=WIDTH, justify="space-between"), None),
        ("right to left", {"direction": "rtl"}, Container(width=WIDTH, rtl=True), None),
        ("reverse (row-reverse)", {"reverse": True}, Container(width=WIDTH, direction="row-reverse"), None),
        ("wrap-reverse", {"wrap_reverse": True}, Container(width=WIDTH, wrap_reverse=True), None),
        ("vertical (column)", {"axis": "vertical", "width": None, "height": WIDTH},
         Container(height=WIDTH, direction="column"), None),
        ("align-content stretch", {"align_content": "stretch", "height": tall},
         Container(width=WIDTH, height=tall, align_content="stretch"), None),
        ("growing items (1 in 2)", {"grow": np.asarray(grow, dtype=np.float32)}, Container(width=WIDTH), grow),
    ]


def lk_flow(widths, heights, keywords):
    """The feature's layout through the Python API."""
    arguments = {"width": WIDTH, "spacing": GAP, "line_spacing": GAP, **keywords}
    return lk.flow(widths, heights, **arguments)


def difference(adapter, keywords, grow):
    """The largest |difference| (px) between the positions of the first CHECK_N
    items by ``adapter`` (set up for their container) and by lk.flow."""
    widths, heights = bench_flow.workload(CHECK_N)
    expected = lk_flow(widths, heights, keywords)
    tree = adapter.build(widths.tolist(), heights.tolist(), grow)
    try:
        xs, ys = adapter.layout(tree)
    finally:
        adapter.release(tree)
    return max(float(np.max(np.abs(np.asarray(xs) - expected.x))),
               float(np.max(np.abs(np.asarray(ys) - expected.y))))


def time_peer(adapter, widths, heights, grow, runs):
    """The peer's layout call alone: median ns per item."""
    tree = adapter.build(widths.tolist(), heights.tolist(), grow)
    try:
        times = bench_flow.run_times(lambda: adapter.compute(tree), runs,
                                     prepare=functools.partial(adapter.invalidate, tree))
    finally:
        adapter.release(tree)
    return bench_flow.per_item(times, len(widths))["median_ns_per_item"]


def measure(sizes, runs, min_seconds, with_peers):
    """Every feature at each n: lk.flow's median and, with_peers, each peer's and
    how far its positions are from lk.flow's. Returns ``(rows, notes)``."""
    rows, notes = [], []
    # Each peer's positions checked once per feature, in the first items' own container.
    differences = {}
    for name, keywords, container, grow in (features(CHECK_N) if with_peers else []):
        for label, adapter, reason in peer_adapters.load(container, GAP):
            if adapter is None:
                notes.append(f"{name}: {reason}")
            else:
                differences[name, label] = difference(adapter, keywords, grow)
    for n in sizes:
        widths, heights = bench_flow.workload(n)
        for name, keywords, container, grow in features(n):
            times = bench_flow.run_times(lambda: lk_flow(widths, heights, keywords), runs, min_seconds)
            row = {"n": n, "feature": name, "lk_ns_per_item": bench_flow.per_item(times, n)["median_ns_per_item"],
                   "peers": {}}
            for label, adapter, _ in (peer_adapters.load(container, GAP) if with_peers else []):
                if adapter is not None:
                    row["peers"][label] = {"ns_per_item": time_peer(adapter, widths, heights, grow, runs),
                                           "max_difference_px": differences[name, label]}
            rows.append(row)
    return rows, notes


def print_table(rows, notes):
    """One line per feature and n: lk.flow, then each peer's time, its ratio to
    lk.flow's and the largest position difference."""
    labels = [label for _, label in peer_adapters.PEERS]
    print("\nCSS flow features: lk.flow against the same flex container in other engines "
          "(median ns/item; a peer's layout call alone;\n×lk = its time over lk.flow's; "
          f"Δ = the largest difference from lk.flow's positions over {CHECK_N} items, px)")
    header = f"{'feature':<26}{'n':>8}  {'lk.flow':>8}"
    for label in labels:
        header += f"  {label:>22} {'×lk':>7} {'Δ':>8}"
    print(header)
    for row in rows:
        line = f"{row['feature']:<26}{row['n']:>8,}  {row['lk_ns_per_item']:>8.1f}"
        for label in labels:
            peer = row["peers"].get(label)
            if peer is None:
                line += f"  {'—':>22} {'':>7} {'':>8}"
            else:
                line += (f"  {peer['ns_per_item']:>22.0f} {peer['ns_per_item'] / row['lk_ns_per_item']:>6.0f}x"
                         f" {peer['max_difference_px']:>8.3g}")
        print(line)
    for note in notes:
        print(note)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--smoke", action="store_true",
                        help="tiny self-check: n = 1,000, 3 runs, no peers")
    parser.add_argument("--json", metavar="FILE", help="also write the results to FILE")
    arguments = parser.parse_args(argv)
    sizes, runs, min_seconds = ((1_000,), 3, 0.0) if arguments.smoke \
        else (SIZES, bench_flow.MIN_RUNS, bench_flow.MIN_SECONDS)
    info = report.machine(np.__version__, lk.version(), lk.active_kernel())
    report.print_machine(info, bench_flow.WORKLOAD)
    rows, notes = measure(sizes, runs, min_seconds, with_peers=not arguments.smoke)
    print_table(rows, notes)
    if arguments.json:
        Path(arguments.json).write_text(json.dumps({"machine": info, "features": rows}, indent=2) + "\n")
        print(f"\nresults written to {arguments.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
