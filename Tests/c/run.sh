#!/usr/bin/env bash
# run.sh — builds and runs the C and C++ tests of LayoutKernel.
#
#   bash Tests/c/run.sh            (after `make build`)
#
# Builds into .build/ctests/ with $CC and $CXX (default cc and c++):
#   - header_standalone.c as C99 and C11, header_standalone.cpp as C++11 and
#     C++17: the header compiles on its own under -Werror -pedantic;
#   - test_api.c (C99) and test_api.cpp (C++17) against the library, then runs
#     them;
#   - check_exports.sh: header declarations == library exports, no Swift
#     runtime dependency;
#   - readme_snippets.sh: README.md's C and C++ examples compile and run.
# Set LK_TEST_ISAS="scalar sse avx2 avx512" to run test_api.c once more per
# kernel level, forced with LAYOUTKERNEL_ISA.
# Ends with "N passed, M failed" (programs and scripts); exits 1 on any failure.
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"

CC="${CC:-cc}"
CXX="${CXX:-c++}"
lib_dir="$root/.build/release"
lib="$lib_dir/libLayoutKernel.so"
out="$root/.build/ctests"
mkdir -p "$out"

passed=0
failed=0
failures=()

# step NAME COMMAND...: runs the command with its output indented, counts it.
step() {
    local name="$1"
    shift
    echo "== $name"
    "$@" 2>&1 | sed 's/^/   /'
    local rc=${PIPESTATUS[0]}
    if [[ $rc -eq 0 ]]; then
        echo "ok   $name"
        passed=$((passed + 1))
    else
        echo "FAIL $name (exit status $rc)"
        failed=$((failed + 1))
        failures+=("$name")
    fi
}

strict_c=(-Wall -Wextra -Werror -pedantic)
strict_cxx=(-Wall -Wextra -Werror -pedantic)
link=(-L"$lib_dir" -lLayoutKernel -Wl,-rpath,"$lib_dir")

# --- the header on its own (no library needed) ------------------------------
for std in c99 c11; do
    step "header compiles alone as $std" \
        "$CC" -std=$std "${strict_c[@]}" -Wstrict-prototypes -Wundef -IInclude \
        Tests/c/header_standalone.c -o "$out/header_standalone_$std"
done
for std in c++11 c++17; do
    step "header compiles alone as $std" \
        "$CXX" -std=$std "${strict_cxx[@]}" -Wundef -IInclude \
        Tests/c/header_standalone.cpp -o "$out/header_standalone_${std/++/xx}"
done

if [[ ! -f "$lib" ]]; then
    echo "FAIL no library at $lib: run \`make build\` first"
    failed=$((failed + 1))
    failures+=("library present")
else
    # --- test programs ------------------------------------------------------
    step "build test_api.c (C99)" \
        "$CC" -std=c99 "${strict_c[@]}" -pthread -IInclude Tests/c/test_api.c \
        "${link[@]}" -lm -o "$out/test_api_c"
    if [[ -x "$out/test_api_c" ]]; then
        step "run test_api (C)" "$out/test_api_c"
        for isa in ${LK_TEST_ISAS:-}; do
            step "run test_api (C) with LAYOUTKERNEL_ISA=$isa" \
                env LAYOUTKERNEL_ISA="$isa" "$out/test_api_c"
        done
    fi
    step "build test_api.cpp (C++17)" \
        "$CXX" -std=c++17 "${strict_cxx[@]}" -pthread -IInclude Tests/c/test_api.cpp \
        "${link[@]}" -o "$out/test_api_cpp"
    if [[ -x "$out/test_api_cpp" ]]; then
        step "run test_api (C++)" "$out/test_api_cpp"
    fi

    # --- scripts --------------------------------------------------------------
    step "check_exports.sh" bash Tests/c/check_exports.sh "$lib" Include/layoutkernel.h
    step "readme_snippets.sh" env CC="$CC" CXX="$CXX" \
        bash Tests/c/readme_snippets.sh README.md "$lib_dir" "$out/readme"
fi

echo
if [[ $failed -gt 0 ]]; then
    echo "failed: ${failures[*]}"
fi
echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
