/*
 * The engine through the C API (lk_engine_*):
 *  - random mutation sequences (set, update, insert, remove) for every layout
 *    kind, each answer compared bit for bit with lk_flow_layout (a flow) or
 *    lk_layout_place (any other kind) of the same items: the layout, the
 *    size, a range of positions, the visible items of a rectangle and a hit
 *    test (both against every item's frame); and the exact answers against
 *    lk_flow_layout_exact / lk_layout_place_exact: lk_engine_positions_exact
 *    bit for bit, lk_engine_positions_relative as (float)(x64 - origin) for
 *    three origins, lk_engine_visible_exact and lk_engine_item_at_exact
 *    against every item's exact frame in double (also for the second
 *    proposal with no change between);
 *  - a list of 2,000,000 rows (47,000,000 and 63,000,000 px, past 2^24) as a
 *    flow, a VStack and a one-column grid: the exact answers near its end;
 *  - items of one size (a grid of thumbnails): a change re-packs a few rows and
 *    takes over the others, and the answers still equal lk_flow_layout's;
 *  - flows with the CSS features (rtl and space-between, wrap-reverse with
 *    align-content stretch over a definite height, reversed columns, growing
 *    items), on the 1/64 grid: a change re-packs a few lines, the requests
 *    after it lay nothing out, and every answer equals lk_flow_layout's;
 *  - every error leaves the engine as it was;
 *  - two threads on one engine get LK_OK or LK_ERR_BUSY, never a broken engine.
 */
#include "check.h"

static uint64_t g_seed = 8;
/* The exact answers' draws (ranges, origins, rectangles, a grid's sizing) come
 * from a sequence of their own: the items every test draws stay as they were. */
static uint64_t g_exact_seed = 64;

static uint64_t next_random_of(uint64_t *seed)
{
    uint64_t z = (*seed += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static uint64_t next_random(void) { return next_random_of(&g_seed); }
static size_t below(size_t n) { return n ? (size_t)(next_random() % n) : 0; }
static size_t below_exact(size_t n) { return n ? (size_t)(next_random_of(&g_exact_seed) % n) : 0; }
static float grid_length(unsigned max) { return (float)(next_random() % (max * 64u)) / 64.0f; }

/* The items the engine should hold, kept by hand: widths, heights, and flags. */
typedef struct {
    size_t n, cap;
    float *w, *h;
    uint8_t *flags;
} Mirror;

static void mirror_reserve(Mirror *m, size_t n)
{
    if (n <= m->cap)
        return;
    m->cap = n * 2 + 16;
    m->w = (float *)realloc(m->w, m->cap * sizeof(float));
    m->h = (float *)realloc(m->h, m->cap * sizeof(float));
    m->flags = (uint8_t *)realloc(m->flags, m->cap);
    if (!m->w || !m->h || !m->flags) {
        printf("out of memory\n");
        exit(2);
    }
}

/* Replaces items [at, at + removed) of the mirror with `added` new random items,
 * which also go to `fresh` (w, h, flags) for the engine call. */
static void mirror_splice(Mirror *m, size_t at, size_t removed, size_t added, float *w, float *h, uint8_t *f)
{
    size_t tail = m->n - at - removed, i;
    mirror_reserve(m, m->n - removed + added + 1);
    memmove(m->w + at + added, m->w + at + removed, tail * sizeof(float));
    memmove(m->h + at + added, m->h + at + removed, tail * sizeof(float));
    memmove(m->flags + at + added, m->flags + at + removed, tail);
    for (i = 0; i < added; i++) {
        w[i] = m->w[at + i] = next_random() % 20 == 0 ? 0.0f : grid_length(120);
        h[i] = m->h[at + i] = grid_length(60);
        f[i] = m->flags[at + i] = next_random() % 12 == 0 ? LK_ITEM_BREAK_BEFORE : 0;
    }
    m->n = m->n - removed + added;
}

static lk_items items_with_flags(size_t n, const float *w, const float *h, const uint8_t *f)
{
    lk_items it = items_of(n, w, h);
    it.flags = f;
    return it;
}

static lk_layout random_layout(void)
{
    static const int32_t kinds[] = {LK_LAYOUT_FLOW, LK_LAYOUT_FLOW, LK_LAYOUT_FLOW, LK_LAYOUT_HSTACK,
                                    LK_LAYOUT_VSTACK, LK_LAYOUT_ZSTACK, LK_LAYOUT_GRID,
                                    LK_LAYOUT_BALANCED, LK_LAYOUT_CIRCLE};
    lk_layout L;
    lk_layout_default(kinds[below(sizeof kinds / sizeof *kinds)], &L);
    L.flow.spacing = (float)below(9);
    L.flow.line_spacing = (float)below(5) / 2;
    L.flow.alignment.x = (float)below(3) / 2;
    L.flow.alignment.y = (float)below(3) / 2;
    if (below(4) == 0) { /* a flow with the CSS features */
        L.flow.justify = (int32_t)below(7);
        L.flow.direction = (int32_t)below(2);
        L.flow.reverse = (int32_t)below(2);
        L.flow.wrap_reverse = (int32_t)below(2);
        L.flow.axis = below(2) ? LK_AXIS_VERTICAL : LK_AXIS_HORIZONTAL;
        L.flow.align_content = (int32_t)below(8);
    }
    L.stack.spacing = 2;
    L.grid.columns = 1 + (int32_t)below(4);
    L.grid.sizing = below_exact(2) ? LK_GRID_FILL : LK_GRID_FIT; /* fill: positions that depend on the proposal */
    L.grid.spacing = 3;
    L.balanced.spacing = 1;
    L.circle.radius = 70;
    return L;
}

/* The first item whose exact frame [x64, x64 + w) x [y64, y64 + h) holds (qx, qy), or -1. */
static int64_t item_at_exact_brute(size_t n, const double *x64, const double *y64, const float *w, const float *h,
                                   double qx, double qy)
{
    size_t j;
    for (j = 0; j < n; j++)
        if (x64[j] <= qx && qx < x64[j] + w[j] && y64[j] <= qy && qy < y64[j] + h[j])
            return (int64_t)j;
    return -1;
}

/* lk_engine_visible_exact of [x0, x1) x [y0, y1) against every item's exact
 * frame (items of zero width or height never visible). */
static void check_visible_exact(lk_engine *engine, lk_proposal proposal, size_t n, const double *x64,
                                const double *y64, const float *w, const float *h, double x0, double y0, double x1,
                                double y1)
{
    int64_t *indices = (int64_t *)xmalloc((n ? n : 1) * sizeof(int64_t));
    size_t found = 0, expected = 0, wrong = 0, i;
    if (CHECK_ST(lk_engine_visible_exact(engine, proposal, x0, y0, x1, y1, indices, n, &found), LK_OK)) {
        for (i = 0; i < n; i++)
            if (x64[i] < x1 && x0 < x64[i] + w[i] && y64[i] < y1 && y0 < y64[i] + h[i] && w[i] > 0 && h[i] > 0) {
                if (!(expected < found && indices[expected] == (int64_t)i))
                    wrong++;
                expected++;
            }
        ck(wrong == 0 && found == expected, LOC,
           "lk_engine_visible_exact [%.17g, %.17g) x [%.17g, %.17g): found %zu, brute force %zu, %zu differ", x0, x1,
           y0, y1, found, expected, wrong);
    }
    free(indices);
}

/* The exact answers of the engine (lk_engine_positions_exact, _relative,
 * lk_engine_visible_exact, lk_engine_item_at_exact) for `proposal` against
 * lk_flow_layout_exact (a flow) or lk_layout_place_exact (any other kind) of
 * `items`: the positions bit for bit, the relative ones as (float)(x64 - origin),
 * the visible items and the hit test against every item's exact frame in double. */
static void compare_exact(lk_engine *engine, const lk_layout *L, const lk_items *items, lk_proposal proposal)
{
    size_t n = items->count, i, a, k, wrong;
    Out want;
    double *x64 = (double *)xmalloc((n ? n : 1) * sizeof(double)), *y64 = (double *)xmalloc((n ? n : 1) * sizeof(double));
    double *gx = (double *)xmalloc((n ? n : 1) * sizeof(double)), *gy = (double *)xmalloc((n ? n : 1) * sizeof(double));
    float *rx = (float *)xmalloc((n ? n : 1) * sizeof(float)), *ry = (float *)xmalloc((n ? n : 1) * sizeof(float));
    lk_status st;
    int round;
    out_alloc(&want, n, n);
    if (L->kind == LK_LAYOUT_FLOW)
        st = lk_flow_layout_exact(items, &L->flow, proposal, &want.r, x64, y64);
    else
        st = lk_layout_place_exact(items, L, proposal, &want.r, x64, y64);
    if (!CHECK_ST(st, LK_OK) || n == 0)
        goto done;
    /* Every position, then a random range. */
    CHECK_ST(lk_engine_positions_exact(engine, proposal, 0, n, gx, gy), LK_OK);
    CHECK(memcmp(gx, x64, n * sizeof(double)) == 0 && memcmp(gy, y64, n * sizeof(double)) == 0);
    a = below_exact(n);
    k = 1 + below_exact(n - a);
    CHECK_ST(lk_engine_positions_exact(engine, proposal, a, k, gx, gy), LK_OK);
    CHECK(memcmp(gx, x64 + a, k * sizeof(double)) == 0 && memcmp(gy, y64 + a, k * sizeof(double)) == 0);
    /* Relative to the container's corner, to an item, and to a point far off. */
    for (round = 0; round < 3; round++) {
        size_t j = below_exact(n);
        double ox = round == 0 ? 0 : round == 1 ? x64[j] : -123.25, oy = round == 0 ? 0 : round == 1 ? y64[j] : 1e7 + 1.0 / 3;
        a = round == 0 ? 0 : below_exact(n);
        k = round == 0 ? n : 1 + below_exact(n - a);
        CHECK_ST(lk_engine_positions_relative(engine, proposal, a, k, ox, oy, rx, ry), LK_OK);
        for (i = 0, wrong = 0; i < k; i++) {
            float ex = (float)(x64[a + i] - ox), ey = (float)(y64[a + i] - oy);
            wrong += memcmp(&rx[i], &ex, sizeof ex) != 0 || memcmp(&ry[i], &ey, sizeof ey) != 0;
        }
        ck(wrong == 0, LOC, "lk_engine_positions_relative, origin (%.17g, %.17g), items %zu + %zu: %zu differ from "
           "(float)(x64 - origin)", ox, oy, a, k, wrong);
    }
    /* Visible items: a rectangle off float's grid, one everywhere, one empty. */
    {
        double x0 = (double)below_exact(300) + 1.0 / 3, y0 = (double)below_exact(500) - 1e-9;
        check_visible_exact(engine, proposal, n, x64, y64, want.item_w, want.item_h, x0, y0,
                            x0 + (double)below_exact(300) + 0.1, y0 + (double)below_exact(300) + 1e-7);
        check_visible_exact(engine, proposal, n, x64, y64, want.item_w, want.item_h, -INFINITY, -INFINITY,
                            INFINITY, INFINITY);
        check_visible_exact(engine, proposal, n, x64, y64, want.item_w, want.item_h, x0, y0, x0, y0 + 100);
    }
    /* Hit tests: the middle of an item's exact frame, its top left corner, just
     * above and left of it (a double away). */
    i = below_exact(n);
    {
        double qx[3], qy[3];
        int q;
        qx[0] = x64[i] + want.item_w[i] / 2;
        qy[0] = y64[i] + want.item_h[i] / 2;
        qx[1] = x64[i];
        qy[1] = y64[i];
        qx[2] = nextafter(x64[i], -INFINITY);
        qy[2] = nextafter(y64[i], -INFINITY);
        for (q = 0; q < 3; q++) {
            int64_t hit = -2, first = item_at_exact_brute(n, x64, y64, want.item_w, want.item_h, qx[q], qy[q]);
            CHECK_ST(lk_engine_item_at_exact(engine, proposal, qx[q], qy[q], &hit), LK_OK);
            ck(hit == first, LOC, "lk_engine_item_at_exact (%.17g, %.17g) near item %zu: got %" PRId64 ", brute force %"
               PRId64, qx[q], qy[q], i, hit, first);
        }
    }
done:
    out_free(&want);
    free(x64);
    free(y64);
    free(gx);
    free(gy);
    free(rx);
    free(ry);
}

/* Every answer of the engine for `proposal` against lk_flow_layout (a flow) or
 * lk_layout_place (any other kind) of `items`. */
static void compare_items(lk_engine *engine, const lk_layout *L, const lk_items *items, lk_proposal proposal)
{
    size_t n = items->count, count = 0, found = 0, i;
    Out want, got;
    lk_size size;
    int64_t *indices, hit = -2;
    out_alloc(&want, n, n);
    out_alloc(&got, n, n);
    if (L->kind == LK_LAYOUT_FLOW) {
        CHECK_ST(lk_flow_layout(items, &L->flow, proposal, &want.r), LK_OK);
    } else {
        CHECK_ST(lk_layout_place(items, L, proposal, &want.r), LK_OK);
    }
    CHECK_ST(lk_engine_count(engine, &count), LK_OK);
    CHECK_Z(count, n);
    CHECK_ST(lk_engine_layout(engine, proposal, &got.r), LK_OK);
    CHECK(memcmp(&got.r.width, &want.r.width, 4) == 0 && memcmp(&got.r.height, &want.r.height, 4) == 0);
    CHECK_Z(got.r.rows, want.r.rows);
    CHECK(n == 0 || (memcmp(got.x, want.x, n * 4) == 0 && memcmp(got.y, want.y, n * 4) == 0));
    CHECK(n == 0 || (memcmp(got.item_w, want.item_w, n * 4) == 0 && memcmp(got.item_h, want.item_h, n * 4) == 0));
    CHECK(want.r.rows == 0 || (memcmp(got.row_start, want.row_start, want.r.rows * 8) == 0 &&
                               memcmp(got.row_y, want.row_y, want.r.rows * 8) == 0 &&
                               memcmp(got.row_w, want.row_w, want.r.rows * 4) == 0));
    CHECK(out_guards_intact(&got));
    CHECK_ST(lk_engine_size(engine, proposal, &size), LK_OK);
    CHECK(memcmp(&size.width, &want.r.width, 4) == 0 && memcmp(&size.height, &want.r.height, 4) == 0);
    if (n > 0) {
        size_t a = below(n), k = 1 + below(n - a);
        float *px = (float *)xmalloc(k * 4), *py = (float *)xmalloc(k * 4);
        float x0 = (float)below(300), y0 = (float)below(500), x1 = x0 + (float)below(300),
              y1 = y0 + (float)below(300);
        size_t expected = 0;
        CHECK_ST(lk_engine_positions(engine, proposal, a, k, px, py), LK_OK);
        CHECK(memcmp(px, want.x + a, k * 4) == 0 && memcmp(py, want.y + a, k * 4) == 0);
        indices = (int64_t *)xmalloc(n * sizeof(int64_t));
        CHECK_ST(lk_engine_visible(engine, proposal, x0, y0, x1, y1, indices, n, &found), LK_OK);
        for (i = 0; i < n; i++) {
            float fx = want.x[i], fy = want.y[i], fw = want.item_w[i], fh = want.item_h[i];
            if (fx < x1 && x0 < fx + fw && fy < y1 && y0 < fy + fh && fw > 0 && fh > 0) {
                CHECK(expected < found && indices[expected] == (int64_t)i);
                expected++;
            }
        }
        CHECK_Z(found, expected);
        i = below(n);
        {
            float qx = want.x[i] + want.item_w[i] / 2, qy = want.y[i] + want.item_h[i] / 2;
            int64_t first = -1;
            size_t j;
            for (j = 0; j < n && first < 0; j++)
                if (want.x[j] <= qx && qx < want.x[j] + want.item_w[j] && want.y[j] <= qy &&
                    qy < want.y[j] + want.item_h[j])
                    first = (int64_t)j;
            CHECK_ST(lk_engine_item_at(engine, proposal, qx, qy, &hit), LK_OK);
            CHECK_I(hit, first);
        }
        free(px);
        free(py);
        free(indices);
    }
    out_free(&want);
    out_free(&got);
    compare_exact(engine, L, items, proposal);
}

/* Every answer of the engine for `proposal` against a fresh layout of the mirror. */
static void compare(lk_engine *engine, const lk_layout *L, const Mirror *m, lk_proposal proposal)
{
    lk_items items = items_with_flags(m->n, m->w, m->h, m->flags);
    compare_items(engine, L, &items, proposal);
}

static void test_random_sequences(void)
{
    int sequence, step;
    g_section = "engine: every answer equals a fresh layout";
    for (sequence = 0; sequence < 300; sequence++) {
        Mirror m = {0, 0, NULL, NULL, NULL};
        lk_layout L = random_layout();
        lk_engine *engine = NULL;
        float w[400], h[400];
        uint8_t f[400];
        lk_items items = lk_items_default();
        lk_proposal proposals[2];
        proposals[0] = prop(next_random() % 3 == 0 ? U : (float)(100 + below(400)), U);
        proposals[1] = prop(next_random() % 2 ? INFINITY : 0, next_random() % 3 == 0 ? 50.0f : U);
        CHECK_ST(lk_engine_create(&L, &engine), LK_OK);
        mirror_splice(&m, 0, 0, below(300), w, h, f);
        items = items_with_flags(m.n, m.w, m.h, m.flags);
        CHECK_ST(lk_engine_set_items(engine, &items), LK_OK);
        for (step = 0; step < 5; step++) {
            size_t at, k;
            set_case("sequence %d step %d kind %d n %zu", sequence, step, (int)L.kind, m.n);
            compare(engine, &L, &m, proposals[below(2)]);
            switch (below(4)) {
            case 0: /* update */
                if (m.n == 0)
                    break;
                at = below(m.n);
                k = 1 + below(m.n - at < 6 ? m.n - at : 6);
                mirror_splice(&m, at, k, k, w, h, f);
                items = items_with_flags(k, w, h, f);
                CHECK_ST(lk_engine_update(engine, at, &items), LK_OK);
                break;
            case 1: /* insert */
                at = below(m.n + 1);
                k = 1 + below(next_random() % 8 == 0 ? 90 : 4);
                mirror_splice(&m, at, 0, k, w, h, f);
                items = items_with_flags(k, w, h, f);
                CHECK_ST(lk_engine_insert(engine, at, &items), LK_OK);
                break;
            case 2: /* remove */
                if (m.n == 0)
                    break;
                at = below(m.n);
                k = 1 + below(m.n - at < 8 ? m.n - at : 8);
                mirror_splice(&m, at, k, 0, w, h, f);
                CHECK_ST(lk_engine_remove(engine, at, k), LK_OK);
                break;
            default: /* set every item, one changed */
                if (m.n > 0) {
                    at = below(m.n);
                    m.w[at] = grid_length(120);
                }
                items = items_with_flags(m.n, m.w, m.h, m.flags);
                CHECK_ST(lk_engine_set_items(engine, &items), LK_OK);
                break;
            }
        }
        compare(engine, &L, &m, proposals[0]);
        /* Another proposal with no change between: answers held for the first
         * (the exact positions of kinds answered whole) must not be reused. */
        set_case("sequence %d, the other proposal, kind %d n %zu", sequence, (int)L.kind, m.n);
        {
            uint64_t kept = g_seed; /* the items drawn after stay as they were */
            compare(engine, &L, &m, proposals[1]);
            g_seed = kept;
        }
        lk_engine_destroy(engine);
        free(m.w);
        free(m.h);
        free(m.flags);
    }
}

/* Sets item i of the mirror to w x h (no flag). */
static void mirror_set(Mirror *m, size_t i, float w, float h)
{
    m->w[i] = w;
    m->h[i] = h;
    m->flags[i] = 0;
}

static void test_items_of_one_size(void)
{
    const float sizes[2][2] = {{40, 30}, {33.3f, 17.1f}}; /* on the 1/64 grid, and off it */
    int variant;
    g_section = "engine: items of one size";
    for (variant = 0; variant < 2; variant++) {
        const float w = sizes[variant][0], h = sizes[variant][1];
        const size_t n = 30000;
        Mirror m = {0, 0, NULL, NULL, NULL};
        lk_layout L;
        lk_proposal proposal = prop(1000, U);
        lk_engine *engine = NULL;
        lk_engine_stats stats = lk_engine_stats_default();
        lk_items items = lk_items_default();
        size_t i;
        float one_w[1], one_h[1];
        uint8_t one_f[1] = {0};
        lk_layout_default(LK_LAYOUT_FLOW, &L);
        L.flow.spacing = 5;
        L.flow.line_spacing = variant ? 1.3f : 2;
        mirror_reserve(&m, n + 2);
        for (i = 0; i < n; i++)
            mirror_set(&m, i, w, h);
        m.n = n;
        set_case("variant %d: set", variant);
        CHECK_ST(lk_engine_create(&L, &engine), LK_OK);
        items = items_with_flags(m.n, m.w, m.h, m.flags);
        CHECK_ST(lk_engine_set_items(engine, &items), LK_OK);
        compare(engine, &L, &m, proposal);

        set_case("variant %d: one inserted in the middle", variant);
        mirror_splice(&m, n / 2, 0, 1, one_w, one_h, one_f);
        mirror_set(&m, n / 2, w, h);
        one_w[0] = w;
        one_h[0] = h;
        one_f[0] = 0;
        items = items_with_flags(1, one_w, one_h, one_f);
        CHECK_ST(lk_engine_insert(engine, n / 2, &items), LK_OK);
        CHECK_ST(lk_engine_get_stats(engine, &stats), LK_OK);
        CHECK(stats.items_packed < 1000 && stats.rows_reused > 500); /* of about 1,200 rows */
        compare(engine, &L, &m, proposal);

        set_case("variant %d: one made wider, two removed", variant);
        mirror_set(&m, 7000, w * 3, h);
        one_w[0] = w * 3;
        CHECK_ST(lk_engine_update(engine, 7000, &items), LK_OK);
        CHECK_ST(lk_engine_get_stats(engine, &stats), LK_OK);
        CHECK(stats.items_packed < 5000);
        mirror_splice(&m, 100, 2, 0, one_w, one_h, one_f);
        CHECK_ST(lk_engine_remove(engine, 100, 2), LK_OK);
        CHECK_ST(lk_engine_get_stats(engine, &stats), LK_OK);
        CHECK(stats.items_packed < 5000);
        compare(engine, &L, &m, proposal);

        set_case("variant %d: every item set, one changed back", variant);
        mirror_set(&m, 7000, w, h);
        items = items_with_flags(m.n, m.w, m.h, m.flags);
        CHECK_ST(lk_engine_set_items(engine, &items), LK_OK);
        compare(engine, &L, &m, proposal);
        lk_engine_destroy(engine);
        free(m.w);
        free(m.h);
        free(m.flags);
    }
}

/* Items [at, at + removed) of w, h and g (n items, room for more) become `added`
 * items nw x nh growing by ng; returns the new count. */
static size_t splice3(float *w, float *h, float *g, size_t n, size_t at, size_t removed, size_t added, float nw,
                      float nh, float ng)
{
    size_t i;
    memmove(w + at + added, w + at + removed, (n - at - removed) * sizeof(float));
    memmove(h + at + added, h + at + removed, (n - at - removed) * sizeof(float));
    memmove(g + at + added, g + at + removed, (n - at - removed) * sizeof(float));
    for (i = 0; i < added; i++) {
        w[at + i] = nw;
        h[at + i] = nh;
        g[at + i] = ng;
    }
    return n - removed + added;
}

/* Flows with the CSS features keep their lines: after a change the engine re-packs
 * a few of them, the requests after it lay nothing out, and every answer equals
 * lk_flow_layout's (items on the 1/64 grid). */
static void test_featured_flows(void)
{
    enum { N = 30000 };
    static float w[N + 8], h[N + 8], g[N + 8];
    int variant;
    g_section = "engine: featured flows equal lk_flow_layout";
    for (variant = 0; variant < 4; variant++) {
        lk_layout L;
        lk_proposal proposal;
        lk_engine *engine = NULL;
        lk_engine_stats stats = lk_engine_stats_default();
        lk_items items, one;
        lk_size size;
        size_t i, n = N;
        int grows = variant == 3;
        float one_w[1] = {31}, one_h[1] = {22.5f}, one_g[1] = {2};
        lk_layout_default(LK_LAYOUT_FLOW, &L);
        L.flow.spacing = 6;
        L.flow.line_spacing = 4;
        for (i = 0; i < n; i++) {
            w[i] = (float)(24 + below(177)) + (float)below(64) / 64;
            h[i] = (float)(16 + below(25)) + (float)below(4) / 4;
            g[i] = (float)below(3);
        }
        switch (variant) {
        case 0: /* right to left, space between */
            L.flow.justify = LK_DISTRIBUTE_SPACE_BETWEEN;
            L.flow.direction = LK_DIRECTION_RTL;
            proposal = prop(1000, U);
            break;
        case 1: /* stacked from the bottom, stretched over a definite height */
            L.flow.wrap_reverse = 1;
            L.flow.align_content = LK_DISTRIBUTE_STRETCH;
            proposal = prop(1000, 1500000);
            break;
        case 2: /* reversed columns, right to left, spaced around */
            L.flow.axis = LK_AXIS_VERTICAL;
            L.flow.reverse = 1;
            L.flow.direction = LK_DIRECTION_RTL;
            L.flow.align_content = LK_DISTRIBUTE_SPACE_AROUND;
            proposal = prop(1200000, 700);
            break;
        default: /* growing items, centred */
            L.flow.justify = LK_DISTRIBUTE_CENTER;
            proposal = prop(1000, U);
            break;
        }
        CHECK_ST(lk_engine_create(&L, &engine), LK_OK);
        items = items_of(n, w, h);
        items.grow = grows ? g : NULL;
        set_case("variant %d: set", variant);
        CHECK_ST(lk_engine_set_items(engine, &items), LK_OK);
        compare_items(engine, &L, &items, proposal);

        one = items_of(1, one_w, one_h);
        one.grow = grows ? one_g : NULL;
        set_case("variant %d: one changed", variant);
        w[N / 2] = one_w[0];
        h[N / 2] = one_h[0];
        g[N / 2] = one_g[0];
        CHECK_ST(lk_engine_update(engine, N / 2, &one), LK_OK);
        CHECK_ST(lk_engine_get_stats(engine, &stats), LK_OK);
        CHECK(stats.items_packed < 5000 && stats.rows_reused > 500); /* of 1,500 to 4,000 lines */
        CHECK_ST(lk_engine_size(engine, proposal, &size), LK_OK);
        CHECK_ST(lk_engine_get_stats(engine, &stats), LK_OK);
        CHECK(stats.items_packed < 5000); /* the size came from the lines: nothing laid out */
        compare_items(engine, &L, &items, proposal);

        set_case("variant %d: one inserted, two removed", variant);
        n = splice3(w, h, g, n, 1000, 0, 1, one_w[0], one_h[0], one_g[0]);
        CHECK_ST(lk_engine_insert(engine, 1000, &one), LK_OK);
        CHECK_ST(lk_engine_get_stats(engine, &stats), LK_OK);
        CHECK(stats.items_packed < 5000);
        n = splice3(w, h, g, n, 20000, 2, 0, 0, 0, 0);
        CHECK_ST(lk_engine_remove(engine, 20000, 2), LK_OK);
        CHECK_ST(lk_engine_get_stats(engine, &stats), LK_OK);
        CHECK(stats.items_packed < 5000);
        items.count = n;
        compare_items(engine, &L, &items, proposal);
        lk_engine_destroy(engine);
    }
}

/*
 * A list of 2,000,000 rows, 22, 23, 24, 25 px tall in turn, 8 px apart
 * (63,000,000 px) or touching (47,000,000 px), past float's exact integers at
 * 2^24, in an engine as a flow of items as wide as the proposal, a VStack and
 * a grid of one column: near the end, lk_engine_positions_exact has every gap
 * exact (and equals lk_layout_place_exact), lk_engine_positions_relative to an
 * item's y64 gives the small exact floats, lk_engine_visible_exact of a window
 * there finds what brute force over the exact frames finds, and
 * lk_engine_visible_exact and lk_engine_item_at_exact find each of the last
 * 400 rows alone at quarter pixels float cannot name there (its ulp is 4).
 */
static void test_tall_list(void)
{
    enum { TALL = 2000000, TAIL = 1000 };
    const float width = 320;
    float *w = (float *)xmalloc(TALL * sizeof(float)), *h = (float *)xmalloc(TALL * sizeof(float));
    double *x64 = (double *)xmalloc(TALL * sizeof(double)), *y64 = (double *)xmalloc(TALL * sizeof(double));
    double gx[TAIL], gy[TAIL];
    float rx[TAIL], ry[TAIL];
    lk_items items = lk_items_default();
    lk_proposal proposal = prop(width, U);
    size_t i;
    int variant;
    g_section = "engine: a list 47,000,000 or 63,000,000 px tall, exact answers";
    for (i = 0; i < TALL; i++) {
        w[i] = width;
        h[i] = (float)(22 + i % 4);
    }
    items = items_of(TALL, w, h);
    for (variant = 0; variant < 6; variant++) {
        static const char *const names[3] = {"flow", "VStack", "grid of 1 column"};
        const int kind = variant / 2;
        const float spacing = variant % 2 ? 0.0f : 8.0f;
        const size_t start = TALL - TAIL;
        lk_layout L;
        lk_engine *engine = NULL;
        Out o;
        size_t bad = 0, found = 0, expected, j;
        int64_t indices[64], hit;
        double origin, y0, y1;
        size_t first_bad = 0;
        set_case("%s, line spacing %g", names[kind], (double)spacing);
        if (kind == 0) {
            lk_layout_default(LK_LAYOUT_FLOW, &L);
            L.flow.line_spacing = spacing;
        } else if (kind == 1) {
            lk_layout_default(LK_LAYOUT_VSTACK, &L);
            L.stack.spacing = spacing;
        } else {
            lk_layout_default(LK_LAYOUT_GRID, &L);
            L.grid.columns = 1;
            L.grid.line_spacing = spacing;
        }
        out_alloc(&o, TALL, 0);
        out_no_rows(&o);
        o.r.item_width = o.r.item_height = NULL;
        CHECK_ST(lk_layout_place_exact(&items, &L, proposal, &o.r, x64, y64), LK_OK);
        out_free(&o);
        CHECK_ST(lk_engine_create(&L, &engine), LK_OK);
        CHECK_ST(lk_engine_set_items(engine, &items), LK_OK);

        /* The last TAIL positions: equal to lk_layout_place_exact's, every gap exact. */
        CHECK_ST(lk_engine_positions_exact(engine, proposal, start, TAIL, gx, gy), LK_OK);
        CHECK(memcmp(gx, x64 + start, sizeof gx) == 0 && memcmp(gy, y64 + start, sizeof gy) == 0);
        for (i = 0; i + 1 < TAIL; i++)
            bad += gy[i + 1] - gy[i] != (double)h[start + i] + spacing || gx[i] != 0;
        CHECK_Z(bad, 0);
        CHECK(gy[TAIL - 1] > 4.5e7); /* far past 2^24 */

        /* Relative to the top of item TALL - 500: small integers, exact. */
        origin = y64[TALL - 500];
        CHECK_ST(lk_engine_positions_relative(engine, proposal, start, TAIL, 0, origin, rx, ry), LK_OK);
        for (i = 0, bad = 0; i < TAIL; i++) {
            double want = y64[start + i] - origin;
            bad += (double)ry[i] != want || rx[i] != 0 || fabs(want) > 30000;
        }
        CHECK_Z(bad, 0);
        CHECK_F(ry[TAIL - 500], 0);
        CHECK_F(ry[TAIL - 499], h[TALL - 500] + spacing);

        /* A window near the bottom whose edges fall inside rows and in a gap,
         * at fractions float cannot hold there. */
        y0 = y64[TALL - 300] + 0.5;
        y1 = y64[TALL - 290] - 0.25; /* in the gap above item TALL - 290 (or in the item before) */
        expected = 0;
        CHECK_ST(lk_engine_visible_exact(engine, proposal, 10.5, y0, 11.5, y1, indices, 64, &found), LK_OK);
        for (j = 0; j < TALL; j++)
            if (y64[j] < y1 && y0 < y64[j] + h[j]) {
                ck(expected < found && indices[expected] == (int64_t)j, LOC,
                   "lk_engine_visible_exact: item %zu (y64 %.17g) visible, not found there", j, y64[j]);
                expected++;
            }
        CHECK_Z(found, expected);
        CHECK_Z(expected, 10);
        CHECK_I(found ? indices[0] : -1, TALL - 300);

        /* Hit tests inside a row near the bottom, on its top edge, a quarter
         * pixel above it (the gap), and on its last quarter pixel. */
        j = TALL - 123;
        CHECK_ST(lk_engine_item_at_exact(engine, proposal, 100, y64[j] + h[j] / 2, &hit), LK_OK);
        CHECK_I(hit, j);
        CHECK_ST(lk_engine_item_at_exact(engine, proposal, 100, y64[j], &hit), LK_OK);
        CHECK_I(hit, j);
        CHECK_ST(lk_engine_item_at_exact(engine, proposal, 100, y64[j] - 0.25, &hit), LK_OK);
        CHECK_I(hit, spacing > 0 ? -1 : (int64_t)j - 1);
        CHECK_ST(lk_engine_item_at_exact(engine, proposal, 100, y64[j] + h[j] - 0.25, &hit), LK_OK);
        CHECK_I(hit, j);
        CHECK_ST(lk_engine_item_at_exact(engine, proposal, 100, y64[j] + h[j], &hit), LK_OK);
        CHECK_I(hit, spacing > 0 ? -1 : (int64_t)j + 1);

        /* Every row of the last 400 (their tops at every residue of the float
         * grid, 4 px there): a thin slice at its top and at its bottom, and the
         * points on its first and last quarter pixel, find that row alone. */
        for (j = TALL - 400, bad = 0; j < TALL; j++) {
            double top = y64[j], bottom = y64[j] + h[j];
            size_t bad_before = bad;
            found = 0;
            bad += lk_engine_visible_exact(engine, proposal, 0, top, width, top + 0.25, indices, 64, &found) != LK_OK ||
                   found != 1 || indices[0] != (int64_t)j;
            found = 0;
            bad += lk_engine_visible_exact(engine, proposal, 0, bottom - 0.25, width, bottom, indices, 64, &found) !=
                       LK_OK || found != 1 || indices[0] != (int64_t)j;
            found = 0;
            bad += lk_engine_visible_exact(engine, proposal, 0, bottom, width, bottom + spacing, indices, 64, &found) !=
                       LK_OK || found != 0;
            hit = -2;
            bad += lk_engine_item_at_exact(engine, proposal, 0, top, &hit) != LK_OK || hit != (int64_t)j;
            hit = -2;
            bad += lk_engine_item_at_exact(engine, proposal, width - 0.25, bottom - 0.25, &hit) != LK_OK ||
                   hit != (int64_t)j;
            hit = -2;
            bad += lk_engine_item_at_exact(engine, proposal, 0, bottom, &hit) != LK_OK ||
                   hit != (spacing > 0 || j + 1 == TALL ? -1 : (int64_t)j + 1);
            if (bad > bad_before && bad_before == 0)
                first_bad = j;
        }
        ck(bad == 0, LOC, "%zu wrong answers about the last 400 rows; the first at row %zu (y64 %.17g)", bad,
           first_bad, y64[first_bad]);
        lk_engine_destroy(engine);
    }
    set_case("%s", "");
    free(w);
    free(h);
    free(x64);
    free(y64);
}

static void test_errors_change_nothing(void)
{
    float w[5] = {10, 20, 30, 40, 50}, h[5] = {5, 6, 7, 8, 9}, bad[2] = {1, NAN};
    lk_items items = items_of(5, w, h), two = items_of(2, w, h), nan_items = items_of(2, bad, h);
    lk_layout L, bad_layout;
    lk_engine *engine = NULL;
    lk_proposal p = {60, U};
    lk_size before, after;
    lk_engine_stats stats = lk_engine_stats_default();
    size_t count = 0, found = 99;
    int64_t indices[1];
    float x[5], y[5];
    g_section = "engine: errors change nothing";
    lk_layout_default(LK_LAYOUT_FLOW, &L);
    L.flow.spacing = 4;
    bad_layout = L;
    bad_layout.flow.spacing = -1;
    CHECK_ST(lk_engine_create(NULL, &engine), LK_ERR_NULL_POINTER);
    CHECK_ST(lk_engine_create(&L, NULL), LK_ERR_NULL_POINTER);
    CHECK_ST(lk_engine_create(&bad_layout, &engine), LK_ERR_INVALID_PARAMETER);
    CHECK(engine == NULL);
    CHECK_ST(lk_engine_create(&L, &engine), LK_OK);
    CHECK_ST(lk_engine_set_items(engine, &items), LK_OK);
    CHECK_ST(lk_engine_size(engine, p, &before), LK_OK);

    CHECK_ST(lk_engine_set_items(NULL, &items), LK_ERR_NULL_POINTER);
    CHECK_HAS(lk_last_error_message(), "engine");
    CHECK_ST(lk_engine_set_items(engine, &nan_items), LK_ERR_INVALID_ITEM_SIZE);
    CHECK_I(lk_last_error_index(), 1);
    CHECK_ST(lk_engine_update(engine, 4, &two), LK_ERR_INVALID_PARAMETER);
    CHECK_HAS(lk_last_error_message(), "past the engine's 5 items");
    CHECK_ST(lk_engine_update(engine, (size_t)-1, &two), LK_ERR_INVALID_PARAMETER);
    CHECK_ST(lk_engine_insert(engine, 6, &two), LK_ERR_INVALID_PARAMETER);
    CHECK_ST(lk_engine_insert(engine, 0, &nan_items), LK_ERR_INVALID_ITEM_SIZE);
    CHECK_ST(lk_engine_remove(engine, 3, 3), LK_ERR_INVALID_PARAMETER);
    CHECK_ST(lk_engine_positions(engine, p, 4, 2, x, y), LK_ERR_INVALID_PARAMETER);
    CHECK_ST(lk_engine_positions(engine, p, 0, 2, x, x), LK_ERR_INVALID_PARAMETER);
    CHECK_ST(lk_engine_positions(engine, p, 0, 2, NULL, y), LK_ERR_NULL_POINTER);
    CHECK_ST(lk_engine_size(engine, prop(-1, U), &after), LK_ERR_INVALID_PROPOSAL);
    CHECK_ST(lk_engine_visible(engine, p, NAN, 0, 10, 10, indices, 1, &found), LK_ERR_INVALID_PARAMETER);
    CHECK_ST(lk_engine_visible(engine, p, 0, 0, 1000, 1000, indices, 1, &found), LK_ERR_BUFFER_TOO_SMALL);
    CHECK_Z(found, 5);
    CHECK_Z(lk_last_error_required(), 5);
    CHECK_ST(lk_engine_count(engine, &count), LK_OK);
    CHECK_Z(count, 5);
    CHECK_ST(lk_engine_size(engine, p, &after), LK_OK);
    CHECK(memcmp(&before, &after, sizeof before) == 0);
    CHECK_ST(lk_engine_get_stats(engine, &stats), LK_OK);
    CHECK(stats.cache_hits >= 1 && stats.bytes > 0);
    CHECK_STR(lk_status_name(LK_ERR_BUSY), "LK_ERR_BUSY");
    lk_engine_destroy(engine);
    lk_engine_destroy(NULL);
}

/* Every field of items [start, start + count) of `engine`, into `b` (count + 1
 * elements each: the last must keep its canary). */
typedef struct {
    float *f[7]; /* widths, heights, leading, trailing, top, bottom, grow */
    uint8_t *flags;
    size_t cap;
} Copy;

static void copy_alloc(Copy *c, size_t n)
{
    int k;
    c->cap = n + 1;
    for (k = 0; k < 7; k++) {
        c->f[k] = (float *)xmalloc(c->cap * 4);
        memset(c->f[k], CANARY, c->cap * 4);
    }
    c->flags = (uint8_t *)xmalloc(c->cap);
    memset(c->flags, CANARY, c->cap);
}

static void copy_free(Copy *c)
{
    int k;
    for (k = 0; k < 7; k++)
        free(c->f[k]);
    free(c->flags);
}

static lk_item_buffers copy_buffers(const Copy *c)
{
    lk_item_buffers b = lk_item_buffers_default();
    b.widths = c->f[0];
    b.heights = c->f[1];
    b.spacing_leading = c->f[2];
    b.spacing_trailing = c->f[3];
    b.spacing_top = c->f[4];
    b.spacing_bottom = c->f[5];
    b.grow = c->f[6];
    b.flags = c->flags;
    return b;
}

/* The copies as lk_items, giving the fields `fields` says are held. */
static lk_items copy_items(const Copy *c, size_t n, uint32_t fields)
{
    lk_items it = items_of(n, c->f[0], c->f[1]);
    if (fields & LK_ITEM_FIELD_SPACING) {
        it.spacing_leading = c->f[2];
        it.spacing_trailing = c->f[3];
        it.spacing_top = c->f[4];
        it.spacing_bottom = c->f[5];
    }
    if (fields & LK_ITEM_FIELD_FLAGS)
        it.flags = c->flags;
    if (fields & LK_ITEM_FIELD_GROW)
        it.grow = c->f[6];
    return it;
}

static int all_zero(const void *p, size_t bytes)
{
    const unsigned char *b = (const unsigned char *)p;
    size_t i;
    for (i = 0; i < bytes; i++)
        if (b[i])
            return 0;
    return 1;
}

/* lk_engine_get_items: the items as stored, zeros for fields not held, the fields
 * held; an engine set from the copies answers as the original, bit for bit. */
static void test_get_items(void)
{
    enum { N = 9000, M = 700 }; /* several chunks of 4096 */
    float *w = (float *)xmalloc(N * 4), *h = (float *)xmalloc(N * 4), *sp = (float *)xmalloc(M * 4),
          *g = (float *)xmalloc(M * 4);
    uint8_t *f = (uint8_t *)xmalloc(M);
    lk_layout L;
    lk_engine *engine = NULL, *copy = NULL;
    lk_items items = lk_items_default();
    lk_item_buffers b = lk_item_buffers_default();
    Copy c, d;
    uint32_t fields = 99;
    size_t i, n = 0;
    int k;
    g_section = "engine: lk_engine_get_items";
    for (i = 0; i < N; i++) {
        w[i] = grid_length(120) + 0x1p-20f * (float)(i % 7); /* off the grid: bits, not values */
        h[i] = grid_length(60);
    }
    for (i = 0; i < M; i++) {
        sp[i] = (float)below(9);
        g[i] = (float)below(3) / 2;
        f[i] = below(10) == 0 ? LK_ITEM_BREAK_BEFORE : 0;
    }
    lk_layout_default(LK_LAYOUT_FLOW, &L);
    L.flow.spacing = 3;
    L.flow.line_spacing = 2;
    L.flow.justify = LK_DISTRIBUTE_SPACE_BETWEEN;
    CHECK_ST(lk_engine_create(&L, &engine), LK_OK);

    /* No items: nothing held, nothing written. */
    copy_alloc(&c, N);
    b = copy_buffers(&c);
    CHECK_ST(lk_engine_get_items(engine, 0, 0, &b, &fields), LK_OK);
    CHECK_Z(fields, 0);
    CHECK(bytes_are_canary(c.f[0], c.cap * 4) && bytes_are_canary(c.flags, c.cap));
    CHECK_ST(lk_engine_get_items(engine, 0, 0, NULL, NULL), LK_OK);
    CHECK_ST(lk_engine_get_items(engine, 0, 1, &b, &fields), LK_ERR_INVALID_PARAMETER);
    CHECK_HAS(lk_last_error_message(), "past the engine's 0 items");

    /* Sizes only: the other fields read as zeros. */
    items = items_of(N, w, h);
    CHECK_ST(lk_engine_set_items(engine, &items), LK_OK);
    fields = 99;
    CHECK_ST(lk_engine_get_items(engine, 0, N, &b, &fields), LK_OK);
    CHECK_Z(fields, 0);
    CHECK(memcmp(c.f[0], w, N * 4) == 0 && memcmp(c.f[1], h, N * 4) == 0);
    for (k = 2; k < 7; k++)
        CHECK(all_zero(c.f[k], N * 4) && bytes_are_canary(c.f[k] + N, 4));
    CHECK(all_zero(c.flags, N) && bytes_are_canary(c.flags + N, 1));
    CHECK(bytes_are_canary(c.f[0] + N, 4) && bytes_are_canary(c.f[1] + N, 4));

    /* Flags and grow factors inserted, spacing updated: held from then on. */
    items = items_with_flags(M, w, h, f);
    items.grow = g;
    CHECK_ST(lk_engine_insert(engine, 4000, &items), LK_OK);
    n = N + M;
    CHECK_ST(lk_engine_get_items(engine, 0, 0, NULL, &fields), LK_OK);
    CHECK_Z(fields, LK_ITEM_FIELD_FLAGS | LK_ITEM_FIELD_GROW);
    items = items_of(M, w + 1, h + 1);
    items.spacing_top = sp;
    items.spacing_leading = sp;
    CHECK_ST(lk_engine_update(engine, 8000, &items), LK_OK);
    copy_free(&c);
    copy_alloc(&c, n);
    b = copy_buffers(&c);
    CHECK_ST(lk_engine_get_items(engine, 0, n, &b, &fields), LK_OK);
    CHECK_Z(fields, LK_ITEM_FIELD_SPACING | LK_ITEM_FIELD_FLAGS | LK_ITEM_FIELD_GROW);
    CHECK(memcmp(c.f[0], w, 4000 * 4) == 0 && memcmp(c.f[0] + 4000, w, M * 4) == 0 &&
          memcmp(c.f[0] + 4000 + M, w + 4000, (8000 - 4000 - M) * 4) == 0 &&
          memcmp(c.f[0] + 8000, w + 1, M * 4) == 0 && memcmp(c.f[0] + 8000 + M, w + 8000, (n - 8000 - M) * 4) == 0);
    CHECK(memcmp(c.f[1] + 8000, h + 1, M * 4) == 0 && memcmp(c.f[1] + 4000, h, M * 4) == 0);
    CHECK(memcmp(c.flags + 4000, f, M) == 0 && all_zero(c.flags, 4000) && all_zero(c.flags + 4000 + M, n - 4000 - M));
    CHECK(memcmp(c.f[6] + 4000, g, M * 4) == 0 && all_zero(c.f[6], 4000 * 4));
    CHECK(memcmp(c.f[2] + 8000, sp, M * 4) == 0 && memcmp(c.f[4] + 8000, sp, M * 4) == 0);
    CHECK(all_zero(c.f[3], n * 4) && all_zero(c.f[5], n * 4) && all_zero(c.f[2], 8000 * 4));
    for (k = 0; k < 7; k++)
        CHECK(bytes_are_canary(c.f[k] + n, 4));
    CHECK(bytes_are_canary(c.flags + n, 1));

    /* A range across chunks equals the same slice of the whole; NULL buffers skipped. */
    copy_alloc(&d, 5000);
    b = copy_buffers(&d);
    b.heights = NULL;
    b.spacing_bottom = NULL;
    CHECK_ST(lk_engine_get_items(engine, 3000, 5000, &b, NULL), LK_OK);
    CHECK(memcmp(d.f[0], c.f[0] + 3000, 5000 * 4) == 0 && memcmp(d.f[6], c.f[6] + 3000, 5000 * 4) == 0);
    CHECK(memcmp(d.f[2], c.f[2] + 3000, 5000 * 4) == 0 && memcmp(d.flags, c.flags + 3000, 5000) == 0);
    CHECK(bytes_are_canary(d.f[1], d.cap * 4) && bytes_are_canary(d.f[5], d.cap * 4));

    /* The copies make an engine that answers as this one, bit for bit. */
    items = copy_items(&c, n, fields);
    CHECK_ST(lk_engine_create(&L, &copy), LK_OK);
    CHECK_ST(lk_engine_set_items(copy, &items), LK_OK);
    {
        lk_proposal proposals[3] = {{500, U}, {1234.5f, U}, {800, 3000}};
        for (k = 0; k < 3; k++) {
            compare_items(engine, &L, &items, proposals[k]);
            compare_items(copy, &L, &items, proposals[k]);
        }
    }
    {
        uint32_t copied = 0;
        copy_free(&d);
        copy_alloc(&d, n);
        b = copy_buffers(&d);
        CHECK_ST(lk_engine_get_items(copy, 0, n, &b, &copied), LK_OK);
        CHECK_Z(copied, fields);
        for (k = 0; k < 7; k++)
            CHECK(memcmp(d.f[k], c.f[k], n * 4) == 0);
        CHECK(memcmp(d.flags, c.flags, n) == 0);
    }

    /* set_items without the optional fields: none held any more. */
    items = items_of(N, w, h);
    CHECK_ST(lk_engine_set_items(engine, &items), LK_OK);
    CHECK_ST(lk_engine_get_items(engine, 0, 0, NULL, &fields), LK_OK);
    CHECK_Z(fields, 0);

    /* Errors: nothing written. */
    copy_free(&d);
    copy_alloc(&d, 4);
    b = copy_buffers(&d);
    fields = 77;
    CHECK_ST(lk_engine_get_items(NULL, 0, 1, &b, &fields), LK_ERR_NULL_POINTER);
    CHECK_HAS(lk_last_error_message(), "engine");
    CHECK_ST(lk_engine_get_items(engine, N, 1, &b, &fields), LK_ERR_INVALID_PARAMETER);
    CHECK_ST(lk_engine_get_items(engine, N - 1, 2, &b, &fields), LK_ERR_INVALID_PARAMETER);
    CHECK_ST(lk_engine_get_items(engine, 1, SIZE_MAX, &b, &fields), LK_ERR_INVALID_PARAMETER);
    CHECK_ST(lk_engine_get_items(engine, SIZE_MAX, 1, &b, &fields), LK_ERR_INVALID_PARAMETER);
    b.heights = b.widths + 2;
    CHECK_ST(lk_engine_get_items(engine, 0, 4, &b, &fields), LK_ERR_INVALID_PARAMETER);
    CHECK_HAS(lk_last_error_message(), "buffers.widths overlaps buffers.heights");
    b = copy_buffers(&d);
    CHECK_ST(lk_engine_get_items(engine, 0, 4, &b, (uint32_t *)(void *)(d.f[6] + 3)), LK_ERR_INVALID_PARAMETER);
    CHECK_HAS(lk_last_error_message(), "buffers.grow overlaps fields");
    CHECK_Z(fields, 77);
    for (k = 0; k < 7; k++)
        CHECK(bytes_are_canary(d.f[k], d.cap * 4));
    CHECK(bytes_are_canary(d.flags, d.cap));
    CHECK_ST(lk_engine_count(engine, &n), LK_OK);
    CHECK_Z(n, N);

    lk_engine_destroy(copy);
    lk_engine_destroy(engine);
    copy_free(&c);
    copy_free(&d);
    free(w);
    free(h);
    free(sp);
    free(g);
    free(f);
}

/* Two threads on one engine: each call gets LK_OK or LK_ERR_BUSY. */
typedef struct {
    lk_engine *engine;
    int busy, other;
} Shared;

static void *hammer(void *arg)
{
    Shared *s = (Shared *)arg;
    size_t i, count;
    lk_size size;
    for (i = 0; i < 2000; i++) {
        lk_status st = i % 2 ? lk_engine_count(s->engine, &count)
                             : lk_engine_size(s->engine, prop((float)(200 + i % 7), U), &size);
        if (st == LK_ERR_BUSY)
            __atomic_add_fetch(&s->busy, 1, __ATOMIC_RELAXED);
        else if (st != LK_OK)
            __atomic_add_fetch(&s->other, 1, __ATOMIC_RELAXED);
    }
    return NULL;
}

static void test_one_engine_two_threads(void)
{
    enum { N = 200000 };
    float *w = (float *)xmalloc(N * 4), *h = (float *)xmalloc(N * 4);
    lk_layout L;
    Shared s = {NULL, 0, 0};
    pthread_t a, b;
    lk_items items = lk_items_default();
    size_t i;
    lk_size size, fresh;
    g_section = "engine: two threads at once";
    for (i = 0; i < N; i++) {
        w[i] = (float)(24 + below(177));
        h[i] = (float)(16 + below(25));
    }
    items = items_of(N, w, h);
    lk_layout_default(LK_LAYOUT_FLOW, &L);
    CHECK_ST(lk_engine_create(&L, &s.engine), LK_OK);
    CHECK_ST(lk_engine_set_items(s.engine, &items), LK_OK);
    CHECK(pthread_create(&a, NULL, hammer, &s) == 0);
    CHECK(pthread_create(&b, NULL, hammer, &s) == 0);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    CHECK_I(s.other, 0);
    printf("     %d of 4000 calls found the engine busy\n", s.busy);
    CHECK_ST(lk_engine_size(s.engine, prop(201, U), &size), LK_OK);
    CHECK_ST(lk_layout_size(&items, &L, prop(201, U), &fresh), LK_OK);
    CHECK(memcmp(&size, &fresh, sizeof size) == 0);
    lk_engine_destroy(s.engine);
    free(w);
    free(h);
}

int main(int argc, char **argv)
{
    int status = start_tests(argc, argv);
    if (status >= 0)
        return status;
    printf("kernel: %s\n", lk_active_kernel());
    test_random_sequences();
    test_items_of_one_size();
    test_featured_flows();
    test_tall_list();
    test_errors_change_nothing();
    test_get_items();
    test_one_engine_two_threads();
    return finish_tests();
}
