"""The cost of a call through the Python binding against the same C call made
from C: small flows, a large flow into an earlier result, many containers, and
an engine's one-item updates and one-screen queries.

Usage (from the repository root, after ``make build``):

    PYTHONPATH=python python3 python/benchmarks/bench_calls.py [--rounds R] [--threads T] [--only CASE ...]
        [--json FILE]

The script writes the inputs to a scratch folder, compiles ``bench_calls.c``
(next to it) against the library the binding loaded (``$CC``, default ``cc``;
the header from the repository's ``Include``), and starts it once: the C
program makes the same C calls on the same inputs, into buffers it allocated
once, and times them. Each case is then timed in rounds, the C program and the
Python call alternately (which goes first alternates too), a round being a
batch of calls after one untimed call; the table gives the median over the
rounds of the time per call and the ratio Python / C of those medians.
``--threads`` goes to ``lk.set_max_threads`` and to the C program (default 0,
every CPU, the library's default).

Cases: ``lk.flow`` of 16 items (float32 arrays, lists); ``lk.flow(out=)`` of
1,000,000 items, against the C call writing x, y and the rows and against the one
that also writes ``item_width`` and ``item_height``, which a Python ``Layout``
holds (for a plain flow a copy of the sizes given: 8 MB written at a million items); ``Flow.layout_many`` of 100,000 containers of 1 to 16 items
(with and without ``out=``); and an ``Engine`` holding 1,000,000 items:
``update`` of one item (float32 arrays of one item, lists), ``size``,
``visible`` of one screen (800 x 600 in the middle of the layout) and
``item_at``. ``--smoke`` runs every case on tiny inputs, two rounds (the test
suite's check that the script works; its numbers mean nothing).
"""

import argparse
import itertools
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

import layoutkernel as lk
from layoutkernel import _loader

import report

HERE = Path(__file__).resolve().parent
C_SOURCE = HERE / "bench_calls.c"
INCLUDE = HERE.parents[1] / "Include"

FLOW = {"width": 800.0, "spacing": 8.0, "line_spacing": 8.0}
MANY = {"spacing": 6.0, "line_spacing": 4.0}
MANY_WIDTH = 400.0
STEP = 7919  # the engine's next updated item: (i + STEP) mod n, as in bench_calls.c


def splitmix64(seed, n):
    """The first n outputs of SplitMix64 seeded with ``seed`` (uint64)."""
    with np.errstate(over="ignore"):
        state = np.uint64(seed) + np.uint64(0x9E3779B97F4A7C15) * np.arange(1, n + 1, dtype=np.uint64)
        z = (state ^ (state >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        return z ^ (z >> np.uint64(31))


def tags(n):
    """n tag-like items (40 to 160 wide in steps of 8, 32 high) as float32 arrays:
    the workload of bench_flow.py and lk-bench."""
    widths = (40 + 8 * (splitmix64(42, n) >> np.uint64(60))).astype(np.float32)
    return widths, np.full(n, 32.0, dtype=np.float32)


def many_counts(containers):
    """1 to 16 items per container (SplitMix64 seeded with 11), as lk-bench's many suite."""
    return (1 + splitmix64(11, containers) % np.uint64(16)).astype(np.uintp)


class Inputs:
    """Every case's inputs, and the folder they are written to for the C program."""

    def __init__(self, flow_n, containers):
        self.w16, self.h16 = tags(16)
        self.w, self.h = tags(flow_n)
        self.counts = many_counts(containers)
        self.many_w, self.many_h = tags(int(self.counts.sum()))

    def write(self, folder):
        for name, values in (("flow16_w.f32", self.w16), ("flow16_h.f32", self.h16),
                             ("flow_w.f32", self.w), ("flow_h.f32", self.h),
                             ("many_w.f32", self.many_w), ("many_h.f32", self.many_h),
                             ("many_counts.u64", self.counts.astype(np.uint64))):
            values.tofile(folder / name)


def elf_soname(path):
    """The SONAME (DT_SONAME) of the 64-bit little-endian ELF library at ``path``,
    or None when it has none or is not such a file."""
    data = Path(path).read_bytes()
    if data[:4] != b"\x7fELF" or data[4:6] != b"\x02\x01":
        return None
    section_offset, = struct.unpack_from("<Q", data, 0x28)
    entry_size, count = struct.unpack_from("<HH", data, 0x3A)
    sections = [struct.unpack_from("<IIQQQQI", data, section_offset + k * entry_size) for k in range(count)]
    for _, kind, _, _, offset, size, link in sections:
        if kind == 6:  # SHT_DYNAMIC: (tag, value) pairs; its link is the string table
            strings = sections[link][4]
            for tag, value in struct.iter_unpack("<qQ", data[offset:offset + size]):
                if tag == 14:  # DT_SONAME
                    return data[strings + value:data.index(b"\0", strings + value)].decode()
    return None


class CProgram:
    """bench_calls.c compiled and running: ``ns(case, calls)`` times ``calls`` calls.

    It runs the very library file the binding loaded: the program asks for the
    library's SONAME (``libLayoutKernel.so.3``), so the scratch folder gets a link
    of that name to the file, and the folder is the program's first rpath."""

    def __init__(self, folder, threads, visible_y):
        compiler = os.environ.get("CC", "cc")
        library = Path(_loader.library()._name).resolve()
        soname = elf_soname(library)
        if soname is not None and soname != library.name:
            (folder / soname).symlink_to(library)
        self.binary = folder / "bench_calls"
        command = [compiler, "-O2", "-o", str(self.binary), str(C_SOURCE), f"-I{INCLUDE}", str(library),
                   f"-Wl,-rpath,{folder}", f"-Wl,-rpath,{library.parent}", "-lm"]
        try:
            subprocess.run(command, check=True, capture_output=True, text=True)
        except (OSError, subprocess.CalledProcessError) as error:
            details = getattr(error, "stderr", None) or error
            raise SystemExit(f"bench_calls.py: cannot compile {C_SOURCE.name} ({' '.join(command)}):\n"
                             f"{details}") from None
        self.stderr = folder / "bench_calls.stderr"
        with open(self.stderr, "w") as stderr:
            self.process = subprocess.Popen([str(self.binary), str(folder), str(threads), repr(visible_y)],
                                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr,
                                            text=True)

    def ns(self, case, calls):
        try:
            self.process.stdin.write(f"{case} {calls}\n")
            self.process.stdin.flush()
            line = self.process.stdout.readline()
        except BrokenPipeError:
            line = ""
        if not line:
            raise SystemExit(f"bench_calls.py: the C program ({self.binary.name}) stopped on {case} "
                             f"(exit status {self.process.wait()}); it wrote:\n"
                             f"{self.stderr.read_text().strip() or '(nothing)'}")
        return int(line)

    def close(self):
        try:
            self.process.stdin.close()
        except BrokenPipeError:  # it stopped already; ns() said why
            pass
        self.process.wait()


def timed(call, calls):
    """Nanoseconds of ``calls`` calls of ``call()`` after one untimed call."""
    call()
    loop = itertools.repeat(None, calls)
    start = time.perf_counter_ns()
    for _ in loop:
        call()
    return time.perf_counter_ns() - start


class Updates:
    """One-item ``Engine.update`` calls in the C program's order: item (i + STEP) mod n,
    40 and 48 wide in turn, 32 high; ``items(k)`` makes the k-th call's
    ``(widths, heights)`` (float32 arrays of one item, or lists)."""

    def __init__(self, engine, n, as_list):
        self.engine, self.n, self.next, self.updates = engine, n, 0, 0
        if as_list:
            self.sizes = (([40.0], [32.0]), ([48.0], [32.0]))
        else:
            self.sizes = tuple((np.array([w], np.float32), np.array([32.0], np.float32)) for w in (40, 48))

    def __call__(self, calls):
        """Nanoseconds of ``calls`` updates after one untimed update (as timed())."""
        indices, self.next = self._indices(calls + 1)
        pairs = [self.sizes[(self.updates + k) & 1] for k in range(calls + 1)]
        self.updates += calls + 1
        update = self.engine.update
        update(indices[0], *pairs[0])
        arguments = zip(indices[1:], pairs[1:])
        start = time.perf_counter_ns()
        for index, (widths, heights) in arguments:
            update(index, widths, heights)
        return time.perf_counter_ns() - start

    def _indices(self, count):
        indices, index = [], self.next
        for _ in range(count):
            index = (index + STEP) % self.n
            indices.append(index)
        return indices, index


def cases(inputs, engine, visible_y):
    """``(name, C case, Python timer, target)``: the timer takes a call count and
    returns nanoseconds; a target is ("abs", µs), ("ratio", r) or ("engine", r, µs):
    Python at most r times C plus µs."""
    w16, h16 = inputs.w16, inputs.h16
    l16, lh16 = w16.tolist(), h16.tolist()
    out16 = lk.flow(w16, h16, **FLOW)
    out = lk.flow(inputs.w, inputs.h, **FLOW)
    flow = lk.Flow(spacing=MANY["spacing"], line_spacing=MANY["line_spacing"])
    many_out = flow.layout_many(inputs.many_w, inputs.many_h, inputs.counts, width=MANY_WIDTH)
    w, h, counts = inputs.many_w, inputs.many_h, inputs.counts
    y0, y1 = visible_y, visible_y + 600.0
    size, visible, item_at = engine.size, engine.visible, engine.item_at
    n = len(engine)

    def simple(call):
        return lambda calls: timed(call, calls)

    return [
        ("lk.flow, 16 items (float32)", "flow16", simple(lambda: lk.flow(w16, h16, **FLOW)), ("abs", 4.0)),
        ("lk.flow, 16 items (lists)", "flow16", simple(lambda: lk.flow(l16, lh16, **FLOW)), ("abs", 4.0)),
        ("lk.flow(out=), 16 items", "flow16", simple(lambda: lk.flow(w16, h16, out=out16, **FLOW)), None),
        (f"lk.flow(out=), {len(inputs.w):,} items", "flow",
         simple(lambda: lk.flow(inputs.w, inputs.h, out=out, **FLOW)), ("ratio", 1.2)),
        (f"lk.flow(out=), {len(inputs.w):,} items, C writing item sizes", "flow_sizes",
         simple(lambda: lk.flow(inputs.w, inputs.h, out=out, **FLOW)), ("ratio", 1.2)),
        (f"lk.flow, {len(inputs.w):,} items", "flow", simple(lambda: lk.flow(inputs.w, inputs.h, **FLOW)),
         None),
        (f"layout_many, {len(counts):,} containers", "many",
         simple(lambda: flow.layout_many(w, h, counts, width=MANY_WIDTH)), ("ratio", 1.3)),
        (f"layout_many(out=), {len(counts):,} containers", "many",
         simple(lambda: flow.layout_many(w, h, counts, width=MANY_WIDTH, out=many_out)), ("ratio", 1.3)),
        (f"Engine.update, 1 item (float32), n = {n:,}", "update", Updates(engine, n, False),
         ("engine", 2.0, 2.0)),
        (f"Engine.update, 1 item (lists), n = {n:,}", "update", Updates(engine, n, True),
         ("engine", 2.0, 2.0)),
        (f"Engine.size, n = {n:,}", "size", simple(lambda: size(800.0)), ("engine", 2.0, 2.0)),
        (f"Engine.visible, one screen, n = {n:,}", "visible",
         simple(lambda: visible(0.0, y0, 800.0, y1, 800.0)), ("engine", 2.0, 2.0)),
        (f"Engine.item_at, n = {n:,}", "item_at", simple(lambda: item_at(400.0, y0 + 300.0, 800.0)),
         ("engine", 2.0, 2.0)),
    ]


def target_text(target):
    if target is None:
        return "", None
    if target[0] == "abs":
        return f"<= {target[1]:g} us", lambda c_us, py_us: py_us <= target[1]
    if target[0] == "ratio":
        return f"<= {target[1]:g} x C", lambda c_us, py_us: py_us <= target[1] * c_us
    return (f"<= {target[1]:g} x C + {target[2]:g} us",
            lambda c_us, py_us: py_us <= target[1] * c_us + target[2])


def calls_for(c_program, case, budget_ns):
    """How many calls make a batch of about ``budget_ns`` in C (at least 1)."""
    once = max(c_program.ns(case, 1), 1)
    if once * 4 >= budget_ns:
        return 1
    return max(1, min(200_000, budget_ns // max(c_program.ns(case, 50) // 50, 1)))


def measure(inputs, c_program, engine, visible_y, rounds, batch_ns, only=None):
    rows = []
    for name, c_case, python, target in cases(inputs, engine, visible_y):
        if only and c_case not in only:
            continue
        calls = calls_for(c_program, c_case, batch_ns)
        c_times, python_times = [], []
        for round_ in range(rounds):
            order = ((c_times, lambda: c_program.ns(c_case, calls)), (python_times, lambda: python(calls)))
            for times, run in (order if round_ % 2 == 0 else order[::-1]):
                times.append(run() / calls / 1000)
        c_us, python_us = (sorted(times)[len(times) // 2] for times in (c_times, python_times))
        text, met = target_text(target)
        rows.append({"case": name, "c_case": c_case, "calls": calls, "rounds": rounds, "c_us": c_us,
                     "python_us": python_us, "c_best_us": min(c_times), "python_best_us": min(python_times),
                     "ratio": python_us / c_us, "target": text,
                     "met": None if met is None else bool(met(c_us, python_us))})
    return rows


def print_rows(rows):
    print(f"\n{'call':<44}{'C us':>10}{'Python us':>11}{'Python/C':>10}  {'target':<20}")
    for row in rows:
        met = "" if row["met"] is None else ("met" if row["met"] else "NOT met")
        print(f"{row['case']:<44}{row['c_us']:>10.3f}{row['python_us']:>11.3f}{row['ratio']:>10.2f}  "
              f"{row['target']:<20}{met}")


def cpu_details():
    """``family F model M`` from /proc/cpuinfo (the model name alone may not name the core)."""
    fields = {}
    try:
        with open("/proc/cpuinfo") as handle:
            for line in handle:
                key, _, value = line.partition(":")
                if key.strip() in ("cpu family", "model") and key.strip() not in fields:
                    fields[key.strip()] = value.strip()
                if not line.strip():
                    break
    except OSError:
        return ""
    return f"family {fields.get('cpu family', '?')} model {fields.get('model', '?')}"


def parse_arguments(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=15, help="rounds per case (default 15)")
    parser.add_argument("--threads", type=int, default=0,
                        help="lk.set_max_threads for both sides (default 0: every CPU)")
    parser.add_argument("--only", nargs="+", metavar="CASE",
                        choices=("flow16", "flow", "flow_sizes", "many", "update", "size", "visible", "item_at"),
                        help="time only these cases (the C program's names)")
    parser.add_argument("--smoke", action="store_true", help="tiny inputs, two rounds: a self-check")
    parser.add_argument("--json", metavar="FILE", help="also write the results to FILE")
    return parser.parse_args(argv)


def main(argv=None):
    arguments = parse_arguments(argv)
    if arguments.smoke:
        flow_n, containers, rounds, batch_ns = 1_000, 100, 2, 200_000
    else:
        flow_n, containers, rounds, batch_ns = 1_000_000, 100_000, arguments.rounds, 20_000_000
    lk.set_max_threads(arguments.threads)
    inputs = Inputs(flow_n, containers)
    engine = lk.Engine(lk.Flow(spacing=FLOW["spacing"], line_spacing=FLOW["line_spacing"]))
    engine.set_items(inputs.w, inputs.h)
    visible_y = float(np.float32(engine.size(FLOW["width"])[1] / 2))

    machine = report.machine(np.__version__, lk.version(), lk.active_kernel())
    machine["cpu_details"] = cpu_details()
    print(f"machine: {machine['platform']} | {machine['cpu']} ({machine['cpu_details']}, "
          f"{machine['cpus']} CPUs) | Python {machine['python']}, NumPy {machine['numpy']}")
    print(f"library: LayoutKernel {machine['layoutkernel']}, kernel {machine['kernel']}, "
          f"max threads {arguments.threads} (0: every CPU)")
    print(f"each case: median of {rounds} rounds, C and Python alternately; microseconds per call")

    folder = Path(tempfile.mkdtemp(prefix="lk-bench-calls-"))
    try:
        inputs.write(folder)
        c_program = CProgram(folder, arguments.threads, visible_y)
        try:
            rows = measure(inputs, c_program, engine, visible_y, rounds, batch_ns, arguments.only)
        finally:
            c_program.close()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    print_rows(rows)
    if arguments.json:
        results = {"machine": machine, "threads": arguments.threads, "cases": rows}
        Path(arguments.json).write_text(json.dumps(results, indent=2) + "\n")
        print(f"\nresults written to {arguments.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
