#!/usr/bin/env bash
# run.sh — builds and runs the C and C++ tests of LayoutKernel.
#
#   bash Tests/c/run.sh            (after `make build`)
#   LK_LIBRARY_DIR=DIR bash Tests/c/run.sh
#
# Tests the libLayoutKernel.so in $LK_LIBRARY_DIR (default .build/release; a
# relative folder is taken from the current directory). Builds into the folder
# `ctests` beside that library's folder (.build/ctests for the default; a
# temporary folder for a library outside the repository), or $LK_CTESTS_DIR,
# with $CC and $CXX (default cc and c++). The programs run from the
# repository root, where they read the reference fixtures
# (Tests/Fixtures/reference; $LK_FIXTURES_DIR overrides):
#   - header_standalone.c as C99 and C11, header_standalone.cpp as C++11 and
#     C++17: the header compiles on its own under -Werror -pedantic (and the
#     programs run: they check the values of the float and size_t macros);
#   - test_lanes.c (C11, built with clang, once per instruction set this CPU
#     runs): the closed forms of the kernels' lane helpers (lk_lanes.h) against
#     their definitions, for every input of the ranges the kernels use;
#   - test_api.c (C99) against the library (the flow fixtures through the
#     flow entry points, among its tests), run once per kernel level with
#     LAYOUTKERNEL_ISA=reference, sse2, avx2, avx512, and once with the
#     variable unset (the level the library picks). A level is run when the
#     library reports it in use (`test_api --print-kernel`); a level this CPU
#     cannot run is skipped with a line saying so. reference and sse2 (named
#     "portable" off x86-64) run everywhere: failing to get them is a failure;
#   - the kernel choice: an unknown LAYOUTKERNEL_ISA value falls back to the
#     level picked with the variable unset; "portable" names the baseline;
#   - test_layouts.c (C99: every layout kind through lk_layout_place and
#     lk_layout_place_exact, and lk_first_fit; every fixture case; a list of
#     2,000,000 rows, past float's exact integers, through the _exact calls),
#     built and run exactly as test_api.c: once per kernel level, and once
#     with the variable unset;
#   - test_many.c (C99: lk_layout_many against each container alone, its
#     errors, and the thread setting: batches and long flows split over
#     threads, and called from several threads at once), run the same way,
#     and once more with LAYOUTKERNEL_THREADS=1;
#   - test_engine.c (C99: the engine's answers after random mutations against
#     lk_layout_place, the exact ones against lk_layout_place_exact, a list of
#     2,000,000 rows, its errors, two threads on one engine), the same way;
#   - test_bad_inputs.c (C99: the bad-input matrix, generated: every entry point,
#     argument and field crossed with each class of bad input: status, message,
#     nothing written), the same way, and the
#     check that docs/errors.md's table is the one it prints (--table);
#   - test_threads.c (C99: 8 threads at once over shared inputs, flows split
#     over the pool, every kind, lk_layout_many, lk_first_fit and engines of
#     their own equal to one thread's results; the per-thread error state; one
#     engine shared by six threads; a child forked while another thread lays
#     out over the pool lays out over a pool of its own), the same way;
#   - test_unload.c (C99, not linked against the library: loads it with
#     dlopen, starts the pool from four threads, unloads it; every worker is
#     gone after dlclose), three load cycles;
#   - test_memory.c (C99 + POSIX: engines of three kinds taking calls that
#     need more memory than an address-space limit leaves, margins 0 to
#     4 GB, one child process each: LK_OK or LK_ERR_OUT_OF_MEMORY, never a
#     crash, a refused call changes nothing, results equal fresh layouts),
#     once at the default level;
#   - test_api.c, test_layouts.c, test_many.c, test_engine.c,
#     test_bad_inputs.c and test_threads.c once more with
#     -fsanitize=address,undefined (when the compiler has them), run at the
#     default level; test_unload.c too, without leak detection (after dlclose
#     the Swift runtime's type metadata of the unloaded copy, about 1.8 KB per
#     load, has no owner left);
#   - the same six programs under valgrind's memcheck (when valgrind is
#     installed), at the default level: no memory error, no definite leak;
#   - test_api.cpp (C++17), run;
#   - check_exports.sh: header declarations == library exports, no Swift
#     runtime dependency;
# Ends with "N passed, M failed" (programs and scripts); exits 1 on any failure.
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
# Folders given relative to the current directory, made absolute.
absolute() { mkdir -p "$1" && (cd "$1" && pwd); }
lib_dir="${LK_LIBRARY_DIR:-$root/.build/release}"
if [[ -d "$lib_dir" ]]; then
    lib_dir="$(cd "$lib_dir" && pwd)"
fi
if [[ -n "${LK_CTESTS_DIR:-}" ]]; then
    out="$(absolute "$LK_CTESTS_DIR")"
elif [[ "$lib_dir" == "$root"/* ]]; then
    out="$(absolute "$(dirname "$lib_dir")/ctests")"
else
    out="$(mktemp -d)"
    trap 'rm -rf "$out"' EXIT
fi
LK_FIXTURES_DIR="${LK_FIXTURES_DIR:-$root/Tests/Fixtures/reference}"
export LK_FIXTURES_DIR="$(cd "$LK_FIXTURES_DIR" 2>/dev/null && pwd || echo "$LK_FIXTURES_DIR")"
cd "$root"

CC="${CC:-cc}"
CXX="${CXX:-c++}"
lib="$lib_dir/libLayoutKernel.so"
echo "== library: $lib"
echo "== fixtures: $LK_FIXTURES_DIR"

source "$here/steps.sh"

strict_c=(-Wall -Wextra -Werror -pedantic)
strict_cxx=(-Wall -Wextra -Werror -pedantic)
link=(-L"$lib_dir" -lLayoutKernel -Wl,-rpath,"$lib_dir")

# build_and_run OUT COMPILER ARGS...: compiles to OUT, then runs OUT.
build_and_run() {
    local exe="$1"
    shift
    "$@" -o "$exe" && "$exe"
}

# --- the header on its own (no library needed) ------------------------------
for std in c99 c11; do
    step "header compiles alone as $std (and runs)" \
        build_and_run "$out/header_standalone_$std" \
        "$CC" -std=$std "${strict_c[@]}" -Wstrict-prototypes -Wundef -IInclude \
        Tests/c/header_standalone.c
done
for std in c++11 c++17; do
    step "header compiles alone as $std (and runs)" \
        build_and_run "$out/header_standalone_${std/++/xx}" \
        "$CXX" -std=$std "${strict_cxx[@]}" -Wundef -Wold-style-cast -IInclude \
        Tests/c/header_standalone.cpp
done

# --- the lane helpers' closed forms (no library needed) ----------------------
# Built with clang (the helpers use its vector extensions; the Swift toolchain has it),
# once per instruction set this CPU runs: fused multiply-adds with FMA and AVX-512.
clang_cc="${CLANG:-$(command -v clang || true)}"
if [[ -z "$clang_cc" ]]; then
    echo "== lane helpers: no clang on PATH (set CLANG): skipped"
else
    lane_sets=("baseline:")
    if [[ "$(uname -m)" == x86_64 ]]; then
        if grep -qw avx2 /proc/cpuinfo && grep -qw fma /proc/cpuinfo; then lane_sets+=("avx2:-mavx2 -mfma"); fi
        if grep -qw avx512f /proc/cpuinfo && grep -qw avx512bw /proc/cpuinfo && grep -qw avx512dq /proc/cpuinfo \
            && grep -qw avx512vl /proc/cpuinfo; then
            lane_sets+=("avx512:-mavx512f -mavx512bw -mavx512dq -mavx512vl")
        fi
    fi
    for lane_set in "${lane_sets[@]}"; do
        # shellcheck disable=SC2086 # the flags are words
        step "lane helpers' closed forms, every input (${lane_set%%:*})" \
            build_and_run "$out/test_lanes_${lane_set%%:*}" \
            "$clang_cc" -std=c11 -O2 "${strict_c[@]}" -Wno-psabi ${lane_set#*:} -ISources/LayoutKernelCPU/include \
            Tests/c/test_lanes.c -lm
    done
fi

if [[ ! -f "$lib" ]]; then
    echo "FAIL no library at $lib: run \`make build\` first (or set LK_LIBRARY_DIR)"
    failed=$((failed + 1))
    failures+=("library present")
else
    # Programs linked against the library load the file its SONAME names.
    bash "$here/soname_link.sh" "$lib_dir"
    # --- test programs ------------------------------------------------------
    test_c="$out/test_api_c"
    test_layouts="$out/test_layouts_c"
    test_many="$out/test_many_c"
    test_engine="$out/test_engine_c"
    test_bad_inputs="$out/test_bad_inputs_c"
    test_threads="$out/test_threads_c"
    test_unload="$out/test_unload_c"
    test_memory="$out/test_memory_c"
    rm -f "$test_c" "$test_layouts" "$test_many" "$test_engine" "$test_bad_inputs" "$test_threads" "$test_unload" \
        "$test_memory"
    step "build test_api.c (C99)" \
        "$CC" -std=c99 "${strict_c[@]}" -pthread -IInclude Tests/c/test_api.c \
        "${link[@]}" -lm -o "$test_c"
    step "build test_layouts.c (C99)" \
        "$CC" -std=c99 "${strict_c[@]}" -pthread -IInclude Tests/c/test_layouts.c \
        "${link[@]}" -lm -o "$test_layouts"
    step "build test_many.c (C99)" \
        "$CC" -std=c99 "${strict_c[@]}" -pthread -IInclude Tests/c/test_many.c \
        "${link[@]}" -lm -o "$test_many"
    step "build test_engine.c (C99)" \
        "$CC" -std=c99 "${strict_c[@]}" -pthread -IInclude Tests/c/test_engine.c \
        "${link[@]}" -lm -o "$test_engine"
    step "build test_bad_inputs.c (C99)" \
        "$CC" -std=c99 "${strict_c[@]}" -pthread -IInclude Tests/c/test_bad_inputs.c \
        "${link[@]}" -lm -o "$test_bad_inputs"
    step "build test_threads.c (C99)" \
        "$CC" -std=c99 "${strict_c[@]}" -pthread -IInclude Tests/c/test_threads.c \
        "${link[@]}" -lm -o "$test_threads"
    step "build test_unload.c (C99, loads the library with dlopen)" \
        "$CC" -std=c99 "${strict_c[@]}" -pthread -IInclude Tests/c/test_unload.c -ldl -o "$test_unload"
    step "build test_memory.c (C99 + POSIX)" \
        "$CC" -std=c99 "${strict_c[@]}" -pthread -IInclude Tests/c/test_memory.c \
        "${link[@]}" -lm -o "$test_memory"

    # The kernel level the library uses with LAYOUTKERNEL_ISA=$2 ("" = unset),
    # as test program $1 reports it (`--print-kernel`).
    kernel_for() {
        if [[ -z "$2" ]]; then
            env -u LAYOUTKERNEL_ISA "$1" --print-kernel 2>&1
        else
            env LAYOUTKERNEL_ISA="$2" "$1" --print-kernel 2>&1
        fi
    }

    # run_at_levels EXE NAME: runs test program EXE once per kernel level it
    # reports in use, then with LAYOUTKERNEL_ISA unset.
    run_at_levels() {
        local exe="$1" name="$2" level got default_level
        default_level="$(kernel_for "$exe" "")"
        for level in reference sse2 avx2 avx512; do
            got="$(kernel_for "$exe" "$level")"
            if [[ "$got" == "$level" || ( "$level" == sse2 && "$got" == portable ) ]]; then
                step "run $name (C), kernel $got (LAYOUTKERNEL_ISA=$level)" \
                    env LAYOUTKERNEL_ISA="$level" "$exe"
            elif [[ "$level" == reference || "$level" == sse2 ]]; then
                echo "FAIL $name, kernel $level: LAYOUTKERNEL_ISA=$level gives \"$got\"; this level must run everywhere"
                failed=$((failed + 1))
                failures+=("$name kernel $level")
            else
                echo "skip $name, kernel $level: this CPU cannot run it (LAYOUTKERNEL_ISA=$level gives \"$got\")"
            fi
        done
        step "run $name (C), LAYOUTKERNEL_ISA unset (kernel $default_level)" \
            env -u LAYOUTKERNEL_ISA "$exe"
    }

    if [[ -x "$test_c" ]]; then
        default_kernel="$(kernel_for "$test_c" "")"
        echo "== the library picks \"$default_kernel\" (LAYOUTKERNEL_ISA unset)"

        # The kernel choice itself.
        check_choice() {
            local bogus portable
            bogus="$(kernel_for "$test_c" no-such-level)"
            portable="$(kernel_for "$test_c" portable)"
            echo "unset: $default_kernel; no-such-level: $bogus; portable: $portable"
            [[ "$bogus" == "$default_kernel" ]] ||
                { echo "an unknown LAYOUTKERNEL_ISA must fall back to $default_kernel"; return 1; }
            [[ "$portable" == sse2 || "$portable" == portable ]] ||
                { echo "LAYOUTKERNEL_ISA=portable must give the baseline (sse2 or portable)"; return 1; }
        }
        step "kernel choice (LAYOUTKERNEL_ISA)" check_choice

        run_at_levels "$test_c" test_api
    fi
    if [[ -x "$test_layouts" ]]; then
        run_at_levels "$test_layouts" test_layouts
    fi
    if [[ -x "$test_many" ]]; then
        run_at_levels "$test_many" test_many
        step "run test_many (C), LAYOUTKERNEL_THREADS=1 (the first thread setting)" \
            env -u LAYOUTKERNEL_ISA LAYOUTKERNEL_THREADS=1 "$test_many"
    fi
    if [[ -x "$test_engine" ]]; then
        run_at_levels "$test_engine" test_engine
    fi
    if [[ -x "$test_bad_inputs" ]]; then
        run_at_levels "$test_bad_inputs" test_bad_inputs
        # docs/errors.md publishes the matrix: its table must be the one the test
        # checks. The table is the run of lines starting with "|" from its header row
        # ("| entry points |") to the first line that does not; headings and prose
        # around it may change freely.
        docs_matrix() {
            local published
            published="$(awk '/^\| entry points \|/ { inside = 1 }
                              inside && !/^\|/ { exit }
                              inside' "$root/docs/errors.md")"
            [[ -n "$published" ]] || { echo "docs/errors.md has no bad-input table"; return 1; }
            diff <("$test_bad_inputs" --table) <(printf '%s\n' "$published")
        }
        step "docs/errors.md's bad-input table is the test's" docs_matrix
    fi
    if [[ -x "$test_threads" ]]; then
        run_at_levels "$test_threads" test_threads
    fi
    if [[ -x "$test_unload" ]]; then
        step "run test_unload (C): load, start the pool, dlclose, 3 times" \
            env -u LAYOUTKERNEL_ISA -u LAYOUTKERNEL_THREADS "$test_unload" "$lib"
    fi
    if [[ -x "$test_memory" ]]; then
        # Once, at the default level: an address-space limit rules out the
        # sanitizers' and valgrind's own reservations.
        step "run test_memory (C): calls under an address-space limit, margins 0 to 4 GB" \
            env -u LAYOUTKERNEL_ISA "$test_memory"
    fi

    # --- the C tests under AddressSanitizer and UndefinedBehaviorSanitizer ----
    sanitize=(-fsanitize=address,undefined -fno-sanitize-recover=undefined
              -fno-omit-frame-pointer -g)
    if echo 'int main(void){return 0;}' |
        "$CC" -x c "${sanitize[@]}" - -o "$out/sanitizer_probe" >/dev/null 2>&1; then
        for program in test_api test_layouts test_many test_engine test_bad_inputs test_threads; do
            asan="$out/${program}_c_asan"
            rm -f "$asan"
            step "build $program.c (C99, ASan + UBSan)" \
                "$CC" -std=c99 "${strict_c[@]}" -O1 "${sanitize[@]}" -pthread -IInclude \
                "Tests/c/$program.c" "${link[@]}" -lm -o "$asan"
            if [[ -x "$asan" ]]; then
                step "run $program (C, ASan + UBSan), LAYOUTKERNEL_ISA unset" \
                    env -u LAYOUTKERNEL_ISA \
                    ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}" \
                    UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1}" "$asan"
            fi
        done
        asan="$out/test_unload_c_asan"
        rm -f "$asan"
        step "build test_unload.c (C99, ASan + UBSan)" \
            "$CC" -std=c99 "${strict_c[@]}" -O1 "${sanitize[@]}" -pthread -IInclude \
            Tests/c/test_unload.c -ldl -o "$asan"
        if [[ -x "$asan" ]]; then
            # No leak check: after dlclose the Swift runtime's metadata of the
            # unloaded copy has no owner left (see the header comment).
            step "run test_unload (C, ASan + UBSan, no leak check)" \
                env -u LAYOUTKERNEL_ISA -u LAYOUTKERNEL_THREADS ASAN_OPTIONS=detect_leaks=0 \
                UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1}" "$asan" "$lib"
        fi
    else
        echo "skip ASan + UBSan build: $CC cannot build with -fsanitize=address,undefined"
    fi

    # --- valgrind --------------------------------------------------------------
    # memcheck over the C tests at the default level: no invalid read or write, no
    # use of an uninitialised value, no block definitely lost (test_threads without
    # its fork: in the child, the memory of a call another thread had in flight at the
    # fork is lost with that thread). Valgrind 3.19 cannot
    # read the library's DWARF 5 debug information, so it runs a stripped copy.
    if command -v valgrind >/dev/null 2>&1; then
        vg_lib="$out/memcheck-lib"
        mkdir -p "$vg_lib"
        if strip --strip-debug -o "$vg_lib/libLayoutKernel.so" "$lib" &&
            bash "$here/soname_link.sh" "$vg_lib"; then
            for program in test_api test_layouts test_many test_engine test_bad_inputs test_threads; do
                step "run $program (C, valgrind memcheck), LAYOUTKERNEL_ISA unset" \
                    env -u LAYOUTKERNEL_ISA LD_LIBRARY_PATH="$vg_lib" LK_TEST_SKIP_FORK=1 valgrind --tool=memcheck --quiet \
                    --error-exitcode=99 --leak-check=full --show-possibly-lost=no --errors-for-leak-kinds=definite "$out/${program}_c"
            done
        else
            step "strip a copy of the library for valgrind" false
        fi
    else
        echo "skip valgrind memcheck: valgrind is not installed (.ci/run installs it)"
    fi

    step "build test_api.cpp (C++17)" \
        "$CXX" -std=c++17 "${strict_cxx[@]}" -pthread -IInclude Tests/c/test_api.cpp \
        "${link[@]}" -o "$out/test_api_cpp"
    if [[ -x "$out/test_api_cpp" ]]; then
        step "run test_api (C++)" "$out/test_api_cpp"
    fi

    # --- scripts --------------------------------------------------------------
    step "check_exports.sh" bash Tests/c/check_exports.sh "$lib" Include/layoutkernel.h
fi

finish
