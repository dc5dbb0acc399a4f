/*
 * fixtures.h — the reference fixtures in C: reading Tests/Fixtures/reference
 * (the results of the library's scalar references, written by lk-fixtures; the
 * format is described in Tests/FixtureGenerator/ReferenceFixtures.swift) and
 * replaying every case through the C API, compared bit for bit or within the
 * case's tolerance. Include after check.h.
 *
 * The folder is $LK_FIXTURES_DIR, else Tests/Fixtures/reference below the
 * working directory (run.sh runs the programs from the repository root).
 */
#ifndef LK_TESTS_FIXTURES_H
#define LK_TESTS_FIXTURES_H

#include "check.h"

/* One candidate: items (each optional array NULL when the case has none) and
 * the layout over them. */
typedef struct {
    lk_layout layout;
    size_t n;
    float *w, *h, *side[4]; /* side: leading, trailing, top, bottom */
    uint8_t *flags;
    float *grow;
    lk_items items;
} FxCandidate;

typedef struct {
    char id[120];    /* "flow/large-w-2p40-at15-uu": the file's stem, then the case */
    double tol;      /* BITS, or the largest difference allowed */
    lk_proposal proposal;
    int first_fit;   /* lk_first_fit over the candidates, with `axes` */
    int32_t axes;
    size_t count;    /* candidates */
    FxCandidate *cand;
    lk_candidate *table;
    size_t chosen;   /* the candidate laid out (0 but for first fit) */
    /* The expected result, of the chosen candidate. */
    float width, height;
    size_t rows;
    float *x, *y, *item_w, *item_h;
    int64_t *row_start, *row_length;
    double *row_y;
    float *row_w, *row_h;
    Expect expect;
} FxCase;

typedef struct {
    FxCase *cases;
    size_t count, cap;
    char error[1200]; /* why loading failed */
} FxSet;

static inline const char *fx_dir(void)
{
    const char *dir = getenv("LK_FIXTURES_DIR");
    return dir && dir[0] ? dir : "Tests/Fixtures/reference";
}

/* ======================================================================== */
/* Reading                                                                   */
/* ======================================================================== */

/* A line of any length: *buf grows as needed; 0 at the end of the file. */
static inline int fx_read_line(FILE *f, char **buf, size_t *cap)
{
    size_t len = 0;
    if (*cap == 0) {
        *cap = 4096;
        *buf = (char *)xmalloc(*cap);
    }
    while (fgets(*buf + len, (int)(*cap - len), f) != NULL) {
        len += strlen(*buf + len);
        if (len > 0 && (*buf)[len - 1] == '\n') {
            (*buf)[len - 1] = '\0';
            return 1;
        }
        if (len + 1 < *cap)
            return 1; /* the last line, without a newline */
        *cap *= 2;
        *buf = (char *)realloc(*buf, *cap);
        if (*buf == NULL) {
            printf("out of memory\n");
            exit(2);
        }
    }
    return len > 0;
}

/* The next blank-separated token of *p (NUL-terminated in place), or NULL. */
static inline char *fx_token(char **p)
{
    char *start = *p;
    while (*start == ' ' || *start == '\t' || *start == '\r')
        start++;
    if (*start == '\0')
        return NULL;
    *p = start;
    while (**p != '\0' && **p != ' ' && **p != '\t' && **p != '\r')
        (*p)++;
    if (**p != '\0')
        *(*p)++ = '\0';
    return start;
}

typedef struct {
    FxSet *set;
    const char *file;
    size_t line;
    char *rest; /* the rest of the current line */
    int ok;
} FxReader;

static inline void fx_fail(FxReader *r, const char *what, const char *token)
{
    if (r->ok)
        snprintf(r->set->error, sizeof r->set->error, "%s:%zu: %s%s%s%s", r->file,
                 r->line, what, token ? " (\"" : "", token ? token : "",
                 token ? "\")" : "");
    r->ok = 0;
}

static inline char *fx_next(FxReader *r, const char *what)
{
    char *t = fx_token(&r->rest);
    if (t == NULL)
        fx_fail(r, what, "end of line");
    return t;
}

/* The next token as a number: a C99 hex float (or inf, nan), or, when `whole`,
 * a whole number >= 0. */
static inline double fx_number(FxReader *r, const char *what, int whole)
{
    char *t = fx_next(r, what), *end;
    double v;
    if (t == NULL)
        return 0;
    v = whole ? (double)strtoull(t, &end, 10) : strtod(t, &end);
    if (*end != '\0' || (whole && t[0] == '-'))
        fx_fail(r, what, t);
    return v;
}

/* Every float of the fixtures is a float's exact value: no rounding here. */
#define fx_double(r, what) fx_number((r), (what), 0)
#define fx_float(r, what) ((float)fx_number((r), (what), 0))
#define fx_size(r, what) ((size_t)fx_number((r), (what), 1))

/* A spacing: a float (fixed) or per_item. */
static inline void fx_spacing(FxReader *r, float *value, int32_t *mode)
{
    char *t = r->rest;
    while (*t == ' ')
        t++;
    if (strncmp(t, "per_item", 8) == 0 && (t[8] == ' ' || t[8] == '\0')) {
        (void)fx_next(r, "spacing");
        *value = 0;
        *mode = LK_SPACING_PER_ITEM;
    } else {
        *value = fx_float(r, "spacing");
        *mode = LK_SPACING_FIXED;
    }
}

static inline void fx_anchor(FxReader *r, lk_anchor *a)
{
    a->x = fx_float(r, "anchor x");
    a->y = fx_float(r, "anchor y");
}

/* n floats of the rest of the line into a new array (NULL for n == 0). */
static inline float *fx_floats(FxReader *r, size_t n, const char *what)
{
    float *a = n ? (float *)xmalloc(n * sizeof(float)) : NULL;
    size_t i;
    for (i = 0; i < n && r->ok; i++)
        a[i] = fx_float(r, what);
    if (r->ok && fx_token(&r->rest) != NULL)
        fx_fail(r, "more values than items", what);
    return a;
}

static inline int fx_word(const char *t, const char *word)
{
    return t != NULL && strcmp(t, word) == 0;
}

/* The `layout` line's kind and parameters, over lk_layout_default(). */
static inline void fx_layout(FxReader *r, lk_layout *l)
{
    static const char *const kinds[] = {"flow", "hstack", "vstack", "zstack", "grid",
                                        "balanced", "circle"};
    char *kind = fx_next(r, "layout kind");
    int32_t k;
    for (k = 0; k < 7 && !fx_word(kind, kinds[k]); k++)
        ;
    if (k == 7 || lk_layout_default(k, l) != LK_OK) {
        fx_fail(r, "unknown layout kind", kind);
        return;
    }
    switch (k) {
    case LK_LAYOUT_FLOW: {
        /* Then the CSS flow features, each KEY=VALUE (absent: 0, the default). */
        static const char *const keys[] = {"justify", "direction", "reverse", "wrap_reverse",
                                           "axis", "align_content"};
        int32_t *fields[6];
        char *t;
        fields[0] = &l->flow.justify;
        fields[1] = &l->flow.direction;
        fields[2] = &l->flow.reverse;
        fields[3] = &l->flow.wrap_reverse;
        fields[4] = &l->flow.axis;
        fields[5] = &l->flow.align_content;
        fx_spacing(r, &l->flow.spacing, &l->flow.spacing_mode);
        fx_spacing(r, &l->flow.line_spacing, &l->flow.line_spacing_mode);
        fx_anchor(r, &l->flow.alignment);
        while ((t = fx_token(&r->rest)) != NULL) {
            char *eq = strchr(t, '=');
            int f;
            for (f = 0; eq != NULL && f < 6; f++)
                if (strncmp(t, keys[f], (size_t)(eq - t)) == 0 && keys[f][eq - t] == '\0')
                    break;
            if (eq == NULL || f == 6) {
                fx_fail(r, "unknown flow feature", t);
                break;
            }
            *fields[f] = (int32_t)atoi(eq + 1);
        }
        break;
    }
    case LK_LAYOUT_GRID: {
        char *sizing;
        l->grid.columns = (int32_t)fx_size(r, "columns");
        l->grid.min_column_width = fx_float(r, "min_column_width");
        sizing = fx_next(r, "sizing");
        l->grid.sizing = fx_word(sizing, "fill") ? LK_GRID_FILL : LK_GRID_FIT;
        if (!fx_word(sizing, "fill") && !fx_word(sizing, "fit"))
            fx_fail(r, "unknown sizing", sizing);
        l->grid.spacing = fx_float(r, "spacing");
        l->grid.line_spacing = fx_float(r, "line_spacing");
        fx_anchor(r, &l->grid.alignment);
        break;
    }
    case LK_LAYOUT_BALANCED: {
        char *axis = fx_next(r, "axis");
        l->balanced.axis = fx_word(axis, "vertical") ? LK_AXIS_VERTICAL : LK_AXIS_HORIZONTAL;
        if (!fx_word(axis, "vertical") && !fx_word(axis, "horizontal"))
            fx_fail(r, "unknown axis", axis);
        fx_spacing(r, &l->balanced.spacing, &l->balanced.spacing_mode);
        break;
    }
    case LK_LAYOUT_CIRCLE:
        l->circle.radius = fx_float(r, "radius");
        l->circle.start_angle = fx_float(r, "start_angle");
        fx_anchor(r, &l->circle.anchor);
        break;
    default: /* the stacks */
        fx_spacing(r, &l->stack.spacing, &l->stack.spacing_mode);
        fx_anchor(r, &l->stack.alignment);
        break;
    }
}

static inline FxCase *fx_new_case(FxSet *set)
{
    if (set->count == set->cap) {
        set->cap = set->cap ? 2 * set->cap : 256;
        set->cases = (FxCase *)realloc(set->cases, set->cap * sizeof(FxCase));
        if (set->cases == NULL) {
            printf("out of memory\n");
            exit(2);
        }
    }
    memset(&set->cases[set->count], 0, sizeof(FxCase));
    return &set->cases[set->count++];
}

static inline FxCandidate *fx_current(FxReader *r, FxCase *c)
{
    if (c == NULL || c->count == 0) {
        fx_fail(r, "item data before a layout line", NULL);
        return NULL;
    }
    return &c->cand[c->count - 1];
}

/* Checks a case read up to its `end` line, and points its items and Expect at
 * its arrays. */
static inline void fx_finish_case(FxReader *r, FxCase *c, size_t rows_read)
{
    size_t k;
    FxCandidate *chosen;
    if (c->count == 0 || (!c->first_fit && c->count != 1))
        fx_fail(r, "a case needs one layout (first fit: one per candidate)", c->id);
    if (c->chosen >= c->count || rows_read != c->rows)
        fx_fail(r, "chosen candidate or row lines do not match", c->id);
    if (!r->ok)
        return;
    c->table = (lk_candidate *)xmalloc(c->count * sizeof(lk_candidate));
    for (k = 0; k < c->count; k++) {
        FxCandidate *cand = &c->cand[k];
        cand->items = items_of(cand->n, cand->w, cand->h);
        cand->items.spacing_leading = cand->side[0];
        cand->items.spacing_trailing = cand->side[1];
        cand->items.spacing_top = cand->side[2];
        cand->items.spacing_bottom = cand->side[3];
        cand->items.flags = cand->flags;
        cand->items.grow = cand->grow;
        c->table[k].items = &cand->items;
        c->table[k].layout = &cand->layout;
    }
    chosen = &c->cand[c->chosen];
    if (chosen->n > 0 && (c->x == NULL || c->y == NULL))
        fx_fail(r, "x and y are missing", c->id);
    {
        Expect e = {c->width,     c->height, c->rows,  c->x,      c->y,
                    c->row_start, c->row_length, c->row_y, c->row_w, c->row_h,
                    c->item_w,    c->item_h,  c->tol};
        c->expect = e;
    }
}

/* Reads one fixture file's cases into set; returns how many, or -1 (set->error). */
static inline long fx_read_file(FxSet *set, const char *dir, const char *name)
{
    char path[512], *buf = NULL, stem[64];
    size_t cap = 0, rows_read = 0, start = set->count;
    FxReader r;
    FxCase *c = NULL;
    FILE *f;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    snprintf(stem, sizeof stem, "%s", name);
    if (strchr(stem, '.'))
        *strchr(stem, '.') = '\0';
    f = fopen(path, "r");
    if (f == NULL) {
        snprintf(set->error, sizeof set->error, "cannot open %s", path);
        return -1;
    }
    r.set = set;
    r.file = path;
    r.line = 0;
    r.ok = 1;
    while (r.ok && fx_read_line(f, &buf, &cap)) {
        char *key;
        r.line++;
        r.rest = buf;
        key = fx_token(&r.rest);
        if (key == NULL || key[0] == '#')
            continue;
        if (fx_word(key, "case")) {
            char *id = fx_next(&r, "case id"), *mode;
            if (c != NULL)
                fx_fail(&r, "case before the previous one's end", id);
            c = fx_new_case(set);
            snprintf(c->id, sizeof c->id, "%s/%s", stem, id ? id : "?");
            mode = fx_next(&r, "exact or within");
            if (fx_word(mode, "exact"))
                c->tol = BITS;
            else if (fx_word(mode, "within"))
                c->tol = fx_double(&r, "tolerance");
            else
                fx_fail(&r, "want exact or within", mode);
            rows_read = 0;
            continue;
        }
        if (c == NULL) {
            fx_fail(&r, "a line outside a case", key);
            break;
        }
        if (fx_word(key, "proposal")) {
            c->proposal.width = fx_float(&r, "proposal width");
            c->proposal.height = fx_float(&r, "proposal height");
        } else if (fx_word(key, "first_fit")) {
            char *axes = fx_next(&r, "axes");
            c->first_fit = 1;
            c->axes = fx_word(axes, "both")         ? LK_AXES_BOTH
                      : fx_word(axes, "horizontal") ? LK_AXIS_HORIZONTAL
                      : fx_word(axes, "vertical")   ? LK_AXIS_VERTICAL
                                                    : 0;
            if (c->axes == 0)
                fx_fail(&r, "unknown axes", axes);
            (void)fx_size(&r, "candidate count");
        } else if (fx_word(key, "layout")) {
            c->cand = (FxCandidate *)realloc(c->cand, (c->count + 1) * sizeof(FxCandidate));
            if (c->cand == NULL) {
                printf("out of memory\n");
                exit(2);
            }
            memset(&c->cand[c->count], 0, sizeof(FxCandidate));
            fx_layout(&r, &c->cand[c->count++].layout);
        } else if (fx_word(key, "n")) {
            FxCandidate *cand = fx_current(&r, c);
            if (cand)
                cand->n = fx_size(&r, "n");
        } else if (fx_word(key, "widths") || fx_word(key, "heights") ||
                   fx_word(key, "leading") || fx_word(key, "trailing") ||
                   fx_word(key, "top") || fx_word(key, "bottom") || fx_word(key, "grow")) {
            static const char *const sides[] = {"leading", "trailing", "top", "bottom"};
            FxCandidate *cand = fx_current(&r, c);
            float **to = NULL;
            int s;
            if (cand == NULL)
                break;
            to = fx_word(key, "widths") ? &cand->w : fx_word(key, "heights") ? &cand->h
               : fx_word(key, "grow") ? &cand->grow : NULL;
            for (s = 0; to == NULL && s < 4; s++)
                if (fx_word(key, sides[s]))
                    to = &cand->side[s];
            *to = fx_floats(&r, cand->n, key);
            if (*to == NULL) /* present but empty: a non-NULL array of no items */
                *to = (float *)xmalloc(sizeof(float));
        } else if (fx_word(key, "flags")) {
            FxCandidate *cand = fx_current(&r, c);
            size_t i;
            if (cand == NULL)
                break;
            cand->flags = (uint8_t *)xmalloc(cand->n ? cand->n : 1);
            for (i = 0; i < cand->n && r.ok; i++)
                cand->flags[i] = (uint8_t)fx_size(&r, "flag");
        } else if (fx_word(key, "chosen")) {
            c->chosen = fx_size(&r, "chosen");
        } else if (fx_word(key, "size")) {
            c->width = fx_float(&r, "width");
            c->height = fx_float(&r, "height");
        } else if (fx_word(key, "rows")) {
            size_t len;
            c->rows = fx_size(&r, "rows");
            len = c->rows ? c->rows : 1;
            c->row_start = (int64_t *)xmalloc(len * sizeof(int64_t));
            c->row_length = (int64_t *)xmalloc(len * sizeof(int64_t));
            c->row_y = (double *)xmalloc(len * sizeof(double));
            c->row_w = (float *)xmalloc(len * sizeof(float));
            c->row_h = (float *)xmalloc(len * sizeof(float));
        } else if (fx_word(key, "x") || fx_word(key, "y") || fx_word(key, "item_width") ||
                   fx_word(key, "item_height")) {
            size_t n = c->chosen < c->count ? c->cand[c->chosen].n : 0;
            float *a = fx_floats(&r, n, key);
            if (a == NULL)
                a = (float *)xmalloc(sizeof(float));
            *(fx_word(key, "x")            ? &c->x
              : fx_word(key, "y")          ? &c->y
              : fx_word(key, "item_width") ? &c->item_w
                                           : &c->item_h) = a;
        } else if (fx_word(key, "row")) {
            if (c->row_start == NULL || rows_read >= c->rows) {
                fx_fail(&r, "more row lines than rows", c->id);
                break;
            }
            c->row_start[rows_read] = (int64_t)fx_size(&r, "row start");
            c->row_length[rows_read] = (int64_t)fx_size(&r, "row length");
            c->row_y[rows_read] = fx_double(&r, "row y");
            c->row_w[rows_read] = fx_float(&r, "row width");
            c->row_h[rows_read] = fx_float(&r, "row height");
            rows_read++;
        } else if (fx_word(key, "end")) {
            fx_finish_case(&r, c, rows_read);
            c = NULL;
        } else {
            fx_fail(&r, "unknown line", key);
        }
        if (r.ok && fx_token(&r.rest) != NULL)
            fx_fail(&r, "more values than the line takes", key);
    }
    if (r.ok && c != NULL)
        fx_fail(&r, "the last case has no end line", c->id);
    free(buf);
    fclose(f);
    return r.ok ? (long)(set->count - start) : -1;
}

/*
 * Reads every file that index.txt names ("file NAME COUNT"), checking that each
 * holds COUNT cases. Returns 1, or 0 with the reason in set->error.
 */
static inline int fx_load(FxSet *set, const char *dir)
{
    char path[512], *buf = NULL;
    size_t cap = 0, line = 0, files = 0;
    FILE *f;
    memset(set, 0, sizeof *set);
    snprintf(path, sizeof path, "%s/index.txt", dir);
    f = fopen(path, "r");
    if (f == NULL) {
        snprintf(set->error, sizeof set->error, "cannot open %s", path);
        return 0;
    }
    while (fx_read_line(f, &buf, &cap)) {
        char *rest = buf, *key = fx_token(&rest), *name, *count;
        long got;
        line++;
        if (key == NULL || key[0] == '#')
            continue;
        name = fx_token(&rest);
        count = fx_token(&rest);
        if (!fx_word(key, "file") || name == NULL || count == NULL) {
            snprintf(set->error, sizeof set->error, "%s:%zu: want \"file NAME COUNT\"",
                     path, line);
            break;
        }
        got = fx_read_file(set, dir, name);
        if (got < 0)
            break;
        if (got != atol(count)) {
            snprintf(set->error, sizeof set->error, "%s/%s holds %ld cases, index.txt says %s",
                     dir, name, got, count);
            break;
        }
        files++;
    }
    free(buf);
    fclose(f);
    if (set->error[0] == '\0' && files == 0)
        snprintf(set->error, sizeof set->error, "%s names no file", path);
    return set->error[0] == '\0';
}

static inline void fx_free(FxSet *set)
{
    size_t i, k, s;
    for (i = 0; i < set->count; i++) {
        FxCase *c = &set->cases[i];
        for (k = 0; k < c->count; k++) {
            free(c->cand[k].w);
            free(c->cand[k].h);
            for (s = 0; s < 4; s++)
                free(c->cand[k].side[s]);
            free(c->cand[k].flags);
            free(c->cand[k].grow);
        }
        free(c->cand);
        free(c->table);
        free(c->x);
        free(c->y);
        free(c->item_w);
        free(c->item_h);
        free(c->row_start);
        free(c->row_length);
        free(c->row_y);
        free(c->row_w);
        free(c->row_h);
    }
    free(set->cases);
    memset(set, 0, sizeof *set);
}

/* ======================================================================== */
/* Replaying                                                                 */
/* ======================================================================== */

/* The kind of a plain case (-1 for first fit). */
static inline int32_t fx_kind(const FxCase *c)
{
    return c->first_fit ? -1 : c->cand[0].layout.kind;
}

/* Makes every parameter struct but that of l's own kind invalid: a layout reads
 * only its own kind's parameters. */
static inline void fx_poison_other_kinds(lk_layout *l)
{
    if (l->kind != LK_LAYOUT_FLOW) {
        l->flow.spacing = -3;
        l->flow.alignment.x = 7;
    }
    if (l->kind != LK_LAYOUT_HSTACK && l->kind != LK_LAYOUT_VSTACK &&
        l->kind != LK_LAYOUT_ZSTACK) {
        l->stack.spacing = NAN;
        l->stack.spacing_mode = 9;
    }
    if (l->kind != LK_LAYOUT_GRID) {
        l->grid.columns = -4;
        l->grid.sizing = 9;
    }
    if (l->kind != LK_LAYOUT_BALANCED)
        l->balanced.axis = 0;
    if (l->kind != LK_LAYOUT_CIRCLE) {
        l->circle.radius = NAN;
        l->circle.start_angle = INFINITY;
    }
}

/* lk_first_fit over the case's candidates: the chosen index, and the chosen
 * candidate's layout with every output wanted, once with capacities of the
 * largest candidate and once with exactly the chosen one's items and rows. */
static inline void fx_replay_first_fit(const char *loc, const FxCase *c)
{
    const lk_items *items = &c->cand[c->chosen].items;
    size_t k, most = 0, chosen;
    int round;
    char what[300];
    for (k = 0; k < c->count; k++)
        if (c->cand[k].n > most)
            most = c->cand[k].n;
    for (round = 0; round < 2; round++) {
        Out o;
        lk_status st;
        out_alloc(&o, round ? items->count : most, round ? c->rows : most);
        memset(&chosen, CANARY, sizeof chosen);
        st = lk_first_fit(c->table, c->count, c->axes, c->proposal, &chosen, &o.r);
        snprintf(what, sizeof what, "lk_first_fit (%s)",
                 round ? "capacities = the chosen candidate's" : "capacities = the most items");
        if (ck_st(loc, what, st, LK_OK) && ck_z(loc, "lk_first_fit: *chosen", chosen, c->chosen))
            check_outputs(loc, what, items, &o, &c->expect);
        out_free(&o);
    }
}

/* Which entry points a replay calls. */
enum {
    FX_FLOW_API = 1,  /* the flow cases through lk_flow_layout, _size, _row_count */
    FX_LAYOUT_API = 2 /* every case through lk_layout_place, _size, _row_count, and
                       * the first-fit cases through lk_first_fit */
};

/*
 * Replays the cases through `api` (expect_result: four ways to lay out, the
 * size and the row count; lk_first_fit for first-fit cases). Through
 * lk_layout_place every other case has the other kinds' parameters made
 * invalid. Failures name the case; the end lists every case that differs.
 * Returns the number of cases replayed.
 */
static inline size_t fx_replay(const FxSet *set, int api)
{
    const char *name = api == FX_FLOW_API ? "lk_flow_*" : "lk_layout_*, lk_first_fit";
    size_t i, replayed = 0, differ = 0, width = 0;
    size_t *differing = (size_t *)xmalloc((set->count ? set->count : 1) * sizeof(size_t));
    for (i = 0; i < set->count; i++) {
        const FxCase *c = &set->cases[i];
        int failed_before = g_failed;
        if (c->first_fit ? api != FX_LAYOUT_API
                         : api == FX_FLOW_API && fx_kind(c) != LK_LAYOUT_FLOW)
            continue;
        set_case("%s", c->id);
        g_expect_is_reference = 1;
        if (c->first_fit) {
            fx_replay_first_fit(LOC, c);
        } else if (api == FX_FLOW_API) {
            Call call = flow_call(&c->cand[0].layout.flow);
            expect_result(LOC, &c->cand[0].items, &call, c->proposal, &c->expect);
        } else {
            lk_layout l = c->cand[0].layout;
            Call call = layout_call(&l);
            if (i % 2)
                fx_poison_other_kinds(&l);
            expect_result(LOC, &c->cand[0].items, &call, c->proposal, &c->expect);
        }
        g_expect_is_reference = 0;
        replayed++;
        if (g_failed > failed_before)
            differing[differ++] = i;
    }
    set_case("%s", "");
    if (differ > 0)
        printf("fixture cases that differ (%s):\n ", name);
    for (i = 0; i < differ; i++) {
        const char *id = set->cases[differing[i]].id;
        if (width + strlen(id) > 96) {
            printf("\n ");
            width = 0;
        }
        width += printf(" %s", id) > 0 ? strlen(id) + 1 : 0;
    }
    printf("%sfixture replay (%s): %zu cases, %zu differ\n", differ ? "\n" : "", name,
           replayed, differ);
    free(differing);
    return replayed;
}

/* Loads the fixtures (a failure to load counts as a failed check). */
static inline int fx_load_checked(FxSet *set)
{
    int ok = fx_load(set, fx_dir());
    ck(ok, LOC, "reading the reference fixtures in %s: %s", fx_dir(), set->error);
    return ok;
}

#endif
