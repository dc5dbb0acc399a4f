#!/usr/bin/env bash
# `make install` into a scratch prefix, then a program built only from what pkg-config
# says about that prefix: proves the installed header, library and .pc file work.
set -euo pipefail
cd "$(dirname "$0")/../.."
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT

make --no-print-directory install PREFIX="$prefix" >/dev/null
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
cat > "$prefix/probe.c" <<'C'
#include <layoutkernel.h>
#include <stdio.h>
int main(void) {
    float w[3] = {60, 50, 40}, h[3] = {10, 20, 10}, x[3], y[3];
    lk_items items = {0};
    items.count = 3; items.widths = w; items.heights = h;
    lk_flow_params params = lk_flow_params_default();
    params.spacing = 10;
    lk_result result = {0};
    result.x = x; result.y = y; result.item_capacity = 3;
    lk_proposal proposal = {100, LK_UNSPECIFIED};
    if (lk_flow_layout(&items, &params, proposal, &result) != LK_OK) return 1;
    /* rows: [60] then [50, 40] (50 + 10 + 40 = 100 fits) */
    return !(result.rows == 2 && x[2] == 60 && y[1] == 10 && result.height == 30);
}
C
cc -std=c99 -Wall -Wextra -Werror -pedantic $(pkg-config --cflags layoutkernel) \
    "$prefix/probe.c" -o "$prefix/probe" $(pkg-config --libs layoutkernel)
"$prefix/probe"
echo "install: $(pkg-config --modversion layoutkernel) at a scratch prefix builds and runs a program"
echo "1 passed, 0 failed"
