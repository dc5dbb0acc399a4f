#include "layoutkernel_baseline.h"
#include "pack_lines.h"

#include <math.h>
#include <stdlib.h>

/*
 * Each loop below is the plain greedy loop (lkb_flow_layout) with one CSS flow
 * feature added where a user would add it by hand: at each row's close while its
 * items are still in cache (justification, right to left, reverse, grow), or in
 * a second pass over the rows once the lines' total is known (wrap-reverse,
 * align-content stretch). Amounts are computed in double, in units of 1/64 px,
 * with the browser's roundings, so that on the benchmark's items (whole pixels)
 * every result equals lk_flow_layout's bit for bit; lk-bench checks that before
 * it times anything.
 */

/* Round half up of a / b (b > 0), as the browser rounds increments. */
static inline double rhu(double a, double b) { return floor((2 * a + b) / (2 * b)); }

typedef struct {
    const float *widths, *grow;
    float *x, *item_width;
    double main_size;   /* units */
} lkb_line;

static float close_between(lkb_row *row, void *context)
{
    const lkb_line *c = context;
    double free = c->main_size - (double)row->extent * 64;
    if (row->count < 2 || free <= 0)
        return row->extent;
    double divisor = (double)(row->count - 1);
    for (size_t j = 1; j < row->count; j++) {
        float *x = c->x + row->first + j;
        *x = (float)((rhu((double)j * free, divisor) + (double)*x * 64) / 64);
    }
    return row->extent;
}

size_t lkb_flow_space_between(LKB_FLOW_ARGS)
{
    lkb_line line = { widths, NULL, x, NULL, (double)limit * 64 };
    return pack(count, widths, heights, limit, spacing, line_spacing, x, y,
                row_start, row_length, row_y, row_width, row_height, close_between, &line);
}

static float close_rtl(lkb_row *row, void *context)
{
    const lkb_line *c = context;
    for (size_t i = row->first; i < row->first + row->count; i++)
        c->x[i] = (float)((c->main_size - (double)c->x[i] * 64 - (double)c->widths[i] * 64) / 64);
    return row->extent;
}

size_t lkb_flow_rtl(LKB_FLOW_ARGS)
{
    lkb_line line = { widths, NULL, x, NULL, (double)limit * 64 };
    return pack(count, widths, heights, limit, spacing, line_spacing, x, y,
                row_start, row_length, row_y, row_width, row_height, close_rtl, &line);
}

/* Reversed items pack at the far end: the container less offset and width. */
static float close_reverse(lkb_row *row, void *context)
{
    const lkb_line *c = context;
    double extent = (double)row->extent * 64, free = c->main_size - extent;
    for (size_t i = row->first; i < row->first + row->count; i++)
        c->x[i] = (float)((free + (extent - (double)c->x[i] * 64 - (double)c->widths[i] * 64)) / 64);
    return row->extent;
}

size_t lkb_flow_reverse(LKB_FLOW_ARGS)
{
    lkb_line line = { widths, NULL, x, NULL, (double)limit * 64 };
    return pack(count, widths, heights, limit, spacing, line_spacing, x, y,
                row_start, row_length, row_y, row_width, row_height, close_reverse, &line);
}

/* Columns: the same loop with heights along and widths across. */
size_t lkb_flow_columns(LKB_FLOW_ARGS)
{
    return lkb_flow_layout(count, heights, widths, limit, spacing, line_spacing, y, x,
                           row_start, row_length, row_y, row_width, row_height);
}

/*
 * Wrap-reverse: the last row at the top. Second pass, over the rows from the
 * last: each starts where the one after it ended; items sit at their row's bottom.
 */
size_t lkb_flow_wrap_reverse(LKB_FLOW_ARGS)
{
    size_t rows = lkb_flow_layout(count, widths, heights, limit, spacing, line_spacing, x, y,
                                  row_start, row_length, row_y, row_width, row_height);
    double across = 0, gap = (double)line_spacing * 64;
    for (size_t k = rows; k-- > 0;) {
        double size = (double)row_height[k] * 64;
        row_y[k] = across / 64;
        for (int64_t i = row_start[k]; i < row_start[k] + row_length[k]; i++)
            y[i] = (float)((across + (size - (double)heights[i] * 64)) / 64);
        across += size + gap;
    }
    return rows;
}

/*
 * Align-content stretch to `height`: second pass, over the rows: the free space
 * (height less the rows and gaps) is shared among the rows, row k growing by
 * rhu((k + 1) F / n) - rhu(k F / n); items at their row's top.
 */
size_t lkb_flow_stretch(LKB_FLOW_ARGS, float height)
{
    size_t rows = lkb_flow_layout(count, widths, heights, limit, spacing, line_spacing, x, y,
                                  row_start, row_length, row_y, row_width, row_height);
    double gap = (double)line_spacing * 64, total = 0;
    for (size_t k = 0; k < rows; k++)
        total += (double)row_height[k] * 64 + (k > 0 ? gap : 0);
    double free = (double)height * 64 - total, n = (double)rows;
    double across = 0;
    for (size_t k = 0; k < rows; k++) {
        double size = (double)row_height[k] * 64;
        if (free > 0)
            size += rhu((double)(k + 1) * free, n) - rhu((double)k * free, n);
        row_y[k] = across / 64;
        row_height[k] = (float)(size / 64);
        float top = (float)(across / 64);
        for (int64_t i = row_start[k]; i < row_start[k] + row_length[k]; i++)
            y[i] = top;
        across += size + gap;
    }
    return rows;
}

/*
 * Growing items: each row's free space shared by the factors, from the row's last
 * item to its first (round half away from zero), then x moved by the growth
 * before each item and the grown widths written.
 */
static float close_grow(lkb_row *row, void *context)
{
    const lkb_line *c = context;
    size_t first = row->first, end = row->first + row->count;
    double extent = (double)row->extent * 64, free = c->main_size - extent, sum = 0;
    for (size_t i = first; i < end; i++)
        sum += c->grow[i];
    double taken = free > 0 && sum > 0 ? (sum < 1 ? floor(free * sum) : free) : 0, remaining = taken;
    /* Each item's share (whole units), kept in item_width until its width is written. */
    for (size_t i = end; i-- > first;) {
        double share = 0, g = c->grow[i];
        if (g > 0) {
            share = fmin(round(remaining * (sum > g ? g / sum : 1)), remaining);
            remaining -= share;
            sum -= g;
        }
        c->item_width[i] = (float)share;
    }
    double growth = 0;
    for (size_t i = first; i < end; i++) {
        double share = c->item_width[i], width = (double)c->widths[i] * 64;
        c->x[i] = (float)(((double)c->x[i] * 64 + growth) / 64);
        c->item_width[i] = (float)((width + share) / 64);
        growth += share;
    }
    return (float)((extent + (taken - remaining)) / 64);
}

size_t lkb_flow_grow(LKB_FLOW_ARGS, const float *grow, float *item_width, float *item_height)
{
    lkb_line line = { widths, grow, x, item_width, (double)limit * 64 };
    size_t rows = pack(count, widths, heights, limit, spacing, line_spacing, x, y,
                       row_start, row_length, row_y, row_width, row_height, close_grow, &line);
    for (size_t i = 0; i < count; i++)
        item_height[i] = heights[i];
    return rows;
}

/* A row's width as the packing summed it. */
static float close_plain(lkb_row *row, void *context)
{
    (void)context;
    return row->extent;
}

/*
 * Balanced lines (flex-wrap: balance) as the textbook gives Knuth and Plass's
 * dynamic program: for each line end, every start whose line fits, the least sum
 * of squared free space (whole units of 1/64 px, saturating), ties to the later
 * start; O(n * items per line) time. Then the lines placed as the plain loop
 * places its rows.
 */
size_t lkb_flow_balance(LKB_FLOW_ARGS)
{
    if (count == 0)
        return 0;
    int64_t *ends = malloc(count * sizeof *ends), *sizes = malloc(count * sizeof *sizes);
    uint64_t *best = malloc((count + 1) * sizeof *best);
    size_t *first = malloc(count * sizeof *first);
    unsigned char *starts = calloc(count, 1);
    double max_units = 2147483647.0;
    int64_t c = (int64_t)fmin(floor((double)limit * 64), max_units);
    int64_t gap = (int64_t)fmin(ceil((double)spacing * 64), max_units);
    for (size_t i = 0; i < count; i++) {
        sizes[i] = (int64_t)fmin(ceil((double)widths[i] * 64), max_units);
        ends[i] = (i > 0 ? ends[i - 1] + gap : 0) + sizes[i];
    }
    best[0] = 0;
    for (size_t j = 0; j < count; j++) {
        uint64_t least = UINT64_MAX;
        size_t start = j;
        for (size_t i = j;; i--) {
            int64_t length = ends[j] - ends[i] + sizes[i];
            if (i < j && length > c)
                break;
            uint64_t slack = length <= c ? (uint64_t)(c - length) : 0;
            uint64_t total = best[i] + slack * slack;
            if (total < best[i])
                total = UINT64_MAX;
            if (total < least) {
                least = total;
                start = i;
            }
            if (i == 0)
                break;
        }
        best[j + 1] = least;
        first[j] = start;
    }
    for (size_t j = count; j > 0; j = first[j - 1])
        starts[first[j - 1]] = 1;
    size_t rows = pack_lines(count, widths, heights, INFINITY, spacing, line_spacing, x, y, row_start, row_length,
                             row_y, row_width, row_height, close_plain, NULL, starts);
    free(ends);
    free(sizes);
    free(best);
    free(first);
    free(starts);
    return rows;
}
