#!/usr/bin/env bash
# run.sh — fifty million items through C and Python, and an engine holding them:
# the peak memory each takes, checked against the bounds docs/engine.md states.
#
#   bash Benchmarks/Memory/run.sh        (after `make build`; N=... for another count)
#
# Bounds, in bytes per item beyond what the caller holds (inputs; for a layout also
# its outputs): a flow layout 4, an engine (set_items, size, queries; its peak while
# packing every row) 32. Exits 1 when one is exceeded.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
n="${N:-50000000}"
lib_dir="$root/.build/release"
out="$root/.build/memory"
mkdir -p "$out"
"${CC:-cc}" -O2 -std=c99 -D_DEFAULT_SOURCE -Wall -Wextra -Werror -IInclude Benchmarks/Memory/fifty_million.c \
    -L"$lib_dir" -lLayoutKernel -Wl,-rpath,"$lib_dir" -o "$out/fifty_million"
"$out/fifty_million" flow "$n" 4
"$out/fifty_million" engine "$n" 32
PYTHONPATH=python "${PYTHON:-python3}" Benchmarks/Memory/fifty_million.py flow "$n" 4
PYTHONPATH=python "${PYTHON:-python3}" Benchmarks/Memory/fifty_million.py engine "$n" 32
