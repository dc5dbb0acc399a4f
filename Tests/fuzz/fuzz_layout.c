/*
 * fuzz_layout — every lk_layout kind (flow, HStack, VStack, ZStack, grid,
 * balanced stack, circle, and unknown kinds) through lk_layout_place,
 * lk_layout_size and lk_layout_row_count, with every parameter of the kind
 * (sometimes out of range), per-item spacing, flags and grow factors, and
 * short or missing output buffers.
 *
 * Checks: defined status codes; LK_OK whenever every input is in the header's
 * domain, a failure whenever the items, the layout or the proposal are out of
 * it; nothing written on error, nothing past a capacity; the three calls agree
 * (rows, size bit for bit); a flow equals lk_flow_layout bit for bit; the row
 * table partitions the items (one row for a non-empty stack or balanced stack,
 * holding the stack's size; none for a circle; rows of `columns` items for a
 * grid); every item inside its row; every item inside the container where
 * the header says so (stacks, balanced stacks, fit grids, a circle anchored
 * at item centres); every output finite.
 *
 * lk_layout_place_exact beside each lk_layout_place, into other buffers with
 * the same columns (x64 and y64 both, one, neither, or an x64 overlapping
 * another buffer): the same status (LK_ERR_INVALID_PARAMETER for the overlap),
 * nothing written on error, the float outputs and rows bit for bit the plain
 * call's, nothing past n doubles, and (float)x64 == x for flows and grids
 * always, for the other kinds but the circle when every length is on the
 * 1/64 grid below 2^17; otherwise within 1e-5 of the layout's extent.
 */
#include "fuzz.h"

static Items g_items;
static Out g_out, g_flow;
static Exact g_ex;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_init();
    return 0;
}

/* Every item inside the container (x, y >= 0, x + w <= width, ...). */
static CHECKER void check_inside(const Out *o, const Items *it, const char *what)
{
    size_t i;
    double W = o->r.width, H = o->r.height;
    if (!o->r.x || !o->r.y)
        return;
    for (i = 0; i < it->n; i++) {
        double w = o->r.item_width ? o->iw[i] : it->w[i];
        double h = o->r.item_height ? o->ih[i] : it->h[i];
        double tx = tol_for(W, w, 0), ty = tol_for(H, h, 0);
        REQUIREF(o->x[i] >= -tx && o->x[i] + w <= W + tx && o->y[i] >= -ty && o->y[i] + h <= H + ty,
                 "%s: item %zu at (%.9g, %.9g) size %.9g x %.9g outside the container %.9g x %.9g", what, i,
                 (double)o->x[i], (double)o->y[i], w, h, W, H);
    }
}

/* lk_layout_place_exact's positions rounded against lk_layout_place's (g_ex, g_out):
 * equal for flows and grids, and for stacks and balanced stacks whose lengths
 * (items, spacing, the extent) are on the 1/64 grid below 2^17; else within 1e-5
 * of the extent (a circle: of its size). A plain horizontal flow's x64 is its x. */
static CHECKER void check_exact_rounding(const lk_layout *L, size_t n)
{
    int same;
    size_t i;
    switch (L->kind) {
    case LK_LAYOUT_FLOW:
    case LK_LAYOUT_GRID:
        same = 1;
        break;
    case LK_LAYOUT_CIRCLE:
        same = 0;
        break;
    case LK_LAYOUT_BALANCED:
        same = items_on_grid64(&g_items) && on_grid64(L->balanced.spacing) && on_grid64(g_out.r.width) &&
               on_grid64(g_out.r.height);
        break;
    default:
        same = items_on_grid64(&g_items) && on_grid64(L->stack.spacing) && on_grid64(g_out.r.width) &&
               on_grid64(g_out.r.height);
        break;
    }
    exact_check_rounding(&g_ex, &g_out, n, same, tol_for(g_out.r.width, g_out.r.height, 0),
                         "lk_layout_place_exact");
    if (L->kind == LK_LAYOUT_FLOW && !flow_has_features(&L->flow, &g_items) && g_ex.px)
        for (i = 0; i < n; i++)
            REQUIREF(g_ex.x[i] == (double)g_out.x[i], "flow: x64[%zu] = %.17g, x %.9g", i, g_ex.x[i],
                     (double)g_out.x[i]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Rd r = rd_make(data, size);
    uint8_t kb = rd_u8(&r);
    int32_t kind = kb < 245 ? (int32_t)(kb % 7) : (int32_t)rd_u32(&r);
    lk_layout L;
    lk_proposal pr;
    lk_items iv = lk_items_default();
    lk_status st;
    size_t rows = 0, count_rows, n;
    int iok, valid, invalid, wants_rows, rows_known, exact_ok;
    struct {
        float before[2];
        lk_size s;
        float after[2];
    } sz;

    rd_layout(&r, &L, kind);
    pr = rd_proposal(&r);
    rd_items(&r, &g_items, MAX_ITEMS, 1);
    iv = items_view(&g_items);
    n = g_items.n;
    iok = items_ok_for(&g_items, kind);
    valid = iok == 1 && layout_ok(&L) && proposal_ok(pr);
    invalid = iok == 0 || !layout_ok(&L) || !proposal_ok(pr);

    /* The row count. */
    memset(&count_rows, SENTINEL, sizeof count_rows);
    st = lk_layout_row_count(&iv, &L, pr, &count_rows);
    check_status(st, "lk_layout_row_count");
    if (valid)
        REQUIREF(st == LK_OK, "lk_layout_row_count failed (%s) on valid input", lk_status_name(st));
    if (invalid)
        REQUIREF(st != LK_OK, "lk_layout_row_count accepted invalid input");
    rows_known = st == LK_OK;
    if (rows_known) {
        rows = count_rows;
        REQUIREF(rows <= n, "lk_layout_row_count: %zu rows for %zu items", rows, n);
        switch (kind) {
        case LK_LAYOUT_HSTACK: case LK_LAYOUT_VSTACK: case LK_LAYOUT_ZSTACK: case LK_LAYOUT_BALANCED:
            REQUIREF(rows == (n > 0), "kind %d: %zu rows for %zu items", (int)kind, rows, n);
            break;
        case LK_LAYOUT_CIRCLE:
            REQUIREF(rows == 0, "circle: %zu rows", rows);
            break;
        case LK_LAYOUT_GRID:
            if (L.grid.columns > 0)
                REQUIREF(rows == (n + (size_t)L.grid.columns - 1) / (size_t)L.grid.columns,
                         "grid of %d columns: %zu rows for %zu items", (int)L.grid.columns, rows, n);
            break;
        default:
            REQUIREF((rows == 0) == (n == 0), "flow: %zu rows for %zu items", rows, n);
            break;
        }
    } else {
        REQUIREF(is_sentinel(&count_rows, sizeof count_rows), "lk_layout_row_count failed but wrote *out");
    }

    /* The size. */
    memset(&sz, SENTINEL, sizeof sz);
    st = lk_layout_size(&iv, &L, pr, &sz.s);
    check_status(st, "lk_layout_size");
    REQUIREF(is_sentinel(sz.before, sizeof sz.before) && is_sentinel(sz.after, sizeof sz.after),
             "lk_layout_size wrote around *out");
    if (valid)
        REQUIREF(st == LK_OK, "lk_layout_size failed (%s) on valid input", lk_status_name(st));
    if (invalid)
        REQUIREF(st != LK_OK, "lk_layout_size accepted invalid input");
    if (st != LK_OK)
        REQUIREF(is_sentinel(&sz.s, sizeof sz.s), "lk_layout_size failed but wrote *out");
    if (rows_known != (st == LK_OK))
        fail("lk_layout_row_count and lk_layout_size disagree on the input's validity");

    /* The layout. */
    rd_out(&r, &g_out, n, rows_known ? rows : n);
    st = lk_layout_place(&iv, &L, pr, &g_out.r);
    check_status(st, "lk_layout_place");
    wants_rows = g_out.r.row_start || g_out.r.row_length || g_out.r.row_y || g_out.r.row_width ||
                 g_out.r.row_height;
    if (valid && (n == 0 || (g_out.r.x && g_out.r.y)) && g_out.icap >= n && (!wants_rows || g_out.rcap >= rows))
        REQUIREF(st == LK_OK, "lk_layout_place failed (%s) on valid input", lk_status_name(st));
    if (invalid || (n > 0 && (!g_out.r.x || !g_out.r.y)) || g_out.icap < n ||
        (rows_known && wants_rows && g_out.rcap < rows))
        REQUIREF(st != LK_OK, "lk_layout_place succeeded on invalid input or short buffers");
    rd_exact(&r, &g_ex, &g_out, n);
    exact_ok = exact_check(&g_ex, lk_layout_place_exact(&iv, &L, pr, &g_ex.o.r, g_ex.px, g_ex.py), st, &g_out, n,
                           "lk_layout_place_exact");
    if (st != LK_OK) {
        out_check_untouched(&g_out, "lk_layout_place");
        return 0;
    }
    REQUIREF(rows_known, "lk_layout_place succeeded where lk_layout_row_count failed");
    out_check_guards(&g_out, "lk_layout_place");
    REQUIREF(g_out.r.rows == rows, "lk_layout_place: %zu rows, lk_layout_row_count %zu", g_out.r.rows, rows);
    REQUIREF(memcmp(&g_out.r.width, &sz.s.width, 4) == 0 && memcmp(&g_out.r.height, &sz.s.height, 4) == 0,
             "lk_layout_place: %.9g x %.9g, lk_layout_size %.9g x %.9g", (double)g_out.r.width,
             (double)g_out.r.height, (double)sz.s.width, (double)sz.s.height);
    check_finite(&g_out, n, "lk_layout_place");
    check_rows_partition(&g_out, n, "lk_layout_place");
    if (exact_ok)
        check_exact_rounding(&L, n);

    switch (kind) {
    case LK_LAYOUT_FLOW: {
        /* Exactly lk_flow_layout, every column asked for. */
        /* A nowrap line given the container's size across may be smaller than its items. */
        if (L.flow.wrap != LK_WRAP_NOWRAP)
            check_items_in_rows(&g_out, &g_items, L.flow.axis == LK_AXIS_VERTICAL, 1, "lk_layout_place (flow)");
        out_prepare(&g_flow, W_X | W_Y | W_IW | W_IH | W_RS | W_RL | W_RY | W_RW | W_RH, n, n);
        st = lk_flow_layout(&iv, &L.flow, pr, &g_flow.r);
        REQUIREF(st == LK_OK, "lk_flow_layout failed (%s) where lk_layout_place did not", lk_status_name(st));
        compare_out(&g_out, &g_flow, n, "lk_layout_place (flow) against lk_flow_layout");
        break;
    }
    case LK_LAYOUT_HSTACK:
    case LK_LAYOUT_VSTACK:
    case LK_LAYOUT_ZSTACK:
    case LK_LAYOUT_BALANCED:
        if (rows == 1) {
            REQUIREF(!g_out.r.row_start || g_out.rs[0] == 0, "stack row_start %lld", (long long)g_out.rs[0]);
            REQUIREF(!g_out.r.row_length || g_out.rl[0] == (int64_t)n, "stack row_length %lld",
                     (long long)g_out.rl[0]);
            REQUIREF(!g_out.r.row_y || g_out.ry[0] == 0.0, "stack row_y %.17g", g_out.ry[0]);
            REQUIREF(!g_out.r.row_width || g_out.rw[0] == g_out.r.width, "stack row_width %.9g of %.9g",
                     (double)g_out.rw[0], (double)g_out.r.width);
            REQUIREF(!g_out.r.row_height || g_out.rh[0] == g_out.r.height, "stack row_height %.9g of %.9g",
                     (double)g_out.rh[0], (double)g_out.r.height);
        }
        check_items_in_rows(&g_out, &g_items, 0, 0, "lk_layout_place (stack)");
        check_inside(&g_out, &g_items, "lk_layout_place (stack)");
        break;
    case LK_LAYOUT_GRID:
        if (L.grid.columns > 0 && g_out.r.row_length) {
            size_t k;
            for (k = 0; k + 1 < rows; k++)
                REQUIREF(g_out.rl[k] == L.grid.columns, "grid row %zu holds %lld items", k, (long long)g_out.rl[k]);
        }
        check_items_in_rows(&g_out, &g_items, 0, 0, "lk_layout_place (grid)");
        if (L.grid.sizing == LK_GRID_FIT || !isfinite(pr.width))
            check_inside(&g_out, &g_items, "lk_layout_place (grid)");
        break;
    case LK_LAYOUT_CIRCLE:
        if (L.circle.anchor.x == 0.5f && L.circle.anchor.y == 0.5f)
            check_inside(&g_out, &g_items, "lk_layout_place (circle)");
        break;
    default:
        fail("lk_layout_place accepted kind %d", (int)kind);
    }
    return 0;
}
