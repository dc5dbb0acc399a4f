/*
 * The greedy loop the feature loops share (flow_features_baseline.c,
 * flow_item_rules_baseline.c): lkb_flow_layout's loop with a hook at each row's close.
 */
#ifndef LAYOUTKERNEL_BASELINE_PACK_LINES_H
#define LAYOUTKERNEL_BASELINE_PACK_LINES_H

#include <stddef.h>
#include <stdint.h>

/*
 * A closed row: its items first .. first + count - 1, its width (float sum), its
 * size across (its tallest item; a close may change it, and the rows after it
 * start below the changed size) and where it starts across (px, double).
 */
typedef struct {
    size_t first, count;
    float extent, size;
    double top;
} lkb_row;

/* What a loop does to a row's items when the row closes; returns the row's width. */
typedef float (*lkb_close)(lkb_row *row, void *context);

/*
 * lkb_flow_layout's loop with `close` called for each row once its x and y are
 * written (it gives the row's width); with `starts`, rows break before the items
 * it marks instead of at `limit`.
 * Static inline with a constant `close`: the compiler inlines it into each loop.
 */
static inline size_t pack_lines(size_t count, const float *widths, const float *heights,
                                float limit, float spacing, float line_spacing, float *x, float *y,
                                int64_t *row_start, int64_t *row_length, double *row_y,
                                float *row_width, float *row_height, lkb_close close, void *context,
                                const unsigned char *starts)
{
    size_t rows = 0, start = 0;
    float row_x = 0, row_h = 0;
    double top = 0;
    for (size_t i = 0; i <= count; i++) {
        int last = i == count;
        float w = last ? 0 : widths[i];
        if (last ? count > start : (i > start && (starts ? starts[i] : row_x + spacing + w > limit))) {
            lkb_row row = { start, i - start, row_x, row_h, top };
            row_width[rows] = close(&row, context);
            row_start[rows] = (int64_t)start;
            row_length[rows] = (int64_t)(i - start);
            row_y[rows] = top;
            row_height[rows] = row.size;
            rows++;
            top = top + row.size + line_spacing;
            start = i;
            row_x = 0;
            row_h = 0;
        }
        if (last)
            break;
        float item_x = i > start ? row_x + spacing : 0;
        x[i] = item_x;
        y[i] = (float)top;
        row_x = item_x + w;
        if (heights[i] > row_h)
            row_h = heights[i];
    }
    return rows;
}

static inline size_t pack(size_t count, const float *widths, const float *heights,
                          float limit, float spacing, float line_spacing, float *x, float *y,
                          int64_t *row_start, int64_t *row_length, double *row_y,
                          float *row_width, float *row_height, lkb_close close, void *context)
{
    return pack_lines(count, widths, heights, limit, spacing, line_spacing, x, y, row_start, row_length, row_y,
                      row_width, row_height, close, context, NULL);
}

#endif
