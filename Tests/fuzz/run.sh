#!/usr/bin/env bash
# run.sh — builds LayoutKernel instrumented for libFuzzer and runs its fuzz targets.
#
#   bash Tests/fuzz/run.sh                      every target for FUZZ_SECONDS (default 60)
#   FUZZ_SECONDS=20 bash Tests/fuzz/run.sh      a short budget (CI)
#   FUZZ_TARGETS="fuzz_flow fuzz_engine" ...    some targets only
#   FUZZ_BUILD_ONLY=1 ...                       build, do not run
#   FUZZ_SCRATCH=DIR ...                        build and run in DIR (default .build-fuzz)
#
# The library's own sources (Swift and C) are built with AddressSanitizer and
# SanitizerCoverage (edges as inline 8-bit counters, a PC table, comparison
# tracing: what libFuzzer reads) into .build-fuzz; the C files also with UBSan
# (swiftc has no UBSan for Swift on Linux). Not SwiftPM's --sanitize=fuzzer:
# with Swift 6.3.1, `--sanitize=fuzzer --sanitize=address` hands the Swift
# frontend only one of the two (which one varies from build to build), so
# Swift code was built either without ASan or without coverage. Hence
# --sanitize=address, -sanitize-coverage for swiftc and
# -fsanitize=fuzzer-no-link for the C files. Each target in Tests/fuzz/fuzz_*.c is
# compiled with clang -fsanitize=fuzzer,address,undefined and linked against
# that library (an rpath to it and to the toolchain's Swift runtime, so no
# LD_LIBRARY_PATH is needed). Then each target runs for FUZZ_SECONDS seconds,
# one process on one core, on a copy of its seed corpus
# (Tests/fuzz/corpus/<target>) in .build-fuzz/run/<target>, keeping what it
# finds there (artifacts/) and its log (log.txt).
#
# Prints each target's executions, exec/s and coverage, and the total. Exits 1
# on any finding (a crash, a sanitizer report, a violated check, a timeout or
# out-of-memory), printing the artifact's path; 2 when the build fails.
#
# The kernel level is the one the library picks for this CPU; LAYOUTKERNEL_ISA
# (read once per process) forces another: LAYOUTKERNEL_ISA=sse2 bash run.sh.
# Needs only the Swift toolchain (its clang has libFuzzer and the sanitizers).
# FUZZ_ARGS adds libFuzzer flags (e.g. -runs=N).
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"

SWIFT="${SWIFT:-swift}"
# The clang of the Swift toolchain (it has libFuzzer), beside swift when found.
if [[ -z "${FUZZ_CC:-}" ]]; then
    swift_bin="$(dirname "$(command -v "$SWIFT" 2>/dev/null || echo /nonexistent)")"
    if [[ -x "$swift_bin/clang" ]]; then FUZZ_CC="$swift_bin/clang"; else FUZZ_CC=clang; fi
fi
seconds="${FUZZ_SECONDS:-60}"
scratch="${FUZZ_SCRATCH:-$root/.build-fuzz}"
mkdir -p "$scratch" && scratch="$(cd "$scratch" && pwd)"
targets=(${FUZZ_TARGETS:-fuzz_flow fuzz_layout fuzz_first_fit fuzz_many fuzz_engine})
# Swift's own crash handler would run inside the sanitizers' signal handling:
# leave crashes to libFuzzer.
export SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=no}"

echo "== building the instrumented library ($scratch)"
if ! "$SWIFT" build -c release --scratch-path "$scratch" --product LayoutKernel \
    --sanitize=address \
    -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp \
    -Xcc -fsanitize=fuzzer-no-link -Xcc -fsanitize=undefined; then
    echo "FAIL: the instrumented library did not build"
    exit 2
fi
libdir="$scratch/release"
bash Tests/c/soname_link.sh "$libdir"

# The toolchain's clang must have libFuzzer.
mkdir -p "$scratch/targets"
printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { (void)d; (void)n; return 0; }\n' \
    > "$scratch/targets/probe.c"
if ! "$FUZZ_CC" -fsanitize=fuzzer "$scratch/targets/probe.c" -o "$scratch/targets/probe" 2>/dev/null; then
    echo "FAIL: $FUZZ_CC -fsanitize=fuzzer does not link (use the Swift toolchain's clang: FUZZ_CC=...)"
    exit 2
fi
linker=()
if "$FUZZ_CC" -fuse-ld=lld "$scratch/targets/probe.c" -fsanitize=fuzzer -o "$scratch/targets/probe" 2>/dev/null; then
    linker=(-fuse-ld=lld)
fi

for t in "${targets[@]}"; do
    echo "== building $t"
    if ! "$FUZZ_CC" -g -O1 -std=c11 -Wall -Wextra -Werror "${linker[@]}" \
        -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
        -IInclude "Tests/fuzz/$t.c" -L"$libdir" -lLayoutKernel -Wl,-rpath,"$libdir" \
        -o "$scratch/targets/$t"; then
        echo "FAIL: $t did not build"
        exit 2
    fi
done
if [[ -n "${FUZZ_BUILD_ONLY:-}" ]]; then
    exit 0
fi

total=0
findings=0
summary=()
for t in "${targets[@]}"; do
    dir="$scratch/run/$t"
    rm -rf "$dir"
    mkdir -p "$dir/corpus" "$dir/artifacts"
    if [[ -d "Tests/fuzz/corpus/$t" ]]; then
        cp "Tests/fuzz/corpus/$t"/* "$dir/corpus/" 2>/dev/null
    fi
    echo "== $t: ${seconds}s, kernel level ${LAYOUTKERNEL_ISA:-(the best this CPU runs)}"
    # One process, one core; -max_len bounds an input (items are bounded by the
    # harness: at most 512), -timeout and -rss_limit_mb catch hangs and blow-ups.
    "$scratch/targets/$t" -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$dir/artifacts/" ${FUZZ_ARGS:-} "$dir/corpus" \
        > "$dir/log.txt" 2>&1
    rc=$?
    runs=$(awk '/stat::number_of_executed_units/ {print $2}' "$dir/log.txt" | tail -1)
    rate=$(awk '/stat::average_exec_per_sec/ {print $2}' "$dir/log.txt" | tail -1)
    cov=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$dir/log.txt" | tail -1)
    # libFuzzer's first line names the instrumented modules: the library, then the
    # target. Coverage that comes from the harness alone would be worthless.
    lib_counters=$(sed -n -E 's/.*Loaded 2 modules .*\): ([0-9]+) \[.*/\1/p' "$dir/log.txt" | head -1)
    if [[ -z "$lib_counters" || "$lib_counters" -lt 5000 ]]; then
        findings=$((findings + 1))
        echo "FAIL: $t: the library module has ${lib_counters:-no} coverage counters (not instrumented?)"
    fi
    runs=${runs:-0}
    total=$((total + runs))
    artifacts=$(find "$dir/artifacts" -type f 2>/dev/null)
    if [[ $rc -ne 0 || -n "$artifacts" ]]; then
        findings=$((findings + 1))
        echo "FINDING in $t (exit status $rc); log: $dir/log.txt"
        grep -E 'VIOLATION|ERROR: (AddressSanitizer|libFuzzer|UndefinedBehavior)|runtime error|Fatal error' \
            "$dir/log.txt" | head -5 | sed 's/^/   /'
        for a in $artifacts; do echo "   artifact: $a"; done
    fi
    line=$(printf '%-16s %12s executions %8s exec/s  %s (library counters: %s)' "$t" "$runs" "${rate:-?}" \
        "$cov" "${lib_counters:-?}")
    echo "$line"
    summary+=("$line")
done

echo "== summary (kernel level ${LAYOUTKERNEL_ISA:-default}, ${seconds}s per target)"
printf '%s\n' "${summary[@]}"
echo "total: $total executions, $findings finding(s)"
[[ $findings -eq 0 ]]
