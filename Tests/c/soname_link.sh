#!/usr/bin/env bash
# soname_link.sh DIR — beside DIR/libLayoutKernel.so, the link its SONAME names
# (libLayoutKernel.so.<LK_ABI_VERSION> -> libLayoutKernel.so): a program linked against
# that library records the SONAME and loads the file of that name from its rpath. Does
# nothing for a library without a SONAME or where that name already is (an installed
# tree's link to the versioned file). Used by the test scripts on the libraries they
# test (make build makes the link in .build/release itself).
set -euo pipefail
dir="$1"
soname=$(readelf -d "$dir/libLayoutKernel.so" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
if [[ -n "$soname" && "$soname" != libLayoutKernel.so && ! -e "$dir/$soname" ]]; then
    ln -sf libLayoutKernel.so "$dir/$soname"
fi
