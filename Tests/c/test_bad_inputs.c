/*
 * test_bad_inputs.c — the bad-input matrix: for each entry point and each class
 * of bad input, the status, a message naming the argument, and nothing written
 * (every output buffer and out-parameter keeps its canary; an engine keeps its
 * items and answers). One row per cell; `--table` prints the matrix as the
 * Markdown table the README publishes.
 */
#include "check.h"

#include <math.h>

/* The valid call every row spoils one argument of: three items in a flow. */
static float g_w[3] = {10, 20, 30}, g_h[3] = {5, 6, 7};
static float g_bad[3];
static uint8_t g_flags[3];
static lk_items g_items;
static lk_flow_params g_params;
static lk_layout g_layout;
static lk_proposal g_proposal;
static lk_engine *g_engine;
static size_t g_size_out;
static int64_t g_index_out;
static lk_size g_lk_size_out;

static void reset(void)
{
    int i;
    for (i = 0; i < 3; i++) {
        g_bad[i] = g_w[i];
        g_flags[i] = 0;
    }
    g_items = items_of(3, g_w, g_h);
    g_params = lk_flow_params_default();
    g_params.spacing = 2;
    lk_layout_default(LK_LAYOUT_FLOW, &g_layout);
    g_proposal = prop(25, U);
    memset(&g_size_out, CANARY, sizeof g_size_out);
    memset(&g_index_out, CANARY, sizeof g_index_out);
    memset(&g_lk_size_out, CANARY, sizeof g_lk_size_out);
}

/* One cell: the entry point, the bad input, the status, and a word the message
 * must contain (the argument's name). `call` makes the call with o as the
 * result. */
typedef struct {
    const char *entry;
    const char *input;
    lk_status status;
    const char *names;
    lk_status (*call)(Out *o);
} Cell;

#define FLOW(o) lk_flow_layout(&g_items, &g_params, g_proposal, &(o)->r)

/* ---- items (through lk_flow_layout) ---- */
static lk_status items_null(Out *o) { return lk_flow_layout(NULL, &g_params, g_proposal, &o->r); }
static lk_status widths_null(Out *o) { g_items.widths = NULL; return FLOW(o); }
static lk_status heights_null(Out *o) { g_items.heights = NULL; return FLOW(o); }
static lk_status width_nan(Out *o) { g_bad[1] = NAN; g_items.widths = g_bad; return FLOW(o); }
static lk_status width_inf(Out *o) { g_bad[1] = INFINITY; g_items.widths = g_bad; return FLOW(o); }
static lk_status width_negative(Out *o) { g_bad[2] = -1; g_items.widths = g_bad; return FLOW(o); }
static lk_status width_too_large(Out *o) { g_bad[0] = 0x1p65f; g_items.widths = g_bad; return FLOW(o); }
static lk_status height_negative(Out *o) { g_bad[0] = -0.5f; g_items.heights = g_bad; return FLOW(o); }
static lk_status spacing_nan(Out *o) { g_bad[1] = NAN; g_items.spacing_trailing = g_bad; return FLOW(o); }
static lk_status flag_unknown(Out *o) { g_flags[2] = 0x80; g_items.flags = g_flags; return FLOW(o); }
static lk_status grow_negative(Out *o) { g_bad[1] = -2; g_items.grow = g_bad; return FLOW(o); }
static lk_status count_overflow(Out *o) { g_items.count = SIZE_MAX; return FLOW(o); }

/* ---- flow parameters ---- */
static lk_status param_spacing_nan(Out *o) { g_params.spacing = NAN; return FLOW(o); }
static lk_status param_line_negative(Out *o) { g_params.line_spacing = -1; return FLOW(o); }
static lk_status param_mode(Out *o) { g_params.spacing_mode = 7; return FLOW(o); }
static lk_status param_anchor(Out *o) { g_params.alignment.x = 1.5f; return FLOW(o); }
static lk_status param_justify(Out *o) { g_params.justify = 9; return FLOW(o); }
static lk_status param_justify_stretch(Out *o) { g_params.justify = LK_DISTRIBUTE_STRETCH; return FLOW(o); }
static lk_status param_direction(Out *o) { g_params.direction = 2; return FLOW(o); }
static lk_status param_reverse(Out *o) { g_params.reverse = 2; return FLOW(o); }
static lk_status param_axis(Out *o) { g_params.axis = 5; return FLOW(o); }
static lk_status param_align_content(Out *o) { g_params.align_content = -1; return FLOW(o); }

/* ---- proposal ---- */
static lk_status proposal_negative(Out *o) { g_proposal.width = -1; return FLOW(o); }
static lk_status proposal_minus_inf(Out *o) { g_proposal.height = -INFINITY; return FLOW(o); }

/* ---- result ---- */
static lk_status result_null(Out *o) { (void)o; return lk_flow_layout(&g_items, &g_params, g_proposal, NULL); }
static lk_status result_x_null(Out *o) { o->r.x = NULL; return FLOW(o); }
static lk_status item_capacity(Out *o) { o->r.item_capacity = 2; return FLOW(o); }
static lk_status row_capacity(Out *o) { o->r.row_capacity = 1; return FLOW(o); }
static lk_status overlap(Out *o) { o->r.y = (float *)g_w; return FLOW(o); }

/* ---- the other flow calls ---- */
static lk_status size_out_null(Out *o) { (void)o; return lk_flow_size(&g_items, &g_params, g_proposal, NULL); }
static lk_status size_nan(Out *o)
{
    (void)o;
    g_bad[0] = NAN;
    g_items.heights = g_bad;
    return lk_flow_size(&g_items, &g_params, g_proposal, &g_lk_size_out);
}
static lk_status row_count_width(Out *o) { (void)o; return lk_flow_row_count(&g_items, &g_params, -3, &g_size_out); }
static lk_status row_count_out_null(Out *o) { (void)o; return lk_flow_row_count(&g_items, &g_params, 10, NULL); }

/* ---- lk_layout ---- */
static lk_status layout_null(Out *o) { return lk_layout_place(&g_items, NULL, g_proposal, &o->r); }
static lk_status layout_kind(Out *o) { g_layout.kind = 99; return lk_layout_place(&g_items, &g_layout, g_proposal, &o->r); }
static lk_status grid_columns(Out *o)
{
    lk_layout_default(LK_LAYOUT_GRID, &g_layout);
    g_layout.grid.columns = -4;
    return lk_layout_place(&g_items, &g_layout, g_proposal, &o->r);
}
static lk_status circle_radius(Out *o)
{
    lk_layout_default(LK_LAYOUT_CIRCLE, &g_layout);
    g_layout.circle.radius = NAN;
    return lk_layout_place(&g_items, &g_layout, g_proposal, &o->r);
}
static lk_status layout_size_out(Out *o) { (void)o; return lk_layout_size(&g_items, &g_layout, g_proposal, NULL); }

/* ---- lk_first_fit ---- */
static lk_status first_fit_none(Out *o)
{
    size_t chosen = 7;
    lk_status st = lk_first_fit(NULL, 0, LK_AXES_BOTH, g_proposal, &chosen, &o->r);
    return chosen == 7 ? st : (lk_status)-1;
}
static lk_status first_fit_axes(Out *o)
{
    lk_candidate c = {&g_items, &g_layout};
    size_t chosen = 7;
    lk_status st = lk_first_fit(&c, 1, 0, g_proposal, &chosen, &o->r);
    return chosen == 7 ? st : (lk_status)-1;
}

/* ---- lk_layout_many ---- */
static lk_status many(Out *o, const size_t *counts, size_t containers, const lk_proposal *proposals, size_t n)
{
    float w[4], h[4], x[4], y[4];
    size_t rows[4];
    int64_t off[4];
    lk_many_result r;
    lk_status st;
    memset(&r, 0, sizeof r);
    memset(w, CANARY, sizeof w);
    memcpy(x, w, sizeof x);
    r.width = w;
    r.height = h;
    r.rows = rows;
    r.row_offset = off;
    r.container_capacity = 4;
    r.x = x;
    r.y = y;
    r.item_capacity = 4;
    (void)o;
    st = lk_layout_many(&g_items, &g_layout, counts, containers, proposals, n, &r);
    return bytes_are_canary(w, sizeof w) && bytes_are_canary(x, sizeof x) ? st : (lk_status)-1;
}
static lk_status many_counts_sum(Out *o) { size_t c[2] = {1, 1}; return many(o, c, 2, &g_proposal, 1); }
static lk_status many_counts_null(Out *o) { return many(o, NULL, 2, &g_proposal, 1); }
static lk_status many_proposals(Out *o) { size_t c[2] = {1, 2}; return many(o, c, 2, &g_proposal, 3); }

/* ---- the engine ---- */
static lk_status engine_create_null(Out *o) { lk_engine *e = NULL; (void)o; return lk_engine_create(NULL, &e); }
static lk_status engine_null(Out *o) { (void)o; return lk_engine_count(NULL, &g_size_out); }
static lk_status engine_set_nan(Out *o)
{
    (void)o;
    g_bad[2] = NAN;
    g_items.widths = g_bad;
    return lk_engine_set_items(g_engine, &g_items);
}
static lk_status engine_update_range(Out *o) { (void)o; return lk_engine_update(g_engine, 2, &g_items); }
static lk_status engine_insert_index(Out *o) { (void)o; return lk_engine_insert(g_engine, 4, &g_items); }
static lk_status engine_remove_range(Out *o) { (void)o; return lk_engine_remove(g_engine, 1, 3); }
static lk_status engine_layout_capacity(Out *o)
{
    o->r.item_capacity = 1;
    return lk_engine_layout(g_engine, g_proposal, &o->r);
}
static lk_status engine_positions_range(Out *o) { return lk_engine_positions(g_engine, g_proposal, 2, 2, o->x, o->y); }
static lk_status engine_visible_nan(Out *o)
{
    int64_t idx[3];
    (void)o;
    memset(idx, CANARY, sizeof idx);
    return lk_engine_visible(g_engine, g_proposal, NAN, 0, 10, 10, idx, 3, &g_size_out) == LK_ERR_INVALID_PARAMETER &&
                   bytes_are_canary(idx, sizeof idx)
               ? LK_ERR_INVALID_PARAMETER
               : (lk_status)-1;
}
static lk_status engine_visible_capacity(Out *o)
{
    int64_t idx[3];
    size_t found = 0;
    (void)o;
    memset(idx, CANARY, sizeof idx);
    lk_status st = lk_engine_visible(g_engine, g_proposal, 0, 0, 100, 100, idx, 1, &found);
    return found == 3 && bytes_are_canary(idx, sizeof idx) ? st : (lk_status)-1;
}
static lk_status engine_item_at_null(Out *o) { (void)o; return lk_engine_item_at(g_engine, g_proposal, 1, 1, NULL); }
static lk_status engine_stats_null(Out *o) { (void)o; return lk_engine_get_stats(g_engine, NULL); }

static const Cell CELLS[] = {
    {"lk_flow_layout", "items NULL", LK_ERR_NULL_POINTER, "items", items_null},
    {"lk_flow_layout", "widths NULL (count > 0)", LK_ERR_NULL_POINTER, "items.widths", widths_null},
    {"lk_flow_layout", "heights NULL (count > 0)", LK_ERR_NULL_POINTER, "items.heights", heights_null},
    {"lk_flow_layout", "a width NaN", LK_ERR_INVALID_ITEM_SIZE, "items.widths[1]", width_nan},
    {"lk_flow_layout", "a width +inf", LK_ERR_INVALID_ITEM_SIZE, "items.widths[1]", width_inf},
    {"lk_flow_layout", "a width negative", LK_ERR_INVALID_ITEM_SIZE, "items.widths[2]", width_negative},
    {"lk_flow_layout", "a width above LK_MAX_LENGTH", LK_ERR_INVALID_ITEM_SIZE, "items.widths[0]", width_too_large},
    {"lk_flow_layout", "a height negative", LK_ERR_INVALID_ITEM_SIZE, "items.heights[0]", height_negative},
    {"lk_flow_layout", "a spacing preference NaN", LK_ERR_INVALID_ITEM_SPACING, "items.spacing_trailing[1]",
     spacing_nan},
    {"lk_flow_layout", "a flag bit undefined", LK_ERR_INVALID_ITEM_FLAGS, "items.flags[2]", flag_unknown},
    {"lk_flow_layout", "a grow factor negative", LK_ERR_INVALID_ITEM_SIZE, "items.grow[1]", grow_negative},
    {"lk_flow_layout", "count too large (SIZE_MAX)", LK_ERR_SIZE_OVERFLOW, "items.count", count_overflow},
    {"lk_flow_layout", "spacing NaN", LK_ERR_INVALID_PARAMETER, "params.spacing", param_spacing_nan},
    {"lk_flow_layout", "line_spacing negative", LK_ERR_INVALID_PARAMETER, "params.line_spacing",
     param_line_negative},
    {"lk_flow_layout", "spacing_mode unknown", LK_ERR_INVALID_PARAMETER, "params.spacing_mode", param_mode},
    {"lk_flow_layout", "alignment outside [0, 1]", LK_ERR_INVALID_PARAMETER, "params.alignment", param_anchor},
    {"lk_flow_layout", "justify unknown", LK_ERR_INVALID_PARAMETER, "params.justify", param_justify},
    {"lk_flow_layout", "justify LK_DISTRIBUTE_STRETCH", LK_ERR_INVALID_PARAMETER, "params.justify",
     param_justify_stretch},
    {"lk_flow_layout", "direction unknown", LK_ERR_INVALID_PARAMETER, "params.direction", param_direction},
    {"lk_flow_layout", "reverse not 0 or 1", LK_ERR_INVALID_PARAMETER, "params.reverse", param_reverse},
    {"lk_flow_layout", "axis unknown", LK_ERR_INVALID_PARAMETER, "params.axis", param_axis},
    {"lk_flow_layout", "align_content unknown", LK_ERR_INVALID_PARAMETER, "params.align_content",
     param_align_content},
    {"lk_flow_layout", "proposal width negative", LK_ERR_INVALID_PROPOSAL, "proposal.width", proposal_negative},
    {"lk_flow_layout", "proposal height -inf", LK_ERR_INVALID_PROPOSAL, "proposal.height", proposal_minus_inf},
    {"lk_flow_layout", "result NULL", LK_ERR_NULL_POINTER, "result", result_null},
    {"lk_flow_layout", "result.x NULL", LK_ERR_NULL_POINTER, "result.x", result_x_null},
    {"lk_flow_layout", "item_capacity short", LK_ERR_BUFFER_TOO_SMALL, "result.item_capacity", item_capacity},
    {"lk_flow_layout", "row_capacity short", LK_ERR_BUFFER_TOO_SMALL, "result.row_capacity", row_capacity},
    {"lk_flow_layout", "an output overlapping an input", LK_ERR_INVALID_PARAMETER, "result.y", overlap},
    {"lk_flow_size", "out NULL", LK_ERR_NULL_POINTER, "out", size_out_null},
    {"lk_flow_size", "a height NaN", LK_ERR_INVALID_ITEM_SIZE, "items.heights[0]", size_nan},
    {"lk_flow_row_count", "width negative", LK_ERR_INVALID_PROPOSAL, "width", row_count_width},
    {"lk_flow_row_count", "out NULL", LK_ERR_NULL_POINTER, "out", row_count_out_null},
    {"lk_layout_place", "layout NULL", LK_ERR_NULL_POINTER, "layout", layout_null},
    {"lk_layout_place", "kind unknown", LK_ERR_INVALID_PARAMETER, "layout.kind", layout_kind},
    {"lk_layout_place", "grid columns negative", LK_ERR_INVALID_PARAMETER, "layout.grid.columns", grid_columns},
    {"lk_layout_place", "circle radius NaN", LK_ERR_INVALID_PARAMETER, "layout.circle.radius", circle_radius},
    {"lk_layout_size", "out NULL", LK_ERR_NULL_POINTER, "out", layout_size_out},
    {"lk_first_fit", "no candidates", LK_ERR_INVALID_PARAMETER, "count", first_fit_none},
    {"lk_first_fit", "axes unknown", LK_ERR_INVALID_PARAMETER, "axes", first_fit_axes},
    {"lk_layout_many", "counts not adding up to the items", LK_ERR_INVALID_PARAMETER, "counts", many_counts_sum},
    {"lk_layout_many", "counts NULL", LK_ERR_NULL_POINTER, "counts", many_counts_null},
    {"lk_layout_many", "proposal_count neither 1 nor containers", LK_ERR_INVALID_PARAMETER, "proposal_count",
     many_proposals},
    {"lk_engine_create", "layout NULL", LK_ERR_NULL_POINTER, "layout", engine_create_null},
    {"lk_engine_count (any engine call)", "engine NULL", LK_ERR_NULL_POINTER, "engine", engine_null},
    {"lk_engine_set_items", "a width NaN", LK_ERR_INVALID_ITEM_SIZE, "items.widths[2]", engine_set_nan},
    {"lk_engine_update", "range past the items", LK_ERR_INVALID_PARAMETER, "start", engine_update_range},
    {"lk_engine_insert", "index past the items", LK_ERR_INVALID_PARAMETER, "index", engine_insert_index},
    {"lk_engine_remove", "range past the items", LK_ERR_INVALID_PARAMETER, "count", engine_remove_range},
    {"lk_engine_layout", "item_capacity short", LK_ERR_BUFFER_TOO_SMALL, "result.item_capacity",
     engine_layout_capacity},
    {"lk_engine_positions", "range past the items", LK_ERR_INVALID_PARAMETER, "count", engine_positions_range},
    {"lk_engine_visible", "a corner NaN", LK_ERR_INVALID_PARAMETER, "x0", engine_visible_nan},
    {"lk_engine_visible", "capacity short", LK_ERR_BUFFER_TOO_SMALL, "capacity", engine_visible_capacity},
    {"lk_engine_item_at", "index NULL", LK_ERR_NULL_POINTER, "index", engine_item_at_null},
    {"lk_engine_get_stats", "stats NULL", LK_ERR_NULL_POINTER, "stats", engine_stats_null},
};

#define CELL_COUNT (sizeof CELLS / sizeof CELLS[0])

/* The engine's answers, to check a failed call changed nothing. */
static void engine_state(float *x, size_t *count)
{
    Out o;
    out_alloc(&o, 3, 3);
    CHECK_ST(lk_engine_count(g_engine, count), LK_OK);
    CHECK_ST(lk_engine_layout(g_engine, prop(25, U), &o.r), LK_OK);
    memcpy(x, o.x, 3 * sizeof(float));
    out_free(&o);
}

static void print_table(void)
{
    size_t k;
    printf("| entry point | bad input | status | the message names |\n|---|---|---|---|\n");
    for (k = 0; k < CELL_COUNT; k++)
        printf("| `%s` | %s | `%s` | `%s` |\n", CELLS[k].entry, CELLS[k].input, lk_status_name(CELLS[k].status),
               CELLS[k].names);
}

int main(int argc, char **argv)
{
    size_t k;
    if (argc > 1 && strcmp(argv[1], "--table") == 0) {
        print_table();
        return 0;
    }
    {
        int status = start_tests(argc, argv);
        if (status >= 0)
            return status;
    }
    g_section = "bad inputs: status, message, nothing written";
    reset();
    CHECK_ST(lk_engine_create(&g_layout, &g_engine), LK_OK);
    CHECK_ST(lk_engine_set_items(g_engine, &g_items), LK_OK);
    for (k = 0; k < CELL_COUNT; k++) {
        const Cell *c = &CELLS[k];
        Out o, before;
        float engine_x[3], engine_x_after[3];
        size_t engine_count, engine_count_after;
        lk_status st;
        reset();
        engine_state(engine_x, &engine_count);
        out_alloc(&o, 3, 3);
        before = out_snapshot(&o);
        set_case("%s: %s", c->entry, c->input);
        st = c->call(&o);
        ck_st(LOC, "status", st, c->status);
        if (st != LK_OK)
            ck_has(LOC, "lk_last_error_message()", lk_last_error_message(), c->names);
        /* The buffers keep their canaries, and so do the result's own outputs (its
         * pointers and capacities may be what the cell spoiled). */
        ck_true(LOC, "nothing written to the result", bytes_are_canary(&o.r.width, sizeof o.r.width) &&
                                                        bytes_are_canary(&o.r.height, sizeof o.r.height) &&
                                                        bytes_are_canary(&o.r.rows, sizeof o.r.rows));
        o.r = before.r;
        ck_true(LOC, "nothing written to the result's buffers", out_unchanged(&o, &before));
        ck_true(LOC, "no out-parameter written", bytes_are_canary(&g_size_out, sizeof g_size_out) &&
                                                     bytes_are_canary(&g_index_out, sizeof g_index_out) &&
                                                     bytes_are_canary(&g_lk_size_out, sizeof g_lk_size_out));
        engine_state(engine_x_after, &engine_count_after);
        ck_true(LOC, "the engine unchanged", engine_count_after == engine_count &&
                                                 memcmp(engine_x, engine_x_after, sizeof engine_x) == 0);
        out_free(&o);
        out_free(&before);
    }
    set_case("%s", "");
    lk_engine_destroy(g_engine);
    printf("bad-input matrix: %zu cells\n", (size_t)CELL_COUNT);
    return finish_tests();
}
