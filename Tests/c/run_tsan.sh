#!/usr/bin/env bash
# run_tsan.sh — the C thread tests under ThreadSanitizer, with the library
# itself built with -sanitize=thread.
#
#   bash Tests/c/run_tsan.sh        (make test-tsan runs it)
#
# Builds libLayoutKernel.so with `swift build -c release --sanitize=thread`
# in a build folder of its own (.build-tsan-lib, or $LK_TSAN_SCRATCH), then,
# with the clang of the same Swift toolchain (its TSan runtime must be the
# one swiftc instrumented the library for) and -fsanitize=thread:
#   - test_threads.c (8 threads: flows split over the pool, lk_layout_place,
#     lk_layout_many, lk_first_fit and engines of their own, all equal to one
#     thread's results; the per-thread error state; one engine shared by six
#     threads), linked against that library;
#   - test_unload.c (the pool started by concurrent callers, then the library
#     unloaded with dlclose: every worker joined, no thread leaked), which
#     loads that library with dlopen;
# and runs both with TSAN_OPTIONS=halt_on_error=1: any report (a data race, a
# thread leak, a lock-order inversion) ends the program with a nonzero
# status, and so this script.
#
# Why the library links the Swift runtime dynamically here (the shipped one
# links it statically, -static-stdlib): the runtime's once-initialisation and
# metadata caches synchronise in code TSan does not see, and tell TSan so
# through the hook __tsan_on_initialize, which the runtime defines. In a
# -static-stdlib build that hook is hidden by the library's export list (only
# the lk_ functions are exported), TSan never calls it, and the first use of a
# lazy global from two threads at once is reported as a race (a false one).
# libswiftCore.so exports the hook.
#
# The test programs link the toolchain's libdispatch and BlocksRuntime (its
# static TSan runtime intercepts libdispatch) and export their symbols
# (-rdynamic: the instrumented library calls __tsan_external_* functions the
# runtime's own export list leaves out).
#
# Ends with "N passed, M failed" (programs); exits 1 on any failure.
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"

SWIFT="${SWIFT:-swift}"
scratch="${LK_TSAN_SCRATCH:-.build-tsan-lib}"
toolchain_bin="$(dirname "$(readlink -f "$(command -v "$SWIFT")")")"
clang="${LK_TSAN_CC:-$toolchain_bin/clang}"
runtime_dir="$toolchain_bin/../lib/swift/linux"
out="$scratch/ctests"

source "$here/steps.sh"

step "build the library with ThreadSanitizer ($scratch)" \
    "$SWIFT" build -c release --scratch-path "$scratch" --sanitize=thread --product LayoutKernel
lib_dir="$(cd "$scratch/release" 2>/dev/null && pwd)"
mkdir -p "$out"

tsan=(-std=c99 -Wall -Wextra -Werror -pedantic -O1 -g -fsanitize=thread -fno-omit-frame-pointer
      -pthread -rdynamic -IInclude)
runtime=(-L"$runtime_dir" -Wl,--no-as-needed -ldispatch -lBlocksRuntime -Wl,--as-needed
         -Wl,-rpath,"$runtime_dir")
rm -f "$out/test_threads_tsan" "$out/test_unload_tsan"
if [[ -n "$lib_dir" && -f "$lib_dir/libLayoutKernel.so" ]]; then
    bash Tests/c/soname_link.sh "$lib_dir"
    step "build test_threads.c (C99, TSan)" \
        "$clang" "${tsan[@]}" Tests/c/test_threads.c -L"$lib_dir" -lLayoutKernel -Wl,-rpath,"$lib_dir" \
        "${runtime[@]}" -lm -o "$out/test_threads_tsan"
    step "build test_unload.c (C99, TSan)" \
        "$clang" "${tsan[@]}" Tests/c/test_unload.c -ldl "${runtime[@]}" -o "$out/test_unload_tsan"
fi

export TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=1 second_deadlock_stack=1}"
if [[ -x "$out/test_threads_tsan" ]]; then
    step "run test_threads (C, library and program under TSan)" \
        env -u LAYOUTKERNEL_ISA -u LAYOUTKERNEL_THREADS "$out/test_threads_tsan"
fi
if [[ -x "$out/test_unload_tsan" ]]; then
    step "run test_unload (C, library and program under TSan: load, pool, dlclose, 3 times)" \
        env -u LAYOUTKERNEL_ISA -u LAYOUTKERNEL_THREADS "$out/test_unload_tsan" "$lib_dir/libLayoutKernel.so"
fi

finish
