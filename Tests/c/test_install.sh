#!/usr/bin/env bash
# `make install` into a scratch prefix, then programs built only from what that prefix
# offers: a C program through pkg-config and a C++ program through CMake's
# find_package(LayoutKernel). Checks the installed files and links, the SONAME (from
# the header's LK_ABI_VERSION, the same in the built library) and that programs record
# it, that the installed library is stripped but keeps its lk_ exports, with its debug
# information beside it, that the CMake package can be moved and answers version
# requests by its rule, and that `make uninstall` removes everything. Needs cmake.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"
source "$here/steps.sh"

prefix=$(mktemp -d)
work=$(mktemp -d)
trap 'rm -rf "$prefix" "$work"' EXIT

define() { awk -v name="$1" '$1 == "#define" && $2 == name { print $3 }' Include/layoutkernel.h; }
major=$(define LK_VERSION_MAJOR)
minor=$(define LK_VERSION_MINOR)
patch=$(define LK_VERSION_PATCH)
abi=$(define LK_ABI_VERSION)
version="$major.$minor.$patch"
soname="libLayoutKernel.so.$abi"
realname="libLayoutKernel.so.$version"
lib="$prefix/lib/$realname"

soname_of() { readelf -d "$1" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p'; }
needed_of() { readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | grep LayoutKernel; }
same() { # same WHAT EXPECTED ACTUAL
    [[ "$2" == "$3" ]] || { printf '%s: expected\n%s\nbut got\n%s\n' "$1" "$2" "$3"; return 1; }
}

step "make install PREFIX=<scratch>" make --no-print-directory install PREFIX="$prefix"
[[ -f "$lib" ]] || { echo "FAIL nothing installed at $lib"; finish; exit 1; }

installed_files() {
    (cd "$prefix" && find . \( -type f -printf 'file %p\n' \) -o \( -type l -printf 'link %p -> %l\n' \) | sort)
}
step "installed files and links" same "the installed tree" "$(sort <<EOF
file ./include/layoutkernel.h
file ./lib/$realname
link ./lib/$soname -> $realname
link ./lib/libLayoutKernel.so -> $soname
file ./lib/.debug/$realname.debug
file ./lib/pkgconfig/layoutkernel.pc
file ./lib/cmake/LayoutKernel/LayoutKernelConfig.cmake
file ./lib/cmake/LayoutKernel/LayoutKernelConfigVersion.cmake
EOF
)" "$(installed_files)"

step "SONAME of the installed library is $soname (LK_ABI_VERSION)" \
    same "SONAME" "$soname" "$(soname_of "$lib")"
step "SONAME of the built library (Package.swift) is $soname too" \
    same "SONAME" "$soname" "$(soname_of .build/release/libLayoutKernel.so)"

# Stripped: no symbol table, no debug sections; the dynamic symbols, which are the
# interface, stay (check_exports.sh: exactly the header's functions).
stripped() {
    local sections
    sections=$(readelf -S -W "$lib" | sed -n 's/^ *\[ *[0-9]*\] \([^ ]*\).*/\1/p')
    grep -qx '.dynsym' <<<"$sections" || { echo "no section list read"; return 1; }
    if grep -E '^(\.symtab|\.strtab|\.debug_.*|\.zdebug_.*)$' <<<"$sections"; then
        echo "the installed library keeps the sections above"
        return 1
    fi
    echo "installed $(stat -c %s "$lib") bytes; built $(stat -c %s .build/release/libLayoutKernel.so) bytes;" \
        "debug information $(stat -c %s "$prefix/lib/.debug/$realname.debug") bytes"
}
step "the installed library is stripped" stripped
step "its lk_ exports are the header's functions" bash Tests/c/check_exports.sh "$lib" Include/layoutkernel.h
debug_apart() {
    same ".gnu_debuglink" "$realname.debug" \
        "$(readelf --string-dump=.gnu_debuglink "$lib" | sed -n 's/^ *\[ *0\] *//p')" &&
        readelf -S -W "$prefix/lib/.debug/$realname.debug" | grep -q ' \.debug_info '
}
step "debug information in lib/.debug/$realname.debug, named by .gnu_debuglink" debug_apart

# --- C through pkg-config ---------------------------------------------------------
cat > "$work/probe.c" <<'C'
#include <layoutkernel.h>
#include <stdio.h>
int main(void) {
    float w[3] = {60, 50, 40}, h[3] = {10, 20, 10}, x[3], y[3];
    lk_items items = lk_items_default();
    items.count = 3; items.widths = w; items.heights = h;
    lk_flow_params params = lk_flow_params_default();
    params.spacing = 10;
    lk_result result = lk_result_default();
    result.x = x; result.y = y; result.item_capacity = 3;
    lk_proposal proposal = {100, LK_UNSPECIFIED};
    if (lk_flow_layout(&items, &params, proposal, &result) != LK_OK) return 1;
    /* rows: [60] then [50, 40] (50 + 10 + 40 = 100 fits) */
    return !(result.rows == 2 && x[2] == 60 && y[1] == 10 && result.height == 30);
}
C
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
step "pkg-config --modversion layoutkernel is $version" same "version" "$version" "$(pkg-config --modversion layoutkernel)"
step "build a C program with pkg-config" \
    cc -std=c99 -Wall -Wextra -Werror -pedantic $(pkg-config --cflags layoutkernel) \
    "$work/probe.c" -o "$work/probe" $(pkg-config --libs layoutkernel)
step "the C program needs $soname" same "NEEDED" "$soname" "$(needed_of "$work/probe")"
step "run the C program" "$work/probe"

# --- C++ through CMake ------------------------------------------------------------
mkdir -p "$work/consumer"
cat > "$work/consumer/CMakeLists.txt" <<CMAKE
cmake_minimum_required(VERSION 3.16)
project(consumer LANGUAGES CXX)
find_package(LayoutKernel $major.$minor CONFIG REQUIRED)
add_executable(app app.cpp)
target_compile_features(app PRIVATE cxx_std_17)
target_compile_options(app PRIVATE -Wall -Wextra -Werror -pedantic)
target_link_libraries(app PRIVATE LayoutKernel::LayoutKernel)
CMAKE
cat > "$work/consumer/app.cpp" <<'CPP'
#include <layoutkernel.h>
#include <cstdio>
#include <vector>
int main() {
    if (lk_version_number() != LK_VERSION_NUMBER || lk_abi_version() != LK_ABI_VERSION) {
        std::printf("library %u (ABI %u), header %d (ABI %d)\n", lk_version_number(),
                    lk_abi_version(), LK_VERSION_NUMBER, LK_ABI_VERSION);
        return 1;
    }
    std::vector<float> w{60, 50, 40}, h{10, 20, 10}, x(3), y(3);
    lk_items items = lk_items_default();
    items.count = w.size(); items.widths = w.data(); items.heights = h.data();
    lk_flow_params params = lk_flow_params_default();
    params.spacing = 10;
    lk_result result = lk_result_default();
    result.x = x.data(); result.y = y.data(); result.item_capacity = x.size();
    lk_proposal proposal{100, LK_UNSPECIFIED};
    if (lk_flow_layout(&items, &params, proposal, &result) != LK_OK) return 1;
    std::printf("LayoutKernel %s: %llu rows, %g tall\n", lk_version_string(),
                static_cast<unsigned long long>(result.rows), result.height);
    return !(result.rows == 2 && x[2] == 60 && y[1] == 10 && result.height == 30);
}
CPP
step "configure a C++ program with find_package(LayoutKernel $major.$minor CONFIG REQUIRED)" \
    cmake -S "$work/consumer" -B "$work/consumer/build" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release
step "build it (LayoutKernel::LayoutKernel)" cmake --build "$work/consumer/build"
app="$work/consumer/build/app"
step "the C++ program needs $soname" same "NEEDED" "$soname" "$(needed_of "$app")"
loads_installed() {
    same "the library the program loads" "$soname => $prefix/lib/$soname" \
        "$(LD_TRACE_LOADED_OBJECTS=1 "$app" | awk '$1 ~ /LayoutKernel/ { print $1, $2, $3 }')"
}
step "it loads the installed library" loads_installed
step "run the C++ program" "$app"

# --- the CMake package: relocatable, versions by the caret rule ----------------------
# A project that asks for each version in turn and prints what find_package said and
# where the target points.
mkdir -p "$work/versions"
cat > "$work/versions/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.19)
project(versions LANGUAGES NONE)
foreach(request IN LISTS REQUESTS)
  string(REPLACE "," ";" request "${request}")
  find_package(LayoutKernel ${request} CONFIG QUIET)
  message(STATUS "request [${request}] found=${LayoutKernel_FOUND}")
endforeach()
find_package(LayoutKernel CONFIG REQUIRED)
get_target_property(location LayoutKernel::LayoutKernel IMPORTED_LOCATION)
get_target_property(soname LayoutKernel::LayoutKernel IMPORTED_SONAME)
get_target_property(include LayoutKernel::LayoutKernel INTERFACE_INCLUDE_DIRECTORIES)
message(STATUS "version=${LayoutKernel_VERSION}")
message(STATUS "location=${location}")
message(STATUS "soname=${soname}")
message(STATUS "include=${include}")
CMAKE
# Each request and whether this version meets it. A request of the major version alone
# means MAJOR.0: while MAJOR is 0, another release line.
next_minor="$major.$((minor + 1))"
requests=(
    "$major.$minor yes" "$version,EXACT yes" "$major $([[ $major -gt 0 || $minor -eq 0 ]] && echo yes || echo no)"
    "$major.$minor.$((patch + 1)) no" "$next_minor no" "$((major + 1)).0 no"
    "$major.$minor...$next_minor yes" "0...<$version no"
)
if [[ $minor -gt 0 ]]; then
    requests+=("$major.$((minor - 1)) no" "$major.$((minor - 1))...$next_minor yes")
fi
moved="$work/moved/elsewhere"
mkdir -p "$work/moved"
cp -a "$prefix" "$moved"
versions() {
    local list=() expected="" r
    for r in "${requests[@]}"; do
        list+=("${r% *}")
        expected+="request [${r% *}] found=$([[ ${r#* } == yes ]] && echo 1 || echo 0)"$'\n'
    done
    local out
    out=$(IFS=';'; cmake -S "$work/versions" -B "$work/versions/build" -DCMAKE_PREFIX_PATH="$moved" \
        "-DREQUESTS=${list[*]}") || { echo "$out"; return 1; }
    out=$(sed -n 's/^-- //p' <<<"$out")
    same "find_package's answers" "${expected%$'\n'}" "$(grep '^request' <<<"$out" | sed 's/found=TRUE/found=1/; s/found=FALSE/found=0/; s/found=$/found=0/' | tr ';' ',')" &&
        same "the package read from a moved prefix" \
            "$(printf 'version=%s\nlocation=%s\nsoname=%s\ninclude=%s' "$version" "$moved/lib/$realname" "$soname" "$moved/include")" \
            "$(grep -v '^request' <<<"$out" | grep -E '^(version|location|soname|include)=')"
}
step "the CMake package, moved elsewhere, answers version requests by the caret rule" versions
no_prefix_inside() {
    ! grep -rlF "$prefix" "$prefix/lib/cmake"
}
step "the CMake package names no absolute prefix" no_prefix_inside

readme_names_them() {
    grep -qF "lib/$realname " README.md && grep -qF "SONAME $soname" README.md &&
        grep -qF "find_package(LayoutKernel $major.$minor CONFIG REQUIRED)" README.md
}
step "README.md's Install section names $realname, $soname and find_package $major.$minor" readme_names_them

# --- make uninstall -----------------------------------------------------------------
step "make uninstall PREFIX=<scratch>" make --no-print-directory uninstall PREFIX="$prefix"
step "nothing installed is left" same "files and links left" "" "$(installed_files)"
left_dirs() { same "folders left" "" "$(cd "$prefix" && find . -mindepth 1 -type d | grep -E 'cmake|\.debug')"; }
step "no CMake or debug folder is left" left_dirs

finish
