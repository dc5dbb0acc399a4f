#!/usr/bin/env bash
# check_exports.sh — the C header and the shared library agree.
#
#   bash Tests/c/check_exports.sh [path/to/libLayoutKernel.so] [path/to/layoutkernel.h]
#
# 1. The functions Include/layoutkernel.h declares (`<type> lk_name(`, with
#    comments and preprocessor lines removed, across line breaks, pointer
#    return types included) must be exactly the lk_ functions the library
#    exports (nm -D --defined-only: T, or W/i for weak or ifunc functions).
# 2. The library must not need any Swift runtime library (libswift*,
#    libFoundation*, libdispatch, libBlocksRuntime): users load it without a
#    Swift toolchain. The libraries it needs are printed.
# Exits 1 on any difference.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
so="${1:-$root/.build/release/libLayoutKernel.so}"
header="${2:-$root/Include/layoutkernel.h}"

fail=0
[[ -f "$so" ]] || { echo "check_exports: no library at $so" >&2; exit 1; }
[[ -f "$header" ]] || { echo "check_exports: no header at $header" >&2; exit 1; }

# --- 1. header declarations -------------------------------------------------
# perl: drop comments, then preprocessor lines (with their continuations),
# then flatten and find `<type or *> lk_name (`.
declared="$(perl -0777 -ne '
    s{/\*.*?\*/}{ }gs;              # block comments
    s{//[^\n]*}{}g;                 # line comments
    s{\\\n}{ }g;                    # join continued lines
    s{^[ \t]*#[^\n]*}{}mg;          # preprocessor lines (#define lk_x(...) etc.)
    s{\s+}{ }g;                     # one line
    while (/(?:[A-Za-z_][A-Za-z0-9_]*|\*)\s*\b(lk_[A-Za-z0-9_]+)\s*\(/g) { print "$1\n" }
' "$header" | sort -u)"

# --- 2. library exports ------------------------------------------------------
exported="$(nm -D --defined-only "$so" |
    awk '($2 == "T" || $2 == "W" || $2 == "i") && $3 ~ /^lk_/ { sub(/@.*/, "", $3); print $3 }' |
    sort -u)"

n_declared=$(grep -c . <<<"$declared" || true)
n_exported=$(grep -c . <<<"$exported" || true)

only_header="$(comm -23 <(echo "$declared") <(echo "$exported") | grep . || true)"
only_library="$(comm -13 <(echo "$declared") <(echo "$exported") | grep . || true)"

if [[ -n "$only_header" ]]; then
    echo "declared in the header but not exported by the library:"
    sed 's/^/  /' <<<"$only_header"
    fail=1
fi
if [[ -n "$only_library" ]]; then
    echo "exported by the library but not declared in the header:"
    sed 's/^/  /' <<<"$only_library"
    fail=1
fi
if [[ "$n_declared" -eq 0 ]]; then
    echo "no lk_ function found in $header (parser problem?)"
    fail=1
fi
if [[ $fail -eq 0 ]]; then
    echo "exports: $n_exported functions, header and library agree"
else
    echo "exports: header declares $n_declared functions, library exports $n_exported: they differ"
fi

# Other exported symbols are not an error, but worth knowing about.
others=$(nm -D --defined-only "$so" | awk '$3 !~ /^lk_/' | grep -c . || true)
echo "other defined dynamic symbols: $others"

# --- 3. runtime dependencies ---------------------------------------------------
needed="$(objdump -p "$so" | awk '$1 == "NEEDED" { print $2 }')"
echo "needs: $(echo $needed)"
swift_libs="$( (echo "$needed"; ldd "$so" 2>&1 || true) |
    grep -Eo 'lib(swift[A-Za-z0-9_]*|Foundation[A-Za-z0-9_]*|dispatch|BlocksRuntime)\.so[^ ]*' |
    sort -u || true)"
if [[ -n "$swift_libs" ]]; then
    echo "the library depends on the Swift runtime: $(echo $swift_libs)"
    fail=1
else
    echo "no Swift runtime dependency"
fi
if ldd "$so" 2>&1 | grep -q 'not found'; then
    echo "unresolved dependencies:"
    ldd "$so" | grep 'not found' | sed 's/^/  /'
    fail=1
fi

exit $fail
