#include "layoutkernel_baseline.h"

size_t lkb_flow_layout(size_t count, const float *widths, const float *heights,
                       float limit, float spacing, float line_spacing,
                       float *x, float *y,
                       int64_t *row_start, int64_t *row_length, double *row_y,
                       float *row_width, float *row_height)
{
    size_t rows = 0;
    size_t start = 0;     /* the open row's first item */
    float row_x = 0;      /* the open row's width so far */
    float row_h = 0;      /* the open row's tallest item so far */
    double top = 0;       /* the open row's top */

    for (size_t i = 0; i < count; i++) {
        float w = widths[i];
        float h = heights[i];

        if (i > start && row_x + spacing + w > limit) {
            row_start[rows] = (int64_t)start;
            row_length[rows] = (int64_t)(i - start);
            row_y[rows] = top;
            row_width[rows] = row_x;
            row_height[rows] = row_h;
            rows++;
            top = top + row_h + line_spacing;
            start = i;
            row_x = 0;
            row_h = 0;
        }

        float item_x = i > start ? row_x + spacing : 0;
        x[i] = item_x;
        y[i] = (float)top;
        row_x = item_x + w;
        if (h > row_h)
            row_h = h;
    }

    if (count > start) {
        row_start[rows] = (int64_t)start;
        row_length[rows] = (int64_t)(count - start);
        row_y[rows] = top;
        row_width[rows] = row_x;
        row_height[rows] = row_h;
        rows++;
    }
    return rows;
}
