#include "layoutkernel_baseline.h"
#include "pack_lines.h"

#include <math.h>
#include <stdlib.h>

/*
 * The plain greedy loop with one item rule of SPEC.md §13 each, added where a user
 * would add it by hand: at each row's close, while its items are in cache. Amounts
 * are in double, in units of 1/64 px, with the browser's roundings, so that on the
 * benchmark's items every result equals lk_flow_layout's bit for bit (lk-bench
 * checks that before it times anything).
 */

typedef struct {
    const float *widths, *heights, *baseline;
    float *y, *item_width, *item_height;
} lkb_across;

/* Centred: each item's free space across its row halved toward zero. */
static float close_center(lkb_row *row, void *context)
{
    const lkb_across *c = context;
    double top = row->top * 64, size = (double)row->size * 64;
    for (size_t i = row->first; i < row->first + row->count; i++)
        c->y[i] = (float)((top + trunc((size - (double)c->heights[i] * 64) / 2)) / 64);
    return row->extent;
}

size_t lkb_flow_center(LKB_FLOW_ARGS)
{
    lkb_across across = { widths, heights, NULL, y, NULL, NULL };
    return pack(count, widths, heights, limit, spacing, line_spacing, x, y,
                row_start, row_length, row_y, row_width, row_height, close_center, &across);
}

/* Stretched: every item as tall as its row, at its row's top. */
static float close_stretch_items(lkb_row *row, void *context)
{
    const lkb_across *c = context;
    for (size_t i = row->first; i < row->first + row->count; i++) {
        c->item_width[i] = c->widths[i];
        c->item_height[i] = row->size;
    }
    return row->extent;
}

size_t lkb_flow_stretch_items(LKB_FLOW_ARGS, float *item_width, float *item_height)
{
    lkb_across across = { widths, heights, NULL, y, item_width, item_height };
    return pack(count, widths, heights, limit, spacing, line_spacing, x, y,
                row_start, row_length, row_y, row_width, row_height, close_stretch_items, &across);
}

/*
 * Baselines: the row is as tall as its greatest ascent plus its greatest descent,
 * and each item sits its ascent above the row's baseline.
 */
static float close_baselines(lkb_row *row, void *context)
{
    const lkb_across *c = context;
    size_t end = row->first + row->count;
    double ascent = 0, descent = 0;
    for (size_t i = row->first; i < end; i++) {
        double a = (double)c->baseline[i] * 64, d = (double)c->heights[i] * 64 - a;
        ascent = a > ascent ? a : ascent;
        descent = d > descent ? d : descent;
    }
    row->size = (float)((ascent + descent) / 64);
    double top = row->top * 64;
    for (size_t i = row->first; i < end; i++)
        c->y[i] = (float)((top + (ascent - (double)c->baseline[i] * 64)) / 64);
    return row->extent;
}

size_t lkb_flow_baselines(LKB_FLOW_ARGS, const float *baseline)
{
    lkb_across across = { widths, heights, baseline, y, NULL, NULL };
    return pack(count, widths, heights, limit, spacing, line_spacing, x, y,
                row_start, row_length, row_y, row_width, row_height, close_baselines, &across);
}

/* Widths clamped to their bounds first (they are what rows are made of). */
size_t lkb_flow_clamped(LKB_FLOW_ARGS, const float *min_width, const float *max_width,
                        float *item_width, float *item_height)
{
    for (size_t i = 0; i < count; i++) {
        item_width[i] = fmaxf(min_width[i], fminf(widths[i], max_width[i]));
        item_height[i] = heights[i];
    }
    return lkb_flow_layout(count, item_width, heights, limit, spacing, line_spacing, x, y,
                           row_start, row_length, row_y, row_width, row_height);
}

/* A row's items flexing, with scratch for its longest row. */
typedef struct {
    const float *widths, *grow, *shrink, *max_width;
    float *x, *item_width;
    double main_size, gap;   /* units */
    double *size, *fraction, *violation;
    unsigned char *frozen;
} lkb_flex;

/*
 * CSS's "resolve flexible lengths" over a row: grow when the items and gaps fall
 * short of the container, else shrink (factors weighted by the widths); each round
 * shares the free space from running fractions, last item first, rounded half away
 * from zero; items past their maximum (or below 0) are frozen there and the rest
 * shared again. Then x moves by the growth before each item.
 */
static float close_flex(lkb_row *row, void *context)
{
    lkb_flex *c = context;
    size_t first = row->first, n = row->count;
    const float *w = c->widths + first;
    double gaps = n > 1 ? c->gap * (double)(n - 1) : 0, sum = 0;
    for (size_t j = 0; j < n; j++)
        sum += (double)w[j] * 64;
    int grows = sum + gaps < c->main_size;
    const float *factor = grows ? c->grow : c->shrink;
    for (size_t j = 0; j < n; j++) {
        c->size[j] = (double)w[j] * 64;
        c->frozen[j] = !factor || factor[first + j] == 0;
    }
    double initial = 0;
    for (int pass = 0;; pass++) {
        double total = 0, weights = 0, free = c->main_size - gaps;
        for (size_t j = 0; j < n; j++) {
            double base = (double)w[j] * 64;
            if (c->frozen[j]) {
                free -= c->size[j];
                continue;
            }
            c->size[j] = base;
            free -= base;
            double f = factor[first + j];
            total += f;
            if (grows) {
                c->fraction[j] = f / total;
            } else {
                weights += f * base;
                c->fraction[j] = f * base / weights;
            }
        }
        if (pass == 0)
            initial = free;
        if (total > 0 && total < 1) {
            double part = trunc(initial * total);
            if (fabs(part) < fabs(free))
                free = part;
        }
        if (grows ? free <= 0 : free >= 0)
            break;
        double violations = 0;
        for (size_t j = n; j-- > 0;) {
            if (c->frozen[j])
                continue;
            double share = c->fraction[j] == 1 ? free : round(free * c->fraction[j]);
            if (!isfinite(share))
                share = 0;
            free -= share;
            double wanted = (double)w[j] * 64 + share;
            float high = c->max_width ? c->max_width[first + j] : NAN;
            double s = fmax(0, isnan(high) ? wanted : fmin(wanted, (double)high * 64));
            c->size[j] = s;
            c->violation[j] = s - wanted;
            violations += s - wanted;
        }
        if (violations == 0)
            break;
        for (size_t j = 0; j < n; j++)
            if (!c->frozen[j] && (violations > 0 ? c->violation[j] > 0 : c->violation[j] < 0))
                c->frozen[j] = 1;
    }
    double length = gaps, growth = 0;
    for (size_t j = 0; j < n; j++) {
        size_t i = first + j;
        c->x[i] = (float)(((double)c->x[i] * 64 + growth) / 64);
        growth += c->size[j] - (double)w[j] * 64;
        c->item_width[i] = (float)(c->size[j] / 64);
        length += c->size[j];
    }
    double extent = (double)row->extent * 64;
    return (float)((extent + (length - extent)) / 64);
}

size_t lkb_flow_flex(LKB_FLOW_ARGS, float main_size, const float *grow, const float *shrink,
                     const float *max_width, float *item_width, float *item_height)
{
    size_t room = count > 0 ? count : 1;
    lkb_flex flex = { widths, grow, shrink, max_width, x, item_width, (double)main_size * 64, (double)spacing * 64,
                      malloc(room * sizeof(double)), malloc(room * sizeof(double)), malloc(room * sizeof(double)),
                      malloc(room) };
    size_t rows = 0;
    if (flex.size && flex.fraction && flex.violation && flex.frozen) {
        rows = pack(count, widths, heights, limit, spacing, line_spacing, x, y,
                    row_start, row_length, row_y, row_width, row_height, close_flex, &flex);
        for (size_t i = 0; i < count; i++)
            item_height[i] = heights[i];
    }
    free(flex.size);
    free(flex.fraction);
    free(flex.violation);
    free(flex.frozen);
    return rows;
}
