#!/usr/bin/env python3
"""Guards the per-ISA kernel builds; run after `make build`.

One binary must run on any x86-64 CPU, yet three modules of it are compiled for
different instruction sets. Two things keep that safe, and this script checks both:

1. No code symbol is defined by two ISA modules. The linker keeps one copy of a
   duplicated (weak) symbol, so a baseline caller could end up running AVX code. (The
   weak data words through which each module refers to Core's types, `got.*`, hold the
   same address in every module and are allowed.)
2. In the linked library, AVX instructions (VEX/EVEX encodings, ymm/zmm/mask
   registers) appear only in functions owned by the AVX modules, which run only after
   the CPU check. It also confirms each module was compiled for its level.

Prints "N passed, M failed" and exits non-zero on any failure.
"""
import collections
import pathlib
import platform
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
BUILD = ROOT / ".build" / "release"
MODULES = ["LayoutKernelSSE2", "LayoutKernelAVX2", "LayoutKernelAVX512"]
AVX_OWNERS = ("LayoutKernelAVX2", "LayoutKernelAVX512")
AVX = re.compile(r"\s(v[a-z0-9]+|k(?:mov|and|or|xor|not|shift|unpck|test|ortest|add)[a-z]*)\s|%[yz]mm|%k[0-7]")
HARMLESS = {"__swift_reflection_version"}  # a data constant, not code


def objects(module):
    """The object files of a module's current sources (stale ones are ignored)."""
    folder = BUILD / f"{module}.build"
    sources = (folder / "sources").read_text().split()
    return [folder / (pathlib.Path(s).name + ".o") for s in sources]


def run(*command):
    return subprocess.run(command, capture_output=True, text=True, check=True).stdout


def indirection(kind, name):
    """Whether a symbol is one of the weak data words Swift emits for a reference to
    another module's type or protocol descriptor (`got.` and the descriptor's name):
    the same address in every module that refers to it, no code."""
    return kind in ("V", "v") and name.startswith("got.")


def functions_with_avx(binary):
    """{function name: number of AVX instructions} for every function that has any."""
    counts, current = collections.Counter(), None
    for line in run("objdump", "-d", "--no-show-raw-insn", str(binary)).splitlines():
        header = re.match(r"^[0-9a-f]+ <(.*)>:$", line)
        if header:
            current = header.group(1)
        elif current and AVX.search(line):
            counts[current] += 1
    return counts


def main():
    results = []

    def check(ok, text):
        results.append(ok)
        print(("ok   " if ok else "FAIL ") + text)

    def symbols(module):
        lines = run("nm", "--defined-only", "-g", *map(str, objects(module))).splitlines()
        return {fields[2] for fields in map(str.split, lines)
                if len(fields) == 3 and not indirection(fields[1], fields[2])} - HARMLESS

    defined = {m: symbols(m) for m in MODULES}
    for i, a in enumerate(MODULES):
        for b in MODULES[i + 1:]:
            shared = sorted(defined[a] & defined[b])
            check(not shared, f"{a} and {b} share no symbol" + (f": {shared[:3]}" if shared else ""))

    if platform.machine() in ("x86_64", "AMD64"):
        per_module = {m: sum(functions_with_avx(o).total() for o in objects(m)) for m in MODULES}
        check(per_module["LayoutKernelSSE2"] == 0, "the baseline module has no AVX instructions")
        check(per_module["LayoutKernelAVX2"] > 0, f"the AVX2 module has AVX instructions ({per_module['LayoutKernelAVX2']})")
        zmm = run("objdump", "-d", *map(str, objects("LayoutKernelAVX512"))).count("%zmm")
        check(zmm > 0, f"the AVX-512 module uses zmm registers ({zmm} lines)")
        library = BUILD / "libLayoutKernel.so"
        stray = {f: n for f, n in functions_with_avx(library).items() if not f.startswith(tuple(
            f"$s{len(o)}{o}" for o in AVX_OWNERS)) and not any(o in f for o in AVX_OWNERS)}
        check(not stray, f"{library.name}: AVX instructions only in AVX-module functions"
              + (f"; also in {sorted(stray)[:3]}" if stray else ""))
    passed = sum(results)
    print(f"{passed} passed, {len(results) - passed} failed")
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
