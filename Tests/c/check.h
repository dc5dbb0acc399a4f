/*
 * check.h — the check framework the C test programs (test_api.c, test_layouts.c)
 * share: counted checks with the closing line "N passed, M failed", a crash
 * handler that names the section, output buffers filled with canaries so that a
 * test can prove nothing was written on error and nothing past a capacity on
 * success, the comparison of a result with an expected one (exactly, bit for bit
 * or within a tolerance), the four ways every successful layout is asked for, and
 * the checks of a failure (status, the thread's error state, untouched outputs).
 * Header-only (one test program per translation unit); helpers a program does not
 * use cost nothing.
 */
#ifndef LK_TESTS_CHECK_H
#define LK_TESTS_CHECK_H

#include "layoutkernel.h"

#include <ctype.h>
#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
/* ======================================================================== */
/* A tiny check framework                                                    */
/* ======================================================================== */

#define STR_(x) #x
#define STR(x) STR_(x)
/* "test_api.c:123", a compile-time string naming the checking line. */
#define LOC __FILE__ ":" STR(__LINE__)

static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
static int g_passed;
static int g_failed;
/* What is running, for failure lines and crash reports (main thread only). */
static const char *volatile g_section = "start";
static char g_case[200] = "";

/* At most this many failure lines per section; the others are counted and the
 * count is printed when the section changes or the program ends. */
#define SHOWN_FAILURES 40
static const char *g_shown_section = NULL;
static int g_shown, g_hidden;

/* Says how many failures of the last section were not shown (g_lock held). */
static inline void flush_hidden_failures(void)
{
    if (g_hidden > 0)
        printf("     ... and %d more failures in [%s] not shown\n", g_hidden,
               g_shown_section);
    g_hidden = 0;
}

static inline void set_case(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g_case, sizeof g_case, fmt, ap);
    va_end(ap);
}

/* Counts one check; on failure prints where, in which section, and why. */
static inline int ck(int ok, const char *loc, const char *fmt, ...)
{
    va_list ap;
    pthread_mutex_lock(&g_lock);
    if (ok) {
        g_passed++;
    } else {
        g_failed++;
        if (g_section != g_shown_section) {
            flush_hidden_failures();
            g_shown_section = g_section;
            g_shown = 0;
        }
        if (g_shown++ < SHOWN_FAILURES) {
            printf("FAIL %s [%s%s%s]: ", loc, g_section, g_case[0] ? " / " : "",
                   g_case);
            va_start(ap, fmt);
            vprintf(fmt, ap);
            va_end(ap);
            putchar('\n');
        } else {
            g_hidden++;
        }
    }
    pthread_mutex_unlock(&g_lock);
    return ok;
}

static inline int ck_true(const char *loc, const char *what, int ok)
{
    return ck(ok, loc, "%s", what);
}

/* Exact float comparison; NaN equals NaN so that "untouched" checks work. */
static inline int ck_f(const char *loc, const char *what, float got, float want)
{
    int ok = got == want || (isnan(got) && isnan(want));
    return ck(ok, loc, "%s: got %.9g (%a), want %.9g (%a)", what, got, got,
              want, want);
}

static inline int ck_d(const char *loc, const char *what, double got, double want)
{
    int ok = got == want || (isnan(got) && isnan(want));
    return ck(ok, loc, "%s: got %.17g (%a), want %.17g (%a)", what, got, got,
              want, want);
}

static inline int ck_i(const char *loc, const char *what, int64_t got, int64_t want)
{
    return ck(got == want, loc, "%s: got %" PRId64 ", want %" PRId64, what, got,
              want);
}

static inline int ck_z(const char *loc, const char *what, size_t got, size_t want)
{
    return ck(got == want, loc, "%s: got %zu, want %zu", what, got, want);
}

static inline int ck_st(const char *loc, const char *what, lk_status got,
                 lk_status want)
{
    return ck(got == want, loc, "%s: got status %d (%s), want %d (%s); "
              "last error message: \"%s\"", what, (int)got, lk_status_name(got),
              (int)want, lk_status_name(want), lk_last_error_message());
}

static inline int ck_str(const char *loc, const char *what, const char *got,
                  const char *want)
{
    int ok = got != NULL && strcmp(got, want) == 0;
    return ck(ok, loc, "%s: got \"%s\", want \"%s\"", what,
              got ? got : "(NULL)", want);
}

static inline int ck_has(const char *loc, const char *what, const char *got,
                  const char *needle)
{
    int ok = got != NULL && strstr(got, needle) != NULL;
    return ck(ok, loc, "%s: \"%s\" does not contain \"%s\"", what,
              got ? got : "(NULL)", needle);
}

/* Whether `word` occurs in s as a whole identifier: "x" matches "result.x
 * overlaps" but not "index" or "x_axis". */
static inline int is_ident_char(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

static inline int has_word(const char *s, const char *word)
{
    size_t len = strlen(word);
    const char *p = s;
    while (s != NULL && (p = strstr(p, word)) != NULL) {
        if ((p == s || !is_ident_char(p[-1])) && !is_ident_char(p[len]))
            return 1;
        p++;
    }
    return 0;
}

static inline int ck_has_word(const char *loc, const char *what, const char *got,
                       const char *word)
{
    return ck(has_word(got, word), loc, "%s: \"%s\" does not name \"%s\"",
              what, got ? got : "(NULL)", word);
}

static inline int contains_ci(const char *s, const char *needle)
{
    size_t i, j, len = strlen(needle);
    if (s == NULL)
        return 0;
    for (i = 0; s[i] != '\0' || len == 0; i++) {
        for (j = 0; j < len && s[i + j] != '\0' &&
                    tolower((unsigned char)s[i + j]) ==
                        tolower((unsigned char)needle[j]);
             j++)
            ;
        if (j == len)
            return 1;
    }
    return 0;
}

static inline int ck_has_ci(const char *loc, const char *what, const char *got,
                     const char *needle)
{
    return ck(contains_ci(got, needle), loc,
              "%s: \"%s\" does not contain \"%s\" (ignoring case)", what,
              got ? got : "(NULL)", needle);
}

#define CHECK(c) ck_true(LOC, #c, !!(c))
#define CHECK_F(g, w) ck_f(LOC, #g, (g), (w))
#define CHECK_D(g, w) ck_d(LOC, #g, (g), (w))
#define CHECK_I(g, w) ck_i(LOC, #g, (int64_t)(g), (int64_t)(w))
#define CHECK_Z(g, w) ck_z(LOC, #g, (size_t)(g), (size_t)(w))
#define CHECK_ST(g, w) ck_st(LOC, #g, (g), (w))
#define CHECK_STR(g, w) ck_str(LOC, #g, (g), (w))
#define CHECK_HAS(g, s) ck_has(LOC, #g, (g), (s))

/* Array literals for expected values (C99 compound literals). */
#define F(...) ((const float[]){__VA_ARGS__})
#define D(...) ((const double[]){__VA_ARGS__})
#define I(...) ((const int64_t[]){__VA_ARGS__})

/* The library must never crash: if it does, say where, then the summary. */
static inline void on_crash(int sig)
{
    char buf[512];
    int len = snprintf(buf, sizeof buf,
                       "CRASH: signal %d during [%s / %s]\n%d passed, %d failed\n",
                       sig, g_section, g_case, g_passed, g_failed + 1);
    if (len > 0 && write(STDOUT_FILENO, buf, (size_t)len) < 0) {
        /* nothing more to do */
    }
    _exit(3);
}

static inline void install_crash_handler(void)
{
    static const int sigs[] = {SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT};
    struct sigaction sa;
    size_t i;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_crash;
    sigemptyset(&sa.sa_mask);
    for (i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
        sigaction(sigs[i], &sa, NULL);
}

/* ======================================================================== */
/* Output buffers with canaries                                              */
/* ======================================================================== */

/* Elements of canary past each buffer's capacity. */
#define GUARD 8
/* The canary byte: every output byte starts as 0xAB. */
#define CANARY 0xAB

static inline int bytes_are_canary(const void *p, size_t nbytes)
{
    const unsigned char *b = (const unsigned char *)p;
    size_t i;
    for (i = 0; i < nbytes; i++)
        if (b[i] != CANARY)
            return 0;
    return 1;
}

static inline void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) {
        printf("out of memory\n");
        exit(2);
    }
    return p;
}

/*
 * The caller's side of an lk_result: every buffer has `capacity + GUARD`
 * elements, all bytes (and the result's width, height and rows) start as
 * CANARY, and r points at the buffers with the given capacities. Tests set a
 * pointer of r to NULL to say "not wanted".
 */
typedef struct {
    size_t item_len, row_len; /* allocated elements */
    float *x, *y, *item_w, *item_h;
    int64_t *row_start, *row_length;
    double *row_y;
    float *row_w, *row_h;
    lk_result r;
} Out;

static inline void out_alloc(Out *o, size_t item_cap, size_t row_cap)
{
    o->item_len = item_cap + GUARD;
    o->row_len = row_cap + GUARD;
    o->x = (float *)xmalloc(o->item_len * sizeof(float));
    o->y = (float *)xmalloc(o->item_len * sizeof(float));
    o->item_w = (float *)xmalloc(o->item_len * sizeof(float));
    o->item_h = (float *)xmalloc(o->item_len * sizeof(float));
    o->row_start = (int64_t *)xmalloc(o->row_len * sizeof(int64_t));
    o->row_length = (int64_t *)xmalloc(o->row_len * sizeof(int64_t));
    o->row_y = (double *)xmalloc(o->row_len * sizeof(double));
    o->row_w = (float *)xmalloc(o->row_len * sizeof(float));
    o->row_h = (float *)xmalloc(o->row_len * sizeof(float));
    memset(o->x, CANARY, o->item_len * sizeof(float));
    memset(o->y, CANARY, o->item_len * sizeof(float));
    memset(o->item_w, CANARY, o->item_len * sizeof(float));
    memset(o->item_h, CANARY, o->item_len * sizeof(float));
    memset(o->row_start, CANARY, o->row_len * sizeof(int64_t));
    memset(o->row_length, CANARY, o->row_len * sizeof(int64_t));
    memset(o->row_y, CANARY, o->row_len * sizeof(double));
    memset(o->row_w, CANARY, o->row_len * sizeof(float));
    memset(o->row_h, CANARY, o->row_len * sizeof(float));
    memset(&o->r, CANARY, sizeof o->r);
    o->r.struct_size = sizeof o->r;
    o->r.x = o->x;
    o->r.y = o->y;
    o->r.item_width = o->item_w;
    o->r.item_height = o->item_h;
    o->r.item_capacity = item_cap;
    o->r.row_start = o->row_start;
    o->r.row_length = o->row_length;
    o->r.row_y = o->row_y;
    o->r.row_width = o->row_w;
    o->r.row_height = o->row_h;
    o->r.row_capacity = row_cap;
}

static inline void out_no_rows(Out *o)
{
    o->r.row_start = NULL;
    o->r.row_length = NULL;
    o->r.row_y = NULL;
    o->r.row_width = NULL;
    o->r.row_height = NULL;
}

static inline void out_free(Out *o)
{
    free(o->x);
    free(o->y);
    free(o->item_w);
    free(o->item_h);
    free(o->row_start);
    free(o->row_length);
    free(o->row_y);
    free(o->row_w);
    free(o->row_h);
}

/* A byte-for-byte copy of an Out (its r still points at the original's buffers). */
static inline Out out_snapshot(const Out *o)
{
    Out s = *o;
#define COPY_BUF(f, len)                                    \
    s.f = xmalloc((len) * sizeof *o->f);                    \
    memcpy(s.f, o->f, (len) * sizeof *o->f)
    COPY_BUF(x, o->item_len);
    COPY_BUF(y, o->item_len);
    COPY_BUF(item_w, o->item_len);
    COPY_BUF(item_h, o->item_len);
    COPY_BUF(row_start, o->row_len);
    COPY_BUF(row_length, o->row_len);
    COPY_BUF(row_y, o->row_len);
    COPY_BUF(row_w, o->row_len);
    COPY_BUF(row_h, o->row_len);
#undef COPY_BUF
    return s;
}

/* Whether every byte of o (buffers and the result struct) equals snapshot s. */
static inline int out_unchanged(const Out *o, const Out *s)
{
#define SAME_BUF(f, len) (memcmp(o->f, s->f, (len) * sizeof *o->f) == 0)
    return memcmp(&o->r, &s->r, sizeof o->r) == 0 &&
           SAME_BUF(x, o->item_len) && SAME_BUF(y, o->item_len) &&
           SAME_BUF(item_w, o->item_len) && SAME_BUF(item_h, o->item_len) &&
           SAME_BUF(row_start, o->row_len) && SAME_BUF(row_length, o->row_len) &&
           SAME_BUF(row_y, o->row_len) && SAME_BUF(row_w, o->row_len) &&
           SAME_BUF(row_h, o->row_len);
#undef SAME_BUF
}

/*
 * Whether nothing was written past a capacity: every element from the
 * capacity on is still canary. A buffer whose pointer r does not carry (NULL,
 * "not wanted") must be canary from element 0.
 */
static inline int out_guards_intact(const Out *o)
{
    size_t ic = o->item_len - GUARD, rc = o->row_len - GUARD;
#define TAIL_OK(f, ptr, cap, len)                                            \
    bytes_are_canary(o->f + ((ptr) ? (cap) : 0),                             \
                     ((len) - ((ptr) ? (cap) : 0)) * sizeof *o->f)
    return TAIL_OK(x, o->r.x, ic, o->item_len) &&
           TAIL_OK(y, o->r.y, ic, o->item_len) &&
           TAIL_OK(item_w, o->r.item_width, ic, o->item_len) &&
           TAIL_OK(item_h, o->r.item_height, ic, o->item_len) &&
           TAIL_OK(row_start, o->r.row_start, rc, o->row_len) &&
           TAIL_OK(row_length, o->r.row_length, rc, o->row_len) &&
           TAIL_OK(row_y, o->r.row_y, rc, o->row_len) &&
           TAIL_OK(row_w, o->r.row_width, rc, o->row_len) &&
           TAIL_OK(row_h, o->r.row_height, rc, o->row_len);
#undef TAIL_OK
}

/* ======================================================================== */
/* Inputs                                                                    */
/* ======================================================================== */

#define U LK_UNSPECIFIED

static inline lk_items items_of(size_t n, const float *w, const float *h)
{
    lk_items it = lk_items_default();
    it.count = n;
    it.widths = w;
    it.heights = h;
    return it;
}

static inline lk_proposal prop(float w, float h)
{
    lk_proposal p;
    p.width = w;
    p.height = h;
    return p;
}

/* ======================================================================== */
/* The entry points of a layout: the flow's own, or those of every kind      */
/* ======================================================================== */

/*
 * Which functions lay out, size and count rows: lk_flow_layout, lk_flow_size
 * and lk_flow_row_count (at the proposal's width) with `flow` (NULL: the
 * defaults), or lk_layout_place, lk_layout_size and lk_layout_row_count with
 * `layout`.
 */
typedef struct {
    int is_flow;
    const lk_flow_params *flow;
    const lk_layout *layout;
} Call;

static inline Call make_call(int is_flow, const lk_flow_params *p, const lk_layout *l)
{
    Call c;
    c.is_flow = is_flow;
    c.flow = p;
    c.layout = l;
    return c;
}

#define flow_call(p) make_call(1, (p), NULL)
#define layout_call(l) make_call(0, NULL, (l))

static inline const char *place_name(const Call *c)
{
    return c->is_flow ? "lk_flow_layout" : "lk_layout_place";
}

static inline lk_status call_place(const Call *c, const lk_items *it, lk_proposal pr,
                                   lk_result *r)
{
    return c->is_flow ? lk_flow_layout(it, c->flow, pr, r)
                      : lk_layout_place(it, c->layout, pr, r);
}

static inline lk_status call_size(const Call *c, const lk_items *it, lk_proposal pr,
                                  lk_size *out)
{
    return c->is_flow ? lk_flow_size(it, c->flow, pr, out)
                      : lk_layout_size(it, c->layout, pr, out);
}

static inline lk_status call_row_count(const Call *c, const lk_items *it,
                                       lk_proposal pr, size_t *out)
{
    /* A vertical flow's rows are columns, limited by the proposal's height. */
    int vertical = c->is_flow && c->flow != NULL && c->flow->axis == LK_AXIS_VERTICAL;
    return c->is_flow ? lk_flow_row_count(it, c->flow, vertical ? pr.height : pr.width, out)
                      : lk_layout_row_count(it, c->layout, pr, out);
}

/* ======================================================================== */
/* Checking a successful layout                                              */
/* ======================================================================== */

/* Expect.tol: compare bit for bit (memcmp), not as values. */
#define BITS (-1.0)

/* The expected result of a layout. Arrays are n (items) or rows long. */
typedef struct {
    float width, height;
    size_t rows;
    const float *x, *y;
    const int64_t *row_start, *row_length;
    const double *row_y;
    const float *row_width, *row_height;
    const float *item_w, *item_h; /* NULL: each item's own size */
    /* 0: every float equal (==); BITS: bit for bit; > 0: every float within
     * tol (integers always exact). */
    double tol;
} Expect;

static inline int same_value(double got, double want, double tol)
{
    if (tol > 0)
        return fabs(got - want) <= tol;
    return got == want || (isnan(got) && isnan(want));
}

static inline int same_f(float got, float want, double tol)
{
    return tol < 0 ? memcmp(&got, &want, sizeof got) == 0 : same_value(got, want, tol);
}

static inline int same_d(double got, double want, double tol)
{
    return tol < 0 ? memcmp(&got, &want, sizeof got) == 0 : same_value(got, want, tol);
}

/* No index: differs() names a single value. */
#define NO_INDEX ((size_t)-1)

/* Whether got and want differ under tol; if so, describes them in buf as
 * "NAME[INDEX]: got ..., want ...". */
static inline int differs(double got, double want, int is_double, double tol,
                          const char *name, size_t index, char *buf, size_t cap)
{
    char at[32] = "";
    if (is_double ? same_d(got, want, tol) : same_f((float)got, (float)want, tol))
        return 0;
    if (index != NO_INDEX)
        snprintf(at, sizeof at, "[%zu]", index);
    snprintf(buf, cap, "%s%s: got %.17g (%a), want %.17g (%a)", name, at, got, got,
             want, want);
    return 1;
}

static inline int differs_i(int64_t got, int64_t want, const char *name, size_t index,
                            char *buf, size_t cap)
{
    if (got == want)
        return 0;
    snprintf(buf, cap, "%s[%zu]: got %" PRId64 ", want %" PRId64, name, index, got, want);
    return 1;
}

/*
 * Describes in buf the first output of r that differs from e and returns 1,
 * or returns 0 when none does: the size, the row count, and every column r
 * asks for (x, y, the item sizes, each row column).
 */
static inline int first_difference(const lk_result *r, const lk_items *it,
                                   const Expect *e, char *buf, size_t cap)
{
    size_t i, n = it->count;
    double tol = e->tol;
    if (differs(r->width, e->width, 0, tol, "width", NO_INDEX, buf, cap) ||
        differs(r->height, e->height, 0, tol, "height", NO_INDEX, buf, cap))
        return 1;
    if (r->rows != e->rows) {
        snprintf(buf, cap, "rows: got %zu, want %zu", r->rows, e->rows);
        return 1;
    }
    for (i = 0; i < n; i++)
        if ((r->x && differs(r->x[i], e->x[i], 0, tol, "x", i, buf, cap)) ||
            (r->y && differs(r->y[i], e->y[i], 0, tol, "y", i, buf, cap)) ||
            (r->item_width &&
             differs(r->item_width[i], e->item_w ? e->item_w[i] : it->widths[i], 0, tol,
                     "item_width", i, buf, cap)) ||
            (r->item_height &&
             differs(r->item_height[i], e->item_h ? e->item_h[i] : it->heights[i], 0,
                     tol, "item_height", i, buf, cap)))
            return 1;
    for (i = 0; i < e->rows; i++)
        if ((r->row_start &&
             differs_i(r->row_start[i], e->row_start[i], "row_start", i, buf, cap)) ||
            (r->row_length &&
             differs_i(r->row_length[i], e->row_length[i], "row_length", i, buf, cap)) ||
            (r->row_y && differs(r->row_y[i], e->row_y[i], 1, tol, "row_y", i, buf, cap)) ||
            (r->row_width &&
             differs(r->row_width[i], e->row_width[i], 0, tol, "row_width", i, buf, cap)) ||
            (r->row_height &&
             differs(r->row_height[i], e->row_height[i], 0, tol, "row_height", i, buf, cap)))
            return 1;
    return 0;
}

/* Checks a successful layout's outputs against e, and that nothing was written
 * past a capacity or to a buffer not asked for. */
static inline void check_outputs(const char *loc, const char *run, const lk_items *it,
                                 const Out *o, const Expect *e)
{
    char diff[240];
    if (first_difference(&o->r, it, e, diff, sizeof diff))
        ck(0, loc, "%s: %s", run, diff);
    else
        ck(1, loc, "");
    ck(out_guards_intact(o), loc,
       "%s: something was written past a capacity or to a buffer not asked for", run);
}

/* ======================================================================== */
/* The exact positions (lk_layout_place_exact, lk_flow_layout_exact)         */
/* ======================================================================== */

static size_t g_exact_calls;     /* successful _exact calls checked */
static size_t g_exact_rounded;   /* layouts checked for (float)x64 == x, (float)y64 == y */
static size_t g_exact_tolerated; /* the others: (float)x64 within the expectation's tolerance of x */
static size_t g_exact_reference; /* layouts whose (float)x64, (float)y64 are the reference's x, y bit for bit */
/* Set while the Expect is a scalar reference's result (fixtures.h): its x and y
 * are then the exact positions rounded once. */
static int g_expect_is_reference;

static inline const char *place_exact_name(const Call *c)
{
    return c->is_flow ? "lk_flow_layout_exact" : "lk_layout_place_exact";
}

static inline lk_status call_place_exact(const Call *c, const lk_items *it, lk_proposal pr,
                                         lk_result *r, double *x64, double *y64)
{
    return c->is_flow ? lk_flow_layout_exact(it, c->flow, pr, r, x64, y64)
                      : lk_layout_place_exact(it, c->layout, pr, r, x64, y64);
}

/* A length on the 1/64 grid below 2^17 (a proposal axis NaN or +inf: no length). */
static inline int on_64ths(float v)
{
    return !isfinite(v) || (fabsf(v) < 131072.0f && (double)v * 64 == floor((double)v * 64));
}

/* Whether every length the layout reads (the items' sizes and spacings, the
 * proposal, the layout's spacings) is on the 1/64 grid below 2^17, where the
 * header promises (float)x64 == x for every kind but the circle. */
static inline int lengths_on_64ths(const Call *c, const lk_items *it, lk_proposal pr)
{
    const float *arrays[6];
    size_t i, k;
    arrays[0] = it->widths;
    arrays[1] = it->heights;
    arrays[2] = it->spacing_leading;
    arrays[3] = it->spacing_trailing;
    arrays[4] = it->spacing_top;
    arrays[5] = it->spacing_bottom;
    if (!on_64ths(pr.width) || !on_64ths(pr.height))
        return 0;
    for (k = 0; k < 6; k++)
        for (i = 0; arrays[k] != NULL && i < it->count; i++)
            if (!on_64ths(arrays[k][i]))
                return 0;
    if (c->is_flow)
        return 1;
    switch (c->layout->kind) {
    case LK_LAYOUT_FLOW: return 1;
    case LK_LAYOUT_HSTACK:
    case LK_LAYOUT_VSTACK:
    case LK_LAYOUT_ZSTACK: return on_64ths(c->layout->stack.spacing);
    case LK_LAYOUT_GRID:
        return on_64ths(c->layout->grid.spacing) && on_64ths(c->layout->grid.line_spacing) &&
               on_64ths(c->layout->grid.min_column_width);
    case LK_LAYOUT_BALANCED: return on_64ths(c->layout->balanced.spacing);
    default: return 0; /* a circle goes through cos and sin */
    }
}

/* Whether the results' outputs (size, rows and every buffer, canaries included)
 * are the same bytes. */
static inline int out_same_bytes(const Out *a, const Out *b)
{
#define SAME_BUF(f, len) (memcmp(a->f, b->f, (len) * sizeof *a->f) == 0)
    return a->item_len == b->item_len && a->row_len == b->row_len &&
           memcmp(&a->r.width, &b->r.width, sizeof a->r.width) == 0 &&
           memcmp(&a->r.height, &b->r.height, sizeof a->r.height) == 0 && a->r.rows == b->r.rows &&
           SAME_BUF(x, a->item_len) && SAME_BUF(y, a->item_len) && SAME_BUF(item_w, a->item_len) &&
           SAME_BUF(item_h, a->item_len) && SAME_BUF(row_start, a->row_len) &&
           SAME_BUF(row_length, a->row_len) && SAME_BUF(row_y, a->row_len) &&
           SAME_BUF(row_w, a->row_len) && SAME_BUF(row_h, a->row_len);
#undef SAME_BUF
}

/*
 * The _exact variant of a successful layout, three ways (x64 and y64, each
 * alone with the other NULL): the result the same bytes as the plain call's,
 * nothing written past n doubles or to a NULL one's buffer, the same x64 and
 * y64 each way, and (float)x64[i] == x[i], (float)y64[i] == y[i] for a flow
 * and for every kind but the circle with its lengths on the 1/64 grid; else
 * within e's tolerance (as the kernels are of the reference). When e is a
 * reference's result (g_expect_is_reference), (float)x64 and (float)y64 are
 * its x and y bit for bit: the reference rounds the exact positions once.
 */
static inline void expect_exact(const char *loc, const lk_items *it, const Call *c, lk_proposal pr,
                                const Expect *e)
{
    static const char *const ways[3] = {"x64 and y64", "x64 only, y64 NULL", "y64 only, x64 NULL"};
    size_t n = it->count, len = n + GUARD, i;
    int way;
    int rounded = c->is_flow || c->layout->kind == LK_LAYOUT_FLOW || lengths_on_64ths(c, it, pr);
    double *x64[3], *y64[3];
    char what[200];
    Out plain;
    out_alloc(&plain, n, n);
    if (!ck_st(loc, place_name(c), call_place(c, it, pr, &plain.r), LK_OK)) {
        out_free(&plain);
        return;
    }
    for (way = 0; way < 3; way++) {
        Out o;
        lk_status st;
        size_t x_from = way != 2 ? n : 0, y_from = way != 1 ? n : 0;
        x64[way] = (double *)xmalloc(len * sizeof(double));
        y64[way] = (double *)xmalloc(len * sizeof(double));
        memset(x64[way], CANARY, len * sizeof(double));
        memset(y64[way], CANARY, len * sizeof(double));
        out_alloc(&o, n, n);
        st = call_place_exact(c, it, pr, &o.r, way != 2 ? x64[way] : NULL, way != 1 ? y64[way] : NULL);
        snprintf(what, sizeof what, "%s (%s)", place_exact_name(c), ways[way]);
        if (ck_st(loc, what, st, LK_OK)) {
            g_exact_calls++;
            ck(out_same_bytes(&o, &plain), loc, "%s: the result is not the same bytes as %s's", what,
               place_name(c));
            ck(bytes_are_canary(x64[way] + x_from, (len - x_from) * sizeof(double)) &&
                   bytes_are_canary(y64[way] + y_from, (len - y_from) * sizeof(double)),
               loc, "%s: written past n doubles, or to the buffer not passed", what);
        }
        out_free(&o);
    }
    ck(n == 0 || (memcmp(x64[0], x64[1], n * sizeof(double)) == 0 &&
                  memcmp(y64[0], y64[2], n * sizeof(double)) == 0),
       loc, "%s: x64 or y64 differs when the other is NULL", place_exact_name(c));
    for (i = 0; i < n; i++) {
        double ex = x64[0][i], ey = y64[0][i];
        float gx = plain.x[i], gy = plain.y[i];
        int ok = rounded ? (float)ex == gx && (float)ey == gy
                         : same_value((float)ex, gx, e->tol > 0 ? e->tol : 0) &&
                               same_value((float)ey, gy, e->tol > 0 ? e->tol : 0);
        if (!ok) {
            ck(0, loc, "%s: item %zu of %zu: x64 %.17g (float %.9g), x %.9g; y64 %.17g (float %.9g), y %.9g (%s)",
               place_exact_name(c), i, n, ex, (double)(float)ex, (double)gx, ey, (double)(float)ey, (double)gy,
               rounded ? "lengths on the 1/64 grid: want equal" : "want within the case's tolerance");
            break;
        }
    }
    if (i == n) {
        ck(1, loc, "");
        if (rounded)
            g_exact_rounded++;
        else
            g_exact_tolerated++;
    }
    if (g_expect_is_reference && n > 0) {
        for (i = 0; i < n; i++) {
            float rx = (float)x64[0][i], ry = (float)y64[0][i];
            if (memcmp(&rx, &e->x[i], sizeof rx) != 0 || memcmp(&ry, &e->y[i], sizeof ry) != 0)
                break;
        }
        if (ck(i == n, loc, "%s: item %zu of %zu: (float)x64 %.9g, (float)y64 %.9g; the reference's x %.9g, y %.9g",
               place_exact_name(c), i, n, i < n ? (double)(float)x64[0][i] : 0.0,
               i < n ? (double)(float)y64[0][i] : 0.0, i < n ? (double)e->x[i] : 0.0, i < n ? (double)e->y[i] : 0.0))
            g_exact_reference++;
    }
    for (way = 0; way < 3; way++) {
        free(x64[way]);
        free(y64[way]);
    }
    out_free(&plain);
}

/*
 * Lays the items out four ways and checks each against e:
 *  1. every output wanted, row_capacity = n;
 *  2. row_capacity = the exact row count (canaries right after it);
 *  3. x and y only (row pointers and item sizes NULL, row_capacity 0): rows
 *     still reported;
 *  4. only row_y of the row table;
 * then that the size function reports the same size and writes only its
 * *out, that the row count function gives the rows, and the _exact variant
 * (expect_exact).
 */
static inline void expect_result(const char *loc, const lk_items *it, const Call *c,
                                 lk_proposal pr, const Expect *e)
{
    static const char *const runs[] = {"all outputs, row_capacity = n",
                                       "row_capacity = rows", "x and y only",
                                       "only row_y of the row table"};
    size_t n = it->count, rows;
    int way;
    char what[200];
    lk_status st;
    for (way = 0; way < 4; way++) {
        Out o;
        out_alloc(&o, n, way == 0 ? n : way == 2 ? 0 : e->rows);
        if (way >= 2)
            out_no_rows(&o);
        if (way == 2)
            o.r.item_width = o.r.item_height = NULL;
        if (way == 3)
            o.r.row_y = o.row_y;
        st = call_place(c, it, pr, &o.r);
        snprintf(what, sizeof what, "%s (%s)", place_name(c), runs[way]);
        if (ck_st(loc, what, st, LK_OK))
            check_outputs(loc, what, it, &o, e);
        out_free(&o);
    }
    {
        /* The size function writes its lk_size and nothing around it. */
        struct {
            float before[4];
            lk_size s;
            float after[4];
        } g;
        memset(&g, CANARY, sizeof g);
        st = call_size(c, it, pr, &g.s);
        if (ck_st(loc, c->is_flow ? "lk_flow_size" : "lk_layout_size", st, LK_OK)) {
            ck(same_f(g.s.width, e->width, e->tol) && same_f(g.s.height, e->height, e->tol),
               loc, "%s: got %.9g x %.9g, want %.9g x %.9g",
               c->is_flow ? "lk_flow_size" : "lk_layout_size", (double)g.s.width,
               (double)g.s.height, (double)e->width, (double)e->height);
            ck_true(loc, "the size function writes nothing around *out",
                    bytes_are_canary(g.before, sizeof g.before) &&
                        bytes_are_canary(g.after, sizeof g.after));
        }
    }
    memset(&rows, CANARY, sizeof rows);
    st = call_row_count(c, it, pr, &rows);
    if (ck_st(loc, c->is_flow ? "lk_flow_row_count" : "lk_layout_row_count", st, LK_OK))
        ck_z(loc, c->is_flow ? "lk_flow_row_count" : "lk_layout_row_count", rows, e->rows);
    expect_exact(loc, it, c, pr, e);
}

/* ======================================================================== */
/* Checking a failure                                                        */
/* ======================================================================== */

/* How ErrExpect's substrings must occur in the message. */
enum { MATCH_TEXT, MATCH_WORDS, MATCH_ANY_CASE };

typedef struct {
    lk_status status;
    int64_t index;        /* lk_last_error_index(): the item, or -1 */
    size_t required;      /* lk_last_error_required(): 0 unless BUFFER_TOO_SMALL */
    const char *contains; /* substrings the message must contain, or NULL */
    const char *contains2;
    int match;            /* MATCH_TEXT, MATCH_WORDS or MATCH_ANY_CASE */
} ErrExpect;

static inline ErrExpect err(lk_status st)
{
    ErrExpect e;
    e.status = st;
    e.index = -1;
    e.required = 0;
    e.contains = NULL;
    e.contains2 = NULL;
    e.match = MATCH_TEXT;
    return e;
}

/* A failure whose message names c1 and c2 (NULL: nothing), in any case. */
static inline ErrExpect err_msg(lk_status st, const char *c1, const char *c2)
{
    ErrExpect e = err(st);
    e.contains = c1;
    e.contains2 = c2;
    e.match = MATCH_ANY_CASE;
    return e;
}

/* A failure about item `index` whose message contains c1 and c2. */
static inline ErrExpect err_item(lk_status st, int64_t index, const char *c1,
                                 const char *c2)
{
    ErrExpect e = err(st);
    e.index = index;
    e.contains = c1;
    e.contains2 = c2;
    return e;
}

static inline ErrExpect err_buffer(size_t required)
{
    ErrExpect e = err(LK_ERR_BUFFER_TOO_SMALL);
    e.required = required;
    return e;
}

/* Makes the thread's last error a different one than the call under test is
 * expected to set, and copies its message, so that the checks afterwards
 * prove the failing call itself set the error state. */
static inline void prime_error(lk_status unlike, char *msg, size_t cap)
{
    lk_anchor a;
    if (unlike != LK_ERR_INVALID_PARAMETER)
        (void)lk_alignment_anchor(-7, &a); /* INVALID_PARAMETER */
    else
        (void)lk_alignment_anchor(0, NULL); /* NULL_POINTER */
    snprintf(msg, cap, "%s", lk_last_error_message());
}

static inline void ck_message(const char *loc, const char *what, const char *msg,
                              const char *needle, int match)
{
    if (needle == NULL)
        return;
    if (match == MATCH_WORDS)
        ck_has_word(loc, what, msg, needle);
    else if (match == MATCH_ANY_CASE)
        ck_has_ci(loc, what, msg, needle);
    else
        ck_has(loc, what, msg, needle);
}

/* Checks a returned status and the thread's error state after a failure. */
static inline void check_error_state(const char *loc, const char *what, lk_status got,
                                     const ErrExpect *e, const char *primed)
{
    char w[300];
    const char *msg;
    snprintf(w, sizeof w, "%s: status", what);
    ck_st(loc, w, got, e->status);
    snprintf(w, sizeof w, "%s: lk_last_error_status()", what);
    ck_st(loc, w, lk_last_error_status(), e->status);
    msg = lk_last_error_message();
    snprintf(w, sizeof w, "%s: message is non-empty", what);
    ck_true(loc, w, msg != NULL && msg[0] != '\0');
    snprintf(w, sizeof w, "%s: message \"%s\" was set by this call (differs from "
             "the previous \"%s\")", what, msg ? msg : "(NULL)", primed);
    ck_true(loc, w, msg != NULL && strcmp(msg, primed) != 0);
    snprintf(w, sizeof w, "%s: message", what);
    ck_message(loc, w, msg, e->contains, e->match);
    ck_message(loc, w, msg, e->contains2, e->match);
    snprintf(w, sizeof w, "%s: lk_last_error_index()", what);
    ck_i(loc, w, lk_last_error_index(), e->index);
    snprintf(w, sizeof w, "%s: lk_last_error_required()", what);
    ck_z(loc, w, lk_last_error_required(), e->required);
}

/* Lays out on a prepared Out, expecting failure e, and checks that no byte of
 * the Out (buffers and result struct) changed. */
static inline void expect_error_on(const char *loc, const char *what, const lk_items *it,
                                   const Call *c, lk_proposal pr, Out *o, ErrExpect e)
{
    char primed[300], w[300];
    Out snap = out_snapshot(o);
    lk_status st;
    prime_error(e.status, primed, sizeof primed);
    st = call_place(c, it, pr, &o->r);
    snprintf(w, sizeof w, "%s, %s", place_name(c), what);
    check_error_state(loc, w, st, &e, primed);
    snprintf(w, sizeof w, "%s, %s: result struct and buffers untouched", place_name(c),
             what);
    ck_true(loc, w, out_unchanged(o, &snap));
    out_free(&snap);
}

enum { ON_PLACE = 1, ON_SIZE = 2, ON_ROWS = 4, ON_ALL = 7 };

/*
 * Expects failure e from each function in `which` on the same input: the
 * layout with every output wanted (capacities n, or 4 without items), the
 * size and the row count; their outputs must be untouched.
 */
static inline void expect_error(const char *loc, const char *what, const lk_items *it,
                                const Call *c, lk_proposal pr, int which, ErrExpect e)
{
    char primed[300], w[300];
    lk_status st;
    if (which & ON_PLACE) {
        Out o;
        out_alloc(&o, it ? it->count : 4, it ? it->count : 4);
        expect_error_on(loc, what, it, c, pr, &o, e);
        out_free(&o);
    }
    if (which & ON_SIZE) {
        lk_size s, before;
        memset(&s, CANARY, sizeof s);
        before = s;
        prime_error(e.status, primed, sizeof primed);
        st = call_size(c, it, pr, &s);
        snprintf(w, sizeof w, "%s, %s", c->is_flow ? "lk_flow_size" : "lk_layout_size",
                 what);
        check_error_state(loc, w, st, &e, primed);
        snprintf(w, sizeof w, "%s: *out untouched", what);
        ck_true(loc, w, memcmp(&s, &before, sizeof s) == 0);
    }
    if (which & ON_ROWS) {
        size_t rows;
        memset(&rows, CANARY, sizeof rows);
        prime_error(e.status, primed, sizeof primed);
        st = call_row_count(c, it, pr, &rows);
        snprintf(w, sizeof w, "%s, %s",
                 c->is_flow ? "lk_flow_row_count" : "lk_layout_row_count", what);
        check_error_state(loc, w, st, &e, primed);
        snprintf(w, sizeof w, "%s: *out untouched", what);
        ck_true(loc, w, bytes_are_canary(&rows, sizeof rows));
    }
}

/* ======================================================================== */
/* The program around the tests                                              */
/* ======================================================================== */

/*
 * `PROGRAM --print-kernel` prints lk_active_kernel() for run.sh and exits;
 * any other argument is a usage error. Returns -1 when the tests should run
 * (and sets them up: line-buffered output, the crash handler), else the exit
 * status.
 */
static inline int start_tests(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--print-kernel") == 0) {
        const char *k = lk_active_kernel();
        printf("%s\n", k ? k : "(NULL)");
        return k ? 0 : 1;
    }
    if (argc > 1) {
        fprintf(stderr, "usage: %s [--print-kernel]\n", argv[0]);
        return 2;
    }
    setvbuf(stdout, NULL, _IOLBF, 0);
    install_crash_handler();
    return -1;
}

/* Prints the closing line; the exit status. */
static inline int finish_tests(void)
{
    pthread_mutex_lock(&g_lock);
    flush_hidden_failures();
    pthread_mutex_unlock(&g_lock);
    printf("%d passed, %d failed\n", g_passed, g_failed);
    return g_failed ? 1 : 0;
}

#endif
