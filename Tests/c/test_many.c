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
#define _GNU_SOURCE /* sched_getaffinity, sched_setaffinity */
#include "check.h"

#ifdef __linux__
#include <sched.h>
#endif

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
    m->bytes = c * (4 + 4 + 8 + 8 + 8 + 16) + n * 16 + k * (8 + 8 + 8 + 4 + 4);
    m->block = (unsigned char *)xmalloc(m->bytes);
    memset(m->block, CANARY, m->bytes);
    m->containers = containers;
    m->items = items;
    m->rows = rows;
    memset(&m->r, CANARY, sizeof m->r);
    m->r.struct_size = sizeof m->r;
    p = m->block; /* 8-byte columns first, so every column is aligned */
    m->r.rows = (size_t *)p; p += c * 8;
    m->r.row_offset = (int64_t *)p; p += c * 8;
    m->r.hidden = (size_t *)p; p += c * 8;
    m->r.row_start = (int64_t *)p; p += k * 8;
    m->r.row_length = (int64_t *)p; p += k * 8;
    m->r.row_y = (double *)p; p += k * 8;
    m->r.width = (float *)p; p += c * 4;
    m->r.height = (float *)p; p += c * 4;
    m->r.overflow_x = (float *)p; p += c * 4;
    m->r.overflow_y = (float *)p; p += c * 4;
    m->r.overflow_width = (float *)p; p += c * 4;
    m->r.overflow_height = (float *)p; p += c * 4;
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
           TAIL(m->r.hidden, m->containers) && TAIL(m->r.overflow_x, m->containers) &&
           TAIL(m->r.overflow_y, m->containers) && TAIL(m->r.overflow_width, m->containers) &&
           TAIL(m->r.overflow_height, m->containers) &&
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

/* Items with every optional array: spacing preferences, and break flags on
 * about one item in `break_one_in` (none for 0). */
typedef struct {
    float *w, *h, *lead, *trail, *top, *bottom;
    uint8_t *flags;
    lk_items items;
} Input;

static void input_alloc(Input *in, size_t n, int break_one_in)
{
    size_t i;
    in->w = (float *)xmalloc(n * sizeof(float));
    in->h = (float *)xmalloc(n * sizeof(float));
    in->lead = (float *)xmalloc(n * sizeof(float));
    in->trail = (float *)xmalloc(n * sizeof(float));
    in->top = (float *)xmalloc(n * sizeof(float));
    in->bottom = (float *)xmalloc(n * sizeof(float));
    in->flags = (uint8_t *)xmalloc(n);
    for (i = 0; i < n; i++) {
        in->lead[i] = grid_length(8);
        in->trail[i] = grid_length(8);
        in->top[i] = grid_length(6);
        in->bottom[i] = grid_length(6);
        in->flags[i] = break_one_in > 0 && next_random() % (unsigned)break_one_in == 0
                           ? LK_ITEM_BREAK_BEFORE : 0;
    }
    in->items = items_of(n, in->w, in->h);
    in->items.spacing_leading = in->lead;
    in->items.spacing_trailing = in->trail;
    in->items.spacing_top = in->top;
    in->items.spacing_bottom = in->bottom;
    in->items.flags = in->flags;
}

/* Random sizes on the 1/64 grid below (wmax, hmax). */
static void input_make(Input *in, size_t n, unsigned wmax, unsigned hmax, int break_one_in)
{
    size_t i;
    input_alloc(in, n, break_one_in);
    for (i = 0; i < n; i++) {
        in->w[i] = grid_length(wmax);
        in->h[i] = grid_length(hmax);
    }
}

static void input_free(Input *in)
{
    free(in->w);
    free(in->h);
    free(in->lead);
    free(in->trail);
    free(in->top);
    free(in->bottom);
    free(in->flags);
}

/* Items first ..< first + n of `it`, every array it has. */
static lk_items items_slice(const lk_items *it, size_t first, size_t n)
{
    lk_items part = *it;
#define AT(f) part.f = it->f ? it->f + first : NULL
    part.count = n;
    AT(widths);
    AT(heights);
    AT(spacing_leading);
    AT(spacing_trailing);
    AT(spacing_top);
    AT(spacing_bottom);
    AT(flags);
#undef AT
    return part;
}

/* Random container sizes adding up to the returned count: 0 for about one in five. */
static size_t *random_counts(size_t containers, unsigned max, size_t *total)
{
    size_t *counts = (size_t *)xmalloc(containers * sizeof *counts), k;
    *total = 0;
    for (k = 0; k < containers; k++) {
        counts[k] = next_random() % 5 == 0 ? 0 : next_random() % (max + 1);
        *total += counts[k];
    }
    return counts;
}

/* A proposal axis: unspecified, infinite, 0 or a random length below max. */
static float random_axis(unsigned max, int unspecified_one_in)
{
    uint64_t r = next_random() % 16;
    if (r < (uint64_t)unspecified_one_in)
        return U;
    if (r == 15)
        return INFINITY;
    if (r == 14)
        return 0;
    return (float)(next_random() % max);
}

static lk_proposal *random_proposals(size_t containers)
{
    lk_proposal *p = (lk_proposal *)xmalloc(containers * sizeof *p);
    size_t k;
    for (k = 0; k < containers; k++)
        p[k] = prop(random_axis(300, 3), random_axis(100, 8));
    return p;
}

#define VARIANTS 4

/* The layout of kind `kind` in one of VARIANTS sets of parameters:
 * 0 fixed gaps; 1 other alignments, a flow of at most two lines with a "+N"
 * item, an adaptive fill grid, a vertical balanced stack; 2 the items' own spacing preferences, an adaptive fit grid; 3 every
 * parameter at its default. */
static lk_layout layout_of(int32_t kind, int variant)
{
    lk_layout L;
    lk_layout_default(kind, &L);
    if (variant == 3)
        return L;
    L.flow.spacing = 4;
    L.flow.line_spacing = 2;
    L.stack.spacing = 3;
    L.grid.columns = 3;
    L.grid.spacing = 2;
    L.grid.line_spacing = 5;
    L.balanced.spacing = 2;
    L.circle.radius = 60;
    if (variant == 1) {
        L.flow.alignment.x = 0.5f;
        L.flow.alignment.y = 1.0f;
        L.flow.max_lines = 2;
        L.flow.overflow_item.width = 24;
        L.flow.overflow_item.height = 10;
        L.stack.alignment.x = 0;
        L.stack.alignment.y = 1;
        L.grid.columns = 0;
        L.grid.min_column_width = 30;
        L.grid.sizing = LK_GRID_FILL;
        L.grid.alignment.x = 1;
        L.grid.alignment.y = 1;
        L.balanced.axis = LK_AXIS_VERTICAL;
        L.circle.start_angle = 1;
        L.circle.anchor.x = 0;
        L.circle.anchor.y = 0;
    } else if (variant == 2) {
        L.flow.spacing_mode = LK_SPACING_PER_ITEM;
        L.flow.line_spacing_mode = LK_SPACING_PER_ITEM;
        L.flow.alignment.x = 1;
        L.flow.alignment.y = 0.5f;
        L.stack.spacing_mode = LK_SPACING_PER_ITEM;
        L.stack.alignment.x = 0.25f;
        L.stack.alignment.y = 0.75f;
        L.grid.columns = 0;
        L.grid.min_column_width = 20;
        L.balanced.spacing_mode = LK_SPACING_PER_ITEM;
        L.circle.radius = 0;
    }
    return L;
}

static const int32_t g_kinds[] = {LK_LAYOUT_FLOW, LK_LAYOUT_HSTACK, LK_LAYOUT_VSTACK,
                                  LK_LAYOUT_ZSTACK, LK_LAYOUT_GRID, LK_LAYOUT_BALANCED,
                                  LK_LAYOUT_CIRCLE};
#define KINDS (sizeof g_kinds / sizeof *g_kinds)

/* ------------------------------------------------------------------------ */
/* Every container as if alone                                               */
/* ------------------------------------------------------------------------ */

static void check_against_alone(const lk_items *items, const lk_layout *L, const size_t *counts,
                                size_t containers, const lk_proposal *proposals,
                                size_t proposal_count, const Many *m)
{
    size_t k, first = 0, i, r, rows_before = 0;
    for (k = 0; k < containers; k++) {
        lk_items part = items_slice(items, first, counts[k]);
        Out o;
        lk_status st;
        size_t n = counts[k];
        int64_t row0 = m->r.row_offset[k];
        out_alloc(&o, n, n);
        st = lk_layout_place(&part, L, proposals[proposal_count == 1 ? 0 : k], &o.r);
        CHECK_ST(st, LK_OK);
        set_case("kind %d container %zu of %zu (%zu items)", (int)L->kind, k, containers, n);
        CHECK(memcmp(&m->r.width[k], &o.r.width, 4) == 0);
        CHECK(memcmp(&m->r.height[k], &o.r.height, 4) == 0);
        CHECK_Z(m->r.rows[k], o.r.rows);
        CHECK_I(row0, rows_before);
        CHECK_Z(m->r.hidden[k], o.r.hidden);
        if (o.r.overflow_placed) {
            CHECK(memcmp(&m->r.overflow_x[k], &o.r.overflow_x, 4) == 0);
            CHECK(memcmp(&m->r.overflow_y[k], &o.r.overflow_y, 4) == 0);
            CHECK(memcmp(&m->r.overflow_width[k], &o.r.overflow_width, 4) == 0);
            CHECK(memcmp(&m->r.overflow_height[k], &o.r.overflow_height, 4) == 0);
        } else {
            CHECK(isnan(m->r.overflow_x[k]) && isnan(m->r.overflow_y[k]) && isnan(m->r.overflow_width[k]) &&
                  isnan(m->r.overflow_height[k]));
        }
        CHECK(n == 0 || memcmp(m->r.x + first, o.x, n * 4) == 0);
        CHECK(n == 0 || memcmp(m->r.y + first, o.y, n * 4) == 0);
        CHECK(n == 0 || memcmp(m->r.item_width + first, o.item_w, n * 4) == 0);
        CHECK(n == 0 || memcmp(m->r.item_height + first, o.item_h, n * 4) == 0);
        for (r = 0; r < o.r.rows && (size_t)row0 + r < m->rows; r++) {
            i = (size_t)row0 + r;
            CHECK_I(m->r.row_start[i], o.row_start[r]);
            CHECK_I(m->r.row_length[i], o.row_length[r]);
            CHECK(memcmp(&m->r.row_y[i], &o.row_y[r], 8) == 0);
            CHECK(memcmp(&m->r.row_width[i], &o.row_w[r], 4) == 0);
            CHECK(memcmp(&m->r.row_height[i], &o.row_h[r], 4) == 0);
        }
        out_free(&o);
        first += n;
        rows_before += m->r.rows[k];
    }
    set_case("%s", "");
}

/* Lays out a batch into a table of `rows` rows and checks it against every
 * container alone; the rows it made. */
static size_t many_against_alone(const lk_items *items, const lk_layout *L, const size_t *counts,
                                 size_t containers, const lk_proposal *proposals,
                                 size_t proposal_count, size_t rows)
{
    Many m;
    size_t total, k, sum = 0;
    many_alloc(&m, containers, items->count, rows);
    CHECK_ST(lk_layout_many(items, L, counts, containers, proposals, proposal_count, &m.r), LK_OK);
    CHECK(many_guards_intact(&m));
    check_against_alone(items, L, counts, containers, proposals, proposal_count, &m);
    total = m.r.total_rows;
    for (k = 0; k < containers; k++)
        sum += m.r.rows[k];
    CHECK_Z(total, sum);
    many_free(&m);
    return total;
}

static void test_every_container_as_if_alone(void)
{
    size_t kind, trial;
    g_section = "lk_layout_many: every container as if alone";
    for (kind = 0; kind < KINDS; kind++) {
        for (trial = 0; trial < 48; trial++) {
            size_t containers = 1 + next_random() % 40, n, total;
            size_t *counts = random_counts(containers, 19, &n);
            lk_proposal *proposals = random_proposals(containers);
            size_t proposal_count = trial % 2 ? containers : 1;
            lk_layout L = layout_of(g_kinds[kind], (int)(trial / 2 % VARIANTS));
            Input in;
            input_make(&in, n, 60, 30, trial % 3 == 0 ? 4 : 0);
            /* The row table with room for every item, then with exactly the rows. */
            total = many_against_alone(&in.items, &L, counts, containers, proposals, proposal_count, n);
            CHECK_Z(many_against_alone(&in.items, &L, counts, containers, proposals, proposal_count,
                                       total), total);
            if (total > 0) { /* one row short: an error, nothing written */
                Many m;
                unsigned char *before;
                many_alloc(&m, containers, n, total - 1);
                before = (unsigned char *)xmalloc(m.bytes);
                memcpy(before, m.block, m.bytes);
                CHECK_ST(lk_layout_many(&in.items, &L, counts, containers, proposals, proposal_count,
                                        &m.r), LK_ERR_BUFFER_TOO_SMALL);
                CHECK_Z(lk_last_error_required(), total);
                CHECK(memcmp(before, m.block, m.bytes) == 0);
                free(before);
                many_free(&m);
            }
            input_free(&in);
            free(counts);
            free(proposals);
        }
    }

    g_section = "lk_layout_many: empty containers only, and no row table";
    {
        size_t counts[4] = {0, 0, 0, 0}, k;
        lk_items none = items_of(0, NULL, NULL);
        lk_layout L = layout_of(LK_LAYOUT_FLOW, 0);
        lk_proposal one = {100, U};
        Many m;
        many_alloc(&m, 4, 0, 0);
        m.r.x = m.r.y = NULL; /* no items: x and y may be NULL */
        CHECK_ST(lk_layout_many(&none, &L, counts, 4, &one, 1, &m.r), LK_OK);
        CHECK_Z(m.r.total_rows, 0);
        for (k = 0; k < 4; k++) {
            CHECK_F(m.r.width[k], 100);
            CHECK_F(m.r.height[k], 0);
            CHECK_Z(m.r.rows[k], 0);
            CHECK_I(m.r.row_offset[k], 0);
        }
        many_free(&m);
    }
    {
        size_t counts[3] = {3, 0, 2};
        float w[5] = {30, 40, 50, 60, 70}, h[5] = {5, 6, 7, 8, 9};
        lk_items items = items_of(5, w, h);
        lk_layout L = layout_of(LK_LAYOUT_FLOW, 0);
        lk_proposal one = {80, U};
        Many m;
        many_alloc(&m, 3, 5, 0);
        m.r.row_start = NULL; /* no row table: row_capacity 0 is enough */
        m.r.row_length = NULL;
        m.r.row_y = NULL;
        m.r.row_width = NULL;
        m.r.row_height = NULL;
        m.r.item_width = NULL;
        m.r.item_height = NULL;
        m.r.rows = NULL;
        m.r.row_offset = NULL;
        CHECK_ST(lk_layout_many(&items, &L, counts, 3, &one, 1, &m.r), LK_OK);
        CHECK_Z(m.r.total_rows, 4); /* 30+4+40 | 50 ; 60 | 70 */
        CHECK_F(m.r.height[0], 6 + 2 + 7);
        CHECK_F(m.r.x[3], 0);
        CHECK_F(m.r.y[4], 10);
        CHECK(bytes_are_canary(m.block, 2 * 8 * (3 + GUARD))); /* rows, row_offset */
        many_free(&m);
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
    lk_many_result copy = lk_many_result_default();
    lk_status st;
    memcpy(before, m->block, m->bytes);
    if (r)
        copy = *r;
    st = lk_layout_many(items, L, counts, containers, proposals, proposal_count, r);
    ck_st(loc, "status", st, want);
    ck_has(loc, "message", lk_last_error_message(), needle);
    ck_true(loc, "outputs unchanged", memcmp(before, m->block, m->bytes) == 0);
    ck_true(loc, "result unchanged (total_rows included)", r == NULL || memcmp(&copy, r, sizeof copy) == 0);
    free(before);
}

static void test_errors(void)
{
    float w[6] = {10, 20, 30, 40, 50, 60}, h[6] = {5, 5, 5, 5, 5, 5};
    float bad[6] = {10, 20, 30, 40, 50, 60}, neg[6] = {5, 5, 5, 5, 5, -1};
    uint8_t flags[6] = {0, 0, 0, 0x80, 0, 0};
    size_t counts[3] = {2, 0, 4}, over[3] = {2, 1, 4}, under[3] = {2, 0, 3};
    size_t five[5] = {1, 2, 0, 2, 1};
    lk_proposal proposals[5], one = {100, U};
    lk_items items = items_of(6, w, h), bad_items;
    lk_layout L = layout_of(LK_LAYOUT_FLOW, 0), bad_layout;
    Many m;
    lk_many_result r = lk_many_result_default();
    g_section = "lk_layout_many: errors write nothing";
    proposals[0] = prop(100, U);
    proposals[1] = prop(100, U);
    proposals[2] = prop(-3, U);
    proposals[3] = prop(100, 20);
    proposals[4] = prop(100, U);
    many_alloc(&m, 5, 6, 6);

    r = m.r;
    expect_many_error(LOC, NULL, &L, counts, 3, &one, 1, &m, &r, LK_ERR_NULL_POINTER, "items");
    expect_many_error(LOC, &items, NULL, counts, 3, &one, 1, &m, &r, LK_ERR_NULL_POINTER, "layout");
    expect_many_error(LOC, &items, &L, counts, 3, &one, 1, &m, NULL, LK_ERR_NULL_POINTER, "result");
    expect_many_error(LOC, &items, &L, NULL, 3, &one, 1, &m, &r, LK_ERR_NULL_POINTER, "counts");
    expect_many_error(LOC, &items, &L, counts, 3, NULL, 1, &m, &r, LK_ERR_NULL_POINTER, "proposals");
    expect_many_error(LOC, &items, &L, counts, 3, NULL, 3, &m, &r, LK_ERR_NULL_POINTER, "proposals");
    expect_many_error(LOC, &items, &L, over, 3, &one, 1, &m, &r, LK_ERR_INVALID_PARAMETER, "counts[2]");
    expect_many_error(LOC, &items, &L, under, 3, &one, 1, &m, &r, LK_ERR_INVALID_PARAMETER,
                      "add up to 5");
    expect_many_error(LOC, &items, &L, counts, 0, &one, 1, &m, &r, LK_ERR_INVALID_PARAMETER,
                      "containers is 0");
    expect_many_error(LOC, &items, &L, counts, 3, proposals, 2, &m, &r, LK_ERR_INVALID_PARAMETER,
                      "proposal_count");
    expect_many_error(LOC, &items, &L, counts, 3, proposals, 0, &m, &r, LK_ERR_INVALID_PARAMETER,
                      "proposal_count");
    expect_many_error(LOC, &items, &L, counts, 3, proposals, 3, &m, &r, LK_ERR_INVALID_PROPOSAL,
                      "proposals[2].width");
    proposals[2] = prop(100, U);
    proposals[3] = prop(NAN, -INFINITY);
    expect_many_error(LOC, &items, &L, five, 5, proposals, 5, &m, &r, LK_ERR_INVALID_PROPOSAL,
                      "proposals[3].height");
    proposals[3] = prop(-INFINITY, 20);
    expect_many_error(LOC, &items, &L, five, 5, proposals, 5, &m, &r, LK_ERR_INVALID_PROPOSAL,
                      "proposals[3].width");
    expect_many_error(LOC, &items, &L, five, 5, proposals + 3, 1, &m, &r, LK_ERR_INVALID_PROPOSAL,
                      "proposals[0].width");
    expect_many_error(LOC, &items, &L, (const size_t *)NULL, (size_t)1 << 61, &one, 1, &m, &r,
                      LK_ERR_SIZE_OVERFLOW, "containers");

    bad_layout = L;
    bad_layout.kind = 42;
    expect_many_error(LOC, &items, &bad_layout, counts, 3, &one, 1, &m, &r, LK_ERR_INVALID_PARAMETER,
                      "kind");
    bad_layout = L;
    bad_layout.flow.spacing = -1;
    expect_many_error(LOC, &items, &bad_layout, counts, 3, &one, 1, &m, &r, LK_ERR_INVALID_PARAMETER,
                      "spacing");

    r.container_capacity = 2;
    expect_many_error(LOC, &items, &L, counts, 3, &one, 1, &m, &r, LK_ERR_BUFFER_TOO_SMALL,
                      "container_capacity");
    CHECK_Z(lk_last_error_required(), 3);
    r = m.r;
    r.item_capacity = 5;
    expect_many_error(LOC, &items, &L, counts, 3, &one, 1, &m, &r, LK_ERR_BUFFER_TOO_SMALL,
                      "item_capacity");
    CHECK_Z(lk_last_error_required(), 6);
    r = m.r;
    r.row_capacity = 1; /* the table is wanted through one column only */
    r.row_start = NULL;
    r.row_length = NULL;
    r.row_width = NULL;
    r.row_height = NULL;
    expect_many_error(LOC, &items, &L, counts, 3, &one, 1, &m, &r, LK_ERR_BUFFER_TOO_SMALL,
                      "row_capacity");
    CHECK_Z(lk_last_error_required(), 4); /* 10 20 | 30 40 | 50 | 60 */
    r = m.r;
    r.width = NULL;
    expect_many_error(LOC, &items, &L, counts, 3, &one, 1, &m, &r, LK_ERR_NULL_POINTER, "result.width");
    r = m.r;
    r.x = NULL;
    expect_many_error(LOC, &items, &L, counts, 3, &one, 1, &m, &r, LK_ERR_NULL_POINTER, "result.x");

    /* Overlaps: outputs with each other, with an input, with the result struct. */
    r = m.r;
    r.y = r.x;
    expect_many_error(LOC, &items, &L, counts, 3, &one, 1, &m, &r, LK_ERR_INVALID_PARAMETER, "overlaps");
    r = m.r;
    r.row_y = (double *)(void *)r.row_start;
    expect_many_error(LOC, &items, &L, counts, 3, &one, 1, &m, &r, LK_ERR_INVALID_PARAMETER, "overlaps");
    r = m.r;
    r.height = r.width + 1; /* one float into width's 3 */
    expect_many_error(LOC, &items, &L, counts, 3, &one, 1, &m, &r, LK_ERR_INVALID_PARAMETER, "overlaps");
    r = m.r;
    r.x = w; /* an output on an input */
    expect_many_error(LOC, &items, &L, counts, 3, &one, 1, &m, &r, LK_ERR_INVALID_PARAMETER, "items.widths");
    {
        size_t counts_copy[3 + GUARD];
        lk_proposal proposal_copy[3];
        memcpy(counts_copy, counts, sizeof counts);
        r = m.r;
        r.rows = counts_copy;
        expect_many_error(LOC, &items, &L, counts_copy, 3, &one, 1, &m, &r, LK_ERR_INVALID_PARAMETER,
                          "counts");
        memcpy(proposal_copy, proposals, sizeof proposal_copy);
        r = m.r;
        r.width = (float *)(void *)proposal_copy;
        expect_many_error(LOC, &items, &L, counts, 3, proposal_copy, 3, &m, &r, LK_ERR_INVALID_PARAMETER,
                          "proposals");
        r = m.r;
        r.row_offset = (int64_t *)(void *)&r; /* an output on the result struct */
        expect_many_error(LOC, &items, &L, counts, 3, &one, 1, &m, &r, LK_ERR_INVALID_PARAMETER,
                          "result");
    }

    /* Invalid items, named by their index in all the items, and by their container
     * and index there when the counts reach them. */
    r = m.r;
    bad[4] = NAN;
    bad_items = items_of(6, bad, h);
    expect_many_error(LOC, &bad_items, &L, counts, 3, &one, 1, &m, &r, LK_ERR_INVALID_ITEM_SIZE, "widths[4]");
    CHECK_I(lk_last_error_index(), 4);
    CHECK(strstr(lk_last_error_message(), "(container 2, its item 2)") != NULL);
    {
        size_t short_counts[2] = {1, 2}; /* they reach items 0 .. 2 only */
        expect_many_error(LOC, &bad_items, &L, short_counts, 2, &one, 1, &m, &r, LK_ERR_INVALID_ITEM_SIZE,
                          "widths[4]");
        CHECK(strstr(lk_last_error_message(), "container") == NULL);
    }
    bad_items = items_of(6, w, neg);
    expect_many_error(LOC, &bad_items, &L, counts, 3, &one, 1, &m, &r, LK_ERR_INVALID_ITEM_SIZE, "heights[5]");
    CHECK_I(lk_last_error_index(), 5);
    bad_items = items_of(6, w, h);
    bad_items.flags = flags;
    expect_many_error(LOC, &bad_items, &L, counts, 3, &one, 1, &m, &r, LK_ERR_INVALID_ITEM_FLAGS, "flags[3]");

    /* No containers and no items: fine, and counts and proposals may be NULL. */
    {
        lk_items none = items_of(0, NULL, NULL);
        CHECK_ST(lk_layout_many(&none, &L, NULL, 0, NULL, 0, &r), LK_OK);
        CHECK_Z(r.total_rows, 0);
        CHECK(bytes_are_canary(m.block, m.bytes));
    }
    many_free(&m);
}

/* ------------------------------------------------------------------------ */
/* Threads                                                                   */
/* ------------------------------------------------------------------------ */

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

/* Equal results of one layout of n items: every output, every row in use. */
static int same_out(const Out *a, const Out *b, size_t n)
{
    size_t k = a->r.rows;
#define SAME(f, len) (memcmp(a->f, b->f, (len) * sizeof *a->f) == 0)
    return k == b->r.rows && memcmp(&a->r.width, &b->r.width, 4) == 0 &&
           memcmp(&a->r.height, &b->r.height, 4) == 0 && SAME(x, n) && SAME(y, n) &&
           SAME(item_w, n) && SAME(item_h, n) && SAME(row_start, k) && SAME(row_length, k) &&
           SAME(row_y, k) && SAME(row_w, k) && SAME(row_h, k) && out_guards_intact(a);
#undef SAME
}

static void run_many(Many *m, const lk_items *items, const lk_layout *L, const size_t *counts,
                     size_t containers, const lk_proposal *proposals, size_t proposal_count,
                     size_t rows)
{
    many_alloc(m, containers, items->count, rows);
    CHECK_ST(lk_layout_many(items, L, counts, containers, proposals, proposal_count, &m->r), LK_OK);
}

/* The CPUs this thread may run on (its affinity mask), at most 257: what 0 allows. */
static size_t usable_cpus(void)
{
    size_t cpus = (size_t)sysconf(_SC_NPROCESSORS_ONLN);
#ifdef __linux__
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0)
        cpus = (size_t)CPU_COUNT(&set);
#endif
    return cpus > 257 ? 257 : cpus;
}

static void test_thread_setting(void)
{
    size_t cpus = usable_cpus();
    const char *env = getenv("LAYOUTKERNEL_THREADS");
    g_section = "threads: lk_set_max_threads and lk_max_threads";
    if (env && *env) { /* the first value comes from the environment */
        char *end;
        unsigned long long v = strtoull(env, &end, 10);
        if (*end == '\0')
            CHECK_Z(lk_max_threads(), v == 0 || v > cpus ? cpus : (size_t)v);
    } else {
        CHECK_Z(lk_max_threads(), cpus);
    }
    lk_set_max_threads(1);
    CHECK_Z(lk_max_threads(), 1);
    lk_set_max_threads(3);
    CHECK_Z(lk_max_threads(), cpus < 3 ? cpus : 3);
    lk_set_max_threads(2);
    CHECK_Z(lk_max_threads(), cpus < 2 ? cpus : 2);
    lk_set_max_threads(SIZE_MAX);
    CHECK_Z(lk_max_threads(), cpus);
    lk_set_max_threads(0);
    CHECK_Z(lk_max_threads(), cpus);
}

/* A thread pinned to fewer CPUs, after the library loaded and used its pool, may
 * use only those; a flow large enough to split still equals one thread's. */
static void test_affinity(void)
{
#ifdef __linux__
    enum { ITEMS = 300000 };
    cpu_set_t old, fewer;
    int cpu, first = -1, second = -1;
    float *w = (float *)xmalloc(ITEMS * 4), *h = (float *)xmalloc(ITEMS * 4);
    lk_items items = lk_items_default();
    lk_flow_params params = lk_flow_params_default();
    Out one, pinned;
    size_t i;
    g_section = "threads: the affinity mask bounds lk_max_threads";
    CHECK(sched_getaffinity(0, sizeof old, &old) == 0);
    for (cpu = 0; cpu < CPU_SETSIZE && second < 0; cpu++)
        if (CPU_ISSET(cpu, &old)) {
            if (first < 0)
                first = cpu;
            else
                second = cpu;
        }
    for (i = 0; i < ITEMS; i++) {
        w[i] = (float)(10 + i % 37);
        h[i] = (float)(5 + i % 11);
    }
    items = items_of(ITEMS, w, h);
    out_alloc(&one, ITEMS, ITEMS);
    out_alloc(&pinned, ITEMS, ITEMS);
    lk_set_max_threads(1);
    CHECK_ST(lk_flow_layout(&items, &params, prop(700, U), &one.r), LK_OK);
    lk_set_max_threads(0);
    CHECK_ST(lk_flow_layout(&items, &params, prop(700, U), &pinned.r), LK_OK); /* the pool, if CPUs allow */
    CPU_ZERO(&fewer);
    CPU_SET(first, &fewer);
    CHECK(sched_setaffinity(0, sizeof fewer, &fewer) == 0);
    CHECK_Z(lk_max_threads(), 1);
    lk_set_max_threads(8);
    CHECK_Z(lk_max_threads(), 1);
    memset(pinned.x, 0, ITEMS * 4);
    CHECK_ST(lk_flow_layout(&items, &params, prop(700, U), &pinned.r), LK_OK);
    CHECK(memcmp(one.x, pinned.x, ITEMS * 4) == 0 && memcmp(one.y, pinned.y, ITEMS * 4) == 0);
    CHECK_Z(pinned.r.rows, one.r.rows);
    if (second >= 0) {
        CPU_SET(second, &fewer);
        CHECK(sched_setaffinity(0, sizeof fewer, &fewer) == 0);
        CHECK_Z(lk_max_threads(), 2);
        lk_set_max_threads(0);
        CHECK_Z(lk_max_threads(), 2);
    } else {
        printf("     one CPU in the affinity mask: two CPUs not tried\n");
    }
    CHECK(sched_setaffinity(0, sizeof old, &old) == 0);
    lk_set_max_threads(0);
    CHECK_Z(lk_max_threads(), usable_cpus());
    out_free(&one);
    out_free(&pinned);
    free(w);
    free(h);
#endif
}

static const size_t g_settings[] = {2, 4, 8, 0};
#define SETTINGS (sizeof g_settings / sizeof *g_settings)

/* About 200,000 items in 5,000 containers, every kind: one thread's result
 * equals every container alone; 2, 4, 8 and every CPU give it bit for bit,
 * with the table holding a row per item (split) and exactly the rows
 * (counted first); a table one row short fails, writing nothing. */
static void test_big_batches(void)
{
    size_t containers = 5000, n, kind, pc, s;
    size_t *counts = random_counts(containers, 100, &n);
    lk_proposal *proposals = random_proposals(containers), one = {400, U};
    Input in;
    g_section = "threads: batches of 200,000 items equal one thread's";
    input_make(&in, n, 200, 40, 8);
    for (kind = 0; kind < KINDS; kind++) {
        for (pc = 0; pc < 2; pc++) {
            lk_layout L = layout_of(g_kinds[kind], (int)((kind + pc) % VARIANTS));
            const lk_proposal *p = pc ? proposals : &one;
            size_t p_count = pc ? containers : 1;
            Many ref, m;
            unsigned char *before;
            set_case("kind %d, %zu items, %s", (int)L.kind, n, pc ? "a proposal each" : "one proposal");
            lk_set_max_threads(1);
            run_many(&ref, &in.items, &L, counts, containers, p, p_count, n);
            CHECK(many_guards_intact(&ref));
            check_against_alone(&in.items, &L, counts, containers, p, p_count, &ref);
            set_case("kind %d, %zu items, %s", (int)L.kind, n, pc ? "a proposal each" : "one proposal");
            for (s = 0; s < SETTINGS; s++) {
                lk_set_max_threads(g_settings[s]);
                run_many(&m, &in.items, &L, counts, containers, p, p_count, n);
                ck_true(LOC, g_settings[s] == 2 ? "2 threads" : g_settings[s] == 4 ? "4 threads"
                             : g_settings[s] == 8 ? "8 threads" : "every CPU", same_many(&m, &ref));
                many_free(&m);
            }
            run_many(&m, &in.items, &L, counts, containers, p, p_count, ref.r.total_rows);
            CHECK(same_many(&m, &ref));
            many_free(&m);
            if (ref.r.total_rows > 0) {
                many_alloc(&m, containers, n, ref.r.total_rows - 1);
                before = (unsigned char *)xmalloc(m.bytes);
                memcpy(before, m.block, m.bytes);
                CHECK_ST(lk_layout_many(&in.items, &L, counts, containers, p, p_count, &m.r),
                         LK_ERR_BUFFER_TOO_SMALL);
                CHECK_Z(lk_last_error_required(), ref.r.total_rows);
                CHECK(memcmp(before, m.block, m.bytes) == 0);
                free(before);
                many_free(&m);
            }
            many_free(&ref);
        }
    }
    set_case("%s", "");
    lk_set_max_threads(0);
    input_free(&in);
    free(counts);
    free(proposals);
}

/* Runs of whole containers when the items sit in a few large containers among
 * empty ones (leading, trailing, between): every CPU equals one thread. */
static void test_skewed_batches(void)
{
    static const size_t patterns[][6] = {{0, 0, 200000, 0, 0, 0},
                                         {150000, 0, 0, 0, 0, 50000},
                                         {1, 199998, 0, 0, 0, 1},
                                         {40000, 40000, 40000, 40000, 40000, 0}};
    size_t p, kind;
    lk_proposal one = {500, U};
    Input in;
    g_section = "threads: batches of a few large containers equal one thread's";
    input_make(&in, 200000, 100, 20, 0);
    for (p = 0; p < sizeof patterns / sizeof *patterns; p++) {
        for (kind = 0; kind < KINDS; kind++) {
            lk_layout L = layout_of(g_kinds[kind], (int)(p % VARIANTS));
            Many ref, m;
            set_case("counts pattern %zu, kind %d", p, (int)L.kind);
            lk_set_max_threads(1);
            run_many(&ref, &in.items, &L, patterns[p], 6, &one, 1, 200000);
            lk_set_max_threads(0);
            run_many(&m, &in.items, &L, patterns[p], 6, &one, 1, 200000);
            CHECK(same_many(&m, &ref));
            if (p == 0) /* the empty containers after the rows start where they end */
                CHECK_I(m.r.row_offset[5], m.r.total_rows);
            many_free(&m);
            many_free(&ref);
        }
    }
    set_case("%s", "");
    input_free(&in);
}

#define LONG_FLOW 600000

/* One flow of 600,000 items (split over threads from 131,072 on): 2 and 8
 * threads equal one thread bit for bit, for varied and equal heights, four
 * alignments, fixed and the items' own gaps with breaks. Then the same items
 * as 6,000 containers of 100, and an invalid last item writing nothing. */
static void test_long_flows(void)
{
    static const float anchors[][2] = {{0, 0}, {0.5f, 0.5f}, {1, 1}, {0.25f, 0.75f}};
    static const size_t settings[] = {2, 8};
    size_t i, a, s, workload;
    Input in;
    g_section = "threads: a flow of 600,000 items equals one thread's";
    input_alloc(&in, LONG_FLOW, 50);
    for (workload = 0; workload < 3; workload++) {
        lk_items items = in.items;
        for (i = 0; i < LONG_FLOW; i++) {
            in.w[i] = (float)(24 + next_random() % 177);
            in.h[i] = workload == 1 ? 20.0f : (float)(16 + next_random() % 25);
        }
        if (workload < 2)
            items.flags = NULL;
        for (a = 0; a < sizeof anchors / sizeof *anchors; a++) {
            lk_flow_params p = lk_flow_params_default();
            lk_proposal width = {1000, U};
            Out ref, o;
            p.spacing = 6;
            p.line_spacing = 4;
            if (workload == 2)
                p.spacing_mode = p.line_spacing_mode = LK_SPACING_PER_ITEM;
            p.alignment.x = anchors[a][0];
            p.alignment.y = anchors[a][1];
            set_case("%s heights%s, alignment (%g, %g)", workload == 1 ? "equal" : "varied",
                     workload == 2 ? ", own gaps and breaks" : "", anchors[a][0], anchors[a][1]);
            lk_set_max_threads(1);
            out_alloc(&ref, LONG_FLOW, LONG_FLOW);
            CHECK_ST(lk_flow_layout(&items, &p, width, &ref.r), LK_OK);
            for (s = 0; s < sizeof settings / sizeof *settings; s++) {
                lk_set_max_threads(settings[s]);
                out_alloc(&o, LONG_FLOW, LONG_FLOW);
                CHECK_ST(lk_flow_layout(&items, &p, width, &o.r), LK_OK);
                ck_true(LOC, settings[s] == 2 ? "2 threads" : "8 threads", same_out(&o, &ref, LONG_FLOW));
                out_free(&o);
            }
            out_free(&ref);
        }
    }

    g_section = "threads: 6,000 flows of 100 items, and an error at the last item";
    {
        size_t containers = LONG_FLOW / 100, k;
        size_t *counts = (size_t *)xmalloc(containers * sizeof *counts);
        lk_layout L = layout_of(LK_LAYOUT_FLOW, 2);
        lk_proposal one = {1000, U};
        Many ref, m;
        unsigned char *before;
        for (k = 0; k < containers; k++)
            counts[k] = 100;
        lk_set_max_threads(1);
        run_many(&ref, &in.items, &L, counts, containers, &one, 1, LONG_FLOW);
        lk_set_max_threads(0);
        run_many(&m, &in.items, &L, counts, containers, &one, 1, LONG_FLOW);
        CHECK(same_many(&m, &ref));
        many_free(&m);
        in.h[LONG_FLOW - 1] = INFINITY;
        many_alloc(&m, containers, LONG_FLOW, LONG_FLOW);
        before = (unsigned char *)xmalloc(m.bytes);
        memcpy(before, m.block, m.bytes);
        CHECK_ST(lk_layout_many(&in.items, &L, counts, containers, &one, 1, &m.r),
                 LK_ERR_INVALID_ITEM_SIZE);
        CHECK_I(lk_last_error_index(), LONG_FLOW - 1);
        CHECK(memcmp(before, m.block, m.bytes) == 0);
        free(before);
        many_free(&m);
        many_free(&ref);
        free(counts);
    }
    set_case("%s", "");
    input_free(&in);
}

/* Four user threads at once, each with its own outputs over shared inputs. */
typedef struct {
    Input in;
    size_t *counts, containers, flow_n;
    lk_layout layout;
    lk_flow_params flow;
    Many many;
    Out out;
} Shared;

static Shared g_shared;

static void shared_run(Many *m, Out *o)
{
    lk_proposal one = {400, U}, wide = {1000, U};
    lk_items flow_items = items_slice(&g_shared.in.items, 0, g_shared.flow_n);
    run_many(m, &g_shared.in.items, &g_shared.layout, g_shared.counts, g_shared.containers, &one, 1,
             g_shared.in.items.count);
    out_alloc(o, g_shared.flow_n, g_shared.flow_n);
    CHECK_ST(lk_flow_layout(&flow_items, &g_shared.flow, wide, &o->r), LK_OK);
}

static void *concurrent_caller(void *arg)
{
    Many m;
    Out o;
    int *ok = (int *)arg, round;
    *ok = 1;
    for (round = 0; round < 3; round++) {
        shared_run(&m, &o);
        *ok = *ok && same_many(&m, &g_shared.many) && same_out(&o, &g_shared.out, g_shared.flow_n);
        many_free(&m);
        out_free(&o);
    }
    return NULL;
}

/* Changes the thread setting until told to stop: calls that start meanwhile
 * must give the same results. */
static volatile int g_stop_toggling;

static void *setting_toggler(void *arg)
{
    static const size_t values[] = {1, 2, 0, 3};
    size_t i = 0, spin;
    (void)arg;
    while (!g_stop_toggling) {
        lk_set_max_threads(values[i++ % 4]);
        for (spin = 0; spin < 5000 && !g_stop_toggling; spin++)
            (void)lk_max_threads();
    }
    return NULL;
}

static void test_concurrent_callers(void)
{
    size_t n;
    pthread_t threads[4], toggler;
    int ok[4] = {0, 0, 0, 0}, t;
    g_section = "threads: four user threads at once";
    g_shared.containers = 24000;
    g_shared.counts = random_counts(g_shared.containers, 16, &n);
    g_shared.flow_n = n < 150000 ? n : 150000;
    input_make(&g_shared.in, n, 200, 40, 0);
    g_shared.layout = layout_of(LK_LAYOUT_FLOW, 1);
    g_shared.flow = g_shared.layout.flow;
    lk_set_max_threads(1);
    shared_run(&g_shared.many, &g_shared.out);
    lk_set_max_threads(0);
    for (t = 0; t < 4; t++)
        CHECK(pthread_create(&threads[t], NULL, concurrent_caller, &ok[t]) == 0);
    for (t = 0; t < 4; t++) {
        pthread_join(threads[t], NULL);
        CHECK(ok[t]);
    }

    g_section = "threads: four user threads at once, the setting changing meanwhile";
    g_stop_toggling = 0;
    CHECK(pthread_create(&toggler, NULL, setting_toggler, NULL) == 0);
    for (t = 0; t < 4; t++)
        CHECK(pthread_create(&threads[t], NULL, concurrent_caller, &ok[t]) == 0);
    for (t = 0; t < 4; t++) {
        pthread_join(threads[t], NULL);
        CHECK(ok[t]);
    }
    g_stop_toggling = 1;
    pthread_join(toggler, NULL);
    lk_set_max_threads(0);

    many_free(&g_shared.many);
    out_free(&g_shared.out);
    input_free(&g_shared.in);
    free(g_shared.counts);
}

int main(int argc, char **argv)
{
    int status = start_tests(argc, argv);
    if (status >= 0)
        return status;
    printf("kernel: %s, threads: %zu\n", lk_active_kernel(), lk_max_threads());
    test_thread_setting();
    test_affinity();
    test_every_container_as_if_alone();
    test_errors();
    test_big_batches();
    test_skewed_batches();
    test_long_flows();
    test_concurrent_callers();
    return finish_tests();
}
