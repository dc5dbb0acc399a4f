/*
 * The benchmark's scalar baseline: the greedy flow loop a user would write by
 * hand in C instead of calling lk_flow_layout().
 *
 * One pass over the items, fixed spacing and line spacing, top-leading: each
 * item goes on the open row unless the row holds an item and the item would
 * end past `limit`. Same arithmetic as lk_flow_layout() (layoutkernel.h,
 * Precision): offsets are float sums x + spacing, then + width, from 0 at each
 * row's first item; row tops are double sums top + height + line spacing,
 * rounded to float for each item's y; a row is as tall as its tallest item.
 */
#ifndef LAYOUTKERNEL_BASELINE_H
#define LAYOUTKERNEL_BASELINE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Lays out `count` items of sizes widths[i] x heights[i] in rows of at most
 * `limit`: writes x and y for every item and one entry of the row table per
 * row (each row array must hold `count` entries, which always suffices).
 * Returns the number of rows.
 */
size_t lkb_flow_layout(size_t count, const float *widths, const float *heights,
                       float limit, float spacing, float line_spacing,
                       float *x, float *y,
                       int64_t *row_start, int64_t *row_length, double *row_y,
                       float *row_width, float *row_height);

#ifdef __cplusplus
}
#endif

#endif
