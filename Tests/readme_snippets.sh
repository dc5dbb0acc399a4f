#!/usr/bin/env bash
# readme_snippets.sh — every C, C++ and Python example in README.md and in
# docs/*.md runs.
#
#   bash Tests/readme_snippets.sh [README.md] [library dir] [build dir]
#
# Reads the README given (README.md of the repository by default) and every
# docs/*.md beside it. Extracts each fenced code block whose info string starts
# with `c`, `cpp` or `python` (``` or ~~~ fences, indented up to three spaces). C and C++ blocks are
# compiled against Include/ and the library with the same strict flags as the
# C/C++ tests (C99 / C++17, -Wall -Wextra -Werror -pedantic) and run; Python
# blocks run with PYTHONPATH=python in a scratch folder. Each result names its
# file and line. Fails if any snippet fails, or if the README lacks its C, C++
# or Python quick start.
# Compilers come from $CC and $CXX (default cc and c++), Python from $PYTHON.
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
readme="${1:-$root/README.md}"
libdir="${2:-$root/.build/release}"
out="${3:-$root/.build/ctests/readme}"
CC="${CC:-cc}"
CXX="${CXX:-c++}"
PYTHON="${PYTHON:-python3}"

[[ -f "$readme" ]] || { echo "readme_snippets: no README at $readme"; exit 1; }
docs=()
for page in "$(dirname "$readme")"/docs/*.md; do
    [[ -f "$page" ]] && docs+=("$page")
done
[[ -f "$libdir/libLayoutKernel.so" ]] || { echo "readme_snippets: no library in $libdir"; exit 1; }
libdir="$(cd "$libdir" && pwd)"
mkdir -p "$out"
rm -f "$out"/snippet_*

# Writes snippet_<k>.<c|cpp|py> files, numbered across all documents, and prints
# "<file> <document> <first line>" per block (the document's path as given, from
# the README's folder).
awk -v out="$out" -v base="$(dirname "$readme")/" '
    # Up to three leading spaces removed (a loop: mawk mishandles / ? ? ?/).
    function unindent(s,   n) {
        for (n = 0; n < 3 && substr(s, 1, 1) == " "; n++)
            s = substr(s, 2)
        return s
    }
    function lang_of(info,   w) {
        w = info
        sub(/^[ \t]+/, "", w)
        sub(/[ \t{].*$/, "", w)
        w = tolower(w)
        if (w == "c") return "c"
        if (w == "cpp") return "cpp"
        if (w == "python") return "py"
        return ""
    }
    FNR == 1 {
        if (inblock && lang != "") close(file)
        inblock = 0
        lang = ""
        doc = FILENAME
        if (index(doc, base) == 1) doc = substr(doc, length(base) + 1)
    }
    {
        line = $0
        if (!inblock) {
            tmp = unindent(line)
            if (match(tmp, /^(```+|~~~+)/)) {
                fence = substr(tmp, RSTART, RLENGTH)
                info = substr(tmp, RSTART + RLENGTH)
                lang = lang_of(info)
                inblock = 1
                if (lang != "") {
                    k++
                    file = sprintf("%s/snippet_%d.%s", out, k, lang)
                    printf "" > file
                    print file, doc, FNR + 1
                }
            }
        } else {
            # The block ends at a fence of the same character, at least as long.
            tmp = unindent(line)
            sub(/[ \t]+$/, "", tmp)
            if (tmp ~ /^(```+|~~~+)$/ && substr(tmp, 1, 1) == substr(fence, 1, 1) &&
                length(tmp) >= length(fence)) {
                if (lang != "") close(file)
                inblock = 0
                lang = ""
            } else if (lang != "") {
                print line >> file
            }
        }
    }
' "$readme" "${docs[@]}" > "$out/index.txt"

readme_doc="$(basename "$readme")"
for kind in c cpp py; do
    if ! grep -q "\.$kind $readme_doc " "$out/index.txt"; then
        echo "readme_snippets: no $kind example in $readme"
        exit 1
    fi
done

passed=0
failed=0
while read -r file doc line; do
    name="$(basename "$file")"
    exe="${file%.*}"
    if [[ "$file" == *.py ]]; then
        if (cd "$out" && PYTHONPATH="$root/python" LAYOUTKERNEL_LIBRARY="$libdir/libLayoutKernel.so" \
                timeout 60 "$PYTHON" "$file") > "$exe.run.log" 2>&1; then
            echo "ok   $name (Python, $doc line $line): runs"
            passed=$((passed + 1))
        else
            echo "FAIL $name (Python, $doc line $line): fails"
            sed 's/^/    /' "$exe.run.log" | head -30
            failed=$((failed + 1))
        fi
        continue
    fi
    if [[ "$file" == *.cpp ]]; then
        compile=("$CXX" -std=c++17 -Wall -Wextra -Werror -pedantic -pthread
                 -I"$root/Include" "$file" -L"$libdir" -lLayoutKernel
                 -Wl,-rpath,"$libdir" -o "$exe")
        kind="C++"
    else
        compile=("$CC" -std=c99 -Wall -Wextra -Werror -pedantic -pthread
                 -I"$root/Include" "$file" -L"$libdir" -lLayoutKernel
                 -Wl,-rpath,"$libdir" -lm -o "$exe")
        kind="C"
    fi
    if ! "${compile[@]}" > "$exe.compile.log" 2>&1; then
        echo "FAIL $name ($kind, $doc line $line): does not compile"
        sed 's/^/    /' "$exe.compile.log" | head -30
        failed=$((failed + 1))
        continue
    fi
    timeout 60 "$exe" > "$exe.run.log" 2>&1
    rc=$?
    if [[ $rc -ne 0 ]]; then
        echo "FAIL $name ($kind, $doc line $line): exits with status $rc"
        sed 's/^/    /' "$exe.run.log" | head -30
        failed=$((failed + 1))
        continue
    fi
    echo "ok   $name ($kind, $doc line $line): compiles and runs"
    passed=$((passed + 1))
done < "$out/index.txt"

echo "readme snippets: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
