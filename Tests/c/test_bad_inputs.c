/*
 * test_bad_inputs.c — the bad-input matrix: for every entry point, every argument
 * and every field it reads, each class of bad value, the status, a message naming
 * the argument or field (and the item), and nothing written: every byte of the
 * call's arguments, inputs and outputs (canary-filled) is compared before and
 * after, and an engine keeps its items and answers.
 *
 * The cells are generated from descriptors: the fields of lk_items, of each
 * layout kind's parameters (by offsetof) and of the results, crossed with the
 * classes of bad value that apply to them, for each entry point that reads them.
 * All arguments of a call live in one struct (Ctx); a cell is up to three stores
 * into it that spoil one argument of an otherwise valid call.
 *
 * `--table` prints the matrix in the compact form docs/errors.md publishes: one row
 * per class of bad input, with the entry points, the status, the number of cells
 * and the fields the messages name.
 */
#include "check.h"

#include <math.h>
#include <stddef.h>

#define N 20          /* items of the valid call */
#define CONTAINERS 2  /* containers of lk_layout_many's valid call */
#define BAD_AT 17     /* the bad item: past the first 16, as the vector checks read */
#define BAD_AT_2 3    /* ... and, for every other value, inside them */

/* ------------------------------------------------------------------------ */
/* Every argument of every call                                              */
/* ------------------------------------------------------------------------ */

/* The item arrays in lk_items' order; flags apart. */
enum { A_WIDTHS, A_HEIGHTS, A_LEADING, A_TRAILING, A_TOP, A_BOTTOM, A_GROW, ARRAYS };
static const char *const ARRAY_NAME[ARRAYS] = {"widths", "heights", "spacing_leading", "spacing_trailing",
                                               "spacing_top", "spacing_bottom", "grow"};
static const size_t ARRAY_FIELD[ARRAYS] = {
    offsetof(lk_items, widths),           offsetof(lk_items, heights),     offsetof(lk_items, spacing_leading),
    offsetof(lk_items, spacing_trailing), offsetof(lk_items, spacing_top), offsetof(lk_items, spacing_bottom),
    offsetof(lk_items, grow)};

typedef struct {
    /* inputs (N floats each: every array stays 8-byte aligned) */
    double align_inputs;
    float arr[ARRAYS][N];
    float rules[7][N];        /* a flow's float item rules, each 0 (valid) until a cell sets it */
    uint8_t rule_codes[2][N]; /* align_self and stretchable */
    uint8_t flags[N + 4];
    float arr_b[2][N]; /* a second candidate's widths and heights */
    lk_items items, items_b;
    lk_flow_params params;
    lk_layout layout;
    lk_proposal proposal;
    float width; /* lk_flow_row_count */
    int32_t kind_arg, alignment_arg, axes;
    lk_candidate cand[2];
    size_t cand_count;
    size_t counts[CONTAINERS];
    size_t containers;
    lk_proposal proposals[CONTAINERS];
    size_t proposal_count;
    lk_engine *engine;
    size_t start, count, index, capacity;
    float x0, y0, x1, y1, px, py;
    double origin_x, origin_y;            /* lk_engine_positions_relative */
    double dx0, dy0, dx1, dy1, dpx, dpy;  /* lk_engine_visible_exact, lk_engine_item_at_exact */
    /* the pointer arguments (a cell may make one NULL) */
    const lk_items *items_p;
    const lk_flow_params *params_p;
    const lk_layout *layout_p;
    const lk_candidate *cand_p;
    const size_t *counts_p;
    const lk_proposal *proposals_p;
    lk_result *result_p;
    lk_many_result *many_p;
    lk_size *size_p;
    size_t *count_p;
    lk_layout *layout_out_p;
    lk_anchor *anchor_p;
    size_t *chosen_p;
    lk_engine **engine_out_p;
    float *px_p, *py_p;
    double *x64_p, *y64_p; /* lk_layout_place_exact, lk_flow_layout_exact */
    double *dx_p, *dy_p;   /* lk_engine_positions_exact */
    int64_t *indices_p;
    size_t *found_p;
    int64_t *index_p;
    lk_engine_stats *stats_p;
    lk_item_buffers bufs; /* lk_engine_get_items' buffers (pointing at g_out) */
    const lk_item_buffers *bufs_p;
    uint32_t *fields_p;
    /* outputs: result structs (their pointers and capacities are inputs) and
     * canary-filled buffers and out-parameters */
    lk_result res;
    lk_many_result many;
    double after_many[8]; /* a row column pointed at `many` spans it, not the buffers after */
    float o_x[N], o_y[N], o_iw[N], o_ih[N];
    int64_t o_rs[N], o_rl[N];
    double o_ry[N];
    float o_rw[N], o_rh[N];
    double o_x64[N], o_y64[N];
    float m_w[CONTAINERS], m_h[CONTAINERS];
    size_t m_rows[CONTAINERS];
    int64_t m_off[CONTAINERS];
    size_t m_hidden[CONTAINERS];
    float m_ox[CONTAINERS], m_oy[CONTAINERS], m_ow[CONTAINERS], m_oh[CONTAINERS];
    lk_size size_out;
    size_t count_out, chosen_out, found_out;
    lk_layout layout_out;
    lk_anchor anchor_out;
    lk_engine *engine_out;
    float pos_x[N], pos_y[N];
    double pos_x64[N], pos_y64[N];
    int64_t indices[N];
    int64_t index_out;
    lk_engine_stats stats_out;
    float g_out[14][N]; /* lk_engine_get_items: widths ... spacing_bottom, grow, the float rules */
    uint8_t g_flags[N];
    uint8_t g_codes[2][N]; /* align_self, stretchable */
    uint32_t fields_out;
    double tail_guard[4];
} Ctx;

#define AT(member) offsetof(Ctx, member)
#define ARR(k, i) (AT(arr) + ((size_t)(k) * N + (size_t)(i)) * sizeof(float))

/* ------------------------------------------------------------------------ */
/* Entry points                                                              */
/* ------------------------------------------------------------------------ */

enum {
    E_ALIGNMENT_ANCHOR, E_FLOW_LAYOUT, E_FLOW_LAYOUT_EXACT, E_FLOW_SIZE, E_FLOW_ROW_COUNT, E_LAYOUT_DEFAULT,
    E_LAYOUT_PLACE, E_LAYOUT_PLACE_EXACT, E_LAYOUT_SIZE, E_LAYOUT_ROW_COUNT, E_FIRST_FIT, E_LAYOUT_MANY,
    E_ENGINE_CREATE, E_ENGINE_SET_ITEMS, E_ENGINE_UPDATE, E_ENGINE_INSERT, E_ENGINE_REMOVE, E_ENGINE_COUNT,
    E_ENGINE_LAYOUT, E_ENGINE_SIZE, E_ENGINE_POSITIONS, E_ENGINE_POSITIONS_EXACT, E_ENGINE_POSITIONS_RELATIVE,
    E_ENGINE_VISIBLE, E_ENGINE_VISIBLE_EXACT, E_ENGINE_ITEM_AT, E_ENGINE_ITEM_AT_EXACT, E_ENGINE_GET_STATS,
    E_ENGINE_GET_ITEMS, ENTRIES
};
static const char *const ENTRY_NAME[ENTRIES] = {
    "lk_alignment_anchor",     "lk_flow_layout",          "lk_flow_layout_exact",
    "lk_flow_size",            "lk_flow_row_count",       "lk_layout_default",
    "lk_layout_place",         "lk_layout_place_exact",   "lk_layout_size",
    "lk_layout_row_count",     "lk_first_fit",            "lk_layout_many",
    "lk_engine_create",        "lk_engine_set_items",     "lk_engine_update",
    "lk_engine_insert",        "lk_engine_remove",        "lk_engine_count",
    "lk_engine_layout",        "lk_engine_size",          "lk_engine_positions",
    "lk_engine_positions_exact", "lk_engine_positions_relative", "lk_engine_visible",
    "lk_engine_visible_exact", "lk_engine_item_at",       "lk_engine_item_at_exact",
    "lk_engine_get_stats",     "lk_engine_get_items"};

static lk_status call_entry(int entry, Ctx *c)
{
    switch (entry) {
    case E_ALIGNMENT_ANCHOR: return lk_alignment_anchor(c->alignment_arg, c->anchor_p);
    case E_FLOW_LAYOUT: return lk_flow_layout(c->items_p, c->params_p, c->proposal, c->result_p);
    case E_FLOW_LAYOUT_EXACT:
        return lk_flow_layout_exact(c->items_p, c->params_p, c->proposal, c->result_p, c->x64_p, c->y64_p);
    case E_FLOW_SIZE: return lk_flow_size(c->items_p, c->params_p, c->proposal, c->size_p);
    case E_FLOW_ROW_COUNT: return lk_flow_row_count(c->items_p, c->params_p, c->width, c->count_p);
    case E_LAYOUT_DEFAULT: return lk_layout_default(c->kind_arg, c->layout_out_p);
    case E_LAYOUT_PLACE: return lk_layout_place(c->items_p, c->layout_p, c->proposal, c->result_p);
    case E_LAYOUT_PLACE_EXACT:
        return lk_layout_place_exact(c->items_p, c->layout_p, c->proposal, c->result_p, c->x64_p, c->y64_p);
    case E_LAYOUT_SIZE: return lk_layout_size(c->items_p, c->layout_p, c->proposal, c->size_p);
    case E_LAYOUT_ROW_COUNT: return lk_layout_row_count(c->items_p, c->layout_p, c->proposal, c->count_p);
    case E_FIRST_FIT:
        return lk_first_fit(c->cand_p, c->cand_count, c->axes, c->proposal, c->chosen_p, c->result_p);
    case E_LAYOUT_MANY:
        return lk_layout_many(c->items_p, c->layout_p, c->counts_p, c->containers, c->proposals_p,
                              c->proposal_count, c->many_p);
    case E_ENGINE_CREATE: return lk_engine_create(c->layout_p, c->engine_out_p);
    case E_ENGINE_SET_ITEMS: return lk_engine_set_items(c->engine, c->items_p);
    case E_ENGINE_UPDATE: return lk_engine_update(c->engine, c->start, c->items_p);
    case E_ENGINE_INSERT: return lk_engine_insert(c->engine, c->index, c->items_p);
    case E_ENGINE_REMOVE: return lk_engine_remove(c->engine, c->start, c->count);
    case E_ENGINE_COUNT: return lk_engine_count(c->engine, c->count_p);
    case E_ENGINE_LAYOUT: return lk_engine_layout(c->engine, c->proposal, c->result_p);
    case E_ENGINE_SIZE: return lk_engine_size(c->engine, c->proposal, c->size_p);
    case E_ENGINE_POSITIONS:
        return lk_engine_positions(c->engine, c->proposal, c->start, c->count, c->px_p, c->py_p);
    case E_ENGINE_POSITIONS_EXACT:
        return lk_engine_positions_exact(c->engine, c->proposal, c->start, c->count, c->dx_p, c->dy_p);
    case E_ENGINE_POSITIONS_RELATIVE:
        return lk_engine_positions_relative(c->engine, c->proposal, c->start, c->count, c->origin_x, c->origin_y,
                                            c->px_p, c->py_p);
    case E_ENGINE_VISIBLE:
        return lk_engine_visible(c->engine, c->proposal, c->x0, c->y0, c->x1, c->y1, c->indices_p, c->capacity,
                                 c->found_p);
    case E_ENGINE_VISIBLE_EXACT:
        return lk_engine_visible_exact(c->engine, c->proposal, c->dx0, c->dy0, c->dx1, c->dy1, c->indices_p,
                                       c->capacity, c->found_p);
    case E_ENGINE_ITEM_AT: return lk_engine_item_at(c->engine, c->proposal, c->px, c->py, c->index_p);
    case E_ENGINE_ITEM_AT_EXACT: return lk_engine_item_at_exact(c->engine, c->proposal, c->dpx, c->dpy, c->index_p);
    case E_ENGINE_GET_STATS: return lk_engine_get_stats(c->engine, c->stats_p);
    case E_ENGINE_GET_ITEMS: return lk_engine_get_items(c->engine, c->start, c->count, c->bufs_p, c->fields_p);
    }
    return (lk_status)-1;
}

static int is_engine_call(int e) { return e >= E_ENGINE_SET_ITEMS; }
static int takes_items(int e)
{
    return e == E_FLOW_LAYOUT || e == E_FLOW_LAYOUT_EXACT || e == E_FLOW_SIZE || e == E_FLOW_ROW_COUNT ||
           e == E_LAYOUT_PLACE || e == E_LAYOUT_PLACE_EXACT || e == E_LAYOUT_SIZE || e == E_LAYOUT_ROW_COUNT ||
           e == E_FIRST_FIT || e == E_LAYOUT_MANY || e == E_ENGINE_SET_ITEMS || e == E_ENGINE_UPDATE ||
           e == E_ENGINE_INSERT;
}
static int takes_layout(int e)
{
    return e == E_LAYOUT_PLACE || e == E_LAYOUT_PLACE_EXACT || e == E_LAYOUT_SIZE || e == E_LAYOUT_ROW_COUNT ||
           e == E_FIRST_FIT || e == E_LAYOUT_MANY || e == E_ENGINE_CREATE;
}
static int takes_flow_params(int e)
{
    return e == E_FLOW_LAYOUT || e == E_FLOW_LAYOUT_EXACT || e == E_FLOW_SIZE || e == E_FLOW_ROW_COUNT;
}
static int takes_proposal(int e)
{
    return e == E_FLOW_LAYOUT || e == E_FLOW_LAYOUT_EXACT || e == E_FLOW_SIZE || e == E_LAYOUT_PLACE ||
           e == E_LAYOUT_PLACE_EXACT || e == E_LAYOUT_SIZE || e == E_LAYOUT_ROW_COUNT || e == E_FIRST_FIT ||
           e == E_ENGINE_LAYOUT || e == E_ENGINE_SIZE || e == E_ENGINE_POSITIONS || e == E_ENGINE_POSITIONS_EXACT ||
           e == E_ENGINE_POSITIONS_RELATIVE || e == E_ENGINE_VISIBLE || e == E_ENGINE_VISIBLE_EXACT ||
           e == E_ENGINE_ITEM_AT || e == E_ENGINE_ITEM_AT_EXACT;
}
static int writes_result(int e)
{
    return e == E_FLOW_LAYOUT || e == E_FLOW_LAYOUT_EXACT || e == E_LAYOUT_PLACE || e == E_LAYOUT_PLACE_EXACT ||
           e == E_FIRST_FIT || e == E_ENGINE_LAYOUT;
}
/* The entry points with the exact positions x64 and y64 beside the result. */
static int writes_exact(int e) { return e == E_FLOW_LAYOUT_EXACT || e == E_LAYOUT_PLACE_EXACT; }
static const char *items_prefix(int e) { return e == E_FIRST_FIT ? "candidates[0].items" : "items"; }
static const char *layout_prefix(int e) { return e == E_FIRST_FIT ? "candidates[0].layout" : "layout"; }

/* ------------------------------------------------------------------------ */
/* Cells                                                                     */
/* ------------------------------------------------------------------------ */

/* A store into the Ctx: a value at an offset, or a pointer to another offset. */
enum { S_NONE, S_F32, S_I32, S_U8, S_SIZE, S_NULL, S_PTR, S_F64 };
typedef struct {
    int type;
    size_t at;
    float f;
    int64_t i;     /* S_I32, S_U8 */
    size_t z;      /* S_SIZE: the value; S_PTR: the offset pointed at */
    double d;      /* S_F64 */
} Store;

typedef struct {
    int entry;
    int32_t kind;       /* the layout kind of the valid call */
    const char *klass;  /* the class of bad input (a row of the table) */
    char field[64];     /* the argument or field spoiled */
    char input[256];    /* the bad input, for failure lines */
    char names[96];     /* what the message must contain */
    lk_status status;
    int64_t index;      /* lk_last_error_index() */
    int found_written;  /* lk_engine_visible's *found is written on LK_ERR_BUFFER_TOO_SMALL */
    Store s[3];
} Cell;

static Cell *g_cells;
static size_t g_count, g_room;
static int g_entry;
static int32_t g_kind;

static Cell *cell(const char *klass, lk_status status, const char *field, const char *names)
{
    Cell *c;
    if (g_count == g_room) {
        g_room = g_room ? 2 * g_room : 1024;
        g_cells = (Cell *)realloc(g_cells, g_room * sizeof *g_cells);
        if (!g_cells)
            abort();
    }
    c = &g_cells[g_count++];
    memset(c, 0, sizeof *c);
    c->entry = g_entry;
    c->kind = g_kind;
    c->klass = klass;
    c->status = status;
    c->index = -1;
    snprintf(c->field, sizeof c->field, "%s", field);
    snprintf(c->names, sizeof c->names, "%s", names);
    snprintf(c->input, sizeof c->input, "%s", field);
    return c;
}

static Store st_f(size_t at, float f) { Store s = {S_F32, at, 0, 0, 0, 0}; s.f = f; return s; }
static Store st_i(size_t at, int64_t i) { Store s = {S_I32, at, 0, 0, 0, 0}; s.i = i; return s; }
static Store st_u8(size_t at, int64_t i) { Store s = {S_U8, at, 0, 0, 0, 0}; s.i = i; return s; }
static Store st_z(size_t at, size_t z) { Store s = {S_SIZE, at, 0, 0, 0, 0}; s.z = z; return s; }
static Store st_null(size_t at) { Store s = {S_NULL, at, 0, 0, 0, 0}; return s; }
static Store st_ptr(size_t at, size_t to) { Store s = {S_PTR, at, 0, 0, 0, 0}; s.z = to; return s; }
static Store st_d(size_t at, double d) { Store s = {S_F64, at, 0, 0, 0, 0}; s.d = d; return s; }

/* A cell of one store: the argument at `at` made NULL. */
static void null_cell(const char *name, size_t at)
{
    Cell *c = cell("NULL pointer", LK_ERR_NULL_POINTER, name, name);
    snprintf(c->input, sizeof c->input, "%s NULL", name);
    c->s[0] = st_null(at);
}

/* Bad values of a length, a proposal axis, an anchor component, an angle. */
typedef struct {
    const char *label;
    float value;
} Bad;

static const Bad BAD_LENGTHS[] = {{"NaN", NAN}, {"+inf", INFINITY}, {"-inf", -INFINITY}, {"-1", -1},
                                  {"0x1.000002p64 (> LK_MAX_LENGTH)", 0x1.000002p64f}};
static const Bad BAD_PROPOSALS[] = {{"-1", -1}, {"-inf", -INFINITY}, {"-0x1p-149", -0x1p-149f}};
static const Bad BAD_ANCHORS[] = {{"NaN", NAN}, {"+inf", INFINITY}, {"-inf", -INFINITY}, {"-0.5", -0.5f},
                                  {"1.5", 1.5f}};
static const Bad BAD_ANGLES[] = {{"NaN", NAN}, {"+inf", INFINITY}, {"-inf", -INFINITY}};
#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

static const char *const CLASS_ITEM_SIZE = "an item's value NaN, +inf, -inf, negative or > LK_MAX_LENGTH";
static const char *const CLASS_LENGTH = "a length parameter NaN, +inf, -inf, negative or > LK_MAX_LENGTH (a min_column_width 0)";
static const char *const CLASS_ANCHOR = "an anchor component NaN, +inf, -inf or outside [0, 1]";
static const char *const CLASS_ANGLE = "an angle NaN or +-inf";
static const char *const CLASS_ENUM = "an unknown enum or switch value (justify LK_DISTRIBUTE_STRETCH, grid columns < 0 too)";
static const char *const CLASS_PROPOSAL = "a proposal axis negative or -inf";
static const char *const CLASS_COUNT = "a count too large (SIZE_MAX, LK_MAX_ITEMS + 1)";
static const char *const CLASS_CAPACITY = "a short item, row, container or index capacity";
static const char *const CLASS_OVERLAP = "an output overlapping an input, another output or the result struct";
static const char *const CLASS_RANGE = "an engine index or range past the items (or SIZE_MAX)";
static const char *const CLASS_COUNTS = "counts, containers or proposal_count that do not match";

/* ---- the items ---- */

/* A flow's item rules (SPEC.md section 13): each float array with the values its
 * range leaves out (a baseline may be negative, a minimum or maximum NaN, a maximum
 * +inf), each byte array with codes it does not define. */
static const char *const CLASS_RULE = "an item rule's value outside its range (a baseline +-inf or beyond "
                                      "+-LK_MAX_LENGTH; a minimum +-inf, negative or > LK_MAX_LENGTH; a maximum "
                                      "-inf, negative or > LK_MAX_LENGTH; a shrink factor as an item's value)";
static const char *const CLASS_RULE_CODE = "an item rule's undefined code (align_self > 6, stretchable > 1)";
static const struct {
    const char *name;
    size_t field;
    Bad bad[5];
    int nbad;
} RULE_FLOATS[7] = {
    {"baseline", offsetof(lk_items, baseline),
     {{"+inf", INFINITY}, {"-inf", -INFINITY}, {"-0x1.000002p64", -0x1.000002p64f}}, 3},
    {"last_baseline", offsetof(lk_items, last_baseline), {{"+inf", INFINITY}, {"0x1.000002p64", 0x1.000002p64f}}, 2},
    {"min_width", offsetof(lk_items, min_width), {{"+inf", INFINITY}, {"-1", -1}}, 2},
    {"max_width", offsetof(lk_items, max_width), {{"-inf", -INFINITY}, {"-1", -1}, {"0x1.000002p64", 0x1.000002p64f}}, 3},
    {"min_height", offsetof(lk_items, min_height), {{"-inf", -INFINITY}, {"0x1.000002p64", 0x1.000002p64f}}, 2},
    {"max_height", offsetof(lk_items, max_height), {{"-1", -1}}, 1},
    {"shrink", offsetof(lk_items, shrink), {{"NaN", NAN}, {"+inf", INFINITY}, {"-1", -1}}, 3},
};
static const struct {
    const char *name;
    size_t field;
    int bad[2];
} RULE_CODES[2] = {{"align_self", offsetof(lk_items, align_self), {7, 255}},
                   {"stretchable", offsetof(lk_items, stretchable), {2, 255}}};

static void gen_item_rules(const char *p)
{
    char name[96], names[96];
    int k, v;
    for (k = 0; k < 7; k++) {
        for (v = 0; v < RULE_FLOATS[k].nbad; v++) {
            int at = v % 2 ? BAD_AT_2 : BAD_AT;
            Cell *c;
            snprintf(name, sizeof name, "%s.%s", p, RULE_FLOATS[k].name);
            snprintf(names, sizeof names, "%s.%s[%d]", p, RULE_FLOATS[k].name, at);
            c = cell(CLASS_RULE, LK_ERR_INVALID_ITEM_SIZE, name, names);
            snprintf(c->input, sizeof c->input, "%s = %s", names, RULE_FLOATS[k].bad[v].label);
            c->index = at;
            c->s[0] = st_ptr(AT(items) + RULE_FLOATS[k].field, AT(rules) + (size_t)k * N * sizeof(float));
            c->s[1] = st_f(AT(rules) + ((size_t)k * N + (size_t)at) * sizeof(float), RULE_FLOATS[k].bad[v].value);
        }
    }
    for (k = 0; k < 2; k++) {
        for (v = 0; v < 2; v++) {
            int at = v ? BAD_AT_2 : BAD_AT;
            Cell *c;
            snprintf(name, sizeof name, "%s.%s", p, RULE_CODES[k].name);
            snprintf(names, sizeof names, "%s.%s[%d]", p, RULE_CODES[k].name, at);
            c = cell(CLASS_RULE_CODE, LK_ERR_INVALID_PARAMETER, name, names);
            snprintf(c->input, sizeof c->input, "%s = %d", names, RULE_CODES[k].bad[v]);
            c->index = at;
            c->s[0] = st_ptr(AT(items) + RULE_CODES[k].field, AT(rule_codes) + (size_t)k * N);
            c->s[1] = st_u8(AT(rule_codes) + (size_t)k * N + (size_t)at, RULE_CODES[k].bad[v]);
        }
    }
}

static void gen_items(void)
{
    const char *p = items_prefix(g_entry);
    char name[96], names[96];
    int k, v, bit;
    size_t pointer_at = g_entry == E_FIRST_FIT ? AT(cand[0].items) : AT(items_p);
    null_cell(p, pointer_at);
    for (k = A_WIDTHS; k <= A_HEIGHTS; k++) {
        snprintf(name, sizeof name, "%s.%s", p, ARRAY_NAME[k]);
        null_cell(name, AT(items) + ARRAY_FIELD[k]);
    }
    {
        size_t too_many[2] = {SIZE_MAX, LK_MAX_ITEMS < SIZE_MAX ? LK_MAX_ITEMS + 1 : SIZE_MAX};
        for (v = 0; v < 2 && (v == 0 || too_many[1] != SIZE_MAX); v++) {
            Cell *c;
            snprintf(name, sizeof name, "%s.count", p);
            c = cell(CLASS_COUNT, LK_ERR_SIZE_OVERFLOW, name, name);
            snprintf(c->input, sizeof c->input, "%s = %zu", name, too_many[v]);
            c->s[0] = st_z(AT(items.count), too_many[v]);
        }
    }
    for (k = 0; k < ARRAYS; k++) {
        lk_status status = k >= A_LEADING && k <= A_BOTTOM ? LK_ERR_INVALID_ITEM_SPACING : LK_ERR_INVALID_ITEM_SIZE;
        for (v = 0; v < (int)COUNT_OF(BAD_LENGTHS); v++) {
            int at = v % 2 ? BAD_AT_2 : BAD_AT;
            Cell *c;
            snprintf(name, sizeof name, "%s.%s", p, ARRAY_NAME[k]);
            snprintf(names, sizeof names, "%s.%s[%d]", p, ARRAY_NAME[k], at);
            c = cell(CLASS_ITEM_SIZE, status, name, names);
            snprintf(c->input, sizeof c->input, "%s = %s", names, BAD_LENGTHS[v].label);
            c->index = at;
            c->s[0] = st_ptr(AT(items) + ARRAY_FIELD[k], ARR(k, 0));
            c->s[1] = st_f(ARR(k, at), BAD_LENGTHS[v].value);
        }
    }
    for (bit = 1; bit < 8; bit++) {
        int at = bit % 2 ? BAD_AT : BAD_AT_2;
        Cell *c;
        snprintf(name, sizeof name, "%s.flags", p);
        snprintf(names, sizeof names, "%s.flags[%d]", p, at);
        c = cell("a flag bit this version does not define (each of 0x02 ... 0x80)", LK_ERR_INVALID_ITEM_FLAGS,
                 name, names);
        snprintf(c->input, sizeof c->input, "%s = 0x%02x", names, 1u << bit);
        c->index = at;
        c->s[0] = st_ptr(AT(items.flags), AT(flags));
        c->s[1] = st_u8(AT(flags) + (size_t)at, (int64_t)(1u << bit));
    }
    gen_item_rules(p);
}

/* ---- the parameters of every layout kind ---- */

enum { F_LENGTH, F_MIN_WIDTH, F_ANCHOR, F_ANGLE, F_ENUM };
typedef struct {
    int32_t kind;
    const char *path;    /* under lk_layout */
    const char *message; /* the name the message gives, under lk_layout */
    size_t at;           /* offsetof(lk_layout, ...) */
    int type;
    int32_t bad[4];      /* F_ENUM: bad values */
    int nbad;
} FieldDesc;

#define LF(kind, path, type) {kind, #path, #path, offsetof(lk_layout, path), type, {0}, 0}
#define LA(kind, path, named) {kind, #path, #named, offsetof(lk_layout, path), F_ANCHOR, {0}, 0}
#define LE(kind, path, n, ...) {kind, #path, #path, offsetof(lk_layout, path), F_ENUM, {__VA_ARGS__}, n}

static const FieldDesc FIELDS[] = {
    LF(LK_LAYOUT_FLOW, flow.spacing, F_LENGTH),
    LF(LK_LAYOUT_FLOW, flow.line_spacing, F_LENGTH),
    LE(LK_LAYOUT_FLOW, flow.spacing_mode, 3, 2, -1, INT32_MIN),
    LE(LK_LAYOUT_FLOW, flow.line_spacing_mode, 3, 2, -1, INT32_MAX),
    LA(LK_LAYOUT_FLOW, flow.alignment.x, flow.alignment),
    LA(LK_LAYOUT_FLOW, flow.alignment.y, flow.alignment),
    LE(LK_LAYOUT_FLOW, flow.justify, 3, LK_DISTRIBUTE_STRETCH, 8, -1),
    LE(LK_LAYOUT_FLOW, flow.direction, 3, 2, -1, INT32_MAX),
    LE(LK_LAYOUT_FLOW, flow.reverse, 3, 2, -1, INT32_MIN),
    LE(LK_LAYOUT_FLOW, flow.wrap_reverse, 3, 2, -1, INT32_MAX),
    LE(LK_LAYOUT_FLOW, flow.axis, 3, 3, -1, INT32_MIN),
    LE(LK_LAYOUT_FLOW, flow.align_content, 3, 8, -1, INT32_MAX),
    LE(LK_LAYOUT_FLOW, flow.align_items, 3, 7, -1, INT32_MAX),
#define STACK_FIELDS(kind)                                                                                     \
    LF(kind, stack.spacing, F_LENGTH), LE(kind, stack.spacing_mode, 3, 2, -1, INT32_MAX),                     \
        LA(kind, stack.alignment.x, stack.alignment), LA(kind, stack.alignment.y, stack.alignment)
    STACK_FIELDS(LK_LAYOUT_HSTACK),
    STACK_FIELDS(LK_LAYOUT_VSTACK),
    STACK_FIELDS(LK_LAYOUT_ZSTACK),
    LE(LK_LAYOUT_GRID, grid.columns, 2, -1, INT32_MIN),
    LF(LK_LAYOUT_GRID, grid.min_column_width, F_MIN_WIDTH),
    LE(LK_LAYOUT_GRID, grid.sizing, 3, 2, -1, INT32_MAX),
    LF(LK_LAYOUT_GRID, grid.spacing, F_LENGTH),
    LF(LK_LAYOUT_GRID, grid.line_spacing, F_LENGTH),
    LA(LK_LAYOUT_GRID, grid.alignment.x, grid.alignment),
    LA(LK_LAYOUT_GRID, grid.alignment.y, grid.alignment),
    LE(LK_LAYOUT_BALANCED, balanced.axis, 4, 0, 3, -1, INT32_MAX),
    LF(LK_LAYOUT_BALANCED, balanced.spacing, F_LENGTH),
    LE(LK_LAYOUT_BALANCED, balanced.spacing_mode, 3, 2, -1, INT32_MIN),
    LF(LK_LAYOUT_CIRCLE, circle.radius, F_LENGTH),
    LF(LK_LAYOUT_CIRCLE, circle.start_angle, F_ANGLE),
    LA(LK_LAYOUT_CIRCLE, circle.anchor.x, circle.anchor),
    LA(LK_LAYOUT_CIRCLE, circle.anchor.y, circle.anchor),
};

/* The cells of one field: through the lk_layout of `base` (offset of the struct
 * in the Ctx) whose fields are named under `prefix`; `shift` is subtracted from
 * the field's offset in lk_layout (for a bare lk_flow_params). */
static void gen_field(const FieldDesc *f, size_t base, size_t shift, const char *prefix)
{
    char field[96], names[96];
    size_t at = base + f->at - shift;
    int v;
    const char *path = f->path, *message = f->message;
    if (shift) { /* "flow.spacing" -> "spacing" */
        path += strlen("flow.");
        message += strlen("flow.");
    }
    snprintf(field, sizeof field, "%s.%s", prefix, path);
    snprintf(names, sizeof names, "%s.%s", prefix, message);
    g_kind = f->kind;
    switch (f->type) {
    case F_LENGTH:
    case F_MIN_WIDTH:
        for (v = 0; v < (int)COUNT_OF(BAD_LENGTHS) + (f->type == F_MIN_WIDTH); v++) {
            int zero = v == (int)COUNT_OF(BAD_LENGTHS);
            Cell *c = cell(CLASS_LENGTH, LK_ERR_INVALID_PARAMETER, field, names);
            snprintf(c->input, sizeof c->input, "%s = %s", field, zero ? "0" : BAD_LENGTHS[v].label);
            c->s[0] = st_f(at, zero ? 0.0f : BAD_LENGTHS[v].value);
            if (f->type == F_MIN_WIDTH) /* read only for adaptive columns */
                c->s[1] = st_i(base + offsetof(lk_layout, grid.columns) - shift, 0);
        }
        break;
    case F_ANCHOR:
        for (v = 0; v < (int)COUNT_OF(BAD_ANCHORS); v++) {
            Cell *c = cell(CLASS_ANCHOR, LK_ERR_INVALID_PARAMETER, field, names);
            snprintf(c->input, sizeof c->input, "%s = %s", field, BAD_ANCHORS[v].label);
            c->s[0] = st_f(at, BAD_ANCHORS[v].value);
        }
        break;
    case F_ANGLE:
        for (v = 0; v < (int)COUNT_OF(BAD_ANGLES); v++) {
            Cell *c = cell(CLASS_ANGLE, LK_ERR_INVALID_PARAMETER, field, names);
            snprintf(c->input, sizeof c->input, "%s = %s", field, BAD_ANGLES[v].label);
            c->s[0] = st_f(at, BAD_ANGLES[v].value);
        }
        break;
    case F_ENUM:
        for (v = 0; v < f->nbad; v++) {
            Cell *c = cell(CLASS_ENUM, LK_ERR_INVALID_PARAMETER, field, names);
            snprintf(c->input, sizeof c->input, "%s = %ld", field, (long)f->bad[v]);
            c->s[0] = st_i(at, f->bad[v]);
        }
        break;
    }
    g_kind = LK_LAYOUT_FLOW;
}

static void gen_layout(void)
{
    const char *p = layout_prefix(g_entry);
    char name[96];
    size_t k;
    int v;
    static const int32_t bad_kinds[] = {7, -1, INT32_MAX};
    null_cell(p, g_entry == E_FIRST_FIT ? AT(cand[0].layout) : AT(layout_p));
    snprintf(name, sizeof name, "%s.kind", p);
    for (v = 0; v < (int)COUNT_OF(bad_kinds); v++) {
        Cell *c = cell(CLASS_ENUM, LK_ERR_INVALID_PARAMETER, name, name);
        snprintf(c->input, sizeof c->input, "%s = %ld", name, (long)bad_kinds[v]);
        c->s[0] = st_i(AT(layout.kind), bad_kinds[v]);
    }
    for (k = 0; k < COUNT_OF(FIELDS); k++)
        gen_field(&FIELDS[k], AT(layout), 0, p);
}

static void gen_flow_params(void)
{
    size_t k;
    for (k = 0; k < COUNT_OF(FIELDS); k++)
        if (FIELDS[k].kind == LK_LAYOUT_FLOW)
            gen_field(&FIELDS[k], AT(params), offsetof(lk_layout, flow), "params");
}

/* ---- proposals ---- */

static void gen_proposal_at(size_t at, const char *prefix)
{
    char name[64];
    int axis, v;
    for (axis = 0; axis < 2; axis++)
        for (v = 0; v < (int)COUNT_OF(BAD_PROPOSALS); v++) {
            Cell *c;
            snprintf(name, sizeof name, "%s.%s", prefix, axis ? "height" : "width");
            c = cell(CLASS_PROPOSAL, LK_ERR_INVALID_PROPOSAL, name, name);
            snprintf(c->input, sizeof c->input, "%s = %s", name, BAD_PROPOSALS[v].label);
            c->s[0] = st_f(at + (axis ? offsetof(lk_proposal, height) : offsetof(lk_proposal, width)),
                           BAD_PROPOSALS[v].value);
        }
}

/* ---- results: NULL buffers, short capacities, overlaps ---- */

typedef struct {
    const char *name;
    size_t field; /* offsetof in the result struct (or, for an argument, in the Ctx) */
    size_t buffer; /* its buffer's offset in the Ctx */
    int argument;  /* a pointer argument of the call (x64, y64), not a field of the result */
} Output;

static const Output RESULT_OUTPUTS[] = {
    {"result.x", offsetof(lk_result, x), AT(o_x), 0},
    {"result.y", offsetof(lk_result, y), AT(o_y), 0},
    {"result.item_width", offsetof(lk_result, item_width), AT(o_iw), 0},
    {"result.item_height", offsetof(lk_result, item_height), AT(o_ih), 0},
    {"result.row_start", offsetof(lk_result, row_start), AT(o_rs), 0},
    {"result.row_length", offsetof(lk_result, row_length), AT(o_rl), 0},
    {"result.row_y", offsetof(lk_result, row_y), AT(o_ry), 0},
    {"result.row_width", offsetof(lk_result, row_width), AT(o_rw), 0},
    {"result.row_height", offsetof(lk_result, row_height), AT(o_rh), 0},
};

/* The result's outputs with lk_layout_place_exact's x64 and y64, in the order the
 * library checks them (the first clash found is the one named). */
static const Output EXACT_OUTPUTS[] = {
    {"result.x", offsetof(lk_result, x), AT(o_x), 0},
    {"result.y", offsetof(lk_result, y), AT(o_y), 0},
    {"result.item_width", offsetof(lk_result, item_width), AT(o_iw), 0},
    {"result.item_height", offsetof(lk_result, item_height), AT(o_ih), 0},
    {"x64", AT(x64_p), AT(o_x64), 1},
    {"y64", AT(y64_p), AT(o_y64), 1},
    {"result.row_start", offsetof(lk_result, row_start), AT(o_rs), 0},
    {"result.row_length", offsetof(lk_result, row_length), AT(o_rl), 0},
    {"result.row_y", offsetof(lk_result, row_y), AT(o_ry), 0},
    {"result.row_width", offsetof(lk_result, row_width), AT(o_rw), 0},
    {"result.row_height", offsetof(lk_result, row_height), AT(o_rh), 0},
};

static const Output MANY_OUTPUTS[] = {
    {"result.width", offsetof(lk_many_result, width), AT(m_w), 0},
    {"result.height", offsetof(lk_many_result, height), AT(m_h), 0},
    {"result.rows", offsetof(lk_many_result, rows), AT(m_rows), 0},
    {"result.row_offset", offsetof(lk_many_result, row_offset), AT(m_off), 0},
    {"result.hidden", offsetof(lk_many_result, hidden), AT(m_hidden), 0},
    {"result.overflow_x", offsetof(lk_many_result, overflow_x), AT(m_ox), 0},
    {"result.overflow_y", offsetof(lk_many_result, overflow_y), AT(m_oy), 0},
    {"result.overflow_width", offsetof(lk_many_result, overflow_width), AT(m_ow), 0},
    {"result.overflow_height", offsetof(lk_many_result, overflow_height), AT(m_oh), 0},
    {"result.x", offsetof(lk_many_result, x), AT(o_x), 0},
    {"result.y", offsetof(lk_many_result, y), AT(o_y), 0},
    {"result.item_width", offsetof(lk_many_result, item_width), AT(o_iw), 0},
    {"result.item_height", offsetof(lk_many_result, item_height), AT(o_ih), 0},
    {"result.row_start", offsetof(lk_many_result, row_start), AT(o_rs), 0},
    {"result.row_length", offsetof(lk_many_result, row_length), AT(o_rl), 0},
    {"result.row_y", offsetof(lk_many_result, row_y), AT(o_ry), 0},
    {"result.row_width", offsetof(lk_many_result, row_width), AT(o_rw), 0},
    {"result.row_height", offsetof(lk_many_result, row_height), AT(o_rh), 0},
};

static void overlap_cell(const char *output, const char *other, size_t store_at, size_t points_to, Store pre)
{
    char field[96], names[160];
    Cell *c;
    snprintf(field, sizeof field, "%s", output);
    snprintf(names, sizeof names, "%s overlaps %s", output, other);
    c = cell(CLASS_OVERLAP, LK_ERR_INVALID_PARAMETER, field, names);
    snprintf(c->input, sizeof c->input, "%.40s sharing bytes with %.40s", output, other);
    c->s[0] = pre;
    c->s[1] = st_ptr(store_at, points_to);
}

/* Where the pointer to output `o` is stored in the Ctx. */
static size_t output_at(const Output *o, size_t result_at) { return o->argument ? o->field : result_at + o->field; }

/* Every output against every later output, every input array and the result
 * struct (`result_at`: the struct's offset in the Ctx). */
static void gen_overlaps(const Output *outs, size_t n_outs, size_t result_at, int with_items)
{
    size_t a, b;
    int k;
    Store none = {S_NONE, 0, 0, 0, 0, 0};
    for (a = 0; a < n_outs; a++) {
        for (b = a + 1; b < n_outs; b++)
            overlap_cell(outs[a].name, outs[b].name, output_at(&outs[b], result_at), outs[a].buffer, none);
        if (with_items) {
            char other[64];
            for (k = 0; k < ARRAYS; k++) {
                snprintf(other, sizeof other, "items.%s", ARRAY_NAME[k]);
                overlap_cell(outs[a].name, other, output_at(&outs[a], result_at), ARR(k, 0),
                             st_ptr(AT(items) + ARRAY_FIELD[k], ARR(k, 0)));
            }
            overlap_cell(outs[a].name, "items.flags", output_at(&outs[a], result_at), AT(flags),
                         st_ptr(AT(items.flags), AT(flags)));
        }
        overlap_cell(outs[a].name, "result", output_at(&outs[a], result_at), result_at, none);
    }
}

static void capacity_cell(const char *name, size_t at, size_t value, int32_t kind)
{
    Cell *c = cell(CLASS_CAPACITY, LK_ERR_BUFFER_TOO_SMALL, name, name);
    snprintf(c->input, sizeof c->input, "%s = %zu (kind %ld)", name, value, (long)kind);
    c->kind = kind;
    c->s[0] = st_z(at, value);
}

static void gen_result(void)
{
    int32_t kind;
    null_cell("result", AT(result_p));
    null_cell("result.x", AT(res.x));
    null_cell("result.y", AT(res.y));
    capacity_cell("result.item_capacity", AT(res.item_capacity), N - 1, LK_LAYOUT_FLOW);
    capacity_cell("result.item_capacity", AT(res.item_capacity), 0, LK_LAYOUT_FLOW);
    capacity_cell("result.row_capacity", AT(res.row_capacity), 1, LK_LAYOUT_FLOW);
    capacity_cell("result.row_capacity", AT(res.row_capacity), 0, LK_LAYOUT_FLOW);
    if (g_entry == E_LAYOUT_PLACE || g_entry == E_LAYOUT_PLACE_EXACT) /* every kind with rows (a circle has none) */
        for (kind = LK_LAYOUT_HSTACK; kind <= LK_LAYOUT_BALANCED; kind++)
            capacity_cell("result.row_capacity", AT(res.row_capacity), 0, kind);
    if (!writes_exact(g_entry)) {
        gen_overlaps(RESULT_OUTPUTS, COUNT_OF(RESULT_OUTPUTS), AT(res), g_entry != E_ENGINE_LAYOUT);
        return;
    }
    gen_overlaps(EXACT_OUTPUTS, COUNT_OF(EXACT_OUTPUTS), AT(res), 1);
    {
        /* Overlaps by a few bytes: x64 and y64 are 8 bytes an item (N doubles), the
         * other buffers 4 or 8. */
        Store none = {S_NONE, 0, 0, 0, 0, 0};
        overlap_cell("result.x", "x64", AT(x64_p), AT(o_x) + (N - 1) * sizeof(float), none);
        overlap_cell("x64", "y64", AT(y64_p), AT(o_x64) + (N - 1) * sizeof(double), none);
        overlap_cell("x64", "items.spacing_bottom", AT(x64_p), ARR(A_BOTTOM, 0) - (2 * N - 1) * sizeof(float),
                     st_ptr(AT(items) + ARRAY_FIELD[A_BOTTOM], ARR(A_BOTTOM, 0)));
        overlap_cell("y64", "result.row_y", AT(res.row_y), AT(o_y64) + (N - 1) * sizeof(double), none);
        /* Each alone, the other not wanted (NULL). */
        overlap_cell("result.y", "x64", AT(x64_p), AT(o_y), st_null(AT(y64_p)));
        overlap_cell("result.x", "y64", AT(y64_p), AT(o_x), st_null(AT(x64_p)));
    }
}

/* lk_engine_get_items' outputs: each buffer against every later one and `fields`. */
static const Output ITEM_OUTPUTS[] = {
    {"buffers.widths", offsetof(lk_item_buffers, widths), AT(g_out[0]), 0},
    {"buffers.heights", offsetof(lk_item_buffers, heights), AT(g_out[1]), 0},
    {"buffers.spacing_leading", offsetof(lk_item_buffers, spacing_leading), AT(g_out[2]), 0},
    {"buffers.spacing_trailing", offsetof(lk_item_buffers, spacing_trailing), AT(g_out[3]), 0},
    {"buffers.spacing_top", offsetof(lk_item_buffers, spacing_top), AT(g_out[4]), 0},
    {"buffers.spacing_bottom", offsetof(lk_item_buffers, spacing_bottom), AT(g_out[5]), 0},
    {"buffers.flags", offsetof(lk_item_buffers, flags), AT(g_flags), 0},
    {"buffers.grow", offsetof(lk_item_buffers, grow), AT(g_out[6]), 0},
    {"buffers.align_self", offsetof(lk_item_buffers, align_self), AT(g_codes[0]), 0},
    {"buffers.baseline", offsetof(lk_item_buffers, baseline), AT(g_out[7]), 0},
    {"buffers.last_baseline", offsetof(lk_item_buffers, last_baseline), AT(g_out[8]), 0},
    {"buffers.stretchable", offsetof(lk_item_buffers, stretchable), AT(g_codes[1]), 0},
    {"buffers.min_width", offsetof(lk_item_buffers, min_width), AT(g_out[9]), 0},
    {"buffers.max_width", offsetof(lk_item_buffers, max_width), AT(g_out[10]), 0},
    {"buffers.min_height", offsetof(lk_item_buffers, min_height), AT(g_out[11]), 0},
    {"buffers.max_height", offsetof(lk_item_buffers, max_height), AT(g_out[12]), 0},
    {"buffers.shrink", offsetof(lk_item_buffers, shrink), AT(g_out[13]), 0},
};

static void gen_item_overlaps(void)
{
    size_t a, b, n = COUNT_OF(ITEM_OUTPUTS);
    Store none = {S_NONE, 0, 0, 0, 0, 0};
    for (a = 0; a < n; a++) {
        for (b = a + 1; b < n; b++)
            overlap_cell(ITEM_OUTPUTS[a].name, ITEM_OUTPUTS[b].name, AT(bufs) + ITEM_OUTPUTS[b].field,
                         ITEM_OUTPUTS[a].buffer, none);
        overlap_cell(ITEM_OUTPUTS[a].name, "fields", AT(fields_p), ITEM_OUTPUTS[a].buffer, none);
    }
}

/* ---- the entry points, one after another ---- */

static void range_cell(const char *names, Store a, Store b, const char *input)
{
    Cell *c = cell(CLASS_RANGE, LK_ERR_INVALID_PARAMETER, names, names);
    snprintf(c->input, sizeof c->input, "%s", input);
    c->s[0] = a;
    c->s[1] = b;
}

static void gen_range(void)
{
    Store none = {S_NONE, 0, 0, 0, 0, 0};
    if (g_entry == E_ENGINE_INSERT) {
        range_cell("index", st_z(AT(index), N + 1), none, "index = count + 1");
        range_cell("index", st_z(AT(index), SIZE_MAX), none, "index = SIZE_MAX");
        return;
    }
    if (g_entry == E_ENGINE_UPDATE) {
        range_cell("start", st_z(AT(start), 1), none, "start = 1 (start + items.count = count + 1)");
        range_cell("start", st_z(AT(start), N + 1), none, "start = count + 1");
        range_cell("start", st_z(AT(start), SIZE_MAX), none, "start = SIZE_MAX");
        return;
    }
    /* remove, positions: start and count */
    range_cell("start", st_z(AT(start), N + 1), st_z(AT(count), 0), "start = count + 1, count 0");
    range_cell("start", st_z(AT(start), SIZE_MAX), st_z(AT(count), 1), "start = SIZE_MAX, count 1");
    range_cell("count", st_z(AT(start), N - 1), st_z(AT(count), 2), "start = count - 1, count 2");
    range_cell("count", st_z(AT(start), 0), st_z(AT(count), N + 1), "start = 0, count = count + 1");
    range_cell("count", st_z(AT(start), 1), st_z(AT(count), SIZE_MAX), "start = 1, count = SIZE_MAX");
}

static void enum_cell(const char *name, size_t at, int64_t value)
{
    Cell *c = cell(CLASS_ENUM, LK_ERR_INVALID_PARAMETER, name, name);
    snprintf(c->input, sizeof c->input, "%s = %lld", name, (long long)value);
    c->s[0] = st_i(at, value);
}

static void counts_cell(const char *names, lk_status status, const char *input, Store a, Store b)
{
    Cell *c = cell(status == LK_ERR_SIZE_OVERFLOW ? CLASS_COUNT : CLASS_COUNTS, status, names, names);
    snprintf(c->input, sizeof c->input, "%s", input);
    c->s[0] = a;
    c->s[1] = b;
}

static void generate(void)
{
    Store none = {S_NONE, 0, 0, 0, 0, 0};
    g_kind = LK_LAYOUT_FLOW;
    for (g_entry = 0; g_entry < ENTRIES; g_entry++) {
        switch (g_entry) {
        case E_ALIGNMENT_ANCHOR:
            null_cell("out", AT(anchor_p));
            enum_cell("alignment", AT(alignment_arg), 9);
            enum_cell("alignment", AT(alignment_arg), -1);
            enum_cell("alignment", AT(alignment_arg), INT32_MIN);
            continue;
        case E_LAYOUT_DEFAULT:
            null_cell("out", AT(layout_out_p));
            enum_cell("kind", AT(kind_arg), 7);
            enum_cell("kind", AT(kind_arg), -1);
            enum_cell("kind", AT(kind_arg), INT32_MAX);
            continue;
        default: break;
        }
        if (is_engine_call(g_entry))
            null_cell("engine", AT(engine));
        if (takes_items(g_entry))
            gen_items();
        if (takes_layout(g_entry))
            gen_layout();
        if (takes_flow_params(g_entry))
            gen_flow_params();
        if (takes_proposal(g_entry))
            gen_proposal_at(AT(proposal), "proposal");
        if (writes_result(g_entry))
            gen_result();
        switch (g_entry) {
        case E_FLOW_SIZE: case E_LAYOUT_SIZE: null_cell("out", AT(size_p)); break;
        case E_FLOW_ROW_COUNT: case E_LAYOUT_ROW_COUNT: null_cell("out", AT(count_p)); break;
        case E_ENGINE_CREATE: null_cell("engine", AT(engine_out_p)); break;
        case E_ENGINE_COUNT: null_cell("count", AT(count_p)); break;
        case E_ENGINE_SIZE: null_cell("size", AT(size_p)); break;
        case E_ENGINE_ITEM_AT: case E_ENGINE_ITEM_AT_EXACT: null_cell("index", AT(index_p)); break;
        case E_ENGINE_GET_STATS: null_cell("stats", AT(stats_p)); break;
        case E_ENGINE_UPDATE: case E_ENGINE_INSERT: case E_ENGINE_REMOVE: gen_range(); break;
        default: break;
        }
        if (g_entry == E_FLOW_ROW_COUNT) {
            int v;
            for (v = 0; v < (int)COUNT_OF(BAD_PROPOSALS); v++) {
                Cell *c = cell(CLASS_PROPOSAL, LK_ERR_INVALID_PROPOSAL, "width", "width");
                snprintf(c->input, sizeof c->input, "width = %s", BAD_PROPOSALS[v].label);
                c->s[0] = st_f(AT(width), BAD_PROPOSALS[v].value);
            }
        }
        if (g_entry == E_FIRST_FIT) {
            Cell *c;
            null_cell("candidates", AT(cand_p));
            null_cell("chosen", AT(chosen_p));
            enum_cell("axes", AT(axes), 0);
            enum_cell("axes", AT(axes), 4);
            enum_cell("axes", AT(axes), -1);
            counts_cell("count", LK_ERR_INVALID_PARAMETER, "count = 0 (no candidate)", st_z(AT(cand_count), 0), none);
            counts_cell("count", LK_ERR_SIZE_OVERFLOW, "count = SIZE_MAX", st_z(AT(cand_count), SIZE_MAX), none);
            /* The candidate not chosen: its items against the outputs too. */
            c = cell(CLASS_OVERLAP, LK_ERR_INVALID_PARAMETER, "result.x",
                     "candidates[0]: result.x overlaps items.widths");
            snprintf(c->input, sizeof c->input, "result.x sharing bytes with the unchosen candidates[0]'s widths");
            c->s[0] = st_z(AT(cand_count), 2);
            c->s[1] = st_ptr(AT(res.x), ARR(A_WIDTHS, 0));
        }
        if (g_entry == E_LAYOUT_MANY) {
            int k;
            null_cell("counts", AT(counts_p));
            null_cell("proposals", AT(proposals_p));
            null_cell("result", AT(many_p));
            null_cell("result.width", AT(many.width));
            null_cell("result.height", AT(many.height));
            null_cell("result.x", AT(many.x));
            null_cell("result.y", AT(many.y));
            for (k = 0; k < CONTAINERS; k++) {
                char prefix[32];
                snprintf(prefix, sizeof prefix, "proposals[%d]", k);
                gen_proposal_at(AT(proposals) + (size_t)k * sizeof(lk_proposal), prefix);
            }
            counts_cell("containers", LK_ERR_SIZE_OVERFLOW, "containers = SIZE_MAX", st_z(AT(containers), SIZE_MAX),
                        none);
            counts_cell("containers", LK_ERR_INVALID_PARAMETER, "containers = 0 with items",
                        st_z(AT(containers), 0), none);
            counts_cell("counts", LK_ERR_INVALID_PARAMETER, "counts adding up to fewer than the items",
                        st_z(AT(counts[1]), N / 2 - 1), none);
            counts_cell("counts[0]", LK_ERR_INVALID_PARAMETER, "counts[0] above the items", st_z(AT(counts[0]), N + 1),
                        none);
            counts_cell("counts[1]", LK_ERR_INVALID_PARAMETER, "counts adding up to more than the items",
                        st_z(AT(counts[1]), N / 2 + 1), none);
            counts_cell("counts[0]", LK_ERR_INVALID_PARAMETER, "counts[0] = SIZE_MAX", st_z(AT(counts[0]), SIZE_MAX),
                        none);
            counts_cell("proposal_count", LK_ERR_INVALID_PARAMETER, "proposal_count = 0", st_z(AT(proposal_count), 0),
                        none);
            counts_cell("proposal_count", LK_ERR_INVALID_PARAMETER, "proposal_count = containers + 1",
                        st_z(AT(proposal_count), CONTAINERS + 1), none);
            counts_cell("proposal_count", LK_ERR_INVALID_PARAMETER, "proposal_count = SIZE_MAX",
                        st_z(AT(proposal_count), SIZE_MAX), none);
            capacity_cell("result.container_capacity", AT(many.container_capacity), CONTAINERS - 1, LK_LAYOUT_FLOW);
            capacity_cell("result.item_capacity", AT(many.item_capacity), N - 1, LK_LAYOUT_FLOW);
            capacity_cell("result.row_capacity", AT(many.row_capacity), 1, LK_LAYOUT_FLOW);
            gen_overlaps(MANY_OUTPUTS, COUNT_OF(MANY_OUTPUTS), AT(many), 1);
            overlap_cell("result.width", "counts", AT(many.width), AT(counts), none);
            overlap_cell("result.width", "proposals", AT(many.width), AT(proposals), none);
            overlap_cell("result.row_start", "counts", AT(many.row_start), AT(counts), none);
            overlap_cell("result.x", "proposals", AT(many.x), AT(proposals), none);
        }
        if (g_entry == E_ENGINE_GET_ITEMS) {
            gen_range();
            gen_item_overlaps();
        }
        if (g_entry == E_ENGINE_REMOVE || g_entry == E_ENGINE_POSITIONS) {
            if (g_entry == E_ENGINE_POSITIONS) {
                gen_range();
                null_cell("x", AT(px_p));
                null_cell("y", AT(py_p));
                overlap_cell("x", "y", AT(py_p), AT(pos_x), none);
            }
        }
        if (g_entry == E_ENGINE_POSITIONS_EXACT) {
            Store none = {S_NONE, 0, 0, 0, 0, 0};
            gen_range();
            null_cell("x", AT(dx_p));
            null_cell("y", AT(dy_p));
            overlap_cell("x", "y", AT(dy_p), AT(pos_x64), none);
            /* by the last double of x: 8 bytes an item */
            overlap_cell("x", "y", AT(dy_p), AT(pos_x64) + (N - 1) * sizeof(double), none);
        }
        if (g_entry == E_ENGINE_POSITIONS_RELATIVE) {
            static const char *const origin[2] = {"origin_x", "origin_y"};
            static const size_t origin_at[2] = {AT(origin_x), AT(origin_y)};
            static const Bad bad_origins[] = {{"NaN", NAN}, {"+inf", INFINITY}, {"-inf", -INFINITY}};
            Store none = {S_NONE, 0, 0, 0, 0, 0};
            int k, v;
            gen_range();
            null_cell("x", AT(px_p));
            null_cell("y", AT(py_p));
            overlap_cell("x", "y", AT(py_p), AT(pos_x), none);
            overlap_cell("x", "y", AT(py_p), AT(pos_x) + (N - 1) * sizeof(float), none);
            for (k = 0; k < 2; k++)
                for (v = 0; v < (int)COUNT_OF(bad_origins); v++) {
                    Cell *c = cell("an origin NaN or +-inf", LK_ERR_INVALID_PARAMETER, origin[k], origin[k]);
                    snprintf(c->input, sizeof c->input, "%s = %s", origin[k], bad_origins[v].label);
                    c->s[0] = st_d(origin_at[k], (double)bad_origins[v].value);
                }
        }
        if (g_entry == E_ENGINE_VISIBLE || g_entry == E_ENGINE_VISIBLE_EXACT) {
            static const char *const corner[4] = {"x0", "y0", "x1", "y1"};
            static const size_t corner_at[4] = {AT(x0), AT(y0), AT(x1), AT(y1)};
            static const size_t exact_corner_at[4] = {AT(dx0), AT(dy0), AT(dx1), AT(dy1)};
            int k;
            Cell *c;
            null_cell("found", AT(found_p));
            null_cell("indices", AT(indices_p));
            for (k = 0; k < 4; k++) {
                c = cell("a rectangle corner NaN", LK_ERR_INVALID_PARAMETER, corner[k], corner[k]);
                snprintf(c->input, sizeof c->input, "%s = NaN", corner[k]);
                c->s[0] = g_entry == E_ENGINE_VISIBLE ? st_f(corner_at[k], NAN) : st_d(exact_corner_at[k], NAN);
            }
            c = cell(CLASS_CAPACITY, LK_ERR_BUFFER_TOO_SMALL, "capacity", "capacity");
            snprintf(c->input, sizeof c->input, "capacity = 1 (*found gets the number)");
            c->s[0] = st_z(AT(capacity), 1);
            c->found_written = 1;
            c = cell(CLASS_CAPACITY, LK_ERR_BUFFER_TOO_SMALL, "capacity", "capacity");
            snprintf(c->input, sizeof c->input, "capacity = 0, indices NULL (*found gets the number)");
            c->s[0] = st_z(AT(capacity), 0);
            c->s[1] = st_null(AT(indices_p));
            c->found_written = 1;
        }
    }
}

/* ------------------------------------------------------------------------ */
/* Running a cell                                                            */
/* ------------------------------------------------------------------------ */

static lk_engine *g_engine; /* holds the N items of the valid call, as a flow */

static void fill_valid(Ctx *c, int32_t kind)
{
    int i, k;
    memset(c, 0, sizeof *c);
    for (i = 0; i < N; i++) {
        c->arr[A_WIDTHS][i] = (float)(10 + 5 * (i % 5));
        c->arr[A_HEIGHTS][i] = (float)(5 + i % 3);
        c->arr_b[0][i] = c->arr[A_WIDTHS][i];
        c->arr_b[1][i] = c->arr[A_HEIGHTS][i];
        for (k = A_LEADING; k < ARRAYS; k++)
            c->arr[k][i] = (float)(i % 2);
    }
    c->items = lk_items_default();
    c->stats_out = lk_engine_stats_default();
    c->items.count = N;
    c->items.widths = c->arr[A_WIDTHS];
    c->items.heights = c->arr[A_HEIGHTS];
    c->items_b = c->items;
    c->items_b.widths = c->arr_b[0];
    c->items_b.heights = c->arr_b[1];
    c->params = lk_flow_params_default();
    c->params.spacing = 2;
    c->params.line_spacing = 1;
    if (lk_layout_default(kind, &c->layout) != LK_OK)
        abort();
    c->layout.flow = c->params;
    c->proposal = prop(25, U);
    c->width = 25;
    c->kind_arg = LK_LAYOUT_GRID;
    c->alignment_arg = LK_ALIGN_CENTER;
    c->axes = LK_AXES_BOTH;
    c->cand[0].items = &c->items;
    c->cand[0].layout = &c->layout;
    c->cand[1].items = &c->items_b;
    c->cand[1].layout = &c->layout;
    c->cand_count = 1;
    c->counts[0] = N / 2;
    c->counts[1] = N - N / 2;
    c->containers = CONTAINERS;
    c->proposals[0] = prop(25, U);
    c->proposals[1] = prop(40, 100);
    c->proposal_count = CONTAINERS;
    c->engine = g_engine;
    c->start = 0;
    c->count = N;
    c->index = N;
    c->capacity = N;
    c->x0 = 0;
    c->y0 = 0;
    c->x1 = 1000;
    c->y1 = 1000;
    c->px = 1;
    c->py = 1;
    c->origin_x = 3;
    c->origin_y = 1e9;
    c->dx0 = 0;
    c->dy0 = 0;
    c->dx1 = 1000;
    c->dy1 = 1000;
    c->dpx = 1;
    c->dpy = 1;
    c->items_p = &c->items;
    c->params_p = &c->params;
    c->layout_p = &c->layout;
    c->cand_p = c->cand;
    c->counts_p = c->counts;
    c->proposals_p = c->proposals;
    c->result_p = &c->res;
    c->many_p = &c->many;
    c->size_p = &c->size_out;
    c->count_p = &c->count_out;
    c->layout_out_p = &c->layout_out;
    c->anchor_p = &c->anchor_out;
    c->chosen_p = &c->chosen_out;
    c->engine_out_p = &c->engine_out;
    c->px_p = c->pos_x;
    c->py_p = c->pos_y;
    c->x64_p = c->o_x64;
    c->y64_p = c->o_y64;
    c->dx_p = c->pos_x64;
    c->dy_p = c->pos_y64;
    c->indices_p = c->indices;
    c->found_p = &c->found_out;
    c->index_p = &c->index_out;
    c->stats_p = &c->stats_out;
    /* Outputs: canaries. */
    memset(&c->res, CANARY, sizeof c->res);
    memset(&c->many, CANARY, sizeof c->many);
    memset(c->o_x, CANARY, (size_t)((char *)&c->tail_guard - (char *)c->o_x) + sizeof c->tail_guard);
    /* The result structs' sizes are inputs, as their pointers and capacities are. */
    c->res.struct_size = sizeof c->res;
    c->many.struct_size = sizeof c->many;
    c->stats_out.struct_size = sizeof c->stats_out;
    c->res.x = c->o_x;
    c->res.y = c->o_y;
    c->res.item_width = c->o_iw;
    c->res.item_height = c->o_ih;
    c->res.item_capacity = N;
    c->res.row_start = c->o_rs;
    c->res.row_length = c->o_rl;
    c->res.row_y = c->o_ry;
    c->res.row_width = c->o_rw;
    c->res.row_height = c->o_rh;
    c->res.row_capacity = N;
    c->many.width = c->m_w;
    c->many.height = c->m_h;
    c->many.rows = c->m_rows;
    c->many.row_offset = c->m_off;
    c->many.hidden = c->m_hidden;
    c->many.overflow_x = c->m_ox;
    c->many.overflow_y = c->m_oy;
    c->many.overflow_width = c->m_ow;
    c->many.overflow_height = c->m_oh;
    c->many.container_capacity = CONTAINERS;
    c->many.x = c->o_x;
    c->many.y = c->o_y;
    c->many.item_width = c->o_iw;
    c->many.item_height = c->o_ih;
    c->many.item_capacity = N;
    c->many.row_start = c->o_rs;
    c->many.row_length = c->o_rl;
    c->many.row_y = c->o_ry;
    c->many.row_width = c->o_rw;
    c->many.row_height = c->o_rh;
    c->many.row_capacity = N;
    c->bufs = lk_item_buffers_default();
    c->bufs.widths = c->g_out[0];
    c->bufs.heights = c->g_out[1];
    c->bufs.spacing_leading = c->g_out[2];
    c->bufs.spacing_trailing = c->g_out[3];
    c->bufs.spacing_top = c->g_out[4];
    c->bufs.spacing_bottom = c->g_out[5];
    c->bufs.flags = c->g_flags;
    c->bufs.grow = c->g_out[6];
    c->bufs.align_self = c->g_codes[0];
    c->bufs.baseline = c->g_out[7];
    c->bufs.last_baseline = c->g_out[8];
    c->bufs.stretchable = c->g_codes[1];
    c->bufs.min_width = c->g_out[9];
    c->bufs.max_width = c->g_out[10];
    c->bufs.min_height = c->g_out[11];
    c->bufs.max_height = c->g_out[12];
    c->bufs.shrink = c->g_out[13];
    c->bufs_p = &c->bufs;
    c->fields_p = &c->fields_out;
}

static void apply(Ctx *c, const Store *s)
{
    char *base = (char *)c;
    switch (s->type) {
    case S_F32: memcpy(base + s->at, &s->f, sizeof s->f); break;
    case S_I32: { int32_t v = (int32_t)s->i; memcpy(base + s->at, &v, sizeof v); } break;
    case S_U8: base[s->at] = (char)(uint8_t)s->i; break;
    case S_SIZE: memcpy(base + s->at, &s->z, sizeof s->z); break;
    case S_NULL: { void *p = NULL; memcpy(base + s->at, &p, sizeof p); } break;
    case S_PTR: { void *p = base + s->z; memcpy(base + s->at, &p, sizeof p); } break;
    case S_F64: memcpy(base + s->at, &s->d, sizeof s->d); break;
    default: break;
    }
}

/* What the engine answers: its count, and every item's frame. */
typedef struct {
    size_t count;
    float x[N], y[N], w[N], h[N];
} EngineState;

static void engine_state(EngineState *e)
{
    lk_result r = lk_result_default();
    memset(e, 0, sizeof *e);
    r = lk_result_default();
    CHECK_ST(lk_engine_count(g_engine, &e->count), LK_OK);
    r.x = e->x;
    r.y = e->y;
    r.item_width = e->w;
    r.item_height = e->h;
    r.item_capacity = N;
    CHECK_ST(lk_engine_layout(g_engine, prop(25, U), &r), LK_OK);
}

static void run_cell(const Cell *cell)
{
    static Ctx c, before;
    char primed[300];
    EngineState e0, e1;
    lk_status st;
    int k;
    set_case("%s: %s", ENTRY_NAME[cell->entry], cell->input);
    engine_state(&e0);
    fill_valid(&c, cell->kind);
    for (k = 0; k < 3; k++)
        apply(&c, &cell->s[k]);
    before = c;
    prime_error(cell->status, primed, sizeof primed);
    st = call_entry(cell->entry, &c);
    ck_st(LOC, "status", st, cell->status);
    ck_st(LOC, "lk_last_error_status()", lk_last_error_status(), cell->status);
    ck_has(LOC, "lk_last_error_message()", lk_last_error_message(), cell->names);
    ck_i(LOC, "lk_last_error_index()", lk_last_error_index(), cell->index);
    if (cell->found_written) {
        ck_z(LOC, "*found (the number visible)", c.found_out, N);
        c.found_out = before.found_out;
    }
    if (st == LK_OK && cell->entry == E_ENGINE_CREATE && c.engine_out != before.engine_out)
        lk_engine_destroy(c.engine_out);
    ck_true(LOC, "nothing written (every argument, input, output and out-parameter unchanged)",
            memcmp(&c, &before, sizeof c) == 0);
    engine_state(&e1);
    ck_true(LOC, "the engine unchanged", memcmp(&e0, &e1, sizeof e0) == 0);
}

/* Each valid call the cells spoil succeeds (so that each cell's failure is its
 * bad input's), at every kind for the calls taking a layout. */
static void check_valid_calls(void)
{
    static Ctx c;
    int e;
    int32_t kind;
    g_section = "the valid calls the cells spoil";
    for (e = 0; e < ENTRIES; e++)
        for (kind = LK_LAYOUT_FLOW; kind <= (takes_layout(e) ? LK_LAYOUT_CIRCLE : LK_LAYOUT_FLOW); kind++) {
            lk_status st;
            if (e == E_ENGINE_INSERT || e == E_ENGINE_REMOVE || e == E_ENGINE_SET_ITEMS || e == E_ENGINE_UPDATE)
                continue; /* they change the engine; they are valid by the same arguments */
            set_case("%s, kind %ld", ENTRY_NAME[e], (long)kind);
            fill_valid(&c, kind);
            st = call_entry(e, &c);
            ck_st(LOC, "status of the valid call", st, LK_OK);
            if (e == E_ENGINE_CREATE && st == LK_OK)
                lk_engine_destroy(c.engine_out);
        }
    set_case("%s", "");
}

/* ------------------------------------------------------------------------ */
/* The table docs/errors.md publishes                                       */
/* ------------------------------------------------------------------------ */

typedef struct {
    char entries[800];
    const char *klass;
    lk_status status;
    size_t cells;
    char fields[1200];
} Row;

/* Adds `field` to the list `fields` ("a.b, a.c") unless it is there. */
static void add_field(char *fields, size_t cap, const char *field)
{
    const char *p = fields;
    size_t n = strlen(field);
    while ((p = strstr(p, field)) != NULL) {
        if ((p == fields || p[-1] == ' ') && (p[n] == ',' || p[n] == '\0'))
            return;
        p += n;
    }
    if (strlen(fields) + n + 3 < cap) {
        if (fields[0])
            strcat(fields, ", ");
        strcat(fields, field);
    }
}

/* "a.b.c, a.b.d, e" -> "a.b.{c, d}, e": runs of fields sharing all but their
 * last component. */
static void compact_fields(const char *in, char *out, size_t cap)
{
    char list[64][96];
    int n = 0, i, j;
    const char *p = in;
    out[0] = '\0';
    while (*p && n < 64) {
        const char *end = strstr(p, ", ");
        size_t len = end ? (size_t)(end - p) : strlen(p);
        snprintf(list[n++], sizeof list[0], "%.*s", (int)len, p);
        p += len + (end ? 2 : 0);
    }
    for (i = 0; i < n; i = j) {
        const char *dot = strrchr(list[i], '.');
        size_t stem = dot ? (size_t)(dot - list[i]) + 1 : 0;
        for (j = i + 1; j < n && stem && strncmp(list[j], list[i], stem) == 0 && !strchr(list[j] + stem, '.'); j++)
            ;
        if (out[0])
            strncat(out, ", ", cap - strlen(out) - 1);
        if (j - i == 1) {
            strncat(out, list[i], cap - strlen(out) - 1);
        } else {
            int k;
            strncat(out, list[i], stem < cap - strlen(out) - 1 ? stem : cap - strlen(out) - 1);
            strncat(out, "{", cap - strlen(out) - 1);
            for (k = i; k < j; k++) {
                if (k > i)
                    strncat(out, ", ", cap - strlen(out) - 1);
                strncat(out, list[k] + stem, cap - strlen(out) - 1);
            }
            strncat(out, "}", cap - strlen(out) - 1);
        }
    }
}

static void print_table(void)
{
    static Row rows[400];
    size_t n_rows = 0, k, r, m;
    /* One row per (entry point, class, status). */
    for (k = 0; k < g_count; k++) {
        const Cell *c = &g_cells[k];
        for (r = 0; r < n_rows; r++)
            if (strcmp(rows[r].entries, ENTRY_NAME[c->entry]) == 0 && rows[r].klass == c->klass &&
                rows[r].status == c->status)
                break;
        if (r == n_rows) {
            if (n_rows == COUNT_OF(rows))
                abort();
            memset(&rows[n_rows], 0, sizeof rows[0]);
            snprintf(rows[n_rows].entries, sizeof rows[0].entries, "%s", ENTRY_NAME[c->entry]);
            rows[n_rows].klass = c->klass;
            rows[n_rows].status = c->status;
            n_rows++;
        }
        rows[r].cells++;
        add_field(rows[r].fields, sizeof rows[r].fields, c->field);
    }
    /* Rows alike but for the entry point become one. */
    for (r = 0; r < n_rows; r++)
        for (m = r + 1; m < n_rows; m++)
            if (rows[m].cells && rows[r].klass == rows[m].klass && rows[r].status == rows[m].status &&
                rows[r].cells == rows[m].cells && strcmp(rows[r].fields, rows[m].fields) == 0) {
                strncat(rows[r].entries, "`, `", sizeof rows[r].entries - strlen(rows[r].entries) - 1);
                strncat(rows[r].entries, rows[m].entries, sizeof rows[r].entries - strlen(rows[r].entries) - 1);
                rows[m].cells = 0;
            }
    printf("| entry points | bad input | status | cells | the message names |\n|---|---|---|---|---|\n");
    for (r = 0; r < n_rows; r++) {
        char fields[1400];
        if (!rows[r].cells)
            continue;
        compact_fields(rows[r].fields, fields, sizeof fields);
        printf("| `%s` | %s | `%s` | %zu | `%s` |\n", rows[r].entries, rows[r].klass, lk_status_name(rows[r].status),
               rows[r].cells, fields);
    }
    printf("| all | | | %zu | |\n", g_count);
}

int main(int argc, char **argv)
{
    size_t k;
    generate();
    if (argc > 1 && strcmp(argv[1], "--table") == 0) {
        print_table();
        return 0;
    }
    {
        int status = start_tests(argc, argv);
        if (status >= 0)
            return status;
    }
    {
        static Ctx c;
        fill_valid(&c, LK_LAYOUT_FLOW);
        CHECK_ST(lk_engine_create(&c.layout, &g_engine), LK_OK);
        CHECK_ST(lk_engine_set_items(g_engine, &c.items), LK_OK);
    }
    check_valid_calls();
    g_section = "bad inputs: status, message, nothing written";
    for (k = 0; k < g_count; k++)
        run_cell(&g_cells[k]);
    set_case("%s", "");
    /* A destroyed engine is freed memory (as after free()): only NULL can be
     * told apart, and lk_engine_destroy(NULL) does nothing. */
    g_section = "lk_engine_destroy(NULL)";
    lk_engine_destroy(NULL);
    lk_engine_destroy(g_engine);
    free(g_cells);
    printf("bad-input matrix: %zu cells\n", g_count);
    return finish_tests();
}
