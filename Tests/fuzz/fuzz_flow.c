/*
 * fuzz_flow — lk_flow_layout, lk_flow_size and lk_flow_row_count with every
 * field of lk_flow_params (spacings and their modes, alignment, the CSS
 * features: justify, direction, reverse, wrap_reverse, axis, align_content; wrap,
 * min_lines, max_lines and the overflow item),
 * per-item spacing, breaks, grow factors and item rules (align_items, align_self,
 * baselines, stretchable, min/max sizes, shrink), NULL params, odd values (NaN,
 * infinities, negative, above LK_MAX_LENGTH, unknown enums) and short or
 * missing output buffers.
 *
 * Checks: defined status codes; LK_OK whenever every input is in the header's
 * domain, a failure whenever an item or the params are out of it; nothing
 * written on error, nothing past a capacity; the three calls agree (rows,
 * size bit for bit); the row table partitions the items; every item inside its
 * row across the lines; every output finite; and for a plain flow (no
 * feature, fixed gaps) the container's size and the greedy row breaking as
 * the header states them.
 *
 * lk_flow_layout_exact beside each lk_flow_layout, into other buffers with the
 * same columns (x64 and y64 both, one, neither, or an x64 overlapping another
 * buffer): the same status (LK_ERR_INVALID_PARAMETER for the overlap), nothing
 * written on error, the float outputs and rows bit for bit the plain call's,
 * nothing past n doubles, (float)x64 == x and (float)y64 == y, and x64 == x
 * for a flow without features.
 */
#include "fuzz.h"

static Items g_items;
static Out g_out;
static Exact g_ex;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_init();
    return 0;
}

/* The plain flow's rules (horizontal, no feature, fixed gaps, proposal
 * height unspecified so the minimum-size rule stays out of the way). */
static CHECKER void check_plain_flow(const Out *o, const Items *it, const lk_flow_params *P, lk_proposal pr)
{
    size_t k, n = it->n, rows = o->r.rows;
    float limit = pr.width, widest = 0;
    int bounded = isfinite(limit);
    if (!(o->r.row_start && o->r.row_length && o->r.row_width && o->r.row_y && o->r.row_height))
        return;
    for (k = 0; k < rows; k++) {
        size_t first = (size_t)o->rs[k], len = (size_t)o->rl[k];
        if (o->rw[k] > widest)
            widest = o->rw[k];
        /* A row fits its limit unless it is one item alone. */
        REQUIREF(!bounded || len == 1 || o->rw[k] <= limit, "row %zu (%zu items) is %.9g wide, limit %.9g", k,
                 len, (double)o->rw[k], (double)limit);
        /* An item that starts a row either is flagged or did not fit in the
         * row before (the packing loop's float sum). */
        if (k > 0) {
            int flagged = it->has_flags && (it->flags[first] & LK_ITEM_BREAK_BEFORE);
            float end = o->rw[k - 1] + P->spacing;
            end = end + it->w[first];
            REQUIREF(flagged || (bounded && end > limit),
                     "row %zu starts at item %zu, which fits in row %zu (%.9g + %.9g + %.9g <= %.9g)", k, first,
                     k - 1, (double)o->rw[k - 1], (double)P->spacing, (double)it->w[first], (double)limit);
        }
        /* Rows stacked in order, line_spacing apart. */
        if (k > 0) {
            double want = o->ry[k - 1] + (double)o->rh[k - 1] + (double)P->line_spacing;
            REQUIREF(o->ry[k] == want, "row_y[%zu] = %.17g, want %.17g", k, o->ry[k], want);
        }
    }
    if (rows > 0)
        REQUIREF(o->ry[0] == 0.0, "row_y[0] = %.17g", o->ry[0]);
    (void)n;
    {
        float want_w = isfinite(pr.width) ? pr.width : widest;
        float want_h = rows ? (float)(o->ry[rows - 1] + (double)o->rh[rows - 1]) : 0.0f;
        REQUIREF(o->r.width == want_w && o->r.height == want_h, "container %.9g x %.9g, want %.9g x %.9g",
                 (double)o->r.width, (double)o->r.height, (double)want_w, (double)want_h);
    }
}

/* Line k's item sizes along it before flexing (each within its bounds) and the gaps
 * between them (fixed or per item), summed in double. */
static void line_lengths(const Out *o, const lk_flow_params *f, int vertical, size_t k, double *sizes, double *gaps)
{
    size_t first = (size_t)o->rs[k], end = first + (size_t)o->rl[k];
    const float *after = vertical ? g_items.sb : g_items.st, *before = vertical ? g_items.sp : g_items.sl;
    int has_after = vertical ? g_items.has_sb : g_items.has_st, has_before = vertical ? g_items.has_sp : g_items.has_sl;
    *sizes = *gaps = 0;
    for (size_t i = first; i < end; i++) {
        double lo, hi;
        item_bounds(&g_items, i, vertical, &lo, &hi);
        *sizes += fmax(lo, fmin(vertical ? g_items.h[i] : g_items.w[i], hi));
        if (i > first)
            *gaps += f->spacing_mode == LK_SPACING_FIXED
                         ? f->spacing
                         : fmax(has_after ? after[i - 1] : 0, has_before ? before[i] : 0);
    }
}

/* Line k's flexed sizes against its free space in a container `main_size` long (see the
 * caller). */
static CHECKER void check_line_flexed(const Out *o, const lk_flow_params *f, int vertical, size_t k, float main_size)
{
    size_t first = (size_t)o->rs[k], end = first + (size_t)o->rl[k];
    const float *flexed = vertical ? o->ih : o->iw;
    double sizes, gaps, factors = 0, got = 0;
    line_lengths(o, f, vertical, k, &sizes, &gaps);
    double free_space = (double)main_size - (sizes + gaps);
    int grows = free_space > 0, shrink_rule = g_items.rules >> RULE_SHRINK & 1;
    if (sizes + gaps >= 33554431.0)
        return;
    for (size_t i = first; i < end; i++) {
        double lo, hi, size = vertical ? g_items.h[i] : g_items.w[i];
        item_bounds(&g_items, i, vertical, &lo, &hi);
        if (size < lo || size > hi)
            return; /* flexing starts from the size itself, not the clamped one */
        double factor = grows ? (g_items.has_grow ? g_items.grow[i] : 0)
                              : (shrink_rule ? g_items.rule[RULE_SHRINK][i] : 0);
        if (factor > 0 && (grows ? isfinite(hi) : (size == 0 || flexed[i] <= lo + 1.0 / 64)))
            return; /* may be frozen */
        factors += factor;
        got += (double)flexed[i] - size;
    }
    double want = free_space == 0 ? 0 : free_space * fmin(1, factors);
    /* Each size's rounding to 1/64 px, and the Float sums of a line's length (a container
     * as long as its longest line takes that line's Float extent): an ulp an item. */
    double m = (double)(end - first + 2);
    double tol = m / 64 + m * 0x1p-23 * ((double)main_size + sizes + gaps);
    REQUIREF(fabs(got - want) <= tol,
             "lk_flow_layout: line %zu (%zu items, factors %.9g) flexed by %.9g, its free space %.9g shares %.9g",
             k, end - first, factors, got, free_space, want);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Rd r = rd_make(data, size);
    uint8_t mode = rd_u8(&r);
    lk_flow_params P, eff;
    lk_proposal pr;
    lk_items iv = lk_items_default();
    lk_status st;
    size_t rows = 0, count_rows, n;
    int rows_known, items_valid, params_valid, valid, vertical, wants_rows, exact_ok;
    float limit;
    struct {
        float before[2];
        lk_size s;
        float after[2];
    } sz;

    rd_flow_params(&r, &P);
    if (mode & 4) { /* at most a few lines (signed: negative ones invalid), a "+N" item */
        P.max_lines = (int32_t)(int8_t)rd_u8(&r);
        if (mode & 8) {
            P.overflow_item.width = rd_len(&r);
            P.overflow_item.height = rd_len(&r);
        }
    }
    pr = rd_proposal(&r);
    rd_items(&r, &g_items, MAX_ITEMS, 1);
    iv = items_view(&g_items);
    n = g_items.n;
    eff = (mode & 3) == 3 ? lk_flow_params_default() : P;
    const lk_flow_params *pp = (mode & 3) == 3 ? NULL : &P;
    items_valid = items_ok_for(&g_items, LK_LAYOUT_FLOW) == 1;
    params_valid = flow_params_ok(&eff);
    valid = items_valid && params_valid && proposal_ok(pr);
    vertical = eff.axis == LK_AXIS_VERTICAL;
    limit = vertical ? pr.height : pr.width;

    /* The row count. */
    memset(&count_rows, SENTINEL, sizeof count_rows);
    st = lk_flow_row_count(&iv, pp, limit, &count_rows);
    check_status(st, "lk_flow_row_count");
    if (items_valid && params_valid && !(limit < 0))
        REQUIREF(st == LK_OK, "lk_flow_row_count failed (%s) on valid input", lk_status_name(st));
    if (!items_valid || !params_valid || limit < 0)
        REQUIREF(st != LK_OK, "lk_flow_row_count accepted invalid input");
    rows_known = st == LK_OK;
    if (rows_known) {
        rows = count_rows;
        REQUIREF(rows <= n && (n == 0) == (rows == 0), "lk_flow_row_count: %zu rows for %zu items", rows, n);
    } else {
        REQUIREF(is_sentinel(&count_rows, sizeof count_rows), "lk_flow_row_count failed but wrote *out");
    }

    /* The size. */
    memset(&sz, SENTINEL, sizeof sz);
    st = lk_flow_size(&iv, pp, pr, &sz.s);
    check_status(st, "lk_flow_size");
    REQUIREF(is_sentinel(sz.before, sizeof sz.before) && is_sentinel(sz.after, sizeof sz.after),
             "lk_flow_size wrote around *out");
    REQUIREF((st == LK_OK) == valid, "lk_flow_size: status %s, input %s", lk_status_name(st),
             valid ? "valid" : "invalid");
    if (st != LK_OK)
        REQUIREF(is_sentinel(&sz.s, sizeof sz.s), "lk_flow_size failed but wrote *out");

    /* The layout. */
    rd_out(&r, &g_out, n, rows_known ? rows : n);
    st = lk_flow_layout(&iv, pp, pr, &g_out.r);
    check_status(st, "lk_flow_layout");
    wants_rows = g_out.r.row_start || g_out.r.row_length || g_out.r.row_y || g_out.r.row_width ||
                 g_out.r.row_height;
    if (valid && (n == 0 || (g_out.r.x && g_out.r.y)) && g_out.icap >= n &&
        (!wants_rows || g_out.rcap >= rows))
        REQUIREF(st == LK_OK, "lk_flow_layout failed (%s) on valid input", lk_status_name(st));
    if (!valid || (n > 0 && (!g_out.r.x || !g_out.r.y)) || g_out.icap < n || (wants_rows && g_out.rcap < rows))
        REQUIREF(st != LK_OK, "lk_flow_layout succeeded on invalid input or short buffers");
    if (st == LK_ERR_BUFFER_TOO_SMALL)
        REQUIREF(lk_last_error_required() == n || lk_last_error_required() == rows,
                 "BUFFER_TOO_SMALL: required %zu (items %zu, rows %zu)", lk_last_error_required(), n, rows);
    rd_exact(&r, &g_ex, &g_out, n);
    exact_ok = exact_check(&g_ex, lk_flow_layout_exact(&iv, pp, pr, &g_ex.o.r, g_ex.px, g_ex.py), st, &g_out, n,
                           "lk_flow_layout_exact");
    if (st != LK_OK) {
        out_check_untouched(&g_out, "lk_flow_layout");
        return 0;
    }
    out_check_guards(&g_out, "lk_flow_layout");
    REQUIREF(g_out.r.rows == rows, "lk_flow_layout: %zu rows, lk_flow_row_count %zu", g_out.r.rows, rows);
    REQUIREF(memcmp(&g_out.r.width, &sz.s.width, 4) == 0 && memcmp(&g_out.r.height, &sz.s.height, 4) == 0,
             "lk_flow_layout: %.9g x %.9g, lk_flow_size %.9g x %.9g", (double)g_out.r.width,
             (double)g_out.r.height, (double)sz.s.width, (double)sz.s.height);
    /* max_lines: the last `hidden` items at NaN with size 0; the rows hold the kept ones
     * and the overflow item after them. */
    size_t hidden = g_out.r.hidden, kept = n - hidden;
    REQUIREF(hidden <= n && (hidden == 0 || eff.max_lines > 0), "lk_flow_layout: %zu of %zu items hidden", hidden, n);
    REQUIREF(eff.max_lines == 0 || rows <= (size_t)eff.max_lines, "lk_flow_layout: %zu rows, max_lines %d", rows,
             (int)eff.max_lines);
    REQUIREF(!g_out.r.overflow_placed || (hidden > 0 && g_out.r.overflow_width == eff.overflow_item.width &&
                                          g_out.r.overflow_height == eff.overflow_item.height),
             "lk_flow_layout: overflow item placed with %zu hidden", hidden);
    for (size_t i = kept; i < n; i++)
        REQUIREF(isnan(g_out.x[i]) && isnan(g_out.y[i]) && (!g_out.r.item_width || g_out.iw[i] == 0),
                 "lk_flow_layout: hidden item %zu at %g, %g", i, (double)g_out.x[i], (double)g_out.y[i]);
    check_finite(&g_out, kept, "lk_flow_layout");
    /* Item rules: every kept item's size, flexed or stretched, stays within its bounds
     * (a minimum above the maximum wins). */
    if (g_items.rules && g_out.r.item_width && g_out.r.item_height)
        for (size_t i = 0; i < kept; i++) {
            double lo, hi, lo_h, hi_h;
            item_bounds(&g_items, i, 0, &lo, &hi);
            item_bounds(&g_items, i, 1, &lo_h, &hi_h);
            REQUIREF(g_out.iw[i] >= lo && g_out.iw[i] <= hi && g_out.ih[i] >= lo_h && g_out.ih[i] <= hi_h,
                     "lk_flow_layout: item %zu sized %.9g x %.9g, bounds [%.9g, %.9g] x [%.9g, %.9g]", i,
                     (double)g_out.iw[i], (double)g_out.ih[i], lo, hi, lo_h, hi_h);
        }
    check_rows_partition(&g_out, kept + (size_t)g_out.r.overflow_placed, "lk_flow_layout");
    /* A nowrap line given the container's size across may be smaller than its items. */
    if (eff.wrap != LK_WRAP_NOWRAP && hidden == 0)
        check_items_in_rows(&g_out, &g_items, vertical, 1, "lk_flow_layout");
    /* Balanced lines fit the limit (sizes, within their bounds, rounded up, the limit down), but for one item,
     * below 2^31 - 1 units (past it, sizes and limit saturate as the browser's do): each
     * line of two or more items, its sizes and gaps summed, is at most the limit. */
    if (eff.wrap == LK_WRAP_BALANCE && hidden == 0 && limit < 33554431.0f && g_out.r.row_start &&
        g_out.r.row_length)
        for (size_t k = 0; k < g_out.r.rows; k++) {
            double sizes, gaps;
            line_lengths(&g_out, &eff, vertical, k, &sizes, &gaps);
            REQUIREF(g_out.rl[k] < 2 || sizes + gaps <= (double)limit * (1 + 1e-6),
                     "lk_flow_layout: balanced line %zu of %lld items is %.9g long, limit %.9g", k,
                     (long long)g_out.rl[k], sizes + gaps, (double)limit);
        }
    /* Flexing shares each line's free space F = M - (sizes + gaps), M the container's
     * size along the lines: all of it when the factors of its growing items (F > 0) or
     * shrinking ones (F < 0) sum to 1 or more, that fraction of it otherwise, so the
     * flexed sizes exceed the sizes by exactly that, up to each size's rounding to 1/64
     * px. Checked where no item is frozen (growing items without a maximum, shrinking
     * ones that stay above their minimum and have a size to shrink) and every item's
     * size lies within its bounds (flexing starts from the size itself), below the
     * browser's saturation (2^25 px). */
    float main_size = vertical ? g_out.r.height : g_out.r.width;
    if (hidden == 0 && !g_out.r.overflow_placed && main_size < 33554431.0f && g_out.r.row_start &&
        g_out.r.row_length && (vertical ? g_out.r.item_height : g_out.r.item_width))
        for (size_t k = 0; k < g_out.r.rows; k++)
            check_line_flexed(&g_out, &eff, vertical, k, main_size);
    if (exact_ok) {
        size_t i;
        exact_check_rounding(&g_ex, &g_out, kept, 1, 0, "lk_flow_layout_exact");
        if (!flow_has_features(&eff, &g_items) && g_ex.px)
            for (i = 0; i < n; i++)
                REQUIREF(g_ex.x[i] == (double)g_out.x[i], "lk_flow_layout_exact: x64[%zu] = %.17g, x %.9g", i,
                         g_ex.x[i], (double)g_out.x[i]);
    }
    if (!flow_has_features(&eff, &g_items) && eff.spacing_mode == LK_SPACING_FIXED &&
        eff.line_spacing_mode == LK_SPACING_FIXED && isnan(pr.height))
        check_plain_flow(&g_out, &g_items, &eff, pr);
    return 0;
}
