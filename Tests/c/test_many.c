/*
 * lk_layout_many and the thread setting, through the C API:
 *  - every container of a batch equals lk_layout_place of that container
 *    alone, for every layout kind, with one proposal and with one each;
 *  - nothing is written past a capacity, and nothing at all on an error
 *    (every output byte compared with a snapshot);
 *  - a batch, and a large flow, split over threads equal one thread's, also
 *    with several user threads calling at once;
 *  - lk_set_max_threads / lk_max_threads.
 */
#include "check.h"

/* ------------------------------------------------------------------------ */
/* A batch's outputs: one block, every byte canary, GUARD spare elements     */
/* ------------------------------------------------------------------------ */

typedef struct {
    unsigned char *block;
    size_t bytes;
    size_t containers, items, rows; /* capacities */
    lk_many_result r;
} Many;

static void many_alloc(Many *m, size_t containers, size_t items, size_t rows)
{
    size_t c = containers + GUARD, n = items + GUARD, k = rows + GUARD;
    unsigned char *p;
    m->bytes = c * (4 + 4 + 8 + 8) + n * 16 + k * (8 + 8 + 8 + 4 + 4);
    m->block = (unsigned char *)xmalloc(m->bytes);
    memset(m->block, CANARY, m->bytes);
    m->containers = containers;
    m->items = items;
    m->rows = rows;
    memset(&m->r, CANARY, sizeof m->r);
    p = m->block; /* 8-byte columns first, so every column is aligned */
    m->r.rows = (size_t *)p; p += c * 8;
    m->r.row_offset = (int64_t *)p; p += c * 8;
    m->r.row_start = (int64_t *)p; p += k * 8;
    m->r.row_length = (int64_t *)p; p += k * 8;
    m->r.row_y = (double *)p; p += k * 8;
    m->r.width = (float *)p; p += c * 4;
    m->r.height = (float *)p; p += c * 4;
    m->r.x = (float *)p; p += n * 4;
    m->r.y = (float *)p; p += n * 4;
    m->r.item_width = (float *)p; p += n * 4;
    m->r.item_height = (float *)p; p += n * 4;
    m->r.row_width = (float *)p; p += k * 4;
    m->r.row_height = (float *)p;
    m->r.container_capacity = containers;
    m->r.item_capacity = items;
    m->r.row_capacity = rows;
}

static void many_free(Many *m) { free(m->block); }

/* Whether the elements past each capacity are all canary. */
static int many_guards_intact(const Many *m)
{
#define TAIL(ptr, cap) bytes_are_canary((ptr) + (cap), GUARD * sizeof *(ptr))
    return TAIL(m->r.width, m->containers) && TAIL(m->r.height, m->containers) &&
           TAIL(m->r.rows, m->containers) && TAIL(m->r.row_offset, m->containers) &&
           TAIL(m->r.x, m->items) && TAIL(m->r.y, m->items) &&
           TAIL(m->r.item_width, m->items) && TAIL(m->r.item_height, m->items) &&
           TAIL(m->r.row_start, m->rows) && TAIL(m->r.row_length, m->rows) &&
           TAIL(m->r.row_y, m->rows) && TAIL(m->r.row_width, m->rows) &&
           TAIL(m->r.row_height, m->rows);
#undef TAIL
}

/* ------------------------------------------------------------------------ */
/* Random inputs                                                             */
/* ------------------------------------------------------------------------ */

static uint64_t g_seed = 20261124;

static uint64_t next_random(void)
{
    uint64_t z = (g_seed += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* A length on the 1/64 grid in [0, max). */
static float grid_length(unsigned max) { return (float)(next_random() % (max * 64u)) / 64.0f; }

/* The layout of kind `kind`, with some parameters away from their defaults. */
static lk_layout layout_of(int32_t kind, int variant)
{
    lk_layout L;
    lk_layout_default(kind, &L);
    L.flow.spacing = 4;
    L.flow.line_spacing = 2;
    if (variant) {
        L.flow.alignment.x = 0.5f;
        L.flow.alignment.y = 1.0f;
    }
    L.stack.spacing = 3;
    L.grid.columns = 3;
    L.grid.spacing = 2;
    L.grid.line_spacing = 5;
    if (variant) {
        L.grid.columns = 0;
        L.grid.min_column_width = 30;
        L.grid.sizing = LK_GRID_FILL;
    }
    L.balanced.spacing = 2;
    L.balanced.axis = variant ? LK_AXIS_VERTICAL : LK_AXIS_HORIZONTAL;
    L.circle.radius = 60;
    return L;
}

/* ------------------------------------------------------------------------ */
/* Every container as if alone                                               */
/* ------------------------------------------------------------------------ */

static void check_against_alone(const lk_items *items, const lk_layout *L, const size_t *counts,
                                size_t containers, const lk_proposal *proposals,
                                size_t proposal_count, const Many *m)
{
    size_t k, first = 0, i, r;
    for (k = 0; k < containers; k++) {
        lk_items part = *items;
        Out o;
        lk_status st;
        size_t n = counts[k];
        int64_t row0 = m->r.row_offset[k];
        part.count = n;
        part.widths = items->widths + first;
        part.heights = items->heights + first;
        out_alloc(&o, n, n);
        st = lk_layout_place(&part, L, proposals[proposal_count == 1 ? 0 : k], &o.r);
        CHECK_ST(st, LK_OK);
        set_case("kind %d container %zu of %zu (%zu items)", (int)L->kind, k, containers, n);
        CHECK(memcmp(&m->r.width[k], &o.r.width, 4) == 0);
        CHECK(memcmp(&m->r.height[k], &o.r.height, 4) == 0);
        CHECK_Z(m->r.rows[k], o.r.rows);
        CHECK(n == 0 || memcmp(m->r.x + first, o.x, n * 4) == 0);
        CHECK(n == 0 || memcmp(m->r.y + first, o.y, n * 4) == 0);
        CHECK(n == 0 || memcmp(m->r.item_width + first, o.item_w, n * 4) == 0);
        CHECK(n == 0 || memcmp(m->r.item_height + first, o.item_h, n * 4) == 0);
        for (r = 0; r < o.r.rows; r++) {
            i = (size_t)row0 + r;
            CHECK_I(m->r.row_start[i], o.row_start[r]);
            CHECK_I(m->r.row_length[i], o.row_length[r]);
            CHECK(memcmp(&m->r.row_y[i], &o.row_y[r], 8) == 0);
            CHECK(memcmp(&m->r.row_width[i], &o.row_w[r], 4) == 0);
            CHECK(memcmp(&m->r.row_height[i], &o.row_h[r], 4) == 0);
        }
        out_free(&o);
        first += n;
    }
}

static void test_every_container_as_if_alone(void)
{
    static const int32_t kinds[] = {LK_LAYOUT_FLOW, LK_LAYOUT_HSTACK, LK_LAYOUT_VSTACK,
                                    LK_LAYOUT_ZSTACK, LK_LAYOUT_GRID, LK_LAYOUT_BALANCED,
                                    LK_LAYOUT_CIRCLE};
    size_t kind, trial;
    g_section = "lk_layout_many: every container as if alone";
    for (kind = 0; kind < sizeof kinds / sizeof *kinds; kind++) {
        for (trial = 0; trial < 40; trial++) {
            size_t containers = 1 + next_random() % 40, n = 0, k, i, total;
            size_t *counts = (size_t *)xmalloc(containers * sizeof *counts);
            lk_proposal *proposals = (lk_proposal *)xmalloc(containers * sizeof *proposals);
            size_t proposal_count = trial % 2 ? containers : 1;
            lk_layout L = layout_of(kinds[kind], (int)(trial % 3 == 2));
            float *w, *h;
            lk_items items;
            Many m;
            lk_status st;
            for (k = 0; k < containers; k++) {
                counts[k] = next_random() % 5 == 0 ? 0 : next_random() % 20;
                n += counts[k];
                proposals[k] = prop(next_random() % 4 == 0 ? U : (float)(next_random() % 200),
                                    next_random() % 3 == 0 ? 50.0f : U);
            }
            w = (float *)xmalloc(n * sizeof *w);
            h = (float *)xmalloc(n * sizeof *h);
            for (i = 0; i < n; i++) {
                w[i] = grid_length(60);
                h[i] = grid_length(30);
            }
            items = items_of(n, w, h);
            /* The row table with room for every item, and with exactly the rows. */
            many_alloc(&m, containers, n, n);
            st = lk_layout_many(&items, &L, counts, containers, proposals, proposal_count, &m.r);
            CHECK_ST(st, LK_OK);
            CHECK(many_guards_intact(&m));
            check_against_alone(&items, &L, counts, containers, proposals, proposal_count, &m);
            total = m.r.total_rows;
            for (k = 0, i = 0; k < containers; k++)
                i += m.r.rows[k];
            CHECK_Z(total, i);
            many_free(&m);
            many_alloc(&m, containers, n, total);
            st = lk_layout_many(&items, &L, counts, containers, proposals, proposal_count, &m.r);
            CHECK_ST(st, LK_OK);
            CHECK(many_guards_intact(&m));
            check_against_alone(&items, &L, counts, containers, proposals, proposal_count, &m);
            many_free(&m);
            if (total > 0) { /* one row short: an error, nothing written */
                unsigned char *before;
                many_alloc(&m, containers, n, total - 1);
                before = (unsigned char *)xmalloc(m.bytes);
                memcpy(before, m.block, m.bytes);
                st = lk_layout_many(&items, &L, counts, containers, proposals, proposal_count, &m.r);
                CHECK_ST(st, LK_ERR_BUFFER_TOO_SMALL);
                CHECK_Z(lk_last_error_required(), total);
                CHECK(memcmp(before, m.block, m.bytes) == 0);
                free(before);
                many_free(&m);
            }
            free(w);
            free(h);
            free(counts);
            free(proposals);
        }
    }
}

/* ------------------------------------------------------------------------ */
/* Errors: the status, the message, and nothing written                       */
/* ------------------------------------------------------------------------ */

/* Runs lk_layout_many on a copy of `m`'s result and checks the status, that
 * the message holds `needle`, and that no byte of the outputs changed. */
static void expect_many_error(const char *loc, const lk_items *items, const lk_layout *L,
                         const size_t *counts, size_t containers, const lk_proposal *proposals,
                         size_t proposal_count, Many *m, lk_many_result *r, lk_status want,
                         const char *needle)
{
    unsigned char *before = (unsigned char *)xmalloc(m->bytes);
    lk_many_result copy;
    lk_status st;
    memcpy(before, m->block, m->bytes);
    if (r)
        copy = *r;
    st = lk_layout_many(items, L, counts, containers, proposals, proposal_count, r);
    ck_st(loc, "status", st, want);
    ck_has(loc, "message", lk_last_error_message(), needle);
    ck_true(loc, "outputs unchanged", memcmp(before, m->block, m->bytes) == 0);
    ck_true(loc, "result unchanged", r == NULL || memcmp(&copy, r, sizeof copy) == 0);
    free(before);
}

static void test_errors(void)
{
    float w[6] = {10, 20, 30, 40, 50, 60}, h[6] = {5, 5, 5, 5, 5, 5};
    float bad[6] = {10, 20, 30, 40, 50, 60};
    size_t counts[3] = {2, 0, 4}, over[3] = {2, 1, 4}, under[3] = {2, 0, 3};
    lk_proposal proposals[3], one = {100, U};
    lk_items items = items_of(6, w, h), bad_items;
    lk_layout L = layout_of(LK_LAYOUT_FLOW, 0);
    Many m;
    lk_many_result r;
    g_section = "lk_layout_many: errors write nothing";
    proposals[0] = prop(100, U);
    proposals[1] = prop(100, U);
    proposals[2] = prop(-3, U);
    many_alloc(&m, 3, 6, 6);

    r = m.r;
    expect_many_error(LOC, NULL, &L, counts, 3, &one, 1, &m, &r, LK_ERR_NULL_POINTER, "items");
    expect_many_error(LOC, &items, NULL, counts, 3, &one, 1, &m, &r, LK_ERR_NULL_POINTER, "layout");
    expect_many_error(LOC, &items, &L, counts, 3, &one, 1, &m, NULL, LK_ERR_NULL_POINTER, "result");
    expect_many_error(LOC, &items, &L, NULL, 3, &one, 1, &m, &r, LK_ERR_NULL_POINTER, "counts");
    expect_many_error(LOC, &items, &L, counts, 3, NULL, 1, &m, &r, LK_ERR_NULL_POINTER, "proposals");
    expect_many_error(LOC, &items, &L, over, 3, &one, 1, &m, &r, LK_ERR_INVALID_PARAMETER, "counts[2]");
    expect_many_error(LOC, &items, &L, under, 3, &one, 1, &m, &r, LK_ERR_INVALID_PARAMETER,
                 "add up to 5");
    expect_many_error(LOC, &items, &L, counts, 0, &one, 1, &m, &r, LK_ERR_INVALID_PARAMETER,
                 "containers is 0");
    expect_many_error(LOC, &items, &L, counts, 3, proposals, 2, &m, &r, LK_ERR_INVALID_PARAMETER,
                 "proposal_count");
    expect_many_error(LOC, &items, &L, counts, 3, proposals, 3, &m, &r, LK_ERR_INVALID_PROPOSAL,
                 "proposals[2].width");
    r.container_capacity = 2;
    expect_many_error(LOC, &items, &L, counts, 3, &one, 1, &m, &r, LK_ERR_BUFFER_TOO_SMALL,
                 "container_capacity");
    r = m.r;
    r.item_capacity = 5;
    expect_many_error(LOC, &items, &L, counts, 3, &one, 1, &m, &r, LK_ERR_BUFFER_TOO_SMALL,
                 "item_capacity");
    r = m.r;
    r.width = NULL;
    expect_many_error(LOC, &items, &L, counts, 3, &one, 1, &m, &r, LK_ERR_NULL_POINTER, "result.width");
    r = m.r;
    r.y = r.x;
    expect_many_error(LOC, &items, &L, counts, 3, &one, 1, &m, &r, LK_ERR_INVALID_PARAMETER, "overlaps");
    r = m.r;
    r.row_y = (double *)(void *)r.row_start;
    expect_many_error(LOC, &items, &L, counts, 3, &one, 1, &m, &r, LK_ERR_INVALID_PARAMETER, "overlaps");
    r = m.r;
    r.x = w; /* an output on an input */
    expect_many_error(LOC, &items, &L, counts, 3, &one, 1, &m, &r, LK_ERR_INVALID_PARAMETER, "items.widths");
    r = m.r;
    bad[4] = NAN;
    bad_items = items_of(6, bad, h);
    expect_many_error(LOC, &bad_items, &L, counts, 3, &one, 1, &m, &r, LK_ERR_INVALID_ITEM_SIZE, "widths[4]");
    CHECK_I(lk_last_error_index(), 4);

    /* No containers and no items: fine, and counts and proposals may be NULL. */
    {
        lk_items none = items_of(0, NULL, NULL);
        CHECK_ST(lk_layout_many(&none, &L, NULL, 0, NULL, 0, &r), LK_OK);
        CHECK_Z(r.total_rows, 0);
    }
    many_free(&m);
}

/* ------------------------------------------------------------------------ */
/* Threads                                                                   */
/* ------------------------------------------------------------------------ */

#define BIG_CONTAINERS 24000

typedef struct {
    size_t n, batch_n, containers;
    float *w, *h;
    size_t *counts;
    lk_layout layout;
    lk_flow_params flow;
} Big;

static Big g_big;

static void big_make(void)
{
    size_t k, i, n = 0;
    g_big.containers = BIG_CONTAINERS;
    g_big.counts = (size_t *)xmalloc(BIG_CONTAINERS * sizeof(size_t));
    for (k = 0; k < BIG_CONTAINERS; k++) {
        g_big.counts[k] = next_random() % 17;
        n += g_big.counts[k];
    }
    g_big.batch_n = n; /* the batch's items; all of them, and more, make one long flow */
    n += 400000;
    g_big.n = n;
    g_big.w = (float *)xmalloc(n * sizeof(float));
    g_big.h = (float *)xmalloc(n * sizeof(float));
    for (i = 0; i < n; i++) {
        g_big.w[i] = (float)(24 + next_random() % 177);
        g_big.h[i] = (float)(16 + next_random() % 25);
    }
    g_big.layout = layout_of(LK_LAYOUT_FLOW, 0);
    g_big.flow = g_big.layout.flow;
}

/* The batch, and the whole items as one centred flow, into fresh buffers. */
static void big_run(Many *m, Out *o)
{
    lk_items items = items_of(g_big.n, g_big.w, g_big.h);
    lk_items batch = items_of(g_big.batch_n, g_big.w, g_big.h);
    lk_proposal one = {400, U}, wide = {1000, U};
    lk_flow_params centred = g_big.flow;
    centred.alignment.x = 0.5f;
    centred.alignment.y = 0.5f;
    many_alloc(m, g_big.containers, g_big.batch_n, g_big.batch_n);
    out_alloc(o, g_big.n, g_big.n);
    CHECK_ST(lk_layout_many(&batch, &g_big.layout, g_big.counts, g_big.containers, &one, 1, &m->r), LK_OK);
    CHECK_ST(lk_flow_layout(&items, &centred, wide, &o->r), LK_OK);
}

/* Equal results: every container's and item's outputs and the rows in use (the
 * table past total_rows is scratch room for a call split over threads). */
static int same_many(const Many *a, const Many *b)
{
    size_t c = a->containers, n = a->items, k = a->r.total_rows;
#define SAME(f, len) (memcmp(a->r.f, b->r.f, (len) * sizeof *a->r.f) == 0)
    return k == b->r.total_rows && c == b->containers && n == b->items &&
           SAME(width, c) && SAME(height, c) && SAME(rows, c) && SAME(row_offset, c) &&
           SAME(x, n) && SAME(y, n) && SAME(item_width, n) && SAME(item_height, n) &&
           SAME(row_start, k) && SAME(row_length, k) && SAME(row_y, k) && SAME(row_width, k) &&
           SAME(row_height, k) && many_guards_intact(a);
#undef SAME
}

static int same_out(const Out *a, const Out *b)
{
    size_t n = a->r.rows;
    return a->r.rows == b->r.rows && memcmp(&a->r.width, &b->r.width, 4) == 0 &&
           memcmp(&a->r.height, &b->r.height, 4) == 0 &&
           memcmp(a->x, b->x, g_big.n * 4) == 0 && memcmp(a->y, b->y, g_big.n * 4) == 0 &&
           memcmp(a->row_start, b->row_start, n * 8) == 0 &&
           memcmp(a->row_y, b->row_y, n * 8) == 0 && memcmp(a->row_w, b->row_w, n * 4) == 0;
}

static Many g_one_many;
static Out g_one_out;

static void *concurrent_caller(void *arg)
{
    Many m;
    Out o;
    int *ok = (int *)arg;
    big_run(&m, &o);
    *ok = same_many(&m, &g_one_many) && same_out(&o, &g_one_out);
    many_free(&m);
    out_free(&o);
    return NULL;
}

static void test_threads(void)
{
    static const size_t settings[] = {2, 3, 8, 0};
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    size_t s;
    g_section = "threads: lk_set_max_threads and lk_max_threads";
    lk_set_max_threads(1);
    CHECK_Z(lk_max_threads(), 1);
    lk_set_max_threads(3);
    CHECK_Z(lk_max_threads(), cpus < 3 ? (size_t)cpus : 3);
    lk_set_max_threads(0);
    CHECK_Z(lk_max_threads(), (size_t)cpus);

    g_section = "threads: a batch and a long flow equal one thread's";
    big_make();
    lk_set_max_threads(1);
    big_run(&g_one_many, &g_one_out);
    for (s = 0; s < sizeof settings / sizeof *settings; s++) {
        Many m;
        Out o;
        lk_set_max_threads(settings[s]);
        set_case("lk_set_max_threads(%zu)", settings[s]);
        big_run(&m, &o);
        CHECK(same_many(&m, &g_one_many));
        CHECK(same_out(&o, &g_one_out));
        many_free(&m);
        out_free(&o);
    }

    g_section = "threads: four user threads at once";
    lk_set_max_threads(0);
    {
        pthread_t threads[4];
        int ok[4] = {0, 0, 0, 0}, t;
        for (t = 0; t < 4; t++)
            CHECK(pthread_create(&threads[t], NULL, concurrent_caller, &ok[t]) == 0);
        for (t = 0; t < 4; t++) {
            pthread_join(threads[t], NULL);
            CHECK(ok[t]);
        }
    }
    many_free(&g_one_many);
    out_free(&g_one_out);
    free(g_big.w);
    free(g_big.h);
    free(g_big.counts);
}

int main(int argc, char **argv)
{
    int status = start_tests(argc, argv);
    if (status >= 0)
        return status;
    printf("kernel: %s\n", lk_active_kernel());
    test_every_container_as_if_alone();
    test_errors();
    test_threads();
    return finish_tests();
}
