"""The tables bench_flow.py prints, and the machine line at their top."""

import math
import os
import platform


def cpu_model():
    """The CPU's model name from /proc/cpuinfo, else what platform knows."""
    try:
        with open("/proc/cpuinfo") as handle:
            for line in handle:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def machine(numpy_version, library_version, kernel):
    """The facts about this machine and library that a result depends on."""
    return {"platform": platform.platform(), "cpu": cpu_model(), "cpus": os.cpu_count(),
            "python": platform.python_version(), "numpy": numpy_version,
            "layoutkernel": library_version, "kernel": kernel}


def print_machine(info, workload):
    """The machine, library and workload lines."""
    print(f"machine: {info['platform']} | {info['cpu']} ({info['cpus']} CPUs) | "
          f"Python {info['python']}, NumPy {info['numpy']}")
    print(f"library: LayoutKernel {info['layoutkernel']}, kernel {info['kernel']}")
    print(f"workload: {workload}")


THROUGHPUT_HEADER = (f"{'n':>10}  {'kernel':<10}{'runs':>5}  {'median ns/item':>14}  "
                     f"{'best ns/item':>12}  {'items/s':>9}  {'out= ns/item':>12}  {'C only ns/item':>14}  "
                     f"{'out=/C':>6}")


def print_throughput(rows, with_reference):
    """The lk.flow table: one row per kernel and n."""
    print("\nlk.flow throughput (out= = lk.flow writing into an earlier result; C only = lk_flow_layout "
          "alone, on buffers allocated beforehand)")
    if with_reference:
        print("(the last rows come from a subprocess with LAYOUTKERNEL_ISA=reference)")
    print(THROUGHPUT_HEADER)
    for row in rows:
        rate = 1e9 / row["median_ns_per_item"]
        print(f"{row['n']:>10,}  {row['kernel']:<10}{row['runs']:>5}  "
              f"{row['median_ns_per_item']:>14.2f}  {row['best_ns_per_item']:>12.2f}  "
              f"{rate / 1e6:>8.1f}M  {row['out_median_ns_per_item']:>12.2f}  "
              f"{row['direct_median_ns_per_item']:>14.2f}  "
              f"{row['out_median_ns_per_item'] / row['direct_median_ns_per_item']:>6.2f}")


def print_overhead(rows):
    """The per-call table: lk.flow (and lk.flow into an earlier result's buffers,
    ``out=``) against the bare ctypes call."""
    print("\nper-call cost (median, microseconds per call)")
    print(f"{'n':>10}  {'lk.flow':>9}  {'lk.flow out=':>12}  {'ctypes lk_flow_layout':>21}  "
          f"{'binding overhead':>16}")
    for row in rows:
        print(f"{row['n']:>10}  {row['lk_flow_us']:>9.2f}  {row['lk_flow_out_us']:>12.2f}  "
              f"{row['direct_us']:>21.2f}  {row['overhead_us']:>16.2f}")


def _peer_line(row):
    """One row of the peers table; the ratios are the peer's time over lk.flow's."""
    lk_ns = row["lk_ns_per_item"] or math.nan
    check = f"{row['mismatches']}/{row['check_n']} differ"
    return (f"{row['engine']:<20}{check:>16}  {row['n']:>8,}  "
            f"{row['engine_ns_per_item']:>9.0f}  {row['full_ns_per_item']:>9.0f}  {lk_ns:>7.1f}  "
            f"{row['engine_ns_per_item'] / lk_ns:>8.0f}x  {row['full_ns_per_item'] / lk_ns:>7.0f}x")


def print_peers(rows, notes):
    """The peers table, then a line for every peer or size skipped."""
    print("\nother engines, same flex-wrap layout (median ns/item; engine = the layout call "
          "alone,\nfull = layout call + every (x, y) read back in Python; lk = lk.flow)")
    if rows:
        print(f"{'peer':<20}{'check':>16}  {'n':>8}  {'engine':>9}  {'full':>9}  "
              f"{'lk':>7}  {'engine/lk':>9}  {'full/lk':>8}")
    for row in rows:
        print(_peer_line(row))
    for note in notes:
        print(note)
