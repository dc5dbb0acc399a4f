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

/*
 * The same loop with one CSS flow feature each (lk_flow_layout's "Features"),
 * written as a user would add it: at each row's close, or in a second pass over
 * the rows. Exact against lk_flow_layout for inputs on the 1/64 px lattice with
 * top-leading alignment and default justification (what lk-bench checks and
 * times); not a general implementation of the features. Each takes the
 * arguments of lkb_flow_layout and returns the number of rows.
 */
#define LKB_FLOW_ARGS size_t count, const float *widths, const float *heights, \
    float limit, float spacing, float line_spacing, float *x, float *y, \
    int64_t *row_start, int64_t *row_length, double *row_y, \
    float *row_width, float *row_height

/* justify space-between: each row's free space spread between its items. */
size_t lkb_flow_space_between(LKB_FLOW_ARGS);
/* Right to left: x mirrored in a container `limit` wide. */
size_t lkb_flow_rtl(LKB_FLOW_ARGS);
/* Reverse: each row's items in reverse order from the right edge. */
size_t lkb_flow_reverse(LKB_FLOW_ARGS);
/* Columns of at most `limit` high (heights along, widths across). */
size_t lkb_flow_columns(LKB_FLOW_ARGS);
/* Wrap-reverse: the last row at the top, items at their row's bottom. */
size_t lkb_flow_wrap_reverse(LKB_FLOW_ARGS);
/* Align-content stretch: the rows grown to fill `height`. */
size_t lkb_flow_stretch(LKB_FLOW_ARGS, float height);
/* Growing items (factors `grow`): writes the grown sizes too. */
size_t lkb_flow_grow(LKB_FLOW_ARGS, const float *grow, float *item_width, float *item_height);
/* Balanced lines (flex-wrap: balance), the textbook dynamic program. */
size_t lkb_flow_balance(LKB_FLOW_ARGS);

/*
 * The same loop with one item rule each (SPEC.md §13), as a user would add it, in
 * flow_item_rules_baseline.c; exact on lk-bench's items.
 */
/* align-items: center. */
size_t lkb_flow_center(LKB_FLOW_ARGS);
/* align-items: stretch, every item stretchable: writes the item sizes. */
size_t lkb_flow_stretch_items(LKB_FLOW_ARGS, float *item_width, float *item_height);
/* align-items: baseline, each item's first baseline `baseline[i]` px below its top. */
size_t lkb_flow_baselines(LKB_FLOW_ARGS, const float *baseline);
/* Widths clamped to [min_width[i], max_width[i]] (no NaN), then the plain loop. */
size_t lkb_flow_clamped(LKB_FLOW_ARGS, const float *min_width, const float *max_width,
                        float *item_width, float *item_height);
/*
 * Items flexing in a container `main_size` wide (`limit` is where rows break:
 * INFINITY for one line): growing by `grow`, or shrinking by `shrink` (either may be
 * NULL: none), each at most max_width[i] (NULL or NaN: none). Widths must be within
 * their bounds. Writes the flexed sizes.
 */
size_t lkb_flow_flex(LKB_FLOW_ARGS, float main_size, const float *grow, const float *shrink,
                     const float *max_width, float *item_width, float *item_height);

#ifdef __cplusplus
}
#endif

#endif
